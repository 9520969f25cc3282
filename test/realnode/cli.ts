/**
 * Starts the real local network and keeps it up until SIGTERM or Ctrl-C, for tests that run in
 * another process (the extension host) and for trying the extension by hand:
 *
 *   npm run compile-tests && node out/test/realnode/cli.js [--out network.json] [--keep]
 *
 * Once ready it writes the network's URLs, ids and activity (RealNetworkInfo) as JSON to --out
 * (default test-results/realnode.json) and prints `REALNODE READY <file>` on stdout.
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
    writeFileSync(out, `${JSON.stringify(network.info, null, 2)}\n`);
    console.log(`REALNODE READY ${out}`);
    const stop = (signal: string): void => {
        if (stopping) return;
        stopping = true;
        console.log(`[realnode] ${signal}: stopping the node`);
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
