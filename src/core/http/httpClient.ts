/**
 * The one HTTP wrapper of the product: base URL, timeouts, auth hook, bounded retries for
 * idempotent requests, de-duplication of identical GETs in flight and an optional TTL cache. Both
 * the Data API client and the node JSON-RPC client sit on it.
 *
 * Requests go through undici's Dispatcher API on a dispatcher that the client's `Transport`
 * makes (./transport.ts). VS Code's proxy and certificate support does not reach a dispatcher
 * of our own: VS Code 1.100 patches the global `fetch` and Node's `http`/`https`, and its patch
 * of a runtime `require('undici')` only records an `Agent`'s options for the patched `fetch`
 * (`patchUndici` in https://github.com/microsoft/vscode-proxy-agent); an `Agent.dispatch` goes
 * straight to the host. So in the extension host the transport is built from VS Code's `http.*`
 * settings (src/platform/network.ts), and in plain Node from `HTTPS_PROXY` / `NO_PROXY`.
 *
 * undici is required on first use, not imported, which keeps it out of activation; and only the
 * few modules the clients use are required (`UndiciParts`), since its index also loads `fetch`,
 * WebSocket, EventSource, the cache and the mocks: about three times the compile and run time, on
 * the way of every first request (bench/hoversBench.ts, the first hover's profile).
 */
import type * as Undici from 'undici';

import {
    abortError,
    HttpError,
    NetworkError,
    RateLimitedError,
    ResponseFormatError,
    ResponseTooLargeError,
    type ServiceName,
    TimeoutError,
    UnauthorizedError,
} from './errors';
import { formatByteSize } from '../text/byteSize';
import { inertLine } from '../text/inert';
import { parseJsonExact } from './exactJson';
import { rateLimitWaitMs, retryAfterMs } from './rateLimit';
import { defaultTransport, type Transport } from './transport';

/** The parts of undici a transport builds dispatchers from; the whole module is one too. */
export type UndiciParts = Pick<
    typeof Undici,
    'Agent' | 'ProxyAgent' | 'Dispatcher' | 'buildConnector'
>;

let undiciParts: UndiciParts | undefined;
/**
 * Loads undici's dispatcher modules once, on the first request of any client; the whole module
 * only when a proxy is used. Deep paths: undici 7 has no `exports` map. The bundles map these
 * requires to `dist/undici.js` and `dist/undiciProxy.js` (esbuild.mjs), so the package carries no
 * node_modules; compiled by tsc (tests, benchmarks) they load the module itself.
 */
export function loadUndici(): UndiciParts {
    /* eslint-disable @typescript-eslint/no-require-imports */
    undiciParts ??= {
        Agent: require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent,
        Dispatcher: require('undici/lib/dispatcher/dispatcher.js') as typeof Undici.Dispatcher,
        buildConnector: require('undici/lib/core/connect.js') as typeof Undici.buildConnector,
        // The whole module: the proxy agent tunnels with the `connect` API that undici's index
        // adds to every dispatcher.
        get ProxyAgent() {
            return (require('undici') as typeof Undici).ProxyAgent;
        },
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
    return undiciParts;
}

/**
 * Bounds for retrying idempotent requests on 502/503/504 and connection failures. A 429 is not
 * retried here but handed to the caller as a `RateLimitedError`: `core/http/rateLimit.ts` says why
 * and how long the caller waits.
 */
export interface RetryPolicy {
    /** Retries after the first attempt. */
    maxRetries: number;
    baseDelayMs: number;
    maxDelayMs: number;
    /** No retry starts once this much time has passed since the first attempt. */
    maxTotalMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
    maxRetries: 3,
    baseDelayMs: 250,
    maxDelayMs: 4_000,
    maxTotalMs: 15_000,
};

/** A bounded TTL cache for successful GETs, keyed by URL. */
export interface CacheOptions {
    ttlMs: number;
    maxEntries: number;
    /** Upper bound on the summed body sizes held (characters). */
    maxBytes: number;
}

export interface HttpClientOptions {
    /** Origin plus optional path prefix, for example `https://data-api.avax.network`. */
    baseUrl: string;
    /** Names the service in error messages. */
    service: ServiceName;
    /** Injected for tests (`MockAgent`); by default the client makes one from `transport`. */
    dispatcher?: Undici.Dispatcher;
    /**
     * How to reach the network (proxy, trusted roots); the client owns the dispatcher it makes.
     * Default: the environment's `HTTPS_PROXY` / `NO_PROXY` and Node's roots.
     */
    transport?: Transport;
    connectTimeoutMs?: number;
    headersTimeoutMs?: number;
    bodyTimeoutMs?: number;
    /**
     * The most one attempt may take from its start to the last byte of the answer (default: the
     * headers timeout). The headers and body timeouts bound each wait, not their sum: a peer
     * that sends a byte a second would otherwise hold a request open for as long as it likes.
     */
    requestTimeoutMs?: number;
    /**
     * A sentence that refuses every request of this client before anything is sent: a URL the
     * user did not choose that `originRefusal` (./origins.ts) does not let through.
     */
    refusal?: string;
    /** Connect only when the host resolves to a public address (see `privateAddressLookup`). */
    publicAddressesOnly?: boolean;
    /**
     * The largest answer kept, in bytes (default {@link defaultMaxBodyBytes}); a longer one is
     * cut off while it streams and fails with a `ResponseTooLargeError`. A request may set its own.
     */
    maxBodyBytes?: number;
    /** Sent with every request (read once, when the client is made). */
    headers?: Record<string, string>;
    /**
     * Adds credentials. Called only for requests to this client's own origin, which is why the
     * Data API key never reaches the Metrics API or a node: they have clients of their own.
     */
    signRequest?: (headers: Record<string, string>) => void;
    retry?: Partial<RetryPolicy>;
    cache?: CacheOptions;
    /** Called with the rate-limit quota each answer reports (`ratelimit-*` headers), if any. */
    onQuota?: (quota: RateLimitQuota) => void;
}

/**
 * The quota an answer reports in its `ratelimit-limit`, `ratelimit-remaining` and
 * `ratelimit-reset` headers (https://developers.avacloud.io/introduction/rate-limits).
 */
export interface RateLimitQuota {
    readonly remaining: number;
    readonly limit?: number | undefined;
    /** Seconds until the window resets, as sent. */
    readonly resetSeconds?: number | undefined;
    /** When the answer arrived. */
    readonly atMs: number;
}

export type QueryValue = string | number | boolean | bigint | readonly string[] | undefined;

export interface HttpRequest {
    method: 'GET' | 'POST';
    /** Path below the base URL, starting with `/`; segments must already be encoded. */
    path: string;
    query?: Record<string, QueryValue>;
    /** JSON-encoded into the body. */
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal | undefined;
    /** Retry on 502/503/504 and connection failures. Defaults to true for GET, false for POST. */
    retry?: boolean;
    /** Use the TTL cache (GET only, when the client has one). Defaults to true. */
    cache?: boolean;
    /** The largest answer kept for this request, in bytes, when it differs from the client's. */
    maxBodyBytes?: number;
    /** What the answer answers, for the sentence that names its limit: `info.peers`. */
    answerTo?: string;
    /**
     * Streams the body instead of collecting it: called with the status once the headers are in,
     * it returns where the chunks go (the response's `body` is then empty), or undefined to
     * collect this answer as text (an error page). The byte limit and the deadline hold as for
     * any answer, counted while the chunks stream; a sink that throws cuts the exchange off with
     * its error. Such a request is never shared with another caller nor cached.
     */
    sink?: (status: number) => BodySink | undefined;
    /**
     * Says that a 502/503/504 answer is not worth repeating, for example AvalancheGo's 503 for a
     * chain that is still bootstrapping, which lasts minutes rather than milliseconds.
     */
    isPermanent?: (response: HttpResponse) => boolean;
}

/** Where a streamed answer's chunks go (see `HttpRequest.sink`). */
export interface BodySink {
    write(chunk: Buffer): void;
    end(): void;
}

export interface HttpResponse {
    url: string;
    status: number;
    statusText: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
}

/**
 * The default limit of one answer: far above a Data API page or a node method's answer (the
 * largest seen, `platform.getCurrentValidators` on Mainnet, is a few MiB), far below what would
 * hurt the extension host that every other extension shares.
 */
export const defaultMaxBodyBytes = 32 * 1024 * 1024;

/** Connection failures after which a GET is worth sending again. */
const retryableCodes = new Set([
    'ECONNRESET',
    'ECONNREFUSED',
    'EPIPE',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
]);
/** Never 429: see `RetryPolicy`. */
const retryableStatuses = new Set([502, 503, 504]);

const statusTexts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
};

interface InFlight {
    promise: Promise<HttpResponse>;
    /** Only when the request can be cancelled, i.e. its first caller passed a signal. */
    controller: AbortController | undefined;
    /** Callers with a signal that are still waiting. */
    waiters: number;
    /**
     * Set once a caller without a signal waits: it never leaves before the answer, so the request
     * must not be aborted when every caller with a signal has left.
     */
    pinned: boolean;
}

/** Where one request goes, worked out once per call (not per attempt). */
interface Target {
    /** The full URL, for errors, logs, the cache and the in-flight map. */
    url: string;
    origin: string;
    /** Path and query as sent on the request line. */
    path: string;
    /** The request goes to this client's own origin, so it may carry credentials. */
    sameOrigin: boolean;
}

/**
 * A path that the WHATWG URL parser leaves as it is: only characters it never escapes, and no
 * `.` or `..` segment (written plainly or as `%2e`) for it to resolve. Every path the clients
 * build is of this kind, which lets `send` skip parsing the full URL on each request.
 */
const plainPathPattern = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const dotSegmentPattern = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

interface CacheEntry {
    expiresAt: number;
    response: HttpResponse;
}

export class HttpClient {
    readonly baseUrl: string;
    readonly origin: string;
    readonly service: ServiceName;
    private readonly options: HttpClientOptions;
    private readonly retryPolicy: RetryPolicy;
    private dispatcher: Undici.Dispatcher | undefined;
    private readonly ownsDispatcher: boolean;
    /** Aborted by `close()`, then replaced: cuts short the waits between attempts. */
    private closing = new AbortController();
    private readonly inFlight = new Map<string, InFlight>();
    private readonly cache = new Map<string, CacheEntry>();
    private cacheBytes = 0;
    /** `accept` and the configured headers; each request sends a copy. */
    private readonly baseHeaders: Readonly<Record<string, string>>;
    /**
     * The path of `baseUrl` when `baseUrl` is already written the way the URL parser writes it
     * (origin then path, nothing else), so that plain paths can be appended without parsing.
     */
    private readonly basePath: string | undefined;

    constructor(options: HttpClientOptions) {
        const url = new URL(options.baseUrl);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
            throw new TypeError(`${options.service} URL must be http or https: ${options.baseUrl}`);
        }
        this.baseUrl = options.baseUrl.replace(/\/+$/, '');
        this.origin = url.origin;
        this.service = options.service;
        this.options = options;
        this.retryPolicy = { ...defaultRetryPolicy, ...options.retry };
        this.dispatcher = options.dispatcher;
        this.ownsDispatcher = options.dispatcher === undefined;
        this.baseHeaders = { accept: 'application/json', ...options.headers };
        const basePath = url.pathname.replace(/\/+$/, '');
        const canonical =
            url.search === '' &&
            url.hash === '' &&
            url.username === '' &&
            url.password === '' &&
            this.baseUrl === url.origin + basePath;
        this.basePath = canonical ? basePath : undefined;
    }

    /** The way to the network this client's requests take. */
    get transport(): Transport {
        return this.options.transport ?? defaultTransport();
    }

    /** Builds the full URL of a request, for errors, logs and "Copy as curl". */
    urlFor(path: string, query?: Record<string, QueryValue>): string {
        return this.baseUrl + path + encodeQuery(query);
    }

    /**
     * Sends a request and returns the raw answer whatever its status. Retries idempotent requests
     * on 502/503/504 and connection failures; throws NetworkError, TimeoutError or AbortError.
     */
    async send(request: HttpRequest): Promise<HttpResponse> {
        const target = this.targetOf(request);
        if (this.options.refusal !== undefined) {
            throw new NetworkError(this.options.refusal, target.url, 'ORIGIN_NOT_APPROVED');
        }
        const url = target.url;
        const useCache =
            request.method === 'GET' &&
            request.cache !== false &&
            request.sink === undefined &&
            this.options.cache;
        if (useCache) {
            const hit = this.cacheGet(url);
            if (hit) return hit;
        }
        let response: HttpResponse;
        if (request.method === 'GET' && request.body === undefined && !request.sink) {
            response = await this.shared(target, request);
        } else {
            response = await this.withRetries(target, request, request.signal);
        }
        if (useCache && response.status >= 200 && response.status < 300) {
            this.cachePut(url, response);
        }
        return response;
    }

    /**
     * Sends a request and parses a 2xx JSON body. Non-2xx answers become typed errors phrased
     * from the Data API error body `{ message, statusCode, error }`.
     */
    async requestJson(request: HttpRequest): Promise<{ json: unknown; response: HttpResponse }> {
        const response = await this.send(request);
        if (response.status < 200 || response.status >= 300) {
            throw restError(response, this.service);
        }
        return { json: parseJsonBody(response, this.service), response };
    }

    /** Drops cached answers, for example after the API key changes. */
    clearCache(): void {
        this.cache.clear();
        this.cacheBytes = 0;
    }

    /**
     * Closes the keep-alive connections this client opened, and cuts short the waits of requests
     * between two attempts. The client stays usable: a later request opens new connections.
     */
    async close(): Promise<void> {
        const closing = this.closing;
        this.closing = new AbortController();
        closing.abort();
        this.clearCache();
        const dispatcher = this.dispatcher;
        this.dispatcher = undefined;
        if (dispatcher && this.ownsDispatcher) await dispatcher.close();
    }

    /** Where a request goes; parses the URL only when the path is not plain (see `plainPathPattern`). */
    private targetOf(request: HttpRequest): Target {
        const query = encodeQuery(request.query);
        const url = this.baseUrl + request.path + query;
        const { path } = request;
        if (
            this.basePath !== undefined &&
            plainPathPattern.test(path) &&
            !dotSegmentPattern.test(path)
        ) {
            return {
                url,
                origin: this.origin,
                path: this.basePath + path + query,
                sameOrigin: true,
            };
        }
        // The same split `undici.request(url)` makes; the parsed origin also decides whether the
        // request may carry credentials.
        const parsed = new URL(url);
        return {
            url,
            origin: parsed.origin,
            path: parsed.pathname + parsed.search,
            sameOrigin: parsed.origin === this.origin,
        };
    }

    /** Identical GETs in flight share one request; each caller can still cancel alone. */
    private shared(target: Target, request: HttpRequest): Promise<HttpResponse> {
        const callerSignal = request.signal;
        if (callerSignal?.aborted) return Promise.reject(abortError(callerSignal));
        const url = target.url;
        let entry = this.inFlight.get(url);
        if (!entry) {
            // A caller without a signal never leaves before the answer, so the request it starts
            // can never lose all its waiters and needs no controller. Leaving it out spares undici
            // an abort listener, which costs more than the rest of this wrapper together.
            const controller = callerSignal ? new AbortController() : undefined;
            const promise = this.withRetries(target, request, controller?.signal);
            const created: InFlight = { controller, waiters: 0, pinned: false, promise };
            // Registered before any caller's handlers, so the entry is gone when they run.
            const forget = (): void => {
                if (this.inFlight.get(url) === created) this.inFlight.delete(url);
            };
            promise.then(forget, forget);
            entry = created;
            this.inFlight.set(url, entry);
        }
        const current = entry;
        if (!callerSignal) {
            current.pinned = true;
            return current.promise;
        }
        current.waiters++;
        return new Promise<HttpResponse>((resolve, reject) => {
            const onAbort = (): void => {
                current.waiters--;
                if (current.waiters === 0 && !current.pinned) {
                    if (this.inFlight.get(url) === current) this.inFlight.delete(url);
                    current.controller?.abort();
                }
                reject(abortError(callerSignal));
            };
            callerSignal.addEventListener('abort', onAbort, { once: true });
            current.promise.then(
                (value) => {
                    callerSignal.removeEventListener('abort', onAbort);
                    current.waiters--;
                    resolve(value);
                },
                (error: unknown) => {
                    callerSignal.removeEventListener('abort', onAbort);
                    current.waiters--;
                    reject(error instanceof Error ? error : new Error(String(error)));
                },
            );
        });
    }

    private async withRetries(
        target: Target,
        request: HttpRequest,
        signal: AbortSignal | undefined,
    ): Promise<HttpResponse> {
        const retry = request.retry ?? request.method === 'GET';
        const started = Date.now();
        // A client closed meanwhile (settings changed, the extension going away) starts no new
        // attempt: the last answer or failure stands, and no wait outlives the client. Taken now,
        // so that a close during the first attempt counts too.
        const closing = this.closing.signal;
        for (let attempt = 0; ; attempt++) {
            let delayMs: number | undefined;
            let last: () => HttpResponse;
            try {
                const response = await this.sendOnce(target, request, signal);
                this.reportQuota(response);
                if (!retry || !retryableStatuses.has(response.status)) return response;
                if (request.isPermanent?.(response)) return response;
                delayMs = this.retryDelay(attempt, started, retryAfterMs(response.headers));
                if (delayMs === undefined) return response;
                last = () => response;
            } catch (error) {
                if (!retry || !isRetryableFailure(error)) throw error;
                delayMs = this.retryDelay(attempt, started, undefined);
                if (delayMs === undefined) throw error;
                last = () => {
                    throw error;
                };
            }
            await sleep(delayMs, signal, closing);
            if (closing.aborted) return last();
        }
    }

    private reportQuota(response: HttpResponse): void {
        const onQuota = this.options.onQuota;
        const remaining = headerNumber(response.headers, 'ratelimit-remaining');
        if (!onQuota || remaining === undefined) return;
        onQuota({
            remaining,
            limit: headerNumber(response.headers, 'ratelimit-limit'),
            resetSeconds: headerNumber(response.headers, 'ratelimit-reset'),
            atMs: Date.now(),
        });
    }

    /** The wait before the next attempt, or undefined when the policy allows no more. */
    private retryDelay(
        attempt: number,
        startedMs: number,
        serverHintMs: number | undefined,
    ): number | undefined {
        const { maxRetries, baseDelayMs, maxDelayMs, maxTotalMs } = this.retryPolicy;
        if (attempt >= maxRetries) return undefined;
        const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
        // Jitter spreads the retries of many editors hitting one overloaded service.
        let delayMs = cap / 2 + Math.random() * (cap / 2);
        if (serverHintMs !== undefined)
            delayMs = Math.min(Math.max(delayMs, serverHintMs), maxDelayMs);
        if (Date.now() - startedMs + delayMs > maxTotalMs) return undefined;
        return delayMs;
    }

    private sendOnce(
        target: Target,
        request: HttpRequest,
        signal: AbortSignal | undefined,
    ): Promise<HttpResponse> {
        if (signal?.aborted) return Promise.reject(abortError(signal));
        const undici = loadUndici();
        this.dispatcher ??= this.transport.createDispatcher(undici, {
            keepAliveTimeoutMs: 10_000,
            connectTimeoutMs: this.options.connectTimeoutMs ?? 10_000,
            publicAddressesOnly: this.options.publicAddressesOnly === true,
        });
        const headers: Record<string, string> = request.headers
            ? { ...this.baseHeaders, ...request.headers }
            : { ...this.baseHeaders };
        let body: string | null = null;
        if (request.body !== undefined) {
            body = JSON.stringify(request.body);
            headers['content-type'] = 'application/json';
        }
        if (target.sameOrigin) this.options.signRequest?.(headers);
        const limits: AnswerLimits = {
            maxBodyBytes: request.maxBodyBytes ?? this.options.maxBodyBytes ?? defaultMaxBodyBytes,
            deadlineMs: this.options.requestTimeoutMs ?? this.options.headersTimeoutMs ?? 30_000,
            answerTo: request.answerTo,
            sink: request.sink,
        };
        return new Promise((resolve, reject) => {
            const collector = new TextCollector(this, target, signal, limits, resolve, reject);
            try {
                this.dispatcher!.dispatch(
                    {
                        origin: target.origin,
                        path: target.path,
                        method: request.method,
                        headers,
                        body,
                        headersTimeout: this.options.headersTimeoutMs ?? 30_000,
                        bodyTimeout: this.options.bodyTimeoutMs ?? 30_000,
                    },
                    collector,
                );
            } catch (error) {
                collector.fail(error);
            }
        });
    }

    private cacheGet(url: string): HttpResponse | undefined {
        const entry = this.cache.get(url);
        if (!entry) return undefined;
        this.cache.delete(url);
        if (entry.expiresAt < Date.now()) {
            this.cacheBytes -= entry.response.body.length;
            return undefined;
        }
        this.cache.set(url, entry); // most recently used goes last
        return entry.response;
    }

    private cachePut(url: string, response: HttpResponse): void {
        const options = this.options.cache;
        if (!options || response.body.length > options.maxBytes) return;
        const previous = this.cache.get(url);
        if (previous) {
            this.cache.delete(url);
            this.cacheBytes -= previous.response.body.length;
        }
        this.cache.set(url, { expiresAt: Date.now() + options.ttlMs, response });
        this.cacheBytes += response.body.length;
        for (const [key, entry] of this.cache) {
            if (this.cache.size <= options.maxEntries && this.cacheBytes <= options.maxBytes) break;
            this.cache.delete(key);
            this.cacheBytes -= entry.response.body.length;
        }
    }
}

/** TLS verification failures that trusting the right root certificate fixes. */
const untrustedCertificateCodes = new Set([
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'CERT_UNTRUSTED',
    'CERT_SIGNATURE_FAILURE',
]);

/** What a proxy's answer to CONNECT means for the user. */
function proxyStatusSentence(status: number, where: string, proxy: string, hint: string): string {
    switch (status) {
        case 407:
            return `The proxy refused the connection (407: authentication needed) to ${where} through ${proxy}. ${hint}`;
        case 403:
            return `The proxy refused the connection (403: not allowed by its rules) to ${where} through ${proxy}. Ask your network's administrators to allow it.`;
        case 502:
        case 503:
        case 504:
            return `The proxy could not reach ${where} (${status}) through ${proxy}. Check the URL; the host may be down or unknown to the proxy.`;
        default:
            return `The proxy refused the connection (${status}) to ${where} through ${proxy}.`;
    }
}

/**
 * Turns an undici failure into a NetworkError or TimeoutError phrased for `client`'s service, or
 * into the AbortError once `signal` has fired. A failure on a proxied route names the proxy, and
 * an untrusted certificate names the host and where to trust its root.
 */
function transportError(
    error: unknown,
    target: Target,
    client: HttpClient,
    signal: AbortSignal | undefined,
): Error {
    if (signal?.aborted) return abortError(signal);
    const url = target.url;
    const code = (error as { code?: string } | undefined)?.code;
    const message = (error as Error | undefined)?.message ?? String(error);
    const where = whereOf(client);
    const transport = client.transport;
    const proxy = transport.proxyFor(target.origin);
    if (proxy !== undefined) {
        // undici reports a CONNECT answer other than 200 as "Proxy response (407) !== 200 when
        // HTTP Tunneling", or "Proxy Authentication Required (407)" without a tunnel.
        const status = /^Proxy (?:response|Authentication Required) \((\d{3})\)/.exec(message);
        if (status) {
            return new NetworkError(
                proxyStatusSentence(
                    Number(status[1]),
                    where,
                    proxy,
                    transport.hints.proxyAuthentication,
                ),
                url,
                `PROXY_${status[1]}`,
            );
        }
        if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
            const what = code === 'ECONNREFUSED' ? 'connection refused' : 'host not found';
            return new NetworkError(
                `Could not connect to the proxy at ${proxy} (${what}) on the way to ${where}. Check ${transport.hints.proxySetting}.`,
                url,
                code,
            );
        }
    }
    if (code !== undefined && untrustedCertificateCodes.has(code)) {
        const host = hostOf(target.origin);
        return new NetworkError(
            `The certificate of ${host} is not trusted: ${transport.hints.untrustedCertificate}`,
            url,
            code,
        );
    }
    if (code === 'CERT_HAS_EXPIRED' || code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        const host = hostOf(target.origin);
        const why = code === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is for another host name';
        return new NetworkError(
            `The certificate of ${host} ${why} (${code}). Check the URL, or the clock of this machine.`,
            url,
            code,
        );
    }
    switch (code) {
        case 'UND_ERR_CONNECT_TIMEOUT':
            return new TimeoutError(
                `Could not connect to ${where} in time. Check the URL and your network.`,
                url,
                'connect',
            );
        case 'UND_ERR_HEADERS_TIMEOUT':
            return new TimeoutError(
                `${capitalise(where)} did not answer in time. Try again in a moment.`,
                url,
                'headers',
            );
        case 'UND_ERR_BODY_TIMEOUT':
            return new TimeoutError(
                `${capitalise(where)} stopped sending its answer. Try again in a moment.`,
                url,
                'body',
            );
        case 'ECONNREFUSED':
            return new NetworkError(
                `Could not connect to ${where} (connection refused). Is it running, and is the URL right?`,
                url,
                code,
            );
        case 'ENOTFOUND':
        case 'EAI_AGAIN':
            return new NetworkError(
                `Could not find the host of ${where}. Check the URL and your network.`,
                url,
                code,
            );
        case 'ECONNRESET':
        case 'EPIPE':
        case 'UND_ERR_SOCKET':
        case 'UND_ERR_CLOSED':
            return new NetworkError(
                `The connection to ${where} was closed before the answer was complete. Try again.`,
                url,
                code,
            );
        default:
            return new NetworkError(`Could not reach ${where}: ${message}`, url, code);
    }
}

function hostOf(origin: string): string {
    try {
        return new URL(origin).hostname;
    } catch {
        return origin;
    }
}

/**
 * Collects one answer of undici's Dispatcher API as text. This is what `undici.request()` does
 * underneath, minus the per-response Node stream, async resource and abort plumbing that it
 * builds for callers that stream: those cost about as much CPU as the whole rest of a small JSON
 * exchange (bench/results/client.md), and every answer here is read whole anyway. One object
 * with its methods on the prototype, rather than a handler of closures, because one is made per
 * request. Failures are mapped by `transportError`; a fired `signal` aborts the
 * exchange and rejects at once.
 */
class TextCollector implements Undici.Dispatcher.DispatchHandler {
    private status = 0;
    private headers: HttpResponse['headers'] = {};
    private readonly chunks: Buffer[] = [];
    private length = 0;
    private sink: BodySink | undefined;
    private controller: Undici.Dispatcher.DispatchController | undefined;
    private settled = false;
    private readonly onAbort: (() => void) | undefined;
    private readonly deadline: ReturnType<typeof setTimeout>;

    constructor(
        private readonly client: HttpClient,
        private readonly target: Target,
        private readonly signal: AbortSignal | undefined,
        private readonly limits: AnswerLimits,
        private readonly resolve: (response: HttpResponse) => void,
        private readonly reject: (error: Error) => void,
    ) {
        if (signal) {
            this.onAbort = () => {
                const reason = abortError(signal);
                this.controller?.abort(reason);
                this.finish(reason);
            };
            signal.addEventListener('abort', this.onAbort, { once: true });
        }
        this.deadline = setTimeout(() => this.cutOff(this.deadlineError()), limits.deadlineMs);
    }

    onRequestStart(controller: Undici.Dispatcher.DispatchController): void {
        this.controller = controller;
        if (this.settled) controller.abort(abortError(this.signal));
    }

    onResponseStart(
        _controller: Undici.Dispatcher.DispatchController,
        statusCode: number,
        headers: HttpResponse['headers'],
    ): void {
        this.status = statusCode;
        this.headers = headers;
        if (this.settled || !this.limits.sink) return;
        try {
            this.sink = this.limits.sink(statusCode);
        } catch (error) {
            this.cutOff(asError(error));
        }
    }

    onResponseData(_controller: Undici.Dispatcher.DispatchController, chunk: Buffer): void {
        if (this.settled) return;
        if (this.length + chunk.length > this.limits.maxBodyBytes) {
            this.cutOff(this.tooLargeError());
            return;
        }
        this.length += chunk.length;
        if (this.sink) {
            try {
                this.sink.write(chunk);
            } catch (error) {
                this.cutOff(asError(error));
            }
            return;
        }
        this.chunks.push(chunk);
    }

    onResponseEnd(): void {
        if (this.settled) return;
        if (this.sink) {
            try {
                this.sink.end();
            } catch (error) {
                this.finish(asError(error));
                return;
            }
        }
        this.detach();
        this.resolve({
            url: this.target.url,
            status: this.status,
            statusText: statusTexts[this.status] ?? '',
            headers: this.headers,
            body: this.sink ? '' : decodeUtf8(this.chunks, this.length),
        });
    }

    onResponseError(_controller: Undici.Dispatcher.DispatchController, error: Error): void {
        this.fail(error);
    }

    /** Rejects with the mapped failure (also for a `dispatch` that throws). */
    fail(error: unknown): void {
        if (this.settled) return;
        this.detach();
        this.reject(transportError(error, this.target, this.client, this.signal));
    }

    private finish(error: Error): void {
        if (this.settled) return;
        this.detach();
        this.reject(error);
    }

    /** Ends the exchange with `error`, dropping what arrived: nothing of a refused answer stays. */
    private cutOff(error: Error): void {
        if (this.settled) return;
        this.chunks.length = 0;
        this.length = 0;
        // Settled first: undici reports the abort back through onResponseError at once.
        this.finish(error);
        this.controller?.abort(error);
    }

    private deadlineError(): Error {
        const seconds = Math.round(this.limits.deadlineMs / 100) / 10;
        if (this.status === 0) {
            // Nothing arrived at all: the same failure as the headers timeout, in its words.
            return new TimeoutError(
                `${capitalise(whereOf(this.client))} did not answer in time. Try again in a moment.`,
                this.target.url,
                'headers',
            );
        }
        return new TimeoutError(
            `${capitalise(whereOf(this.client))} did not finish its answer within ${seconds} s. Try again in a moment; if it persists, the service may be overloaded or the answer too large.`,
            this.target.url,
            'deadline',
        );
    }

    private tooLargeError(): Error {
        const limit = this.limits.maxBodyBytes;
        const to = this.limits.answerTo;
        return new ResponseTooLargeError(
            `${capitalise(whereOf(this.client))} sent an answer${to === undefined ? '' : ` to ${to}`} larger than ${formatByteSize(limit)}, the limit for it here; it was cut off. Ask for less (a smaller page or range), or check that the URL points at the right service.`,
            this.target.url,
            limit,
        );
    }

    private detach(): void {
        this.settled = true;
        clearTimeout(this.deadline);
        if (this.onAbort) this.signal?.removeEventListener('abort', this.onAbort);
    }
}

/** The limits one attempt is held to. */
interface AnswerLimits {
    readonly maxBodyBytes: number;
    readonly deadlineMs: number;
    readonly answerTo: string | undefined;
    readonly sink: HttpRequest['sink'];
}

function asError(error: unknown): Error {
    return error instanceof Error ? error : new Error(String(error));
}

/** How the client's peer is named in sentences: "the node at http://…", "the Data API". */
function whereOf(client: HttpClient): string {
    return client.service === 'node' ? `the node at ${client.origin}` : `the ${client.service}`;
}

/** UTF-8 text of the body chunks, without a byte-order mark (as undici's `body.text()`). */
function decodeUtf8(chunks: readonly Buffer[], length: number): string {
    if (length === 0) return '';
    const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    const bom = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
    return buffer.toString('utf8', bom ? 3 : 0);
}

/** Encodes a query; arrays repeat the key (OpenAPI `form`, `explode: true`). */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
    if (!query) return '';
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) {
            for (const item of value as readonly string[]) params.append(key, item);
        } else {
            params.append(key, String(value));
        }
    }
    const text = params.toString();
    return text ? `?${text}` : '';
}

/** Parses a JSON body, turning an empty, cut or invalid body into a ResponseFormatError. */
export function parseJsonBody(response: HttpResponse, service: ServiceName): unknown {
    try {
        return parseJsonExact(response.body);
    } catch {
        const what =
            response.body.length === 0 ? 'an empty answer' : 'an answer that is not valid JSON';
        return failFormat(
            `The ${service === 'node' ? 'node' : service} sent ${what}. Try again; if it persists, the service may be having problems.`,
            response.url,
        );
    }
}

function failFormat(message: string, url: string): never {
    throw new ResponseFormatError(message, url);
}

/** Longest part of a service's own error text quoted in a sentence. */
const maxApiMessageChars = 300;

/**
 * The Data API / Metrics API error body; `message` is a string or a list of strings. Made inert
 * and short (`core/text/inert.ts`): the text is the peer's, and it reaches every surface.
 */
function apiMessageOf(body: string): string | undefined {
    try {
        const parsed = JSON.parse(body) as { message?: unknown };
        const message = parsed?.message;
        if (typeof message === 'string') return inertLine(message, maxApiMessageChars).trim();
        if (Array.isArray(message)) {
            const parts = message.slice(0, 20).filter((m) => typeof m === 'string');
            return inertLine(parts.join('; '), maxApiMessageChars).trim();
        }
    } catch {
        // not JSON: fall through to the raw text below
    }
    const text = body.trim();
    return text.length > 0 && text.length <= maxApiMessageChars
        ? inertLine(text, maxApiMessageChars)
        : undefined;
}

function headerNumber(headers: HttpResponse['headers'], name: string): number | undefined {
    const raw = headers[name];
    const value = Number(Array.isArray(raw) ? raw[0] : raw);
    return raw !== undefined && Number.isFinite(value) ? value : undefined;
}

/** Turns a non-2xx REST answer into a typed error with a sentence a user can act on. */
export function restError(response: HttpResponse, service: ServiceName): HttpError {
    const { status, url } = response;
    const statusText = response.statusText || statusTexts[status] || 'Error';
    const apiMessage = apiMessageOf(response.body);
    const detail = apiMessage ? `: ${apiMessage}` : '';
    const keyHint =
        service === 'Data API' ? ' Set or check the key with "Avalanche: Set Data API Key".' : '';
    // Only the Data API takes a key: what refuses the others is their address or what stands
    // in front of them.
    const refusal = (code: string): string =>
        service === 'Data API'
            ? status === 401
                ? `The Data API needs a valid API key (${code}).${keyHint}`
                : `The Data API refused access (${code})${detail}. Your API key may be wrong or lack access to this endpoint.${keyHint}`
            : service === 'Metrics API'
              ? `The Metrics API refused the request (${code})${detail}. It is public and takes no key: check the setting avalanche.metricsApi.url, or a proxy or gateway in front of it may be refusing.`
              : `The node refused the request (${code})${detail}: the node, or a gateway in front of it, requires credentials. Check the node URL (a provider's URL carries its token, for example).`;
    switch (status) {
        case 400:
            return new HttpError(
                `The ${service} rejected the request${detail}.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 401:
            return new UnauthorizedError(
                refusal('401 Unauthorized'),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 403:
            return new UnauthorizedError(
                refusal('403 Forbidden'),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 404:
            return new HttpError(
                `Not found on the ${service}${detail}. Check the id, the chain and the network.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 429: {
            const waitMs = retryAfterMs(response.headers);
            const wait = `Try again in ${Math.ceil(rateLimitWaitMs(waitMs) / 1000)} s.`;
            const more = service === 'Data API' ? ' Set an API key for higher limits.' : '';
            return new RateLimitedError(
                `${service} rate limit reached. ${wait}${more}`,
                url,
                statusText,
                apiMessage,
                service,
                waitMs,
                headerNumber(response.headers, 'ratelimit-remaining'),
                headerNumber(response.headers, 'ratelimit-limit'),
            );
        }
        case 500:
            return new HttpError(
                `The ${service} had an internal error (500). Try again later.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 502:
        case 503:
        case 504:
            return new HttpError(
                `The ${service} is temporarily unavailable (${status} ${statusText}). Try again in a moment.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        default:
            return new HttpError(
                `The ${service} answered ${status} ${statusText}${detail}.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
    }
}

function isRetryableFailure(error: unknown): boolean {
    const code = (error as { code?: string } | undefined)?.code;
    return code !== undefined && retryableCodes.has(code);
}

function capitalise(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Waits, rejecting with AbortError as soon as `signal` fires; `cutShort` firing ends the wait
 * early without an error (the caller looks at it to know which).
 */
export function sleep(ms: number, signal?: AbortSignal, cutShort?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal));
        if (cutShort?.aborted) return resolve();
        const done = (): void => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            cutShort?.removeEventListener('abort', done);
            resolve();
        };
        const onAbort = (): void => {
            clearTimeout(timer);
            cutShort?.removeEventListener('abort', done);
            reject(abortError(signal));
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
        cutShort?.addEventListener('abort', done, { once: true });
    });
}
