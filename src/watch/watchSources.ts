/**
 * Where the watch list's reads go, built from the user's settings through `ClientProvider`: the
 * P-Chain of a network and its L1 validator fee come from `ValidatorFeeReader` (the node that
 * answers the network, the fee read once a minute and shared with the Validators view's marks);
 * an EVM chain is the node's C-Chain or the chain list's RPC URL; exports go to the Data API; an
 * ICM message's chains are those the panel finds (`core/icm/directory.ts`), asked through
 * `ClientProvider.rpcFor` and its origin rule.
 */
import type {
    IcmDirectoryHost,
    NodeMetrics,
    NodeRpcClient,
    ValidatorFees,
    WatchEvmChain,
    WatchNetwork,
    WatchSources,
} from '../core/index';
import type { ClientProvider } from '../platform/clients';
import { loadCore } from '../platform/lazyCore';
import type { LocalNetworks } from '../platform/localNetworks';
import type { ValidatorFeeReader } from '../platform/validatorFees';

export class ClientWatchSources implements WatchSources {
    constructor(
        private readonly clients: ClientProvider,
        private readonly fees: ValidatorFeeReader,
        /** Counts requests sent outside an item's own read, against the budget. */
        private readonly spend: (requests: number) => void,
        /** The local networks found on this machine, which name ICM chains and relayers. */
        private readonly local?: Pick<LocalNetworks, 'list'>,
    ) {}

    pChain(network: WatchNetwork, signal: AbortSignal): Promise<NodeRpcClient> {
        return this.fees.pChain(network, signal, this.spend);
    }

    validatorFees(network: WatchNetwork, signal: AbortSignal): Promise<ValidatorFees> {
        return this.fees.read(network, signal, this.spend);
    }

    async evmChain(
        network: WatchNetwork,
        chainId: string,
        signal: AbortSignal,
    ): Promise<WatchEvmChain | undefined> {
        // The node's own C-Chain first: it answers without the Data API and its key.
        const nodeChains = await this.clients.nodeChains(network, signal).catch(() => []);
        const chain =
            nodeChains.find((c) => c.chainId === chainId) ??
            (await this.clients.chains(network, signal)).find((c) => c.chainId === chainId);
        const target = chain?.rpcUrl ? this.clients.rpcFor(chain.rpcUrl) : undefined;
        if (!chain || !target) return undefined;
        return {
            target,
            name: chain.chainName,
            symbol: chain.networkToken?.symbol ?? 'AVAX',
        };
    }

    dataApi() {
        return this.clients.dataApi();
    }

    node(url: string): NodeRpcClient {
        const target = this.clients.rpcFor(`${url.replace(/\/+$/, '')}/ext/info`);
        if (!target) throw new Error(`${url} is not an http(s) URL.`);
        return target.client;
    }

    async icmHost(network: WatchNetwork, signal: AbortSignal): Promise<IcmDirectoryHost> {
        // The node that answers the network's P-Chain names its blockchains too.
        const node = await this.fees.pChain(network, signal, this.spend);
        return loadCore().icmHost(
            {
                network,
                chains: (inner) => this.clients.chains(network, inner),
                nodeRpc: () => node,
                dataApi: () => this.clients.dataApi(),
                nodeUrl: node.url,
                rpcFor: (url) => this.clients.rpcFor(url),
                ...(this.local ? { localNetworks: () => this.local!.list() } : {}),
                sourceValidators: (subnetId, inner) =>
                    loadCore().sourceL1Warning(node, subnetId, inner ?? signal),
                relayerReasons: (relayer, from, to, inner) =>
                    loadCore().relayerReasons(
                        relayer,
                        from,
                        to,
                        inner ?? signal,
                        this.clients.transport(),
                    ),
            },
            signal,
        );
    }

    nodeMetrics(url: string): NodeMetrics {
        return this.clients.nodeMetrics(this.node(url).url);
    }
}
