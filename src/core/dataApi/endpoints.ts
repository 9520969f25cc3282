/**
 * The Data API and Metrics API endpoint table: every endpoint the extension calls, declared once
 * with its method, path, parameters (each with its check), page-size range, response wire schema
 * and, where the answer needs reshaping, its normaliser. `DataApiClient.call('listSubnets', …)`
 * and the named client methods are derived from it, and so are the parameter types
 * (`DataApiParams`), the result types (`DataApiResults`) and the lists the palette and the
 * conformance tests read.
 *
 * This file mirrors the published OpenAPI documents, keyed by their operationIds:
 * - the Data API (https://developers.avacloud.io/data-api, served by `data-api.avax.network`),
 *   `data-api.openapi.json` of 2026-02-25;
 * - the Metrics API holders route (`metrics.avax.network`), `metrics-api.openapi.json` of
 *   2025-11-18.
 * The operations and schemas used here are extracted in
 * `test/fixtures/dataApi/openapi-subset.json`, which `test/unit/dataApi/dataApi.conformance.test.ts`
 * compares this table with.
 */
import type * as z from 'zod';

import { ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';
import type { QueryValue } from '../http/httpClient';
import { type Page, pageOf } from '../model/paging';
import type { PrimaryNetworkUtxo } from './model';
import type { DataApiOperation, DataApiParams } from './params';
import { evmWireSchemas as evm } from './schemas/evm';
import { metricsWireSchemas as metrics } from './schemas/metrics';
import { primaryNetworkWireSchemas as pn } from './schemas/primaryNetwork';
import * as param from './validate';
import {
    checkKeys,
    checkPageSize,
    checkPageToken,
    type CrossCheck,
    optional,
    type PageSizeLimit,
    type ParamSpec,
    required,
} from './validate';

/** Which server answers an endpoint. */
export type DataApiService = 'dataApi' | 'metrics';

/** One entry of the endpoint table. */
export interface DataApiEndpoint<
    Name extends string = string,
    Params extends Readonly<Record<string, ParamSpec>> = Readonly<Record<string, ParamSpec>>,
    Wire = unknown,
    Result = unknown,
    Limit extends PageSizeLimit | undefined = PageSizeLimit | undefined,
> {
    /** The published operationId, which is also the endpoint's key in the table. */
    readonly operationId: Name;
    readonly service: DataApiService;
    readonly method: 'GET' | 'POST';
    /** The OpenAPI path; each `{name}` is filled with the parameter of that name. */
    readonly path: string;
    /** Every parameter but the paging ones, in the order they are checked. */
    readonly params: Params;
    /** The parameters sent in the JSON body; the others not in the path go in the query. */
    readonly body: readonly string[];
    /** Set for list endpoints: the `pageSize` range, and `pageToken` is accepted too. */
    readonly pageSize: Limit;
    /**
     * The list an answer carries (`subnets`, `chains`…): read item by item when the answer does
     * not parse whole, so that one odd item never fails the rest (`repair.ts`).
     */
    readonly items: string | undefined;
    /** Rules across parameters, run once each has passed its own check. */
    readonly checks: readonly CrossCheck[];
    /** Overrides the HttpClient default (GET retried, POST not). */
    readonly retry: boolean | undefined;
    /** True when a call creates something: never retried, re-run or kept in history. */
    readonly creates: boolean;
    /** The wire schema of a success answer, built on first use. */
    response(): z.ZodType<Wire>;
    /** Turns the parsed answer into the domain result (the answer itself when it needs nothing). */
    normalize(wire: Wire): Result;
}

interface EndpointSpec<Params, Wire, Result, Limit> {
    service?: DataApiService;
    method: 'GET' | 'POST';
    path: string;
    params: Params;
    body?: readonly (keyof Params & string)[];
    pageSize?: Limit;
    items?: string;
    checks?: readonly CrossCheck[];
    retry?: boolean;
    creates?: boolean;
    response: () => z.ZodType<Wire>;
    normalize?: (wire: Wire) => Result;
}

function endpoint<
    const Params extends Readonly<Record<string, ParamSpec>>,
    Wire,
    Result = Wire,
    Limit extends PageSizeLimit | undefined = undefined,
>(
    spec: EndpointSpec<Params, Wire, Result, Limit>,
): Omit<DataApiEndpoint<string, Params, Wire, Result, Limit>, 'operationId'> {
    return {
        service: spec.service ?? 'dataApi',
        method: spec.method,
        path: spec.path,
        params: spec.params,
        body: spec.body ?? [],
        pageSize: spec.pageSize as Limit,
        items: spec.items,
        checks: spec.checks ?? [],
        retry: spec.retry ?? (spec.creates ? false : undefined),
        creates: spec.creates ?? false,
        response: spec.response,
        normalize: spec.normalize ?? ((wire: Wire) => wire as unknown as Result),
    };
}

/**
 * Gives each entry its key as `operationId`, so that the name is written once. `T` is only
 * loosely constrained on purpose: a precise constraint would become the context of each
 * `endpoint(...)` call and override the defaults of its type parameters (an endpoint without a
 * normaliser returns its wire type, one without `pageSize` is no list).
 */
function named<const T extends Record<string, object>>(
    table: T,
): { readonly [K in keyof T]: T[K] & { readonly operationId: K } } {
    const out: Record<string, unknown> = {};
    for (const [operationId, entry] of Object.entries(table)) {
        out[operationId] = Object.freeze({ operationId, ...entry });
    }
    return out as { readonly [K in keyof T]: T[K] & { readonly operationId: K } };
}

const small: PageSizeLimit = { min: 1, max: 100, default: 10 };
const balances: PageSizeLimit = { min: 1, max: 500, default: 10 };

/** The per-address EVM lists that take a block range. */
const evmAddressRange = {
    chainId: required(param.chainId),
    address: required(param.evmAddress),
    startBlock: optional(param.blockNumber),
    endBlock: optional(param.blockNumber),
};

const timestampRange = {
    startTimestamp: optional(param.timestamp),
    endTimestamp: optional(param.timestamp),
};

/** Every endpoint the client calls, keyed by its published operationId. */
export const dataApiEndpoints = named({
    /** Aggregated signatures of the Warp message of a P- or X-Chain transaction. */
    getAggregatedSignatures: endpoint({
        method: 'GET',
        path: '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
        params: {
            network: required(param.network),
            txHash: required(param.cb58Id(phrase('a P-Chain or X-Chain transaction id'))),
        },
        response: () => pn().SignatureAggregationResponseWireSchema,
    }),

    /**
     * Transactions of an EVM address, newest first unless `sortOrder: 'asc'`. Transfers inside
     * each item are limited to those involving the address; `getTransaction` has the full view.
     */
    listTransactions: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/addresses/{address}/transactions',
        params: { ...evmAddressRange, sortOrder: optional(param.sortOrder) },
        checks: [param.blockRangeOrder],
        pageSize: small,
        response: () => evm().ListTransactionDetailsResponseWireSchema,
        items: 'transactions',
        normalize: (wire) => pageOf(wire.transactions, wire.nextPageToken),
    }),

    /** UTXOs of primary-network addresses (P-, X- or C-Chain), with `chainInfo`. */
    getUtxosByAddressesV2: endpoint({
        method: 'POST',
        path: '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
        params: {
            network: required(param.network),
            blockchainId: required(param.blockchainId),
            addresses: required(param.primaryNetworkAddresses),
            /** X-Chain only. */
            assetId: optional(param.cb58Id(phrase('an asset id'))),
            /** In the smallest unit (nAVAX), inclusive. */
            minUtxoAmount: optional(param.nAvaxAmount),
            includeSpent: optional(param.flag),
            sortBy: optional(param.utxoSortBy),
            sortOrder: optional(param.sortOrder),
        },
        body: ['addresses'],
        pageSize: { min: 1, max: 1024, default: 10 },
        // A POST only because the address list can be long; it reads, so a retry is harmless.
        retry: true,
        response: () => pn().UtxosByAddressesResponseWireSchema,
        items: 'utxos',
        normalize: (wire) => ({
            ...pageOf<PrimaryNetworkUtxo>(wire.utxos, wire.nextPageToken),
            chainInfo: wire.chainInfo,
        }),
    }),

    /** Transactions of an X-Chain asset. */
    listAssetTransactions: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions',
        params: {
            network: required(param.network),
            blockchainId: required(param.xChainId),
            assetId: required(param.cb58Id(phrase('an X-Chain asset id'))),
            txTypes: optional(param.txTypes),
            ...timestampRange,
        },
        checks: [param.timestampRangeOrder],
        pageSize: small,
        response: () => pn().ListXChainTransactionsResponseWireSchema,
        items: 'transactions',
        normalize: (wire) => ({
            ...pageOf(wire.transactions, wire.nextPageToken),
            chainInfo: wire.chainInfo,
        }),
    }),

    /** Starts a transaction export; poll `getOperationResult` with the returned `operationId`. */
    postTransactionExportJob: endpoint({
        method: 'POST',
        path: '/v1/operations/transactions:export',
        params: {
            type: required(param.exportType),
            /** `YYYY-MM-DD`, like every date here. */
            firstDate: optional(param.isoDate),
            lastDate: optional(param.isoDate),
            /** @deprecated Use `firstDate`. */
            startDate: optional(param.isoDate),
            /** @deprecated Use `lastDate`. */
            endDate: optional(param.isoDate),
            options: required(param.exportOptions),
        },
        body: ['type', 'options', 'firstDate', 'lastDate', 'startDate', 'endDate'],
        checks: [param.exportDateOrder],
        // Sending it twice would start two exports.
        creates: true,
        response: () => pn().OperationStatusResponseWireSchema,
    }),

    /** The state of an export started with `postTransactionExportJob`. */
    getOperationResult: endpoint({
        method: 'GET',
        path: '/v1/operations/{operationId}',
        params: { operationId: required(param.operationId) },
        response: () => pn().OperationStatusResponseWireSchema,
    }),

    /** Subnets and L1s of a network, with their blockchains. */
    listSubnets: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/subnets',
        params: { network: required(param.network), sortOrder: optional(param.sortOrder) },
        pageSize: { min: 1, max: 10_000, default: 100 },
        response: () => pn().ListSubnetsResponseWireSchema,
        items: 'subnets',
        normalize: (wire) => pageOf(wire.subnets, wire.nextPageToken),
    }),

    /**
     * One subnet or L1 with its blockchains, by id: a lookup that needs no reading of the
     * subnet list. Not in the REST interface document; the published OpenAPI has it.
     */
    getSubnetById: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/subnets/{subnetId}',
        params: {
            network: required(param.network),
            subnetId: required(param.cb58Id(phrase('a subnet id'))),
        },
        response: () => pn().SubnetWireSchema,
    }),

    /** One blockchain by id, with its subnet id (published OpenAPI; not in the REST document). */
    getBlockchainById: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/blockchains/{blockchainId}',
        params: {
            network: required(param.network),
            blockchainId: required(param.cb58Id(phrase('a blockchain id'))),
        },
        response: () => pn().BlockchainWireSchema,
    }),

    /**
     * One P-, X- or C-Chain (atomic) transaction by id, whichever its age: a P-Chain transaction,
     * a pre-Cortina (vertices) or later (block) X-Chain transaction, or a C-Chain export or
     * import, as the chain asked for holds it (published OpenAPI; not in the REST document).
     */
    getTxByHash: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
        params: {
            network: required(param.network),
            blockchainId: required(param.blockchainId),
            txHash: required(param.cb58Id(phrase('a P-, X- or C-Chain transaction id'))),
        },
        response: () => pn().PrimaryNetworkTransactionWireSchema,
    }),

    /** ERC-1155 transfers of an address. */
    listErc1155Transactions: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
        params: evmAddressRange,
        checks: [param.blockRangeOrder],
        pageSize: small,
        response: () => evm().ListErc1155TransactionsResponseWireSchema,
        items: 'transactions',
        normalize: (wire) => pageOf(wire.transactions, wire.nextPageToken),
    }),

    /** ERC-20 balances of an address, with its native balance on every page. */
    listErc20Balances: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/addresses/{address}/balances:listErc20',
        params: {
            chainId: required(param.chainId),
            address: required(param.evmAddress),
            /** Balances at this block; the latest block when absent. */
            blockNumber: optional(param.blockNumber),
            filterSpamTokens: optional(param.flag),
            contractAddresses: optional(param.evmAddressList),
            currency: optional(param.currency),
        },
        pageSize: balances,
        response: () => evm().ListErc20BalancesResponseWireSchema,
        items: 'erc20TokenBalances',
        normalize: (wire) => ({
            ...pageOf(wire.erc20TokenBalances, wire.nextPageToken),
            nativeTokenBalance: wire.nativeTokenBalance,
        }),
    }),

    /** Transfers of a token contract (ERC-20, ERC-721 or ERC-1155; see `transferKind`). */
    listTransfers: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/tokens/{address}/transfers',
        params: evmAddressRange,
        checks: [param.blockRangeOrder],
        pageSize: small,
        response: () => evm().ListTransfersResponseWireSchema,
        items: 'transfers',
        normalize: (wire) => pageOf(wire.transfers, wire.nextPageToken),
    }),

    /** Value-carrying internal calls and contract creations of an address. */
    listInternalTransactions: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
        params: evmAddressRange,
        checks: [param.blockRangeOrder],
        pageSize: small,
        response: () => evm().ListInternalTransactionsResponseWireSchema,
        items: 'transactions',
        normalize: (wire) => pageOf(wire.transactions, wire.nextPageToken),
    }),

    /** ERC-1155 balances of an address, with its native balance on every page. */
    listErc1155Balances: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155',
        params: {
            chainId: required(param.chainId),
            address: required(param.evmAddress),
            blockNumber: optional(param.blockNumber),
            contractAddress: optional(param.evmAddress),
        },
        pageSize: balances,
        response: () => evm().ListErc1155BalancesResponseWireSchema,
        items: 'erc1155TokenBalances',
        normalize: (wire) => ({
            ...pageOf(wire.erc1155TokenBalances, wire.nextPageToken),
            nativeTokenBalance: wire.nativeTokenBalance,
        }),
    }),

    /** Transactions of a block, by number or hash. */
    getTransactionsForBlock: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/blocks/{blockId}/transactions',
        params: { chainId: required(param.chainId), blockId: required(param.blockId) },
        pageSize: { min: 0, max: 100, default: 0 },
        response: () => evm().ListNativeTransactionsResponseWireSchema,
        items: 'transactions',
        normalize: (wire) => pageOf(wire.transactions, wire.nextPageToken),
    }),

    /** ERC-721 and ERC-1155 collectibles of an address. */
    listCollectibleBalances: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
        params: {
            chainId: required(param.chainId),
            address: required(param.evmAddress),
            contractAddress: optional(param.evmAddress),
        },
        pageSize: balances,
        response: () => evm().ListCollectibleBalancesResponseWireSchema,
        items: 'collectibleBalances',
        normalize: (wire) => pageOf(wire.collectibleBalances, wire.nextPageToken),
    }),

    /** X-Chain vertices at a height (pre-Cortina X-Chain). */
    getVertexByHeight: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight',
        params: {
            network: required(param.network),
            blockchainId: required(param.xChainId),
            vertexHeight: required(param.vertexHeight),
            sortOrder: optional(param.sortOrder),
        },
        pageSize: small,
        response: () => pn().ListXChainVerticesResponseWireSchema,
        items: 'vertices',
        normalize: (wire) => ({
            ...pageOf(wire.vertices, wire.nextPageToken),
            chainInfo: wire.chainInfo,
        }),
    }),

    /** One EVM transaction with all its transfers, internal calls and teleporter details. */
    getTransaction: endpoint({
        method: 'GET',
        path: '/v1/chains/{chainId}/transactions/{txHash}',
        params: { chainId: required(param.chainId), txHash: required(param.evmTxHash) },
        response: () => evm().GetTransactionResponseWireSchema,
    }),

    /** Latest blocks of a primary-network chain. */
    listLatestPrimaryNetworkBlocks: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/blockchains/{blockchainId}/blocks',
        params: {
            network: required(param.network),
            blockchainId: required(param.blockchainId),
            ...timestampRange,
        },
        checks: [param.timestampRangeOrder],
        pageSize: small,
        response: () => pn().ListPrimaryNetworkBlocksResponseWireSchema,
        items: 'blocks',
        normalize: (wire) => ({
            ...pageOf(wire.blocks, wire.nextPageToken),
            chainInfo: wire.chainInfo,
        }),
    }),

    /** L1 validators (active ones unless `includeInactiveL1Validators`). */
    listL1Validators: endpoint({
        method: 'GET',
        path: '/v1/networks/{network}/l1Validators',
        params: {
            network: required(param.network),
            l1ValidationId: optional(param.cb58Id(phrase('an L1 validation id'))),
            includeInactiveL1Validators: optional(param.flag),
            nodeId: optional(param.nodeId),
            subnetId: optional(param.cb58Id(phrase('a subnet id'))),
        },
        pageSize: small,
        response: () => pn().ListL1ValidatorsResponseWireSchema,
        items: 'validators',
        normalize: (wire) => ({
            ...pageOf(wire.validators, wire.nextPageToken),
            /** P-Chain height the validator set was read at (a string of digits). */
            blockHeight: wire.blockHeight,
        }),
    }),

    /** (Metrics API) Addresses that held more than `threshold` of a token in a time frame. */
    getAddressesByBalanceOverTime: endpoint({
        service: 'metrics',
        method: 'GET',
        path: '/v2/chains/{chainId}/contracts/{address}/balances',
        params: {
            chainId: required(param.evmChainId),
            /** The token contract. */
            address: required(param.evmAddress),
            /** Minimum balance, in the token's smallest unit. */
            threshold: required(param.threshold),
            ...timestampRange,
        },
        checks: [param.timestampRangeOrder],
        pageSize: { min: 1, max: 5000, default: 1000 },
        response: () => metrics().LookingGlassResponseWireSchema,
        items: 'addresses',
        normalize: (wire) => pageOf(wire.addresses, wire.nextPageToken),
    }),

    /**
     * One ICM (Teleporter) message as the Data API indexed it: pending (sent), or delivered with
     * its destination transaction; its source transaction when the source chain is indexed.
     */
    getIcmMessage: endpoint({
        method: 'GET',
        path: '/v1/icm/messages/{messageId}',
        params: { messageId: required(param.icmMessageId) },
        response: () => evm().GetIcmMessageResponseWireSchema,
    }),

    /** The EVM chains the Data API indexes, optionally filtered. */
    supportedChains: endpoint({
        method: 'GET',
        path: '/v1/chains',
        params: { network: optional(param.network), feature: optional(param.apiFeature) },
        items: 'chains',
        response: () => evm().ListChainsResponseWireSchema,
    }),
});

/** The endpoint table's type, from which params and result types are derived. */
export type DataApiEndpoints = typeof dataApiEndpoints;

/** Any entry of the table, for code that handles every endpoint alike. */
export type AnyDataApiEndpoint = DataApiEndpoint<DataApiOperation>;

/** What each operation returns, once normalised. */
export type DataApiResults = {
    [K in DataApiOperation]: ReturnType<DataApiEndpoints[K]['normalize']>;
};

/** The list operations, i.e. those that take `pageToken` and `pageSize`. */
export type PagedOperation = {
    [K in DataApiOperation]: DataApiEndpoints[K]['pageSize'] extends PageSizeLimit ? K : never;
}[DataApiOperation];

/** The item type of a list operation. */
export type PageItem<K extends PagedOperation> =
    DataApiResults[K] extends Page<infer T> ? T : never;

const endpointList = Object.values(dataApiEndpoints) as readonly AnyDataApiEndpoint[];

/** The operations of the client, named after the published operationIds. */
export const dataApiOperations = endpointList.map(
    (e) => e.operationId,
) as readonly DataApiOperation[];

/**
 * The parameter names of every operation, as in the OpenAPI (path, query and body fields
 * together): what forms offer, and what the checks accept. Anything else is rejected.
 */
export const operationParams = Object.fromEntries(
    endpointList.map((e) => [
        e.operationId,
        [...Object.keys(e.params), ...(e.pageSize ? ['pageToken', 'pageSize'] : [])],
    ]),
) as unknown as { readonly [K in DataApiOperation]: readonly string[] };

/** `pageSize` range and default of every list operation (OpenAPI `minimum`/`maximum`/`default`). */
export const pageSizeLimits = Object.fromEntries(
    endpointList.flatMap((e) => (e.pageSize ? [[e.operationId, e.pageSize]] : [])),
) as unknown as { readonly [K in PagedOperation]: PageSizeLimit };

const knownNames = new Map(
    Object.entries(operationParams).map(([operation, names]) => [
        operation,
        new Set<string>(names),
    ]),
);

/** A checked call, ready for `HttpClient.send`. */
export interface PreparedRequest {
    service: DataApiService;
    method: 'GET' | 'POST';
    /** Path below the base URL; every segment is already safe for a URL. */
    path: string;
    query?: Record<string, QueryValue>;
    body?: unknown;
}

/** The table entry of an operation name, or undefined for any other text. */
export function dataApiEndpoint(operation: string): AnyDataApiEndpoint | undefined {
    return Object.hasOwn(dataApiEndpoints, operation)
        ? (dataApiEndpoints as Record<string, AnyDataApiEndpoint>)[operation]
        : undefined;
}

/** What `prepareRequest` derives from an endpoint's entry alone, worked out once per operation. */
interface RequestPlan {
    endpoint: AnyDataApiEndpoint;
    specs: [string, AnyDataApiEndpoint['params'][string]][];
    /** The parameters are all optional, so the call may come without any. */
    omittable: boolean;
    names: ReadonlySet<string>;
    /** The path template split at its `{name}`s: text, name, text, …, text. */
    pathParts: string[];
    /** The parameters sent in the query, in the table's order. */
    inQuery: string[];
}

const requestPlans = new Map<string, RequestPlan>();

function requestPlan(operation: string): RequestPlan {
    const known = requestPlans.get(operation);
    if (known) return known;
    const endpoint = dataApiEndpoint(operation);
    if (!endpoint)
        throw new ValidationError('operation', operation, phrase('a Data API operation name'));
    const specs = Object.entries(endpoint.params);
    const pathParts = endpoint.path.split(/\{(\w+)\}/);
    const inPath = new Set(pathParts.filter((_, i) => i % 2 === 1));
    const plan: RequestPlan = {
        endpoint,
        specs,
        omittable: !endpoint.pageSize && specs.every(([, spec]) => !spec.required),
        names: knownNames.get(operation)!,
        pathParts,
        inQuery: specs
            .map(([name]) => name)
            .filter((name) => !inPath.has(name) && !endpoint.body.includes(name)),
    };
    requestPlans.set(operation, plan);
    return plan;
}

/**
 * Checks every parameter of one call and returns the request to send, so that checking and
 * building can never drift apart. Throws `ValidationError` naming the first bad parameter, its
 * value and what is allowed.
 */
export function prepareRequest<K extends DataApiOperation>(
    operation: K,
    params: DataApiParams[K],
): PreparedRequest {
    const plan = requestPlan(operation);
    const { endpoint, specs } = plan;
    const raw: unknown = plan.omittable ? (params ?? {}) : params;
    const given = checkKeys(raw, plan.names, operation);

    const checked: Record<string, unknown> = {};
    for (const [name, spec] of specs) {
        const value = given[name];
        if (value !== undefined || spec.required) checked[name] = spec.check(value, name, checked);
    }
    for (const check of endpoint.checks) check(checked, given);

    const { pathParts } = plan;
    let path = pathParts[0]!;
    for (let i = 1; i < pathParts.length; i += 2) {
        path += encodeURIComponent(String(checked[pathParts[i]!])) + pathParts[i + 1]!;
    }
    const request: PreparedRequest = { service: endpoint.service, method: endpoint.method, path };
    const { inQuery } = plan;
    if (inQuery.length > 0 || endpoint.pageSize) {
        const query: Record<string, QueryValue> = {};
        for (const name of inQuery) {
            if (checked[name] !== undefined) query[name] = checked[name] as QueryValue;
        }
        if (endpoint.pageSize) {
            // pageSize is checked first, so that it is the one reported when both are bad.
            const pageSize = checkPageSize(given['pageSize'], endpoint.pageSize);
            const pageToken = checkPageToken(given['pageToken']);
            if (pageToken !== undefined) query['pageToken'] = pageToken;
            if (pageSize !== undefined) query['pageSize'] = pageSize;
        }
        request.query = query;
    }
    if (endpoint.body.length > 0) {
        const body: Record<string, unknown> = {};
        for (const name of endpoint.body) {
            if (checked[name] !== undefined) body[name] = checked[name];
        }
        request.body = body;
    }
    return request;
}

/** Checks every parameter of one call without sending anything (for forms and quick picks). */
export function validateParams<K extends DataApiOperation>(
    operation: K,
    params: DataApiParams[K],
): void {
    prepareRequest(operation, params);
}

/**
 * The compute units one call costs against the Data API's rate limit: the OpenAPI's
 * `x-execution-weight` (free 1, small 10, medium 20, large 50, xl 100, xxl 200; see
 * https://developers.avacloud.io/introduction/rate-limits). The Metrics API counts on its own
 * scale and its own quota, so its route is not here.
 */
export const dataApiComputeUnits: Readonly<Partial<Record<string, number>>> = {
    supportedChains: 1,
    getIcmMessage: 20,
    getOperationResult: 10,
    getUtxosByAddressesV2: 100,
    listAssetTransactions: 100,
    getAggregatedSignatures: 20,
    listTransactions: 20,
    postTransactionExportJob: 20,
    listSubnets: 20,
    listErc1155Transactions: 20,
    listErc20Balances: 20,
    listTransfers: 20,
    listInternalTransactions: 20,
    listErc1155Balances: 20,
    getTransactionsForBlock: 20,
    listCollectibleBalances: 20,
    getVertexByHeight: 20,
    getTransaction: 20,
    listLatestPrimaryNetworkBlocks: 20,
    listL1Validators: 20,
    getSubnetById: 20,
    getBlockchainById: 20,
    getTxByHash: 20,
} satisfies Partial<Record<DataApiOperation, number>>;
