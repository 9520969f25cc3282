/**
 * An EVM address on one chain: balances, the latest transactions, whether it holds code, and the
 * token it is when it is a token contract. When the Data API cannot give the balances (not found,
 * rate limit, outage), the chain's JSON-RPC gives balance, nonce and code instead.
 */
import type { TokenTransfer } from '../../dataApi/model';
import { isAbortError } from '../../http/errors';
import { nodeRpcMethods } from '../../nodeRpc/methods';
import { batchCall } from '../../nodeRpc/rpcClient';
import type {
    CalmError,
    EvmAddressLive,
    HoverChain,
    HoverTokenBalance,
    HoverTokenContract,
} from '../types';
import {
    dataApiFallbackReason,
    rpcAccount,
    keptCode,
    rpcAddressLive,
    rpcEndpointFor,
    rpcSource,
} from './evmRpc';
import { type Lookup, outcomeOf, withSignal } from './lookup';

/**
 * An address on the chain `chainInfo` names: balances, latest transactions, code and token
 * details. The Data API is asked while the chain list is still read when the chain's id is known
 * without it (`evmChainIdNow`).
 */
export async function resolveEvmAddress(
    lookup: Lookup,
    address: string,
    chainInfo: Promise<{ chain: HoverChain; notes: CalmError[] }>,
): Promise<EvmAddressLive> {
    const { signal, limits } = lookup;
    // Awaited below; a cancellation meanwhile must not be an unhandled rejection.
    chainInfo.catch(() => undefined);
    const api = await lookup.clients.dataApi();
    const chainId = lookup.evmChainIdNow() ?? (await chainInfo).chain.evmChainId;
    const [balances, txs, code, transfers, { chain, notes }] = await Promise.all([
        outcomeOf(
            api.listErc20Balances(
                { chainId, address, pageSize: 100, filterSpamTokens: false },
                { signal },
            ),
        ),
        outcomeOf(
            api.listTransactions(
                { chainId, address, pageSize: limits.recentTransactions },
                { signal },
            ),
        ),
        outcomeOf(readCode(lookup, chainInfo, address)),
        outcomeOf(api.listTransfers({ chainId, address, pageSize: 1 }, { signal })),
        chainInfo,
    ]);
    const because = balances.ok ? undefined : dataApiFallbackReason(balances.error);
    const endpoint = because === undefined ? undefined : await rpcEndpointFor(lookup, chain);
    const rpc = endpoint ? await outcomeOf(rpcAccount(lookup, endpoint, address)) : undefined;
    lookup.rejectIfNothingRead([rpc?.ok ? rpc : balances, txs, code, transfers]);
    const out: {
        -readonly [K in keyof EvmAddressLive]: EvmAddressLive[K];
    } = { kind: 'evmAddress', address, chain, notes };
    if (endpoint && rpc?.ok) {
        const live = rpcAddressLive(address, endpoint, rpc.value, rpcSource(endpoint, because), []);
        out.native = live.native;
        out.nonce = live.nonce;
        out.isContract = live.isContract;
        out.code = live.code;
        out.source = live.source;
    } else if (balances.ok) {
        out.source = { service: 'Data API' };
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
            .sort((a, b) => (b.usd ?? -1) - (a.usd ?? -1) || bySymbol(a.symbol, b.symbol))
            .slice(0, limits.topTokens);
    } else {
        notes.push(lookup.note(balances.error, 'Data API', 'balances'));
        if (endpoint && rpc && !rpc.ok) {
            notes.push(lookup.note(rpc.error, endpoint.service, 'balance from JSON-RPC'));
        }
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
        notes.push(lookup.note(txs.error, 'Data API', 'latest transactions'));
    }
    // A JSON-RPC answer above has read the code already.
    if (out.isContract === undefined) {
        if (code.ok) {
            out.isContract = code.value.length > 2;
            out.code = keptCode(code.value);
        } else {
            const service = chain.isCChain ? 'node' : 'chain RPC';
            notes.push(lookup.note(code.error, service, 'contract check'));
        }
    }
    if (transfers.ok) {
        const token = tokenOf(transfers.value.items[0], address);
        if (token) out.token = token;
    } else if (out.isContract !== false) {
        // Token details matter only for contracts.
        notes.push(lookup.note(transfers.error, 'Data API', 'token details'));
    }
    return out;
}

/**
 * The code at `address`: from the selected node when it serves this C-Chain (its chain id is
 * checked in the same batch, so a node of another network is not believed), else from the
 * chain's own RPC URL. When the C-Chain's id is known without the chain list, the node is asked
 * with the Data API's first requests instead of after the list's answer; the list is awaited only
 * for the RPC URL of another chain or of a node that cannot answer.
 */
async function readCode(
    lookup: Lookup,
    chainInfo: Promise<{ chain: HoverChain }>,
    address: string,
): Promise<string> {
    const { signal } = lookup;
    const idNow = lookup.evmChainIdNow();
    const cChainNow = idNow === '43114' || idNow === '43113' ? idNow : undefined;
    let listed = cChainNow === undefined ? (await chainInfo).chain : undefined;
    const cChainId = cChainNow ?? (listed?.isCChain ? listed.evmChainId : undefined);
    let nodeError: Error | undefined;
    if (cChainId !== undefined) {
        try {
            const node = lookup.clients.nodeRpc();
            const [chainId, code] = await node.batch(
                [
                    batchCall(nodeRpcMethods.eth_chainId, []),
                    batchCall(nodeRpcMethods.eth_getCode, [address]),
                ],
                { chain: 'C', ...withSignal(signal) },
            );
            if (chainId.status === 'fulfilled' && code.status === 'fulfilled') {
                if (String(chainId.value) === cChainId) return code.value;
            } else {
                nodeError = code.status === 'rejected' ? code.reason : undefined;
            }
        } catch (error) {
            if (isAbortError(error)) throw error;
            nodeError = error instanceof Error ? error : new Error(String(error));
        }
    }
    listed ??= (await chainInfo).chain;
    const target = listed.rpcUrl ? lookup.clients.rpcFor(listed.rpcUrl) : undefined;
    if (!target) {
        if (nodeError !== undefined) throw nodeError;
        throw new Error(`no RPC URL is known for ${listed.name}`);
    }
    const result = await target.client.callRaw(
        target.path,
        'eth_getCode',
        [address, 'latest'],
        withSignal(signal),
    );
    if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result)) {
        throw new Error('the chain RPC answered eth_getCode with something other than code');
    }
    return result.toLowerCase();
}

/**
 * Symbols in case-blind code-unit order: `localeCompare` would load ICU's collator on the first
 * hover, tens of milliseconds for an order nobody reads by locale.
 */
function bySymbol(a: string, b: string): number {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
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
