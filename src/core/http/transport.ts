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
 * Where neither names a proxy, VS Code may still resolve one for a URL: a PAC script, the operating
 * system's proxy, which Electron reads on desktop (https://code.visualstudio.com/docs/setup/network).
 * The platform then hands the transport VS Code's own resolver (`HostResolution`), asked once per
 * origin before its first request; the answer picks the dispatcher, so a proxied origin keeps a
 * pooled tunnel as one named in the settings does, and every other origin its direct pool.
 *
 * Credentials: the proxy gets only the CONNECT line (`host:port`), `host`, and the
 * Proxy-Authorization the settings name. Every request is tunnelled (undici's default
 * `proxyTunnel`), so a plain-HTTP proxy never sees an HTTPS request's headers, and the API key,
 * which `HttpClient.signRequest` adds, travels only inside the tunnel to its own origin.
 */
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';

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
    /**
     * More roots to trust (the system's store, read by VS Code's own reader), read once before
     * the first request that needs TLS and added to `ca` (or to Node's roots). A reader that fails
     * or takes over 5 s leaves `ca` as it is.
     */
    readonly loadCa?: (() => Promise<readonly string[]>) | undefined;
}

/**
 * VS Code's own proxy resolution for a URL: a proxy URL (`http://host:port`, `https://…`,
 * `socks://…`), or undefined for a direct connection.
 */
export type HostProxyResolver = (url: string) => Promise<string | undefined>;

/** How a transport asks the host which proxy an origin takes when no setting names one. */
export interface HostResolution {
    readonly resolve: HostProxyResolver;
    /**
     * Told once per origin which way it goes (`proxy` as `scheme://host:port`, or undefined for
     * direct), with a reason when the host's answer was not used.
     */
    readonly onRoute?: (origin: string, proxy: string | undefined, note?: string) => void;
    /** How long a request waits for the host's answer before it goes direct. Default 5 s. */
    readonly timeoutMs?: number;
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
    /**
     * Settles once the way to `origin` is known, for a transport that asks the host; undefined
     * when it is known already (every other request), so the common path stays synchronous.
     */
    prepare?(origin: string): Promise<void> | undefined;
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

/**
 * True when a request to `origin` never goes through a proxy: a loopback host, an entry of
 * `noProxy`, or a URL that does not parse.
 */
function alwaysDirect(settings: NetworkSettings, origin: string): boolean {
    let url: URL;
    try {
        url = new URL(origin);
    } catch {
        return true;
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (loopbackHosts.has(hostname.toLowerCase())) return true;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return bypassesProxy(settings.noProxy, hostname, port);
}

/** The proxy for a request to `origin` under `settings`, or undefined for a direct connection. */
export function resolveProxy(settings: NetworkSettings, origin: string): string | undefined {
    if (!settings.proxy || alwaysDirect(settings, origin)) return undefined;
    return settings.proxy;
}

/**
 * The transport for `settings`; one per settings snapshot, shared by every client. `host`, when
 * given and no proxy is set, decides each remaining origin's way (see `HostResolution`).
 */
export function networkTransport(
    settings: NetworkSettings,
    hints: TransportHints = environmentHints,
    host?: HostResolution,
): Transport {
    const askHost = settings.proxy ? undefined : host;
    const routes = new Map<string, string | undefined>();
    const remember = (origin: string, proxy: string | undefined): void => {
        // Bounded: a client talks to one origin, but hover links can name many RPC hosts.
        if (routes.size > 256) routes.clear();
        routes.set(origin, proxy);
    };
    const routeOf = (origin: string): string | undefined => {
        if (routes.has(origin) || askHost) return routes.get(origin);
        const proxy = resolveProxy(settings, origin);
        remember(origin, proxy);
        return proxy;
    };
    // The host's answer per origin while it is awaited: the requests of one origin share it.
    const asking = new Map<string, Promise<void>>();
    const prepareRoute = (origin: string): Promise<void> | undefined => {
        if (!askHost || routes.has(origin)) return undefined;
        if (alwaysDirect(settings, origin)) {
            remember(origin, undefined);
            return undefined;
        }
        let answer = asking.get(origin);
        if (!answer) {
            answer = hostRoute(askHost, origin).then(({ proxy, note }) => {
                asking.delete(origin);
                remember(origin, proxy);
                askHost.onRoute?.(
                    origin,
                    proxy === undefined ? undefined : proxyDisplay(proxy),
                    note,
                );
            });
            asking.set(origin, answer);
        }
        // A host that does not answer in time sends this request direct; its answer, when it
        // comes, still decides the origin's later requests.
        return settleWithin(answer, askHost.timeoutMs ?? 5_000);
    };
    // The roots of `loadCa`, read before the first request that needs TLS (to an https origin or
    // through an https proxy), never for plain HTTP.
    let roots = settings.ca;
    let rootsRead: Promise<void> | undefined;
    let rootsDone = false;
    const prepareRoots = (origin: string): Promise<void> | undefined => {
        const load = settings.loadCa;
        if (!load || rootsDone) return undefined;
        if (!origin.startsWith('https:') && !routeOf(origin)?.startsWith('https:')) {
            return undefined;
        }
        rootsRead ??= load()
            .then(
                (extra) => {
                    roots = [...new Set([...(settings.ca ?? rootCertificates), ...extra])];
                },
                () => {},
            )
            .finally(() => {
                rootsDone = true;
            });
        return settleWithin(rootsRead, 5_000);
    };
    const prepare = (origin: string): Promise<void> | undefined => {
        const route = prepareRoute(origin);
        return route ? route.then(() => prepareRoots(origin)) : prepareRoots(origin);
    };
    // One context for every connection: handing undici `ca` would parse the whole list of roots
    // on each new connection. Made at the first TLS connection, not with the dispatcher: parsing
    // Node's and the system's few hundred roots took 40–120 ms of the first hover's way to its
    // first request, which a plain-HTTP node or sandbox never needs. (A `loadCa` slower than its
    // bound is too late for it: the connectors keep the context they were made with.)
    let secureContext: SecureContext | undefined;
    const tlsOptions = (timeoutMs: number): Record<string, unknown> => {
        if (roots && !secureContext) secureContext = createSecureContext({ ca: [...roots] });
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
        ...(askHost || settings.loadCa ? { prepare } : {}),
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
            if (!settings.proxy && !askHost) return direct();
            // undici's ProxyAgent builds its connectors from these options when it is made.
            const viaProxy = (proxy: string): Undici.Dispatcher => {
                const tls = tlsOptions(options.connectTimeoutMs);
                return new undici.ProxyAgent({
                    uri: proxy,
                    keepAliveTimeout: options.keepAliveTimeoutMs,
                    ...(settings.proxyAuthorization ? { token: settings.proxyAuthorization } : {}),
                    requestTls: tls,
                    proxyTls: tls,
                });
            };
            return createRouter(undici, routeOf, direct, viaProxy);
        },
    };
}

/** The host's answer for `origin`, as a proxy this transport can use; never rejects. */
async function hostRoute(
    host: HostResolution,
    origin: string,
): Promise<{ proxy: string | undefined; note?: string }> {
    let answer: string | undefined;
    try {
        answer = await host.resolve(`${origin}/`);
    } catch (error) {
        return { proxy: undefined, note: `VS Code could not resolve a proxy (${String(error)})` };
    }
    if (answer === undefined || answer === '') return { proxy: undefined };
    const proxy = usableProxyUrl(answer);
    if (proxy) return { proxy };
    return {
        proxy: undefined,
        note: `VS Code named ${proxyDisplay(answer)}, a kind of proxy this extension cannot use`,
    };
}

/** Settles when `promise` does or after `ms`, whichever comes first; never rejects. */
function settleWithin(promise: Promise<void>, ms: number): Promise<void> {
    return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref?.();
        void promise.then(
            () => {
                clearTimeout(timer);
                resolve();
            },
            () => {
                clearTimeout(timer);
                resolve();
            },
        );
    });
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
 * A dispatcher that sends each origin either directly or through its proxy, making each
 * dispatcher only when first needed (a PAC script may name a different proxy per host).
 */
function createRouter(
    undici: UndiciParts,
    proxyOf: (origin: string) => string | undefined,
    makeDirect: () => Undici.Dispatcher,
    makeProxied: (proxy: string) => Undici.Dispatcher,
): Undici.Dispatcher {
    class Router extends undici.Dispatcher {
        private direct: Undici.Dispatcher | undefined;
        private readonly proxied = new Map<string, Undici.Dispatcher>();

        override dispatch(
            options: Undici.Dispatcher.DispatchOptions,
            handler: Undici.Dispatcher.DispatchHandler,
        ): boolean {
            const proxy = proxyOf(String(options.origin));
            let target: Undici.Dispatcher;
            if (proxy === undefined) {
                target = this.direct ??= makeDirect();
            } else {
                let proxied = this.proxied.get(proxy);
                if (!proxied) {
                    proxied = makeProxied(proxy);
                    this.proxied.set(proxy, proxied);
                }
                target = proxied;
            }
            return target.dispatch(options, handler);
        }

        private all(): Undici.Dispatcher[] {
            return [...(this.direct ? [this.direct] : []), ...this.proxied.values()];
        }

        override close(): Promise<void>;
        override close(callback: () => void): void;
        override close(callback?: () => void): Promise<void> | void {
            const done = Promise.all(this.all().map((d) => d.close())).then(() => {});
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
            const done = Promise.all(this.all().map((d) => d.destroy(error))).then(() => {});
            if (!callback) return done;
            void done.then(callback, callback);
        }
    }
    return new Router();
}
