/**
 * What the tree sources share: the clients, the settings, and through `ClientProvider` the chain
 * list and the JSON-RPC clients for the RPC URLs the Data API lists (an EVM chain's `rpcUrl` may
 * be on another host than the selected node). On the `local` network the chain list, subnets,
 * blocks and validators come from the selected node (`ClientProvider.nodeNetwork()`).
 */
import type { ChainInfo, RpcTarget } from '../core/index';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import { nodeName } from '../platform/nodeCatalog';
import { type Network, SettingKey } from '../platform/settingKeys';
import type { ProfilerStates } from '../platform/profilerStates';
import type { ValidatorFeeReader } from '../platform/validatorFees';

export class TreeServices extends Disposable {
    constructor(
        readonly clients: ClientProvider,
        readonly config: Config,
        /** The L1 validator fee per network (shared with the watch list). */
        readonly fees: ValidatorFeeReader,
        /** What this window did to each node's CPU profiler (shared with the palette). */
        readonly profilers: ProfilerStates,
    ) {
        super();
    }

    get network(): Network {
        return this.clients.network;
    }

    /** True when the views read the selected node's own network rather than the Data API. */
    get isLocal(): boolean {
        return this.clients.network === 'local';
    }

    /** The network as a view names it: a local network by its node. */
    get networkLabel(): string {
        if (!this.isLocal) return this.network;
        return `local · ${nodeName(this.clients.nodeUrl, this.config.get(SettingKey.NodeUrls))}`;
    }

    /**
     * The Data API's EVM chains of a network, shared with hovers and palette queries
     * (`ClientProvider.chains`).
     */
    supportedChains(network: Network, signal?: AbortSignal): Promise<ChainInfo[]> {
        return this.clients.chains(network, signal);
    }

    /**
     * True when the views have nothing to read from: the `local` network through a node the
     * extension chose (none is set in settings) that does not answer. Their roots are then empty,
     * so each view's welcome offers to choose a network (#40), as the Node view's offers a node;
     * a node the user chose keeps its error rows. The read is the chain list the Chains view
     * and hovers share, so asking costs no request of its own.
     */
    async nothingToRead(signal: AbortSignal): Promise<boolean> {
        if (!this.isLocal || !this.config.nodeIsAutomatic) return false;
        try {
            await this.supportedChains('local', signal);
            return false;
        } catch (error) {
            if (signal.aborted) throw error;
            return true;
        }
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
