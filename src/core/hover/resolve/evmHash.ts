/**
 * A 32-byte hash: a transaction or block on the lookup's EVM chain, else (the same bytes in cb58)
 * a primary-network id.
 */
import type { EvmTransactionDetails } from '../../dataApi/model';
import { isAbortError } from '../../http/errors';
import type {
    CalmError,
    EvmBlockLive,
    EvmTxLive,
    HoverChain,
    HoverTransfer,
    LiveResult,
} from '../types';
import { resolveCb58 } from './cb58Id';
import {
    dataApiFallbackReason,
    keptInput,
    rpcEndpointFor,
    rpcHash,
    rpcHashLive,
    rpcSource,
} from './evmRpc';
import { isNotFound, type Lookup, outcomeOf } from './lookup';

/**
 * A transaction or block hash on the default EVM chain, else a primary-network id. The Data API
 * answers first; what it cannot answer (not found, rate limit, outage) the chain's JSON-RPC is
 * asked for, before the hash is tried as a cb58 id.
 */
export async function resolveEvmHash(
    lookup: Lookup,
    hex: string,
    cb58: string,
): Promise<LiveResult> {
    const { signal } = lookup;
    const chainInfo = lookup.evmChain();
    // Awaited below; a cancellation meanwhile must not be an unhandled rejection.
    chainInfo.catch(() => undefined);
    const api = await lookup.clients.dataApi();
    // Asked while the chain list is read when the chain's id is known without it.
    const early = lookup.evmChainIdNow();
    const first =
        early === undefined
            ? undefined
            : outcomeOf(api.getTransaction({ chainId: early, txHash: hex }, { signal }));
    const { chain, notes } = await chainInfo;
    let failure: unknown;
    try {
        const answer = first
            ? await first
            : await outcomeOf(
                  api.getTransaction({ chainId: chain.evmChainId, txHash: hex }, { signal }),
              );
        if (!answer.ok) throw answer.error;
        return await evmTxLive(lookup, answer.value, chain, notes);
    } catch (error) {
        if (dataApiFallbackReason(error) === undefined) throw error;
        failure = error;
    }
    // After a rate limit or an outage the block endpoint would fail the same way.
    if (isNotFound(failure)) {
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
                    source: { service: 'Data API' },
                    notes,
                };
                return live;
            }
        } catch (error) {
            if (dataApiFallbackReason(error) === undefined) throw error;
            failure = error;
        }
    }
    const searched = [`${chain.name} transactions`, `${chain.name} blocks`];
    const because = dataApiFallbackReason(failure);
    const endpoint = await rpcEndpointFor(lookup, chain);
    if (endpoint) {
        const answer = await outcomeOf(rpcHash(lookup, endpoint, hex));
        lookup.rethrowCancellation([answer]);
        if (answer.ok && answer.value) {
            return rpcHashLive(hex, endpoint, answer.value, rpcSource(endpoint, because), notes);
        }
        if (answer.ok) {
            searched.push(`${chain.name} JSON-RPC (${endpoint.host})`);
        } else {
            // Neither could answer: the Data API's failure is the one to show and retry after.
            if (!isNotFound(failure)) throw failure;
            notes.push(lookup.note(answer.error, endpoint.service, 'JSON-RPC lookup'));
        }
    } else if (!isNotFound(failure)) {
        throw failure;
    }
    return resolveCb58(lookup, cb58, undefined, searched, notes);
}

async function evmTxLive(
    lookup: Lookup,
    d: EvmTransactionDetails,
    chain: HoverChain,
    notes: CalmError[],
): Promise<EvmTxLive> {
    const { briefItems } = lookup.limits;
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
        input: keptInput(t.input),
        gasUsed: t.gasUsed,
        gasLimit: t.gasLimit,
        gasPrice: t.gasPrice,
        transfers: transfers.slice(0, briefItems),
        transferCount: transfers.length,
        internal: internal.slice(0, briefItems),
        internalCount: internal.length,
        teleporter: await teleporterOf(lookup, d, chain),
        source: { service: 'Data API' },
        notes,
    };
}

/** Both ends of an ICM (Teleporter) message, named from the chain list when it can be read. */
async function teleporterOf(
    lookup: Lookup,
    d: EvmTransactionDetails,
    chain: HoverChain,
): Promise<EvmTxLive['teleporter']> {
    const info = d.teleporterMessageInfo;
    if (!info) return undefined;
    let chains: HoverChain[] = [];
    try {
        chains = await lookup.on(chain.network ?? lookup.network).chains();
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
    return {
        messageId: info.teleporterMessageId,
        direction: info.direction,
        sourceChainId: source,
        sourceChainName: source === here ? chain.name : nameOf(source),
        destinationChainId: destination,
        destinationChainName: destination === here ? chain.name : nameOf(destination),
    };
}
