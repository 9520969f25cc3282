/**
 * The agent tools' services outside VS Code (the MCP server, `src/mcp/server.ts`): clients built
 * from plain options instead of settings and secret storage, the hover engine on them, and the
 * workspace's contracts read from a folder. What the extension's `ClientProvider` shares between
 * views is kept per process here: one Data API client, one node client, one client per chain RPC
 * URL, and the chain lists for ten minutes.
 */
import { DataApiClient } from '../dataApi/dataApiClient';
import type { ChainInfo } from '../dataApi/model';
import { HoverEngine } from '../hover/engine';
import type { RetryPolicy } from '../http/httpClient';
import type { HoverNetwork } from '../hover/types';
import { isChosenOrigin, originRefusal } from '../http/origins';
import { ChainListCache, RpcClientPool, cChainInfo, readChainList } from '../clients/clientPool';
import { NodeRpcClient } from '../nodeRpc/rpcClient';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import { NodeNetwork } from '../summaries/nodeNetwork';
import type { TraceSources } from '../trace/artifactDebug';
import type { ContractKnowledge } from '../workspace/knowledge';
import type { AgentServices } from './tools';

export interface StandaloneOptions {
    readonly network: HoverNetwork;
    /** The node's base URL. */
    readonly nodeUrl: string;
    readonly dataApiUrl?: string | undefined;
    readonly metricsUrl?: string | undefined;
    /** Sent only to the Data API host, in `apiKeyHeader`. */
    readonly apiKey?: string | undefined;
    readonly apiKeyHeader?: string | undefined;
    /** Per request. Default 30 s. */
    readonly timeoutMs?: number | undefined;
    /** Retry bounds of both clients (tests shorten them). */
    readonly retry?: Partial<RetryPolicy> | undefined;
    /** The explorer URL of an item on mainnet or Fuji. */
    explorerUrl(kind: string, id: string, network: Exclude<HoverNetwork, 'local'>): string;
    /** The workspace's contracts, when a folder was given. */
    contracts?(): Promise<ContractKnowledge | undefined>;
    /** The workspace's files for a trace's Solidity lines, when a folder was given. */
    traceSources?(): TraceSources | undefined;
    /** An ICM message's source L1 validators in a sentence (`AgentServices.sourceValidators`). */
    sourceValidators?(
        node: NodeRpcClient,
        subnetId: string,
        signal?: AbortSignal,
    ): Promise<string | undefined>;
    /** Removes secrets from text (the key, and the value after the key's header name). */
    redact(text: string): string;
    /**
     * Origins that RPC URLs from the chain list or an agent's argument may reach although they
     * are not public https hosts (the node URL is always one).
     */
    readonly chosenOrigins?: readonly string[] | undefined;
    readonly approvedOrigins?: readonly string[] | undefined;
}

export class StandaloneAgentServices implements AgentServices {
    private dataApiClient: DataApiClient | undefined;
    private nodeClient: NodeRpcClient | undefined;
    private engine: HoverEngine | undefined;
    private readonly rpcClients = new RpcClientPool((base) => {
        // Not the user's node: public https hosts only, or an origin chosen or approved (#33).
        const policy = {
            chosen: [this.options.nodeUrl, ...(this.options.chosenOrigins ?? [])],
            approved: this.options.approvedOrigins ?? [],
        };
        const chosen = isChosenOrigin(base, policy);
        return new NodeRpcClient({
            url: base,
            timeouts: this.timeouts,
            ...(chosen ? {} : { untrusted: { refusal: originRefusal(base, policy) } }),
        });
    });
    private readonly chainLists = new ChainListCache<HoverNetwork>((network) =>
        readChainList(
            network,
            () => this.nodeNetwork().chains(),
            () => this.dataApi(),
        ),
    );

    constructor(private readonly options: StandaloneOptions) {}

    private get timeouts() {
        const ms = this.options.timeoutMs ?? 30_000;
        return { connectMs: Math.min(ms, 10_000), headersMs: ms, bodyMs: ms };
    }

    network(): HoverNetwork {
        return this.options.network;
    }

    nodeUrl(): string {
        return this.options.nodeUrl;
    }

    dataApi(): Promise<DataApiClient> {
        this.dataApiClient ??= new DataApiClient({
            baseUrl: this.options.dataApiUrl,
            metricsUrl: this.options.metricsUrl,
            apiKey: this.options.apiKey,
            apiKeyHeader: this.options.apiKeyHeader,
            timeouts: this.timeouts,
            retry: this.options.retry,
        });
        return Promise.resolve(this.dataApiClient);
    }

    nodeRpc(): NodeRpcClient {
        this.nodeClient ??= new NodeRpcClient({
            url: this.options.nodeUrl,
            timeouts: this.timeouts,
        });
        return this.nodeClient;
    }

    contracts(): Promise<ContractKnowledge | undefined> {
        return this.options.contracts?.() ?? Promise.resolve(undefined);
    }

    traceSources(): TraceSources | undefined {
        return this.options.traceSources?.();
    }

    sourceValidators(subnetId: string, signal?: AbortSignal): Promise<string | undefined> {
        return (
            this.options.sourceValidators?.(this.nodeRpc(), subnetId, signal) ??
            Promise.resolve(undefined)
        );
    }

    describeError(error: unknown): string {
        const message = (error as { message?: unknown } | null)?.message;
        const text =
            typeof message === 'string' && message.trim() !== '' ? message.trim() : String(error);
        return this.redact(text);
    }

    redact(text: string): string {
        return this.options.redact(text);
    }

    /**
     * The chain list of `network`, shared for ten minutes; `signal` stops only this caller's wait
     * (the extension's `ClientProvider.chains` rule, from the same `ChainListCache`).
     */
    chains(network: HoverNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]> {
        return this.chainLists.get(network, signal);
    }

    /** The chains the node side answers for: a local network's own, else the node's C-Chain. */
    async nodeChains(network: HoverNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]> {
        if (network === 'local') return this.chains(network, signal);
        return [cChainInfo(network, this.options.nodeUrl)];
    }

    nodeNetwork(): NodeNetwork {
        return new NodeNetwork(this.nodeRpc(), this.options.nodeUrl, (url) => this.rpcFor(url), []);
    }

    rpcFor(rpcUrl: string): RpcTarget | undefined {
        return this.rpcClients.rpcFor(rpcUrl);
    }

    hoverEngine(): HoverEngine {
        this.engine ??= new HoverEngine({
            dataApi: () => this.dataApi(),
            nodeRpc: () => this.nodeRpc(),
            chains: async (network, signal) => [...(await this.chains(network, signal))],
            nodeChains: async (network, signal) => [...(await this.nodeChains(network, signal))],
            rpcFor: (url) => this.rpcFor(url),
            network: () => this.options.network,
            defaultEvmChain: () => '',
            liveKinds: () => ['evmAddress', 'hash32', 'pnAddress', 'cb58Id', 'nodeId'],
            explorerUrl: (kind, id, network) => this.options.explorerUrl(kind, id, network),
            contracts: () => this.contracts(),
            contractsFirst: true,
            commands: agentCommandIds,
        });
        return this.engine;
    }

    async close(): Promise<void> {
        this.engine?.dispose();
        const clients: { close(): Promise<void> }[] = this.rpcClients.clear();
        if (this.nodeClient) clients.push(this.nodeClient);
        if (this.dataApiClient) clients.push(this.dataApiClient);
        await Promise.allSettled(clients.map((c) => c.close()));
    }
}

/**
 * Command ids for the hover engine's links. An agent cannot click a link: `markdownText` drops
 * every `command:` link, so these only have to be well-formed.
 */
const agentCommandIds = {
    copy: 'avalanche.hover.copy',
    openDetails: 'avalanche.hover.openDetails',
    lookUpOnChain: 'avalanche.hover.lookUpOnChain',
    fixChecksum: 'avalanche.hover.fixChecksum',
    setApiKey: 'avalanche.dataApi.setKey',
} as const;
