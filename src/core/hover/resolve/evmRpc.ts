/**
 * EVM lookups through a chain's own JSON-RPC, for what the Data API cannot answer: a network it
 * does not index (a local network, a devnet, a young L1) or a moment it cannot serve (not found,
 * rate limit, outage). Standard `eth_*` methods only (https://ethereum.org/en/developers/docs/apis/json-rpc/),
 * asked in one batch per chain (EVM endpoints take batches), with `eth_chainId` in the same batch
 * so that an endpoint serving another chain is not believed.
 */
import { isHttpError, isNetworkError, isRateLimitedError, isTimeoutError } from '../../http/errors';
import { chainHeights, type ChainHeights, describeConfirmations } from '../../nodeRpc/helicon';
import { nodeRpcMethods as m } from '../../nodeRpc/methods';
import { batchCall, type Settled } from '../../nodeRpc/rpcClient';
import type { RpcTarget } from '../../nodeRpc/rpcUrl';
import type { RpcBlock, RpcReceipt, RpcTransaction } from '../../nodeRpc/schemas';
import type {
    CalmError,
    EvmAddressLive,
    EvmBlockLive,
    EvmTxLive,
    HoverChain,
    HoverService,
    HoverSource,
    LiveResult,
    NotFoundLive,
} from '../types';
import { type Lookup, type Outcome, outcomeOf, withSignal } from './lookup';

/** Chains of a local network asked at once for an id whose chain is not known. */
export const maxNodeChainsAsked = 8;

/** Why the Data API does not answer on a local network, completing "because the Data API …". */
const localReason = 'does not index local networks';

/**
 * Why a failed Data API answer lets the chain's JSON-RPC answer instead (completing "because the
 * Data API …"), or undefined when it does not: a refused key or a bad request would fail there
 * too, or say nothing about the chain.
 */
export function dataApiFallbackReason(error: unknown): string | undefined {
    if (isRateLimitedError(error)) return 'is rate-limiting requests (429)';
    if (isHttpError(error)) {
        if (error.status === 404) return 'has no record of it (404)';
        if (error.status >= 500) {
            return `answered ${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
        }
        return undefined;
    }
    if (isNetworkError(error)) return 'cannot be reached';
    if (isTimeoutError(error)) return 'did not answer in time';
    return undefined;
}

/** A chain's JSON-RPC endpoint and how a hover names it. */
export interface RpcEndpoint {
    readonly target: RpcTarget;
    readonly chain: HoverChain;
    /** `node` for the node side's endpoints, `chain RPC` for a URL from the Data API's list. */
    readonly service: HoverService;
    /** `host:port`, shown in the hover. */
    readonly host: string;
}

function hostOf(rpcUrl: string): string {
    try {
        return new URL(rpcUrl).host;
    } catch {
        return rpcUrl;
    }
}

function endpointOf(
    lookup: Lookup,
    chain: HoverChain,
    rpcUrl: string | undefined,
    service: HoverService,
): RpcEndpoint | undefined {
    const target = rpcUrl ? lookup.clients.rpcFor(rpcUrl) : undefined;
    return target && rpcUrl ? { target, chain, service, host: hostOf(rpcUrl) } : undefined;
}

/**
 * Where to ask `chain` over JSON-RPC: the node side's endpoint for it when there is one, else the
 * chain's own RPC URL from the Data API's list (an L1 the Data API lists but cannot answer for).
 */
export async function rpcEndpointFor(
    lookup: Lookup,
    chain: HoverChain,
): Promise<RpcEndpoint | undefined> {
    const nodeChains = await lookup.nodeChains().catch((error: unknown) => {
        lookup.rethrowCancellation([{ ok: false, error }]);
        return [];
    });
    const own = nodeChains.find((c) => c.evmChainId === chain.evmChainId);
    return (
        (own && endpointOf(lookup, chain, own.rpcUrl, 'node')) ??
        endpointOf(lookup, chain, chain.rpcUrl, 'chain RPC')
    );
}

/** The source line of an answer from `endpoint`. */
export function rpcSource(endpoint: RpcEndpoint, because: string | undefined): HoverSource {
    return {
        service: endpoint.service,
        endpoint: endpoint.host,
        chainName: endpoint.chain.name,
        because,
    };
}

/** An account as the chain's JSON-RPC reports it. */
export interface RpcAccount {
    /** Native balance in the smallest unit, as a decimal string. */
    readonly balance: string;
    readonly nonce: number;
    /** Lower-case hex; `0x` for an account without code. */
    readonly code: string;
}

function valueOf<T>(settled: Settled<T>): T {
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
}

/** Rejects when the endpoint answered for another chain than the one asked. */
function checkChainId(settled: Settled<number>, endpoint: RpcEndpoint): void {
    const answered = String(valueOf(settled));
    if (answered !== endpoint.chain.evmChainId) {
        throw new Error(
            `${endpoint.host} serves EVM chain ${answered.slice(0, 24)}, not ${endpoint.chain.evmChainId}`,
        );
    }
}

/** Balance, nonce and code of `address`, in one batch. */
export async function rpcAccount(
    lookup: Lookup,
    endpoint: RpcEndpoint,
    address: string,
): Promise<RpcAccount> {
    const { client, path } = endpoint.target;
    const [chainId, balance, nonce, code] = await client.batch(
        [
            batchCall(m.eth_chainId, []),
            batchCall(m.eth_getBalance, [address]),
            batchCall(m.eth_getTransactionCount, [address]),
            batchCall(m.eth_getCode, [address]),
        ],
        { path, ...withSignal(lookup.signal) },
    );
    checkChainId(chainId, endpoint);
    return { balance: valueOf(balance), nonce: valueOf(nonce), code: valueOf(code) };
}

/** What a 32-byte hash is on one chain: a transaction (with its receipt), a block, or nothing. */
export type RpcHashAnswer =
    | {
          readonly kind: 'tx';
          readonly tx: RpcTransaction;
          readonly receipt: RpcReceipt | null;
          readonly block?: RpcBlock | undefined;
          /** The chain's heights as read with it (ACP-194: executed and settled on Helicon). */
          readonly heights?: ChainHeights | undefined;
      }
    | {
          readonly kind: 'block';
          readonly block: RpcBlock;
          readonly heights?: ChainHeights | undefined;
      }
    | undefined;

/**
 * `hash` tried as a transaction and as a block in one batch; a transaction's block is read after
 * for its time (the transaction does not carry one). The block part failing costs only the time.
 */
export async function rpcHash(
    lookup: Lookup,
    endpoint: RpcEndpoint,
    hash: string,
): Promise<RpcHashAnswer> {
    const { client, path } = endpoint.target;
    const options = { path, ...withSignal(lookup.signal) };
    // The head rides in the same batch: a block's confirmations, and on Helicon's C-Chain
    // whether it is settled (ACP-194), cost no request of their own.
    const [chainId, tx, receipt, block, head] = await client.batch(
        [
            batchCall(m.eth_chainId, []),
            batchCall(m.eth_getTransactionByHash, [hash]),
            batchCall(m.eth_getTransactionReceipt, [hash]),
            batchCall(m.eth_getBlockByHash, [hash, false]),
            batchCall(m.eth_getBlockByNumber, ['latest', false]),
        ],
        options,
    );
    checkChainId(chainId, endpoint);
    // The head only adds depth: a chain that does not answer it still shows the transaction.
    const latest = head.status === 'fulfilled' ? head.value : undefined;
    const heights = latest ? chainHeights(latest) : undefined;
    const foundTx = valueOf(tx);
    if (foundTx) {
        const foundReceipt = receipt.status === 'fulfilled' ? receipt.value : null;
        const blockHash = foundReceipt?.blockHash ?? foundTx.blockHash;
        let txBlock: RpcBlock | undefined;
        if (blockHash) {
            const [read] = await client.batch(
                [batchCall(m.eth_getBlockByHash, [blockHash, false])],
                options,
            );
            lookup.rethrowCancellation([]);
            txBlock = read.status === 'fulfilled' ? (read.value ?? undefined) : undefined;
        }
        return { kind: 'tx', tx: foundTx, receipt: foundReceipt, block: txBlock, heights };
    }
    const foundBlock = valueOf(block);
    return foundBlock ? { kind: 'block', block: foundBlock, heights } : undefined;
}

/** True when the chain has seen the account: a balance, a sent transaction or code. */
function accountKnown(account: RpcAccount): boolean {
    return account.balance !== '0' || account.nonce > 0 || account.code.length > 2;
}

/** The hover of an account read over JSON-RPC. */
export function rpcAddressLive(
    address: string,
    endpoint: RpcEndpoint,
    account: RpcAccount,
    source: HoverSource,
    notes: CalmError[],
    alsoOn?: readonly string[],
): EvmAddressLive {
    const chain = endpoint.chain;
    return {
        kind: 'evmAddress',
        address,
        chain,
        native: {
            address: '',
            name: chain.name,
            symbol: chain.symbol,
            decimals: chain.decimals,
            balance: account.balance,
        },
        isContract: account.code.length > 2,
        code: keptCode(account.code),
        nonce: account.nonce,
        source,
        alsoOn: alsoOn && alsoOn.length > 0 ? alsoOn : undefined,
        notes,
    };
}

/** The hover of a transaction or block read over JSON-RPC. */
export function rpcHashLive(
    hash: string,
    endpoint: RpcEndpoint,
    answer: NonNullable<RpcHashAnswer>,
    source: HoverSource,
    notes: CalmError[],
    alsoOn?: readonly string[],
): EvmTxLive | EvmBlockLive {
    const chain = endpoint.chain;
    const also = alsoOn && alsoOn.length > 0 ? alsoOn : undefined;
    if (answer.kind === 'block') {
        const b = answer.block;
        return {
            kind: 'evmBlock',
            chain,
            blockHash: hash,
            blockNumber: String(b.number),
            timestamp: b.timestamp,
            txCount: b.transactionHashes.length,
            moreTransactions: false,
            gasUsed: b.gasUsed,
            miner: b.miner,
            confirmations: answer.heights
                ? describeConfirmations(b.number, answer.heights)
                : undefined,
            source,
            alsoOn: also,
            notes,
        };
    }
    const { tx, receipt, block } = answer;
    const gasPrice = receipt?.effectiveGasPrice ?? tx.gasPrice ?? tx.maxFeePerGas ?? '0';
    const blockNumber = receipt?.blockNumber ?? tx.blockNumber;
    return {
        kind: 'evmTx',
        chain,
        txHash: hash,
        success: receipt?.status !== 'failed',
        pending: receipt === null ? true : undefined,
        blockNumber: blockNumber === null ? '' : String(blockNumber),
        timestamp: block?.timestamp ?? 0,
        from: tx.from,
        to: tx.to ?? '',
        value: tx.value,
        symbol: chain.symbol,
        decimals: chain.decimals,
        gasUsed: receipt?.gasUsed ?? '0',
        gasLimit: tx.gas,
        gasPrice,
        transfers: [],
        transferCount: 0,
        internal: [],
        internalCount: 0,
        logCount: receipt?.logs.length,
        input: keptInput(tx.input),
        fee: receipt ? (BigInt(receipt.gasUsed) * BigInt(gasPrice)).toString() : undefined,
        confirmations:
            answer.heights && receipt
                ? describeConfirmations(receipt.blockNumber, answer.heights)
                : undefined,
        source,
        alsoOn: also,
        notes,
    };
}

/**
 * Asks the chains of the local network the same question at once: the chain chosen for this id,
 * else the first few the node serves (the C-Chain first). Rejects with the first failure when
 * every chain failed; the other failures become notes (`during` says what was asked).
 */
async function askLocalChains<T>(
    lookup: Lookup,
    ask: (endpoint: RpcEndpoint) => Promise<T>,
    during: string,
): Promise<{
    endpoints: RpcEndpoint[];
    wanted: string | undefined;
    outcomes: Outcome<T>[];
    notes: CalmError[];
}> {
    const chains = await lookup.nodeChains();
    const wanted = lookup.options.evmChainId?.trim() || undefined;
    const picked =
        wanted === undefined
            ? chains.slice(0, maxNodeChainsAsked)
            : chains.filter((c) => c.evmChainId === wanted || c.blockchainId === wanted);
    const endpoints = picked.flatMap((c) => endpointOf(lookup, c, c.rpcUrl, 'node') ?? []);
    const outcomes = await Promise.all(endpoints.map((e) => outcomeOf(ask(e))));
    lookup.rejectIfNothingRead(outcomes);
    const notes = outcomes.flatMap((o, i) =>
        o.ok ? [] : [lookup.note(o.error, 'node', `${during} on ${endpoints[i]!.chain.name}`)],
    );
    return { endpoints, wanted, outcomes, notes };
}

function localNotFound(
    lookup: Lookup,
    endpoints: readonly RpcEndpoint[],
    wanted: string | undefined,
    what: string,
    notes: CalmError[],
): NotFoundLive {
    const first = endpoints[0];
    const searched =
        endpoints.length > 0
            ? endpoints.map((e) => `${what} on ${e.chain.name} (${e.host})`)
            : [wanted === undefined ? 'the node serves no EVM chain' : `EVM chain ${wanted}`];
    return {
        kind: 'notFound',
        searched,
        network: lookup.network,
        source: first ? { ...rpcSource(first, localReason), chainName: undefined } : undefined,
        notes,
    };
}

/** An EVM address on a local network: each of the node's chains asked, those that know it shown. */
export async function resolveLocalEvmAddress(lookup: Lookup, address: string): Promise<LiveResult> {
    const { endpoints, wanted, outcomes, notes } = await askLocalChains(
        lookup,
        (e) => rpcAccount(lookup, e, address),
        'balance, nonce and code',
    );
    const knowing = outcomes.flatMap((o, i) =>
        o.ok && accountKnown(o.value) ? [{ endpoint: endpoints[i]!, account: o.value }] : [],
    );
    const first = knowing[0];
    if (first) {
        return rpcAddressLive(
            address,
            first.endpoint,
            first.account,
            rpcSource(first.endpoint, localReason),
            notes,
            knowing.slice(1).map((k) => k.endpoint.chain.name),
        );
    }
    // No chain has seen it; when the user picked the chain, its empty account is the answer.
    const only = outcomes[0];
    if (wanted !== undefined && only?.ok) {
        const endpoint = endpoints[0]!;
        return rpcAddressLive(
            address,
            endpoint,
            only.value,
            rpcSource(endpoint, localReason),
            notes,
        );
    }
    return localNotFound(lookup, endpoints, wanted, 'balance, nonce and code', notes);
}

/**
 * A 32-byte hash on a local network: tried as a transaction and as a block on each of the node's
 * chains; a transaction wins over a block, the first chain (in the node's order) over the others.
 */
export async function resolveLocalEvmHash(lookup: Lookup, hash: string): Promise<LiveResult> {
    const { endpoints, wanted, outcomes, notes } = await askLocalChains(
        lookup,
        (e) => rpcHash(lookup, e, hash),
        'transaction and block lookup',
    );
    const found = outcomes.flatMap((o, i) =>
        o.ok && o.value ? [{ endpoint: endpoints[i]!, answer: o.value }] : [],
    );
    const first = found.find((f) => f.answer.kind === 'tx') ?? found[0];
    if (!first) return localNotFound(lookup, endpoints, wanted, 'transactions and blocks', notes);
    const others = found.filter((f) => f !== first).map((f) => f.endpoint.chain.name);
    return rpcHashLive(
        hash,
        first.endpoint,
        first.answer,
        rpcSource(first.endpoint, localReason),
        notes,
        others,
    );
}

/** Longest runtime code kept for naming (EIP-170's 24,576 bytes, as hex). */
const maxKeptCode = 2 + 2 * 24_576;
/** Longest call data kept for decoding in a hover. */
const maxKeptInput = 2 + 2 * 16_384;

export function keptCode(code: string | undefined): string | undefined {
    return code !== undefined && code.length > 2 && code.length <= maxKeptCode ? code : undefined;
}

export function keptInput(input: string | undefined): string | undefined {
    return input !== undefined && input.length >= 10 && input.length <= maxKeptInput
        ? input
        : undefined;
}
