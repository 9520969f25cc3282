/**
 * The Data API routes of the sandbox (spec 4.1–4.17, GET /v1/chains, GET /v1/operations/{id}, and
 * the published OpenAPI's lookups by id of a subnet, a blockchain and a primary-network transaction):
 * real paths, real status codes, class-validator style 400s, 404s for unknown ids, and opaque
 * page tokens. Every handler reads from the generated datasets; nothing is canned.
 */
import { sha256 } from '@noble/hashes/sha2.js';

import type { SandboxContext } from './context';
import type { Dataset, EvmChainEntry } from './dataset';
import type { EvmTx, Transfer } from './evmChain';
import { currencies, type Currency, EvmViews } from './evmViews';
import {
    cb58Decode,
    cb58Encode,
    isCb58Id,
    isEvmAddress,
    isEvmHash,
    isNodeId,
    parseChainAddress,
    primaryBlockchainIds,
    wellKnown,
} from './ids';
import {
    answerErrors,
    badRequest,
    json,
    notFound,
    pagedJson,
    QueryReader,
    type SandboxResponse,
} from './httpUtil';
import { Operations } from './operations';
import {
    l1ValidatorView,
    blockchainView,
    pBlockView,
    pTxView,
    pUtxoView,
    subnetView,
    vertexView,
    xTxView,
    xUtxoView,
} from './primaryViews';
import { bytesToHex, deriveSeed, Prng } from './prng';
import type { SandboxNetwork } from './types';

type Handler = (params: string[], q: QueryReader, body: string) => SandboxResponse;

interface Route {
    method: 'GET' | 'POST';
    pattern: RegExp;
    operationId: string;
    /** Compute units (x-execution-weight): free 1, small 10, medium 20, xl 100. */
    weight: number;
    handler: Handler;
}

export interface RouteMatch {
    operationId: string;
    weight: number;
    run(query: URLSearchParams, body: string): SandboxResponse;
}

const seg = '([^/]+)';

/** A `0x` blockchain id as the cb58 text the Data API uses. */
function cb58OfHex(hex: string): string {
    return cb58Encode(Buffer.from(hex.replace(/^0x/, ''), 'hex'));
}
/** Bounds on remembered route lookups (the map starts over when full): about 5 MB at most. */
const maxMatchedPaths = 10_000;
const maxMatchedPathLength = 256;
const networks = ['mainnet', 'fuji', 'testnet'] as const;
const xChainIdValues = [wellKnown.mainnet.xChainId, wellKnown.fuji.xChainId, 'x-chain'];
const primaryTxTypes = [
    'AddValidatorTx',
    'AddSubnetValidatorTx',
    'AddDelegatorTx',
    'CreateChainTx',
    'CreateSubnetTx',
    'ImportTx',
    'ExportTx',
    'AdvanceTimeTx',
    'RewardValidatorTx',
    'RemoveSubnetValidatorTx',
    'TransformSubnetTx',
    'AddPermissionlessValidatorTx',
    'AddPermissionlessDelegatorTx',
    'BaseTx',
    'TransferSubnetOwnershipTx',
    'ConvertSubnetToL1Tx',
    'RegisterL1ValidatorTx',
    'SetL1ValidatorWeightTx',
    'DisableL1ValidatorTx',
    'IncreaseL1ValidatorBalanceTx',
    'UNKNOWN',
    'CreateAssetTx',
    'OperationTx',
];

/**
 * Every route: method, path (`{x}` stands for one segment) and compute units
 * (x-execution-weight: free 1, small 10, medium 20, xl 100), keyed by the operation id, which is
 * also the name of the handler. Paths are tried in this order.
 */
export const routeTable = {
    supportedChains: ['GET', '/v1/chains', 1],
    listTransactions: ['GET', '/v1/chains/{c}/addresses/{a}/transactions', 20],
    listErc1155Transactions: ['GET', '/v1/chains/{c}/addresses/{a}/transactions:listErc1155', 20],
    listInternalTransactions: [
        'GET',
        '/v1/chains/{c}/addresses/{a}/transactions:listInternals',
        20,
    ],
    listErc20Balances: ['GET', '/v1/chains/{c}/addresses/{a}/balances:listErc20', 20],
    listErc1155Balances: ['GET', '/v1/chains/{c}/addresses/{a}/balances:listErc1155', 20],
    listCollectibleBalances: ['GET', '/v1/chains/{c}/addresses/{a}/balances:listCollectibles', 20],
    listTransfers: ['GET', '/v1/chains/{c}/tokens/{a}/transfers', 20],
    getTransaction: ['GET', '/v1/chains/{c}/transactions/{h}', 20],
    getTransactionsForBlock: ['GET', '/v1/chains/{c}/blocks/{b}/transactions', 20],
    getAggregatedSignatures: ['GET', '/v1/signatureAggregator/{n}/aggregateSignatures/{h}', 20],
    getUtxosByAddressesV2: ['POST', '/v1/networks/{n}/blockchains/{b}/utxos', 100],
    listAssetTransactions: ['GET', '/v1/networks/{n}/blockchains/{b}/assets/{a}/transactions', 100],
    getVertexByHeight: ['GET', '/v1/networks/{n}/blockchains/{b}/vertices:listByHeight', 20],
    listLatestPrimaryNetworkBlocks: ['GET', '/v1/networks/{n}/blockchains/{b}/blocks', 20],
    listSubnets: ['GET', '/v1/networks/{n}/subnets', 20],
    getSubnetById: ['GET', '/v1/networks/{n}/subnets/{s}', 20],
    getBlockchainById: ['GET', '/v1/networks/{n}/blockchains/{b}', 20],
    getTxByHash: ['GET', '/v1/networks/{n}/blockchains/{b}/transactions/{h}', 20],
    listL1Validators: ['GET', '/v1/networks/{n}/l1Validators', 20],
    postTransactionExportJob: ['POST', '/v1/operations/transactions:export', 20],
    getOperationResult: ['GET', '/v1/operations/{o}', 10],
    getIcmMessage: ['GET', '/v1/icm/messages/{m}', 20],
} as const satisfies Record<string, readonly [Route['method'], string, number]>;

type OperationId = keyof typeof routeTable;

type ChainLetter = 'p' | 'x' | 'c';

export class DataApi {
    private readonly routes: Route[];
    readonly operations: Operations;
    private readonly views = new Map<EvmChainEntry, EvmViews>();
    /** `match` results by method and path (a miss is remembered as undefined). */
    private readonly matched = new Map<string, RouteMatch | undefined>();

    constructor(private readonly ctx: SandboxContext) {
        this.operations = new Operations(ctx);
        this.routes = Object.entries(routeTable).map(([operationId, [method, path, weight]]) => ({
            method,
            pattern: new RegExp(`^${path.replace(/\{[a-zA-Z]+\}/g, seg)}$`),
            operationId,
            weight,
            handler: (params, q, body) => this[operationId as OperationId](params, q, body),
        }));
    }

    /** The route for a request, or undefined (the server answers NestJS's 404). */
    match(method: string, pathname: string): RouteMatch | undefined {
        // The table is fixed, and clients ask for the same paths over and over: a benchmark
        // rotates 64 transactions, a tree reloads the same pages. Trying ~20 patterns in turn was
        // the largest part of the sandbox's own work per request.
        // Long paths (floods, fuzzing) are looked up each time so that the map stays small.
        if (pathname.length > maxMatchedPathLength) return this.findRoute(method, pathname);
        const key = `${method} ${pathname}`;
        const known = this.matched.get(key);
        if (known !== undefined || this.matched.has(key)) return known;
        const found = this.findRoute(method, pathname);
        if (this.matched.size >= maxMatchedPaths) this.matched.clear();
        this.matched.set(key, found);
        return found;
    }

    private findRoute(method: string, pathname: string): RouteMatch | undefined {
        let path = pathname;
        if (path.includes('%')) {
            try {
                path = decodeURIComponent(path);
            } catch {
                return undefined;
            }
        }
        if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
        for (const route of this.routes) {
            if (route.method !== method) continue;
            const m = route.pattern.exec(path);
            if (!m) continue;
            const params = m.slice(1);
            return {
                operationId: route.operationId,
                weight: route.weight,
                run: (query, body) =>
                    answerErrors(() => route.handler(params, new QueryReader(query), body)),
            };
        }
        return undefined;
    }

    // ---- parameter helpers --------------------------------------------------------------

    private network(raw: string, q: QueryReader): SandboxNetwork {
        if (!(networks as readonly string[]).includes(raw)) {
            q.errors.push(`network must be one of the following values: ${networks.join(', ')}`);
            return 'mainnet';
        }
        return raw === 'mainnet' ? 'mainnet' : 'fuji';
    }

    private primaryChain(
        raw: string,
        network: SandboxNetwork,
        allowed: readonly string[],
        q: QueryReader,
    ): ChainLetter {
        if (!allowed.includes(raw)) {
            q.errors.push(
                `blockchainId must be one of the following values: ${allowed.join(', ')}`,
            );
            return 'p';
        }
        if (raw === 'p-chain' || raw === wellKnown.pChainId) return 'p';
        const implied =
            raw === wellKnown.mainnet.xChainId || raw === wellKnown.mainnet.cChainBlockchainId
                ? 'mainnet'
                : raw === wellKnown.fuji.xChainId || raw === wellKnown.fuji.cChainBlockchainId
                  ? 'fuji'
                  : undefined;
        if (implied !== undefined && implied !== network)
            q.errors.push(`blockchainId ${raw} does not belong to network ${network}`);
        return raw === 'x-chain' ||
            raw === wellKnown.mainnet.xChainId ||
            raw === wellKnown.fuji.xChainId
            ? 'x'
            : 'c';
    }

    private chainInfo(letter: ChainLetter, network: SandboxNetwork): Record<string, unknown> {
        return { chainName: `${letter}-chain`, network };
    }

    private evm(raw: string, q: QueryReader): { entry: EvmChainEntry; views: EvmViews } {
        const valid = /^\d{1,12}$/.test(raw) || isCb58Id(raw);
        if (!valid) {
            q.errors.push('chainId must be a supported EVM chain id or blockchain id');
            q.done();
        }
        const entry =
            this.ctx.dataset('mainnet').chainById(raw) ?? this.ctx.dataset('fuji').chainById(raw);
        if (!entry) {
            q.done();
            throw notFound(`Chain ${raw} is not supported`);
        }
        let views = this.views.get(entry);
        if (!views) this.views.set(entry, (views = new EvmViews(entry)));
        return { entry, views };
    }

    private evmAddress(raw: string, q: QueryReader): string {
        if (!isEvmAddress(raw)) q.errors.push('Invalid address format');
        return raw;
    }

    /** The chain and address of the per-address EVM routes (`/v1/chains/{c}/…/{a}/…`). */
    private evmAccount(
        p: string[],
        q: QueryReader,
    ): { entry: EvmChainEntry; views: EvmViews; address: string } {
        const { entry, views } = this.evm(p[0]!, q);
        const address = this.evmAddress(p[1]!, q);
        return { entry, views, address };
    }

    private blockRange(q: QueryReader, latest: number): [number, number] {
        const start = q.number('startBlock', 0);
        const end = q.number('endBlock', 0);
        if (start !== undefined && end !== undefined && start >= end)
            q.errors.push('startBlock must be less than endBlock');
        return [start ?? 0, end === undefined ? latest + 1 : end];
    }

    private timestampRange(q: QueryReader): [number, number] {
        const start = q.int('startTimestamp', 0, undefined, undefined);
        const end = q.int('endTimestamp', 0, undefined, undefined);
        if (start !== undefined && end !== undefined && start > end)
            q.errors.push('startTimestamp must be less than or equal to endTimestamp');
        return [start ?? 0, end ?? Number.MAX_SAFE_INTEGER];
    }

    private sorted<T>(items: T[], order: 'asc' | 'desc'): T[] {
        return order === 'desc' ? items.reverse() : items;
    }

    // ---- EVM routes ---------------------------------------------------------------------

    private supportedChains(_p: string[], q: QueryReader): SandboxResponse {
        const network = q.oneOf('network', networks, undefined);
        const feature = q.oneOf(
            'feature',
            ['nftIndexing', 'webhooks', 'teleporter'] as const,
            undefined,
        );
        q.done();
        const nets: SandboxNetwork[] =
            network === undefined
                ? ['mainnet', 'fuji']
                : [network === 'mainnet' ? 'mainnet' : 'fuji'];
        const chains: unknown[] = [];
        for (const net of nets) {
            for (const entry of this.ctx.dataset(net).chains) {
                const features = entry.isCChain
                    ? ['nftIndexing', 'webhooks', 'teleporter']
                    : ['nftIndexing', 'teleporter'];
                if (feature !== undefined && !features.includes(feature)) continue;
                const views = new EvmViews(entry);
                const path = entry.isCChain ? 'C' : entry.blockchainId;
                const info: Record<string, unknown> = {
                    chainId: entry.evmChainId,
                    status: entry.bootstrapped ? 'OK' : 'UNAVAILABLE',
                    chainName: entry.name,
                    description: entry.isCChain
                        ? "The Contract Chain on Avalanche's primary network supports EVM smart contracts."
                        : `${entry.name}, a Subnet-EVM L1 of the sandbox network.`,
                    platformChainId: entry.blockchainId,
                    subnetId: entry.subnetId,
                    vmId: entry.isCChain ? wellKnown.vms.evm : wellKnown.vms.subnetEvm,
                    vmName: 'EVM',
                    explorerUrl: entry.isCChain
                        ? net === 'mainnet'
                            ? 'https://subnets.avax.network/c-chain'
                            : 'https://subnets-test.avax.network/c-chain'
                        : `https://subnets.avax.network/${entry.blockchainId}`,
                    rpcUrl:
                        this.ctx.settings.internalRpcUrls && this.ctx.urls.internalUrl
                            ? `${this.ctx.urls.internalUrl}/internal-admin/ext/bc/${path}/rpc`
                            : `${this.ctx.urls.nodeUrl}/ext/bc/${path}/rpc`,
                    wsUrl: `${this.ctx.urls.nodeUrl.replace(/^http/, 'ws')}/ext/bc/${path}/ws`,
                    isTestnet: net === 'fuji',
                    utilityAddresses: {
                        multicall: entry.chain.accounts[entry.chain.router]!.address,
                    },
                    networkToken: views.networkToken(),
                    chainLogoUri: views.networkToken()['logoUri'],
                    private: false,
                    enabledFeatures: features,
                };
                chains.push(info);
            }
        }
        chains.push(...this.ctx.settings.extraChains);
        return json(200, { chains });
    }

    private listTransactions(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const paging = q.paging('listTransactions', 1, 100, 10);
        const sortOrder = q.oneOf('sortOrder', ['asc', 'desc'] as const, 'desc');
        const chain = entry.chain;
        const [start, end] = this.blockRange(q, chain.latestBlock);
        q.done();
        const account = chain.accountOf(address);
        const all = account === undefined ? [] : (chain.addressIndex(account)?.txs ?? []);
        const txs = this.sorted(
            all.filter((t) => {
                const b = chain.txs[t]!.block;
                return b >= start && b < end;
            }),
            sortOrder,
        );
        return pagedJson(
            paging,
            txs.length,
            (i) => {
                const tx = chain.txs[txs[i]!]!;
                return {
                    nativeTransaction: views.nativeTransaction(tx, false),
                    ...views.bundle(tx, account),
                };
            },
            (items) => ({ transactions: items }),
        );
    }

    private transfersOf(
        entry: EvmChainEntry,
        account: number | undefined,
        kind: 'erc1155' | undefined,
    ): Transfer[] {
        if (account === undefined) return [];
        const chain = entry.chain;
        const list = chain.addressIndex(account)?.transfers ?? [];
        const out: Transfer[] = [];
        for (const ti of list) {
            const t = chain.transfers[ti]!;
            if (kind === undefined || chain.accounts[t.token]!.token!.kind === kind) out.push(t);
        }
        return out;
    }

    private listErc1155Transactions(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const paging = q.paging('listErc1155Transactions', 1, 100, 10);
        const chain = entry.chain;
        const [start, end] = this.blockRange(q, chain.latestBlock);
        q.done();
        const list = this.transfersOf(entry, chain.accountOf(address), 'erc1155')
            .filter((t) => {
                const b = chain.txs[t.tx]!.block;
                return b >= start && b < end;
            })
            .reverse();
        return pagedJson(
            paging,
            list.length,
            (i) => views.transfer(list[i]!, true),
            (items) => ({ transactions: items }),
        );
    }

    private listInternalTransactions(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const paging = q.paging('listInternalTransactions', 1, 100, 10);
        const chain = entry.chain;
        const [start, end] = this.blockRange(q, chain.latestBlock);
        q.done();
        const account = chain.accountOf(address);
        const list = (account === undefined ? [] : (chain.addressIndex(account)?.internals ?? []))
            .map((i) => chain.internals[i]!)
            .filter(
                (i) =>
                    ((i.type === 'CALL' && i.value > 0) || i.type.startsWith('CREATE')) &&
                    chain.txs[i.tx]!.block >= start &&
                    chain.txs[i.tx]!.block < end,
            )
            .reverse();
        return pagedJson(
            paging,
            list.length,
            (i) => views.internal(list[i]!, true),
            (items) => ({ transactions: items }),
        );
    }

    private blockNumberParam(q: QueryReader, latest: number): number {
        const raw = q.string('blockNumber');
        if (raw === undefined || raw === '') return latest;
        if (!/^\d+$/.test(raw)) {
            q.errors.push('blockNumber must be a numeric string');
            return latest;
        }
        const n = Number(raw);
        if (n > latest)
            q.errors.push(`blockNumber must not be greater than the latest block ${latest}`);
        return n;
    }

    private listErc20Balances(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const chain = entry.chain;
        const block = this.blockNumberParam(q, chain.latestBlock);
        const paging = q.paging('listErc20Balances', 1, 500, 10);
        const filterSpam = q.bool('filterSpamTokens', true);
        const currency = q.oneOf<Currency>('currency', currencies, 'usd');
        const contracts = q
            .string('contractAddresses')
            ?.split(',')
            .map((s) => s.trim())
            .filter((s) => s.length > 0);
        for (const c of contracts ?? [])
            if (!isEvmAddress(c))
                q.errors.push(
                    `contractAddresses must be a comma-separated list of addresses: ${c}`,
                );
        q.done();
        const account = chain.accountOf(address);
        const wanted = contracts?.map((c) => c.toLowerCase());
        const tokens = (account === undefined ? [] : chain.erc20Holdings(account)).filter((t) => {
            const a = chain.accounts[t]!;
            if (filterSpam && a.token!.reputation === 'Malicious') return false;
            if (wanted && !wanted.includes(a.lower)) return false;
            return chain.erc20Balance(t, account!, block) > 0;
        });
        return pagedJson(
            paging,
            tokens.length,
            (i) =>
                views.erc20Balance(
                    tokens[i]!,
                    chain.erc20Balance(tokens[i]!, account!, block),
                    currency,
                ),
            (items) => ({
                nativeTokenBalance: views.nativeBalance(account, block, currency),
                erc20TokenBalances: items,
            }),
        );
    }

    /** ERC-1155 balances of an account at a block: [token, tokenId, amount]. */
    private erc1155Holdings(
        entry: EvmChainEntry,
        account: number | undefined,
        block: number,
    ): [number, number, number][] {
        const sums = new Map<string, [number, number, number]>();
        for (const t of this.transfersOf(entry, account, 'erc1155')) {
            if (entry.chain.txs[t.tx]!.block > block) break;
            const key = `${t.token}:${t.tokenId}`;
            const row = sums.get(key) ?? [t.token, t.tokenId, 0];
            if (t.to === account) row[2] += t.amount;
            if (t.from === account) row[2] -= t.amount;
            sums.set(key, row);
        }
        return [...sums.values()]
            .filter((r) => r[2] > 0)
            .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    }

    private listErc1155Balances(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const chain = entry.chain;
        const block = this.blockNumberParam(q, chain.latestBlock);
        const paging = q.paging('listErc1155Balances', 1, 500, 10);
        const contract = q.string('contractAddress');
        if (contract !== undefined && !isEvmAddress(contract))
            q.errors.push('contractAddress must be an address');
        q.done();
        const account = chain.accountOf(address);
        const rows = this.erc1155Holdings(entry, account, block).filter(
            (r) => contract === undefined || chain.accounts[r[0]]!.lower === contract.toLowerCase(),
        );
        return pagedJson(
            paging,
            rows.length,
            (i) => {
                const [token, tokenId, amount] = rows[i]!;
                return {
                    ...views.erc1155Token(token, tokenId),
                    chainId: entry.evmChainId,
                    balance: String(amount),
                };
            },
            (items) => ({
                nativeTokenBalance: views.nativeBalance(account, block, 'usd'),
                erc1155TokenBalances: items,
            }),
        );
    }

    private listCollectibleBalances(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const chain = entry.chain;
        const paging = q.paging('listCollectibleBalances', 1, 500, 10);
        const contract = q.string('contractAddress');
        if (contract !== undefined && !isEvmAddress(contract))
            q.errors.push('contractAddress must be an address');
        q.done();
        const account = chain.accountOf(address);
        const rows: (() => Record<string, unknown>)[] = [];
        if (account !== undefined) {
            for (const token of chain.tokens.erc721) {
                if (
                    contract !== undefined &&
                    chain.accounts[token]!.lower !== contract.toLowerCase()
                )
                    continue;
                for (let id = 1; id <= 12; id++) {
                    if (chain.ownerOf(token, id) === account)
                        rows.push(() => ({
                            ...views.erc721Token(token, id),
                            chainId: entry.evmChainId,
                        }));
                }
            }
            for (const [token, id, amount] of this.erc1155Holdings(
                entry,
                account,
                chain.latestBlock,
            )) {
                if (
                    contract !== undefined &&
                    chain.accounts[token]!.lower !== contract.toLowerCase()
                )
                    continue;
                rows.push(() => ({
                    ...views.erc1155Token(token, id),
                    chainId: entry.evmChainId,
                    balance: String(amount),
                }));
            }
        }
        return pagedJson(
            paging,
            rows.length,
            (i) => rows[i]!(),
            (items) => ({ collectibleBalances: items }),
        );
    }

    private listTransfers(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views, address } = this.evmAccount(p, q);
        const paging = q.paging('listTransfers', 1, 100, 10);
        const chain = entry.chain;
        const [start, end] = this.blockRange(q, chain.latestBlock);
        q.done();
        const token = chain.accountOf(address);
        const list = (token === undefined ? [] : (chain.tokenTransfers.get(token) ?? []))
            .filter((ti) => {
                const b = chain.txs[chain.transfers[ti]!.tx]!.block;
                return b >= start && b < end;
            })
            .reverse();
        return pagedJson(
            paging,
            list.length,
            (i) => views.transfer(chain.transfers[list[i]!]!, true),
            (items) => ({ transfers: items }),
        );
    }

    /** Every ICM message of both networks by id (64 lower-case hex digits), built on first use. */
    private icmIndex:
        | Map<string, { send?: [EvmChainEntry, EvmTx]; delivery?: [EvmChainEntry, EvmTx] }>
        | undefined;

    /**
     * `GET /v1/icm/messages/{messageId}`: the message as the Data API indexes it, from its send on
     * the C-Chain and its delivery on an L1 (the published shapes PendingIcmMessage and
     * DeliveredIcmMessage). A held delivery still shows: the index is the Data API's, not the
     * node's.
     */
    private getIcmMessage(p: string[], q: QueryReader): SandboxResponse {
        const raw = p[0]!;
        if (!/^(0x)?[0-9a-fA-F]{64}$/.test(raw)) q.errors.push('messageId must be a valid hex id');
        q.done();
        if (!this.icmIndex) {
            this.icmIndex = new Map();
            for (const network of ['mainnet', 'fuji'] as const) {
                for (const entry of this.ctx.dataset(network).chains) {
                    for (const tx of entry.chain.txs) {
                        const t = tx.teleporter;
                        if (!t) continue;
                        const key = t.messageId.replace(/^0x/, '').toLowerCase();
                        const found = this.icmIndex.get(key) ?? {};
                        if (t.direction === 'SOURCE_TRANSACTION') found.send = [entry, tx];
                        else if (tx.status === 1) found.delivery = [entry, tx];
                        this.icmIndex.set(key, found);
                    }
                }
            }
        }
        const found = this.icmIndex.get(raw.replace(/^0x/, '').toLowerCase());
        const spec = (found?.send ?? found?.delivery)?.[1].teleporter?.message;
        if (!found?.send || !spec) throw notFound(`ICM message ${raw} not found`);
        const [source, send] = found.send;
        const destination = this.ctx
            .dataset(source.network)
            .chains.find((c) => c.blockchainId === cb58OfHex(spec.destinationId));
        const timestamp = (entry: EvmChainEntry, tx: EvmTx) =>
            entry.chain.blocks[tx.block]?.timestamp ?? 0;
        const body: Record<string, unknown> = {
            messageId: send.teleporter!.messageId,
            icmContractAddress: spec.messenger,
            sourceBlockchainId: source.blockchainId,
            destinationBlockchainId: destination?.blockchainId ?? cb58OfHex(spec.destinationId),
            sourceEvmChainId: source.evmChainId,
            destinationEvmChainId: destination?.evmChainId ?? '',
            messageNonce: String(spec.nonce),
            from: spec.sender,
            to: spec.destinationAddress,
            messageExecuted: found.delivery ? !found.delivery[1].teleporter!.executionFails : false,
            receipts: [],
            receiptDelivered: false,
            rewardDetails: {
                address: spec.feeToken ?? '0x0000000000000000000000000000000000000000',
                name: 'Wrapped AVAX',
                symbol: 'WAVAX',
                decimals: 18,
                ercType: 'ERC-20',
                value: String(spec.feeAmount ?? 0n),
            },
            sourceTransaction: {
                txHash: send.hash,
                timestamp: timestamp(source, send),
                gasSpent: String(send.gasUsed),
            },
            status: found.delivery ? 'delivered' : 'pending',
        };
        if (found.delivery) {
            const [entry, tx] = found.delivery;
            body['destinationTransaction'] = {
                txHash: tx.hash,
                timestamp: timestamp(entry, tx),
                gasSpent: String(tx.gasUsed),
                rewardRedeemer: entry.chain.accounts[tx.from]!.address,
                delivererAddress: entry.chain.accounts[tx.from]!.address,
            };
        }
        return json(200, body);
    }

    private getTransaction(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views } = this.evm(p[0]!, q);
        const hash = p[1]!;
        if (!isEvmHash(hash)) q.errors.push('txHash must be a valid transaction hash');
        q.done();
        const index = entry.chain.txIndexByHash(hash);
        if (index === undefined)
            throw notFound(`Transaction ${hash} not found on chain ${entry.evmChainId}`);
        return json(200, views.fullTransaction(entry.chain.txs[index]!));
    }

    private getTransactionsForBlock(p: string[], q: QueryReader): SandboxResponse {
        const { entry, views } = this.evm(p[0]!, q);
        const blockId = p[1]!;
        // pageSize 0 (the documented default) returns the whole block: blocks here are small.
        const paging = q.paging('getTransactionsForBlock', 0, 100, 0);
        const chain = entry.chain;
        let number: number | undefined;
        if (/^\d+$/.test(blockId)) number = Number(blockId);
        else if (isEvmHash(blockId)) number = chain.blockNumberByHash(blockId);
        else q.errors.push('blockId must be a block number or a block hash');
        q.done();
        if (number === undefined || number > chain.latestBlock)
            throw notFound(`Block ${blockId} not found on chain ${entry.evmChainId}`);
        const block = chain.blocks[number]!;
        const pageSize = paging.size === 0 ? Math.max(1, block.txCount) : paging.size;
        return pagedJson(
            { ...paging, size: pageSize },
            block.txCount,
            (i) => views.nativeTransaction(chain.txs[block.txStart + i]!, false),
            (items) => ({ transactions: items }),
        );
    }

    // ---- export operations --------------------------------------------------------------

    private postTransactionExportJob(_p: string[], _q: QueryReader, body: string): SandboxResponse {
        return this.operations.create(body);
    }

    private getOperationResult(p: string[]): SandboxResponse {
        return this.operations.get(p[0]!);
    }

    // ---- primary network routes ---------------------------------------------------------

    private getAggregatedSignatures(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const txHash = p[1]!;
        if (!isCb58Id(txHash))
            q.errors.push('txHash must be a valid P-Chain or X-Chain transaction id');
        q.done();
        const data = this.ctx.dataset(network);
        const subnetIndex = data.primary.conversionSubnet(txHash);
        if (subnetIndex === undefined)
            throw notFound(`No L1 warp message found for transaction ${txHash}`);
        return json(201, { signedMessage: signedConversionMessage(data, subnetIndex) });
    }

    private getUtxosByAddressesV2(p: string[], q: QueryReader, rawBody: string): SandboxResponse {
        const network = this.network(p[0]!, q);
        const letter = this.primaryChain(p[1]!, network, primaryBlockchainIds, q);
        const paging = q.paging('getUtxosByAddressesV2', 1, 1024, 10);
        const assetId = q.string('assetId');
        const minAmount = q.number('minUtxoAmount', 0) ?? 0;
        const includeSpent = q.bool('includeSpent', false);
        const sortBy = q.oneOf('sortBy', ['timestamp', 'amount'] as const, 'timestamp');
        const sortOrder = q.oneOf('sortOrder', ['asc', 'desc'] as const, 'desc');
        let body: unknown;
        try {
            body = JSON.parse(rawBody || 'null');
        } catch {
            q.errors.push('Request body must be valid JSON');
        }
        const addressesText =
            body !== null && typeof body === 'object'
                ? (body as Record<string, unknown>)['addresses']
                : undefined;
        if (typeof addressesText !== 'string' || addressesText.trim() === '')
            q.errors.push('addresses must be a string', 'addresses should not be empty');
        q.done();
        const data = this.ctx.dataset(network);
        const hrp = data.primary.hrp;
        const bare: string[] = [];
        // The REST document: each address "may carry a chain prefix P-, X-, C-", whichever chain is
        // asked (the OpenAPI example mixes them); the prefix only labels the same address bytes.
        for (const raw of (addressesText as string)
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s.length > 0)) {
            const parsed = parseChainAddress(raw);
            const prefixed = parsed?.chain;
            if (
                !parsed ||
                parsed.hrp !== hrp ||
                (prefixed !== undefined && !['P', 'X', 'C'].includes(prefixed))
            ) {
                throw badRequest([`Invalid address format: ${raw}`]);
            }
            bare.push(parsed.chain === undefined ? raw : raw.slice(raw.indexOf('-') + 1));
        }
        const chainInfo = this.chainInfo(letter, network);
        const primary = data.primary;
        if (letter === 'p') {
            const utxos = bare
                .flatMap((a) => primary.pUtxos.get(a) ?? [])
                .filter(
                    (u) =>
                        (includeSpent || u.consumingTxHash === undefined) && u.amount >= minAmount,
                );
            utxos.sort(
                (a, b) =>
                    (sortBy === 'amount'
                        ? a.amount - b.amount
                        : a.blockTimestamp - b.blockTimestamp) || a.utxoId.localeCompare(b.utxoId),
            );
            if (sortOrder === 'desc') utxos.reverse();
            return pagedJson(
                paging,
                utxos.length,
                (i) => pUtxoView(primary, utxos[i]!),
                (items) => ({ utxos: items, chainInfo }),
            );
        }
        const source =
            letter === 'x'
                ? primary.xUtxos.filter((u) => u.consumedOnChainId === primary.xChainId)
                : primary.cChainUtxos();
        const utxos = source.filter(
            (u) =>
                bare.includes(u.addresses[0]!) &&
                (includeSpent || u.consumingTxHash === undefined) &&
                u.amount >= minAmount &&
                (letter !== 'x' || assetId === undefined || u.assetId === assetId),
        );
        utxos.sort(
            (a, b) =>
                (sortBy === 'amount' ? a.amount - b.amount : a.timestamp - b.timestamp) ||
                a.utxoId.localeCompare(b.utxoId),
        );
        if (sortOrder === 'desc') utxos.reverse();
        return pagedJson(
            paging,
            utxos.length,
            (i) => xUtxoView(primary, utxos[i]!),
            (items) => ({ utxos: items, chainInfo }),
        );
    }

    private listAssetTransactions(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        this.primaryChain(p[1]!, network, xChainIdValues, q);
        const assetId = p[2]!;
        if (!isCb58Id(assetId)) q.errors.push('assetId must be a valid asset id');
        const types = q.query
            .getAll('txTypes')
            .flatMap((t) => t.split(','))
            .filter((t) => t.length > 0);
        for (const t of types) {
            if (!primaryTxTypes.includes(t)) {
                q.errors.push(
                    `each value in txTypes must be one of the following values: ${primaryTxTypes.join(', ')}`,
                );
                break;
            }
        }
        const [start, end] = this.timestampRange(q);
        const paging = q.paging('listAssetTransactions', 1, 100, 10);
        q.done();
        const primary = this.ctx.dataset(network).primary;
        if (!primary.asset(assetId)) throw notFound(`Asset ${assetId} not found`);
        const txs = primary.xTxs
            .filter(
                (tx) =>
                    (types.length === 0 || types.includes(tx.txType)) &&
                    tx.timestamp >= start &&
                    tx.timestamp <= end,
            )
            .filter(
                (tx) =>
                    tx.assetCreated?.assetId === assetId ||
                    tx.emitted.some((u) => u.assetId === assetId) ||
                    tx.consumed.some((u) => u.assetId === assetId),
            )
            .reverse();
        return pagedJson(
            paging,
            txs.length,
            (i) => xTxView(primary, txs[i]!),
            (items) => ({
                transactions: items,
                chainInfo: this.chainInfo('x', network),
            }),
        );
    }

    private getVertexByHeight(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        this.primaryChain(p[1]!, network, xChainIdValues, q);
        if (!q.has('vertexHeight'))
            q.errors.push(
                'vertexHeight must not be less than 0',
                'vertexHeight must be an integer number',
            );
        const height = q.int('vertexHeight', 0, undefined, 0);
        const paging = q.paging('getVertexByHeight', 1, 100, 10);
        const sortOrder = q.oneOf('sortOrder', ['asc', 'desc'] as const, 'asc');
        q.done();
        const primary = this.ctx.dataset(network).primary;
        const vertices = this.sorted(
            primary.vertices.filter((v) => v.height === height),
            sortOrder,
        );
        return pagedJson(
            paging,
            vertices.length,
            (i) => vertexView(vertices[i]!),
            (items) => ({ vertices: items, chainInfo: this.chainInfo('x', network) }),
        );
    }

    private listLatestPrimaryNetworkBlocks(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const letter = this.primaryChain(p[1]!, network, primaryBlockchainIds, q);
        const [start, end] = this.timestampRange(q);
        const paging = q.paging('listLatestPrimaryNetworkBlocks', 1, 100, 10);
        q.done();
        const data = this.ctx.dataset(network);
        const primary = data.primary;
        const chainInfo = this.chainInfo(letter, network);
        if (letter === 'p') {
            // Heights whose timestamps fall in the range, newest first, found by bisection.
            const lo = lowerBound(primary.latestPHeight + 1, (h) => primary.pTimestamp(h) >= start);
            const hi =
                lowerBound(primary.latestPHeight + 1, (h) => primary.pTimestamp(h) > end) - 1;
            const count = Math.max(0, hi - lo + 1);
            return pagedJson(
                paging,
                count,
                (i) => pBlockView(primary, primary.pBlock(hi - i)!),
                (items) => ({ blocks: items, chainInfo }),
            );
        }
        if (letter === 'x') {
            const blocks = primary.xBlocks
                .filter((b) => b.timestamp >= start && b.timestamp <= end)
                .reverse();
            return pagedJson(
                paging,
                blocks.length,
                (i) => {
                    const b = blocks[i]!;
                    return {
                        blockNumber: String(b.height),
                        blockHash: b.hash,
                        parentHash: b.parentHash,
                        blockTimestamp: b.timestamp,
                        blockType: 'StandardBlock',
                        txCount: b.txs.length,
                        transactions: b.txs,
                        blockSizeBytes: 120 + b.txs.length * 380,
                    };
                },
                (items) => ({ blocks: items, chainInfo }),
            );
        }
        const chain = data.cChain;
        const lo = lowerBound(chain.blocks.length, (n) => chain.blocks[n]!.timestamp >= start);
        const hi = lowerBound(chain.blocks.length, (n) => chain.blocks[n]!.timestamp > end) - 1;
        const count = Math.max(0, hi - lo + 1);
        return pagedJson(
            paging,
            count,
            (i) => {
                const b = chain.blocks[hi - i]!;
                const txs: string[] = [];
                for (let t = 0; t < b.txCount; t++) txs.push(chain.txs[b.txStart + t]!.hash);
                return {
                    blockNumber: String(b.number),
                    blockHash: b.hash,
                    parentHash: b.parentHash,
                    blockTimestamp: b.timestamp,
                    blockType: 'ApricotPhase4Block',
                    txCount: b.txCount,
                    transactions: txs,
                    blockSizeBytes: b.size,
                };
            },
            (items) => ({ blocks: items, chainInfo }),
        );
    }

    private listSubnets(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const paging = q.paging('listSubnets', 1, 10000, 100);
        const sortOrder = q.oneOf('sortOrder', ['asc', 'desc'] as const, 'desc');
        q.done();
        const primary = this.ctx.dataset(network).primary;
        const n = primary.subnetCount;
        return pagedJson(
            paging,
            n,
            (i) => subnetView(primary.subnet(sortOrder === 'desc' ? n - 1 - i : i)),
            (items) => ({ subnets: items }),
        );
    }

    private getSubnetById(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const subnetId = p[1]!;
        if (!isCb58Id(subnetId)) q.errors.push('subnetId must be a valid subnet id');
        q.done();
        const primary = this.ctx.dataset(network).primary;
        const index = primary.subnetIndexOf(subnetId);
        if (index === undefined) throw notFound(`Subnet ${subnetId} not found`);
        return json(200, subnetView(primary.subnet(index)));
    }

    private getBlockchainById(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const blockchainId = p[1]!;
        if (!isCb58Id(blockchainId)) q.errors.push('blockchainId must be a valid blockchain id');
        q.done();
        const primary = this.ctx.dataset(network).primary;
        // The Primary Network's own chains were created at genesis, with no subnet of the list.
        const genesis = [
            { id: primary.cChainBlockchainId, name: 'C-Chain', vmId: wellKnown.vms.evm },
            { id: primary.xChainId, name: 'X-Chain', vmId: wellKnown.vms.avm },
        ].find((c) => c.id === blockchainId);
        if (genesis) {
            return json(200, {
                createBlockTimestamp: primary.pTimestamp(0),
                createBlockNumber: '0',
                blockchainId,
                vmId: genesis.vmId,
                subnetId: wellKnown.pChainId,
                blockchainName: genesis.name,
                ...(genesis.name === 'C-Chain'
                    ? { evmChainId: network === 'mainnet' ? 43114 : 43113 }
                    : {}),
            });
        }
        for (let i = 0; i < primary.subnetCount; i++) {
            const chain = primary
                .subnet(i)
                .blockchains.find((c) => c.blockchainId === blockchainId);
            if (chain) return json(200, blockchainView(chain));
        }
        throw notFound(`Blockchain ${blockchainId} not found`);
    }

    private getTxByHash(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const letter = this.primaryChain(p[1]!, network, primaryBlockchainIds, q);
        const txHash = p[2]!;
        if (!isCb58Id(txHash)) q.errors.push('txHash must be a valid transaction hash');
        q.done();
        const primary = this.ctx.dataset(network).primary;
        if (letter === 'p') {
            const tx = primary.pTransactions().get(txHash);
            if (tx) return json(200, pTxView(primary, txHash, tx));
        } else if (letter === 'x') {
            const tx = primary.xTxs.find((t) => t.txHash === txHash);
            if (tx) return json(200, xTxView(primary, tx));
        }
        // The sandbox keeps no C-Chain atomic transactions of their own.
        throw notFound(`Transaction ${txHash} not found on the ${letter.toUpperCase()}-Chain`);
    }

    private listL1Validators(p: string[], q: QueryReader): SandboxResponse {
        const network = this.network(p[0]!, q);
        const paging = q.paging('listL1Validators', 1, 100, 10);
        const validationId = q.string('l1ValidationId');
        const includeInactive = q.bool('includeInactiveL1Validators', false);
        const nodeId = q.string('nodeId');
        const subnetId = q.string('subnetId');
        if (validationId !== undefined && !isCb58Id(validationId))
            q.errors.push('l1ValidationId must be a valid validation id');
        if (nodeId !== undefined && !isNodeId(nodeId))
            q.errors.push('nodeId must be a valid NodeID');
        if (subnetId !== undefined && !isCb58Id(subnetId))
            q.errors.push('subnetId must be a valid subnet id');
        q.done();
        const data = this.ctx.dataset(network);
        const primary = data.primary;
        let list;
        if (subnetId !== undefined) {
            const index = primary.subnetIndexOf(subnetId);
            if (index === undefined) throw notFound(`Subnet ${subnetId} not found`);
            list = primary.l1Validators(index);
        } else {
            list = primary.allL1Validators();
        }
        const filtered = list.filter(
            (v) =>
                (includeInactive || v.remainingBalance > 0) &&
                (nodeId === undefined || v.nodeId === nodeId) &&
                (validationId === undefined || v.validationId === validationId),
        );
        return pagedJson(
            paging,
            filtered.length,
            (i) => l1ValidatorView(filtered[i]!),
            (items) => ({
                validators: items,
                blockHeight: String(primary.latestPHeight),
            }),
        );
    }
}

/** First index in [0, n) where `pred` holds (pred is monotone), or n. */
function lowerBound(n: number, pred: (i: number) => boolean): number {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (pred(mid)) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/**
 * A signed Warp message as the signature aggregator returns it (hex, no 0x), byte for byte in
 * AvalancheGo's layout (https://github.com/ava-labs/avalanchego/tree/master/vms/platformvm/warp):
 * codec version 0, network id, source chain (the P-Chain: 32 zero bytes), the payload as a
 * length-prefixed slice holding an AddressedCall (payload type 1) with an empty source address and
 * a SubnetToL1Conversion message (message type 0, a 32-byte id), then a BitSetSignature (type 0):
 * the signer bit set (big-endian, no leading zero byte) and a 96-byte aggregate signature. The
 * conversion id is a hash of the subnet and its conversion transaction: the sandbox does not keep
 * the initial validators' BLS keys that the real id hashes.
 */
export function signedConversionMessage(data: Dataset, subnetIndex: number): string {
    const subnet = data.primary.subnet(subnetIndex);
    const rng = new Prng(deriveSeed(subnetIndex, 'warp', subnet.subnetId));
    const u32 = (n: number): string => n.toString(16).padStart(8, '0');
    const slice = (hex: string): string => `${u32(hex.length / 2)}${hex}`;
    const subnetBytes = cb58Decode(subnet.subnetId)!;
    const txBytes = cb58Decode(subnet.conversionTxHash!)!;
    const conversionId = bytesToHex(sha256(new Uint8Array([...subnetBytes, ...txBytes])), '');
    const message = `0000${u32(0)}${conversionId}`;
    const addressedCall = `0000${u32(1)}${slice('')}${slice(message)}`;
    const networkId = data.network === 'mainnet' ? 1 : 5;
    const unsigned = `0000${u32(networkId)}${'0'.repeat(64)}${slice(addressedCall)}`;
    const validators = data.primary.l1Validators(subnetIndex).length;
    const count = Math.min(validators, 7);
    const bits = count === 0 ? '' : ((1 << count) - 1).toString(16).padStart(2, '0');
    return `${unsigned}${u32(0)}${slice(bits)}${bytesToHex(rng.bytes(96), '')}`;
}
