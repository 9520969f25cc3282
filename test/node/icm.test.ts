/**
 * The ICM tracker against a real AvalancheGo (the node tier's C-Chain and Subnet-EVM L1), for
 * what is real without Teleporter: the harness deploys no TeleporterMessenger and runs no relayer
 * (see the README's ICM section), so these check the tracker's reads of real chains: a real
 * transaction that sent no message, an id searched for in bounded windows of real logs, and the
 * L1 named by its blockchain id through the node's own `platform.getBlockchains`.
 */
import * as assert from 'node:assert/strict';

import {
    blockchainIdHex,
    followIcmMessage,
    icmHost,
    NodeRpcClient,
    splitRpcUrl,
} from '../../src/core';
import type { RealNetworkInfo } from '../realnode/network';
import { realNetwork } from './setup';

describe('(node) ICM messages on a real network without Teleporter', function () {
    this.timeout(60_000);
    let info: RealNetworkInfo;
    const clients: NodeRpcClient[] = [];
    const host = () => {
        const node = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
        clients.push(node);
        return icmHost({
            network: 'local',
            chains: () => Promise.resolve([]),
            nodeRpc: () => node,
            nodeUrl: info.uri,
            rpcFor: (url) => {
                const split = splitRpcUrl(url)!;
                const client = new NodeRpcClient({ url: split.base, retry: { maxRetries: 0 } });
                clients.push(client);
                return { client, path: split.path };
            },
        });
    };

    before(() => {
        info = realNetwork().info;
    });
    after(async () => {
        await Promise.all(clients.map((c) => c.close()));
    });

    it('a real transfer sent no message; the chain is named by the node’s blockchains', async () => {
        const transfer = info.cChain.activity.transfers[0]!;
        const timeline = await followIcmMessage(
            { chain: info.cChain.blockchainId, txHash: transfer.hash },
            await host(),
        );
        assert.equal(timeline.state, 'notFound');
        assert.match(timeline.stuck[0]!, /sent no ICM message/);
        assert.equal(timeline.source.name, 'C-Chain');
        assert.equal(timeline.roundTrips['C-Chain'], 1);
    });

    it('an id no messenger emitted is searched for in bounded windows of the L1’s real logs', async () => {
        const id = `0x${'ab'.repeat(32)}`;
        const timeline = await followIcmMessage(
            { chain: blockchainIdHex(info.l1.blockchainId)!, messageId: id },
            await host(),
            { windowBlocks: 16, maxWindows: 4 },
        );
        assert.equal(timeline.state, 'notFound');
        assert.ok(timeline.searched.source, JSON.stringify(timeline));
        const { from, to } = timeline.searched.source;
        assert.ok(to >= Number(info.l1.activity.latestBlock), `${from}–${to}`);
        assert.equal(to - from + 1, Math.min(64, to + 1));
        assert.deepEqual(timeline.warnings, []);
    });
});
