/**
 * cb58 ids and NodeIDs on a network only the node knows, answered by the node's P-Chain and
 * X-Chain APIs (https://build.avax.network/docs/api-reference/p-chain/api,
 * https://build.avax.network/docs/api-reference/x-chain/api) instead of the Data API. An id does
 * not say what it names, so the candidates are asked at once and the first that knows it wins,
 * in this order: blockchain, subnet, P-Chain transaction, X-Chain transaction, L1 validation,
 * X-Chain asset. Each hover says it came from the node.
 */
import { isPositiveAmount } from '../../format';
import { isAbortError } from '../../http/errors';
import { pChainId } from '../../ids/primaryNetwork';
import { nodeRpcMethods } from '../../nodeRpc/methods';
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
import type { Lookup } from './lookup';

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
    const { network, signal } = lookup;
    const node = lookup.clients.nodeRpc();
    const options = signal ? { signal } : {};
    const m = nodeRpcMethods;
    const [blockchains, subnet, pStatus, xStatus, validation, asset] = await Promise.all([
        maybe(node.call(m['platform.getBlockchains'], {}, options)),
        maybe(node.call(m['platform.getSubnet'], { subnetID: id }, options)),
        maybe(node.call(m['platform.getTxStatus'], { txID: id }, options)),
        maybe(node.call(m['avm.getTxStatus'], { txID: id }, options)),
        maybe(node.call(m['platform.getL1Validator'], { validationID: id }, options)),
        maybe(node.call(m['avm.getAssetDescription'], { assetID: id }, options)),
    ]);
    const pApi = sourceOf(node, 'P-Chain API');
    const chain = blockchains?.blockchains.find((b) => b.blockchainId === id);
    if (chain) {
        const evm = (await maybe(lookup.chains()))?.find((c) => c.blockchainId === id);
        const parent = await maybe(
            chain.subnetId === pChainId
                ? Promise.resolve(undefined)
                : node.call(m['platform.getSubnet'], { subnetID: chain.subnetId }, options),
        );
        return {
            kind: 'blockchain',
            blockchainId: id,
            network,
            name: chain.name,
            vmId: chain.vmId,
            vmName: vmName(chain.vmId),
            subnetId: chain.subnetId,
            evmChainId: evm?.evmChainId,
            isL1: parent?.isL1 ?? false,
            source: pApi,
            notes: [],
        };
    }
    if (subnet) {
        const chains = (blockchains?.blockchains ?? []).filter((b) => b.subnetId === id);
        const validators = subnet.isL1
            ? await maybe(node.call(m['platform.getCurrentValidators'], { subnetID: id }, options))
            : undefined;
        const evm = await maybe(lookup.chains());
        return {
            kind: 'subnet',
            subnetId: id,
            network,
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
            source: pApi,
            notes: [],
        };
    }
    for (const [status, chainName, method] of [
        [pStatus, 'P', m['platform.getTx']],
        [xStatus, 'X', m['avm.getTx']],
    ] as const) {
        if (!status || status.status === 'Unknown') continue;
        const tx = await maybe(node.call(method, { txID: id }, options));
        return {
            kind: 'primaryTx',
            chain: chainName,
            txId: id,
            network,
            txType: tx?.typeName,
            status: status.status,
            memo: tx?.memo,
            source: sourceOf(node, `${chainName}-Chain API`),
            notes: [],
        };
    }
    if (validation) {
        return {
            kind: 'l1Validation',
            network,
            validation: validationOf(validation.subnetId, validation.validator),
            source: pApi,
            notes: [],
        };
    }
    if (asset) {
        return {
            kind: 'asset',
            assetId: id,
            network,
            name: asset.name,
            symbol: asset.symbol,
            denomination: asset.denomination,
            source: sourceOf(node, 'X-Chain API'),
            notes: [],
        };
    }
    return {
        kind: 'notFound',
        network,
        searched: [
            'blockchains',
            'subnets',
            'P-Chain and X-Chain transactions',
            'L1 validations',
            'X-Chain assets',
        ],
        source: pApi,
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
