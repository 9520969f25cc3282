/**
 * What the tree sources share: the clients, the settings, the cached chain list, and JSON-RPC
 * clients for the RPC URLs the Data API lists (an EVM chain's `rpcUrl` may be on another host
 * than the selected node).
 */
import { untilAborted } from '../core/abort';
import type { ChainInfo, NodeRpcClient } from '../core/index';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { SettingKey } from '../platform/settingKeys';

const logger = log.for('Trees');

/** Where an EVM chain's RPC lives: a client for the base URL and the endpoint path. */
export interface RpcTarget {
    readonly client: NodeRpcClient;
    readonly path: string;
}

/** Splits `https://host/prefix/ext/bc/C/rpc` into base `https://host/prefix` and `/ext/bc/C/rpc`. */
export function splitRpcUrl(rpcUrl: string): { base: string; path: string } | undefined {
    let url: URL;
    try {
        url = new URL(rpcUrl);
    } catch {
        return undefined;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const at = url.pathname.indexOf('/ext/');
    if (at < 0) return { base: url.origin, path: url.pathname === '' ? '/' : url.pathname };
    return { base: `${url.origin}${url.pathname.slice(0, at)}`, path: url.pathname.slice(at) };
}

export class TreeServices extends Disposable {
    private readonly rpcClients = new Map<string, NodeRpcClient>();
    private chainLists = new Map<string, Promise<ChainInfo[]>>();

    constructor(
        readonly clients: ClientProvider,
        readonly config: Config,
    ) {
        super();
        this._register(
            clients.onDidChange((e) => {
                if (e.dataApi || e.network) this.chainLists.clear();
                if (e.nodeRpc) this.closeRpcClients();
            }),
        );
    }

    get network(): 'mainnet' | 'fuji' {
        return this.clients.network;
    }

    /**
     * The Data API's EVM chains of a network (`GET /v1/chains`, not paged), shared by the Chains,
     * Validators and Node views until the network, URL or key changes. A failure is not kept.
     */
    supportedChains(
        network: 'mainnet' | 'fuji' | undefined,
        signal?: AbortSignal,
    ): Promise<ChainInfo[]> {
        const key = network ?? 'all';
        let pending = this.chainLists.get(key);
        if (!pending) {
            const lists = this.chainLists;
            pending = this.clients
                .dataApi()
                // No signal: the answer is shared, so one cancelled view must not fail the others.
                .then((api) => api.supportedChains(network ? { network } : {}))
                .then((result) => result.chains);
            pending.catch(() => {
                if (lists.get(key) === pending) lists.delete(key);
            });
            lists.set(key, pending);
        }
        return untilAborted(pending, signal, abortReason);
    }

    /** Forgets the cached chain lists (a user's Refresh reads them again). */
    clearCaches(): void {
        this.chainLists.clear();
    }

    /** A JSON-RPC client for an EVM chain's RPC URL, or undefined when the URL is unusable. */
    rpcTarget(rpcUrl: string): RpcTarget | undefined {
        const split = splitRpcUrl(rpcUrl);
        if (!split) return undefined;
        let client = this.rpcClients.get(split.base);
        if (!client) {
            const timeoutMs = this.config.get(SettingKey.RequestTimeoutMs);
            const { NodeRpcClient } = loadCore();
            client = new NodeRpcClient({
                url: split.base,
                transport: this.clients.transport(),
                timeouts: {
                    connectMs: Math.min(timeoutMs, 10_000),
                    headersMs: timeoutMs,
                    bodyMs: timeoutMs,
                },
            });
            this.rpcClients.set(split.base, client);
        }
        return { client, path: split.path };
    }

    override dispose(): void {
        this.closeRpcClients();
        super.dispose();
    }

    private closeRpcClients(): void {
        for (const client of this.rpcClients.values()) {
            client
                .close()
                .catch((error: unknown) => logger.warn('Closing an RPC client failed', error));
        }
        this.rpcClients.clear();
    }
}

function abortReason(signal: AbortSignal): Error {
    const error = new Error('The operation was aborted.');
    error.name = 'AbortError';
    if (signal.reason !== undefined) (error as Error & { cause?: unknown }).cause = signal.reason;
    return error;
}
