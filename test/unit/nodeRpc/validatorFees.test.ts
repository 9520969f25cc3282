/**
 * The L1 validator fee reader (src/platform/validatorFees.ts) against the sandbox node over real
 * HTTP: which node answers a network's P-Chain, and how one reading is shared between callers.
 */
import * as assert from 'node:assert/strict';

import { NodeRpcClient } from '../../../src/core';
import type { ClientProvider } from '../../../src/platform/clients';
import { ValidatorFeeReader } from '../../../src/platform/validatorFees';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox/types';

describe('(unit) validator fee reader', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let selected: NodeRpcClient;
    /** The client the reader gets for a built-in public node: the same sandbox, counted apart. */
    let publicNode: NodeRpcClient;
    let publicAsked: string[];

    before(async () => {
        // The selected node is on mainnet, so a Fuji read is the public node's.
        sandbox = await startSandbox({ nodeNetwork: 'mainnet' });
    });
    after(() => sandbox.close());

    beforeEach(() => {
        selected = new NodeRpcClient({ url: sandbox.nodeUrl });
        publicNode = new NodeRpcClient({ url: sandbox.nodeUrl });
        publicAsked = [];
    });
    afterEach(async () => {
        await selected.close();
        await publicNode.close();
    });

    const reader = (): ValidatorFeeReader =>
        new ValidatorFeeReader({
            nodeUrl: sandbox.nodeUrl,
            nodeRpc: () => selected,
            rpcFor: (url: string) => {
                publicAsked.push(url);
                return { client: publicNode, path: '/ext/P' };
            },
        } as unknown as ClientProvider);

    it('reads the selected node on its own network, and a public node on another', async () => {
        const fees = reader();
        const mainnet = await fees.read('mainnet');
        assert.ok(BigInt(mainnet.state.price) > 0n, 'a fee price');
        assert.deepEqual(publicAsked, []);
        await fees.read('fuji');
        assert.deepEqual(publicAsked, ['https://api.avax-test.network/ext/P']);
    });

    it('a read limited to the selected node fails alone: a caller allowing the public node at the same time gets its answer', async () => {
        const fees = reader();
        const limited = fees.read('fuji', undefined, undefined, false);
        const open = fees.read('fuji');
        await assert.rejects(limited, /not on fuji/);
        const answer = await open;
        assert.ok(BigInt(answer.state.price) > 0n);
    });

    it('one reading serves every caller of a network, and a failure is not kept', async () => {
        const fees = reader();
        let spent = 0;
        const spend = (n: number): void => {
            spent += n;
        };
        await fees.read('mainnet', undefined, spend);
        const afterFirst = spent;
        assert.ok(afterFirst >= 2, `the first read spends its requests (${afterFirst})`);
        await fees.read('mainnet', undefined, spend);
        assert.equal(spent, afterFirst, 'the second read is the first one');
        await assert.rejects(fees.read('fuji', undefined, undefined, false), /not on fuji/);
        await assert.rejects(fees.read('fuji', undefined, undefined, false), /not on fuji/);
    });
});
