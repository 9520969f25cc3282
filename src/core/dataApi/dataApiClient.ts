/**
 * The typed client of the Avalanche Data API (`https://data-api.avax.network`) and of the Metrics
 * API holders route (`https://metrics.avax.network`). `call(operation, params, options)` serves
 * every endpoint of the table in `endpoints.ts`, and each endpoint is also a method of the same
 * name (its published operationId); each takes one params object (path, query and body
 * parameters together, under their OpenAPI names) and an optional `{ signal }`.
 *
 * Every call checks its parameters first (nothing is sent on a bad value), then sends through
 * `HttpClient` (timeouts, bounded retries of idempotent requests, shared identical GETs), then
 * parses the answer with the endpoint's wire schema and normalises it. List methods return one
 * `Page` and never loop; to read further pages use `collectPages` with a bound:
 *
 * ```ts
 * const { items } = await collectPages(client.pages('listSubnets', { network: 'mainnet' }), {
 *     maxItems: 500,
 * });
 * ```
 *
 * The API key goes only to the Data API: the Metrics API has its own `HttpClient` without the hook.
 */
import type * as Undici from 'undici';
import type * as z from 'zod';

import { ResponseFormatError } from '../http/errors';
import {
    type CacheOptions,
    HttpClient,
    type HttpRequest,
    type RateLimitQuota,
    type RetryPolicy,
} from '../http/httpClient';
import type { Transport } from '../http/transport';
import { type ItemRepair, type Page, type PageFetcher, resultRepairs } from '../model/paging';
import {
    type AnyDataApiEndpoint,
    dataApiEndpoints,
    dataApiOperations,
    type DataApiEndpoints,
    type DataApiResults,
    type PagedOperation,
    type PageItem,
    prepareRequest,
} from './endpoints';
import type { CallOptions, DataApiOperation, DataApiParams } from './params';
import { repairList } from './repair';
import { describeIssues, responseFormatMessage } from './responseFormat';

/** The public Data API. */
const defaultDataApiUrl = 'https://data-api.avax.network';
/** The public Metrics API. */
const defaultMetricsApiUrl = 'https://metrics.avax.network';
/** The header that carries a Data API key (OpenAPI `securitySchemes.apiKey`). */
const defaultApiKeyHeader = 'x-glacier-api-key';

/** Construction options; every field is optional and has a public default. */
export interface DataApiClientOptions {
    /** Data API base URL. Default `https://data-api.avax.network`. */
    baseUrl?: string | undefined;
    /** Metrics API base URL. Default `https://metrics.avax.network`. */
    metricsUrl?: string | undefined;
    /** Optional key: higher rate limits. Sent only to the Data API. */
    apiKey?: string | undefined;
    /** Header carrying the key. Default `x-glacier-api-key`. */
    apiKeyHeader?: string | undefined;
    /** Injected for tests; by default each of the two HTTP clients owns a keep-alive agent. */
    dispatcher?: Undici.Dispatcher | undefined;
    /** Proxy and trusted roots (see core/http/transport.ts); default: the environment's. */
    transport?: Transport | undefined;
    /** TTL cache of successful GETs (off by default). */
    cache?: CacheOptions | undefined;
    retry?: Partial<RetryPolicy> | undefined;
    timeouts?:
        | {
              connectMs?: number | undefined;
              /** Until the response headers arrive. Default 30 s. */
              headersMs?: number | undefined;
              /** Between two chunks of the body. Default 30 s. */
              bodyMs?: number | undefined;
          }
        | undefined;
    /** Extra headers for both APIs (a user agent, for example). */
    headers?: Record<string, string> | undefined;
    /** The Data API's rate-limit quota as each answer reports it. */
    onQuota?: ((quota: RateLimitQuota) => void) | undefined;
    /**
     * Told of every answer whose list held items that did not match their shape (repaired or
     * dropped, see `ItemRepair`): the answer stood, and this is where the editor logs why.
     */
    onRepairs?: ((event: RepairEvent) => void) | undefined;
}

/** An answer that stood although some of its items did not match (`onRepairs`). */
export interface RepairEvent {
    readonly operation: DataApiOperation;
    readonly service: 'Data API' | 'Metrics API';
    /** The URL asked, without the key (which travels in a header). */
    readonly url: string;
    readonly repairs: readonly ItemRepair[];
}

/**
 * The largest Data API answer kept: most pages hold at most 100 items, the heaviest (EVM
 * transactions with their transfers) a few hundred KiB; a page many times that is not one.
 */
const dataApiMaxAnswerBytes = 16 * 1024 * 1024;
/**
 * The limit of the operations whose pages may hold far more than 100 items (`listSubnets` takes
 * a page size of 10,000, each subnet with its chains' genesis; UTXOs 1,024; balances 500 to 5,000).
 */
const dataApiLargePageBytes = 64 * 1024 * 1024;
const largePageOperations: ReadonlySet<string> = new Set([
    'listSubnets',
    'getUtxosByAddressesV2',
    'getAddressesByBalanceOverTime',
    'listErc20Balances',
    'listCollectibleBalances',
]);
/** The largest Metrics API answer kept: its answers are short series and holder lists. */
const metricsApiMaxAnswerBytes = 4 * 1024 * 1024;

/** A request as it would be sent, for "Copy as curl" and logs (see `toCurl`). */
export interface DescribedRequest {
    operation: DataApiOperation;
    service: 'Data API' | 'Metrics API';
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    /** The JSON body, as sent. */
    body?: string;
    /** Names of headers that carry a secret (redacted unless `includeKey` was set). */
    secretHeaders: string[];
}

/** Value shown in place of the key in described requests. */
export const redactedKey = '<API_KEY>';

/**
 * The input goes into each issue so that a format error can quote what was sent. Only for the
 * second parse of an answer the schema refused: with it zod 4.6 took twice as long over every
 * answer it accepted (1.3 vs 2.7 µs for a transaction, and 8.5 vs 13 µs with a cold cache,
 * which is how a call between two round trips finds it).
 */
const quoteInput = { reportInput: true } as const;

/**
 * The wire schema of an operation's success answer (built on first use), for fixtures, the
 * sandbox's own checks and conformance tests.
 */
export function responseWireSchema(operation: DataApiOperation): z.ZodType {
    return dataApiEndpoints[operation].response();
}

/**
 * Parses a response body of one operation with its wire schema and normalises it. Exposed for
 * fixtures and tests; the client calls it on every answer.
 *
 * @throws ResponseFormatError with `path: problem` issues when the shape is wrong.
 */
export function parseResponse<K extends DataApiOperation>(
    operation: K,
    json: unknown,
    url = '',
    service: 'Data API' | 'Metrics API' = dataApiEndpoints[operation].service === 'metrics'
        ? 'Metrics API'
        : 'Data API',
): DataApiResults[K] {
    const endpoint = dataApiEndpoints[operation] as AnyDataApiEndpoint;
    const schema = endpoint.response();
    const result = schema.safeParse(json);
    if (result.success) return endpoint.normalize(result.data) as DataApiResults[K];
    // One odd item never fails its page: the list is read item by item (only now, so that an
    // answer that parses whole pays nothing for it).
    const repaired = endpoint.items ? repairList(schema, json, endpoint.items) : undefined;
    if (repaired) {
        const normalized = endpoint.normalize(repaired.data) as DataApiResults[K];
        if (repaired.repairs.length > 0) {
            Object.assign(normalized as object, { repairs: repaired.repairs });
        }
        return normalized;
    }
    const quoted = schema.safeParse(json, quoteInput);
    const issues = describeIssues((quoted.error ?? result.error).issues);
    throw new ResponseFormatError(responseFormatMessage(service, issues), url, issues);
}

/** One method per endpoint of the table, named after its operationId. */
type EndpointMethods = {
    readonly [K in keyof DataApiEndpoints]: (
        ...args: Partial<DataApiParams[K]> extends DataApiParams[K]
            ? [params?: DataApiParams[K], options?: CallOptions]
            : [params: DataApiParams[K], options?: CallOptions]
    ) => Promise<DataApiResults[K]>;
};

// The class gets one method per endpoint, installed on its prototype from the table below; the
// interface of the same name is how TypeScript learns about them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface DataApiClient extends EndpointMethods {}

/** The Data API and Metrics API client: one method per published operation (see the file header). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class DataApiClient {
    /** The Data API client (with the key hook). */
    readonly dataApi: HttpClient;
    /** The Metrics API client (never sees the key). */
    readonly metricsApi: HttpClient;
    readonly apiKeyHeader: string;
    private apiKey: string | undefined;
    private readonly onRepairs: ((event: RepairEvent) => void) | undefined;

    constructor(options: DataApiClientOptions = {}) {
        this.apiKey = options.apiKey || undefined;
        this.onRepairs = options.onRepairs;
        this.apiKeyHeader = (options.apiKeyHeader ?? defaultApiKeyHeader).toLowerCase();
        // Checked here because undici would only refuse it at the first request, as a
        // network error that points nowhere near the setting.
        if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(this.apiKeyHeader)) {
            throw new TypeError(
                `Not a valid HTTP header name: ${JSON.stringify(this.apiKeyHeader)}`,
            );
        }
        const common = {
            ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
            ...(options.transport ? { transport: options.transport } : {}),
            ...(options.cache ? { cache: options.cache } : {}),
            ...(options.retry ? { retry: options.retry } : {}),
            ...(options.headers ? { headers: options.headers } : {}),
            ...(options.timeouts?.connectMs !== undefined
                ? { connectTimeoutMs: options.timeouts.connectMs }
                : {}),
            ...(options.timeouts?.headersMs !== undefined
                ? { headersTimeoutMs: options.timeouts.headersMs }
                : {}),
            ...(options.timeouts?.bodyMs !== undefined
                ? { bodyTimeoutMs: options.timeouts.bodyMs }
                : {}),
        };
        this.dataApi = new HttpClient({
            ...common,
            baseUrl: options.baseUrl ?? defaultDataApiUrl,
            service: 'Data API',
            maxBodyBytes: dataApiMaxAnswerBytes,
            ...(options.onQuota ? { onQuota: options.onQuota } : {}),
            signRequest: (headers) => {
                if (this.apiKey !== undefined) headers[this.apiKeyHeader] = this.apiKey;
            },
        });
        this.metricsApi = new HttpClient({
            ...common,
            baseUrl: options.metricsUrl ?? defaultMetricsApiUrl,
            service: 'Metrics API',
            maxBodyBytes: metricsApiMaxAnswerBytes,
        });
    }

    /** True when a key is set. */
    get hasApiKey(): boolean {
        return this.apiKey !== undefined;
    }

    /** Changes the key for later requests (an empty string removes it) and drops cached answers. */
    setApiKey(apiKey: string | undefined): void {
        this.apiKey = apiKey || undefined;
        this.dataApi.clearCache();
    }

    /** Closes the keep-alive connections of both APIs. */
    async close(): Promise<void> {
        await Promise.all([this.dataApi.close(), this.metricsApi.close()]);
    }

    /**
     * Checks the parameters of any operation and sends it: the generic form behind every method,
     * for code driven by tables (palette queries, request replays).
     */
    async call<K extends DataApiOperation>(
        operation: K,
        params: DataApiParams[K],
        options?: CallOptions,
    ): Promise<DataApiResults[K]> {
        const request = prepareRequest(operation, params);
        const { retry } = dataApiEndpoints[operation];
        const metrics = request.service === 'metrics';
        const http = metrics ? this.metricsApi : this.dataApi;
        const httpRequest: HttpRequest = {
            method: request.method,
            path: request.path,
            signal: options?.signal,
            answerTo: operation,
            ...(largePageOperations.has(operation) ? { maxBodyBytes: dataApiLargePageBytes } : {}),
        };
        if (request.query) httpRequest.query = request.query;
        if (request.body !== undefined) httpRequest.body = request.body;
        if (retry !== undefined) httpRequest.retry = retry;
        const { json, response } = await http.requestJson(httpRequest);
        const service = metrics ? 'Metrics API' : 'Data API';
        const result = parseResponse(operation, json, response.url, service);
        if (this.onRepairs) {
            const repairs = resultRepairs(result);
            if (repairs.length > 0) {
                this.onRepairs({ operation, service, url: response.url, repairs });
            }
        }
        return result;
    }

    /**
     * A page fetcher for `collectPages` / `iteratePages`: the same parameters on every page, with
     * the page token filled in.
     */
    pages<K extends PagedOperation>(
        operation: K,
        params: Omit<DataApiParams[K], 'pageToken'>,
    ): PageFetcher<PageItem<K>> {
        return (pageToken, signal) =>
            this.call(operation, { ...params, pageToken } as DataApiParams[K], {
                signal,
            }) as Promise<Page<PageItem<K>>>;
    }

    /**
     * The request a call would send (after the same checks), for "Copy as curl" and logs. The key
     * is replaced by `<API_KEY>` unless `includeKey` is set.
     */
    describeRequest<K extends DataApiOperation>(
        operation: K,
        params: DataApiParams[K],
        options: { includeKey?: boolean } = {},
    ): DescribedRequest {
        const request = prepareRequest(operation, params);
        const metrics = request.service === 'metrics';
        const http = metrics ? this.metricsApi : this.dataApi;
        const headers: Record<string, string> = { accept: 'application/json' };
        const described: DescribedRequest = {
            operation,
            service: metrics ? 'Metrics API' : 'Data API',
            method: request.method,
            url: http.urlFor(request.path, request.query),
            headers,
            secretHeaders: [],
        };
        if (request.body !== undefined) {
            headers['content-type'] = 'application/json';
            described.body = JSON.stringify(request.body);
        }
        if (!metrics && this.apiKey !== undefined) {
            headers[this.apiKeyHeader] = options.includeKey ? this.apiKey : redactedKey;
            described.secretHeaders.push(this.apiKeyHeader);
        }
        return described;
    }
}

for (const operation of dataApiOperations) {
    Object.defineProperty(DataApiClient.prototype, operation, {
        value: function (this: DataApiClient, params: unknown, options?: CallOptions) {
            return this.call(operation, params as never, options);
        },
        writable: true,
        configurable: true,
    });
}
