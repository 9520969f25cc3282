/**
 * Text search over items the trees already hold: subnets and their blockchains (the Subnets
 * view's "Find" command looks at loaded items before asking the Data API) and the Node view's
 * peers filter. Pure and zod-free.
 */
import type { Peer } from '../nodeRpc/schemas';

/** The fields a subnet search reads (raw and compact subnets both have them). */
export interface SearchableSubnet {
    readonly subnetId: string;
    readonly blockchains: readonly {
        readonly blockchainId: string;
        readonly blockchainName: string;
    }[];
}

/** What a query matched: the subnet itself, or one of its blockchains. */
export interface SubnetMatch<S extends SearchableSubnet = SearchableSubnet> {
    readonly subnet: S;
    readonly blockchain?: S['blockchains'][number];
    /** Exact id matches rank before name matches. */
    readonly exact: boolean;
}

/**
 * Subnets whose id, or whose blockchains' id or name, match `query`: ids exactly (cb58 is case
 * sensitive), names case-insensitively by substring. Exact matches come first.
 */
export function searchSubnets<S extends SearchableSubnet>(
    subnets: Iterable<S>,
    query: string,
): SubnetMatch<S>[] {
    const text = query.trim();
    if (text === '') return [];
    const lower = text.toLowerCase();
    const exact: SubnetMatch<S>[] = [];
    const partial: SubnetMatch<S>[] = [];
    for (const subnet of subnets) {
        if (subnet.subnetId === text) {
            exact.push({ subnet, exact: true });
            continue;
        }
        for (const blockchain of subnet.blockchains) {
            if (blockchain.blockchainId === text) {
                exact.push({ subnet, blockchain, exact: true });
            } else if (blockchain.blockchainName.toLowerCase().includes(lower)) {
                const same = blockchain.blockchainName.toLowerCase() === lower;
                (same ? exact : partial).push({ subnet, blockchain, exact: same });
            }
        }
    }
    return [...exact, ...partial];
}

/** True when `text` looks like a cb58 id (subnet or blockchain), which a lookup can find. */
export function looksLikeCb58Id(text: string): boolean {
    return /^[1-9A-HJ-NP-Za-km-z]{45,52}$/.test(text.trim());
}

/**
 * Peers that match every whitespace-separated term of `filter` in their node id, version, IP,
 * tracked subnets or benched chains (case-insensitive). An empty filter keeps all peers.
 */
export function filterPeers(peers: readonly Peer[], filter: string): Peer[] {
    const terms = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length === 0) return [...peers];
    return peers.filter((peer) => {
        const haystack = [
            peer.nodeId,
            peer.version ?? '',
            peer.ip ?? '',
            peer.publicIp ?? '',
            ...peer.trackedSubnets,
            ...peer.benched,
        ]
            .join(' ')
            .toLowerCase();
        return terms.every((term) => haystack.includes(term));
    });
}
