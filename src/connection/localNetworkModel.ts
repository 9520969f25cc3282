/**
 * What the pickers and the follower decide about local networks found on this machine, as pure
 * functions of the discovered networks, so they are unit-tested without VS Code.
 */
import type { LocalNetwork, LocalNode } from '../core/local/localNetwork';

import { inertLabel } from '../core/text/inert';
/** Longest list of L1 names in a picker line before "…". */
const maxNamesShown = 4;

/**
 * Names come from files any process may write: inert and short, `$(` codicon syntax escaped
 * (`core/text/inert.ts`).
 */
export function plain(text: string): string {
    return inertLabel(text, 120);
}

function sourceName(source: LocalNetwork['source']): string {
    switch (source) {
        case 'avalanche-cli':
            return 'avalanche-cli';
        case 'tmpnet':
            return 'tmpnet';
        case 'interchain-kit':
            return 'Interchain Kit';
        case 'probe':
            return 'found on a port';
    }
}

/** `· ICM relayer 127.0.0.1:8080`, when the network's tool runs one and says where. */
function relayerText(network: LocalNetwork): string {
    const api = network.relayer?.apiUrl;
    if (api === undefined) return '';
    try {
        return ` · ICM relayer ${new URL(api).host}`;
    } catch {
        return '';
    }
}

/** The picker label, description and detail of a discovered network. */
export function describeLocalNetwork(network: LocalNetwork): {
    label: string;
    description: string;
    detail: string;
} {
    const nodes = network.nodes.length;
    const names = network.l1s.map((l1) => l1.name);
    const l1Text =
        names.length === 0
            ? 'no L1 found'
            : `L1${names.length === 1 ? '' : 's'}: ${names.slice(0, maxNamesShown).join(', ')}${names.length > maxNamesShown ? ', …' : ''}`;
    const first = network.nodes[0];
    return {
        label: plain(network.name),
        description: first ? plain(first.uri) : 'no running node',
        detail: plain(
            `${sourceName(network.source)} · ${nodes} node${nodes === 1 ? '' : 's'}${network.networkId === undefined ? '' : ` · network id ${network.networkId}`} · ${l1Text}${relayerText(network)}${first?.offLoopback ? ' · not on this machine' : ''}`,
        ),
    };
}

/** The nodes of every discovered network, for the node picker. */
export function discoveredNodes(
    networks: readonly LocalNetwork[],
): { network: LocalNetwork; node: LocalNode }[] {
    return networks.flatMap((network) => network.nodes.map((node) => ({ network, node })));
}

/**
 * The node URL to select after a change: undefined to keep the current one (still listed, or the
 * network is gone and there is nothing better). Off-loopback nodes are never chosen here: they
 * need the user's consent, which only a picker asks for.
 */
export function nextNodeUrl(
    network: LocalNetwork | undefined,
    selected: string,
): string | undefined {
    if (!network) return undefined;
    const live = network.nodes.filter((n) => !n.offLoopback);
    if (live.some((n) => n.uri === selected)) return undefined;
    return live[0]?.uri;
}
