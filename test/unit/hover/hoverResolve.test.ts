/**
 * The hover resolver against the sandbox over real HTTP: every identifier kind resolves to the
 * sandbox's data; a part that fails becomes a note while the rest still shows; only a lookup where
 * nothing could be read rejects; cancellation stops the requests.
 */
import * as assert from 'node:assert/strict';

import { bech32 } from '@scure/base';

import {
    DataApiClient,
    HoverResolver,
    isAbortError,
    isRateLimitedError,
    type LiveResult,
    NodeRpcClient,
    parseIdentifier,
    type ResolveOptions,
} from '../../../src/core';
import { Dataset, type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { type SharedLookups, sharedLookups } from '../../helpers/sharedLookups';

const fastRetry = { maxRetries: 0 };

describe('(unit) hover resolver against the sandbox', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let api: DataApiClient;
    let node: NodeRpcClient;
    const lookups: SharedLookups[] = [];
    let resolver: HoverResolver;
    const options: ResolveOptions = { network: 'mainnet', hasApiKey: false };

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
        known = sandbox.known.mainnet;
        api = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: fastRetry,
        });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: fastRetry });
    });

    beforeEach(() => {
        sandbox.clearFaults();
        sandbox.settings.nodeDown = false;
        sandbox.settings.hostile = false;
        const shared = sharedLookups(
            () => Promise.resolve(api),
            { retry: fastRetry },
            sandbox.nodeUrl,
        );
        lookups.push(shared);
        resolver = new HoverResolver({
            dataApi: () => Promise.resolve(api),
            nodeRpc: () => node,
            chains: (network, signal) => shared.chains(network, signal),
            nodeChains: (network, signal) => shared.nodeChains(network, signal),
            rpcFor: (rpcUrl) => shared.rpcFor(rpcUrl),
        });
    });

    after(async () => {
        await Promise.all([api.close(), node.close(), ...lookups.map((l) => l.close())]);
        await sandbox.close();
    });

    async function resolve(text: string, extra: Partial<ResolveOptions> = {}): Promise<LiveResult> {
        const id = parseIdentifier(text);
        assert.ok(id, `${text} is an identifier`);
        return resolver.resolve(id, { ...options, ...extra });
    }

    function as<K extends LiveResult['kind']>(
        result: LiveResult,
        kind: K,
    ): Extract<LiveResult, { kind: K }> {
        assert.equal(result.kind, kind, JSON.stringify(result).slice(0, 400));
        return result as Extract<LiveResult, { kind: K }>;
    }

    it('resolves an EVM account: balances by value with spam hidden, no code, latest transactions', async () => {
        const r = as(await resolve(known.evmAddress), 'evmAddress');
        assert.equal(r.chain.evmChainId, '43114');
        assert.equal(r.chain.name, 'Avalanche C-Chain');
        assert.equal(r.native?.symbol, 'AVAX');
        assert.ok(BigInt(r.native?.balance ?? '0') > 0n);
        assert.equal(r.isContract, false);
        assert.ok(r.tokens && r.tokens.length > 0 && r.tokens.length <= 5);
        const values = r.tokens.map((t) => t.usd ?? -1);
        assert.deepEqual(
            values,
            [...values].sort((a, b) => b - a),
            'sorted by value',
        );
        assert.ok((r.spamHidden ?? 0) >= 1, 'the sandbox has one malicious token');
        assert.equal(r.recent?.length, 3);
        assert.deepEqual(r.notes, []);
    });

    it('asks the Data API about an EVM address or hash while the chain list is still read', async () => {
        // The chain list answers 1.5 s late: a request that waits for it starts after that.
        sandbox.addFault({ fault: { kind: 'latency', ms: 1500 }, target: 'supportedChains' });
        for (const [text, operation] of [
            [known.evmAddress, 'listErc20Balances'],
            [known.evmTxHash, 'getTransaction'],
        ] as const) {
            sandbox.clearRequests();
            const fresh = sharedLookups(
                () => Promise.resolve(api),
                { retry: fastRetry },
                sandbox.nodeUrl,
            );
            lookups.push(fresh);
            resolver = new HoverResolver(
                {
                    dataApi: () => Promise.resolve(api),
                    nodeRpc: () => node,
                    chains: (network, signal) => fresh.chains(network, signal),
                    nodeChains: (network, signal) => fresh.nodeChains(network, signal),
                    rpcFor: (rpcUrl) => fresh.rpcFor(rpcUrl),
                },
                {},
            );
            const result = await resolve(text);
            assert.notEqual(result.kind, 'notFound');
            const requests = sandbox.requests.filter((r) => r.service === 'dataApi');
            const list = requests.find((r) => r.operations.includes('supportedChains'));
            const asked = requests.find((r) => r.operations.includes(operation));
            assert.ok(list && asked, JSON.stringify(requests.map((r) => r.operations)));
            assert.ok(asked.atMs < list.atMs + 750, `${operation} waited for the chain list`);
        }
    });

    it("asks the node for a C-Chain address's code while the chain list is still read", async () => {
        // The chain list answers 1.5 s late; the C-Chain's id is known without it.
        sandbox.addFault({ fault: { kind: 'latency', ms: 1500 }, target: 'supportedChains' });
        sandbox.clearRequests();
        const fresh = sharedLookups(
            () => Promise.resolve(api),
            { retry: fastRetry },
            sandbox.nodeUrl,
        );
        lookups.push(fresh);
        // A client of its own: a socket an earlier test left to the sandbox may fail first.
        const freshNode = new NodeRpcClient({ url: sandbox.nodeUrl, retry: fastRetry });
        lookups.push({ close: () => freshNode.close() } as SharedLookups);
        resolver = new HoverResolver({
            dataApi: () => Promise.resolve(api),
            nodeRpc: () => freshNode,
            chains: (network, signal) => fresh.chains(network, signal),
            nodeChains: (network, signal) => fresh.nodeChains(network, signal),
            rpcFor: (rpcUrl) => fresh.rpcFor(rpcUrl),
        });
        const r = as(await resolve(known.erc20Contract), 'evmAddress');
        assert.equal(r.isContract, true);
        const list = sandbox.requests.find((q) => q.operations.includes('supportedChains'));
        const code = sandbox.requests.find((q) => q.operations.includes('eth_getCode'));
        assert.ok(list && code, JSON.stringify(sandbox.requests.map((q) => q.operations)));
        assert.equal(code.service, 'node');
        assert.ok(code.atMs < list.atMs + 750, 'eth_getCode waited for the chain list');
    });

    it('resolves token contracts: code, standard, name, symbol and decimals', async () => {
        const erc20 = as(await resolve(known.erc20Contract), 'evmAddress');
        assert.equal(erc20.isContract, true);
        assert.equal(erc20.token?.ercType, 'ERC-20');
        assert.equal(erc20.token?.symbol, 'USDC');
        assert.equal(erc20.token?.decimals, 6);
        const erc721 = as(await resolve(known.erc721Contract), 'evmAddress');
        assert.equal(erc721.token?.ercType, 'ERC-721');
        const erc1155 = as(await resolve(known.erc1155Contract), 'evmAddress');
        assert.equal(erc1155.token?.ercType, 'ERC-1155');
    });

    it('reads the code of an L1 address from the chain RPC URL the Data API gives', async () => {
        const r = as(
            await resolve(known.evmAddress, { evmChainId: known.l1EvmChainId }),
            'evmAddress',
        );
        assert.equal(r.chain.evmChainId, known.l1EvmChainId);
        assert.equal(r.chain.isCChain, false);
        assert.equal(r.isContract, false);
        assert.deepEqual(r.notes, []);
        assert.ok(
            sandbox.requests.some(
                (q) => q.url.includes(`/ext/bc/`) && q.operations.includes('eth_getCode'),
            ),
        );
    });

    it('resolves a transaction with transfers, internal calls and its teleporter message', async () => {
        const tx = as(await resolve(known.evmTxHash), 'evmTx');
        assert.equal(tx.txHash, known.evmTxHash);
        assert.equal(tx.success, true);
        assert.equal(tx.blockNumber, known.evmBlockNumber);
        assert.ok(tx.transferCount >= 1);
        assert.ok(tx.internalCount >= 1);
        const tele = as(await resolve(known.teleporterTxHash), 'evmTx');
        assert.ok(tele.teleporter);
        assert.equal(tele.teleporter.sourceChainName, 'Avalanche C-Chain');
        assert.match(tele.teleporter.destinationChainName ?? '', /L1/);
    });

    it('resolves a block hash, and a hash of nothing as not found', async () => {
        const block = as(await resolve(known.evmBlockHash), 'evmBlock');
        assert.equal(block.blockNumber, known.evmBlockNumber);
        assert.ok(block.txCount >= 1);
        const missing = as(await resolve(`0x${'12'.repeat(32)}`), 'notFound');
        assert.ok(missing.searched.some((s) => /transactions/.test(s)));
    });

    it('sums P- and X-Chain UTXOs by asset, with the staked part, and looks both up for a bare address', async () => {
        const p = as(await resolve(known.pChainAddress), 'pnAddress');
        assert.equal(p.chains.length, 1);
        const pChain = p.chains[0]!;
        assert.equal(pChain.chain, 'P');
        assert.ok(pChain.utxoCount > 0);
        const avax = pChain.balances.find((b) => b.assetId === known.avaxAssetId);
        assert.ok(avax && BigInt(avax.amount) > 0n && BigInt(avax.staked) <= BigInt(avax.amount));
        const x = as(await resolve(known.xChainAddress), 'pnAddress');
        assert.ok(x.chains[0]!.balances.length > 1, 'AVAX and other X-Chain assets');
        const bare = as(await resolve(known.pChainAddress.slice(2)), 'pnAddress');
        assert.deepEqual(
            bare.chains.map((c) => c.chain),
            ['P', 'X'],
        );
        const localAddress = `P-${bech32.encode('local', bech32.toWords(new Uint8Array(20).fill(7)))}`;
        const local = as(await resolve(localAddress), 'unsupported');
        assert.match(local.reason, /mainnet and Fuji/);
    });

    it('resolves node ids: L1 validations, the node views, peers', async () => {
        const l1 = as(await resolve(known.l1NodeId), 'nodeId');
        assert.equal(l1.l1Validations?.length, 1);
        assert.equal(l1.l1Validations[0]!.subnetId, known.l1SubnetId);
        assert.ok(l1.l1Validations[0]!.subnetName);
        // No Primary Network part: coreth has no validators API (a real node answers 404), so
        // the hover does not ask the C-Chain, and nothing failed to note.
        assert.equal(l1.primary, undefined);
        assert.deepEqual(l1.notes, []);
        assert.ok(l1.l1OnNode, "the node serves the L1's chain");
        assert.ok(l1.peer && l1.peer.trackedSubnets >= 1);
        const own = as(await resolve(known.nodeId), 'nodeId');
        assert.deepEqual(own.l1Validations, []);
        assert.equal(own.primary, undefined);
    });

    it('resolves cb58 ids: subnets, blockchains, assets, validations and P-/X-Chain transactions', async () => {
        const l1 = as(await resolve(known.l1SubnetId), 'subnet');
        assert.equal(l1.isL1, true);
        assert.ok(l1.blockchains.some((b) => b.blockchainId === known.l1BlockchainId));
        assert.ok((l1.validatorCount ?? 0) > 0);
        assert.equal(l1.conversionTx, known.pChainTxHash);
        assert.equal(as(await resolve(known.subnetId), 'subnet').isL1, false);
        const chain = as(await resolve(known.l1BlockchainId), 'blockchain');
        assert.equal(chain.evmChainId, known.l1EvmChainId);
        assert.equal(chain.vmName, 'Subnet-EVM');
        assert.equal(chain.subnetId, known.l1SubnetId);
        const cChain = as(await resolve(known.cChainBlockchainId), 'blockchain');
        assert.equal(cChain.evmChainId, '43114');
        assert.equal(as(await resolve(known.xChainId), 'blockchain').name, 'X-Chain');
        const asset = as(await resolve(known.xAssetId), 'asset');
        assert.ok(asset.symbol.length > 0 && asset.denomination >= 0);
        assert.equal(as(await resolve(known.avaxAssetId), 'asset').symbol, 'AVAX');
        const validation = as(await resolve(known.l1ValidationId), 'l1Validation');
        assert.equal(validation.validation.nodeId, known.l1NodeId);
        const pTx = as(await resolve(known.pChainTxHash), 'primaryTx');
        assert.equal(pTx.chain, 'P');
        assert.ok(pTx.blockNumber);
        const xTx = as(await resolve(known.xChainTxHash), 'primaryTx');
        assert.equal(xTx.chain, 'X');
        assert.ok(xTx.txType);
    });

    it('looks a well-known id of the other network up on that network', async () => {
        const fujiX = as(await resolve(sandbox.known.fuji.xChainId), 'blockchain');
        assert.equal(fujiX.network, 'fuji');
    });

    it('keeps the parts that worked when one part fails, with a note for the failed one', async () => {
        sandbox.addFault({ fault: { kind: 'status', status: 503 }, target: 'listTransactions' });
        const r = as(await resolve(known.evmAddress), 'evmAddress');
        assert.equal(r.recent, undefined);
        assert.ok(r.native);
        assert.equal(r.notes.length, 1);
        assert.equal(r.notes[0]!.kind, 'unavailable');
        assert.equal(r.notes[0]!.during, 'latest transactions');
    });

    it('notes a node that is down and still shows the Data API parts', async () => {
        sandbox.settings.nodeDown = true;
        const r = as(await resolve(known.erc20Contract), 'evmAddress');
        assert.equal(r.isContract, undefined);
        assert.equal(r.token?.ercType, 'ERC-20', 'the Data API still names the token');
        assert.ok(r.notes.some((n) => n.during === 'contract check' && n.kind === 'unreachable'));
        const n = as(await resolve(known.l1NodeId), 'nodeId');
        assert.equal(n.l1Validations?.length, 1);
        assert.ok(n.notes.some((x) => x.service === 'node'));
    });

    it('rejects with the failure when nothing could be read (a rate limit)', async () => {
        sandbox.addFault({ fault: { kind: 'status', status: 429, retryAfterSeconds: 7 } });
        sandbox.settings.nodeDown = true;
        const id = parseIdentifier(known.evmAddress)!;
        const error = await resolver.resolve(id, options).then(
            () => undefined,
            (e: unknown) => e,
        );
        assert.ok(isRateLimitedError(error));
        assert.equal(error.retryAfterMs, 7000);
        const hash = parseIdentifier(known.evmTxHash)!;
        assert.ok(
            isRateLimitedError(await resolver.resolve(hash, options).catch((e: unknown) => e)),
        );
    });

    it('does not call an id "not found" when the lookup that would have found it failed', async () => {
        sandbox.addFault({ fault: { kind: 'status', status: 429 }, target: 'listL1Validators' });
        const id = parseIdentifier(known.l1ValidationId)!;
        const error = await resolver.resolve(id, options).catch((e: unknown) => e);
        assert.ok(isRateLimitedError(error), String(error));
        sandbox.clearFaults();
        assert.equal((await resolver.resolve(id, options)).kind, 'l1Validation');
    });

    it('names an asset by the transaction that created it when its own lookup failed', async () => {
        sandbox.addFault({
            fault: { kind: 'status', status: 429 },
            target: 'listAssetTransactions',
        });
        const asset = as(await resolve(known.xAssetId), 'asset');
        assert.ok(asset.symbol.length > 0);
    });

    it('stops its requests when cancelled', async () => {
        sandbox.addFault({ fault: { kind: 'latency', ms: 2000 } });
        const controller = new AbortController();
        const started = Date.now();
        const pending = resolve(known.evmAddress, { signal: controller.signal });
        setTimeout(() => controller.abort(), 50);
        const error = await pending.catch((e: unknown) => e);
        assert.ok(isAbortError(error), String(error));
        assert.ok(Date.now() - started < 1500, 'did not wait for the slow answers');
    });

    it('reads each subnet by its id once per network, never the subnet list', async () => {
        sandbox.clearRequests();
        await resolve(known.l1SubnetId);
        await resolve(known.subnetId);
        await resolve(known.l1BlockchainId);
        await resolve(known.l1NodeId);
        assert.equal(
            sandbox.requests.filter((r) => r.operations.includes('listSubnets')).length,
            0,
        );
        const l1Reads = sandbox.requests.filter(
            (r) => r.operations.includes('getSubnetById') && r.url.includes(known.l1SubnetId),
        );
        assert.equal(l1Reads.length, 1, 'the blockchain and the node id reuse the subnet read');
        // At most one: an identical GET still under way from an earlier test is shared.
        const chains = sandbox.requests.filter((r) => r.operations.includes('supportedChains'));
        assert.ok(chains.length <= 1);
    });

    it('resolves a P-Chain transaction older than the latest blocks, which was "not found"', async () => {
        const primary = new Dataset('mainnet', 1, 'small').primary;
        const latest = new Set<string>();
        for (let h = primary.latestPHeight; h > primary.latestPHeight - 100; h--) {
            for (const tx of primary.pBlock(h)!.txs) latest.add(tx);
        }
        const old = [...primary.pTransactions()].filter(
            ([txId, tx]) => tx.kind === 'base' && !latest.has(txId),
        );
        assert.ok(
            old.length > 0,
            'the sandbox has a P-Chain transaction older than the latest blocks',
        );
        for (const [txId, tx] of old.slice(0, 2)) {
            const r = as(await resolve(txId), 'primaryTx');
            assert.equal(r.chain, 'P');
            assert.equal(r.txType, 'BaseTx');
            assert.equal(r.blockNumber, String(tx.at));
            assert.ok(r.timestamp !== undefined && r.timestamp > 0);
        }
    });
});
