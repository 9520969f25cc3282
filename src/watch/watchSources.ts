/**
 * Where the watch list's reads go, built from the user's settings through `ClientProvider`: the
 * P-Chain of a network is the selected node when it is on that network (asked once with
 * `info.getNetworkID`), else the network's built-in public node, so no read goes to a host the user
 * did not choose; an EVM chain is the node's C-Chain or the chain list's RPC URL; exports go to the
 * Data API. The L1 validator fee is read once a minute per network and shared by every item.
 */
import type {
    NodeRpcClient,
    ValidatorFees,
    WatchEvmChain,
    WatchNetwork,
    WatchSources,
} from '../core/index';
import type { ClientProvider } from '../platform/clients';
import { loadCore } from '../platform/lazyCore';
import { builtInNodes } from '../platform/nodeCatalog';

/** AvalancheGo's network ids (`info.getNetworkID`): mainnet 1, Fuji 5. */
const networkIds = { mainnet: '1', fuji: '5' } as const;
/** How long one fee reading serves every item of its network. */
const feeTtlMs = 60_000;

export class ClientWatchSources implements WatchSources {
    private readonly fees = new Map<WatchNetwork, { atMs: number; fees: Promise<ValidatorFees> }>();
    /** The selected node's network id, by node URL. */
    private readonly nodeNetworks = new Map<string, Promise<string>>();

    constructor(
        private readonly clients: ClientProvider,
        /** Counts requests sent outside an item's own read, against the budget. */
        private readonly spend: (requests: number) => void,
    ) {}

    /** Forgets what depends on the settings (the node changed). */
    reset(): void {
        this.fees.clear();
        this.nodeNetworks.clear();
    }

    async pChain(network: WatchNetwork, signal: AbortSignal): Promise<NodeRpcClient> {
        if (network === 'local') return this.clients.nodeRpc();
        const selectedUrl = this.clients.nodeUrl;
        let id = this.nodeNetworks.get(selectedUrl);
        if (!id) {
            this.spend(1);
            const { nodeRpcMethods } = loadCore();
            const asked = this.clients
                .nodeRpc()
                .call(nodeRpcMethods['info.getNetworkID'], {}, { signal })
                .then((r) => String(r.networkId));
            // A failed answer is not remembered: taken as "another network", it would send every
            // later read to the public node for good while the selected node was only briefly
            // unreachable. The read fails instead, and the next one asks again.
            asked.catch(() => {
                if (this.nodeNetworks.get(selectedUrl) === asked) {
                    this.nodeNetworks.delete(selectedUrl);
                }
            });
            id = asked;
            this.nodeNetworks.set(selectedUrl, id);
        }
        if ((await id) === networkIds[network]) return this.clients.nodeRpc();
        const publicUrl = builtInNodes.find((n) => n.network === network)?.url;
        const target = publicUrl ? this.clients.rpcFor(`${publicUrl}/ext/P`) : undefined;
        if (!target) throw new Error(`No node is known for ${network}'s P-Chain.`);
        return target.client;
    }

    validatorFees(network: WatchNetwork, signal: AbortSignal): Promise<ValidatorFees> {
        const cached = this.fees.get(network);
        if (cached && Date.now() - cached.atMs < feeTtlMs) return cached.fees;
        const { nodeRpcMethods: m } = loadCore();
        const fees = this.pChain(network, signal).then(async (client) => {
            this.spend(2);
            const [state, config] = await Promise.all([
                client.call(m['platform.getValidatorFeeState'], {}, { signal }),
                client
                    .call(m['platform.getValidatorFeeConfig'], {}, { signal })
                    .catch(() => undefined),
            ]);
            return { state, config };
        });
        const entry = { atMs: Date.now(), fees };
        fees.catch(() => {
            if (this.fees.get(network) === entry) this.fees.delete(network);
        });
        this.fees.set(network, entry);
        return fees;
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
}
