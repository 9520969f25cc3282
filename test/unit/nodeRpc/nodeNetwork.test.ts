import * as assert from 'node:assert/strict';

import {
    NodeNetwork,
    NodeRpcClient,
    pChainId,
    primaryBlockOf,
    splitRpcUrl,
    type RpcTarget,
} from '../../../src/core';
import { startSandbox } from '../../sandbox';
import type { KnownIds, Sandbox } from '../../sandbox/types';

describe('(unit) a network read through its node (the sandbox node)', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let node: NodeRpcClient;
    const clients = new Map<string, NodeRpcClient>();

    const rpcFor = (url: string): RpcTarget | undefined => {
        const split = splitRpcUrl(url);
        if (!split) return undefined;
        let client = clients.get(split.base);
        if (!client) {
            client = new NodeRpcClient({ url: split.base, retry: { maxRetries: 0 } });
            clients.set(split.base, client);
        }
        return { client, path: split.path };
    };
    const network = (
        hints = [] as { blockchainId?: string; name: string; tokenSymbol?: string }[],
    ) => new NodeNetwork(node, sandbox.nodeUrl.replace(/\/+$/, ''), rpcFor, hints);

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });
    after(async () => {
        await node.close();
        await Promise.all([...clients.values()].map((c) => c.close()));
        await sandbox.close();
    });

    it('lists the EVM chains the node serves, the C-Chain first, named from the hints', async () => {
        const chains = await network([
            { blockchainId: known.l1BlockchainId, name: 'myl1', tokenSymbol: 'MYL' },
        ]).chains();
        assert.equal(chains[0]?.subnetId, pChainId);
        assert.equal(chains[0]?.networkToken.symbol, 'AVAX');
        const l1 = chains.find((c) => c.platformChainId === known.l1BlockchainId);
        assert.ok(l1, 'the L1 chain');
        assert.equal(l1.chainName, 'myl1');
        assert.equal(l1.networkToken.symbol, 'MYL');
        assert.equal(l1.chainId, known.l1EvmChainId);
        assert.ok(l1.rpcUrl.endsWith(`/ext/bc/${known.l1BlockchainId}/rpc`));
        assert.ok(!chains.some((c) => c.chainName === 'X-Chain'), 'not the X-Chain');
    });

    it('lists subnets with their chains, the L1 with its validator manager', async () => {
        const subnets = await network().subnets();
        assert.ok(!subnets.some((s) => s.subnetId === pChainId), 'not the primary network');
        const l1 = subnets.find((s) => s.subnetId === known.l1SubnetId);
        assert.ok(l1, 'the L1 subnet');
        assert.equal(l1.isL1, true);
        assert.ok(l1.blockchains.some((b) => b.blockchainId === known.l1BlockchainId));
        const plain = subnets.find((s) => s.subnetId === known.subnetId);
        assert.equal(plain?.isL1, false);
    });

    it('lists an L1’s validators from platform.getCurrentValidators', async () => {
        const validators = await network().l1Validators(known.l1SubnetId);
        const v = validators.find((x) => x.validationId === known.l1ValidationId);
        assert.ok(v, 'the known L1 validator');
        assert.equal(v.subnetId, known.l1SubnetId);
        assert.match(v.validationIdHex, /^0x[0-9a-f]{64}$/);
    });

    it('pages P- and X-Chain blocks newest first, down to the genesis', async () => {
        const first = await network().blocks('p-chain', undefined, 3);
        const heights = first.blocks.map((b) => Number(b.blockNumber));
        assert.deepEqual(
            heights,
            [...heights].sort((a, b) => b - a),
        );
        assert.equal(first.next, String(heights.at(-1)! - 1));
        const last = await network().blocks('p-chain', '1', 5);
        assert.deepEqual(
            last.blocks.map((b) => b.blockNumber),
            ['1', '0'],
        );
        assert.equal(last.next, undefined);
        const x = await network().blocks('x-chain', undefined, 2);
        assert.ok(x.blocks.length > 0);
    });

    it('a P-Chain block keeps its transaction ids and names their types', () => {
        const block = primaryBlockOf({
            blockId: 'b',
            parentId: 'p',
            height: '7',
            time: '1700000000',
            txs: [
                { txId: 't1', typeName: 'CreateChainTx', validators: [], outputs: [], body: {} },
                { typeName: 'unknown', validators: [], outputs: [], body: {} },
            ],
        });
        assert.deepEqual(block.transactions, ['t1']);
        assert.equal(block.txCount, 2);
        assert.equal(block.blockTimestamp, 1700000000);
        assert.equal(block.blockType, 'CreateChainTx, unknown');
    });

    it('reads an EVM block’s transactions with their receipts', async () => {
        const chains = await network().chains();
        const c = chains.find((x) => x.subnetId === pChainId)!;
        const txs = await network().evmBlockTransactions(c, Number(known.evmBlockNumber));
        assert.ok(txs.length > 0, 'transactions in the known block');
        for (const tx of txs) {
            assert.equal(tx.blockNumber, known.evmBlockNumber);
            assert.match(tx.txHash, /^0x[0-9a-f]{64}$/);
            assert.ok(tx.txStatus === '1' || tx.txStatus === '0' || tx.txStatus === '');
        }
    });

    it('a failing P-Chain API fails the listing with the node’s error', async () => {
        const remove = sandbox.addFault({
            fault: { kind: 'status', status: 503 },
            target: '/ext/bc/P',
        });
        try {
            await assert.rejects(network().subnets(), /503|unavailable/i);
        } finally {
            remove();
        }
    });
});
