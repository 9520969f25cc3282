import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { answerDifferences } from '../realnode/answerShape';
import { fill, send, type Fixture, type Placeholder } from '../realnode/fixtureCases';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox/types';

/**
 * The sandbox node against what a real AvalancheGo answered (test/fixtures/realnode, recorded by
 * test/realnode/record.ts): the same requests, answered alike (test/realnode/answerShape.ts says
 * what alike means; values differ, the sandbox has its own data). The node tier checks the same
 * recordings against the running node (test/node/fixtures.test.ts).
 */

const fixtureDir = path.join(__dirname, '../../../test/fixtures/realnode');

interface Recorded {
    fixtures: Fixture[];
}

describe('(unit) the sandbox node answers like a real AvalancheGo (recorded fixtures)', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let values: Record<Placeholder, string>;
    const files = readdirSync(fixtureDir).filter((name) => name.endsWith('.json'));

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
        assert.deepEqual(files.sort(), [
            'admin.json',
            'cchain.json',
            'health.json',
            'info.json',
            'l1.json',
            'primary.json',
        ]);
    });

    for (const file of files) {
        const recorded = JSON.parse(readFileSync(path.join(fixtureDir, file), 'utf8')) as Recorded;
        for (const fixture of recorded.fixtures.filter((f) => f.sandbox !== false)) {
            it(`${file.replace(/\.json$/, '')}: ${fixture.name}`, async () => {
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
                    }),
                    [],
                );
            });
        }
    }
});
