/**
 * The nodes offered in "Choose Node…": three built-in ones plus those the user added to
 * `avalanche.node.urls`. Pure, so names and the known-destination rule are unit-tested.
 */
import type { Network, NodeEntry } from './settingKeys';

export interface BuiltInNode extends NodeEntry {
    readonly description: string;
    /** The network a public node serves; a local node can run either. */
    readonly network?: Network;
}

/** Public API nodes run by Ava Labs, and the default AvalancheGo HTTP address on this machine. */
export const builtInNodes: readonly BuiltInNode[] = [
    {
        name: 'Local node',
        url: 'http://127.0.0.1:9650',
        description: 'AvalancheGo on this machine (default HTTP port 9650)',
    },
    {
        name: 'Public mainnet node',
        url: 'https://api.avax.network',
        description: 'Public API node for mainnet; admin, health details and some APIs are off',
        network: 'mainnet',
    },
    {
        name: 'Public Fuji node',
        url: 'https://api.avax-test.network',
        description: 'Public API node for the Fuji testnet; admin and some APIs are off',
        network: 'fuji',
    },
];

/**
 * The node used while `avalanche.node.selectedUrl` is unset: a local node or network found on
 * this machine (`found`), else the selected network's public node; on `local` the local node's
 * default address, since no public node serves it.
 */
export function automaticNodeUrl(network: Network, found: string | undefined): string {
    if (found !== undefined) return found;
    return builtInNodes.find((n) => n.network === network)?.url ?? localNodeUrl;
}

/** Where a plain `avalanchego` listens on this machine. */
export const localNodeUrl = 'http://127.0.0.1:9650';

/** Every selectable node: built-ins first, then user-added ones not duplicating a built-in URL. */
export function allNodes(userNodes: readonly NodeEntry[]): readonly NodeEntry[] {
    const builtInUrls = new Set(builtInNodes.map((n) => n.url));
    return [...builtInNodes, ...userNodes.filter((n) => !builtInUrls.has(n.url))];
}

/** The display name of a node URL: its name in the catalogue, else its host. */
export function nodeName(url: string, userNodes: readonly NodeEntry[]): string {
    const known = allNodes(userNodes).find((n) => n.url === url);
    if (known) return known.name;
    try {
        return new URL(url).host;
    } catch {
        return url;
    }
}

/** True when `url` is a built-in node or one in the user's own list. */
export function isKnownNodeUrl(url: string, userNodes: readonly NodeEntry[]): boolean {
    return allNodes(userNodes).some((n) => n.url === url);
}
