/**
 * The dependent-round-trip counter of the latency bench (test/sandbox/roundTrips.ts): synthetic
 * logs of known causality, then the real sandbox with its latency fault, driven serially and in
 * parallel.
 */
import * as assert from 'node:assert/strict';
import { request } from 'undici';

import { startSandbox, type Sandbox } from '../../sandbox';
import { countRoundTrips, type TimedRequest } from '../../sandbox/roundTrips';

const req = (
    startMs: number,
    endMs: number | undefined,
    service: TimedRequest['service'] = 'node',
    operations: string[] = [],
): TimedRequest =>
    endMs === undefined
        ? { service, operations, startMs }
        : { service, operations, startMs, endMs };

describe('(unit) dependent round trips counted from the request log', () => {
    it('a serial chain counts each request', () => {
        const log = [req(0, 150), req(151, 300), req(300, 450), req(460, 610)];
        const c = countRoundTrips(log);
        assert.equal(c.dependentRoundTrips, 4);
        assert.equal(c.requests, 4);
        assert.deepEqual(c.criticalPath, log);
    });

    it('a parallel fan-out is one round trip, and a fan-out after a first answer two', () => {
        assert.equal(
            countRoundTrips([req(0, 150), req(1, 151), req(2, 152)]).dependentRoundTrips,
            1,
        );
        // The chain list first, then three reads that each overlap the others.
        const c = countRoundTrips([req(0, 150), req(151, 301), req(152, 300), req(155, 310)]);
        assert.equal(c.dependentRoundTrips, 2);
        assert.equal(c.requests, 4);
    });

    it('the longest chain wins over the most requests, whatever the log order', () => {
        // A: 0-150 → B: 160-310 → C: 320-470; D overlaps all of them; E follows A only.
        const log = [req(320, 470), req(5, 460), req(160, 310), req(155, 330), req(0, 150)];
        const c = countRoundTrips(log);
        assert.equal(c.dependentRoundTrips, 3);
        assert.deepEqual(
            c.criticalPath.map((r) => r.startMs),
            [0, 160, 320],
        );
    });

    it('a batch is one request and one round trip, whatever it carries', () => {
        const c = countRoundTrips([
            req(0, 150, 'node', ['eth_blockNumber', 'eth_chainId', 'eth_getBalance']),
        ]);
        assert.equal(c.dependentRoundTrips, 1);
        assert.equal(c.requests, 1);
        assert.equal(c.byService.node, 1);
    });

    it('compute units are the OpenAPI weights of the Data API operations only', () => {
        const c = countRoundTrips([
            req(0, 1, 'dataApi', ['supportedChains']),
            req(0, 1, 'dataApi', ['getTxByHash']),
            req(0, 1, 'dataApi', ['getUtxosByAddressesV2']),
            req(0, 1, 'dataApi', []),
            req(0, 1, 'metrics', ['getEvmChainMetrics']),
            req(0, 1, 'node', ['eth_call']),
        ]);
        assert.equal(c.computeUnits, 1 + 20 + 100 + 1);
        assert.deepEqual(c.byService, { dataApi: 4, metrics: 1, node: 1 });
    });

    it('an unanswered request ends with the log; the tolerance joins a start in the same instant', () => {
        assert.equal(countRoundTrips([req(0, undefined), req(10, 20)]).dependentRoundTrips, 1);
        assert.equal(countRoundTrips([req(0, 150), req(149.5, 300)]).dependentRoundTrips, 1);
        assert.equal(
            countRoundTrips([req(0, 150), req(149.5, 300)], { toleranceMs: 1 }).dependentRoundTrips,
            2,
        );
        assert.equal(countRoundTrips([]).dependentRoundTrips, 0);
    });

    it('a request whose ask an earlier one made is repeated, in the order they were received', () => {
        const ask = (startMs: number, askDigest: string): TimedRequest => ({
            ...req(startMs, startMs + 150),
            askDigest,
        });
        const log = [ask(300, 'a'), ask(0, 'a'), ask(10, 'b'), ask(20, 'a'), req(30, 40)];
        assert.deepEqual(
            countRoundTrips(log).repeated.map((r) => r.startMs),
            [20, 300],
        );
    });
});

describe('(unit) dependent round trips of the sandbox at a set latency', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    before(async () => {
        sandbox = await startSandbox({ seed: 7 });
        sandbox.addFault({ fault: { kind: 'latency', ms: 60 } });
    });
    after(() => sandbox.close());
    beforeEach(() => sandbox.clearRequests());

    const get = async (path: string): Promise<void> => {
        const res = await request(sandbox.dataApiUrl + path);
        await res.body.text();
    };
    const rpc = async (body: unknown): Promise<void> => {
        const res = await request(`${sandbox.nodeUrl}/ext/bc/C/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
        });
        await res.body.text();
    };
    const block = (id: number): unknown => ({
        jsonrpc: '2.0',
        id,
        method: 'eth_blockNumber',
        params: [],
    });

    it('requests awaited one after another are as many round trips', async () => {
        await get('/v1/chains');
        await rpc(block(1));
        await rpc(block(2));
        const c = countRoundTrips(sandbox.requests);
        assert.equal(c.requests, 3);
        assert.equal(c.dependentRoundTrips, 3);
        assert.equal(c.computeUnits, 1);
        // The same call twice under another JSON-RPC id is asked twice.
        assert.deepEqual(
            c.repeated.map((r) => r.operations),
            [['eth_blockNumber']],
        );
    });

    it('an ask is repeated only when its method, URL and body (its id aside) are the same', async () => {
        const balance = (id: number, address: string): unknown => ({
            jsonrpc: '2.0',
            id,
            method: 'eth_getBalance',
            params: [address, 'latest'],
        });
        await get('/v1/chains');
        await get('/v1/chains?pageSize=2');
        await rpc(balance(1, '0x' + '11'.repeat(20)));
        await rpc(balance(2, '0x' + '22'.repeat(20)));
        await rpc([block(3), block(4)]);
        assert.deepEqual(countRoundTrips(sandbox.requests).repeated, []);
        await get('/v1/chains');
        await rpc([block(5), block(6)]);
        const again = countRoundTrips(sandbox.requests).repeated;
        assert.deepEqual(
            again.map((r) => r.operations),
            [['supportedChains'], ['eth_blockNumber', 'eth_blockNumber']],
        );
    });

    it('a local node listener has its own latency next to the public one', async () => {
        const both = await startSandbox({ seed: 7, localNode: true });
        try {
            both.addFault({ fault: { kind: 'latency', ms: 2 }, service: 'localNode' });
            both.addFault({ fault: { kind: 'latency', ms: 120 }, service: 'node' });
            const call = async (base: string): Promise<unknown> => {
                const res = await request(`${base}/ext/bc/C/rpc`, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify(block(1)),
                });
                return res.body.json();
            };
            const [local, remote] = await Promise.all([
                call(both.localNodeUrl!),
                call(both.nodeUrl),
            ]);
            assert.deepEqual(local, remote);
            const [a, b] = [...both.requests].sort((x, y) =>
                x.localNode ? -1 : y.localNode ? 1 : 0,
            );
            assert.equal(a!.localNode, true);
            assert.equal(a!.service, 'node');
            assert.equal(b!.localNode, undefined);
            assert.ok(a!.endMs! - a!.startMs < 100, `local: ${a!.endMs! - a!.startMs} ms`);
            assert.ok(b!.endMs! - b!.startMs >= 115, `public: ${b!.endMs! - b!.startMs} ms`);
        } finally {
            await both.close();
        }
    });

    it('requests started together are one round trip, and a batch one request', async () => {
        await Promise.all([get('/v1/chains'), rpc(block(1)), rpc([block(2), block(3)])]);
        const c = countRoundTrips(sandbox.requests);
        assert.equal(c.requests, 3);
        assert.equal(c.dependentRoundTrips, 1);
        assert.ok(
            sandbox.requests.every((r) => r.endMs !== undefined && r.endMs - r.startMs >= 55),
        );
    });
});
