/**
 * The live part of a hover: what the Data API and the connected node say about an identifier, on
 * the network the identifier belongs to (its HRP, its well-known id) or else the selected one.
 *
 * Each lookup asks for little (one page, a handful of items) and runs its independent requests in
 * parallel. A part that fails becomes a calm note beside the parts that worked; only when nothing
 * could be read does `resolve` reject, and the hover then shows one calm line. Cancellation (the
 * caller's signal) aborts the requests and rejects with an AbortError.
 *
 * Two directories are shared by every lookup of a network and kept for minutes: the EVM chains
 * the Data API indexes (`GET /v1/chains`) and a bounded index of subnets and their blockchains
 * (`listSubnets`, read page by page only as far as a lookup needs). Primary-network transactions
 * have no lookup by id in this client, so they are searched among the latest P- and X-Chain blocks
 * and the latest AVAX transactions of the X-Chain; an older one is reported as not found there.
 */
import { untilAborted } from '../abort';
import type { DataApiClient } from '../dataApi/dataApiClient';
import type { EvmTransactionDetails, TokenTransfer } from '../dataApi/model';
import { abortError, isAbortError, isHttpError } from '../http/errors';
import type { Identifier, PnAddressIdentifier } from '../identifiers';
import { type KnownId, knownCb58Ids } from '../knownIds';
import { nodeRpcMethods } from '../nodeRpc/methods';
import { batchCall, type NodeRpcClient } from '../nodeRpc/rpcClient';
import { toCalmError } from './calmError';
import type {
    AssetLive,
    BlockchainLive,
    CalmError,
    EvmAddressLive,
    EvmBlockLive,
    EvmTxLive,
    HoverAssetBalance,
    HoverChain,
    HoverL1Validation,
    HoverNetwork,
    HoverNodeValidator,
    HoverService,
    HoverTokenBalance,
    HoverTokenContract,
    HoverTransfer,
    HoverUtxoSummary,
    L1ValidationLive,
    LiveResult,
    NodeIdLive,
    NotFoundLive,
    PnAddressLive,
    PrimaryTxLive,
    SubnetLive,
} from './types';
import { vmName } from './vms';

/** Where the resolver gets its clients; built lazily by the caller, asked per lookup. */
export interface HoverClients {
    dataApi(): Promise<DataApiClient>;
    /** The selected node. */
    nodeRpc(): NodeRpcClient;
    /** A client for another chain's RPC endpoint, by the endpoint's origin. */
    rpcClient(origin: string): NodeRpcClient;
}

/** Per-lookup options. */
export interface ResolveOptions {
    /** The selected network, for identifiers that do not name their own. */
    readonly network: HoverNetwork;
    /** EVM chain id to look EVM addresses and hashes up on; the network's C-Chain when empty. */
    readonly evmChainId?: string | undefined;
    /** Whether a Data API key is set (a rate limit then does not suggest one). */
    readonly hasApiKey: boolean;
    readonly signal?: AbortSignal | undefined;
}

/** Limits of the resolver; the defaults suit hovers. */
export interface ResolverLimits {
    /** Token balances shown. */
    readonly topTokens: number;
    /** Latest transactions shown. */
    readonly recentTransactions: number;
    /** Transfers and internal calls shown per transaction. */
    readonly briefItems: number;
    /** Subnets the directory reads at most per network (newest first). */
    readonly maxSubnets: number;
    readonly subnetPageSize: number;
    /** How long the directories are kept. */
    readonly directoryTtlMs: number;
}

/** Defaults of `ResolverLimits`. */
export const defaultResolverLimits: ResolverLimits = {
    topTokens: 5,
    recentTransactions: 3,
    briefItems: 3,
    maxSubnets: 5000,
    subnetPageSize: 1000,
    directoryTtlMs: 10 * 60_000,
};

/** The EVM chain id of the primary network's C-Chain. */
export function cChainEvmId(network: HoverNetwork): string {
    return network === 'mainnet' ? '43114' : '43113';
}

/** A compact subnet as the directory keeps it (no genesis data). */
interface SubnetSummary {
    readonly subnetId: string;
    readonly isL1: boolean;
    readonly owners: readonly string[];
    readonly threshold: number;
    readonly createdAt: number;
    readonly conversionTx?: string | undefined;
    readonly validatorManager?: { readonly blockchainId: string; readonly address: string };
    readonly blockchains: readonly {
        readonly blockchainId: string;
        readonly name: string;
        readonly evmChainId?: number | undefined;
        readonly vmId: string;
    }[];
}

/** Subnets and blockchains of one network, read page by page as lookups need them. */
class SubnetDirectory {
    readonly subnets = new Map<string, SubnetSummary>();
    readonly blockchains = new Map<string, SubnetSummary>();
    private nextPageToken: string | undefined;
    private complete = false;
    private loading: Promise<void> | undefined;
    readonly createdAt = Date.now();

    constructor(
        private readonly network: HoverNetwork,
        private readonly clients: HoverClients,
        private readonly limits: ResolverLimits,
    ) {}

    /** The subnet that is, or holds the blockchain, `id`; reads more pages while needed. */
    async find(
        id: string,
        signal: AbortSignal | undefined,
    ): Promise<{ subnet: SubnetSummary; isBlockchain: boolean } | undefined> {
        for (;;) {
            const subnet = this.subnets.get(id);
            if (subnet) return { subnet, isBlockchain: false };
            const holder = this.blockchains.get(id);
            if (holder) return { subnet: holder, isBlockchain: true };
            if (this.complete || this.subnets.size >= this.limits.maxSubnets) return undefined;
            // The page load is shared by every lookup and finishes even if this one is cancelled.
            this.loading ??= this.loadPage().finally(() => (this.loading = undefined));
            await untilAborted(this.loading, signal, abortError);
        }
    }

    /** The subnet `id` if it was read already (no request). */
    peek(id: string): SubnetSummary | undefined {
        return this.subnets.get(id);
    }

    private async loadPage(): Promise<void> {
        const api = await this.clients.dataApi();
        const page = await api.listSubnets({
            network: this.network,
            pageSize: this.limits.subnetPageSize,
            pageToken: this.nextPageToken,
        });
        for (const s of page.items) {
            const summary: SubnetSummary = {
                subnetId: s.subnetId,
                isL1: s.isL1,
                owners: s.subnetOwnershipInfo.addresses,
                threshold: s.subnetOwnershipInfo.threshold,
                createdAt: s.createBlockTimestamp,
                conversionTx: s.l1ConversionTransactionHash,
                ...(s.l1ValidatorManagerDetails
                    ? {
                          validatorManager: {
                              blockchainId: s.l1ValidatorManagerDetails.blockchainId,
                              address: s.l1ValidatorManagerDetails.contractAddress,
                          },
                      }
                    : {}),
                blockchains: s.blockchains.map((b) => ({
                    blockchainId: b.blockchainId,
                    name: b.blockchainName,
                    evmChainId: b.evmChainId,
                    vmId: b.vmId,
                })),
            };
            this.subnets.set(summary.subnetId, summary);
            for (const b of summary.blockchains) this.blockchains.set(b.blockchainId, summary);
        }
        this.nextPageToken = page.nextPageToken;
        if (!page.nextPageToken) this.complete = true;
    }
}

/** `{ signal }` when there is one (the node client's options are exact). */
function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
    return signal ? { signal } : {};
}

function isNotFound(error: unknown): boolean {
    return isHttpError(error) && error.status === 404;
}

/** The outcome of one part of a lookup. */
type Part<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function part<T>(promise: Promise<T>): Promise<Part<T>> {
    try {
        return { ok: true, value: await promise };
    } catch (error) {
        return { ok: false, error };
    }
}

function valueOf<T>(p: Part<T>): T | undefined {
    return p.ok ? p.value : undefined;
}

function avaxAssetId(network: HoverNetwork): string | undefined {
    for (const [id, known] of knownCb58Ids) {
        if (known.kind === 'asset' && known.network === network) return id;
    }
    return undefined;
}

function networkOfKnown(known: KnownId | undefined, fallback: HoverNetwork): HoverNetwork {
    return known?.network === 'mainnet' || known?.network === 'fuji' ? known.network : fallback;
}

/** `/ext/bc/<chain>/rpc` of an RPC URL, split into the node origin and the chain segment. */
function splitRpcUrl(rpcUrl: string): { origin: string; path: string } | undefined {
    let url: URL;
    try {
        url = new URL(rpcUrl);
    } catch {
        return undefined;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return { origin: url.origin, path: url.pathname === '' ? '/' : url.pathname };
}

/** See the file comment. One instance per extension; `dispose()` forgets the directories. */
export class HoverResolver {
    private readonly chainDirs = new Map<
        HoverNetwork,
        { at: number; chains: Promise<HoverChain[]> }
    >();
    private readonly subnetDirs = new Map<HoverNetwork, SubnetDirectory>();
    private readonly limits: ResolverLimits;

    constructor(
        private readonly clients: HoverClients,
        limits: Partial<ResolverLimits> = {},
        private readonly now: () => number = Date.now,
    ) {
        this.limits = { ...defaultResolverLimits, ...limits };
    }

    /** Drops the directories (after a network or Data API change). */
    reset(): void {
        this.chainDirs.clear();
        this.subnetDirs.clear();
    }

    /** What the services say about `id`. Rejects only when nothing could be read. */
    async resolve(id: Identifier, options: ResolveOptions): Promise<LiveResult> {
        switch (id.kind) {
            case 'evmAddress': {
                const chain = await this.evmChain(options.network, options);
                return this.resolveEvmAddress(id.value, chain.chain, options, chain.notes);
            }
            case 'hash32': {
                if (id.known?.kind === 'blockchain') {
                    const network = networkOfKnown(id.known, options.network);
                    return this.resolveCb58(id.cb58, id.known, { ...options, network });
                }
                return this.resolveHash(id.value, id.cb58, options);
            }
            case 'pnAddress':
                return this.resolvePnAddress(id, options);
            case 'nodeId':
                return this.resolveNodeId(id.text, options);
            case 'cb58Id': {
                const network = networkOfKnown(id.known, options.network);
                return this.resolveCb58(id.value, id.known, { ...options, network });
            }
        }
    }

    /** The EVM chains the Data API indexes on `network` (shared, kept for minutes). */
    chains(network: HoverNetwork, signal?: AbortSignal): Promise<HoverChain[]> {
        const cached = this.chainDirs.get(network);
        if (cached && this.now() - cached.at < this.limits.directoryTtlMs) {
            return untilAborted(cached.chains, signal, abortError);
        }
        const chains = this.loadChains(network);
        const entry = { at: this.now(), chains };
        this.chainDirs.set(network, entry);
        // A failed directory is not kept: the next lookup asks again.
        chains.catch(() => {
            if (this.chainDirs.get(network) === entry) this.chainDirs.delete(network);
        });
        return untilAborted(chains, signal, abortError);
    }

    private async loadChains(network: HoverNetwork): Promise<HoverChain[]> {
        const api = await this.clients.dataApi();
        const { chains } = await api.supportedChains({ network });
        return chains.map((c) => ({
            evmChainId: c.chainId,
            blockchainId: c.platformChainId,
            name: c.chainName,
            symbol: c.networkToken.symbol,
            decimals: c.networkToken.decimals,
            rpcUrl: c.rpcUrl,
            explorerUrl: c.explorerUrl,
            subnetId: c.subnetId,
            vmId: c.vmId,
            isCChain: c.chainId === '43114' || c.chainId === '43113',
            network,
        }));
    }

    private subnetDirectory(network: HoverNetwork): SubnetDirectory {
        let dir = this.subnetDirs.get(network);
        if (!dir || this.now() - dir.createdAt >= this.limits.directoryTtlMs) {
            dir = new SubnetDirectory(network, this.clients, this.limits);
            this.subnetDirs.set(network, dir);
        }
        return dir;
    }

    /** The chain EVM lookups go to, with a note when the chain list could not be read. */
    async evmChain(
        network: HoverNetwork,
        options: ResolveOptions,
    ): Promise<{ chain: HoverChain; notes: CalmError[] }> {
        const wanted = options.evmChainId?.trim() || cChainEvmId(network);
        const fallback: HoverChain = {
            evmChainId: wanted,
            name: wanted === cChainEvmId(network) ? 'C-Chain' : `EVM chain ${wanted}`,
            symbol: wanted === cChainEvmId(network) ? 'AVAX' : '',
            decimals: 18,
            isCChain: wanted === '43114' || wanted === '43113',
            network,
        };
        try {
            const chains = await this.chains(network, options.signal);
            const found = chains.find((c) => c.evmChainId === wanted || c.blockchainId === wanted);
            return { chain: found ?? fallback, notes: [] };
        } catch (error) {
            if (isAbortError(error)) throw error;
            return {
                chain: fallback,
                notes: [this.calm(error, 'Data API', options, 'chain list')],
            };
        }
    }

    private calm(
        error: unknown,
        service: HoverService,
        options: ResolveOptions,
        during?: string,
    ): CalmError {
        return toCalmError(error, {
            service,
            during,
            hasApiKey: options.hasApiKey,
            nowMs: this.now(),
        });
    }

    /** Rejects with the first failure when every part failed; rethrows cancellation. */
    private settleParts(parts: readonly Part<unknown>[], signal: AbortSignal | undefined): void {
        if (signal?.aborted) throw abortError(signal);
        for (const p of parts) if (!p.ok && isAbortError(p.error)) throw p.error;
        const first = parts.find((p) => !p.ok);
        if (first && parts.every((p) => !p.ok) && !first.ok) throw first.error;
    }

    // ---- EVM address ----------------------------------------------------------------------

    /** An address on `chain`: balances, latest transactions, code and token details. */
    async resolveEvmAddress(
        address: string,
        chain: HoverChain,
        options: ResolveOptions,
        notes: CalmError[] = [],
    ): Promise<EvmAddressLive> {
        const { signal } = options;
        const api = await this.clients.dataApi();
        const chainId = chain.evmChainId;
        const [balances, txs, code, transfers] = await Promise.all([
            part(
                api.listErc20Balances(
                    { chainId, address, pageSize: 100, filterSpamTokens: false },
                    { signal },
                ),
            ),
            part(
                api.listTransactions(
                    { chainId, address, pageSize: this.limits.recentTransactions },
                    { signal },
                ),
            ),
            part(this.getCode(chain, address, signal)),
            part(api.listTransfers({ chainId, address, pageSize: 1 }, { signal })),
        ]);
        this.settleParts([balances, txs, code, transfers], signal);
        const out: {
            -readonly [K in keyof EvmAddressLive]: EvmAddressLive[K];
        } = { kind: 'evmAddress', address, chain, notes };
        if (balances.ok) {
            const page = balances.value;
            const native = page.nativeTokenBalance;
            out.native = {
                address: '',
                name: native.name,
                symbol: native.symbol,
                decimals: native.decimals,
                balance: native.balance,
                usd: native.balanceValue?.value,
            };
            const clean = page.items.filter((t) => t.tokenReputation !== 'Malicious');
            out.spamHidden = page.items.length - clean.length;
            out.tokenCount = clean.length;
            out.moreTokens = page.nextPageToken !== undefined;
            out.tokens = clean
                .map((t): HoverTokenBalance => ({
                    address: t.address,
                    name: t.name,
                    symbol: t.symbol,
                    decimals: t.decimals,
                    balance: t.balance,
                    usd: t.balanceValue?.value,
                }))
                .sort((a, b) => (b.usd ?? -1) - (a.usd ?? -1) || a.symbol.localeCompare(b.symbol))
                .slice(0, this.limits.topTokens);
        } else {
            notes.push(this.calm(balances.error, 'Data API', options, 'balances'));
        }
        if (txs.ok) {
            out.recent = txs.value.items.map(({ nativeTransaction: t }) => ({
                txHash: t.txHash,
                timestamp: t.blockTimestamp,
                method: t.method?.methodName || t.method?.callType || '',
                value: t.value,
                from: t.from.address,
                to: t.to.address,
                success: t.txStatus === '1',
            }));
            out.moreTransactions = txs.value.nextPageToken !== undefined;
        } else {
            notes.push(this.calm(txs.error, 'Data API', options, 'latest transactions'));
        }
        if (code.ok) {
            out.isContract = code.value.length > 2;
        } else {
            const service = chain.isCChain ? 'node' : 'chain RPC';
            notes.push(this.calm(code.error, service, options, 'contract check'));
        }
        if (transfers.ok) {
            const token = tokenOf(transfers.value.items[0], address);
            if (token) out.token = token;
        } else if (out.isContract !== false) {
            // Token details matter only for contracts.
            notes.push(this.calm(transfers.error, 'Data API', options, 'token details'));
        }
        return out;
    }

    /**
     * The code at `address`: from the selected node when it serves this C-Chain (its chain id is
     * checked in the same batch, so a node of another network is not believed), else from the
     * chain's own RPC URL.
     */
    private async getCode(
        chain: HoverChain,
        address: string,
        signal: AbortSignal | undefined,
    ): Promise<string> {
        let nodeError: Error | undefined;
        if (chain.isCChain) {
            try {
                const node = this.clients.nodeRpc();
                const [chainId, code] = await node.batch(
                    [
                        batchCall(nodeRpcMethods.eth_chainId, []),
                        batchCall(nodeRpcMethods.eth_getCode, [address]),
                    ],
                    { chain: 'C', ...withSignal(signal) },
                );
                if (chainId.status === 'fulfilled' && code.status === 'fulfilled') {
                    if (String(chainId.value) === chain.evmChainId) return code.value;
                } else {
                    nodeError = code.status === 'rejected' ? code.reason : undefined;
                }
            } catch (error) {
                if (isAbortError(error)) throw error;
                nodeError = error instanceof Error ? error : new Error(String(error));
            }
        }
        const rpc = chain.rpcUrl ? splitRpcUrl(chain.rpcUrl) : undefined;
        if (!rpc) {
            if (nodeError !== undefined) throw nodeError;
            throw new Error(`no RPC URL is known for ${chain.name}`);
        }
        const client = this.clients.rpcClient(rpc.origin);
        const result = await client.callRaw(
            rpc.path,
            'eth_getCode',
            [address, 'latest'],
            withSignal(signal),
        );
        if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result)) {
            throw new Error('the chain RPC answered eth_getCode with something other than code');
        }
        return result.toLowerCase();
    }

    // ---- 32-byte hashes -------------------------------------------------------------------

    /** A transaction or block hash on the default EVM chain, else a primary-network id. */
    async resolveHash(hex: string, cb58: string, options: ResolveOptions): Promise<LiveResult> {
        const { signal } = options;
        const { chain, notes } = await this.evmChain(options.network, options);
        const api = await this.clients.dataApi();
        try {
            const details = await api.getTransaction(
                { chainId: chain.evmChainId, txHash: hex },
                { signal },
            );
            return await this.evmTx(details, chain, options, notes);
        } catch (error) {
            if (!isNotFound(error)) throw error;
        }
        try {
            const block = await api.getTransactionsForBlock(
                { chainId: chain.evmChainId, blockId: hex, pageSize: 100 },
                { signal },
            );
            const first = block.items[0];
            if (first) {
                const live: EvmBlockLive = {
                    kind: 'evmBlock',
                    chain,
                    blockHash: hex,
                    blockNumber: first.blockNumber,
                    timestamp: first.blockTimestamp,
                    txCount: block.items.length,
                    moreTransactions: block.nextPageToken !== undefined,
                    notes,
                };
                return live;
            }
        } catch (error) {
            if (!isNotFound(error)) throw error;
        }
        const searched = [`${chain.name} transactions`, `${chain.name} blocks`];
        return this.resolveCb58(cb58, undefined, options, searched, notes);
    }

    private async evmTx(
        d: EvmTransactionDetails,
        chain: HoverChain,
        options: ResolveOptions,
        notes: CalmError[],
    ): Promise<EvmTxLive> {
        const t = d.nativeTransaction;
        const transfers: HoverTransfer[] = [
            ...(d.erc20Transfers ?? []).map((x) => ({
                ercType: 'ERC-20',
                from: x.from.address,
                to: x.to.address,
                value: x.value,
                symbol: x.erc20Token.symbol,
                name: x.erc20Token.name,
                decimals: x.erc20Token.decimals,
            })),
            ...(d.erc721Transfers ?? []).map((x) => ({
                ercType: 'ERC-721',
                from: x.from.address,
                to: x.to.address,
                tokenId: x.erc721Token.tokenId,
                symbol: x.erc721Token.symbol,
                name: x.erc721Token.name,
            })),
            ...(d.erc1155Transfers ?? []).map((x) => ({
                ercType: 'ERC-1155',
                from: x.from.address,
                to: x.to.address,
                value: x.value,
                tokenId: x.erc1155Token.tokenId,
                symbol: x.erc1155Token.metadata.symbol,
                name: x.erc1155Token.metadata.name,
                decimals: x.erc1155Token.metadata.decimals,
            })),
        ];
        const internal = (d.internalTransactions ?? []).map((x) => ({
            type: x.internalTxType,
            from: x.from.address,
            to: x.to.address,
            value: x.value,
            reverted: x.isReverted,
        }));
        let teleporter: EvmTxLive['teleporter'];
        const info = d.teleporterMessageInfo;
        if (info) {
            let chains: HoverChain[] = [];
            try {
                chains = await this.chains(chain.network ?? options.network, options.signal);
            } catch (error) {
                if (isAbortError(error)) throw error;
            }
            const nameOf = (id: string | undefined): string | undefined =>
                id === undefined
                    ? undefined
                    : chains.find((c) => c.blockchainId === id || c.evmChainId === id)?.name;
            // The side this transaction is on is often left out: it is this chain.
            const here = chain.blockchainId ?? chain.evmChainId;
            const source =
                info.sourceChainId ?? (info.direction === 'SOURCE_TRANSACTION' ? here : undefined);
            const destination =
                info.destinationChainId ??
                (info.direction === 'DESTINATION_TRANSACTION' ? here : undefined);
            teleporter = {
                messageId: info.teleporterMessageId,
                direction: info.direction,
                sourceChainId: source,
                sourceChainName: source === here ? chain.name : nameOf(source),
                destinationChainId: destination,
                destinationChainName: destination === here ? chain.name : nameOf(destination),
            };
        }
        const token = d.networkTokenDetails.networkToken;
        return {
            kind: 'evmTx',
            chain,
            txHash: t.txHash,
            success: t.txStatus === '1',
            blockNumber: t.blockNumber,
            timestamp: t.blockTimestamp,
            from: t.from.address,
            to: t.to.address,
            value: t.value,
            symbol: token.symbol,
            decimals: token.decimals,
            method: t.method?.methodName || t.method?.callType || undefined,
            gasUsed: t.gasUsed,
            gasLimit: t.gasLimit,
            gasPrice: t.gasPrice,
            transfers: transfers.slice(0, this.limits.briefItems),
            transferCount: transfers.length,
            internal: internal.slice(0, this.limits.briefItems),
            internalCount: internal.length,
            teleporter,
            notes,
        };
    }

    // ---- cb58 ids -------------------------------------------------------------------------

    /**
     * A cb58 id: a blockchain, subnet, asset, L1 validation or P-/X-Chain transaction, tried in
     * that order of likelihood (the directories first, as they are usually cached).
     */
    async resolveCb58(
        id: string,
        known: KnownId | undefined,
        options: ResolveOptions,
        searchedBefore: readonly string[] = [],
        notes: CalmError[] = [],
    ): Promise<LiveResult> {
        const { network, signal } = options;
        if (known?.kind === 'asset') return this.resolveAsset(id, options, notes);
        if (known?.kind === 'blockchain' && known.chain !== 'C') {
            const live: BlockchainLive = {
                kind: 'blockchain',
                blockchainId: id,
                network,
                name: `${known.chain ?? ''}-Chain`,
                vmName: known.chain === 'P' ? 'Platform VM' : 'AVM',
                subnetId: knownPrimaryNetworkId,
                isL1: false,
                notes,
            };
            return live;
        }
        const directoryParts = await Promise.all([
            part(this.chains(network, signal)),
            part(this.subnetDirectory(network).find(id, signal)),
        ]);
        const [chains, subnet] = directoryParts;
        if (signal?.aborted) throw abortError(signal);
        for (const p of directoryParts) if (!p.ok && isAbortError(p.error)) throw p.error;
        const chainInfo = valueOf(chains)?.find((c) => c.blockchainId === id);
        const found = valueOf(subnet);
        if (chainInfo || found?.isBlockchain) {
            return this.blockchainLive(id, network, chainInfo, found?.subnet, notes);
        }
        if (found) return this.subnetLive(found.subnet, options, notes);

        const api = await this.clients.dataApi();
        const assetId = avaxAssetId(network);
        const [asset, validation, pBlocks, xBlocks, xTxs] = await Promise.all([
            part(
                api.listAssetTransactions(
                    { network, blockchainId: 'x-chain', assetId: id, pageSize: 1 },
                    { signal },
                ),
            ),
            part(api.listL1Validators({ network, l1ValidationId: id, pageSize: 1 }, { signal })),
            part(
                api.listLatestPrimaryNetworkBlocks(
                    { network, blockchainId: 'p-chain', pageSize: 100 },
                    { signal },
                ),
            ),
            part(
                api.listLatestPrimaryNetworkBlocks(
                    { network, blockchainId: 'x-chain', pageSize: 100 },
                    { signal },
                ),
            ),
            assetId === undefined
                ? Promise.resolve<Part<undefined>>({ ok: true, value: undefined })
                : part(
                      api.listAssetTransactions(
                          { network, blockchainId: 'x-chain', assetId, pageSize: 100 },
                          { signal },
                      ),
                  ),
        ]);
        const probes = [asset, validation, pBlocks, xBlocks, xTxs];
        const failed = (p: Part<unknown>): boolean => !p.ok && !isNotFound(p.error);
        const everything = [...directoryParts, ...probes];
        if (signal?.aborted) throw abortError(signal);
        for (const p of everything) if (!p.ok && isAbortError(p.error)) throw p.error;

        if (asset.ok) {
            const amount = asset.value.items
                .flatMap((tx) => [...tx.amountCreated, ...tx.amountUnlocked])
                .find((a) => a.assetId === id);
            const created = asset.value.items.find((tx) => tx.assetCreated?.assetId === id);
            const details = created?.assetCreated ?? amount;
            if (details) {
                const live: AssetLive = {
                    kind: 'asset',
                    assetId: id,
                    network,
                    name: details.name,
                    symbol: details.symbol,
                    denomination: details.denomination,
                    notes,
                };
                return live;
            }
        }
        const v = valueOf(validation)?.items[0];
        if (v && v.validationId === id) {
            const live: L1ValidationLive = {
                kind: 'l1Validation',
                network,
                validation: {
                    ...l1Validation(v),
                    subnetName: this.subnetDirectory(network).peek(v.subnetId)?.blockchains[0]
                        ?.name,
                },
                notes,
            };
            return live;
        }
        const tx = primaryTx(
            id,
            network,
            valueOf(pBlocks)?.items,
            valueOf(xBlocks)?.items,
            valueOf(xTxs)?.items,
            notes,
        );
        if (tx) return tx;

        // A lookup that failed may have been the one that would have found it: the hover then
        // says why it cannot tell (one calm line) rather than "not found".
        const firstFailure = everything.find(failed);
        if (firstFailure && !firstFailure.ok) throw firstFailure.error;
        const live: NotFoundLive = {
            kind: 'notFound',
            network,
            searched: [
                ...searchedBefore,
                'indexed EVM chains',
                'subnets and blockchains',
                'X-Chain assets',
                'L1 validations',
                'latest P-Chain and X-Chain blocks',
                'latest X-Chain AVAX transactions',
            ],
            notes,
        };
        return live;
    }

    private blockchainLive(
        id: string,
        network: HoverNetwork,
        chain: HoverChain | undefined,
        subnet: SubnetSummary | undefined,
        notes: CalmError[],
    ): BlockchainLive {
        const fromSubnet = subnet?.blockchains.find((b) => b.blockchainId === id);
        const vmId = fromSubnet?.vmId ?? chain?.vmId;
        const evmChainId =
            chain?.evmChainId ??
            (fromSubnet?.evmChainId === undefined ? undefined : String(fromSubnet.evmChainId));
        return {
            kind: 'blockchain',
            blockchainId: id,
            network,
            name: fromSubnet?.name ?? chain?.name ?? 'Blockchain',
            vmId,
            vmName: vmId === undefined ? undefined : vmName(vmId),
            subnetId: subnet?.subnetId ?? chain?.subnetId,
            evmChainId,
            isL1: subnet?.isL1 ?? (chain?.isCChain ? false : undefined),
            notes,
        };
    }

    private async subnetLive(
        s: SubnetSummary,
        options: ResolveOptions,
        notes: CalmError[],
    ): Promise<SubnetLive> {
        let validatorCount: number | undefined;
        let moreValidators: boolean | undefined;
        if (s.isL1) {
            try {
                const api = await this.clients.dataApi();
                const page = await api.listL1Validators(
                    { network: options.network, subnetId: s.subnetId, pageSize: 100 },
                    { signal: options.signal },
                );
                validatorCount = page.items.length;
                moreValidators = page.nextPageToken !== undefined;
            } catch (error) {
                if (isAbortError(error)) throw error;
                notes.push(this.calm(error, 'Data API', options, 'validator count'));
            }
        }
        return {
            kind: 'subnet',
            subnetId: s.subnetId,
            network: options.network,
            isL1: s.isL1,
            owners: s.owners,
            threshold: s.threshold,
            blockchains: s.blockchains.map((b) => ({
                blockchainId: b.blockchainId,
                name: b.name,
                evmChainId: b.evmChainId,
            })),
            createdAt: s.createdAt,
            conversionTx: s.conversionTx,
            ...(s.validatorManager ? { validatorManager: s.validatorManager } : {}),
            validatorCount,
            moreValidators,
            notes,
        };
    }

    private async resolveAsset(
        id: string,
        options: ResolveOptions,
        notes: CalmError[],
    ): Promise<LiveResult> {
        const api = await this.clients.dataApi();
        try {
            const page = await api.listAssetTransactions(
                { network: options.network, blockchainId: 'x-chain', assetId: id, pageSize: 5 },
                { signal: options.signal },
            );
            const details =
                page.items.find((tx) => tx.assetCreated?.assetId === id)?.assetCreated ??
                page.items
                    .flatMap((tx) => [...tx.amountCreated, ...tx.amountUnlocked])
                    .find((a) => a.assetId === id);
            if (details) {
                return {
                    kind: 'asset',
                    assetId: id,
                    network: options.network,
                    name: details.name,
                    symbol: details.symbol,
                    denomination: details.denomination,
                    notes,
                };
            }
        } catch (error) {
            if (!isNotFound(error)) throw error;
        }
        return { kind: 'notFound', network: options.network, searched: ['X-Chain assets'], notes };
    }

    // ---- primary-network addresses ------------------------------------------------------

    /** UTXO balances of a P-/X-/C-Chain address (both P and X for a bare `avax1…`). */
    async resolvePnAddress(id: PnAddressIdentifier, options: ResolveOptions): Promise<LiveResult> {
        const network = id.network;
        if (network !== 'mainnet' && network !== 'fuji') {
            return {
                kind: 'unsupported',
                reason: `The Data API serves mainnet and Fuji addresses; this one's HRP is "${id.hrp}".`,
                notes: [],
            };
        }
        const bare = id.chain === undefined ? id.value : id.value.slice(2);
        const chains: ('P' | 'X' | 'C')[] = id.chain ? [id.chain] : ['P', 'X'];
        const api = await this.clients.dataApi();
        const parts = await Promise.all(
            chains.map((chain) =>
                part(
                    api.getUtxosByAddressesV2(
                        {
                            network,
                            blockchainId: `${chain.toLowerCase()}-chain`,
                            addresses: [`${chain}-${bare}`],
                            pageSize: 1024,
                        },
                        { signal: options.signal },
                    ),
                ),
            ),
        );
        this.settleParts(parts, options.signal);
        const notes: CalmError[] = [];
        const summaries: HoverUtxoSummary[] = [];
        parts.forEach((p, i) => {
            const chain = chains[i]!;
            if (!p.ok) {
                notes.push(this.calm(p.error, 'Data API', options, `${chain}-Chain UTXOs`));
                return;
            }
            const byAsset = new Map<
                string,
                { b: HoverAssetBalance; amount: bigint; staked: bigint }
            >();
            for (const utxo of p.value.items) {
                const a = utxo.asset;
                let row = byAsset.get(a.assetId);
                if (!row) {
                    row = {
                        b: { ...a, amount: '0', staked: '0' },
                        amount: 0n,
                        staked: 0n,
                    };
                    byAsset.set(a.assetId, row);
                }
                const amount = toBigInt(a.amount);
                row.amount += amount;
                const stakedFlag = 'staked' in utxo && utxo.staked === true;
                if (stakedFlag || utxo.utxoType === 'STAKE') row.staked += amount;
            }
            summaries.push({
                chain,
                utxoCount: p.value.items.length,
                more: p.value.nextPageToken !== undefined,
                balances: [...byAsset.values()]
                    .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
                    .map((r) => ({
                        assetId: r.b.assetId,
                        name: r.b.name,
                        symbol: r.b.symbol,
                        denomination: r.b.denomination,
                        amount: r.amount.toString(),
                        staked: r.staked.toString(),
                    })),
            });
        });
        const live: PnAddressLive = {
            kind: 'pnAddress',
            address: id.chain ? id.value : bare,
            network,
            chains: summaries,
            notes,
        };
        return live;
    }

    // ---- node ids -------------------------------------------------------------------------

    /** L1 validations (Data API), and the connected node's validator and peer views. */
    async resolveNodeId(nodeId: string, options: ResolveOptions): Promise<NodeIdLive> {
        const { network, signal } = options;
        const api = await this.clients.dataApi();
        const node = this.clients.nodeRpc();
        const [l1, primary, peers] = await Promise.all([
            part(
                api.listL1Validators(
                    { network, nodeId, includeInactiveL1Validators: true, pageSize: 100 },
                    { signal },
                ),
            ),
            part(
                node.call(
                    nodeRpcMethods['validators.getCurrentValidators'],
                    { nodeIDs: [nodeId] },
                    { chain: 'C', ...withSignal(signal) },
                ),
            ),
            part(
                node.call(nodeRpcMethods['info.peers'], { nodeIDs: [nodeId] }, withSignal(signal)),
            ),
        ]);
        this.settleParts([l1, primary, peers], signal);
        const notes: CalmError[] = [];
        const out: { -readonly [K in keyof NodeIdLive]: NodeIdLive[K] } = {
            kind: 'nodeId',
            nodeId,
            network,
            notes,
        };
        if (l1.ok) {
            const dir = this.subnetDirectory(network);
            out.l1Validations = l1.value.items.map((v) => ({
                ...l1Validation(v),
                subnetName: dir.peek(v.subnetId)?.blockchains[0]?.name,
            }));
        } else {
            notes.push(this.calm(l1.error, 'Data API', options, 'L1 validations'));
        }
        if (primary.ok) {
            const v = primary.value.validators.find((x) => x.nodeId === nodeId);
            out.primary = v ? nodeValidator(v, 'Primary Network') : null;
        } else {
            notes.push(this.calm(primary.error, 'node', options, 'validators'));
        }
        if (peers.ok) {
            const p = peers.value.peers.find((x) => x.nodeId === nodeId);
            out.peer = p ? { version: p.version, trackedSubnets: p.trackedSubnets.length } : null;
        } else {
            notes.push(this.calm(peers.error, 'node', options, 'peers'));
        }
        const first = out.l1Validations?.[0];
        if (first) {
            // The node's own view of the first L1, when it serves one of the L1's chains.
            try {
                const dir = this.subnetDirectory(network);
                const found = await dir.find(first.subnetId, signal);
                out.l1Validations = out.l1Validations?.map((v) => ({
                    ...v,
                    subnetName: dir.peek(v.subnetId)?.blockchains[0]?.name,
                }));
                const chain = found?.subnet.blockchains[0];
                if (chain) {
                    const result = await node.call(
                        nodeRpcMethods['validators.getCurrentValidators'],
                        { nodeIDs: [nodeId] },
                        { chain: chain.blockchainId, ...withSignal(signal) },
                    );
                    const v = result.validators.find((x) => x.nodeId === nodeId);
                    out.l1OnNode = v ? nodeValidator(v, chain.name) : null;
                }
            } catch (error) {
                if (isAbortError(error)) throw error;
                // A node that does not serve the L1 answers 404: nothing to say about it.
                if (!isNotFound(error)) {
                    notes.push(this.calm(error, 'node', options, 'L1 validators on the node'));
                }
            }
        }
        return out;
    }
}

/** The primary network's subnet id (the P-Chain id). */
const knownPrimaryNetworkId = '11111111111111111111111111111111LpoYY';

function toBigInt(text: string): bigint {
    return /^\d+$/.test(text) ? BigInt(text) : 0n;
}

function l1Validation(v: {
    validationId: string;
    nodeId: string;
    subnetId: string;
    weight: number;
    remainingBalance: number;
    creationTimestamp: number;
}): HoverL1Validation {
    return {
        validationId: v.validationId,
        nodeId: v.nodeId,
        subnetId: v.subnetId,
        weight: v.weight,
        remainingBalance: v.remainingBalance,
        active: v.remainingBalance > 0,
        creationTimestamp: v.creationTimestamp,
    };
}

function nodeValidator(
    v: {
        weight: string;
        uptimePercentage?: number;
        isConnected?: boolean;
        startTimestamp?: number;
    },
    chainName: string,
): HoverNodeValidator {
    return {
        chainName,
        weight: v.weight,
        uptimePercentage: v.uptimePercentage,
        connected: v.isConnected,
        startTimestamp: v.startTimestamp,
    };
}

/** Token details from one transfer of a token contract, if the transfer is of that token. */
function tokenOf(
    transfer: TokenTransfer | undefined,
    address: string,
): HoverTokenContract | undefined {
    if (!transfer) return undefined;
    const same = (a: string): boolean => a.toLowerCase() === address.toLowerCase();
    if ('erc20Token' in transfer) {
        const t = transfer.erc20Token;
        return same(t.address)
            ? { ercType: t.ercType, name: t.name, symbol: t.symbol, decimals: t.decimals }
            : undefined;
    }
    if ('erc721Token' in transfer) {
        const t = transfer.erc721Token;
        return same(t.address) ? { ercType: t.ercType, name: t.name, symbol: t.symbol } : undefined;
    }
    const t = transfer.erc1155Token;
    return same(t.address)
        ? {
              ercType: t.ercType,
              name: t.metadata.name,
              symbol: t.metadata.symbol,
              decimals: t.metadata.decimals,
          }
        : undefined;
}

/** The transaction among the latest P-/X-Chain blocks and X-Chain AVAX transactions. */
function primaryTx(
    id: string,
    network: HoverNetwork,
    pBlocks:
        | readonly {
              blockNumber: string;
              blockType: string;
              blockTimestamp: number;
              transactions: string[];
          }[]
        | undefined,
    xBlocks:
        | readonly {
              blockNumber: string;
              blockType: string;
              blockTimestamp: number;
              transactions: string[];
          }[]
        | undefined,
    xTxs:
        | readonly {
              txHash: string;
              txType: string;
              timestamp: number;
              memo: string;
              blockHeight?: number;
          }[]
        | undefined,
    notes: CalmError[],
): PrimaryTxLive | undefined {
    const p = pBlocks?.find((b) => b.transactions.includes(id));
    if (p) {
        return {
            kind: 'primaryTx',
            chain: 'P',
            txId: id,
            network,
            blockNumber: p.blockNumber,
            blockType: p.blockType,
            timestamp: p.blockTimestamp,
            notes,
        };
    }
    const xb = xBlocks?.find((b) => b.transactions.includes(id));
    const xt = xTxs?.find((t) => t.txHash === id);
    if (!xb && !xt) return undefined;
    return {
        kind: 'primaryTx',
        chain: 'X',
        txId: id,
        network,
        blockNumber:
            xb?.blockNumber ?? (xt?.blockHeight === undefined ? undefined : String(xt.blockHeight)),
        blockType: xb?.blockType,
        txType: xt?.txType,
        timestamp: xt?.timestamp ?? xb?.blockTimestamp,
        memo: xt?.memo,
        notes,
    };
}
