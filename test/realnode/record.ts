/**
 * Records what a real AvalancheGo answers to the requests of fixtureCases.ts into
 * `<out>/<group>.json` (test/fixtures/realnode/ by default). Re-record after changing the pinned
 * version or the cases:
 *
 *   npm run compile-tests && node out/test/realnode/record.js [--out <dir>]
 *
 * It starts the same local network as the node tier (scripts/avalanchego.mjs provides the node, or
 * REALNODE_TOOLS names another build). With a Helicon build (scripts/avalanchego-source.mjs, which
 * names a `heliconHelper`) the network runs with Helicon active and the Helicon cases
 * (`heliconGroups`) are recorded too; such a recording goes to a directory of its own
 * (test/fixtures/realnode-v1.15/), never over the pinned version's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
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
import { provideTools, startRealNetwork } from './network';
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
    const dir = outDir();
    const tools = provideTools();
    if (tools.heliconHelper && path.basename(dir) === 'realnode') {
        throw new Error(`a Helicon build records into a directory of its own, not ${dir}`);
    }
    const network = await startRealNetwork({ tools });
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
            const fixtures: Fixture[] = [];
            for (const c of cases) {
                const response = await send(info.uri, fill(c.path, values), fill(c.body, values));
                fixtures.push({ ...c, response });
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
