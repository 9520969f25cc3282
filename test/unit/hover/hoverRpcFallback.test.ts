/**
 * EVM hovers through the chain's JSON-RPC, against the sandbox over real HTTP: on a local network
 * only the node is asked (one batch per chain, every chain of the node tried); on mainnet the Data
 * API answers first and the node takes over after a rate limit or an outage, saying why; nothing
 * found is a calm "not found" naming what was asked; cancellation stops the requests; a chain's
 * hostile answers (huge numbers, markup in names, another chain id) stay inert in the Markdown.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
    type ChainInfo,
    DataApiClient,
    dataApiFallbackReason,
    HoverResolver,
    isAbortError,
    isRateLimitedError,
    liveHoverMarkdown,
    type LiveResult,
    maxNodeChainsAsked,
    NodeRpcClient,
    nodeRpcMethods,
    parseIdentifier,
    RateLimitedError,
    type ResolveOptions,
    type HoverClients,
    HttpError,
    NetworkError,
    TimeoutError,
    UnauthorizedError,
} from '../../../src/core';
import { type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { localCChain, type SharedLookups, sharedLookups } from '../../helpers/sharedLookups';

const fastRetry = { maxRetries: 0 };
const nowMs = Date.UTC(2026, 10, 24);

function as<K extends LiveResult['kind']>(
    result: LiveResult,
    kind: K,
): Extract<LiveResult, { kind: K }> {
    assert.equal(result.kind, kind, JSON.stringify(result).slice(0, 600));
    return result as Extract<LiveResult, { kind: K }>;
}

const render = (result: LiveResult): string => liveHoverMarkdown(result, { nowMs }).markdown;

describe('(unit) hover JSON-RPC fallback against the sandbox', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let api: DataApiClient;
    let node: NodeRpcClient;
    let shared: SharedLookups;
    let host: string;
    let cChainId: string;
    /** Replaces the node side's chains for one test; undefined: the node's C-Chain. */
    let chainsOverride: ChainInfo[] | undefined;
    let resolver: HoverResolver;

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
        known = sandbox.known.mainnet;
        host = new URL(sandbox.nodeUrl).host;
        api = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: fastRetry,
        });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: fastRetry });
        cChainId = String(await node.call(nodeRpcMethods.eth_chainId, [], { chain: 'C' }));
    });

    beforeEach(() => {
        sandbox.clearFaults();
        sandbox.clearRequests();
        sandbox.settings.nodeDown = false;
        sandbox.settings.hostile = false;
        chainsOverride = undefined;
        shared = sharedLookups(() => Promise.resolve(api), { retry: fastRetry }, sandbox.nodeUrl);
        const clients: HoverClients = {
            dataApi: () => Promise.resolve(api),
            nodeRpc: () => node,
            chains: (network, signal) => shared.chains(network, signal),
            nodeChains: (network, signal) =>
                chainsOverride
                    ? Promise.resolve(chainsOverride)
                    : shared.nodeChains(network, signal),
            rpcFor: (rpcUrl) => shared.rpcFor(rpcUrl),
        };
        resolver = new HoverResolver(clients);
    });

    afterEach(async () => {
        await shared.close();
    });

    after(async () => {
        await Promise.all([api.close(), node.close()]);
        await sandbox.close();
    });

    async function resolve(
        text: string,
        options: Partial<ResolveOptions> = {},
    ): Promise<LiveResult> {
        const id = parseIdentifier(text);
        assert.ok(id, `${text} is an identifier`);
        return resolver.resolve(id, { network: 'local', hasApiKey: false, ...options });
    }

    const dataApiRequests = (): number =>
        sandbox.requests.filter((r) => r.service === 'dataApi').length;

    /** A chain of the node as `nodeChains` lists it, at the sandbox node's endpoint `chain`. */
    function nodeChain(chain: string, chainId: string, chainName: string): ChainInfo {
        return {
            ...localCChain(sandbox.nodeUrl, chainId),
            chainName,
            rpcUrl: `${sandbox.nodeUrl}/ext/bc/${chain}/rpc`,
        };
    }

    describe('on a local network', () => {
        it('reads an address from the node alone and says so', async () => {
            const r = as(await resolve(known.evmAddress), 'evmAddress');
            const balance = await node.call(nodeRpcMethods.eth_getBalance, [known.evmAddress], {
                chain: 'C',
            });
            assert.equal(r.chain.evmChainId, cChainId);
            assert.equal(r.native?.balance, balance);
            assert.equal(r.native?.symbol, 'AVAX');
            assert.equal(r.native?.decimals, 18);
            assert.equal(r.isContract, false);
            assert.ok((r.nonce ?? -1) >= 0);
            assert.deepEqual(r.source, {
                service: 'node',
                endpoint: host,
                chainName: 'C-Chain',
                because: 'does not index local networks',
            });
            assert.equal(dataApiRequests(), 0, 'the Data API is never asked on local');
            const md = render(r);
            assert.match(md, /Balance: [\d,\\.]+ AVAX/);
            assert.ok(
                md.includes(
                    `_From the node's JSON-RPC (${host.replace(/[.:]/g, '\\$&')}, C\\-Chain), because the Data API does not index local networks_`,
                ),
                md,
            );
        });

        it('asks balance, nonce, code and the chain id in one batch', async () => {
            await resolve(known.evmAddress);
            const batches = sandbox.requests.filter((q) => q.operations.includes('eth_getBalance'));
            assert.equal(batches.length, 1);
            assert.deepEqual([...batches[0]!.operations].sort(), [
                'eth_chainId',
                'eth_getBalance',
                'eth_getCode',
                'eth_getTransactionCount',
            ]);
        });

        it('reads a transaction with its receipt and block, and a block by its hash', async () => {
            const tx = as(await resolve(known.evmTxHash), 'evmTx');
            const receipt = await node.call(
                nodeRpcMethods.eth_getTransactionReceipt,
                [known.evmTxHash],
                {
                    chain: 'C',
                },
            );
            assert.ok(receipt);
            assert.equal(tx.txHash, known.evmTxHash);
            assert.equal(tx.blockNumber, known.evmBlockNumber);
            assert.equal(tx.success, receipt.status !== 'failed');
            assert.equal(tx.gasUsed, receipt.gasUsed);
            assert.equal(tx.logCount, receipt.logs.length);
            assert.equal(
                tx.fee,
                (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? '0')).toString(),
            );
            assert.ok(tx.timestamp > 0, 'the time comes from the block');
            assert.equal(tx.source?.service, 'node');
            const first = sandbox.requests.find((q) =>
                q.operations.includes('eth_getTransactionByHash'),
            );
            // The head rides along: confirmations (settlement on Helicon's C-Chain) cost no request.
            assert.deepEqual([...first!.operations].sort(), [
                'eth_chainId',
                'eth_getBlockByHash',
                'eth_getBlockByNumber',
                'eth_getTransactionByHash',
                'eth_getTransactionReceipt',
            ]);

            const block = as(await resolve(known.evmBlockHash), 'evmBlock');
            assert.equal(block.blockNumber, known.evmBlockNumber);
            assert.ok(block.txCount >= 1);
            assert.ok(block.gasUsed !== undefined);
            assert.match(render(block), /transactions? · gas used [\d,]+/);
            assert.equal(dataApiRequests(), 0);
        });

        it('says calmly what it asked when nothing knows the id', async () => {
            const missing = as(await resolve(`0x${'12'.repeat(32)}`), 'notFound');
            assert.deepEqual(missing.searched, [`transactions and blocks on C-Chain (${host})`]);
            assert.equal(missing.network, 'local');
            const md = render(missing);
            assert.match(
                md,
                /^Not found on local\. Looked in: transactions and blocks on C\\-Chain/,
            );
            assert.match(md, /_Asked the node's JSON-RPC \(127/);
            const nobody = as(await resolve(`0x${'00'.repeat(19)}0f`), 'notFound');
            assert.deepEqual(nobody.searched, [`balance, nonce and code on C-Chain (${host})`]);
        });

        it("tries each of the node's chains (at most eight) and shows those that know the id", async () => {
            const l1 = nodeChain(known.l1BlockchainId, known.l1EvmChainId, 'Sandbox L1');
            const latest = await node.call(nodeRpcMethods.eth_getBlockByNumber, ['latest', false], {
                chain: known.l1BlockchainId,
            });
            let l1Tx: string | undefined;
            for (let n = latest?.number ?? 0; n > 0 && !l1Tx; n--) {
                const b = await node.call(nodeRpcMethods.eth_getBlockByNumber, [BigInt(n), false], {
                    chain: known.l1BlockchainId,
                });
                l1Tx = b?.transactionHashes[0];
            }
            assert.ok(l1Tx, 'the sandbox L1 has a transaction');
            // Chains the node lists past the eighth are not asked.
            const extra = Array.from({ length: 4 }, (_, i) =>
                nodeChain('C', String(90_000 + i), `Other ${i}`),
            );
            chainsOverride = [nodeChain('C', cChainId, 'C-Chain'), l1, ...extra, ...extra];
            sandbox.clearRequests();
            const tx = as(await resolve(l1Tx), 'evmTx');
            assert.equal(tx.chain.name, 'Sandbox L1');
            assert.equal(tx.chain.evmChainId, known.l1EvmChainId);
            const asked = sandbox.requests.filter(
                (q) => q.url.includes('/rpc') && q.operations.includes('eth_chainId'),
            );
            assert.equal(asked.length, maxNodeChainsAsked);
            // The look-alike chains answered with the C-Chain's id: not believed, noted.
            assert.ok(tx.notes.some((n) => /serves EVM chain/.test(n.detail ?? '')));

            chainsOverride = [nodeChain('C', cChainId, 'C-Chain'), l1];
            const inC = as(await resolve(known.evmTxHash), 'evmTx');
            assert.equal(inC.chain.name, 'C-Chain');
            const picked = as(await resolve(l1Tx, { evmChainId: known.l1EvmChainId }), 'evmTx');
            assert.equal(picked.chain.name, 'Sandbox L1');
        });

        it('names the other chains that know an address too', async () => {
            chainsOverride = [
                nodeChain('C', cChainId, 'C-Chain'),
                nodeChain('C', cChainId, 'C-Chain again'),
            ];
            const r = as(await resolve(known.evmAddress), 'evmAddress');
            assert.equal(r.chain.name, 'C-Chain');
            assert.deepEqual(r.alsoOn, ['C-Chain again']);
            assert.match(render(r), /Also known on: C\\-Chain again/);
        });

        it('looks up an address whose checksum is broken (its bytes are what count)', async () => {
            const broken = `0x${known.evmAddress.slice(2).toLowerCase()}`.replace(/[a-f]/, (c) =>
                c.toUpperCase(),
            );
            const id = parseIdentifier(broken);
            assert.equal(id?.kind === 'evmAddress' && id.checksum, 'invalid');
            const r = as(await resolve(broken), 'evmAddress');
            assert.ok(BigInt(r.native?.balance ?? '0') > 0n);
        });

        it('answers P-Chain and X-Chain ids from the node’s own APIs, without the Data API', async () => {
            // As `chains('local')` lists them: the C-Chain and the L1 the node serves.
            chainsOverride = [
                nodeChain('C', cChainId, 'C-Chain'),
                {
                    ...nodeChain(known.l1BlockchainId, known.l1EvmChainId, 'L1'),
                    subnetId: known.l1SubnetId,
                    platformChainId: known.l1BlockchainId,
                },
            ];
            const subnet = as(await resolve(known.l1SubnetId), 'subnet');
            assert.equal(subnet.isL1, true);
            assert.ok(subnet.blockchains.some((b) => b.blockchainId === known.l1BlockchainId));
            assert.match(render(subnet), /From the node's P\\-Chain API \(127\\\.0\\\.0\\\.1\\:/);
            const chain = as(await resolve(known.l1BlockchainId), 'blockchain');
            assert.equal(chain.subnetId, known.l1SubnetId);
            const tx = as(await resolve(known.pChainTxHash), 'primaryTx');
            assert.equal(tx.chain, 'P');
            assert.ok(tx.status && tx.status !== 'Unknown', tx.status);
            const node = as(await resolve(known.l1NodeId), 'nodeId');
            assert.ok(
                node.l1Validations?.some((v) => v.validationId === known.l1ValidationId),
                'the L1 validation from platform.getCurrentValidators',
            );
            const validation = as(await resolve(known.l1ValidationId), 'l1Validation');
            assert.equal(validation.validation.nodeId, known.l1NodeId);
            const missing = as(
                await resolve('2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP'),
                'notFound',
            );
            assert.ok(missing.searched.includes('subnets'));
            assert.equal(dataApiRequests(), 0);
        });

        it('stops its requests when cancelled', async () => {
            sandbox.addFault({ service: 'node', fault: { kind: 'latency', ms: 2000 } });
            const controller = new AbortController();
            const started = Date.now();
            const pending = resolve(known.evmTxHash, { signal: controller.signal });
            setTimeout(() => controller.abort(), 50);
            const error = await pending.catch((e: unknown) => e);
            assert.ok(isAbortError(error), String(error));
            assert.ok(Date.now() - started < 1500, 'did not wait for the slow answers');
        });

        it('rejects with the failure when the node cannot be reached', async () => {
            chainsOverride = [nodeChain('C', cChainId, 'C-Chain')];
            sandbox.settings.nodeDown = true;
            const error = await resolve(known.evmAddress).catch((e: unknown) => e);
            assert.ok(error instanceof Error && error.name === 'NetworkError', String(error));
        });
    });

    describe('on mainnet', () => {
        const mainnet = { network: 'mainnet' } as const;

        it('shows the balance from the node during a Data API rate limit, and says why', async () => {
            sandbox.addFault({
                service: 'dataApi',
                fault: { kind: 'status', status: 429, retryAfterSeconds: 7 },
            });
            const r = as(await resolve(known.evmAddress, mainnet), 'evmAddress');
            const balance = await node.call(nodeRpcMethods.eth_getBalance, [known.evmAddress], {
                chain: 'C',
            });
            assert.equal(r.native?.balance, balance);
            assert.equal(r.native?.symbol, 'AVAX');
            assert.equal(r.isContract, false);
            assert.deepEqual(r.source, {
                service: 'node',
                endpoint: host,
                chainName: 'C-Chain',
                because: 'is rate-limiting requests (429)',
            });
            // What only the Data API has is noted, with the retry the engine schedules.
            assert.ok(r.notes.some((n) => n.kind === 'rateLimited'));
            assert.ok(!r.notes.some((n) => n.during === 'balances'));
            const md = render(r);
            assert.match(md, /Balance: [\d,\\.]+ AVAX/);
            assert.match(md, /because the Data API is rate\\-limiting requests \\\(429\\\)_/);
        });

        it("asks an L1's own RPC URL from the chain list when the Data API cannot answer for it", async () => {
            sandbox.addFault({
                service: 'dataApi',
                target: 'listErc20Balances',
                fault: { kind: 'status', status: 503 },
            });
            const l1 = { ...mainnet, evmChainId: known.l1EvmChainId };
            const r = as(await resolve(known.evmAddress, l1), 'evmAddress');
            assert.equal(r.chain.evmChainId, known.l1EvmChainId);
            assert.ok(r.native);
            assert.equal(r.source?.service, 'chain RPC');
            assert.equal(r.source?.chainName, r.chain.name);
            assert.match(render(r), /_From the chain's JSON-RPC \(/);
            assert.ok(
                sandbox.requests.some(
                    (q) =>
                        q.url.startsWith(`/ext/bc/${known.l1BlockchainId}/rpc`) &&
                        q.operations.includes('eth_getTransactionCount'),
                ),
            );
        });

        it('says "From the Data API" when it answered', async () => {
            const r = as(await resolve(known.evmAddress, mainnet), 'evmAddress');
            assert.deepEqual(r.source, { service: 'Data API' });
            assert.match(render(r), /^_From the Data API_$/m);
        });

        it('reads a transaction from the node when the Data API answers 503', async () => {
            sandbox.addFault({
                service: 'dataApi',
                target: 'getTransaction',
                fault: { kind: 'status', status: 503 },
            });
            const tx = as(await resolve(known.evmTxHash, mainnet), 'evmTx');
            assert.equal(tx.blockNumber, known.evmBlockNumber);
            assert.equal(
                tx.chain.name,
                'Avalanche C-Chain',
                'the Data API chain list still names it',
            );
            assert.match(tx.source?.because ?? '', /^answered 503/);
        });

        it('asks the node for a hash the Data API does not know, then says where it looked', async () => {
            const missing = as(await resolve(`0x${'34'.repeat(32)}`, mainnet), 'notFound');
            assert.ok(missing.searched.includes(`Avalanche C-Chain JSON-RPC (${host})`));
            assert.ok(
                sandbox.requests.some((q) => q.operations.includes('eth_getTransactionByHash')),
            );
        });

        it('keeps the Data API failure when the node cannot answer either', async () => {
            sandbox.addFault({
                service: 'dataApi',
                fault: { kind: 'status', status: 429, retryAfterSeconds: 7 },
            });
            sandbox.settings.nodeDown = true;
            const error = await resolve(known.evmTxHash, mainnet).catch((e: unknown) => e);
            assert.ok(isRateLimitedError(error), String(error));
        });
    });
});

describe('(unit) hover JSON-RPC fallback: hostile chains', function () {
    this.timeout(20_000);
    let server: Server;
    let url: string;
    /** What the fake chain answers per method. */
    let answers: Record<string, unknown>;

    before(async () => {
        server = createServer((req, res) => {
            let body = '';
            req.on('data', (chunk: Buffer) => (body += chunk.toString()));
            req.on('end', () => {
                const parsed = JSON.parse(body) as { id: number; method: string }[];
                const reply = parsed.map((call) => ({
                    jsonrpc: '2.0',
                    id: call.id,
                    result: answers[call.method] ?? null,
                }));
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end(JSON.stringify(reply));
            });
        });
        await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
        url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    after(async () => {
        await new Promise((done) => server.close(done));
    });

    const markup = '<script>alert(1)</script>[click](command:workbench.action.terminal.new)';

    async function resolveOn(text: string, chainName: string): Promise<LiveResult> {
        const rpc = new Map<string, NodeRpcClient>();
        const chain: ChainInfo = {
            ...localCChain(url, '43112'),
            chainName,
            networkToken: { name: markup, symbol: `**${markup}**`, decimals: 18 },
        };
        const resolver = new HoverResolver({
            dataApi: () => Promise.reject(new Error('the Data API is not asked on local')),
            nodeRpc: () => {
                throw new Error('not used');
            },
            chains: () => Promise.reject(new Error('not used')),
            nodeChains: () => Promise.resolve([chain]),
            rpcFor: (rpcUrl) => {
                const base = new URL(rpcUrl).origin;
                let client = rpc.get(base);
                if (!client)
                    rpc.set(base, (client = new NodeRpcClient({ url: base, retry: fastRetry })));
                return { client, path: new URL(rpcUrl).pathname };
            },
        });
        try {
            const id = parseIdentifier(text);
            assert.ok(id);
            return await resolver.resolve(id, { network: 'local', hasApiKey: false });
        } finally {
            await Promise.all([...rpc.values()].map((c) => c.close()));
        }
    }

    it('renders a huge balance and markup in names as inert text', async () => {
        answers = {
            eth_chainId: '0xa868',
            // The largest quantity a 256-bit word holds (78 digits).
            eth_getBalance: `0x${'f'.repeat(64)}`,
            eth_getTransactionCount: '0x0',
            eth_getCode: '0x',
        };
        const r = await resolveOn(`0x${'ab'.repeat(20)}`, markup);
        const md = liveHoverMarkdown(r, { nowMs }).markdown;
        assert.equal(r.kind, 'evmAddress');
        assert.ok(!md.includes('<script>'), md);
        assert.ok(!md.includes('](command:'), md);
        assert.ok(!md.includes('**<'), md);
        assert.deepEqual(liveHoverMarkdown(r, { nowMs }).commands, []);
        assert.ok(md.length < 4000, `bounded: ${md.length} characters`);
    });

    it('does not believe an endpoint that serves another chain', async () => {
        answers = {
            eth_chainId: '0x1',
            eth_getBalance: '0x1',
            eth_getTransactionCount: '0x1',
            eth_getCode: '0x',
        };
        const error = await resolveOn(`0x${'ab'.repeat(20)}`, 'C-Chain').catch((e: unknown) => e);
        assert.match(String(error), /serves EVM chain 1, not 43112/);
    });

    it('rejects a malformed or oversized answer instead of showing it', async () => {
        answers = {
            eth_chainId: '0xa868',
            eth_getBalance: `0x${'f'.repeat(300)}`,
            eth_getTransactionCount: '0x0',
            eth_getCode: '0x',
        };
        const error = await resolveOn(`0x${'ab'.repeat(20)}`, 'C-Chain').catch((e: unknown) => e);
        assert.ok(error instanceof Error && error.name === 'ResponseFormatError', String(error));
        answers['eth_getBalance'] = `<b>${markup}</b>`;
        const markupError = await resolveOn(`0x${'ab'.repeat(20)}`, 'C-Chain').catch(
            (e: unknown) => e,
        );
        assert.ok(markupError instanceof Error && markupError.name === 'ResponseFormatError');
    });
});

describe('(unit) hover JSON-RPC fallback: when the Data API counts as not answering', () => {
    const url = 'https://data.invalid/v1/x';
    const http = (status: number, text: string): HttpError =>
        new HttpError(`${status}`, url, status, text);

    it('falls back after not found, a rate limit, an outage, a network failure or a timeout', () => {
        assert.equal(dataApiFallbackReason(http(404, 'Not Found')), 'has no record of it (404)');
        assert.equal(
            dataApiFallbackReason(
                new RateLimitedError('429', url, '', undefined, 'Data API', 1000, 0, 100),
            ),
            'is rate-limiting requests (429)',
        );
        assert.equal(dataApiFallbackReason(http(502, 'Bad Gateway')), 'answered 502 Bad Gateway');
        assert.equal(
            dataApiFallbackReason(new NetworkError('down', url, 'ECONNREFUSED')),
            'cannot be reached',
        );
        assert.equal(
            dataApiFallbackReason(new TimeoutError('slow', url, 'headers')),
            'did not answer in time',
        );
    });

    it('does not fall back after a refused key or a bad request', () => {
        assert.equal(
            dataApiFallbackReason(new UnauthorizedError('401', url, 401, 'Unauthorized')),
            undefined,
        );
        assert.equal(dataApiFallbackReason(http(400, 'Bad Request')), undefined);
        assert.equal(dataApiFallbackReason(new Error('boom')), undefined);
    });
});
