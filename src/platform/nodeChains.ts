/**
 * The EVM chains the node side can answer for, as hovers ask them when the Data API cannot: on
 * mainnet and Fuji the primary network's C-Chain, through the selected node unless it is the
 * built-in public node of the other network (then through this network's public node), so no
 * request goes to a host the user did not choose. Pure, so the choice is unit-tested;
 * `ClientProvider.nodeChains` answers a local network from the node's own chain list.
 */
import { cChainInfo } from '../core/clients/clientPool';
import type { ChainInfo } from '../core/index';
import { builtInNodes } from './nodeCatalog';
import type { DataApiNetwork } from './settingKeys';

/** The node side's C-Chain of `network`, through the node the rule above picks. */
export function nodeChainsFor(network: DataApiNetwork, selectedNodeUrl: string): ChainInfo[] {
    // The node the user chose answers, unless it is the public node of the other network: then
    // this network's public node does. Any other node (a local one, the user's own) is asked as
    // it is, and the hover believes it only when its eth_chainId is this network's.
    const selected = builtInNodes.find((n) => n.url === selectedNodeUrl);
    const url =
        selected?.network !== undefined && selected.network !== network
            ? builtInNodes.find((n) => n.network === network)?.url
            : selectedNodeUrl;
    return url === undefined ? [] : [cChainInfo(network, url)];
}
