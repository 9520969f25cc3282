/**
 * Root hooks of the `node` tier: one real local network for every suite (started before the
 * first test, stopped after the last), its logs kept under test-results/realnode-logs when a test
 * failed, and the node stopped on Ctrl-C and on any exit path of mocha.
 */
import { keepLogs, startRealNetwork, type RealNetwork } from '../realnode/network';
import { killAllNodesNow, stopAllNodes } from '../realnode/node';

let network: RealNetwork | undefined;
let failures = 0;

/** The network the root hook started. */
export function realNetwork(): RealNetwork {
    if (!network) throw new Error('the real network is not running (root hook failed)');
    return network;
}

process.on('exit', killAllNodesNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
        console.log(`\n[realnode] ${signal}: stopping the node`);
        void stopAllNodes().finally(() => process.exit(130));
    });
}

before(async function () {
    this.timeout(600_000);
    network = await startRealNetwork();
});

afterEach(function () {
    if (this.currentTest?.state === 'failed') failures++;
});

after(async function () {
    this.timeout(60_000);
    if (!network) return;
    const keep = failures > 0;
    if (keep) {
        await network.node.stop();
        console.log(
            `[realnode] ${failures} failed: node logs kept in ${keepLogs(network.info.dataDir, 'failed')}`,
        );
    }
    await network.stop(keep);
});
