/**
 * How the clients reach the network: directly, or through the proxy that VS Code's `http.*`
 * settings or the environment name, trusting the roots those settings ask for.
 *
 * Why not VS Code's patched global `fetch`: it honours the same settings, but it builds a new
 * undici `Agent` (or `ProxyAgent`) for every request (`createFetchPatch` in
 * https://github.com/microsoft/vscode-proxy-agent), so no connection is reused, and it adds the
 * WHATWG `Response` and stream objects to each exchange. `bench/clientBench.ts` measures both
 * (2026-11-24, loopback, a loaded 2-core machine, CPU per request sequential / at concurrency 16):
 * the client on this transport 203 / 132 µs with a direct route and 276 / 196 µs through a
 * CONNECT proxy (the proxy's own CPU included), against 249 / 140 µs for the client before it;
 * `fetch` with a new Agent per request 1514 / 1180 µs, plus a TLS handshake per request against
 * a real HTTPS service. Resolving the proxy here and handing undici a matching dispatcher keeps
 * keep-alive pools and the client's Dispatcher path. The rules follow `@vscode/proxy-agent` (the code behind
 * https://code.visualstudio.com/docs/setup/network): loopback hosts never go through a proxy;
 * `http.noProxy`, when it lists anything, replaces `NO_PROXY`; `http.proxy` wins over
 * `HTTPS_PROXY` / `HTTP_PROXY`; a proxy URL without a scheme is ignored.
 *
 * Credentials: the proxy gets only the CONNECT line (`host:port`), `host`, and the
 * Proxy-Authorization the settings name. Every request is tunnelled (undici's default
 * `proxyTunnel`), so a plain-HTTP proxy never sees an HTTPS request's headers, and the API key,
 * which `HttpClient.signRequest` adds, travels only inside the tunnel to its own origin.
 */
import { createSecureContext, type SecureContext } from 'node:tls';

import type * as Undici from 'undici';

import type { UndiciParts } from './httpClient';
import { privateAddressLookup } from './origins';
import type { Phrase } from '../text/phrase';

/** The network settings that decide how a request leaves the machine. */
export interface NetworkSettings {
    /** Proxy URL (`http://host:port`, `https://…`, `socks5://…`); credentials may be in it. */
    readonly proxy?: string | undefined;
    /**
     * Hosts that bypass the proxy: `host`, `.domain`, `host:port`, or `*` for all. Matches a host
     * and every subdomain of it, as `@vscode/proxy-agent` does.
     */
    readonly noProxy?: readonly string[] | undefined;
    /** Sent to the proxy only, as `Proxy-Authorization` (`http.proxyAuthorization`). */
    readonly proxyAuthorization?: string | undefined;
    /** False turns off certificate checks (`http.proxyStrictSSL: false`). Default true. */
    readonly strictSSL?: boolean | undefined;
    /**
     * The roots to trust, replacing Node's defaults (PEM). Leave undefined to keep Node's store,
     * which already holds `NODE_EXTRA_CA_CERTS`.
     */
    readonly ca?: readonly string[] | undefined;
}

/**
 * Sentences that tell a user where to fix a proxy or trust problem in this environment; phrases
 * where a person reads them in their language (the extension's, `platform/network.ts`).
 */
export interface TransportHints {
    /** Follows "the certificate of host is not trusted: ". */
    readonly untrustedCertificate: string | Phrase;
    /** Follows "(407: authentication needed). ". */
    readonly proxyAuthentication: string | Phrase;
    /** Where the proxy is set, for "check …". */
    readonly proxySetting: string | Phrase;
}

/** What a client needs to build its dispatcher. */
export interface DispatcherOptions {
    readonly connectTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    /**
     * Refuse to connect when the host resolves to a private or local address: for URLs the user
     * did not choose (`origins.ts`). A proxy resolves names itself, so this holds for direct
     * connections only.
     */
    readonly publicAddressesOnly?: boolean | undefined;
}

/**
 * A way to the network. Each `HttpClient` makes one dispatcher from it and closes that
 * dispatcher with itself, so changing the settings means building new clients.
 */
export interface Transport {
    createDispatcher(undici: UndiciParts, options: DispatcherOptions): Undici.Dispatcher;
    /** The proxy a request to `origin` goes through, as `scheme://host:port`, if any. */
    proxyFor(origin: string): string | undefined;
    readonly hints: TransportHints;
}

/** Hints for plain Node (tests, benchmarks, scripts), where the environment is the setting. */
const environmentHints: TransportHints = {
    untrustedCertificate:
        'if your network inspects TLS, point NODE_EXTRA_CA_CERTS at its root certificate.',
    proxyAuthentication: 'Put the user name and password in the proxy URL (HTTPS_PROXY).',
    proxySetting: 'HTTPS_PROXY',
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The environment's proxy settings, read the way `@vscode/proxy-agent` reads them: one proxy for
 * every scheme (`https_proxy`, `HTTPS_PROXY`, `http_proxy`, `HTTP_PROXY`, first set wins) and a
 * comma-separated `NO_PROXY`.
 */
export function networkSettingsFromEnv(env: NodeJS.ProcessEnv): NetworkSettings {
    const proxy =
        env['https_proxy'] || env['HTTPS_PROXY'] || env['http_proxy'] || env['HTTP_PROXY'];
    const noProxy = (env['no_proxy'] || env['NO_PROXY'] || '').split(',');
    return { proxy: usableProxyUrl(proxy), noProxy };
}

/** A proxy URL the transport can use, or undefined (no scheme or an unknown one is ignored). */
export function usableProxyUrl(value: string | undefined): string | undefined {
    const text = value?.trim();
    // undici's ProxyAgent speaks to http, https and socks5 proxies; VS Code's other schemes
    // (socks4, socks5h) would be sent an HTTP CONNECT they do not understand.
    if (!text || !/^(https?|socks5?):\/\//i.test(text)) return undefined;
    try {
        new URL(text);
        return text;
    } catch {
        return undefined;
    }
}

/** `scheme://host:port` of a proxy URL: what messages and logs may show (no credentials). */
export function proxyDisplay(proxy: string): string {
    try {
        const url = new URL(proxy);
        return `${url.protocol}//${url.host}`;
    } catch {
        return 'the proxy';
    }
}

/**
 * True when `hostname:port` bypasses the proxy under `noProxy` (the matching of
 * `@vscode/proxy-agent`: a lone `*` matches all; an entry matches the host and its subdomains; an
 * optional `:port` must equal the port). A leading `*.` is read as `.` (`*.corp.example` is
 * `.corp.example`, as curl and Go read it, where `@vscode/proxy-agent` would match nothing); any
 * other `*` in an entry matches nothing, so that a pattern never turns the proxy off for every host.
 */
export function bypassesProxy(
    noProxy: readonly string[] | undefined,
    hostname: string,
    port: string,
): boolean {
    const host = `.${hostname.toLowerCase()}`;
    for (const raw of noProxy ?? []) {
        const entry = raw.trim().toLowerCase();
        if (entry === '') continue;
        if (entry === '*') return true;
        const [pattern = '', entryPort] = entry.split(':', 2);
        const name = pattern.startsWith('*.') ? pattern.slice(1) : pattern;
        if (name === '' || name === '.' || name.includes('*')) continue;
        const domain = name.startsWith('.') ? name : `.${name}`;
        if (host.endsWith(domain) && (!entryPort || entryPort === port)) return true;
    }
    return false;
}

/** The proxy for a request to `origin` under `settings`, or undefined for a direct connection. */
export function resolveProxy(settings: NetworkSettings, origin: string): string | undefined {
    if (!settings.proxy) return undefined;
    let url: URL;
    try {
        url = new URL(origin);
    } catch {
        return undefined;
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (loopbackHosts.has(hostname.toLowerCase())) return undefined;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (bypassesProxy(settings.noProxy, hostname, port)) return undefined;
    return settings.proxy;
}

/** The transport for `settings`; one per settings snapshot, shared by every client. */
export function networkTransport(
    settings: NetworkSettings,
    hints: TransportHints = environmentHints,
): Transport {
    const routes = new Map<string, string | undefined>();
    const routeOf = (origin: string): string | undefined => {
        if (routes.has(origin)) return routes.get(origin);
        const proxy = resolveProxy(settings, origin);
        // Bounded: a client talks to one origin, but hover links can name many RPC hosts.
        if (routes.size > 256) routes.clear();
        routes.set(origin, proxy);
        return proxy;
    };
    // One context for every connection: handing undici `ca` would parse the whole list of roots
    // on each new connection. Made at the first TLS connection, not with the dispatcher: parsing
    // Node's and the system's few hundred roots took 40–120 ms of the first hover's way to its
    // first request, which a plain-HTTP node or sandbox never needs.
    let secureContext: SecureContext | undefined;
    const tlsOptions = (timeoutMs: number): Record<string, unknown> => {
        if (settings.ca && !secureContext)
            secureContext = createSecureContext({ ca: [...settings.ca] });
        return {
            timeout: timeoutMs,
            ...(secureContext ? { secureContext } : {}),
            ...(settings.strictSSL === false ? { rejectUnauthorized: false } : {}),
        };
    };
    return {
        hints,
        proxyFor(origin) {
            const proxy = routeOf(origin);
            return proxy === undefined ? undefined : proxyDisplay(proxy);
        },
        createDispatcher(undici, options) {
            const direct = (): Undici.Dispatcher =>
                new undici.Agent({
                    keepAliveTimeout: options.keepAliveTimeoutMs,
                    connect: lazyTls(
                        undici,
                        options.connectTimeoutMs,
                        tlsOptions,
                        options.publicAddressesOnly === true,
                    ),
                });
            const proxy = settings.proxy;
            if (!proxy) return direct();
            // undici's ProxyAgent builds its connectors from these options when it is made.
            const viaProxy = (): Undici.Dispatcher => {
                const tls = tlsOptions(options.connectTimeoutMs);
                return new undici.ProxyAgent({
                    uri: proxy,
                    keepAliveTimeout: options.keepAliveTimeoutMs,
                    ...(settings.proxyAuthorization ? { token: settings.proxyAuthorization } : {}),
                    requestTls: tls,
                    proxyTls: tls,
                });
            };
            return createRouter(
                undici,
                (origin) => routeOf(origin) !== undefined,
                direct,
                viaProxy,
            );
        },
    };
}

let environmentTransport: Transport | undefined;
/** The transport of plain Node: `HTTPS_PROXY` / `NO_PROXY` from the environment, Node's roots. */
export function defaultTransport(): Transport {
    environmentTransport ??= networkTransport(networkSettingsFromEnv(process.env));
    return environmentTransport;
}

/**
 * A connector that makes plain sockets with undici's own connector, and builds the TLS one (and
 * with it the secure context) at the first `https:` connection.
 */
function lazyTls(
    undici: UndiciParts,
    timeoutMs: number,
    tlsOptions: (timeoutMs: number) => Record<string, unknown>,
    publicOnly: boolean,
): Undici.buildConnector.connector {
    let plain: Undici.buildConnector.connector | undefined;
    let secure: Undici.buildConnector.connector | undefined;
    const lookup = publicOnly ? { lookup: privateAddressLookup } : {};
    return (options, callback) => {
        const connect =
            options.protocol === 'https:'
                ? (secure ??= undici.buildConnector({ ...tlsOptions(timeoutMs), ...lookup }))
                : (plain ??= undici.buildConnector({ timeout: timeoutMs, ...lookup }));
        return connect(options, callback);
    };
}

/**
 * A dispatcher that sends each origin either directly or through the proxy, making each of the
 * two only when first needed.
 */
function createRouter(
    undici: UndiciParts,
    viaProxy: (origin: string) => boolean,
    makeDirect: () => Undici.Dispatcher,
    makeProxied: () => Undici.Dispatcher,
): Undici.Dispatcher {
    class Router extends undici.Dispatcher {
        private direct: Undici.Dispatcher | undefined;
        private proxied: Undici.Dispatcher | undefined;

        override dispatch(
            options: Undici.Dispatcher.DispatchOptions,
            handler: Undici.Dispatcher.DispatchHandler,
        ): boolean {
            const origin = String(options.origin);
            const target = viaProxy(origin)
                ? (this.proxied ??= makeProxied())
                : (this.direct ??= makeDirect());
            return target.dispatch(options, handler);
        }

        override close(): Promise<void>;
        override close(callback: () => void): void;
        override close(callback?: () => void): Promise<void> | void {
            const done = Promise.all([this.direct?.close(), this.proxied?.close()]).then(() => {});
            if (!callback) return done;
            void done.then(callback, callback);
        }

        override destroy(): Promise<void>;
        override destroy(error: Error | null): Promise<void>;
        override destroy(callback: () => void): void;
        override destroy(error: Error | null, callback: () => void): void;
        override destroy(
            first?: Error | null | (() => void),
            second?: () => void,
        ): Promise<void> | void {
            const error = typeof first === 'function' ? null : (first ?? null);
            const callback = typeof first === 'function' ? first : second;
            const done = Promise.all([
                this.direct?.destroy(error),
                this.proxied?.destroy(error),
            ]).then(() => {});
            if (!callback) return done;
            void done.then(callback, callback);
        }
    }
    return new Router();
}
