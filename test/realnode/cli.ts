/**
 * Starts the real local network and keeps it up until SIGTERM or Ctrl-C, for tests that run in
 * another process (the extension host) and for trying the extension by hand:
 *
 *   npm run compile-tests && node out/test/realnode/cli.js [--out network.json] [--keep]
 *       [--discovery-home <dir>] [--workspace <dir>]
 *
 * Once ready it writes the network's URLs, ids and activity (RealNetworkInfo) as JSON to --out
 * (default test-results/realnode.json) and prints `REALNODE READY <file>` on stdout.
 *
 * For the faults only a real process gives, a test in another process signals this one: SIGUSR1
 * kills the node (as a crash would), SIGUSR2 starts it again on the same port and data dir, and
 * SIGHUP stops it cleanly and starts it on a new port (as a local network restarted by its tool),
 * and the next SIGHUP back on the first one.
 * Each is acknowledged by a line `REALNODE DOWN` / `REALNODE UP` / `REALNODE MOVED <uri>` and by
 * the file `<out>.state`.
 *
 * With `--discovery-home <dir>` it also writes, under that throwaway home, the files avalanche-cli
 * leaves for a local network (`.avalanche-cli/localNetworks.json`, the tmpnet-shaped network
 * directory it names, a `sidecar.json` for the L1), and from then on the node itself writes its
 * process.json into that network directory, as it does under avalanche-cli: a restart on a new
 * port is then seen in the files, not told by the harness.
 *
 * With `--workspace <dir>` it writes there the Foundry and Hardhat projects of
 * test/fixtures/contracts-workspace with the deployment records (Foundry broadcast, Ignition
 * deployment, hardhat-deploy deployments) of what the activity deployed on the C-Chain and the L1
 * (workspaceRecords.ts), and names the directory as `workspaceDir` in the JSON.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { writeLocalNetworkFiles } from '../helpers/localNetworkFiles';
import { repoRoot } from './activity';
import { startRealNetwork } from './network';
import { freePort, killAllNodesNow, stopAllNodes } from './node';
import { writeWorkspaceRecords } from './workspaceRecords';

async function main(): Promise<void> {
    const args = process.argv.slice(2);
    const outAt = args.indexOf('--out');
    const out = path.resolve(
        outAt >= 0 && args[outAt + 1]
            ? args[outAt + 1]!
            : path.join(repoRoot(), 'test-results/realnode.json'),
    );
    const keep = args.includes('--keep');
    const homeAt = args.indexOf('--discovery-home');
    const home = homeAt >= 0 && args[homeAt + 1] ? path.resolve(args[homeAt + 1]!) : undefined;
    const workspaceAt = args.indexOf('--workspace');
    const workspace =
        workspaceAt >= 0 && args[workspaceAt + 1]
            ? path.resolve(args[workspaceAt + 1]!)
            : undefined;
    process.on('exit', killAllNodesNow);
    let stopping = false;
    const network = await startRealNetwork();
    let discovery: { home: string; networkDir: string } | undefined;
    if (home) {
        const info = network.info;
        const files = writeLocalNetworkFiles(home, {
            shapes: ['avalanche-cli'],
            networkId: Number(info.networkId),
            nodes: [{ uri: info.uri, nodeId: info.nodeId, pid: network.node.pid ?? 0 }],
            l1s: [
                {
                    name: 'explorertest',
                    subnetId: info.l1.subnetId,
                    blockchainId: info.l1.blockchainId,
                    evmChainId: info.l1.activity.evmChainId,
                    vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
                    tokenSymbol: 'EXT',
                },
            ],
        });
        network.node.setProcessContextFile(files.processFiles[0]!);
        discovery = { home, networkDir: files.cliNetworkDir! };
    }
    if (workspace) {
        const records = await writeWorkspaceRecords(workspace, network.info);
        console.log(`[realnode] workspace ${workspace}: ${records.files.length} record files`);
    }
    mkdirSync(path.dirname(out), { recursive: true });
    const written = {
        ...network.info,
        cliPid: process.pid,
        ...(discovery ? { discovery } : {}),
        ...(workspace ? { workspaceDir: workspace } : {}),
    };
    // The ICM activity's block numbers and gas limits are bigints, which JSON has no form for:
    // the host part reads them as decimal strings.
    const json = JSON.stringify(
        written,
        (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
        2,
    );
    writeFileSync(out, `${json}\n`);
    const state = (text: string): void => {
        writeFileSync(`${out}.state`, `${text}\n`);
        console.log(`REALNODE ${text}`);
    };
    // SIGHUP alternates between a new port and the first one, so that a test that moved the node
    // can put it back for the tests that hold its first URL.
    const originalPort = Number(new URL(network.node.uri).port);
    let moved = false;
    // One at a time: a start that overlaps a kill would leave the state file wrong.
    let switching = Promise.resolve();
    const switchTo = (to: 'up' | 'down' | 'moved'): void => {
        switching = switching.then(async () => {
            try {
                if (to === 'up') await network.node.start();
                else if (to === 'down') await network.node.kill();
                else await network.node.moveTo(moved ? originalPort : await freePort());
                if (to === 'moved') moved = !moved;
                state(to === 'moved' ? `MOVED ${network.node.uri}` : to.toUpperCase());
            } catch (error) {
                state(`FAILED ${error instanceof Error ? error.message : String(error)}`);
            }
        });
    };
    // Signal handlers do not keep Node running: without this the CLI would exit as soon as the
    // node it killed was gone, and nobody would be left to start it again.
    const keepAlive = setInterval(() => undefined, 60_000);
    process.on('SIGUSR1', () => switchTo('down'));
    process.on('SIGUSR2', () => switchTo('up'));
    process.on('SIGHUP', () => switchTo('moved'));
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
