/**
 * What `ClientProvider` gives hovers in the extension (one chain list per network, the node side's
 * chains, one JSON-RPC client per RPC base URL), for tests in plain Node.
 */
import {
    type ChainInfo,
    type DataApiClient,
    evmChainInfo,
    NodeRpcClient,
    type NodeRpcClientOptions,
    nodeRpcMethods,
    pChainId,
    type RpcTarget,
} from '../../src/core';
import { ChainListCache, RpcClientPool } from '../../src/core/clients/clientPool';

export interface SharedLookups {
    chains(network: 'mainnet' | 'fuji', signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /**
     * The node's C-Chain, on every network (the sandbox node stands in for the public nodes), as
     * `ClientProvider.nodeChains` gives it for a local network; none without `nodeUrl`.
     */
    nodeChains(
        network: 'mainnet' | 'fuji' | 'local',
        signal?: AbortSignal,
    ): Promise<readonly ChainInfo[]>;
    rpcFor(rpcUrl: string): RpcTarget | undefined;
    close(): Promise<void>;
}

export function sharedLookups(
    dataApi: () => Promise<DataApiClient>,
    rpcOptions: Omit<NodeRpcClientOptions, 'url'> = {},
    nodeUrl?: string,
): SharedLookups {
    // The extension's and the MCP server's own cache and pool, so the tests see their rules.
    const lists = new ChainListCache<'mainnet' | 'fuji'>((network) =>
        dataApi()
            .then((api) => api.supportedChains({ network }))
            .then((result) => result.chains),
    );
    const clients = new RpcClientPool((base) => new NodeRpcClient({ ...rpcOptions, url: base }));
    return {
        chains(network, signal) {
            return lists.get(network, signal);
        },
        async nodeChains(_network, signal) {
            if (nodeUrl === undefined) return [];
            const target = this.rpcFor(`${nodeUrl}/ext/bc/C/rpc`)!;
            const chainId = await target.client.call(nodeRpcMethods.eth_chainId, [], {
                chain: 'C',
                ...(signal ? { signal } : {}),
            });
            return [localCChain(nodeUrl, String(chainId))];
        },
        rpcFor(rpcUrl) {
            return clients.rpcFor(rpcUrl);
        },
        async close() {
            await Promise.all(clients.clear().map((c) => c.close()));
        },
    };
}

/** The C-Chain of a local node as `ClientProvider.chains('local')` lists it. */
export function localCChain(nodeUrl: string, chainId: string): ChainInfo {
    return evmChainInfo({
        blockchainId: 'C',
        name: 'C-Chain',
        subnetId: pChainId,
        vmId: '',
        evmChainId: chainId,
        rpcUrl: `${nodeUrl.replace(/\/+$/, '')}/ext/bc/C/rpc`,
    });
}
