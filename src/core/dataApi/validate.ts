/**
 * Client-side checks of every Data API / Metrics API parameter (spec §1, §8 and the published
 * OpenAPI), run before anything is sent: a bad value throws `ValidationError(param, value,
 * allowed)` and no request leaves the machine. `prepareRequest` checks one call's parameters and
 * returns the request to send, so that checking and building can never drift apart.
 *
 * Everything here is plain string and number work (plus a SHA-256 for cb58 checksums); it runs on
 * every call, so it avoids allocations beyond the request it returns.
 */
import { bech32 } from '@scure/base';

import { ValidationError } from '../http/errors';
import type { QueryValue } from '../http/httpClient';
import { isCb58Id, isNodeId } from '../ids/cb58';
import {
    apiFeatures,
    blockchainIds,
    currencies,
    evmExportTypes,
    networks,
    operationTypes,
    primaryNetworkTxTypes,
    sortOrders,
    utxoSortBy,
    xChainIds,
} from './enums';
import type { DataApiOperation, DataApiParams } from './params';

/** Page-size range and default of one list endpoint (spec §8). */
export interface PageSizeLimit {
    min: number;
    max: number;
    /** What the server uses when `pageSize` is absent. */
    default: number;
}

const small: PageSizeLimit = { min: 1, max: 100, default: 10 };
const balances: PageSizeLimit = { min: 1, max: 500, default: 10 };

/** `pageSize` range and default of every list operation (spec §8, OpenAPI `minimum`/`maximum`). */
export const pageSizeLimits = {
    listTransactions: small,
    getUtxosByAddressesV2: { min: 1, max: 1024, default: 10 },
    listAssetTransactions: small,
    listSubnets: { min: 1, max: 10_000, default: 100 },
    listErc1155Transactions: small,
    listErc20Balances: balances,
    listTransfers: small,
    listInternalTransactions: small,
    listErc1155Balances: balances,
    getTransactionsForBlock: { min: 0, max: 100, default: 0 },
    listCollectibleBalances: balances,
    getVertexByHeight: small,
    listLatestPrimaryNetworkBlocks: small,
    listL1Validators: small,
    getAddressesByBalanceOverTime: { min: 1, max: 5000, default: 1000 },
} as const satisfies Partial<Record<DataApiOperation, PageSizeLimit>>;

/** The list operations, i.e. those that take `pageToken` and `pageSize`. */
export type PagedOperation = keyof typeof pageSizeLimits;

/** Which server answers an operation. */
export type DataApiService = 'dataApi' | 'metrics';

/** A checked call, ready for `HttpClient.send`. */
export interface PreparedRequest {
    service: DataApiService;
    method: 'GET' | 'POST';
    /** Path below the base URL; every segment is already safe for a URL. */
    path: string;
    query?: Record<string, QueryValue>;
    body?: unknown;
}

// Value checks. Each returns the text that goes on the wire, or throws ValidationError.

const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/;
const evmHashPattern = /^0x[0-9a-fA-F]{64}$/;
const evmChainIdPattern = /^[1-9][0-9]{0,19}$/;
const unsignedPattern = /^(?:0|[1-9][0-9]*)$/;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const networkSet: ReadonlySet<string> = new Set(networks);
const blockchainIdSet: ReadonlySet<string> = new Set(blockchainIds);
const xChainIdSet: ReadonlySet<string> = new Set(xChainIds);
const sortOrderSet: ReadonlySet<string> = new Set(sortOrders);
const utxoSortBySet: ReadonlySet<string> = new Set(utxoSortBy);
const currencySet: ReadonlySet<string> = new Set(currencies);
const txTypeSet: ReadonlySet<string> = new Set(primaryNetworkTxTypes);
const featureSet: ReadonlySet<string> = new Set(apiFeatures);
const operationTypeSet: ReadonlySet<string> = new Set(operationTypes);
const evmExportTypeSet: ReadonlySet<string> = new Set(evmExportTypes);

const allowedText = {
    network: `one of ${networks.join(', ')}`,
    chainId: 'an EVM chain id (digits, such as 43114) or a cb58 blockchain id',
    metricsChainId: 'an EVM chain id (digits, such as 43114)',
    evmAddress: 'an EVM address: 0x followed by 40 hex digits',
    evmTxHash: 'an EVM transaction hash: 0x followed by 64 hex digits',
    cb58Id: 'a cb58 id (base58 text of 32 bytes with a valid checksum, about 50 characters)',
    nodeId: 'a node id: NodeID- followed by cb58 text with a valid checksum',
    blockchainId: `one of ${blockchainIds.join(', ')}`,
    xChainId: `an X-Chain id: one of ${xChainIds.join(', ')}`,
    sortOrder: 'asc or desc',
    sortBy: 'timestamp or amount',
    currency: `one of ${currencies.join(', ')}`,
    txType: `one of ${primaryNetworkTxTypes.join(', ')}`,
    feature: `one of ${apiFeatures.join(', ')}`,
    boolean: 'true or false',
    unsigned: 'a non-negative integer',
    blockNumber: 'a block number: a non-negative integer (number, bigint or string of digits)',
    timestamp: 'a timestamp: an integer >= 0 (seconds)',
    pageToken:
        'the nextPageToken of a previous page (a non-empty string of at most 2048 characters)',
    blockId: 'a block number (digits) or a block hash (0x followed by 64 hex digits)',
    date: 'a date written YYYY-MM-DD',
} as const;

/** True for `0x` followed by 40 hex digits. */
export function isEvmAddress(text: string): boolean {
    return evmAddressPattern.test(text);
}

/** True for `0x` followed by 64 hex digits (a transaction or block hash). */
export function isEvmHash(text: string): boolean {
    return evmHashPattern.test(text);
}

/** True for an EVM chain id in digits, or a cb58 blockchain id: what `chainId` path parameters take. */
export function isEvmChainIdOrBlockchainId(text: string): boolean {
    return evmChainIdPattern.test(text) || isCb58Id(text);
}

function isString(value: unknown): value is string {
    return typeof value === 'string';
}

function fail(param: string, value: unknown, allowed: string): never {
    throw new ValidationError(param, value, allowed);
}

function checkNetwork(value: unknown, param = 'network'): string {
    if (isString(value) && networkSet.has(value)) return value;
    return fail(param, value, allowedText.network);
}

function checkChainId(value: unknown): string {
    if (isString(value) && (evmChainIdPattern.test(value) || isCb58Id(value))) return value;
    return fail('chainId', value, allowedText.chainId);
}

function checkMetricsChainId(value: unknown, param = 'chainId'): string {
    if (isString(value) && evmChainIdPattern.test(value)) return value;
    return fail(param, value, allowedText.metricsChainId);
}

function checkEvmAddress(value: unknown, param: string): string {
    if (isString(value) && evmAddressPattern.test(value)) return value;
    return fail(param, value, allowedText.evmAddress);
}

function checkEvmTxHash(value: unknown, param: string): string {
    if (isString(value) && evmHashPattern.test(value)) return value;
    return fail(param, value, allowedText.evmTxHash);
}

function checkCb58Id(value: unknown, param: string, what?: string): string {
    if (isString(value) && isCb58Id(value)) return value;
    return fail(param, value, what ? `${what}: ${allowedText.cb58Id}` : allowedText.cb58Id);
}

function checkMember(
    value: unknown,
    param: string,
    set: ReadonlySet<string>,
    allowed: string,
): string {
    if (isString(value) && set.has(value)) return value;
    return fail(param, value, allowed);
}

function optionalMember(
    value: unknown,
    param: string,
    set: ReadonlySet<string>,
    allowed: string,
): string | undefined {
    return value === undefined ? undefined : checkMember(value, param, set, allowed);
}

function optionalBoolean(value: unknown, param: string): boolean | undefined {
    if (value === undefined || typeof value === 'boolean') return value;
    return fail(param, value, allowedText.boolean);
}

function checkPageSize(value: unknown, limit: PageSizeLimit): number | undefined {
    if (value === undefined) return undefined;
    if (
        Number.isInteger(value) &&
        (value as number) >= limit.min &&
        (value as number) <= limit.max
    ) {
        return value as number;
    }
    return fail('pageSize', value, `an integer from ${limit.min} to ${limit.max}`);
}

function checkPageToken(value: unknown): string | undefined {
    // An empty token means "first page", the way the tree and collectPages start.
    if (value === undefined || value === '') return undefined;
    if (isString(value) && value.length <= 2048) return value;
    return fail('pageToken', value, allowedText.pageToken);
}

/** A non-negative integer given as a safe integer, a bigint or a string of digits; returned as text. */
function checkUnsigned(value: unknown, param: string, allowed: string): string {
    if (typeof value === 'number') {
        if (Number.isSafeInteger(value) && value >= 0) return String(value);
    } else if (typeof value === 'bigint') {
        if (value >= 0n) return value.toString();
    } else if (isString(value) && value.length <= 78 && unsignedPattern.test(value)) {
        return value;
    }
    return fail(param, value, allowed);
}

function optionalBlockNumber(value: unknown, param: string): string | undefined {
    return value === undefined ? undefined : checkUnsigned(value, param, allowedText.blockNumber);
}

/**
 * Checks both ends of an optional range, then their order. When they are out of order the end is
 * reported, with the value as given.
 */
function checkRange<K extends string, T>(
    params: Partial<Record<K, unknown>>,
    startKey: K,
    endKey: K,
    check: (value: unknown, param: string) => T | undefined,
    outOfOrder: (start: T, end: T) => boolean,
    allowed: (start: T) => string,
): Record<K, T | undefined> {
    const start = check(params[startKey], startKey);
    const end = check(params[endKey], endKey);
    if (start !== undefined && end !== undefined && outOfOrder(start, end)) {
        fail(endKey, params[endKey], allowed(start));
    }
    return { [startKey]: start, [endKey]: end } as Record<K, T | undefined>;
}

function checkBlockRange(params: { startBlock?: unknown; endBlock?: unknown }): {
    startBlock: string | undefined;
    endBlock: string | undefined;
} {
    return checkRange(
        params,
        'startBlock',
        'endBlock',
        optionalBlockNumber,
        // endBlock is exclusive, so an equal pair would select nothing.
        (start, end) => BigInt(start) >= BigInt(end),
        (start) => `a block number greater than startBlock (${start})`,
    );
}

function optionalTimestamp(value: unknown, param: string): number | undefined {
    if (value === undefined) return undefined;
    if (Number.isSafeInteger(value) && (value as number) >= 0) return value as number;
    return fail(param, value, allowedText.timestamp);
}

function checkTimestampRange(params: { startTimestamp?: unknown; endTimestamp?: unknown }): {
    startTimestamp: number | undefined;
    endTimestamp: number | undefined;
} {
    return checkRange(
        params,
        'startTimestamp',
        'endTimestamp',
        optionalTimestamp,
        (start, end) => start > end,
        (start) => `a timestamp >= startTimestamp (${start})`,
    );
}

/** Splits a list given as an array or as one comma-separated string; blanks around items are dropped. */
function listOf(value: unknown, param: string, what: string): string[] {
    let items: unknown[];
    if (isString(value)) items = value.split(',').map((item) => item.trim());
    // Holes of a sparse array would skip the per-item checks (forEach).
    else if (Array.isArray(value) && isDense(value)) items = value;
    else return fail(param, value, `${what}, as a list or a comma-separated string`);
    if (items.length === 0 || (items.length === 1 && items[0] === '')) {
        return fail(param, value, `at least one ${what}`);
    }
    return items as string[];
}

function hrpFor(network: string): string {
    return network === 'mainnet' ? 'avax' : 'fuji';
}

/**
 * A primary-network address: optional `P-`/`X-`/`C-` prefix, then bech32 of a 20-byte short id
 * whose prefix (HRP) matches the network (`avax` on mainnet, `fuji` on Fuji).
 */
function checkPrimaryNetworkAddress(
    value: unknown,
    param: string,
    hrps: readonly string[],
): string {
    const allowed = `a primary-network address such as P-${hrps[0]}1… (bech32 with prefix ${hrps.join(' or ')}, valid checksum)`;
    if (!isString(value) || value.length > 120) return fail(param, value, allowed);
    const text = /^[PXC]-/.test(value) ? value.slice(2) : value;
    try {
        const decoded = bech32.decode(text as `${string}1${string}`, 120);
        if (hrps.includes(decoded.prefix) && bech32.fromWords(decoded.words).length === 20)
            return value;
    } catch {
        // reported below
    }
    return fail(param, value, allowed);
}

function checkIsoDate(value: unknown, param: string): string | undefined {
    if (value === undefined) return undefined;
    const match = isString(value) ? isoDatePattern.exec(value) : null;
    if (match) {
        const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
        const date = new Date(Date.UTC(year, month - 1, day));
        // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip.
        if (
            date.getUTCFullYear() === year &&
            date.getUTCMonth() === month - 1 &&
            date.getUTCDate() === day
        ) {
            return value as string;
        }
    }
    return fail(param, value, allowedText.date);
}

function checkObject(value: unknown, param: string, allowed: string): Record<string, unknown> {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
    }
    return fail(param, value, allowed);
}

/**
 * Rejects keys the operation does not know, so that a misspelt filter is never silently ignored.
 * `where` names the object: an operation (its parameters, reported as `params`) or `options`.
 */
function checkKeys(
    params: unknown,
    names: ReadonlySet<string>,
    where: string,
): Record<string, unknown> {
    const nested = where === 'options';
    const object = checkObject(
        params,
        nested ? where : 'params',
        nested ? 'an object' : `an object holding the parameters of ${where}`,
    );
    for (const key in object) {
        if (!names.has(key)) {
            const place = nested ? 'options' : `the parameters of ${where}`;
            fail(
                key,
                object[key],
                `no such parameter in ${place}; known: ${[...names].join(', ')}`,
            );
        }
    }
    return object;
}

function keys(...names: string[]): ReadonlySet<string> {
    return new Set(names);
}

// Per operation: check, then build. Keys follow the OpenAPI parameter names.

/**
 * The parameter names of every operation, as in the OpenAPI (path, query and body fields
 * together): what forms offer, and what the checks accept. Anything else is rejected.
 */
export const operationParams = {
    getAggregatedSignatures: ['network', 'txHash'],
    listTransactions: [
        'chainId',
        'address',
        'startBlock',
        'endBlock',
        'sortOrder',
        'pageToken',
        'pageSize',
    ],
    getUtxosByAddressesV2: [
        'network',
        'blockchainId',
        'addresses',
        'assetId',
        'minUtxoAmount',
        'includeSpent',
        'sortBy',
        'sortOrder',
        'pageToken',
        'pageSize',
    ],
    listAssetTransactions: [
        'network',
        'blockchainId',
        'assetId',
        'txTypes',
        'startTimestamp',
        'endTimestamp',
        'pageToken',
        'pageSize',
    ],
    postTransactionExportJob: ['type', 'firstDate', 'lastDate', 'startDate', 'endDate', 'options'],
    getOperationResult: ['operationId'],
    listSubnets: ['network', 'sortOrder', 'pageToken', 'pageSize'],
    listErc1155Transactions: [
        'chainId',
        'address',
        'startBlock',
        'endBlock',
        'pageToken',
        'pageSize',
    ],
    listErc20Balances: [
        'chainId',
        'address',
        'blockNumber',
        'filterSpamTokens',
        'contractAddresses',
        'currency',
        'pageToken',
        'pageSize',
    ],
    listTransfers: ['chainId', 'address', 'startBlock', 'endBlock', 'pageToken', 'pageSize'],
    listInternalTransactions: [
        'chainId',
        'address',
        'startBlock',
        'endBlock',
        'pageToken',
        'pageSize',
    ],
    listErc1155Balances: [
        'chainId',
        'address',
        'blockNumber',
        'contractAddress',
        'pageToken',
        'pageSize',
    ],
    getTransactionsForBlock: ['chainId', 'blockId', 'pageToken', 'pageSize'],
    listCollectibleBalances: ['chainId', 'address', 'contractAddress', 'pageToken', 'pageSize'],
    getVertexByHeight: [
        'network',
        'blockchainId',
        'vertexHeight',
        'sortOrder',
        'pageToken',
        'pageSize',
    ],
    getTransaction: ['chainId', 'txHash'],
    listLatestPrimaryNetworkBlocks: [
        'network',
        'blockchainId',
        'startTimestamp',
        'endTimestamp',
        'pageToken',
        'pageSize',
    ],
    listL1Validators: [
        'network',
        'l1ValidationId',
        'includeInactiveL1Validators',
        'nodeId',
        'subnetId',
        'pageToken',
        'pageSize',
    ],
    getAddressesByBalanceOverTime: [
        'chainId',
        'address',
        'threshold',
        'startTimestamp',
        'endTimestamp',
        'pageToken',
        'pageSize',
    ],
    supportedChains: ['network', 'feature'],
} as const satisfies Record<DataApiOperation, readonly string[]>;

const known = Object.fromEntries(
    Object.entries(operationParams).map(([operation, names]) => [
        operation,
        new Set<string>(names),
    ]),
) as unknown as Record<DataApiOperation, ReadonlySet<string>>;

/** The parameters of `operation`, with any name it does not know rejected. */
function paramsOf(raw: unknown, operation: DataApiOperation): Record<string, unknown> {
    return checkKeys(raw, known[operation], operation);
}

function optional<T>(value: unknown, check: (value: unknown) => T): T | undefined {
    return value === undefined ? undefined : check(value);
}

function optionalSortOrder(value: unknown): string | undefined {
    return optionalMember(value, 'sortOrder', sortOrderSet, allowedText.sortOrder);
}

function checkBlockchainId(value: unknown): string {
    return checkMember(value, 'blockchainId', blockchainIdSet, allowedText.blockchainId);
}

function checkXChainId(value: unknown): string {
    return checkMember(value, 'blockchainId', xChainIdSet, allowedText.xChainId);
}

/** The `chainId` and `address` path parameters that the per-address EVM endpoints share. */
function checkEvmAccount(p: Record<string, unknown>): { chainId: string; address: string } {
    const chainId = checkChainId(p['chainId']);
    const address = checkEvmAddress(p['address'], 'address');
    return { chainId, address };
}

/**
 * Every list call checks `pageSize` before `pageToken` (so the first bad one is the one reported),
 * but sends the token first.
 */
function checkPage(
    p: Record<string, unknown>,
    operation: PagedOperation,
): { pageToken: string | undefined; pageSize: number | undefined } {
    const pageSize = checkPageSize(p['pageSize'], pageSizeLimits[operation]);
    const pageToken = checkPageToken(p['pageToken']);
    return { pageToken, pageSize };
}

function dataApiGet(path: string, query?: Record<string, QueryValue>): PreparedRequest {
    // Calls without a query carry no `query` key at all, not an undefined one.
    return query === undefined
        ? { service: 'dataApi', method: 'GET', path }
        : { service: 'dataApi', method: 'GET', path, query };
}

function evmRange(
    operation: 'listErc1155Transactions' | 'listTransfers' | 'listInternalTransactions',
    suffix: string,
) {
    return (p: Record<string, unknown>): PreparedRequest => {
        const { chainId, address } = checkEvmAccount(p);
        const range = checkBlockRange(p);
        const page = checkPage(p, operation);
        return dataApiGet(suffix.replace('{chainId}', chainId).replace('{address}', address), {
            ...range,
            ...page,
        });
    };
}

/** Per operation: its checks and its request, given the parameters once `checkKeys` has passed them. */
const preparers: {
    [K in DataApiOperation]: (p: Record<string, unknown>) => PreparedRequest;
} = {
    getAggregatedSignatures: (p) => {
        const network = checkNetwork(p['network']);
        const txHash = checkCb58Id(p['txHash'], 'txHash', 'a P-Chain or X-Chain transaction id');
        return dataApiGet(`/v1/signatureAggregator/${network}/aggregateSignatures/${txHash}`);
    },

    listTransactions: (p) => {
        const { chainId, address } = checkEvmAccount(p);
        const range = checkBlockRange(p);
        const sortOrder = optionalSortOrder(p['sortOrder']);
        const page = checkPage(p, 'listTransactions');
        return dataApiGet(`/v1/chains/${chainId}/addresses/${address}/transactions`, {
            ...page,
            ...range,
            sortOrder,
        });
    },

    getUtxosByAddressesV2: (p) => {
        const network = checkNetwork(p['network']);
        const blockchainId = checkBlockchainId(p['blockchainId']);
        const hrps = [hrpFor(network)];
        const addresses = listOf(p['addresses'], 'addresses', 'primary-network address');
        addresses.forEach((address, i) =>
            checkPrimaryNetworkAddress(address, `addresses[${i}]`, hrps),
        );
        const assetId = optional(p['assetId'], (v) => checkCb58Id(v, 'assetId', 'an asset id'));
        const minUtxoAmount = optional(p['minUtxoAmount'], (v) =>
            checkUnsigned(v, 'minUtxoAmount', 'an amount in nAVAX: an integer >= 0'),
        );
        const includeSpent = optionalBoolean(p['includeSpent'], 'includeSpent');
        const sortBy = optionalMember(p['sortBy'], 'sortBy', utxoSortBySet, allowedText.sortBy);
        const sortOrder = optionalSortOrder(p['sortOrder']);
        const page = checkPage(p, 'getUtxosByAddressesV2');
        return {
            service: 'dataApi',
            method: 'POST',
            path: `/v1/networks/${network}/blockchains/${blockchainId}/utxos`,
            query: { ...page, assetId, minUtxoAmount, includeSpent, sortBy, sortOrder },
            // The body takes one comma-separated string, not an array (OpenAPI PrimaryNetworkAddressesBodyDto).
            body: { addresses: addresses.join(',') },
        };
    },

    listAssetTransactions: (p) => {
        const network = checkNetwork(p['network']);
        const blockchainId = checkXChainId(p['blockchainId']);
        const assetId = checkCb58Id(p['assetId'], 'assetId', 'an X-Chain asset id');
        let txTypes: string[] | undefined;
        if (p['txTypes'] !== undefined) {
            if (!Array.isArray(p['txTypes']) || !isDense(p['txTypes']))
                fail(
                    'txTypes',
                    p['txTypes'],
                    `a list of transaction types, each ${allowedText.txType}`,
                );
            txTypes = (p['txTypes'] as unknown[]).map((t, i) =>
                checkMember(t, `txTypes[${i}]`, txTypeSet, allowedText.txType),
            );
        }
        const range = checkTimestampRange(p);
        const page = checkPage(p, 'listAssetTransactions');
        return dataApiGet(
            `/v1/networks/${network}/blockchains/${blockchainId}/assets/${assetId}/transactions`,
            { txTypes, ...range, ...page },
        );
    },

    postTransactionExportJob: (p) => ({
        service: 'dataApi',
        method: 'POST',
        path: '/v1/operations/transactions:export',
        body: checkExportRequest(p),
    }),

    getOperationResult: (p) => {
        const id = p['operationId'];
        // `.` and `..` survive encodeURIComponent and would move the request to another path.
        if (
            !isString(id) ||
            id.length === 0 ||
            id.length > 200 ||
            /[\s\u0000-\u001f]/.test(id) ||
            id === '.' ||
            id === '..'
        ) {
            fail(
                'operationId',
                id,
                'the operationId returned when the operation was created (a non-empty string)',
            );
        }
        return dataApiGet(`/v1/operations/${encodeURIComponent(id)}`);
    },

    listSubnets: (p) => {
        const network = checkNetwork(p['network']);
        const sortOrder = optionalSortOrder(p['sortOrder']);
        const page = checkPage(p, 'listSubnets');
        return dataApiGet(`/v1/networks/${network}/subnets`, { ...page, sortOrder });
    },

    listErc1155Transactions: evmRange(
        'listErc1155Transactions',
        '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
    ),

    listErc20Balances: (p) => {
        const { chainId, address } = checkEvmAccount(p);
        const blockNumber = optionalBlockNumber(p['blockNumber'], 'blockNumber');
        const filterSpamTokens = optionalBoolean(p['filterSpamTokens'], 'filterSpamTokens');
        const contractAddresses = optional(p['contractAddresses'], (v) => {
            const list = listOf(v, 'contractAddresses', 'contract address');
            list.forEach((a, i) => checkEvmAddress(a, `contractAddresses[${i}]`));
            return list.join(',');
        });
        const currency = optionalMember(
            p['currency'],
            'currency',
            currencySet,
            allowedText.currency,
        );
        const page = checkPage(p, 'listErc20Balances');
        return dataApiGet(`/v1/chains/${chainId}/addresses/${address}/balances:listErc20`, {
            blockNumber,
            ...page,
            filterSpamTokens,
            contractAddresses,
            currency,
        });
    },

    listTransfers: evmRange('listTransfers', '/v1/chains/{chainId}/tokens/{address}/transfers'),

    listInternalTransactions: evmRange(
        'listInternalTransactions',
        '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
    ),

    listErc1155Balances: (p) => {
        const { chainId, address } = checkEvmAccount(p);
        const blockNumber = optionalBlockNumber(p['blockNumber'], 'blockNumber');
        const contractAddress = optional(p['contractAddress'], (v) =>
            checkEvmAddress(v, 'contractAddress'),
        );
        const page = checkPage(p, 'listErc1155Balances');
        return dataApiGet(`/v1/chains/${chainId}/addresses/${address}/balances:listErc1155`, {
            blockNumber,
            ...page,
            contractAddress,
        });
    },

    getTransactionsForBlock: (p) => {
        const chainId = checkChainId(p['chainId']);
        const rawId = p['blockId'];
        const blockId =
            isString(rawId) && rawId.startsWith('0x')
                ? checkEvmTxHash(rawId, 'blockId')
                : checkUnsigned(rawId, 'blockId', allowedText.blockId);
        const page = checkPage(p, 'getTransactionsForBlock');
        return dataApiGet(`/v1/chains/${chainId}/blocks/${blockId}/transactions`, page);
    },

    listCollectibleBalances: (p) => {
        const { chainId, address } = checkEvmAccount(p);
        const contractAddress = optional(p['contractAddress'], (v) =>
            checkEvmAddress(v, 'contractAddress'),
        );
        const page = checkPage(p, 'listCollectibleBalances');
        return dataApiGet(`/v1/chains/${chainId}/addresses/${address}/balances:listCollectibles`, {
            ...page,
            contractAddress,
        });
    },

    getVertexByHeight: (p) => {
        const network = checkNetwork(p['network']);
        const blockchainId = checkXChainId(p['blockchainId']);
        const height = p['vertexHeight'];
        if (!Number.isSafeInteger(height) || (height as number) < 0) {
            fail('vertexHeight', height, 'a vertex height: an integer >= 0 (required)');
        }
        const sortOrder = optionalSortOrder(p['sortOrder']);
        const page = checkPage(p, 'getVertexByHeight');
        return dataApiGet(
            `/v1/networks/${network}/blockchains/${blockchainId}/vertices:listByHeight`,
            { vertexHeight: height as number, ...page, sortOrder },
        );
    },

    getTransaction: (p) => {
        const chainId = checkChainId(p['chainId']);
        const txHash = checkEvmTxHash(p['txHash'], 'txHash');
        return dataApiGet(`/v1/chains/${chainId}/transactions/${txHash}`);
    },

    listLatestPrimaryNetworkBlocks: (p) => {
        const network = checkNetwork(p['network']);
        const blockchainId = checkBlockchainId(p['blockchainId']);
        const range = checkTimestampRange(p);
        const page = checkPage(p, 'listLatestPrimaryNetworkBlocks');
        return dataApiGet(`/v1/networks/${network}/blockchains/${blockchainId}/blocks`, {
            ...range,
            ...page,
        });
    },

    listL1Validators: (p) => {
        const network = checkNetwork(p['network']);
        const l1ValidationId = optional(p['l1ValidationId'], (v) =>
            checkCb58Id(v, 'l1ValidationId', 'an L1 validation id'),
        );
        const includeInactiveL1Validators = optionalBoolean(
            p['includeInactiveL1Validators'],
            'includeInactiveL1Validators',
        );
        const nodeId = p['nodeId'];
        if (nodeId !== undefined && !(isString(nodeId) && isNodeId(nodeId))) {
            fail('nodeId', nodeId, allowedText.nodeId);
        }
        const subnetId = optional(p['subnetId'], (v) => checkCb58Id(v, 'subnetId', 'a subnet id'));
        const page = checkPage(p, 'listL1Validators');
        return dataApiGet(`/v1/networks/${network}/l1Validators`, {
            ...page,
            l1ValidationId,
            includeInactiveL1Validators,
            nodeId: nodeId,
            subnetId,
        });
    },

    getAddressesByBalanceOverTime: (p) => {
        const chainId = checkMetricsChainId(p['chainId']);
        const address = checkEvmAddress(p['address'], 'address');
        const threshold = p['threshold'];
        if (!(isString(threshold) || typeof threshold === 'bigint')) {
            fail('threshold', threshold, 'a minimum balance: a string of digits (required)');
        }
        const thresholdText = checkUnsigned(
            threshold,
            'threshold',
            'a minimum balance: a string of digits (required)',
        );
        const range = checkTimestampRange(p);
        const page = checkPage(p, 'getAddressesByBalanceOverTime');
        return {
            service: 'metrics',
            method: 'GET',
            path: `/v2/chains/${chainId}/contracts/${address}/balances`,
            query: { threshold: thresholdText, ...range, ...page },
        };
    },

    supportedChains: (p) => {
        const network = optional(p['network'], (v) => checkNetwork(v));
        const feature = optionalMember(p['feature'], 'feature', featureSet, allowedText.feature);
        return dataApiGet('/v1/chains', { network, feature });
    },
};

const evmOptionKeys = keys('addresses', 'includeChains');
const primaryOptionKeys = keys('addresses', 'cChainEvmAddresses', 'includeChains');

function checkArray(
    value: unknown,
    param: string,
    what: string,
    required: boolean,
): unknown[] | undefined {
    if (value === undefined && !required) return undefined;
    // A sparse array's holes would skip the per-item checks (forEach) and go out as null.
    if (Array.isArray(value) && value.length > 0 && isDense(value)) return value as unknown[];
    return fail(param, value, `a non-empty list of ${what}`);
}

/** One list of the export options, each item checked under its own name (`options.key[i]`). */
function optionList(
    options: Record<string, unknown>,
    key: string,
    what: string,
    required: boolean,
    checkItem: (item: unknown, param: string) => unknown,
): unknown[] | undefined {
    const list = checkArray(options[key], `options.${key}`, what, required);
    list?.forEach((item, i) => checkItem(item, `options.${key}[${i}]`));
    return list;
}

function isDense(list: readonly unknown[]): boolean {
    for (let i = 0; i < list.length; i++) if (!(i in list)) return false;
    return true;
}

/** The export body (4.5): the EVM form or one of the three primary-network forms. */
function checkExportRequest(p: Record<string, unknown>): Record<string, unknown> {
    const type = checkMember(
        p['type'],
        'type',
        operationTypeSet,
        `one of ${operationTypes.join(', ')}`,
    );
    const firstDate = checkIsoDate(p['firstDate'], 'firstDate');
    const lastDate = checkIsoDate(p['lastDate'], 'lastDate');
    const startDate = checkIsoDate(p['startDate'], 'startDate');
    const endDate = checkIsoDate(p['endDate'], 'endDate');
    // ISO dates compare correctly as text.
    if (firstDate !== undefined && lastDate !== undefined && firstDate > lastDate) {
        fail('lastDate', lastDate, `a date on or after firstDate (${firstDate})`);
    }
    if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
        fail('endDate', endDate, `a date on or after startDate (${startDate})`);
    }
    const evm = evmExportTypeSet.has(type);
    const options = checkKeys(p['options'], evm ? evmOptionKeys : primaryOptionKeys, 'options');
    let body: Record<string, unknown>;
    if (evm) {
        const addresses = optionList(options, 'addresses', 'EVM addresses', true, checkEvmAddress)!;
        const chains = optionList(
            options,
            'includeChains',
            'EVM chain ids',
            true,
            checkMetricsChainId,
        )!;
        body = { type, options: { addresses, includeChains: chains } };
    } else {
        const addresses = optionList(
            options,
            'addresses',
            'primary-network addresses',
            false,
            (a, param) => checkPrimaryNetworkAddress(a, param, ['avax', 'fuji']),
        );
        const evmAddresses = optionList(
            options,
            'cChainEvmAddresses',
            'EVM addresses',
            false,
            checkEvmAddress,
        );
        const chains = optionList(
            options,
            'includeChains',
            'primary-network blockchain ids',
            true,
            (c, param) => checkMember(c, param, blockchainIdSet, allowedText.blockchainId),
        )!;
        const out: Record<string, unknown> = { includeChains: chains };
        if (addresses) out['addresses'] = addresses;
        if (evmAddresses) out['cChainEvmAddresses'] = evmAddresses;
        body = { type, options: out };
    }
    if (firstDate !== undefined) body['firstDate'] = firstDate;
    if (lastDate !== undefined) body['lastDate'] = lastDate;
    if (startDate !== undefined) body['startDate'] = startDate;
    if (endDate !== undefined) body['endDate'] = endDate;
    return body;
}

/**
 * Checks every parameter of one call and returns the request to send. Throws `ValidationError`
 * naming the first bad parameter, its value and what is allowed.
 */
export function prepareRequest<K extends DataApiOperation>(
    operation: K,
    params: DataApiParams[K],
): PreparedRequest {
    const prepare = preparers[operation] as
        ((p: Record<string, unknown>) => PreparedRequest) | undefined;
    if (!prepare) {
        return fail('operation', operation, 'a Data API operation name');
    }
    // supportedChains is the one operation whose parameters may be left out altogether.
    const raw: unknown = operation === 'supportedChains' ? (params ?? {}) : params;
    return prepare(paramsOf(raw, operation));
}

/** Checks every parameter of one call without sending anything (for forms and quick picks). */
export function validateParams<K extends DataApiOperation>(
    operation: K,
    params: DataApiParams[K],
): void {
    prepareRequest(operation, params);
}
