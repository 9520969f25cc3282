/**
 * The chain-list cache and the pool of JSON-RPC clients for chains' RPC URLs, in one vscode-free
 * place that the extension (`platform/clients.ts`), the MCP server (`core/agent/standalone.ts`)
 * and the tests share. Only type imports of the clients, so the VS Code glue may import it at
 * activation: the caller builds each client.
 */
import { untilAborted } from '../abort';
import type { ChainInfo } from '../dataApi/model';
import { abortError } from '../http/errors';
import { cChainEvmId, pChainId } from '../ids/primaryNetwork';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import { type RpcTarget, splitRpcUrl } from '../nodeRpc/rpcUrl';

/**
 * How long a chain list is kept: chains are added to the Data API's index now and then, and a
 * window or an MCP server may stay open for days.
 */
const chainListTtlMs = 10 * 60_000;

/**
 * One chain list per network, read once and shared by every caller for `ttlMs`. A failure is not
 * kept, so the next caller asks again. A caller's `signal` stops only its own wait: the request
 * goes on for the others.
 */
export class ChainListCache<N extends string = string> {
    private readonly lists = new Map<N, { atMs: number; chains: Promise<ChainInfo[]> }>();

    /** `load` reads a network's list; it is called again only after `ttlMs` or a `forget`. */
    constructor(
        private readonly load: (network: N) => Promise<ChainInfo[]>,
        private readonly ttlMs = chainListTtlMs,
    ) {}

    /** The chain list of `network`, from the cache when it is fresh. */
    get(network: N, signal?: AbortSignal): Promise<ChainInfo[]> {
        let entry = this.lists.get(network);
        if (!entry || Date.now() - entry.atMs >= this.ttlMs) {
            const chains = this.load(network);
            const created = { atMs: Date.now(), chains };
            chains.catch(() => {
                if (this.lists.get(network) === created) this.lists.delete(network);
            });
            this.lists.set(network, created);
            entry = created;
        }
        return untilAborted(entry.chains, signal, abortError);
    }

    /** Forgets one network's list, or every list. */
    forget(network?: N): void {
        if (network === undefined) this.lists.clear();
        else this.lists.delete(network);
    }
}

/**
 * The `load` of the extension's and the MCP server's chain-list caches: the selected node's chains
 * on `local`, which the Data API does not index, the Data API's list on the public networks.
 */
export function readChainList(
    network: 'mainnet' | 'fuji' | 'local',
    nodeChains: () => Promise<ChainInfo[]>,
    dataApi: () => Promise<{
        supportedChains(params: { network: 'mainnet' | 'fuji' }): Promise<{ chains: ChainInfo[] }>;
    }>,
): Promise<ChainInfo[]> {
    return network === 'local'
        ? nodeChains()
        : dataApi()
              .then((api) => api.supportedChains({ network }))
              .then((result) => result.chains);
}

/**
 * One JSON-RPC client per base URL of a chain's RPC URL. `make` builds a client for a base URL
 * (with the caller's timeouts, transport and origin policy); `clear` hands back the clients to
 * close.
 */
export class RpcClientPool {
    private readonly clients = new Map<string, NodeRpcClient>();

    constructor(private readonly make: (baseUrl: string) => NodeRpcClient) {}

    /** A client for `rpcUrl` and the path to call, or undefined when the URL is not http(s). */
    rpcFor(rpcUrl: string): RpcTarget | undefined {
        const split = splitRpcUrl(rpcUrl);
        if (!split) return undefined;
        let client = this.clients.get(split.base);
        if (!client) {
            client = this.make(split.base);
            this.clients.set(split.base, client);
        }
        return { client, path: split.path };
    }

    /** Empties the pool and returns the clients it held, for the caller to close. */
    clear(): NodeRpcClient[] {
        const held = [...this.clients.values()];
        this.clients.clear();
        return held;
    }
}

/** The C-Chain's JSON-RPC path on a node (https://build.avax.network/docs/api-reference/c-chain/api). */
const cChainRpcPath = '/ext/bc/C/rpc';

/**
 * The primary network's C-Chain of mainnet or Fuji as a chain-list entry, answered through the
 * node at `nodeUrl`: what the node side serves when the Data API's list is not asked.
 */
export function cChainInfo(network: 'mainnet' | 'fuji', nodeUrl: string): ChainInfo {
    return {
        chainId: cChainEvmId(network),
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
