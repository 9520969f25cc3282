/**
 * Records what a real AvalancheGo answers to the requests of fixtureCases.ts into
 * test/fixtures/realnode/<group>.json. Re-record after changing the pinned version or the cases:
 *
 *   npm run compile-tests && node out/test/realnode/record.js [--only <group>] [--network <json>]
 *
 * It starts the same local network as the node tier (scripts/avalanchego.mjs provides the node),
 * or uses one already running (`--network`: the JSON `cli.ts` writes). `--only` records one group.
 * The `health` group also records the node's metrics page into `metrics.prom` (the sandbox's
 * `/ext/metrics` is held to its families, and the benchmark parses it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ewoqAddress, repoRoot } from './activity';
import { fill, fixtureGroups, placeholderValues, send, type Fixture } from './fixtureCases';
import { startRealNetwork, type RealNetworkInfo } from './network';
import { killAllNodesNow, stopAllNodes } from './node';

async function main(): Promise<void> {
    process.on('exit', killAllNodesNow);
    process.once('SIGINT', () => void stopAllNodes().finally(() => process.exit(130)));
    const args = process.argv.slice(2);
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
    const networkFile = args.includes('--network')
        ? args[args.indexOf('--network') + 1]
        : undefined;
    const network = networkFile
        ? {
              info: JSON.parse(readFileSync(networkFile, 'utf8')) as RealNetworkInfo,
              stop: () => Promise.resolve(),
          }
        : await startRealNetwork();
    try {
        const info = network.info;
        const values = placeholderValues(info, ewoqAddress);
        const dir = path.join(repoRoot(), 'test/fixtures/realnode');
        mkdirSync(dir, { recursive: true });
        for (const [group, cases] of Object.entries(fixtureGroups)) {
            if (only !== undefined && group !== only) continue;
            const fixtures: Fixture[] = [];
            for (const c of cases) {
                const response = await send(
                    info.uri,
                    fill(c.path, values),
                    fill(c.body, values),
                    c.method,
                );
                fixtures.push({ ...c, response });
            }
            if (group === 'health') {
                const page = await fetch(`${info.uri}/ext/metrics`);
                const text = await page.text();
                writeFileSync(path.join(dir, 'metrics.prom'), text);
                console.log(`metrics.prom: ${text.length} characters`);
            }
            const file = path.join(dir, `${group}.json`);
            const recorded = {
                recordedFrom: `avalanchego ${info.version} with Subnet-EVM ${info.version}, one node as a local network (test/realnode)`,
                values,
                fixtures,
            };
            writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
            console.log(`${file}: ${fixtures.length} request/response pairs`);
        }
    } finally {
        await network.stop();
    }
}

main().catch(async (error: unknown) => {
    console.error(error);
    await stopAllNodes();
    process.exit(1);
});
