/**
 * A node id: its L1 validations (Data API), and the connected node's validator and peer views,
 * with the node's own view of the first L1 when it serves one of the L1's chains.
 */
import { isPositiveAmount } from '../../format';
import { nodeRpcMethods } from '../../nodeRpc/methods';
import type {
    CalmError,
    HoverChain,
    HoverL1Validation,
    HoverNodeValidator,
    NodeIdLive,
} from '../types';
import { isNotFound, type Lookup, outcomeOf, withSignal } from './lookup';

/**
 * L1 validations (Data API), and the connected node's peer view and its view of the first L1.
 * The node is not asked for the primary network's validators: AvalancheGo serves a validators API
 * only on Subnet-EVM chains (`/ext/bc/<id>/validators`), not on the C-Chain, and the P-Chain's
 * `platform.getCurrentValidators` is not in the method table yet.
 */
export async function resolveNodeId(lookup: Lookup, nodeId: string): Promise<NodeIdLive> {
    const { network, signal } = lookup;
    const api = await lookup.clients.dataApi();
    const node = lookup.clients.nodeRpc();
    const l1Page = api.listL1Validators(
        { network, nodeId, includeInactiveL1Validators: true, pageSize: 100 },
        { signal },
    );
    // The chain list (kept across lookups, so usually already read) names an L1's EVM chain by
    // its subnet: asked beside the validations, it spares the round trip of reading the subnet.
    const listed = lookup.chains().catch((): HoverChain[] => []);
    // The node's view of the first L1 needs only the L1 validations: it starts as soon as they
    // answer, without waiting for the peers.
    const onNode = l1Page.then((page) =>
        firstL1OnNode(lookup, nodeId, page.items[0]?.subnetId, listed),
    );
    const [l1, peers, l1OnNode] = await Promise.all([
        outcomeOf(l1Page),
        outcomeOf(
            node.call(nodeRpcMethods['info.peers'], { nodeIDs: [nodeId] }, withSignal(signal)),
        ),
        outcomeOf(onNode),
    ]);
    lookup.rejectIfNothingRead([l1, peers]);
    lookup.rethrowCancellation([l1OnNode]);
    const notes: CalmError[] = [];
    const out: { -readonly [K in keyof NodeIdLive]: NodeIdLive[K] } = {
        kind: 'nodeId',
        nodeId,
        network,
        notes,
    };
    const subnets = lookup.subnets;
    if (l1.ok) {
        const chains = await listed;
        out.l1Validations = l1.value.items.map((v) => ({
            ...l1Validation(v),
            subnetName: subnets.nameOf(v.subnetId) ?? l1Chain(chains, v.subnetId)?.name,
        }));
    } else {
        notes.push(lookup.note(l1.error, 'Data API', 'L1 validations'));
    }
    if (peers.ok) {
        const p = peers.value.peers.find((x) => x.nodeId === nodeId);
        out.peer = p ? { version: p.version, trackedSubnets: p.trackedSubnets.length } : null;
    } else {
        notes.push(lookup.note(peers.error, 'node', 'peers'));
    }
    if (l1OnNode.ok) {
        if (l1OnNode.value !== undefined) out.l1OnNode = l1OnNode.value;
    } else if (l1.ok && !isNotFound(l1OnNode.error)) {
        // A node that does not serve the L1 answers 404: nothing to say about it.
        notes.push(lookup.note(l1OnNode.error, 'node', 'L1 validators on the node'));
    }
    return out;
}

/**
 * The node's own view of the L1 `subnetId` when it serves one of the L1's chains (null when it
 * does not list the node); undefined when there is no L1 or the Data API knows no such subnet.
 */
async function firstL1OnNode(
    lookup: Lookup,
    nodeId: string,
    subnetId: string | undefined,
    listed: Promise<readonly HoverChain[]>,
): Promise<HoverNodeValidator | null | undefined> {
    if (subnetId === undefined) return undefined;
    const inList = l1Chain(await listed, subnetId);
    const chain =
        inList?.blockchainId !== undefined
            ? { blockchainId: inList.blockchainId, name: inList.name }
            : (await lookup.subnets.byId(subnetId, lookup.signal))?.blockchains[0];
    if (!chain) return undefined;
    const result = await lookup.clients
        .nodeRpc()
        .call(
            nodeRpcMethods['validators.getCurrentValidators'],
            { nodeIDs: [nodeId] },
            { chain: chain.blockchainId, ...withSignal(lookup.signal) },
        );
    const v = result.validators.find((x) => x.nodeId === nodeId);
    return v ? nodeValidator(v, chain.name) : null;
}

/** The listed EVM chain of the L1 `subnetId` (not the C-Chain), when the chain list names one. */
function l1Chain(chains: readonly HoverChain[], subnetId: string): HoverChain | undefined {
    return chains.find((c) => c.subnetId === subnetId && !c.isCChain && c.blockchainId);
}

/** An L1 validation as hovers show it (the subnet's name is added where it is known). */
export function l1Validation(v: {
    validationId: string;
    nodeId: string;
    subnetId: string;
    weight: string;
    remainingBalance: string;
    creationTimestamp: number;
}): HoverL1Validation {
    return {
        validationId: v.validationId,
        nodeId: v.nodeId,
        subnetId: v.subnetId,
        weight: v.weight,
        remainingBalance: v.remainingBalance,
        active: isPositiveAmount(v.remainingBalance),
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
