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

function checkMetricsChainId(value: unknown): string {
    if (isString(value) && evmChainIdPattern.test(value)) return value;
    return fail('chainId', value, allowedText.metricsChainId);
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

function checkBlockRange(params: { startBlock?: unknown; endBlock?: unknown }): {
    startBlock: string | undefined;
    endBlock: string | undefined;
} {
    const startBlock = optionalBlockNumber(params.startBlock, 'startBlock');
    const endBlock = optionalBlockNumber(params.endBlock, 'endBlock');
    // endBlock is exclusive, so an equal pair would select nothing.
    if (
        startBlock !== undefined &&
        endBlock !== undefined &&
        BigInt(startBlock) >= BigInt(endBlock)
    ) {
        fail('endBlock', params.endBlock, `a block number greater than startBlock (${startBlock})`);
    }
    return { startBlock, endBlock };
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
    const startTimestamp = optionalTimestamp(params.startTimestamp, 'startTimestamp');
    const endTimestamp = optionalTimestamp(params.endTimestamp, 'endTimestamp');
    if (
        startTimestamp !== undefined &&
        endTimestamp !== undefined &&
        startTimestamp > endTimestamp
    ) {
        fail('endTimestamp', endTimestamp, `a timestamp >= startTimestamp (${startTimestamp})`);
    }
    return { startTimestamp, endTimestamp };
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

function evmRange(
    operation: 'listErc1155Transactions' | 'listTransfers' | 'listInternalTransactions',
    suffix: string,
) {
    return (raw: unknown): PreparedRequest => {
        const p = checkKeys(raw, known[operation], operation);
        const chainId = checkChainId(p['chainId']);
        const address = checkEvmAddress(p['address'], 'address');
        const range = checkBlockRange(p);
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits[operation]);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: suffix.replace('{chainId}', chainId).replace('{address}', address),
            query: { startBlock: range.startBlock, endBlock: range.endBlock, pageToken, pageSize },
        };
    };
}

const preparers: { [K in DataApiOperation]: (params: unknown) => PreparedRequest } = {
    getAggregatedSignatures: (raw) => {
        const p = checkKeys(raw, known.getAggregatedSignatures, 'getAggregatedSignatures');
        const network = checkNetwork(p['network']);
        const txHash = checkCb58Id(p['txHash'], 'txHash', 'a P-Chain or X-Chain transaction id');
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/signatureAggregator/${network}/aggregateSignatures/${txHash}`,
        };
    },

    listTransactions: (raw) => {
        const p = checkKeys(raw, known.listTransactions, 'listTransactions');
        const chainId = checkChainId(p['chainId']);
        const address = checkEvmAddress(p['address'], 'address');
        const range = checkBlockRange(p);
        const sortOrder = optionalMember(
            p['sortOrder'],
            'sortOrder',
            sortOrderSet,
            allowedText.sortOrder,
        );
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listTransactions);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/chains/${chainId}/addresses/${address}/transactions`,
            query: {
                pageToken,
                pageSize,
                startBlock: range.startBlock,
                endBlock: range.endBlock,
                sortOrder,
            },
        };
    },

    getUtxosByAddressesV2: (raw) => {
        const p = checkKeys(raw, known.getUtxosByAddressesV2, 'getUtxosByAddressesV2');
        const network = checkNetwork(p['network']);
        const blockchainId = checkMember(
            p['blockchainId'],
            'blockchainId',
            blockchainIdSet,
            allowedText.blockchainId,
        );
        const hrps = [hrpFor(network)];
        const addresses = listOf(p['addresses'], 'addresses', 'primary-network address');
        addresses.forEach((address, i) =>
            checkPrimaryNetworkAddress(address, `addresses[${i}]`, hrps),
        );
        const assetId =
            p['assetId'] === undefined
                ? undefined
                : checkCb58Id(p['assetId'], 'assetId', 'an asset id');
        const minUtxoAmount =
            p['minUtxoAmount'] === undefined
                ? undefined
                : checkUnsigned(
                      p['minUtxoAmount'],
                      'minUtxoAmount',
                      'an amount in nAVAX: an integer >= 0',
                  );
        const includeSpent = optionalBoolean(p['includeSpent'], 'includeSpent');
        const sortBy = optionalMember(p['sortBy'], 'sortBy', utxoSortBySet, allowedText.sortBy);
        const sortOrder = optionalMember(
            p['sortOrder'],
            'sortOrder',
            sortOrderSet,
            allowedText.sortOrder,
        );
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.getUtxosByAddressesV2);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'POST',
            path: `/v1/networks/${network}/blockchains/${blockchainId}/utxos`,
            query: { pageToken, pageSize, assetId, minUtxoAmount, includeSpent, sortBy, sortOrder },
            // The body takes one comma-separated string, not an array (OpenAPI PrimaryNetworkAddressesBodyDto).
            body: { addresses: addresses.join(',') },
        };
    },

    listAssetTransactions: (raw) => {
        const p = checkKeys(raw, known.listAssetTransactions, 'listAssetTransactions');
        const network = checkNetwork(p['network']);
        const blockchainId = checkMember(
            p['blockchainId'],
            'blockchainId',
            xChainIdSet,
            allowedText.xChainId,
        );
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
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listAssetTransactions);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/networks/${network}/blockchains/${blockchainId}/assets/${assetId}/transactions`,
            query: {
                txTypes,
                startTimestamp: range.startTimestamp,
                endTimestamp: range.endTimestamp,
                pageToken,
                pageSize,
            },
        };
    },

    postTransactionExportJob: (raw) => ({
        service: 'dataApi',
        method: 'POST',
        path: '/v1/operations/transactions:export',
        body: checkExportRequest(raw),
    }),

    getOperationResult: (raw) => {
        const p = checkKeys(raw, known.getOperationResult, 'getOperationResult');
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
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/operations/${encodeURIComponent(id)}`,
        };
    },

    listSubnets: (raw) => {
        const p = checkKeys(raw, known.listSubnets, 'listSubnets');
        const network = checkNetwork(p['network']);
        const sortOrder = optionalMember(
            p['sortOrder'],
            'sortOrder',
            sortOrderSet,
            allowedText.sortOrder,
        );
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listSubnets);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/networks/${network}/subnets`,
            query: { pageToken, pageSize, sortOrder },
        };
    },

    listErc1155Transactions: evmRange(
        'listErc1155Transactions',
        '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
    ),

    listErc20Balances: (raw) => {
        const p = checkKeys(raw, known.listErc20Balances, 'listErc20Balances');
        const chainId = checkChainId(p['chainId']);
        const address = checkEvmAddress(p['address'], 'address');
        const blockNumber = optionalBlockNumber(p['blockNumber'], 'blockNumber');
        const filterSpamTokens = optionalBoolean(p['filterSpamTokens'], 'filterSpamTokens');
        let contractAddresses: string | undefined;
        if (p['contractAddresses'] !== undefined) {
            const list = listOf(p['contractAddresses'], 'contractAddresses', 'contract address');
            list.forEach((a, i) => checkEvmAddress(a, `contractAddresses[${i}]`));
            contractAddresses = list.join(',');
        }
        const currency = optionalMember(
            p['currency'],
            'currency',
            currencySet,
            allowedText.currency,
        );
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listErc20Balances);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/chains/${chainId}/addresses/${address}/balances:listErc20`,
            query: {
                blockNumber,
                pageToken,
                pageSize,
                filterSpamTokens,
                contractAddresses,
                currency,
            },
        };
    },

    listTransfers: evmRange('listTransfers', '/v1/chains/{chainId}/tokens/{address}/transfers'),

    listInternalTransactions: evmRange(
        'listInternalTransactions',
        '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
    ),

    listErc1155Balances: (raw) => {
        const p = checkKeys(raw, known.listErc1155Balances, 'listErc1155Balances');
        const chainId = checkChainId(p['chainId']);
        const address = checkEvmAddress(p['address'], 'address');
        const blockNumber = optionalBlockNumber(p['blockNumber'], 'blockNumber');
        const contractAddress =
            p['contractAddress'] === undefined
                ? undefined
                : checkEvmAddress(p['contractAddress'], 'contractAddress');
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listErc1155Balances);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/chains/${chainId}/addresses/${address}/balances:listErc1155`,
            query: { blockNumber, pageToken, pageSize, contractAddress },
        };
    },

    getTransactionsForBlock: (raw) => {
        const p = checkKeys(raw, known.getTransactionsForBlock, 'getTransactionsForBlock');
        const chainId = checkChainId(p['chainId']);
        const rawId = p['blockId'];
        const blockId =
            isString(rawId) && rawId.startsWith('0x')
                ? checkEvmTxHash(rawId, 'blockId')
                : checkUnsigned(rawId, 'blockId', allowedText.blockId);
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.getTransactionsForBlock);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/chains/${chainId}/blocks/${blockId}/transactions`,
            query: { pageToken, pageSize },
        };
    },

    listCollectibleBalances: (raw) => {
        const p = checkKeys(raw, known.listCollectibleBalances, 'listCollectibleBalances');
        const chainId = checkChainId(p['chainId']);
        const address = checkEvmAddress(p['address'], 'address');
        const contractAddress =
            p['contractAddress'] === undefined
                ? undefined
                : checkEvmAddress(p['contractAddress'], 'contractAddress');
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listCollectibleBalances);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/chains/${chainId}/addresses/${address}/balances:listCollectibles`,
            query: { pageToken, pageSize, contractAddress },
        };
    },

    getVertexByHeight: (raw) => {
        const p = checkKeys(raw, known.getVertexByHeight, 'getVertexByHeight');
        const network = checkNetwork(p['network']);
        const blockchainId = checkMember(
            p['blockchainId'],
            'blockchainId',
            xChainIdSet,
            allowedText.xChainId,
        );
        const height = p['vertexHeight'];
        if (!Number.isSafeInteger(height) || (height as number) < 0) {
            fail('vertexHeight', height, 'a vertex height: an integer >= 0 (required)');
        }
        const sortOrder = optionalMember(
            p['sortOrder'],
            'sortOrder',
            sortOrderSet,
            allowedText.sortOrder,
        );
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.getVertexByHeight);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/networks/${network}/blockchains/${blockchainId}/vertices:listByHeight`,
            query: { vertexHeight: height as number, pageToken, pageSize, sortOrder },
        };
    },

    getTransaction: (raw) => {
        const p = checkKeys(raw, known.getTransaction, 'getTransaction');
        const chainId = checkChainId(p['chainId']);
        const txHash = checkEvmTxHash(p['txHash'], 'txHash');
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/chains/${chainId}/transactions/${txHash}`,
        };
    },

    listLatestPrimaryNetworkBlocks: (raw) => {
        const p = checkKeys(
            raw,
            known.listLatestPrimaryNetworkBlocks,
            'listLatestPrimaryNetworkBlocks',
        );
        const network = checkNetwork(p['network']);
        const blockchainId = checkMember(
            p['blockchainId'],
            'blockchainId',
            blockchainIdSet,
            allowedText.blockchainId,
        );
        const range = checkTimestampRange(p);
        const pageSize = checkPageSize(
            p['pageSize'],
            pageSizeLimits.listLatestPrimaryNetworkBlocks,
        );
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/networks/${network}/blockchains/${blockchainId}/blocks`,
            query: {
                startTimestamp: range.startTimestamp,
                endTimestamp: range.endTimestamp,
                pageToken,
                pageSize,
            },
        };
    },

    listL1Validators: (raw) => {
        const p = checkKeys(raw, known.listL1Validators, 'listL1Validators');
        const network = checkNetwork(p['network']);
        const l1ValidationId =
            p['l1ValidationId'] === undefined
                ? undefined
                : checkCb58Id(p['l1ValidationId'], 'l1ValidationId', 'an L1 validation id');
        const includeInactiveL1Validators = optionalBoolean(
            p['includeInactiveL1Validators'],
            'includeInactiveL1Validators',
        );
        const nodeId = p['nodeId'];
        if (nodeId !== undefined && !(isString(nodeId) && isNodeId(nodeId))) {
            fail('nodeId', nodeId, allowedText.nodeId);
        }
        const subnetId =
            p['subnetId'] === undefined
                ? undefined
                : checkCb58Id(p['subnetId'], 'subnetId', 'a subnet id');
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.listL1Validators);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'dataApi',
            method: 'GET',
            path: `/v1/networks/${network}/l1Validators`,
            query: {
                pageToken,
                pageSize,
                l1ValidationId,
                includeInactiveL1Validators,
                nodeId: nodeId,
                subnetId,
            },
        };
    },

    getAddressesByBalanceOverTime: (raw) => {
        const p = checkKeys(
            raw,
            known.getAddressesByBalanceOverTime,
            'getAddressesByBalanceOverTime',
        );
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
        const pageSize = checkPageSize(p['pageSize'], pageSizeLimits.getAddressesByBalanceOverTime);
        const pageToken = checkPageToken(p['pageToken']);
        return {
            service: 'metrics',
            method: 'GET',
            path: `/v2/chains/${chainId}/contracts/${address}/balances`,
            query: {
                threshold: thresholdText,
                startTimestamp: range.startTimestamp,
                endTimestamp: range.endTimestamp,
                pageToken,
                pageSize,
            },
        };
    },

    supportedChains: (raw) => {
        const p = checkKeys(raw ?? {}, known.supportedChains, 'supportedChains');
        const network = p['network'] === undefined ? undefined : checkNetwork(p['network']);
        const feature = optionalMember(p['feature'], 'feature', featureSet, allowedText.feature);
        return {
            service: 'dataApi',
            method: 'GET',
            path: '/v1/chains',
            query: { network, feature },
        };
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

function isDense(list: readonly unknown[]): boolean {
    for (let i = 0; i < list.length; i++) if (!(i in list)) return false;
    return true;
}

/** The export body (4.5): the EVM form or one of the three primary-network forms. */
function checkExportRequest(raw: unknown): Record<string, unknown> {
    const p = checkKeys(raw, known.postTransactionExportJob, 'postTransactionExportJob');
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
        const addresses = checkArray(
            options['addresses'],
            'options.addresses',
            'EVM addresses',
            true,
        )!;
        addresses.forEach((a, i) => checkEvmAddress(a, `options.addresses[${i}]`));
        const chains = checkArray(
            options['includeChains'],
            'options.includeChains',
            'EVM chain ids',
            true,
        )!;
        chains.forEach((c, i) => {
            if (!isString(c) || !evmChainIdPattern.test(c))
                fail(`options.includeChains[${i}]`, c, allowedText.metricsChainId);
        });
        body = { type, options: { addresses, includeChains: chains } };
    } else {
        const addresses = checkArray(
            options['addresses'],
            'options.addresses',
            'primary-network addresses',
            false,
        );
        addresses?.forEach((a, i) =>
            checkPrimaryNetworkAddress(a, `options.addresses[${i}]`, ['avax', 'fuji']),
        );
        const evmAddresses = checkArray(
            options['cChainEvmAddresses'],
            'options.cChainEvmAddresses',
            'EVM addresses',
            false,
        );
        evmAddresses?.forEach((a, i) => checkEvmAddress(a, `options.cChainEvmAddresses[${i}]`));
        const chains = checkArray(
            options['includeChains'],
            'options.includeChains',
            'primary-network blockchain ids',
            true,
        )!;
        chains.forEach((c, i) =>
            checkMember(
                c,
                `options.includeChains[${i}]`,
                blockchainIdSet,
                allowedText.blockchainId,
            ),
        );
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
    const prepare = preparers[operation] as ((params: unknown) => PreparedRequest) | undefined;
    if (!prepare) {
        return fail('operation', operation, 'a Data API operation name');
    }
    return prepare(params);
}

/** Checks every parameter of one call without sending anything (for forms and quick picks). */
export function validateParams<K extends DataApiOperation>(
    operation: K,
    params: DataApiParams[K],
): void {
    prepareRequest(operation, params);
}
