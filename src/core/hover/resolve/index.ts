/**
 * The live part of a hover: what the Data API and the connected node say about an identifier, on
 * the network the identifier belongs to (its HRP, its well-known id) or else the selected one.
 * This file only picks the family of the identifier; each family's lookup is in its own module.
 *
 * Each lookup asks for little (one page, a handful of items) and runs its independent requests in
 * parallel. A part that fails becomes a calm note beside the parts that worked; only when nothing
 * could be read does `resolve` reject, and the hover then shows one calm line. Cancellation (the
 * caller's signal) aborts the requests and rejects with an AbortError.
 *
 * On `local` (the selected node's own network) the Data API knows nothing: EVM identifiers are
 * asked of the node's chains over JSON-RPC (`evmRpc.ts`), and the other families say they cannot
 * be looked up. On mainnet and Fuji the Data API answers first, and an EVM lookup it cannot answer
 * (not found, rate limit, outage) goes to the chain's JSON-RPC.
 *
 * Two directories are shared by every lookup of a network: the EVM chains the Data API indexes
 * (kept by the caller, see `HoverClients.chains`) and the subnets lookups read by id, kept here
 * for minutes.
 */
import type { Identifier } from '../../identifiers';
import type { KnownId } from '../../knownIds';
import type { HoverChain, HoverNetwork, LiveResult } from '../types';
import { resolveCb58 } from './cb58Id';
import { hoverChains, SubnetDirectory } from './directories';
import { resolveEvmAddress } from './evmAddress';
import { resolveEvmHash } from './evmHash';
import { resolveLocalEvmAddress, resolveLocalEvmHash } from './evmRpc';
import { withFailure } from './evmWhy';
import {
    defaultResolverLimits,
    type HoverClients,
    Lookup,
    type ResolveOptions,
    type ResolverLimits,
} from './lookup';
import { resolveNodeId } from './nodeId';
import { resolveCb58OnNode, resolveNodeIdOnNode } from './platformNode';
import { resolvePnAddress } from './pnAddress';

export { dataApiFallbackReason, maxNodeChainsAsked } from './evmRpc';
export {
    cChainEvmId,
    defaultResolverLimits,
    type HoverClients,
    type ResolveOptions,
    type ResolverLimits,
} from './lookup';

function networkOfKnown(known: KnownId | undefined, fallback: HoverNetwork): HoverNetwork {
    return known?.network === 'mainnet' || known?.network === 'fuji' ? known.network : fallback;
}

/** See the file comment. One instance per extension; `reset()` forgets the subnet directories. */
export class HoverResolver {
    private readonly subnetDirs = new Map<HoverNetwork, SubnetDirectory>();
    /** The chain list as hovers show it, per list the caller handed out (mapped once). */
    private readonly shownChains = new WeakMap<object, HoverChain[]>();
    private readonly limits: ResolverLimits;

    constructor(
        private readonly clients: HoverClients,
        limits: Partial<ResolverLimits> = {},
        private readonly now: () => number = Date.now,
    ) {
        this.limits = { ...defaultResolverLimits, ...limits };
    }

    /** Drops the subnet directories (after a network or Data API change). */
    reset(): void {
        this.subnetDirs.clear();
    }

    /** What the services say about `id`. Rejects only when nothing could be read. */
    async resolve(id: Identifier, options: ResolveOptions): Promise<LiveResult> {
        const lookup = new Lookup(this.clients, this.limits, options, this, this.now);
        switch (id.kind) {
            case 'evmAddress': {
                if (options.network === 'local') return resolveLocalEvmAddress(lookup, id.value);
                return resolveEvmAddress(lookup, id.value, lookup.evmChain());
            }
            case 'hash32': {
                if (id.known?.kind === 'blockchain') {
                    const network = networkOfKnown(id.known, options.network);
                    if (network === 'local') return resolveCb58OnNode(lookup, id.cb58);
                    return resolveCb58(lookup.on(network), id.cb58, id.known);
                }
                const found =
                    options.network === 'local'
                        ? await resolveLocalEvmHash(lookup, id.value)
                        : await resolveEvmHash(lookup, id.value, id.cb58);
                return withFailure(lookup, found);
            }
            case 'pnAddress':
                // The address names its own network by its HRP; `local1…` is answered there.
                return resolvePnAddress(lookup, id);
            case 'nodeId':
                if (options.network === 'local') return resolveNodeIdOnNode(lookup, id.text);
                return resolveNodeId(lookup, id.text);
            case 'cb58Id': {
                const network = networkOfKnown(id.known, options.network);
                if (network === 'local') return resolveCb58OnNode(lookup, id.value);
                return resolveCb58(lookup.on(network), id.value, id.known);
            }
        }
    }

    /**
     * The EVM chains of `network` as hovers show them: the Data API's index, or on `local` the
     * node's own chains.
     */
    async chains(network: HoverNetwork, signal?: AbortSignal): Promise<HoverChain[]> {
        const list =
            network === 'local'
                ? await this.clients.nodeChains(network, signal)
                : await this.clients.chains(network, signal);
        let shown = this.shownChains.get(list);
        if (!shown) {
            shown = hoverChains(list, network);
            this.shownChains.set(list, shown);
        }
        return shown;
    }

    /** The subnets of `network` that lookups read by id (kept minutes). */
    subnets(network: HoverNetwork): SubnetDirectory {
        let dir = this.subnetDirs.get(network);
        if (!dir || this.now() - dir.createdAt >= this.limits.directoryTtlMs) {
            const dataApi = (): ReturnType<HoverClients['dataApi']> => this.clients.dataApi();
            dir = new SubnetDirectory(network, dataApi, this.now());
            this.subnetDirs.set(network, dir);
        }
        return dir;
    }
}
