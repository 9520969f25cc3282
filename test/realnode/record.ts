/**
 * Records what a real AvalancheGo answers to the requests of fixtureCases.ts into
 * test/fixtures/realnode/<group>.json. Re-record after changing the pinned version or the cases:
 *
 *   npm run compile-tests && node out/test/realnode/record.js
 *
 * It starts the same local network as the node tier (scripts/avalanchego.mjs provides the node).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ewoqAddress, repoRoot } from './activity';
import { fill, fixtureGroups, placeholderValues, send, type Fixture } from './fixtureCases';
import { startRealNetwork } from './network';
import { killAllNodesNow, stopAllNodes } from './node';

async function main(): Promise<void> {
    process.on('exit', killAllNodesNow);
    process.once('SIGINT', () => void stopAllNodes().finally(() => process.exit(130)));
    const network = await startRealNetwork();
    try {
        const info = network.info;
        const values = placeholderValues(info, ewoqAddress);
        const dir = path.join(repoRoot(), 'test/fixtures/realnode');
        mkdirSync(dir, { recursive: true });
        for (const [group, cases] of Object.entries(fixtureGroups)) {
            const fixtures: Fixture[] = [];
            for (const c of cases) {
                const response = await send(info.uri, fill(c.path, values), fill(c.body, values));
                fixtures.push({ ...c, response });
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
