/**
 * On Mainnet and Fuji the Data API's ICM index (`getIcmMessage`) is asked first, and the chains'
 * RPC fill in and check what it says: against the sandbox's Data API and node over HTTP, a
 * delivered message's whole timeline costs fewer RPC round trips with the index than without it
 * (counted by the tracker and by the sandbox's request log); on `local` the index is never asked;
 * an index that names a delivery the chain does not show (here: held in the node's mempool)
 * decides nothing, the search of the destination's logs does.
 */
import * as assert from 'node:assert/strict';

import { request } from 'undici';

import {
    DataApiClient,
    followIcmMessage,
    icmHost,
    type IcmHostParts,
    type IcmTimeline,
    NodeRpcClient,
    splitRpcUrl,
} from '../../../src/core';
import { startSandbox } from '../../sandbox';
import { countRoundTrips } from '../../sandbox/roundTrips';
import type { KnownIds, Sandbox } from '../../sandbox/types';

describe('(unit) ICM: the Data API’s index first, the chains’ RPC to fill in', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let node: NodeRpcClient;
    let api: DataApiClient;
    const rpc = new Map<string, NodeRpcClient>();

    const control = async (method: 'POST' | 'DELETE', route: string, body?: unknown) => {
        const response = await request(`${sandbox.dataApiUrl}/__sandbox${route}`, {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body ?? {}),
        });
        await response.body.dump();
        return response.statusCode;
    };
    const requestCount = async (): Promise<number> => {
        const response = await request(`${sandbox.dataApiUrl}/__sandbox/state`);
        return ((await response.body.json()) as { requestCount: number }).requestCount;
    };
    const follow = async (
        target: { messageId?: string; txHash?: string },
        network: 'mainnet' | 'local',
        withDataApi: boolean,
    ): Promise<{ timeline: IcmTimeline; requests: number }> => {
        const parts: IcmHostParts = {
            network,
            chains: async () => (await api.supportedChains({ network: 'mainnet' })).chains,
            nodeRpc: () => node,
            nodeUrl: sandbox.nodeUrl,
            rpcFor: (url) => {
                const split = splitRpcUrl(url);
                if (!split) return undefined;
                let client = rpc.get(split.base);
                if (!client) rpc.set(split.base, (client = new NodeRpcClient({ url: split.base })));
                return { client, path: split.path };
            },
            ...(withDataApi ? { dataApi: () => Promise.resolve(api) } : {}),
        };
        const host = await icmHost(parts);
        // The directory's own lists are read once per follow whatever the path: counted apart.
        await host.candidates();
        const listed = await requestCount();
        const timeline = await followIcmMessage({ chain: known.cChainId, ...target }, host);
        return { timeline, requests: (await requestCount()) - listed };
    };
    const rpcTrips = (t: IcmTimeline) =>
        Object.entries(t.roundTrips)
            .filter(([name]) => name !== 'Data API')
            .reduce((sum, [, n]) => sum + n, 0);

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        node = new NodeRpcClient({ url: sandbox.nodeUrl });
        api = new DataApiClient({ baseUrl: sandbox.dataApiUrl, metricsUrl: sandbox.metricsUrl });
    });
    after(async () => {
        await Promise.all([node.close(), api.close(), ...[...rpc.values()].map((c) => c.close())]);
        await sandbox.close();
    });
    afterEach(async () => {
        await control('DELETE', '/holds');
    });

    it('answers a delivered message by id with fewer RPC round trips, the same timeline', async () => {
        const id = known.icmExecutedMessageId;
        const alone = await follow({ messageId: id }, 'mainnet', false);
        const first = await follow({ messageId: id }, 'mainnet', true);
        for (const { timeline } of [alone, first]) {
            assert.equal(timeline.state, 'executed');
            assert.equal(timeline.sent?.txHash, known.icmExecutedTxHash);
            assert.equal(timeline.delivered?.txHash, known.icmExecutedDeliveryTxHash);
            assert.deepEqual(timeline.warnings, []);
        }
        assert.equal(first.timeline.roundTrips['Data API'], 1);
        // By id alone: the source's logs searched, its send's receipt read, the destination's
        // head and logs. With the index: the send's receipt, then the delivery's receipt and,
        // at the same time, the source's search for the receipt back (the index says it is not
        // back, and an index lags the chain).
        assert.equal(rpcTrips(alone.timeline), 5, JSON.stringify(alone.timeline.roundTrips));
        assert.equal(rpcTrips(first.timeline), 3, JSON.stringify(first.timeline.roundTrips));
        assert.ok(
            first.requests < alone.requests,
            `requests with the Data API ${first.requests}, without ${alone.requests}`,
        );
    });

    it('the receipt search the index cannot spare adds no dependent round trip', async () => {
        // At 40 ms a request, requests started together overlap in the sandbox's log, and the
        // counter (test/sandbox/roundTrips.ts) counts them as one round trip.
        const remove = sandbox.addFault({ fault: { kind: 'latency', ms: 40 } });
        try {
            sandbox.clearRequests();
            const { timeline } = await follow(
                { messageId: known.icmExecutedMessageId },
                'mainnet',
                true,
            );
            assert.equal(timeline.state, 'executed');
            // The follow itself starts with the index; the directory's own lists come before.
            const asked = sandbox.requests.findIndex((r) => r.operations.includes('getIcmMessage'));
            assert.ok(asked >= 0);
            const count = countRoundTrips(sandbox.requests.slice(asked));
            // The index, the send's receipt, then the delivery's receipt with the search beside it.
            assert.equal(
                count.dependentRoundTrips,
                3,
                count.criticalPath.map((r) => r.operations.join('+')).join(' → '),
            );
            assert.equal(count.requests, 4);
            assert.equal(rpcTrips(timeline), 3);
        } finally {
            remove();
        }
    });

    it('saves round trips from a transaction too, and never asks the index on local', async () => {
        const alone = await follow({ txHash: known.icmExecutedTxHash }, 'mainnet', false);
        const first = await follow({ txHash: known.icmExecutedTxHash }, 'mainnet', true);
        assert.equal(first.timeline.state, 'executed');
        assert.ok(rpcTrips(first.timeline) < rpcTrips(alone.timeline));
        const local = await follow({ txHash: known.icmExecutedTxHash }, 'local', true);
        assert.equal(local.timeline.roundTrips['Data API'], undefined);
        assert.equal(local.timeline.state, 'executed');
    });

    it('believes the chain, not the index: a delivery the node does not show is not one', async () => {
        assert.equal(
            await control('POST', '/evmTxs/pending', { hash: known.icmExecutedDeliveryTxHash }),
            200,
        );
        const { timeline } = await follow(
            { messageId: known.icmExecutedMessageId },
            'mainnet',
            true,
        );
        assert.equal(timeline.state, 'sent');
        assert.equal(timeline.delivered, undefined);
        assert.ok(timeline.searched.destination, 'the destination’s logs were searched');
    });

    it('an id the index does not have (404) is followed through the chains alone', async () => {
        const { timeline } = await follow({ messageId: `0x${'12'.repeat(32)}` }, 'mainnet', true);
        assert.equal(timeline.state, 'notFound');
        assert.equal(timeline.roundTrips['Data API'], 1);
        assert.deepEqual(timeline.warnings, []);
    });
});
