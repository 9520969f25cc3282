/**
 * Which result panel "Open details" opens for an identifier: the Data API query whose answer
 * shows it best, in the form the panels keep (`QueryRequest`). Kinds no single query describes
 * (a blockchain, a plain subnet, a P-Chain transaction) have none; the hover then shows the live
 * result itself as read-only JSON.
 */
import { dataApiQuery as data, type QueryRequest } from '../../shared/query';
import type { Identifier } from '../identifiers';
import { cChainEvmId } from './resolve';
import type { HoverNetwork, LiveResult } from './types';

/** Options of `panelQueryFor`. */
export interface PanelQueryOptions {
    readonly network: HoverNetwork;
    /** EVM chain id of EVM lookups; the network's C-Chain when empty. */
    readonly evmChainId?: string | undefined;
    /** What the hover found, when it is known (decides between a transaction and a block). */
    readonly live?: LiveResult | undefined;
}

/** The panel query for `id`, or undefined when no query shows it. */
export function panelQueryFor(
    id: Identifier,
    options: PanelQueryOptions,
): QueryRequest | undefined {
    if (id.broken) return undefined;
    // The Data API knows nothing of a local network: a transaction found on one of its chains
    // opens the node's transaction panel (receipt, decoded call and logs); a P-/X-Chain address
    // names its own network.
    if (options.network === 'local') {
        const live = options.live;
        if (live?.kind === 'evmTx' && live.chain.blockchainId) {
            return nodeQuery(
                'eth_getTransactionByHash',
                { hash: live.txHash },
                live.chain.blockchainId,
            );
        }
        if (id.kind !== 'pnAddress') return undefined;
    }
    const chainId = options.evmChainId?.trim() || cChainEvmId(options.network);
    const live = options.live;
    if (live) {
        const network = 'network' in live && live.network ? live.network : options.network;
        switch (live.kind) {
            case 'evmAddress':
                return data('listTransactions', {
                    chainId: live.chain.evmChainId,
                    address: live.address,
                });
            case 'evmTx':
                return data('getTransaction', {
                    chainId: live.chain.evmChainId,
                    txHash: live.txHash,
                });
            case 'evmBlock':
                return data('getTransactionsForBlock', {
                    chainId: live.chain.evmChainId,
                    blockId: live.blockHash,
                });
            case 'nodeId':
                return data('listL1Validators', { network, nodeId: live.nodeId });
            case 'subnet':
                return live.isL1
                    ? data('listL1Validators', { network, subnetId: live.subnetId })
                    : undefined;
            case 'asset':
                return data('listAssetTransactions', {
                    network,
                    blockchainId: 'x-chain',
                    assetId: live.assetId,
                });
            case 'l1Validation':
                return data('listL1Validators', {
                    network,
                    l1ValidationId: live.validation.validationId,
                });
            case 'pnAddress':
                break;
            default:
                return undefined;
        }
    }
    switch (id.kind) {
        case 'evmAddress':
            return data('listTransactions', { chainId, address: id.value });
        case 'hash32':
            return data('getTransaction', { chainId, txHash: id.value });
        case 'pnAddress': {
            if (id.network !== 'mainnet' && id.network !== 'fuji') return undefined;
            const chain = id.chain ?? 'P';
            const bare = id.chain === undefined ? id.value : id.value.slice(2);
            return data('getUtxosByAddressesV2', {
                network: id.network,
                blockchainId: `${chain.toLowerCase()}-chain`,
                addresses: `${chain}-${bare}`,
            });
        }
        case 'nodeId':
            return data('listL1Validators', { network: options.network, nodeId: id.text });
        case 'cb58Id':
            return undefined;
    }
}

function nodeQuery(method: string, texts: Record<string, string>, chain: string): QueryRequest {
    return { source: 'node', method, texts, chain };
}
