/**
 * What the tree sources share: the clients, the settings, and through `ClientProvider` the chain
 * list and the JSON-RPC clients for the RPC URLs the Data API lists (an EVM chain's `rpcUrl` may
 * be on another host than the selected node).
 */
import type { ChainInfo, RpcTarget } from '../core/index';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';

export class TreeServices extends Disposable {
    constructor(
        readonly clients: ClientProvider,
        readonly config: Config,
    ) {
        super();
    }

    get network(): 'mainnet' | 'fuji' {
        return this.clients.network;
    }

    /**
     * The Data API's EVM chains of a network, shared with hovers and palette queries
     * (`ClientProvider.chains`).
     */
    supportedChains(network: 'mainnet' | 'fuji', signal?: AbortSignal): Promise<ChainInfo[]> {
        return this.clients.chains(network, signal);
    }

    /** Forgets the cached chain lists (a user's Refresh reads them again). */
    clearCaches(): void {
        this.clients.forgetChains();
    }

    /** A JSON-RPC client for an EVM chain's RPC URL, or undefined when the URL is unusable. */
    rpcTarget(rpcUrl: string): RpcTarget | undefined {
        return this.clients.rpcFor(rpcUrl);
    }
}
