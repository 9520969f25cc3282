/**
 * Records what a real AvalancheGo answers to the requests of fixtureCases.ts into
 * `<out>/<group>.json` (test/fixtures/realnode/ by default). Re-record after changing the pinned
 * version or the cases:
 *
 *   npm run compile-tests && node out/test/realnode/record.js [--out <dir>] [--only <group>]
 *       [--network <json>]
 *
 * It starts the same local network as the node tier (scripts/avalanchego.mjs provides the node, or
 * REALNODE_TOOLS names another build), or uses one already running (`--network`: the JSON
 * `cli.ts` writes). `--only` records one group. The `health` group also records the node's
 * metrics page into `metrics.prom` (the sandbox's `/ext/metrics` is held to its families, and the
 * benchmark parses it). With a Helicon build (scripts/avalanchego-source.mjs, which
 * names a `heliconHelper`) the network runs with Helicon active and the Helicon cases
 * (`heliconGroups`) are recorded too; such a recording goes to a directory of its own
 * (test/fixtures/realnode-v1.15/), never over the pinned version's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ewoqAddress, repoRoot } from './activity';
import {
    fill,
    fixtureGroups,
    heliconGroups,
    placeholderValues,
    send,
    type Fixture,
} from './fixtureCases';
import { heliconNetworkId } from './helicon';
import { provideTools, startRealNetwork, type RealNetworkInfo } from './network';
import { killAllNodesNow, stopAllNodes } from './node';

function outDir(): string {
    const i = process.argv.indexOf('--out');
    const dir = i > 0 ? process.argv[i + 1] : undefined;
    if (i > 0 && !dir) throw new Error('--out needs a directory');
    return path.resolve(repoRoot(), dir ?? 'test/fixtures/realnode');
}

async function main(): Promise<void> {
    process.on('exit', killAllNodesNow);
    process.once('SIGINT', () => void stopAllNodes().finally(() => process.exit(130)));
    const args = process.argv.slice(2);
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
    const networkFile = args.includes('--network')
        ? args[args.indexOf('--network') + 1]
        : undefined;
    const dir = outDir();
    const tools = provideTools();
    if (tools.heliconHelper && path.basename(dir) === 'realnode') {
        throw new Error(`a Helicon build records into a directory of its own, not ${dir}`);
    }
    const network = networkFile
        ? {
              info: JSON.parse(readFileSync(networkFile, 'utf8')) as RealNetworkInfo,
              stop: () => Promise.resolve(),
          }
        : await startRealNetwork({ tools });
    try {
        const info = network.info;
        const values = placeholderValues(info, ewoqAddress);
        const built = tools.commit ? ` built from source at ${tools.commit}` : '';
        const upgrades = info.helicon
            ? `, Helicon active from genesis (network id ${heliconNetworkId}, test/realnode/helicon.ts)`
            : '';
        mkdirSync(dir, { recursive: true });
        const groups = { ...fixtureGroups, ...(info.helicon ? heliconGroups : {}) };
        for (const [group, cases] of Object.entries(groups)) {
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
                recordedFrom: `avalanchego ${info.version}${built} with Subnet-EVM ${info.version}, one node as a local network (test/realnode)${upgrades}`,
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
