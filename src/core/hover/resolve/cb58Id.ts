/**
 * A cb58 id: a blockchain, subnet, asset, L1 validation or P-/X-Chain transaction. Each kind has a
 * lookup by id in the Data API (`getSubnetById`, `getBlockchainById`, `getTxByHash`, an asset's
 * transactions, an L1 validation), so an id costs about one round trip whatever its age.
 */
import type { Blockchain } from '../../dataApi/model';
import { isPChainTransaction, isXChainTransaction } from '../../dataApi/model';
import { isAbortError } from '../../http/errors';
import { pChainId } from '../../ids/primaryNetwork';
import type { KnownId } from '../../knownIds';
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
 * Asks every kind at once and takes the first that knows the id (`firstAnswer`), in order of
 * precedence; the requests still under way are then aborted. `searchedBefore` and `notes` come
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
    // blockchain or an asset has the id of the transaction that created it. A transaction of
    // any other type is the answer as soon as it arrives (`createsNothingNamed`).
    const kinds: Candidate<LiveResult>[] = [
        (l) => assetOf(l, id, notes),
        (l) => l1ValidationOf(l, id, notes),
        (l) => subnetOf(l, id, notes),
        (l) => blockchainOf(l, id, notes),
        (l) => primaryTxOf(l, id, 'P', notes),
        (l) => primaryTxOf(l, id, 'X', notes),
    ];
    const found = await firstAnswer(lookup, kinds, createsNothingNamed);
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
            'P-Chain and X-Chain transactions',
        ],
        notes,
    };
    return live;
}

/**
 * The transaction types whose id is also the id of what they create (AvalancheGo names a subnet,
 * a blockchain and an X-Chain asset by the id of the transaction that created it). `UNKNOWN` is
 * among them as it might be any.
 */
const creatingTxTypes: ReadonlySet<string> = new Set([
    'CreateSubnetTx',
    'CreateChainTx',
    'CreateAssetTx',
    'UNKNOWN',
]);

/**
 * Whether an answer can be taken before the sources of higher precedence said no: a transaction
 * of a type that creates nothing named by its id cannot be a subnet, blockchain or asset, and an
 * L1 validation id is a hash of a Warp message or of a subnet and an index, never a transaction's.
 */
function createsNothingNamed(answer: LiveResult): boolean {
    return (
        answer.kind === 'primaryTx' &&
        answer.txType !== undefined &&
        !creatingTxTypes.has(answer.txType)
    );
}

/** Throws the first failure of `outcomes` that was not a 404 (it may have been the answer). */
function throwIfFailed(outcomes: readonly Outcome<unknown>[]): void {
    const failure = outcomes.find((o) => !o.ok && !isNotFound(o.error));
    if (failure && !failure.ok) throw failure.error;
}

/** A subnet or L1, read by its id. */
async function subnetOf(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<SubnetLive | undefined> {
    const subnet = await lookup.subnets.byId(id, lookup.signal);
    return subnet && subnetLive(lookup, subnet, notes);
}

/**
 * A blockchain, from the EVM chain list (usually kept already) and the Data API's blockchain by
 * id; its subnet then says whether it is an L1. The C-Chain is answered by the chain list alone.
 */
async function blockchainOf(
    lookup: Lookup,
    id: string,
    notes: CalmError[],
): Promise<BlockchainLive | undefined> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const [chains, byId] = await Promise.all([
        outcomeOf(lookup.chains()),
        outcomeOf(api.getBlockchainById({ network, blockchainId: id }, { signal })),
    ]);
    lookup.rethrowCancellation([chains, byId]);
    const chainInfo = valueIfOk(chains)?.find((c) => c.blockchainId === id);
    if (chainInfo?.isCChain)
        return blockchainLive(id, network, chainInfo, undefined, undefined, notes);
    const blockchain = valueIfOk(byId);
    if (!chainInfo && !blockchain) {
        throwIfFailed([chains, byId]);
        return undefined;
    }
    const subnetId = blockchain?.subnetId ?? chainInfo?.subnetId;
    let subnet: SubnetSummary | undefined;
    if (subnetId !== undefined && subnetId !== pChainId) {
        try {
            subnet = await lookup.subnets.byId(subnetId, signal);
        } catch (error) {
            if (isAbortError(error)) throw error;
            notes.push(lookup.note(error, 'Data API', 'subnet'));
        }
    }
    return blockchainLive(id, network, chainInfo, blockchain, subnet, notes);
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

/** A P- or X-Chain transaction, read by its id whatever its age (or the asset it created). */
async function primaryTxOf(
    lookup: Lookup,
    id: string,
    chain: 'P' | 'X',
    notes: CalmError[],
): Promise<PrimaryTxLive | AssetLive | undefined> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const tx = await api.getTxByHash(
        { network, blockchainId: chain === 'P' ? 'p-chain' : 'x-chain', txHash: id },
        { signal },
    );
    if (tx.txHash !== id) return undefined;
    if (isPChainTransaction(tx)) {
        return {
            kind: 'primaryTx',
            chain: 'P',
            txId: id,
            network,
            blockNumber: tx.blockNumber,
            txType: tx.txType,
            timestamp: tx.blockTimestamp,
            memo: tx.memo,
            notes,
        };
    }
    if (!isXChainTransaction(tx)) return undefined;
    // An asset's id is its creating transaction's: the asset itself is the better answer, and
    // this one names it even when the asset's own lookup failed.
    const created = tx.assetCreated;
    if (created?.assetId === id) {
        return {
            kind: 'asset',
            assetId: id,
            network,
            name: created.name,
            symbol: created.symbol,
            denomination: created.denomination,
            notes,
        };
    }
    return {
        kind: 'primaryTx',
        chain: 'X',
        txId: id,
        network,
        // Linear transactions carry their block height; the older non-linear ones have none.
        blockNumber: 'blockHeight' in tx ? String(tx.blockHeight) : undefined,
        txType: tx.txType,
        timestamp: tx.timestamp,
        memo: tx.memo,
        notes,
    };
}

function blockchainLive(
    id: string,
    network: HoverNetwork,
    chain: HoverChain | undefined,
    blockchain: Blockchain | undefined,
    subnet: SubnetSummary | undefined,
    notes: CalmError[],
): BlockchainLive {
    const vmId = blockchain?.vmId ?? chain?.vmId;
    const evmChainId =
        chain?.evmChainId ??
        (blockchain?.evmChainId === undefined ? undefined : String(blockchain.evmChainId));
    return {
        kind: 'blockchain',
        blockchainId: id,
        network,
        name: blockchain?.blockchainName ?? chain?.name ?? 'Blockchain',
        vmId,
        vmName: vmId === undefined ? undefined : vmName(vmId),
        subnetId: blockchain?.subnetId ?? subnet?.subnetId ?? chain?.subnetId,
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
