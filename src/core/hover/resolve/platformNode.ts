/**
 * cb58 ids and NodeIDs on a network only the node knows, answered by the node's P-Chain and
 * X-Chain APIs (https://build.avax.network/docs/api-reference/p-chain/api,
 * https://build.avax.network/docs/api-reference/x-chain/api) instead of the Data API. An id does
 * not say what it names, so the candidates are asked at once and the first that knows it wins
 * once those before it said no (`firstAnswer`), in this order: blockchain, subnet, L1 validation,
 * X-Chain asset, P-Chain transaction, X-Chain transaction (a blockchain, a subnet or an asset has
 * the id of the transaction that created it). Each hover says it came from the node.
 */
import { isPositiveAmount } from '../../format';
import { isAbortError } from '../../http/errors';
import { pChainId } from '../../ids/primaryNetwork';
import { nodeRpcMethods, type NodeRpcResult } from '../../nodeRpc/methods';
import type { NodeRpcClient } from '../../nodeRpc/rpcClient';
import type { PlatformValidator } from '../../nodeRpc/primarySchemas';
import type {
    HoverL1Validation,
    HoverNodeValidator,
    HoverSource,
    LiveResult,
    NodeIdLive,
} from '../types';
import { vmName } from '../vms';
import { firstAnswer, type Lookup } from './lookup';

/** Most subnets asked for a NodeID's L1 validations (one request each). */
const maxSubnetsAsked = 16;

function sourceOf(node: NodeRpcClient, api: string): HoverSource {
    let endpoint: string | undefined;
    try {
        endpoint = new URL(node.url).host;
    } catch {
        endpoint = undefined;
    }
    return { service: 'node', api, endpoint };
}

/** Settles to undefined on any failure but a cancellation (the node says "not found" as -32000). */
async function maybe<T>(promise: Promise<T>): Promise<T | undefined> {
    try {
        return await promise;
    } catch (error) {
        if (isAbortError(error)) throw error;
        return undefined;
    }
}

function int(value: string | undefined): number {
    const n = value === undefined ? NaN : Number(value);
    return Number.isFinite(n) ? n : 0;
}

function validationOf(subnetId: string, v: PlatformValidator): HoverL1Validation {
    const remainingBalance = v.balance ?? '0';
    return {
        validationId: v.validationId ?? '',
        nodeId: v.nodeId,
        subnetId,
        weight: v.weight,
        remainingBalance,
        active: isPositiveAmount(remainingBalance),
        creationTimestamp: int(v.startTime),
    };
}

/** What the node's P- and X-Chain say about a cb58 id, or a not-found naming what was asked. */
export async function resolveCb58OnNode(lookup: Lookup, id: string): Promise<LiveResult> {
    const node = lookup.clients.nodeRpc();
    const pApi = sourceOf(node, 'P-Chain API');
    // The blockchain list serves two kinds (the id itself, a subnet's chains): asked once.
    let blockchains: Promise<PlatformBlockchains | undefined> | undefined;
    const listed = (l: Lookup): Promise<PlatformBlockchains | undefined> =>
        (blockchains ??= maybe(
            node.call(nodeRpcMethods['platform.getBlockchains'], {}, optionsOf(l)),
        ));
    const found = await firstAnswer<LiveResult>(lookup, [
        (l) => blockchainOnNode(l, node, id, listed(l), pApi),
        (l) => subnetOnNode(l, node, id, listed(l), pApi),
        (l) => l1ValidationOnNode(l, node, id, pApi),
        (l) => assetOnNode(l, node, id),
        (l) => primaryTxOnNode(l, node, id, 'P'),
        (l) => primaryTxOnNode(l, node, id, 'X'),
    ]);
    return (
        found ?? {
            kind: 'notFound',
            network: lookup.network,
            searched: [
                'blockchains',
                'subnets',
                'P-Chain and X-Chain transactions',
                'L1 validations',
                'X-Chain assets',
            ],
            source: pApi,
            notes: [],
        }
    );
}

type PlatformBlockchains = NodeRpcResult<(typeof nodeRpcMethods)['platform.getBlockchains']>;

function optionsOf(lookup: Lookup): { signal?: AbortSignal } {
    return lookup.signal ? { signal: lookup.signal } : {};
}

/** Reads one kind of id on the node, beside the P-Chain's blockchain list, read once for all. */
type ListedOnNode = (
    lookup: Lookup,
    node: NodeRpcClient,
    id: string,
    list: Promise<PlatformBlockchains | undefined>,
    source: HoverSource,
) => Promise<LiveResult | undefined>;

const blockchainOnNode: ListedOnNode = async (lookup, node, id, list, source) => {
    const chain = (await list)?.blockchains.find((b) => b.blockchainId === id);
    if (!chain) return undefined;
    const [evm, parent] = await Promise.all([
        maybe(lookup.chains()),
        chain.subnetId === pChainId
            ? Promise.resolve(undefined)
            : maybe(
                  node.call(
                      nodeRpcMethods['platform.getSubnet'],
                      { subnetID: chain.subnetId },
                      optionsOf(lookup),
                  ),
              ),
    ]);
    return {
        kind: 'blockchain',
        blockchainId: id,
        network: lookup.network,
        name: chain.name,
        vmId: chain.vmId,
        vmName: vmName(chain.vmId),
        subnetId: chain.subnetId,
        evmChainId: evm?.find((c) => c.blockchainId === id)?.evmChainId,
        isL1: parent?.isL1 ?? false,
        source,
        notes: [],
    };
};

const subnetOnNode: ListedOnNode = async (lookup, node, id, list, source) => {
    const options = optionsOf(lookup);
    const subnet = await maybe(
        node.call(nodeRpcMethods['platform.getSubnet'], { subnetID: id }, options),
    );
    if (!subnet) return undefined;
    const [blockchains, validators, evm] = await Promise.all([
        list,
        subnet.isL1
            ? maybe(
                  node.call(
                      nodeRpcMethods['platform.getCurrentValidators'],
                      { subnetID: id },
                      options,
                  ),
              )
            : Promise.resolve(undefined),
        maybe(lookup.chains()),
    ]);
    const chains = (blockchains?.blockchains ?? []).filter((b) => b.subnetId === id);
    return {
        kind: 'subnet',
        subnetId: id,
        network: lookup.network,
        isL1: subnet.isL1,
        owners: subnet.controlKeys,
        threshold: subnet.threshold,
        blockchains: chains.map((b) => {
            const evmChainId = evm?.find((c) => c.blockchainId === b.blockchainId)?.evmChainId;
            return {
                blockchainId: b.blockchainId,
                name: b.name,
                ...(evmChainId === undefined ? {} : { evmChainId: Number(evmChainId) }),
            };
        }),
        createdAt: 0,
        ...(subnet.managerChainId && subnet.managerAddress
            ? {
                  validatorManager: {
                      blockchainId: subnet.managerChainId,
                      address: subnet.managerAddress,
                  },
              }
            : {}),
        validatorCount: validators?.validators.length,
        moreValidators: false,
        source,
        notes: [],
    };
};

async function primaryTxOnNode(
    lookup: Lookup,
    node: NodeRpcClient,
    id: string,
    chain: 'P' | 'X',
): Promise<LiveResult | undefined> {
    const m = nodeRpcMethods;
    const options = optionsOf(lookup);
    const status = await maybe(
        chain === 'P'
            ? node.call(m['platform.getTxStatus'], { txID: id }, options)
            : node.call(m['avm.getTxStatus'], { txID: id }, options),
    );
    if (!status || status.status === 'Unknown') return undefined;
    const tx = await maybe(
        chain === 'P'
            ? node.call(m['platform.getTx'], { txID: id }, options)
            : node.call(m['avm.getTx'], { txID: id }, options),
    );
    return {
        kind: 'primaryTx',
        chain,
        txId: id,
        network: lookup.network,
        txType: tx?.typeName,
        status: status.status,
        memo: tx?.memo,
        stakerTxId: tx && 'stakerTxId' in tx ? tx.stakerTxId : undefined,
        autoRenewed: tx && 'autoRenewed' in tx ? tx.autoRenewed : undefined,
        source: sourceOf(node, `${chain}-Chain API`),
        notes: [],
    };
}

async function l1ValidationOnNode(
    lookup: Lookup,
    node: NodeRpcClient,
    id: string,
    source: HoverSource,
): Promise<LiveResult | undefined> {
    const validation = await maybe(
        node.call(
            nodeRpcMethods['platform.getL1Validator'],
            { validationID: id },
            optionsOf(lookup),
        ),
    );
    if (!validation) return undefined;
    return {
        kind: 'l1Validation',
        network: lookup.network,
        validation: validationOf(validation.subnetId, validation.validator),
        source,
        notes: [],
    };
}

async function assetOnNode(
    lookup: Lookup,
    node: NodeRpcClient,
    id: string,
): Promise<LiveResult | undefined> {
    const asset = await maybe(
        node.call(nodeRpcMethods['avm.getAssetDescription'], { assetID: id }, optionsOf(lookup)),
    );
    if (!asset) return undefined;
    return {
        kind: 'asset',
        assetId: id,
        network: lookup.network,
        name: asset.name,
        symbol: asset.symbol,
        denomination: asset.denomination,
        source: sourceOf(node, 'X-Chain API'),
        notes: [],
    };
}

/**
 * What the node's P-Chain says about a NodeID: its primary-network validation, and its L1
 * validations on the subnets the node tracks, then the others it lists (up to
 * {@link maxSubnetsAsked} in all).
 */
export async function resolveNodeIdOnNode(lookup: Lookup, nodeId: string): Promise<NodeIdLive> {
    const { network, signal } = lookup;
    const node = lookup.clients.nodeRpc();
    const options = signal ? { signal } : {};
    const m = nodeRpcMethods;
    const [primary, subnets, chains] = await Promise.all([
        node.call(m['platform.getCurrentValidators'], { nodeIDs: [nodeId] }, options),
        maybe(node.call(m['platform.getSubnets'], {}, options)),
        maybe(lookup.chains()),
    ]);
    // The subnets of the chains the node serves first: those are the ones it tracks.
    const tracked = new Set((chains ?? []).flatMap((c) => (c.subnetId ? [c.subnetId] : [])));
    const others = [
        ...tracked,
        ...(subnets?.subnets ?? []).map((s) => s.subnetId).filter((id) => !tracked.has(id)),
    ]
        .filter((id) => id !== pChainId)
        .slice(0, maxSubnetsAsked);
    const perSubnet = await Promise.all(
        others.map(async (subnetId) => ({
            subnetId,
            answer: await maybe(
                node.call(
                    m['platform.getCurrentValidators'],
                    { subnetID: subnetId, nodeIDs: [nodeId] },
                    options,
                ),
            ),
        })),
    );
    const staker = primary.validators.find((v) => v.nodeId === nodeId);
    const primaryView: HoverNodeValidator | null = staker
        ? {
              chainName: 'Primary network',
              weight: staker.weight,
              uptimePercentage: staker.uptime,
              connected: staker.connected,
              startTimestamp: staker.startTime === undefined ? undefined : int(staker.startTime),
              autoRenewed: staker.autoRenewed,
          }
        : null;
    const l1Validations = perSubnet.flatMap(({ subnetId, answer }) =>
        (answer?.validators ?? [])
            .filter((v) => v.kind === 'l1' && v.nodeId === nodeId)
            .map((v) => ({
                ...validationOf(subnetId, v),
                subnetName: lookup.subnets.nameOf(subnetId),
            })),
    );
    return {
        kind: 'nodeId',
        nodeId,
        network,
        l1Validations,
        primary: primaryView,
        source: sourceOf(node, 'P-Chain API'),
        notes: [],
    };
}
