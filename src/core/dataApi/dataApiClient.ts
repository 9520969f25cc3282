/**
 * The typed client of the Avalanche Data API (`https://data-api.avax.network`) and of the Metrics
 * API holders route (`https://metrics.avax.network`). One method per endpoint, named after the
 * published operationId; each takes one params object (path, query and body parameters together,
 * under their OpenAPI names) and an optional `{ signal }`.
 *
 * Every call checks its parameters first (`validate.ts`; nothing is sent on a bad value), then
 * sends through `HttpClient` (timeouts, bounded retries of idempotent requests, shared identical
 * GETs), then parses the answer with the wire schemas and normalises it. List methods return one
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
    type RetryPolicy,
} from '../http/httpClient';
import type { Transport } from '../http/transport';
import type { PageFetcher } from '../model/paging';
import * as model from './model';
import type { CallOptions, DataApiOperation, DataApiParams } from './params';
import { describeIssues, responseFormatMessage } from './responseFormat';
import { evmWireSchemas } from './schemas/evm';
import { metricsWireSchemas } from './schemas/metrics';
import { primaryNetworkWireSchemas } from './schemas/primaryNetwork';
import { type PagedOperation, type PreparedRequest, prepareRequest } from './validate';

/** The public Data API. */
export const defaultDataApiUrl = 'https://data-api.avax.network';
/** The public Metrics API. */
export const defaultMetricsApiUrl = 'https://metrics.avax.network';
/** The header that carries a Data API key (OpenAPI `securitySchemes.apiKey`). */
export const defaultApiKeyHeader = 'x-glacier-api-key';

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
}

/** What each operation returns. */
export interface DataApiResults {
    getAggregatedSignatures: model.SignatureAggregation;
    listTransactions: model.ListTransactionsResult;
    getUtxosByAddressesV2: model.ListUtxosResult;
    listAssetTransactions: model.ListAssetTransactionsResult;
    postTransactionExportJob: model.Operation;
    getOperationResult: model.Operation;
    listSubnets: model.ListSubnetsResult;
    listErc1155Transactions: model.ListErc1155TransactionsResult;
    listErc20Balances: model.ListErc20BalancesResult;
    listTransfers: model.ListTransfersResult;
    listInternalTransactions: model.ListInternalTransactionsResult;
    listErc1155Balances: model.ListErc1155BalancesResult;
    getTransactionsForBlock: model.ListBlockTransactionsResult;
    listCollectibleBalances: model.ListCollectibleBalancesResult;
    getVertexByHeight: model.ListVerticesResult;
    getTransaction: model.EvmTransactionDetails;
    listLatestPrimaryNetworkBlocks: model.ListPrimaryNetworkBlocksResult;
    listL1Validators: model.ListL1ValidatorsResult;
    getAddressesByBalanceOverTime: model.ListTokenHoldersResult;
    supportedChains: model.ListChainsResult;
}

/** The item type of a list operation. */
export type PageItem<K extends PagedOperation> = DataApiResults[K]['items'][number];

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

interface OperationSpec<R> {
    schema: () => z.ZodType;
    normalize: (wire: unknown) => R;
    /** Overrides the HttpClient default (GET retried, POST not). */
    retry?: boolean;
}

function op<W, R>(
    schema: () => z.ZodType<W>,
    normalize: (wire: W) => R,
    retry?: boolean,
): OperationSpec<R> {
    const spec: OperationSpec<R> = { schema, normalize: normalize as (wire: unknown) => R };
    if (retry !== undefined) spec.retry = retry;
    return spec;
}

const evm = evmWireSchemas;
const pn = primaryNetworkWireSchemas;

const operations: { [K in DataApiOperation]: OperationSpec<DataApiResults[K]> } = {
    getAggregatedSignatures: op(
        () => pn().SignatureAggregationResponseWireSchema,
        model.normalizeSignatureAggregation,
    ),
    listTransactions: op(
        () => evm().ListTransactionDetailsResponseWireSchema,
        model.normalizeListTransactionDetailsResponse,
    ),
    // A POST only because the address list can be long; it reads, so a retry is harmless.
    getUtxosByAddressesV2: op(
        () => pn().UtxosByAddressesResponseWireSchema,
        model.normalizeUtxosByAddressesResponse,
        true,
    ),
    listAssetTransactions: op(
        () => pn().ListXChainTransactionsResponseWireSchema,
        model.normalizeListXChainTransactionsResponse,
    ),
    // Creates a job: sending it twice would start two exports.
    postTransactionExportJob: op(
        () => pn().OperationStatusResponseWireSchema,
        model.normalizeOperationStatusResponse,
        false,
    ),
    getOperationResult: op(
        () => pn().OperationStatusResponseWireSchema,
        model.normalizeOperationStatusResponse,
    ),
    listSubnets: op(() => pn().ListSubnetsResponseWireSchema, model.normalizeListSubnetsResponse),
    listErc1155Transactions: op(
        () => evm().ListErc1155TransactionsResponseWireSchema,
        model.normalizeListErc1155TransactionsResponse,
    ),
    listErc20Balances: op(
        () => evm().ListErc20BalancesResponseWireSchema,
        model.normalizeListErc20BalancesResponse,
    ),
    listTransfers: op(
        () => evm().ListTransfersResponseWireSchema,
        model.normalizeListTransfersResponse,
    ),
    listInternalTransactions: op(
        () => evm().ListInternalTransactionsResponseWireSchema,
        model.normalizeListInternalTransactionsResponse,
    ),
    listErc1155Balances: op(
        () => evm().ListErc1155BalancesResponseWireSchema,
        model.normalizeListErc1155BalancesResponse,
    ),
    getTransactionsForBlock: op(
        () => evm().ListNativeTransactionsResponseWireSchema,
        model.normalizeListNativeTransactionsResponse,
    ),
    listCollectibleBalances: op(
        () => evm().ListCollectibleBalancesResponseWireSchema,
        model.normalizeListCollectibleBalancesResponse,
    ),
    getVertexByHeight: op(
        () => pn().ListXChainVerticesResponseWireSchema,
        model.normalizeListXChainVerticesResponse,
    ),
    getTransaction: op(
        () => evm().GetTransactionResponseWireSchema,
        model.normalizeGetTransactionResponse,
    ),
    listLatestPrimaryNetworkBlocks: op(
        () => pn().ListPrimaryNetworkBlocksResponseWireSchema,
        model.normalizeListPrimaryNetworkBlocksResponse,
    ),
    listL1Validators: op(
        () => pn().ListL1ValidatorsResponseWireSchema,
        model.normalizeListL1ValidatorsResponse,
    ),
    getAddressesByBalanceOverTime: op(
        () => metricsWireSchemas().LookingGlassResponseWireSchema,
        model.normalizeLookingGlassResponse,
    ),
    supportedChains: op(
        () => evm().ListChainsResponseWireSchema,
        model.normalizeListChainsResponse,
    ),
};

/** The input goes into each issue so that a format error can quote what was sent. */
const parseOptions = { reportInput: true } as const;

/**
 * The wire schema of an operation's success answer (built on first use), for fixtures, the
 * sandbox's own checks and conformance tests.
 */
export function responseWireSchema(operation: DataApiOperation): z.ZodType {
    return operations[operation].schema();
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
    service: 'Data API' | 'Metrics API' = operation === 'getAddressesByBalanceOverTime'
        ? 'Metrics API'
        : 'Data API',
): DataApiResults[K] {
    const spec = operations[operation];
    const result = spec.schema().safeParse(json, parseOptions);
    if (!result.success) {
        const issues = describeIssues(result.error.issues);
        throw new ResponseFormatError(responseFormatMessage(service, issues), url, issues);
    }
    return spec.normalize(result.data);
}

/** The Data API and Metrics API client: one method per published operation (see the file header). */
export class DataApiClient {
    /** The Data API client (with the key hook). */
    readonly dataApi: HttpClient;
    /** The Metrics API client (never sees the key). */
    readonly metricsApi: HttpClient;
    readonly apiKeyHeader: string;
    private apiKey: string | undefined;

    constructor(options: DataApiClientOptions = {}) {
        this.apiKey = options.apiKey || undefined;
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
            signRequest: (headers) => {
                if (this.apiKey !== undefined) headers[this.apiKeyHeader] = this.apiKey;
            },
        });
        this.metricsApi = new HttpClient({
            ...common,
            baseUrl: options.metricsUrl ?? defaultMetricsApiUrl,
            service: 'Metrics API',
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
        const spec = operations[operation];
        const metrics = request.service === 'metrics';
        const http = metrics ? this.metricsApi : this.dataApi;
        const httpRequest: HttpRequest = {
            method: request.method,
            path: request.path,
            signal: options?.signal,
        };
        if (request.query) httpRequest.query = request.query;
        if (request.body !== undefined) httpRequest.body = request.body;
        if (spec.retry !== undefined) httpRequest.retry = spec.retry;
        const { json, response } = await http.requestJson(httpRequest);
        return parseResponse(operation, json, response.url, metrics ? 'Metrics API' : 'Data API');
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
            this.call(operation, { ...params, pageToken } as DataApiParams[K], { signal });
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
        const request: PreparedRequest = prepareRequest(operation, params);
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

    /** 4.1 Aggregated signatures of the Warp message of a P- or X-Chain transaction. */
    getAggregatedSignatures(
        params: DataApiParams['getAggregatedSignatures'],
        options?: CallOptions,
    ): Promise<model.SignatureAggregation> {
        return this.call('getAggregatedSignatures', params, options);
    }

    /**
     * 4.2 Transactions of an EVM address, newest first unless `sortOrder: 'asc'`. Transfers inside
     * each item are limited to those involving the address; `getTransaction` has the full view.
     */
    listTransactions(
        params: DataApiParams['listTransactions'],
        options?: CallOptions,
    ): Promise<model.ListTransactionsResult> {
        return this.call('listTransactions', params, options);
    }

    /** 4.3 UTXOs of primary-network addresses (P-, X- or C-Chain), with `chainInfo`. */
    getUtxosByAddressesV2(
        params: DataApiParams['getUtxosByAddressesV2'],
        options?: CallOptions,
    ): Promise<model.ListUtxosResult> {
        return this.call('getUtxosByAddressesV2', params, options);
    }

    /** 4.4 Transactions of an X-Chain asset. */
    listAssetTransactions(
        params: DataApiParams['listAssetTransactions'],
        options?: CallOptions,
    ): Promise<model.ListAssetTransactionsResult> {
        return this.call('listAssetTransactions', params, options);
    }

    /** 4.5 Starts a transaction export; poll `getOperationResult` with the returned `operationId`. */
    postTransactionExportJob(
        params: DataApiParams['postTransactionExportJob'],
        options?: CallOptions,
    ): Promise<model.Operation> {
        return this.call('postTransactionExportJob', params, options);
    }

    /** The state of an export started with `postTransactionExportJob`. */
    getOperationResult(
        params: DataApiParams['getOperationResult'],
        options?: CallOptions,
    ): Promise<model.Operation> {
        return this.call('getOperationResult', params, options);
    }

    /** 4.6 Subnets and L1s of a network, with their blockchains. */
    listSubnets(
        params: DataApiParams['listSubnets'],
        options?: CallOptions,
    ): Promise<model.ListSubnetsResult> {
        return this.call('listSubnets', params, options);
    }

    /** 4.7 ERC-1155 transfers of an address. */
    listErc1155Transactions(
        params: DataApiParams['listErc1155Transactions'],
        options?: CallOptions,
    ): Promise<model.ListErc1155TransactionsResult> {
        return this.call('listErc1155Transactions', params, options);
    }

    /** 4.8 ERC-20 balances of an address, with its native balance. */
    listErc20Balances(
        params: DataApiParams['listErc20Balances'],
        options?: CallOptions,
    ): Promise<model.ListErc20BalancesResult> {
        return this.call('listErc20Balances', params, options);
    }

    /** 4.9 Transfers of a token contract (ERC-20, ERC-721 or ERC-1155; see `transferKind`). */
    listTransfers(
        params: DataApiParams['listTransfers'],
        options?: CallOptions,
    ): Promise<model.ListTransfersResult> {
        return this.call('listTransfers', params, options);
    }

    /** 4.10 Value-carrying internal calls and contract creations of an address. */
    listInternalTransactions(
        params: DataApiParams['listInternalTransactions'],
        options?: CallOptions,
    ): Promise<model.ListInternalTransactionsResult> {
        return this.call('listInternalTransactions', params, options);
    }

    /** 4.11 ERC-1155 balances of an address, with its native balance. */
    listErc1155Balances(
        params: DataApiParams['listErc1155Balances'],
        options?: CallOptions,
    ): Promise<model.ListErc1155BalancesResult> {
        return this.call('listErc1155Balances', params, options);
    }

    /** 4.12 Transactions of a block, by number or hash. */
    getTransactionsForBlock(
        params: DataApiParams['getTransactionsForBlock'],
        options?: CallOptions,
    ): Promise<model.ListBlockTransactionsResult> {
        return this.call('getTransactionsForBlock', params, options);
    }

    /** 4.13 ERC-721 and ERC-1155 collectibles of an address. */
    listCollectibleBalances(
        params: DataApiParams['listCollectibleBalances'],
        options?: CallOptions,
    ): Promise<model.ListCollectibleBalancesResult> {
        return this.call('listCollectibleBalances', params, options);
    }

    /** 4.14 X-Chain vertices at a height (pre-Cortina X-Chain). */
    getVertexByHeight(
        params: DataApiParams['getVertexByHeight'],
        options?: CallOptions,
    ): Promise<model.ListVerticesResult> {
        return this.call('getVertexByHeight', params, options);
    }

    /** 4.15 One EVM transaction with all its transfers, internal calls and teleporter details. */
    getTransaction(
        params: DataApiParams['getTransaction'],
        options?: CallOptions,
    ): Promise<model.EvmTransactionDetails> {
        return this.call('getTransaction', params, options);
    }

    /** 4.16 Latest blocks of a primary-network chain. */
    listLatestPrimaryNetworkBlocks(
        params: DataApiParams['listLatestPrimaryNetworkBlocks'],
        options?: CallOptions,
    ): Promise<model.ListPrimaryNetworkBlocksResult> {
        return this.call('listLatestPrimaryNetworkBlocks', params, options);
    }

    /** 4.17 L1 validators (active ones unless `includeInactiveL1Validators`). */
    listL1Validators(
        params: DataApiParams['listL1Validators'],
        options?: CallOptions,
    ): Promise<model.ListL1ValidatorsResult> {
        return this.call('listL1Validators', params, options);
    }

    /** 4.18 (Metrics API) Addresses that held more than `threshold` of a token in a time frame. */
    getAddressesByBalanceOverTime(
        params: DataApiParams['getAddressesByBalanceOverTime'],
        options?: CallOptions,
    ): Promise<model.ListTokenHoldersResult> {
        return this.call('getAddressesByBalanceOverTime', params, options);
    }

    /** The EVM chains the Data API indexes (`GET /v1/chains`), optionally filtered. */
    supportedChains(
        params: DataApiParams['supportedChains'] = {},
        options?: CallOptions,
    ): Promise<model.ListChainsResult> {
        return this.call('supportedChains', params, options);
    }
}
