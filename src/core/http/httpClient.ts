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
 *
 * An answer is collected by ./textCollector.ts; what a failure or a non-2xx answer means for the
 * user is said in ./errorSentences.ts.
 */
import type * as Undici from 'undici';

import { abortError, NetworkError, type ServiceName } from './errors';
import { headerNumber, parseJsonBody, restError } from './errorSentences';
import { retryAfterMs } from './rateLimit';
import { type AnswerLimits, type Target, TextCollector } from './textCollector';
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
function loadUndici(): UndiciParts {
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

const defaultRetryPolicy: RetryPolicy = {
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
        // The first request to an origin may wait for VS Code to name its proxy (transport.ts).
        const routed = this.transport.prepare?.(target.origin);
        if (routed) return routed.then(() => this.dispatchOnce(target, request, signal));
        return this.dispatchOnce(target, request, signal);
    }

    private dispatchOnce(
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

function isRetryableFailure(error: unknown): boolean {
    const code = (error as { code?: string } | undefined)?.code;
    return code !== undefined && retryableCodes.has(code);
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
