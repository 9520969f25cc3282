/**
 * What `ClientProvider` gives hovers in the extension (one chain list per network, the node side's
 * chains, one JSON-RPC client per RPC base URL), for tests in plain Node.
 */
import {
    abortError,
    type ChainInfo,
    type DataApiClient,
    evmChainInfo,
    NodeRpcClient,
    type NodeRpcClientOptions,
    nodeRpcMethods,
    pChainId,
    type RpcTarget,
    splitRpcUrl,
} from '../../../src/core';
import { untilAborted } from '../../../src/core/abort';

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
    const lists = new Map<string, Promise<ChainInfo[]>>();
    const clients = new Map<string, NodeRpcClient>();
    return {
        chains(network, signal) {
            let list = lists.get(network);
            if (!list) {
                list = dataApi()
                    .then((api) => api.supportedChains({ network }))
                    .then((result) => result.chains);
                const kept = list;
                kept.catch(() => {
                    if (lists.get(network) === kept) lists.delete(network);
                });
                lists.set(network, kept);
            }
            return untilAborted(list, signal, abortError);
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
            const split = splitRpcUrl(rpcUrl);
            if (!split) return undefined;
            let client = clients.get(split.base);
            if (!client) {
                client = new NodeRpcClient({ ...rpcOptions, url: split.base });
                clients.set(split.base, client);
            }
            return { client, path: split.path };
        },
        async close() {
            await Promise.all([...clients.values()].map((c) => c.close()));
            clients.clear();
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
