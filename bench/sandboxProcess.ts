/**
 * Runs the sandbox network in a process of its own for the benchmarks (see harness.ts): the
 * client under test then owns its process, so that its CPU time can be read alone and its heap
 * never pays for the server's garbage. The options arrive as JSON in argv[2]; the URLs and known
 * ids go back over the IPC channel. The process ends when its parent disconnects.
 */
import { startSandbox } from '../test/sandbox';
import type { SandboxOptions } from '../test/sandbox/types';

void (async () => {
    const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
    const sandbox = await startSandbox(options);
    process.send?.({
        urls: {
            dataApiUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            nodeUrl: sandbox.nodeUrl,
            localNodeUrl: sandbox.localNodeUrl,
        },
        known: sandbox.known,
    });
    process.on('disconnect', () => {
        void sandbox.close().finally(() => process.exit(0));
    });
})();
