import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { answerDifferences, heliconAdditions } from '../../realnode/answerShape';
import { fill, send, type Fixture, type PlaceholderValues } from '../../realnode/fixtureCases';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox/types';
import { repoRoot } from '../../helpers/paths';

/**
 * The sandbox node against what a real AvalancheGo answered, recorded by test/realnode/record.ts:
 * the pinned v1.14.2 (test/fixtures/realnode) and v1.15 with Helicon active, built from source
 * (test/fixtures/realnode-v1.15). The same requests, answered alike (test/realnode/answerShape.ts
 * says what alike means; values differ, the sandbox has its own data). The sandbox models the
 * network before Helicon, so against the v1.15 recordings it may lack exactly the keys Helicon
 * added (`heliconAdditions`), and it skips the Helicon cases marked `sandbox: false`. The node
 * tier checks the v1.14.2 recordings against the running node (test/node/fixtures.test.ts).
 */

const fixturesRoot = path.join(repoRoot, 'test/fixtures');

interface Recorded {
    fixtures: Fixture[];
}

const sets = [
    {
        dir: 'realnode',
        files: ['admin.json', 'cchain.json', 'health.json', 'info.json', 'l1.json', 'primary.json'],
        mayLack: [] as readonly string[],
    },
    {
        dir: 'realnode-v1.15',
        files: [
            'admin.json',
            'cchain-helicon.json',
            'cchain.json',
            'info.json',
            'l1.json',
            'primary-helicon.json',
            'primary.json',
        ],
        mayLack: heliconAdditions,
    },
];

describe('(unit) the sandbox node answers like a real AvalancheGo (recorded fixtures)', function () {
    this.timeout(30_000);

    for (const set of sets) {
        // A sandbox of its own per set: some cases change the node (an alias, the profiler).
        describe(set.dir, () => {
            let sandbox: Sandbox;
            let values: PlaceholderValues;
            const dir = path.join(fixturesRoot, set.dir);
            const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

            before(async () => {
                sandbox = await startSandbox();
                const known = sandbox.known.mainnet;
                values = {
                    l1: known.l1BlockchainId,
                    cChain: known.cChainBlockchainId,
                    nodeId: known.nodeId,
                    cAddress: known.evmAddress,
                    cContract: known.erc20Contract,
                    cTx: known.evmTxHash,
                    cBlock: `0x${BigInt(known.evmBlockNumber).toString(16)}`,
                    subnet: known.l1SubnetId,
                    pTx: known.pChainTxHash,
                    validationId: known.l1ValidationId,
                    pAddress: known.pChainAddress,
                    xAddress: known.xChainAddress,
                    avaxAsset: known.avaxAssetId,
                    pSubnetHeight: String(known.l1SubnetCreateHeight),
                    pChainHeight: String(known.l1ChainCreateHeight),
                    pConvertHeight: String(known.l1ConversionHeight),
                };
            });
            after(() => sandbox.close());

            it('has recorded fixtures for every group', () => {
                assert.deepEqual(files.sort(), set.files);
            });

            for (const file of files) {
                const group = file.replace(/\.json$/, '');
                const recorded = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Recorded;
                for (const fixture of recorded.fixtures) {
                    if (fixture.sandbox === false) {
                        it(`${group}: ${fixture.name} says why the sandbox skips it`, () => {
                            assert.match(fixture.sandboxWhy ?? '', /\S{3}/);
                        });
                        continue;
                    }
                    it(`${group}: ${fixture.name}`, async () => {
                        const got = await send(
                            sandbox.nodeUrl,
                            fill(fixture.path, values),
                            fill(fixture.body, values),
                            fixture.method,
                        );
                        assert.deepEqual(
                            answerDifferences(fixture, fixture.response, got, {
                                name: 'the sandbox',
                                otherMayAdd: fixture.sandboxMayAdd ?? false,
                                otherMayLack: set.mayLack,
                            }),
                            [],
                        );
                    });
                }
            }
        });
    }
});
