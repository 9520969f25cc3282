import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { MockAgent } from 'undici';

import {
    batchCall,
    isHttpError,
    isNodeApiUnavailableError,
    isResponseFormatError,
    isRpcError,
    isValidationError,
    NodeRpcClient,
    nodeRpcMethods,
    normaliseNodeUrl,
    type NodeApiUnavailableError,
    type NodeRpcMethod,
} from '../../../src/core';

import { listenOnLoopback } from '../../helpers/loopbackServer';

import { failure } from '../../helpers/failure';

const nodeUrl = 'http://127.0.0.1:9650';

interface Sent {
    jsonrpc: string;
    id: number;
    method: string;
    params?: unknown;
}

describe('(unit) nodeRpc client protocol cases (MockAgent)', () => {
    let agent: MockAgent;
    let client: NodeRpcClient;
    let sent: (Sent | Sent[])[];

    beforeEach(() => {
        agent = new MockAgent();
        agent.disableNetConnect();
        client = new NodeRpcClient({
            url: nodeUrl,
            dispatcher: agent,
            retry: { baseDelayMs: 1, maxDelayMs: 5 },
        });
        sent = [];
    });
    afterEach(async () => {
        await client.close();
        await agent.close();
    });

    /** Answers JSON-RPC requests on `path` with `answer(request)`, recording what was sent. */
    function serve(
        path: string,
        answer: (request: Sent | Sent[]) => { status?: number; body: unknown },
        times = 1,
    ): void {
        agent
            .get(nodeUrl)
            .intercept({ path, method: 'POST' })
            .reply((options) => {
                const request = JSON.parse(options.body as string) as Sent | Sent[];
                sent.push(request);
                const { status = 200, body } = answer(request);
                return {
                    statusCode: status,
                    data: typeof body === 'string' ? body : JSON.stringify(body),
                    responseOptions: { headers: { 'content-type': 'application/json' } },
                };
            })
            .times(times);
    }

    const ok = (result: unknown) => (request: Sent | Sent[]) => ({
        body: { jsonrpc: '2.0', id: (request as Sent).id, result },
    });

    /** A JSON-RPC error answer, sent with HTTP `status` (200 when not given). */
    const rpcError =
        (error: { code: number; message: string; data?: unknown }, status?: number) =>
        (request: Sent | Sent[]) => ({
            ...(status === undefined ? {} : { status }),
            body: { jsonrpc: '2.0', id: (request as Sent).id, error },
        });

    it('posts JSON-RPC 2.0 with increasing ids and no params key for raw calls without params', async () => {
        serve('/ext/info', ok({ networkID: '1' }), 3);
        assert.deepEqual(await client.call(nodeRpcMethods['info.getNetworkID'], {}), {
            networkId: 1,
        });
        await client.call(nodeRpcMethods['info.getNetworkID'], {});
        assert.deepEqual(await client.callRaw('/ext/info', 'info.getNetworkID'), {
            networkID: '1',
        });
        const [a, b, c] = sent as Sent[];
        assert.equal(a?.jsonrpc, '2.0');
        assert.deepEqual(a?.params, {});
        assert.equal(b?.id, (a?.id ?? 0) + 1);
        assert.equal(c?.id, (b?.id ?? 0) + 1);
        assert.ok(!('params' in (c ?? {})));
    });

    it('routes eth_* to /ext/bc/<chain>/rpc and validators to /ext/bc/<chain>/validators', async () => {
        serve('/ext/bc/C/rpc', ok('0xa86a'));
        serve('/ext/bc/myL1/validators', ok({ validators: [] }));
        assert.equal(await client.call(nodeRpcMethods.eth_chainId, [], { chain: 'C' }), 43114);
        assert.deepEqual(
            await client.call(
                nodeRpcMethods['validators.getCurrentValidators'],
                {},
                { chain: 'myL1' },
            ),
            { validators: [] },
        );
        assert.deepEqual((sent[0] as Sent).params, []);
    });

    it('requires a valid chain for chain methods, before sending anything', async () => {
        const missing = await failure(client.call(nodeRpcMethods.eth_blockNumber, []));
        assert.ok(isValidationError(missing));
        assert.match(missing.message, /chain.*\/ext\/bc\/<chain>\/rpc/);
        for (const chain of [
            '',
            '../admin',
            'C/rpc',
            'a b',
            `${'2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q'}6`,
        ]) {
            const error = await failure(client.call(nodeRpcMethods.eth_blockNumber, [], { chain }));
            assert.ok(isValidationError(error), chain);
        }
        assert.equal(sent.length, 0);
    });

    it('maps 405 and 415 to their own explanations', async () => {
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/info', method: 'POST' })
            .reply(405, 'rpc: POST method required, received GET\n');
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/info', method: 'POST' })
            .reply(415, 'rpc: unrecognized Content-Type: text/plain\n');
        const notAllowed = (await failure(
            client.call(nodeRpcMethods['info.getNetworkName'], {}),
        )) as NodeApiUnavailableError;
        assert.ok(isNodeApiUnavailableError(notAllowed));
        assert.equal(notAllowed.reason, 'methodNotAllowed');
        assert.equal(notAllowed.status, 405);
        assert.match(notAllowed.message, /405 Method Not Allowed.*only as POST/);
        const mediaType = (await failure(
            client.call(nodeRpcMethods['info.getNetworkName'], {}),
        )) as NodeApiUnavailableError;
        assert.equal(mediaType.reason, 'unsupportedMediaType');
        assert.match(mediaType.message, /415 Unsupported Media Type.*application\/json/);
    });

    it('maps a 404 under /ext/bc to an unknown or untracked chain', async () => {
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/bc/myChain/rpc', method: 'POST' })
            .reply(404, '404 page not found\n');
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/bc/C/validators', method: 'POST' })
            .reply(404, '404 page not found\n');
        const rpc = (await failure(
            client.call(nodeRpcMethods.eth_chainId, [], { chain: 'myChain' }),
        )) as NodeApiUnavailableError;
        assert.equal(rpc.reason, 'notFound');
        assert.equal(rpc.message, 'The node has no chain myChain (or it is not tracked).');
        const validators = (await failure(
            client.call(nodeRpcMethods['validators.getCurrentValidators'], {}, { chain: 'C' }),
        )) as NodeApiUnavailableError;
        assert.equal(validators.reason, 'notFound');
        assert.match(validators.message, /no validators API for chain C/);
    });

    it('maps public-server refusals however they are expressed', async () => {
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/info', method: 'POST' })
            .reply(404, '404 page not found\n');
        serve(
            '/ext/info',
            rpcError({
                code: -32000,
                message: 'this method is not available on the public API',
                data: null,
            }),
        );
        serve(
            '/ext/info',
            rpcError({
                code: -32601,
                message: 'the method info.getVMs does not exist/is not available',
            }),
        );
        for (const name of ['info.getNodeIP', 'info.getNodeID', 'info.getVMs'] as const) {
            const method = nodeRpcMethods[name] as NodeRpcMethod;
            const error = (await failure(client.call(method, {}))) as NodeApiUnavailableError;
            assert.ok(isNodeApiUnavailableError(error), name);
            assert.equal(error.reason, 'publicServer');
            assert.equal(
                error.message,
                `Public API servers do not offer ${name}; connect to your own node to see it.`,
            );
        }
    });

    it('turns other JSON-RPC errors into RpcError with the node text and code', async () => {
        serve(
            '/ext/info',
            rpcError({ code: -32000, message: "there is no chain with alias/ID 'Q'", data: null }),
        );
        serve('/ext/bc/C/rpc', rpcError({ code: -32603, message: 'method handler crashed' }, 500));
        const error = await failure(
            client.call(nodeRpcMethods['info.isBootstrapped'], { chain: 'Q' }),
        );
        assert.ok(isRpcError(error));
        assert.equal(
            error.message,
            "info.isBootstrapped failed: there is no chain with alias/ID 'Q' (code -32000).",
        );
        assert.equal(error.method, 'info.isBootstrapped');
        assert.equal(error.rpcMessage, "there is no chain with alias/ID 'Q'");
        const crashed = await failure(
            client.call(nodeRpcMethods.eth_blockNumber, [], { chain: 'C' }),
        );
        assert.ok(isRpcError(crashed));
        assert.equal(crashed.code, -32603);
        assert.equal(
            crashed.message,
            'eth_blockNumber failed: method handler crashed (code -32603).',
        );
    });

    it('names unknown and upper-case raw methods as not offered', async () => {
        serve(
            '/ext/info',
            rpcError({
                code: -32000,
                message: 'rpc: can\'t find method "info.FooBar"',
                data: null,
            }),
        );
        serve(
            '/ext/info',
            rpcError({
                code: -32000,
                message: 'method must start with a non-uppercase letter',
                data: null,
            }),
        );
        const unknown = await failure(client.callRaw('/ext/info', 'info.fooBar', {}));
        assert.ok(isRpcError(unknown));
        assert.equal(
            unknown.message,
            'This node does not offer info.fooBar (check the method name and the endpoint path).',
        );
        const upper = await failure(client.callRaw('/ext/info', 'info.GetNodeID', {}));
        assert.match(
            upper.message,
            /^This node does not offer info\.GetNodeID \(AvalancheGo method names/,
        );
    });

    it('rejects malformed answers as ResponseFormatError', async () => {
        serve('/ext/info', () => ({
            body: { jsonrpc: '2.0', id: 999, result: { networkID: '1' } },
        }));
        serve('/ext/info', (r) => ({ body: { jsonrpc: '2.0', id: (r as Sent).id } }));
        serve('/ext/info', () => ({ body: [] }));
        serve('/ext/info', () => ({ body: '{"jsonrpc":"2.0","id":1,"res' }));
        serve('/ext/info', () => ({ body: '<html>proxy error</html>' }));
        serve('/ext/info', ok({ networkID: 'x' }));
        const messages: string[] = [];
        for (let i = 0; i < 6; i++) {
            const error = await failure(client.call(nodeRpcMethods['info.getNetworkID'], {}));
            assert.ok(isResponseFormatError(error), error.message);
            messages.push(error.message);
            if (i === 5) {
                assert.deepEqual(error.issues.length, 1);
                assert.match(error.issues[0] ?? '', /^networkID/);
            }
        }
        assert.match(messages[0] ?? '', /another request \(id 999/);
        assert.match(messages[1] ?? '', /neither a result nor an error/);
        assert.match(messages[2] ?? '', /not a JSON-RPC response/);
        assert.match(messages[3] ?? '', /not valid JSON/);
        assert.match(messages[5] ?? '', /info\.getNetworkID has an unexpected shape \(networkID/);
    });

    it('retries read-only methods on 502 but never node-changing ones', async () => {
        let attempts = 0;
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/info', method: 'POST' })
            .reply(() => {
                attempts++;
                return { statusCode: 502, data: '502 Bad Gateway\n' };
            });
        serve('/ext/info', ok({ networkName: 'mainnet' }));
        assert.deepEqual(await client.call(nodeRpcMethods['info.getNetworkName'], {}), {
            networkName: 'mainnet',
        });
        assert.equal(attempts, 1);
        agent
            .get(nodeUrl)
            .intercept({ path: '/ext/admin', method: 'POST' })
            .reply(() => {
                attempts++;
                return { statusCode: 502, data: '502 Bad Gateway\n' };
            });
        const error = await failure(client.call(nodeRpcMethods['admin.memoryProfile'], {}));
        assert.ok(isHttpError(error));
        assert.equal(error.status, 502);
        assert.equal(attempts, 2);
    });

    it('sends a batch as one request and matches answers by id, whatever their order', async () => {
        serve('/ext/bc/C/rpc', (request) => {
            const calls = request as Sent[];
            const answers = calls.map((call) =>
                call.method === 'eth_chainId'
                    ? { jsonrpc: '2.0', id: call.id, result: '0xa86a' }
                    : call.method === 'eth_blockNumber'
                      ? { jsonrpc: '2.0', id: call.id, result: '0x10' }
                      : {
                            jsonrpc: '2.0',
                            id: call.id,
                            error: {
                                code: -32601,
                                message: `the method ${call.method} does not exist/is not available`,
                            },
                        },
            );
            return { body: answers.reverse() };
        });
        const results = await client.batch(
            [
                batchCall(nodeRpcMethods.eth_chainId, []),
                batchCall(nodeRpcMethods.eth_getBalance, ['0x123']),
                batchCall(nodeRpcMethods.eth_blockNumber, []),
                batchCall(nodeRpcMethods.eth_feeConfig, []),
                { method: 'eth_gasPrice', params: [] },
            ],
            { chain: 'C' },
        );
        assert.equal(sent.length, 1);
        const body = sent[0] as Sent[];
        assert.deepEqual(
            body.map((c) => c.method),
            ['eth_chainId', 'eth_blockNumber', 'eth_feeConfig', 'eth_gasPrice'],
        );
        assert.equal(new Set(body.map((c) => c.id)).size, 4);
        assert.deepEqual(results[0], { status: 'fulfilled', value: 43114 });
        assert.equal(results[1].status, 'rejected');
        assert.ok(results[1].status === 'rejected' && isValidationError(results[1].reason));
        assert.deepEqual(results[2], { status: 'fulfilled', value: 16 });
        assert.ok(results[3].status === 'rejected' && isRpcError(results[3].reason));
        assert.match(
            results[3].status === 'rejected' ? results[3].reason.message : '',
            /does not offer eth_feeConfig \(it exists only on Subnet-EVM/,
        );
        assert.ok(results[4].status === 'rejected');
    });

    it('rejects a call the node left unanswered, and the calls of a malformed batch answer', async () => {
        serve('/ext/bc/C/rpc', (request) => ({
            body: [{ jsonrpc: '2.0', id: (request as Sent[])[0]?.id, result: '0x1' }],
        }));
        const results = await client.batch(
            [
                batchCall(nodeRpcMethods.eth_blockNumber, []),
                batchCall(nodeRpcMethods.eth_chainId, []),
            ],
            { chain: 'C' },
        );
        assert.deepEqual(results[0], { status: 'fulfilled', value: 1 });
        assert.ok(results[1].status === 'rejected' && isResponseFormatError(results[1].reason));
        assert.match(
            results[1].status === 'rejected' ? results[1].reason.message : '',
            /no answer to eth_chainId \(call 2 of the batch\)/,
        );
    });

    it("sends AvalancheGo's own APIs single calls at once, never a batch first", async () => {
        const results: Record<string, unknown> = {
            'info.getNetworkID': { networkID: '1' },
            'info.getNetworkName': { networkName: 'mainnet' },
        };
        serve('/ext/info', (request) => ok(results[(request as Sent).method])(request), 2);
        const calls = [
            batchCall(nodeRpcMethods['info.getNetworkID'], {}),
            batchCall(nodeRpcMethods['info.getNetworkName'], {}),
        ] as const;
        const first = await client.batch(calls);
        assert.deepEqual(first, [
            { status: 'fulfilled', value: { networkId: 1 } },
            { status: 'fulfilled', value: { networkName: 'mainnet' } },
        ]);
        assert.equal(sent.length, 2);
        assert.ok(sent.every((request) => !Array.isArray(request)));
    });

    it('falls back to single calls where another endpoint refuses a batch, and remembers it', async () => {
        // What a json2 service answers to an array (recorded in test/fixtures/realnode), here
        // from an endpoint the client cannot know in advance, such as a proxy in front of /rpc.
        const refusal = {
            jsonrpc: '2.0',
            error: {
                code: -32700,
                message: 'json: cannot unmarshal array into Go value of type json2.serverRequest',
                data: { jsonrpc: '', method: '', params: null, id: null },
            },
            id: null,
        };
        serve(
            '/ext/bc/C/rpc',
            (request) => (Array.isArray(request) ? { body: refusal } : ok('0xa86a')(request)),
            5,
        );
        const calls = [
            batchCall(nodeRpcMethods.eth_chainId, []),
            batchCall(nodeRpcMethods.eth_chainId, []),
        ] as const;
        const first = await client.batch(calls, { chain: 'C' });
        assert.deepEqual(first, [
            { status: 'fulfilled', value: 43114 },
            { status: 'fulfilled', value: 43114 },
        ]);
        assert.equal(sent.length, 3);
        assert.ok(Array.isArray(sent[0]));
        const second = await client.batch(calls, { chain: 'C' });
        assert.deepEqual(second, first);
        assert.equal(sent.length, 5);
        assert.ok(sent.slice(1).every((request) => !Array.isArray(request)));
    });

    it('does not remember a refusal that is only about the batch size', async () => {
        const tooLarge = (request: Sent | Sent[]) =>
            Array.isArray(request)
                ? {
                      body: {
                          jsonrpc: '2.0',
                          id: null,
                          error: { code: -32600, message: 'batch too large' },
                      },
                  }
                : ok('0x1')(request);
        serve('/ext/bc/C/rpc', tooLarge, 3);
        serve('/ext/bc/C/rpc', (request) => ({
            body: (request as Sent[]).map((call) => ({
                jsonrpc: '2.0',
                id: call.id,
                result: '0x2',
            })),
        }));
        const calls = [
            batchCall(nodeRpcMethods.eth_blockNumber, []),
            batchCall(nodeRpcMethods.eth_blockNumber, []),
        ];
        const first = await client.batch(calls, { chain: 'C' });
        assert.deepEqual(
            first.map((r) => r.status === 'fulfilled' && r.value),
            [1, 1],
        );
        const second = await client.batch(calls, { chain: 'C' });
        assert.deepEqual(
            second.map((r) => r.status === 'fulfilled' && r.value),
            [2, 2],
        );
        assert.ok(Array.isArray(sent[3]));
    });

    it('splits long batches and checks what a batch may hold', async () => {
        const small = new NodeRpcClient({ url: nodeUrl, dispatcher: agent, maxBatchSize: 2 });
        try {
            serve(
                '/ext/bc/C/rpc',
                (request) => ({
                    body: (request as Sent[]).map((call) => ({
                        jsonrpc: '2.0',
                        id: call.id,
                        result: '0x5',
                    })),
                }),
                3,
            );
            const calls = Array.from({ length: 5 }, () =>
                batchCall(nodeRpcMethods.eth_blockNumber, []),
            );
            const results = await small.batch(calls, { chain: 'C' });
            assert.equal(results.length, 5);
            assert.ok(results.every((r) => r.status === 'fulfilled' && r.value === 5));
            assert.deepEqual(
                sent.map((r) => (r as Sent[]).length),
                [2, 2, 1],
            );
        } finally {
            await small.close();
        }
        const mixed = await failure(
            client.batch(
                [
                    batchCall(nodeRpcMethods.eth_chainId, []),
                    batchCall(nodeRpcMethods['info.peers'], {}),
                ],
                { chain: 'C' },
            ),
        );
        assert.ok(isValidationError(mixed));
        const rawOnly = await failure(client.batch([{ method: 'info.peers', params: {} }]));
        assert.ok(isValidationError(rawOnly));
        assert.deepEqual(await client.batch([]), []);
        assert.equal(sent.length, 3);
    });

    it('normalises node URLs and refuses what is not one', () => {
        assert.equal(normaliseNodeUrl('http://127.0.0.1:9650/'), 'http://127.0.0.1:9650');
        assert.equal(
            normaliseNodeUrl(' https://api.avax.network/ext/bc/C/rpc '),
            'https://api.avax.network',
        );
        assert.equal(
            normaliseNodeUrl('https://proxy.example/avax/ext/info'),
            'https://proxy.example/avax',
        );
        for (const url of [
            '',
            'not a url',
            'ftp://node:21',
            'http://user:pw@node:9650',
            'javascript:alert(1)',
        ]) {
            assert.throws(
                () => new NodeRpcClient({ url }),
                (e: unknown) => isValidationError(e),
                url,
            );
        }
    });

    it('previews the request of a call for "Copy as curl"', () => {
        const preview = client.preview(
            nodeRpcMethods.eth_getBalance,
            ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc', 5],
            {
                chain: 'C',
            },
        );
        assert.equal(preview.url, `${nodeUrl}/ext/bc/C/rpc`);
        assert.deepEqual(JSON.parse(preview.body), {
            jsonrpc: '2.0',
            id: 1,
            method: 'eth_getBalance',
            params: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc', '0x5'],
        });
        assert.throws(() => client.preview(nodeRpcMethods['info.peers'], { nodeIDs: ['x'] }));
    });

    it('checks raw calls before sending', async () => {
        for (const [path, method, params] of [
            ['ext/info', 'info.peers', {}],
            ['/ext/../admin', 'info.peers', {}],
            ['/ext/info?x=1', 'info.peers', {}],
            ['/ext/info', '', {}],
            ['/ext/info', 'info peers', {}],
            ['/ext/info', 'info.peers', 'nodeIDs'],
            ['/ext/info', 'info.peers', null],
        ] as const) {
            const error = await failure(client.callRaw(path, method, params));
            assert.ok(isValidationError(error), `${path} ${method}`);
        }
        assert.equal(sent.length, 0);
    });
});

describe('(unit) nodeRpc client on an endpoint that takes no batch (loopback server)', () => {
    it('has all the single calls in flight together, not one after another', async () => {
        // Answers only once all three requests have arrived: sent one after another (or queued
        // behind one connection), the first would wait until the server gives up on it.
        const waiting: { id: number; res: ServerResponse }[] = [];
        const arrays: unknown[] = [];
        const answer = (res: ServerResponse, body: unknown): void => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
        };
        const server = createServer((req: IncomingMessage, res: ServerResponse) => {
            let text = '';
            req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            req.on('end', () => {
                const body = JSON.parse(text) as Sent | Sent[];
                if (Array.isArray(body)) {
                    // What AvalancheGo's /ext/info answers to an array (test/fixtures/realnode).
                    arrays.push(body);
                    answer(res, {
                        jsonrpc: '2.0',
                        error: {
                            code: -32700,
                            message:
                                'json: cannot unmarshal array into Go value of type json2.serverRequest',
                            data: null,
                        },
                        id: null,
                    });
                    return;
                }
                waiting.push({ id: body.id, res });
                if (waiting.length === 3) {
                    for (const w of waiting.splice(0)) {
                        answer(w.res, {
                            jsonrpc: '2.0',
                            result: { isBootstrapped: true },
                            id: w.id,
                        });
                    }
                }
                setTimeout(() => {
                    const left = waiting.findIndex((w) => w.id === body.id);
                    if (left < 0) return;
                    const [w] = waiting.splice(left, 1);
                    answer(w!.res, {
                        jsonrpc: '2.0',
                        error: { code: -32000, message: 'answered alone', data: null },
                        id: w!.id,
                    });
                }, 1_500);
            });
        });
        const listening = await listenOnLoopback(server);
        const client = new NodeRpcClient({ url: listening.url, retry: { maxRetries: 0 } });
        try {
            const results = await client.batch(
                ['P', 'X', 'C'].map((chain) =>
                    batchCall(nodeRpcMethods['info.isBootstrapped'], { chain }),
                ),
            );
            assert.deepEqual(
                results,
                Array(3).fill({ status: 'fulfilled', value: { isBootstrapped: true } }),
            );
            assert.deepEqual(arrays, [], 'no batch was tried first');
        } finally {
            await client.close();
            await listening.close();
        }
    });
});
