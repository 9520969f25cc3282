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
import {
    type Candidate,
    firstAnswer,
    isNotFound,
    type Lookup,
    type Outcome,
    outcomeOf,
    valueIfOk,
} from './lookup';
import { l1Validation } from './nodeId';

/**
 * Asks every kind at once and takes the first that knows the id (`firstAnswer`): an asset, an L1
 * validation or a recent subnet does not wait for the subnet directory to be read page after
 * page, and the requests still under way are then aborted. `searchedBefore` and `notes` come
 * from a hash lookup that found nothing on its EVM chain.
 */
export async function resolveCb58(
    lookup: Lookup,
    id: string,
    known: KnownId | undefined,
    searchedBefore: readonly string[] = [],
    notes: CalmError[] = [],
): Promise<LiveResult> {
    const { network } = lookup;
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
    // In order of precedence (see `firstAnswer`): the transactions last, as a subnet, a
    // blockchain or an asset has the id of the transaction that created it.
    const kinds: Candidate<LiveResult>[] = [
        (l) => assetOf(l, id, notes),
        (l) => l1ValidationOf(l, id, notes),
        (l) => directoryEntry(l, id, notes),
        (l) => pChainTxOf(l, id, notes),
        (l) => xChainTxOf(l, id, notes),
    ];
    const found = await firstAnswer(lookup, kinds);
    if (found) return found;
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

/** Throws the first failure of `outcomes` that was not a 404 (it may have been the answer). */
function throwIfFailed(outcomes: readonly Outcome<unknown>[]): void {
    const failure = outcomes.find((o) => !o.ok && !isNotFound(o.error));
    if (failure && !failure.ok) throw failure.error;
}

/**
 * A blockchain or subnet, from the EVM chain list (usually kept already) and the subnet directory.
 * The C-Chain is answered by the chain list alone: no subnet of the directory holds it.
 */
async function directoryEntry(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<LiveResult | undefined> {
    const { network, signal } = lookup;
    const chains = await outcomeOf(lookup.chains());
    lookup.rethrowCancellation([chains]);
    const chainInfo = valueIfOk(chains)?.find((c) => c.blockchainId === id);
    if (chainInfo?.isCChain) return blockchainLive(id, network, chainInfo, undefined, notes);
    const subnet = await outcomeOf(lookup.subnets.find(id, signal));
    lookup.rethrowCancellation([subnet]);
    const found = valueIfOk(subnet);
    if (chainInfo || found?.isBlockchain) {
        return blockchainLive(id, network, chainInfo, found?.subnet, notes);
    }
    if (found) return subnetLive(lookup, found.subnet, notes);
    throwIfFailed([chains, subnet]);
    return undefined;
}

/** An X-Chain asset, named by a transaction that created or moved it. */
async function assetOf(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<AssetLive | undefined> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const page = await api.listAssetTransactions(
        { network, blockchainId: 'x-chain', assetId: id, pageSize: 1 },
        { signal },
    );
    const details =
        page.items.find((tx) => tx.assetCreated?.assetId === id)?.assetCreated ??
        page.items
            .flatMap((tx) => [...tx.amountCreated, ...tx.amountUnlocked])
            .find((a) => a.assetId === id);
    if (!details) return undefined;
    return {
        kind: 'asset',
        assetId: id,
        network,
        name: details.name,
        symbol: details.symbol,
        denomination: details.denomination,
        notes,
    };
}

async function l1ValidationOf(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<L1ValidationLive | undefined> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const page = await api.listL1Validators(
        { network, l1ValidationId: id, pageSize: 1 },
        { signal },
    );
    const v = page.items[0];
    if (!v || v.validationId !== id) return undefined;
    return {
        kind: 'l1Validation',
        network,
        validation: { ...l1Validation(v), subnetName: lookup.subnets.nameOf(v.subnetId) },
        notes,
    };
}

/** A P-Chain transaction among the latest P-Chain blocks. */
async function pChainTxOf(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<PrimaryTxLive | undefined> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const page = await api.listLatestPrimaryNetworkBlocks(
        { network, blockchainId: 'p-chain', pageSize: 100 },
        { signal },
    );
    const p = page.items.find((b) => b.transactions.includes(id));
    if (!p) return undefined;
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

/**
 * An X-Chain transaction among the latest X-Chain blocks and AVAX transactions; both are read,
 * as each says what the other does not (the block, the type and memo).
 */
async function xChainTxOf(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<PrimaryTxLive | undefined> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const assetId = avaxAssetId(network);
    const [blocks, txs] = await Promise.all([
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
    lookup.rethrowCancellation([blocks, txs]);
    const xb = valueIfOk(blocks)?.items.find((b) => b.transactions.includes(id));
    // Linear transactions carry their block height; the older non-linear ones have none.
    const xt:
        { txType: string; timestamp: number; memo: string; blockHeight?: number } | undefined =
        valueIfOk(txs)?.items.find((t) => t.txHash === id);
    if (!xb && !xt) {
        throwIfFailed([blocks, txs]);
        return undefined;
    }
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
    try {
        const asset = await assetOf(lookup, id, notes);
        if (asset) return asset;
    } catch (error) {
        if (!isNotFound(error)) throw error;
    }
    return { kind: 'notFound', network: lookup.network, searched: ['X-Chain assets'], notes };
}
