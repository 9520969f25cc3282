/**
 * Starts the real local network and keeps it up until SIGTERM or Ctrl-C, for tests that run in
 * another process (the extension host) and for trying the extension by hand:
 *
 *   npm run compile-tests && node out/test/realnode/cli.js [--out network.json] [--keep]
 *
 * Once ready it writes the network's URLs, ids and activity (RealNetworkInfo) as JSON to --out
 * (default test-results/realnode.json) and prints `REALNODE READY <file>` on stdout.
 *
 * For the faults only a real process gives, a test in another process signals this one: SIGUSR1
 * kills the node (as a crash would), SIGUSR2 starts it again on the same port and data dir. Each
 * is acknowledged by a line `REALNODE DOWN` / `REALNODE UP` and by the file `<out>.state`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from './activity';
import { startRealNetwork } from './network';
import { killAllNodesNow, stopAllNodes } from './node';

async function main(): Promise<void> {
    const args = process.argv.slice(2);
    const outAt = args.indexOf('--out');
    const out = path.resolve(
        outAt >= 0 && args[outAt + 1]
            ? args[outAt + 1]!
            : path.join(repoRoot(), 'test-results/realnode.json'),
    );
    const keep = args.includes('--keep');
    process.on('exit', killAllNodesNow);
    let stopping = false;
    const network = await startRealNetwork();
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ ...network.info, cliPid: process.pid }, null, 2)}\n`);
    const state = (text: string): void => {
        writeFileSync(`${out}.state`, `${text}\n`);
        console.log(`REALNODE ${text}`);
    };
    // One at a time: a start that overlaps a kill would leave the state file wrong.
    let switching = Promise.resolve();
    const switchTo = (up: boolean): void => {
        switching = switching.then(async () => {
            try {
                if (up) await network.node.start();
                else await network.node.kill();
                state(up ? 'UP' : 'DOWN');
            } catch (error) {
                state(`FAILED ${error instanceof Error ? error.message : String(error)}`);
            }
        });
    };
    // Signal handlers do not keep Node running: without this the CLI would exit as soon as the
    // node it killed was gone, and nobody would be left to start it again.
    const keepAlive = setInterval(() => undefined, 60_000);
    process.on('SIGUSR1', () => switchTo(false));
    process.on('SIGUSR2', () => switchTo(true));
    state('UP');
    console.log(`REALNODE READY ${out}`);
    const stop = (signal: string): void => {
        if (stopping) return;
        stopping = true;
        console.log(`[realnode] ${signal}: stopping the node`);
        clearInterval(keepAlive);
        void network.stop(keep).then(() => process.exit(0));
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
}

main().catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAllNodes();
    process.exit(1);
});
