/**
 * A cb58 id: a blockchain, subnet, asset, L1 validation or P-/X-Chain transaction. Primary-network
 * transactions have no lookup by id in the Data API client, so they are searched among the latest
 * P- and X-Chain blocks and the latest AVAX transactions of the X-Chain; an older one is reported
 * as not found there.
 */
import { isAbortError } from '../../http/errors';
import { pChainId } from '../../ids/primaryNetwork';
import { type KnownId, knownCb58Ids } from '../../knownIds';
import type {
    AssetLive,
    BlockchainLive,
    CalmError,
    HoverChain,
    HoverNetwork,
    L1ValidationLive,
    LiveResult,
    NotFoundLive,
    PrimaryTxLive,
    SubnetLive,
} from '../types';
import { vmName } from '../vms';
import type { SubnetSummary } from './directories';
import { isNotFound, type Lookup, type Outcome, outcomeOf, valueIfOk } from './lookup';
import { l1Validation } from './nodeId';

/**
 * Tries the kinds in order of likelihood (the directories first, as they are usually cached).
 * `searchedBefore` and `notes` come from a hash lookup that found nothing on its EVM chain.
 */
export async function resolveCb58(
    lookup: Lookup,
    id: string,
    known: KnownId | undefined,
    searchedBefore: readonly string[] = [],
    notes: CalmError[] = [],
): Promise<LiveResult> {
    const { network, signal } = lookup;
    if (known?.kind === 'asset') return resolveAsset(lookup, id, notes);
    if (known?.kind === 'blockchain' && known.chain !== 'C') {
        const live: BlockchainLive = {
            kind: 'blockchain',
            blockchainId: id,
            network,
            name: `${known.chain ?? ''}-Chain`,
            vmName: known.chain === 'P' ? 'Platform VM' : 'AVM',
            subnetId: pChainId,
            isL1: false,
            notes,
        };
        return live;
    }
    const directoryOutcomes = await Promise.all([
        outcomeOf(lookup.chains()),
        outcomeOf(lookup.subnets.find(id, signal)),
    ]);
    const [chains, subnet] = directoryOutcomes;
    lookup.rethrowCancellation(directoryOutcomes);
    const chainInfo = valueIfOk(chains)?.find((c) => c.blockchainId === id);
    const found = valueIfOk(subnet);
    if (chainInfo || found?.isBlockchain) {
        return blockchainLive(id, network, chainInfo, found?.subnet, notes);
    }
    if (found) return subnetLive(lookup, found.subnet, notes);

    const api = await lookup.clients.dataApi();
    const assetId = avaxAssetId(network);
    const [asset, validation, pBlocks, xBlocks, xTxs] = await Promise.all([
        outcomeOf(
            api.listAssetTransactions(
                { network, blockchainId: 'x-chain', assetId: id, pageSize: 1 },
                { signal },
            ),
        ),
        outcomeOf(api.listL1Validators({ network, l1ValidationId: id, pageSize: 1 }, { signal })),
        outcomeOf(
            api.listLatestPrimaryNetworkBlocks(
                { network, blockchainId: 'p-chain', pageSize: 100 },
                { signal },
            ),
        ),
        outcomeOf(
            api.listLatestPrimaryNetworkBlocks(
                { network, blockchainId: 'x-chain', pageSize: 100 },
                { signal },
            ),
        ),
        assetId === undefined
            ? Promise.resolve<Outcome<undefined>>({ ok: true, value: undefined })
            : outcomeOf(
                  api.listAssetTransactions(
                      { network, blockchainId: 'x-chain', assetId, pageSize: 100 },
                      { signal },
                  ),
              ),
    ]);
    const everything = [...directoryOutcomes, asset, validation, pBlocks, xBlocks, xTxs];
    lookup.rethrowCancellation(everything);

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
    const v = valueIfOk(validation)?.items[0];
    if (v && v.validationId === id) {
        const live: L1ValidationLive = {
            kind: 'l1Validation',
            network,
            validation: { ...l1Validation(v), subnetName: lookup.subnets.nameOf(v.subnetId) },
            notes,
        };
        return live;
    }
    const tx = primaryTx(
        id,
        network,
        valueIfOk(pBlocks)?.items,
        valueIfOk(xBlocks)?.items,
        valueIfOk(xTxs)?.items,
        notes,
    );
    if (tx) return tx;

    // A lookup that failed may have been the one that would have found it: the hover then
    // says why it cannot tell (one calm line) rather than "not found".
    const firstFailure = everything.find((o) => !o.ok && !isNotFound(o.error));
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

function avaxAssetId(network: HoverNetwork): string | undefined {
    for (const [id, known] of knownCb58Ids) {
        if (known.kind === 'asset' && known.network === network) return id;
    }
    return undefined;
}

function blockchainLive(
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

async function subnetLive(
    lookup: Lookup,
    s: SubnetSummary,
    notes: CalmError[],
): Promise<SubnetLive> {
    let validatorCount: number | undefined;
    let moreValidators: boolean | undefined;
    if (s.isL1) {
        try {
            const api = await lookup.clients.dataApi();
            const page = await api.listL1Validators(
                { network: lookup.network, subnetId: s.subnetId, pageSize: 100 },
                { signal: lookup.signal },
            );
            validatorCount = page.items.length;
            moreValidators = page.nextPageToken !== undefined;
        } catch (error) {
            if (isAbortError(error)) throw error;
            notes.push(lookup.note(error, 'Data API', 'validator count'));
        }
    }
    return {
        kind: 'subnet',
        subnetId: s.subnetId,
        network: lookup.network,
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

async function resolveAsset(lookup: Lookup, id: string, notes: CalmError[]): Promise<LiveResult> {
    const api = await lookup.clients.dataApi();
    try {
        const page = await api.listAssetTransactions(
            { network: lookup.network, blockchainId: 'x-chain', assetId: id, pageSize: 5 },
            { signal: lookup.signal },
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
                network: lookup.network,
                name: details.name,
                symbol: details.symbol,
                denomination: details.denomination,
                notes,
            };
        }
    } catch (error) {
        if (!isNotFound(error)) throw error;
    }
    return { kind: 'notFound', network: lookup.network, searched: ['X-Chain assets'], notes };
}

/** A block as the latest-blocks list gives it. */
interface BlockBrief {
    blockNumber: string;
    blockType: string;
    blockTimestamp: number;
    transactions: string[];
}

/** The transaction among the latest P-/X-Chain blocks and X-Chain AVAX transactions. */
function primaryTx(
    id: string,
    network: HoverNetwork,
    pBlocks: readonly BlockBrief[] | undefined,
    xBlocks: readonly BlockBrief[] | undefined,
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
