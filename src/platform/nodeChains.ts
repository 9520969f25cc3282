/**
 * The EVM chains the node side can answer for, as hovers ask them when the Data API cannot: on
 * mainnet and Fuji the primary network's C-Chain, through the selected node when it is the
 * built-in public node of that network (so a node of another network is never asked for it),
 * else through that public node; on a local network the selected node's C-Chain. Pure, so the
 * choice is unit-tested; `ClientProvider.nodeChains` adds what must be asked of the node.
 */
import { pChainId } from '../core/ids/primaryNetwork';
import type { ChainInfo } from '../core/index';
import { builtInNodes } from './nodeCatalog';
import type { Network } from './settingKeys';

/** The C-Chain's JSON-RPC path on a node (https://build.avax.network/docs/api-reference/c-chain/api). */
const cChainRpcPath = '/ext/bc/C/rpc';

const cChainIds = { mainnet: '43114', fuji: '43113' } as const;

function cChain(network: Network | 'local', nodeUrl: string, chainId: string): ChainInfo {
    return {
        chainId,
        status: 'OK',
        chainName: 'C-Chain',
        description: "The primary network's EVM chain",
        subnetId: pChainId,
        vmName: 'EVM',
        rpcUrl: `${nodeUrl.replace(/\/+$/, '')}${cChainRpcPath}`,
        isTestnet: network !== 'mainnet',
        networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    };
}

/**
 * The node side's EVM chains of `network`. `localChainId` is the EVM chain id the selected node's
 * C-Chain reported (`eth_chainId`); without it a local network has no chain to offer.
 */
export function nodeChainsFor(
    network: Network | 'local',
    selectedNodeUrl: string,
    localChainId?: string,
): ChainInfo[] {
    if (network === 'local') {
        return localChainId === undefined ? [] : [cChain(network, selectedNodeUrl, localChainId)];
    }
    const publicNode = builtInNodes.find((n) => n.network === network);
    const selected = builtInNodes.find((n) => n.url === selectedNodeUrl && n.network === network);
    const url = (selected ?? publicNode)?.url;
    return url === undefined ? [] : [cChain(network, url, cChainIds[network])];
}
