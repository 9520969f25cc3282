/**
 * Builds the API clients from the effective settings and the stored key, on first use: the core
 * bundle (zod, schemas, undici) is loaded by the first request, never at activation. When a
 * setting or the key changes, the affected client is dropped (and closed) and `onDidChange` fires;
 * the next call builds a fresh one. Consumers must therefore ask for the client per operation
 * instead of keeping it.
 *
 * It also owns the two lookups every feature shares: the Data API's chain list per network, and a
 * JSON-RPC client per RPC base URL that list names (an L1's endpoint on another host). Trees,
 * hovers and palette queries all ask here, so each is read or built once.
 */
import * as vscode from 'vscode';

import { ChainListCache, readChainList, RpcClientPool } from '../core/clients/clientPool';
import type {
    RateLimitQuota,
    ChainHint,
    ChainInfo,
    DataApiClient,
    NodeNetwork,
    OriginPolicy,
    NodeMetrics,
    NodeMetricsStore,
    NodeRpcClient,
    RpcTarget,
    Transport,
    RepairEvent,
} from '../core/index';
import type { Config } from './config';
import { Disposable } from './disposable';
import { loadCore } from './lazyCore';
import { log } from './log';
import { affectsNetwork, vscodeTransport } from './network';
import { builtInNodes } from './nodeCatalog';
import { nodeChainsFor } from './nodeChains';
import { describeQuota } from './quota';
import { urlSecrets } from './redact';
import type { Secrets } from './secrets';
import { type Network, SettingKey } from './settingKeys';

const logger = log.for('Clients');

/** What changed; a view refreshes when anything it shows depends on a `true` field. */
export interface ClientsChangeEvent {
    /** The Data API client was replaced (URL, metrics URL, key header, timeout or key changed). */
    readonly dataApi: boolean;
    /** The node client was replaced (node URL or timeout changed). */
    readonly nodeRpc: boolean;
    /** `avalanche.network` changed: every network-scoped query must be re-run. */
    readonly network: boolean;
}

const dataApiKeys = [
    SettingKey.DataApiUrl,
    SettingKey.MetricsApiUrl,
    SettingKey.DataApiKeyHeader,
    SettingKey.RequestTimeoutMs,
] as const;
// The origins an RPC URL may reach depend on the nodes chosen and approved (`rpcFor`).
const nodeKeys = [
    SettingKey.SelectedNodeUrl,
    SettingKey.RequestTimeoutMs,
    SettingKey.NodeUrls,
    SettingKey.RpcAllowedOrigins,
] as const;

/**
 * Closing lets requests already under way finish (undici's `Agent.close()`), so a settings change
 * does not fail a tree that is loading; only new requests go to the new client.
 */
function closeQuietly(client: { close(): Promise<void> }, what: string): void {
    client.close().catch((error: unknown) => {
        logger.warn(`Closing the old ${what} client failed`, error);
    });
}

/** One limit, applied to connecting, to the response headers and to each pause in the body. */
function timeouts(requestTimeoutMs: number): {
    connectMs: number;
    headersMs: number;
    bodyMs: number;
} {
    return {
        connectMs: Math.min(requestTimeoutMs, 10_000),
        headersMs: requestTimeoutMs,
        bodyMs: requestTimeoutMs,
    };
}

export class ClientProvider extends Disposable {
    private readonly emitter = this._register(new vscode.EventEmitter<ClientsChangeEvent>());
    /** Fires after a client was dropped or the network changed. */
    readonly onDidChange: vscode.Event<ClientsChangeEvent> = this.emitter.event;
    private readonly quotaEmitter = this._register(new vscode.EventEmitter<RateLimitQuota>());
    /** Fires with the Data API's rate-limit quota each answer reports (keyed requests carry it). */
    readonly onDidChangeQuota: vscode.Event<RateLimitQuota> = this.quotaEmitter.event;
    /** The latest quota the Data API reported. */
    quota: RateLimitQuota | undefined;

    private dataApiClient: DataApiClient | undefined;
    private dataApiPending: Promise<DataApiClient> | undefined;
    /** Bumped on every invalidation, so a build that raced with a change is thrown away. */
    private dataApiGeneration = 0;
    private nodeRpcClient: NodeRpcClient | undefined;
    private readonly chainLists = new ChainListCache<Network>((network) =>
        readChainList(
            network,
            () => this.nodeNetwork().chains(),
            () => this.dataApi(),
        ),
    );
    /** JSON-RPC clients by base URL, for the chains' own RPC endpoints. */
    private readonly rpcClients = new RpcClientPool((base) => {
        const { NodeRpcClient, isChosenOrigin, originRefusal } = loadCore();
        // A URL from a chain list, a file or an agent reaches only public https hosts, or
        // an origin the user chose or approved (#33); a refused client sends nothing.
        const policy = this.originPolicy();
        const chosen = isChosenOrigin(base, policy);
        return new NodeRpcClient({
            url: base,
            timeouts: timeouts(this.config.get(SettingKey.RequestTimeoutMs)),
            transport: this.transport(),
            ...(chosen ? {} : { untrusted: { refusal: originRefusal(base, policy) } }),
        });
    });
    private metricsStore: NodeMetricsStore | undefined;
    private currentTransport: Transport | undefined;
    /** Names and tokens the discovery files give the local network's chains. */
    private chainHints: readonly ChainHint[] = [];
    /** Node URLs of the local networks found on this machine (`setLocalOrigins`). */
    private localOrigins: readonly string[] = [];

    constructor(
        private readonly config: Config,
        private readonly secrets: Secrets,
    ) {
        super();
        log.addSensitiveHeader(config.get(SettingKey.DataApiKeyHeader));
        this.registerUrlSecrets();
        this._register(
            config.onDidChange([...dataApiKeys, ...nodeKeys, SettingKey.Network], (e) => {
                this.registerUrlSecrets();
                const dataApi = dataApiKeys.some((k) => e.keys.has(k));
                const nodeRpc = nodeKeys.some((k) => e.keys.has(k));
                if (e.keys.has(SettingKey.DataApiKeyHeader)) {
                    log.addSensitiveHeader(e.snapshot[SettingKey.DataApiKeyHeader]);
                }
                if (dataApi || nodeRpc || e.keys.has(SettingKey.Network)) this.forgetChains();
                if (dataApi) this.dropDataApi();
                if (nodeRpc) this.dropNodeRpc();
                this.emitter.fire({ dataApi, nodeRpc, network: e.keys.has(SettingKey.Network) });
            }),
        );
        this._register(
            vscode.workspace.onDidChangeConfiguration((e) => {
                if (!affectsNetwork(e)) return;
                // Every client, including the RPC clients that trees and hovers build from
                // `transport()`, must be rebuilt to take the new way out.
                this.currentTransport = undefined;
                this.dropDataApi();
                this.dropNodeRpc();
                this.emitter.fire({ dataApi: true, nodeRpc: true, network: false });
            }),
        );
        this._register(
            secrets.onDidChange(() => {
                this.forgetChains();
                this.dropDataApi();
                this.emitter.fire({ dataApi: true, nodeRpc: false, network: false });
            }),
        );
    }

    /** The network every Data API query should use. */
    get network(): Network {
        return this.config.get(SettingKey.Network);
    }

    /** The selected node's base URL. */
    get nodeUrl(): string {
        return this.config.get(SettingKey.SelectedNodeUrl);
    }

    /**
     * How requests reach the network under VS Code's `http.*` settings (proxy, trusted roots).
     * Every client built in the extension host takes it; it is replaced when those settings
     * change, and `onDidChange` then fires with `nodeRpc` set.
     */
    transport(): Transport {
        this.currentTransport ??= vscodeTransport();
        return this.currentTransport;
    }

    /** The Data API + Metrics API client for the current settings and key. */
    dataApi(): Promise<DataApiClient> {
        this.dataApiPending ??= this.buildDataApi();
        return this.dataApiPending;
    }

    /**
     * Starts building the Data API client on a sign that a lookup is coming (the pointer on a
     * word that may be an identifier): every lookup asks for it first, and reading the stored key
     * is a round trip to VS Code's main process, which then overlaps loading the core bundle
     * instead of following it. Nothing is sent.
     */
    warm(): void {
        this.dataApi().catch(() => {
            // The lookup that asks next sees the failure and reports it.
        });
    }

    /** The JSON-RPC client of the selected node. */
    /**
     * The metrics history of the node at `url` (its base URL, as `NodeRpcClient.url` has it): one
     * ring per node, shared by the node dashboard and the watch list.
     */
    nodeMetrics(url: string): NodeMetrics {
        this.metricsStore ??= new (loadCore().NodeMetricsStore)();
        return this.metricsStore.for(url);
    }

    nodeRpc(): NodeRpcClient {
        if (this.nodeRpcClient) return this.nodeRpcClient;
        const s = this.config.snapshot;
        const { NodeRpcClient } = loadCore();
        const client = new NodeRpcClient({
            url: s[SettingKey.SelectedNodeUrl],
            timeouts: timeouts(s[SettingKey.RequestTimeoutMs]),
            transport: this.transport(),
        });
        logger.info(`Node client created for ${s[SettingKey.SelectedNodeUrl]}`);
        this.nodeRpcClient = client;
        return client;
    }

    /**
     * The Data API's EVM chains of `network` (`GET /v1/chains`, not paged,
     * https://developers.avacloud.io/data-api/evm-chains/list-chains), or on `local` the EVM
     * chains the selected node serves (`NodeNetwork.chains`), read once and shared by every view,
     * hover and prompt for ten minutes or until the URL, key, node or network changes. A failure
     * is not kept, so the next caller asks again. `signal` stops only this caller's wait: the
     * request goes on for the others.
     */
    chains(network: Network, signal?: AbortSignal): Promise<ChainInfo[]> {
        return this.chainLists.get(network, signal);
    }

    /**
     * The EVM chains the node side can answer for on `network`, each with its `rpcUrl`: on a
     * local network every EVM chain the node serves (`chains('local')`), else the C-Chain
     * through the node `nodeChainsFor` picks.
     */
    async nodeChains(network: Network, signal?: AbortSignal): Promise<ChainInfo[]> {
        if (network === 'local') return this.chains('local', signal);
        return nodeChainsFor(network, this.nodeUrl);
    }

    /**
     * The selected node's network read through the node itself (`avalanche.network` is `local`,
     * or the Data API cannot answer): its chains, subnets, blocks and validators.
     */
    nodeNetwork(): NodeNetwork {
        const { NodeNetwork } = loadCore();
        return new NodeNetwork(
            this.nodeRpc(),
            this.nodeUrl,
            (url) => this.rpcFor(url),
            this.chainHints,
        );
    }

    /**
     * A provider's node URL carries its token in the path or query (`https://x.quiknode.pro/
     * <token>/`): like the API key, it is removed from every log line, toast and agent answer.
     */
    private registerUrlSecrets(): void {
        const urls = [
            this.config.get(SettingKey.SelectedNodeUrl),
            ...this.config.get(SettingKey.NodeUrls).map((n) => n.url),
            this.config.get(SettingKey.DataApiUrl),
            this.config.get(SettingKey.MetricsApiUrl),
        ];
        for (const url of urls) for (const secret of urlSecrets(url)) log.addSecret(secret);
    }

    /**
     * The origins RPC URLs may reach without being public https hosts: the selected node, the
     * built-in and added nodes, local networks found on this machine, and the approved ones.
     */
    originPolicy(): OriginPolicy {
        return {
            chosen: [
                this.nodeUrl,
                ...builtInNodes.map((n) => n.url),
                ...this.config.get(SettingKey.NodeUrls).map((n) => n.url),
                ...this.localOrigins,
            ],
            approved: this.config.get(SettingKey.RpcAllowedOrigins),
        };
    }

    /** The nodes of the local networks found on this machine, which RPC URLs may reach. */
    setLocalOrigins(urls: readonly string[]): void {
        if (urls.join('\n') === this.localOrigins.join('\n')) return;
        this.localOrigins = [...urls];
        for (const client of this.rpcClients.clear()) closeQuietly(client, 'chain RPC');
    }

    /** Sets what the discovery files say about the local network's chains (names, tokens). */
    setChainHints(hints: readonly ChainHint[]): void {
        this.chainHints = hints;
        this.chainLists.forget('local');
    }

    /** Forgets the chain lists (a tree's Refresh reads them again). */
    forgetChains(): void {
        this.chainLists.forget();
    }

    /**
     * A JSON-RPC client for a chain's RPC URL and the endpoint path to call, or undefined when
     * the URL is not http(s). One client per base URL, built with the request timeout and closed
     * when the node settings or the timeout change.
     */
    /**
     * ICM message ids this window followed (panels, the agent), with their source chain, so that a
     * hover over one offers its timeline again.
     */
    private readonly icmMessages = new Map<string, string>();

    /** Remembers a followed message id and the chain it was sent from. */
    rememberIcmMessage(messageId: string, sourceChain: string): void {
        // Bounded: the oldest goes first once 256 are known.
        if (this.icmMessages.size >= 256)
            this.icmMessages.delete(this.icmMessages.keys().next().value!);
        this.icmMessages.set(messageId.toLowerCase(), sourceChain);
    }

    /** The source chain of an ICM message id this window followed, if it did. */
    icmMessageSource(messageId: string): string | undefined {
        return this.icmMessages.get(messageId.toLowerCase());
    }

    rpcFor(rpcUrl: string): RpcTarget | undefined {
        return this.rpcClients.rpcFor(rpcUrl);
    }

    /**
     * Drops both clients (and with them their response caches); every view, hover and panel
     * listening to `onDidChange` then forgets its answers and asks again.
     */
    reset(): void {
        this.forgetChains();
        this.dropDataApi();
        this.dropNodeRpc();
        logger.info('Cached data forgotten');
        this.emitter.fire({ dataApi: true, nodeRpc: true, network: false });
    }

    override dispose(): void {
        this.dropDataApi();
        this.dropNodeRpc();
        super.dispose();
    }

    private async buildDataApi(): Promise<DataApiClient> {
        const generation = this.dataApiGeneration;
        let apiKey: string | undefined;
        try {
            apiKey = await this.secrets.getDataApiKey();
        } catch (error) {
            this.dataApiPending = undefined;
            throw error;
        }
        if (generation !== this.dataApiGeneration) {
            // Settings or key changed while the key was read: start over with the new state.
            return this.dataApi();
        }
        const s = this.config.snapshot;
        const { DataApiClient } = loadCore();
        const client = new DataApiClient({
            baseUrl: s[SettingKey.DataApiUrl],
            metricsUrl: s[SettingKey.MetricsApiUrl],
            apiKey,
            apiKeyHeader: s[SettingKey.DataApiKeyHeader],
            timeouts: timeouts(s[SettingKey.RequestTimeoutMs]),
            transport: this.transport(),
            onQuota: (quota) => this.reportQuota(quota),
            onRepairs: (event) => this.reportRepairs(event),
        });
        logger.info(
            `Data API client created for ${s[SettingKey.DataApiUrl]} (${apiKey ? 'with' : 'without'} API key)`,
        );
        this.dataApiClient = client;
        return client;
    }

    /**
     * Says in the log which items of an answer did not match their shape and what became of them
     * (the page stood; the views mark the items): one line per item, the paths and types only.
     */
    private reportRepairs(event: RepairEvent): void {
        const core = loadCore();
        const where = core.inertNotice(event.url.split('?')[0], 200);
        for (const repair of event.repairs) {
            const what =
                repair.outcome === 'dropped'
                    ? 'left out'
                    : `shown without ${repair.removed.join(', ')}`;
            logger.warn(
                core.inertNotice(
                    `${event.service} ${event.operation} (${where}): item ${repair.position + 1} ${what}: ${repair.problems.join('; ')}`,
                    600,
                ),
            );
        }
    }

    /**
     * Keeps the quota for the status bar, and says in the log when it first shows and each time
     * another tenth of it is spent (a warning below a tenth), not on every answer.
     */
    private reportQuota(quota: RateLimitQuota): void {
        const band = (q: RateLimitQuota | undefined) =>
            q?.limit ? Math.floor((10 * q.remaining) / q.limit) : undefined;
        const before = band(this.quota);
        this.quota = quota;
        this.quotaEmitter.fire(quota);
        const now = band(quota);
        if (before !== undefined && now === before) return;
        const line = `Data API quota: ${describeQuota(quota)}`;
        if (now !== undefined && now < 1) logger.warn(line);
        else logger.info(line);
    }

    private dropDataApi(): void {
        this.dataApiGeneration++;
        this.dataApiPending = undefined;
        const old = this.dataApiClient;
        this.dataApiClient = undefined;
        if (old) closeQuietly(old, 'Data API');
    }

    /** Drops the selected node's client and the chains' RPC clients (node or timeout changed). */
    private dropNodeRpc(): void {
        const old = this.nodeRpcClient;
        this.nodeRpcClient = undefined;
        if (old) closeQuietly(old, 'node');
        for (const client of this.rpcClients.clear()) closeQuietly(client, 'chain RPC');
    }
}
