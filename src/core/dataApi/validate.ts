/**
 * The parameter types of the Data API and Metrics API endpoints: what each kind of value accepts
 * and the text that goes on the wire. `endpoints.ts` names one of these per parameter; every call
 * runs them before anything is sent, and a bad value throws `ValidationError(param, value,
 * allowed)`. Ranges, value lists and page sizes follow the published OpenAPI (the operations and
 * components in `test/fixtures/dataApi/openapi-subset.json`).
 *
 * Everything here is plain string and number work (plus a SHA-256 for cb58 checksums); it runs on
 * every call, so it avoids allocations beyond the values it returns.
 */
import { bech32 } from '@scure/base';

import { type ErrorSentence, ValidationError } from '../http/errors';
import { type Phrase, phrase } from '../text/phrase';
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
    utxoSortBy as utxoSortByValues,
    xChainIds,
} from './enums';
import type {
    ApiFeature,
    BlockchainId,
    CurrencyCode,
    NetworkName,
    OperationType,
    PrimaryNetworkTxType,
    SortOrder,
    UtxoSortBy,
    XChainId,
} from './enums';
import type {
    BlockNumberInput,
    EvmExportOptions,
    Loose,
    PrimaryNetworkExportOptions,
} from './params';
import { evmAddressPattern, evmChainIdPattern, evmHashPattern } from '../ids/evmPatterns';

/** Page-size range and default of one list endpoint (OpenAPI `minimum`, `maximum`, `default`). */
export interface PageSizeLimit {
    min: number;
    max: number;
    /** What the server uses when `pageSize` is absent. */
    default: number;
}

const unsignedPattern = /^(?:0|[1-9][0-9]*)$/;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const blockchainIdSet: ReadonlySet<string> = new Set(blockchainIds);
const txTypeSet: ReadonlySet<string> = new Set(primaryNetworkTxTypes);
const evmExportTypeSet: ReadonlySet<string> = new Set(evmExportTypes);

const allowedText = {
    network: phrase('one of {0}', networks.join(', ')),
    chainId: phrase('an EVM chain id (digits, such as 43114) or a cb58 blockchain id'),
    metricsChainId: phrase('an EVM chain id (digits, such as 43114)'),
    evmAddress: phrase('an EVM address: 0x followed by 40 hex digits'),
    evmTxHash: phrase('an EVM transaction hash: 0x followed by 64 hex digits'),
    cb58Id: phrase(
        'a cb58 id (base58 text of 32 bytes with a valid checksum, about 50 characters)',
    ),
    nodeId: phrase('a node id: NodeID- followed by cb58 text with a valid checksum'),
    blockchainId: phrase('one of {0}', blockchainIds.join(', ')),
    xChainId: phrase('an X-Chain id: one of {0}', xChainIds.join(', ')),
    sortOrder: phrase('asc or desc'),
    sortBy: phrase('timestamp or amount'),
    currency: phrase('one of {0}', currencies.join(', ')),
    txType: phrase('one of {0}', primaryNetworkTxTypes.join(', ')),
    feature: phrase('one of {0}', apiFeatures.join(', ')),
    boolean: phrase('true or false'),
    unsigned: phrase('a non-negative integer'),
    blockNumber: phrase(
        'a block number: a non-negative integer (number, bigint or string of digits)',
    ),
    timestamp: phrase('a timestamp: an integer >= 0 (seconds)'),
    pageToken: phrase(
        'the nextPageToken of a previous page (a non-empty string of at most 2048 characters)',
    ),
    blockId: phrase('a block number (digits) or a block hash (0x followed by 64 hex digits)'),
    date: phrase('a date written YYYY-MM-DD'),
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

function fail(param: string, value: unknown, allowed: ErrorSentence): never {
    throw new ValidationError(param, value, allowed);
}

function checkEvmAddress(value: unknown, param: string): string {
    if (isString(value) && evmAddressPattern.test(value)) return value;
    return fail(param, value, allowedText.evmAddress);
}

function checkEvmTxHash(value: unknown, param: string): string {
    if (isString(value) && evmHashPattern.test(value)) return value;
    return fail(param, value, allowedText.evmTxHash);
}

function checkMetricsChainId(value: unknown, param: string): string {
    if (isString(value) && evmChainIdPattern.test(value)) return value;
    return fail(param, value, allowedText.metricsChainId);
}

function checkMember(
    value: unknown,
    param: string,
    set: ReadonlySet<string>,
    allowed: ErrorSentence,
): string {
    if (isString(value) && set.has(value)) return value;
    return fail(param, value, allowed);
}

/** `pageSize` within the endpoint's range; undefined when absent. */
export function checkPageSize(value: unknown, limit: PageSizeLimit): number | undefined {
    if (value === undefined) return undefined;
    if (
        Number.isInteger(value) &&
        (value as number) >= limit.min &&
        (value as number) <= limit.max
    ) {
        return value as number;
    }
    return fail('pageSize', value, phrase('an integer from {0} to {1}', limit.min, limit.max));
}

/** `pageToken`; undefined when absent or empty. */
export function checkPageToken(value: unknown): string | undefined {
    // An empty token means "first page", the way the tree and collectPages start.
    if (value === undefined || value === '') return undefined;
    if (isString(value) && value.length <= 2048) return value;
    return fail('pageToken', value, allowedText.pageToken);
}

/** A non-negative integer given as a safe integer, a bigint or a string of digits; returned as text. */
function checkUnsigned(value: unknown, param: string, allowed: ErrorSentence): string {
    if (typeof value === 'number') {
        if (Number.isSafeInteger(value) && value >= 0) return String(value);
    } else if (typeof value === 'bigint') {
        if (value >= 0n) return value.toString();
    } else if (isString(value) && value.length <= 78 && unsignedPattern.test(value)) {
        return value;
    }
    return fail(param, value, allowed);
}

function checkTimestamp(value: unknown, param: string): number {
    if (Number.isSafeInteger(value) && (value as number) >= 0) return value as number;
    return fail(param, value, allowedText.timestamp);
}

function isDense(list: readonly unknown[]): boolean {
    for (let i = 0; i < list.length; i++) if (!(i in list)) return false;
    return true;
}

/** Splits a list given as an array or as one comma-separated string; blanks around items are dropped. */
function listOf(value: unknown, param: string, what: Phrase): string[] {
    let items: unknown[];
    if (isString(value)) items = value.split(',').map((item) => item.trim());
    // Holes of a sparse array would skip the per-item checks (forEach).
    else if (Array.isArray(value) && isDense(value)) items = value;
    else return fail(param, value, phrase('{0}, as a list or a comma-separated string', what));
    if (items.length === 0 || (items.length === 1 && items[0] === '')) {
        return fail(param, value, phrase('at least one {0}', what));
    }
    return items as string[];
}

function hrpFor(network: unknown): string {
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
    const allowed = phrase(
        'a primary-network address such as P-{0}1… (bech32 with prefix {1}, valid checksum)',
        hrps[0] ?? '',
        hrps.join(' or '),
    );
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

function checkObject(
    value: unknown,
    param: string,
    allowed: ErrorSentence,
): Record<string, unknown> {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
    }
    return fail(param, value, allowed);
}

/**
 * Rejects keys the operation does not know, so that a misspelt filter is never silently ignored.
 * `where` names the object: an operation (its parameters, reported as `params`) or `options`.
 */
export function checkKeys(
    params: unknown,
    names: ReadonlySet<string>,
    where: string,
): Record<string, unknown> {
    const nested = where === 'options';
    const object = checkObject(
        params,
        nested ? where : 'params',
        nested ? phrase('an object') : phrase('an object holding the parameters of {0}', where),
    );
    for (const key in object) {
        if (!names.has(key)) {
            const known = [...names].join(', ');
            fail(
                key,
                object[key],
                nested
                    ? phrase('no such parameter in options; known: {0}', known)
                    : phrase(
                          'no such parameter in the parameters of {0}; known: {1}',
                          where,
                          known,
                      ),
            );
        }
    }
    return object;
}

// Parameter types: what each kind of value accepts, named in the endpoint table.

/** The parameters of one call that have passed their checks so far, in wire form. */
export type CheckedParams = Readonly<Record<string, unknown>>;

/**
 * One kind of parameter value. `check` gets a present value (or undefined for a missing required
 * one) and returns its wire form, or throws ValidationError naming `param`. `checked` holds the
 * parameters declared before it, for values whose rules depend on another (address prefixes on
 * the network, export options on the export type).
 */
export interface ParamType<In> {
    readonly check: (value: unknown, param: string, checked: CheckedParams) => unknown;
    /** Never set: carries the type callers pass, from which the params types are derived. */
    readonly input?: In;
}

/** A parameter of one endpoint: its type and whether it must be given. */
export interface ParamSpec<In = unknown, Required extends boolean = boolean> extends ParamType<In> {
    readonly required: Required;
}

/** A parameter that must be given; a missing one is reported by its type's check. */
export function required<In>(type: ParamType<In>): ParamSpec<In, true> {
    return { check: type.check, required: true };
}

/** A parameter that may be left out (undefined counts as left out). */
export function optional<In>(type: ParamType<In>): ParamSpec<In, false> {
    return { check: type.check, required: false };
}

function paramType<In>(check: ParamType<In>['check']): ParamType<In> {
    return { check };
}

function member<In extends string>(
    values: readonly string[],
    allowed: ErrorSentence,
): ParamType<In> {
    const set: ReadonlySet<string> = new Set(values);
    return paramType((value, param) => checkMember(value, param, set, allowed));
}

/** `mainnet`, `fuji` or `testnet`. */
export const network = member<Loose<NetworkName>>(networks, allowedText.network);

/** An EVM chain id in digits (`43114`) or a cb58 blockchain id. */
export const chainId = paramType<string>((value, param) => {
    if (isString(value) && (evmChainIdPattern.test(value) || isCb58Id(value))) return value;
    return fail(param, value, allowedText.chainId);
});

/** An EVM chain id in digits only (the Metrics API takes no blockchain ids). */
export const evmChainId = paramType<string>(checkMetricsChainId);

/** `0x` followed by 40 hex digits. */
export const evmAddress = paramType<string>(checkEvmAddress);

/** `0x` followed by 64 hex digits. */
export const evmTxHash = paramType<string>(checkEvmTxHash);

/**
 * An ICM (Teleporter) message id: 64 hex digits, with or without `0x` (the published example
 * has none: https://github.com/ava-labs/avacloud-sdk-typescript/blob/main/docs/models/operations/geticmmessagerequest.md).
 */
export const icmMessageId = paramType<string>((value, param) => {
    if (isString(value) && /^(0x)?[0-9a-fA-F]{64}$/.test(value)) return value;
    return fail(param, value, phrase('an ICM message id: 64 hex digits, with or without 0x'));
});

/** A cb58 id of 32 bytes with a valid checksum; `what` names it in the message. */
export function cb58Id(what: Phrase): ParamType<string> {
    return paramType((value, param) => {
        if (isString(value) && isCb58Id(value)) return value;
        return fail(param, value, phrase('{0}: {1}', what, allowedText.cb58Id));
    });
}

/** `NodeID-` followed by cb58 text with a valid checksum. */
export const nodeId = paramType<string>((value, param) => {
    if (isString(value) && isNodeId(value)) return value;
    return fail(param, value, allowedText.nodeId);
});

/** A primary-network blockchain: an alias or its cb58 id. */
export const blockchainId = member<Loose<BlockchainId>>(blockchainIds, allowedText.blockchainId);

/** The X-Chain: its alias or its cb58 id on either network. */
export const xChainId = member<Loose<XChainId>>(xChainIds, allowedText.xChainId);

/** `asc` or `desc`. */
export const sortOrder = member<Loose<SortOrder>>(sortOrders, allowedText.sortOrder);

/** `timestamp` or `amount`. */
export const utxoSortBy = member<Loose<UtxoSortBy>>(utxoSortByValues, allowedText.sortBy);

/** A currency code of the OpenAPI `CurrencyCode` list. */
export const currency = member<Loose<CurrencyCode>>(currencies, allowedText.currency);

/** A feature of the OpenAPI `ApiFeature` list. */
export const apiFeature = member<Loose<ApiFeature>>(apiFeatures, allowedText.feature);

/** `true` or `false` (the boolean itself, not text). */
export const flag = paramType<boolean>((value, param) => {
    if (typeof value === 'boolean') return value;
    return fail(param, value, allowedText.boolean);
});

/** A block number: a non-negative integer as a number, a bigint or a string of digits. */
export const blockNumber = paramType<BlockNumberInput>((value, param) =>
    checkUnsigned(value, param, allowedText.blockNumber),
);

/** Integer seconds >= 0. */
export const timestamp = paramType<number>(checkTimestamp);

/** An amount in nAVAX: a non-negative integer as a number, a bigint or a string of digits. */
export const nAvaxAmount = paramType<number | bigint | string>((value, param) =>
    checkUnsigned(value, param, 'an amount in nAVAX: an integer >= 0'),
);

/** A token balance threshold: a string of digits (or a bigint), never a lossy number. */
export const threshold = paramType<string | bigint>((value, param) => {
    const allowed = phrase('a minimum balance: a string of digits (required)');
    if (!(isString(value) || typeof value === 'bigint')) fail(param, value, allowed);
    return checkUnsigned(value, param, allowed);
});

/** A vertex height: an integer >= 0. */
export const vertexHeight = paramType<number>((value, param) => {
    if (Number.isSafeInteger(value) && (value as number) >= 0) return value;
    return fail(param, value, phrase('a vertex height: an integer >= 0 (required)'));
});

/** A block number or a block hash; a malformed hash is called a block hash in the error. */
export const blockId = paramType<BlockNumberInput>((value, param) => {
    if (!(isString(value) && value.startsWith('0x'))) {
        return checkUnsigned(value, param, allowedText.blockId);
    }
    if (evmHashPattern.test(value)) return value;
    return fail(
        param,
        value,
        phrase('a block hash: 0x followed by 64 hex digits (or a block number)'),
    );
});

/** The id an asynchronous operation was created with. */
export const operationId = paramType<string>((value, param) => {
    // `.` and `..` survive encodeURIComponent and would move the request to another path.
    if (
        !isString(value) ||
        value.length === 0 ||
        value.length > 200 ||
        /[\s\u0000-\u001f]/.test(value) ||
        value === '.' ||
        value === '..'
    ) {
        fail(
            param,
            value,
            phrase('the operationId returned when the operation was created (a non-empty string)'),
        );
    }
    return value;
});

/**
 * Primary-network addresses (`P-avax1…`, `X-fuji1…`) of the network checked before, as a list or
 * one comma-separated string; sent as one comma-separated string, the form the OpenAPI
 * `PrimaryNetworkAddressesBodyDto` takes.
 */
export const primaryNetworkAddresses = paramType<string | readonly string[]>(
    (value, param, checked) => {
        const hrps = [hrpFor(checked['network'])];
        const addresses = listOf(value, param, phrase('primary-network address'));
        addresses.forEach((address, i) =>
            checkPrimaryNetworkAddress(address, `${param}[${i}]`, hrps),
        );
        return addresses.join(',');
    },
);

/** EVM contract addresses, as a list or one comma-separated string; sent comma-separated. */
export const evmAddressList = paramType<string | readonly string[]>((value, param) => {
    const list = listOf(value, param, phrase('contract address'));
    list.forEach((address, i) => checkEvmAddress(address, `${param}[${i}]`));
    return list.join(',');
});

/** Primary-network transaction types, sent as a repeated query parameter. */
export const txTypes = paramType<readonly Loose<PrimaryNetworkTxType>[]>((value, param) => {
    if (!Array.isArray(value) || !isDense(value)) {
        fail(param, value, phrase('a list of transaction types, each {0}', allowedText.txType));
    }
    return (value as unknown[]).map((type, i) =>
        checkMember(type, `${param}[${i}]`, txTypeSet, allowedText.txType),
    );
});

/** An export type of the OpenAPI `OperationType` list. */
export const exportType = member<Loose<OperationType>>(
    operationTypes,
    phrase('one of {0}', operationTypes.join(', ')),
);

/**
 * True for a real calendar date written `YYYY-MM-DD`: the one date rule, used by the input box
 * (`core/query/prompts.ts`) and before a request is sent (`isoDate` below).
 */
export function isRealIsoDate(text: string): boolean {
    const match = isoDatePattern.exec(text);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip.
    return (
        date.getUTCFullYear() === year &&
        date.getUTCMonth() === month - 1 &&
        date.getUTCDate() === day
    );
}

/** A real calendar date written `YYYY-MM-DD`. */
export const isoDate = paramType<string>((value, param) =>
    isString(value) && isRealIsoDate(value) ? value : fail(param, value, allowedText.date),
);

const evmOptionKeys: ReadonlySet<string> = new Set(['addresses', 'includeChains']);
const primaryOptionKeys: ReadonlySet<string> = new Set([
    'addresses',
    'cChainEvmAddresses',
    'includeChains',
]);

function checkArray(
    value: unknown,
    param: string,
    what: Phrase,
    required: boolean,
): unknown[] | undefined {
    if (value === undefined && !required) return undefined;
    // A sparse array's holes would skip the per-item checks (forEach) and go out as null.
    if (Array.isArray(value) && value.length > 0 && isDense(value)) return value as unknown[];
    return fail(param, value, phrase('a non-empty list of {0}', what));
}

/** One list of the export options, each item checked under its own name (`options.key[i]`). */
function optionList(
    options: Record<string, unknown>,
    key: string,
    what: Phrase,
    required: boolean,
    checkItem: (item: unknown, param: string) => unknown,
): unknown[] | undefined {
    const list = checkArray(options[key], `options.${key}`, what, required);
    list?.forEach((item, i) => checkItem(item, `options.${key}[${i}]`));
    return list;
}

/**
 * The options of an export, in the form the export type (checked before, as `type`) takes: the
 * EVM form or the primary-network one.
 */
export const exportOptions = paramType<EvmExportOptions | PrimaryNetworkExportOptions>(
    (value, _param, checked) => {
        const evm = evmExportTypeSet.has(checked['type'] as string);
        const options = checkKeys(value, evm ? evmOptionKeys : primaryOptionKeys, 'options');
        if (evm) {
            const addresses = optionList(
                options,
                'addresses',
                phrase('EVM addresses'),
                true,
                checkEvmAddress,
            )!;
            const chains = optionList(
                options,
                'includeChains',
                phrase('EVM chain ids'),
                true,
                checkMetricsChainId,
            )!;
            return { addresses, includeChains: chains };
        }
        const addresses = optionList(
            options,
            'addresses',
            phrase('primary-network addresses'),
            false,
            (a, param) => checkPrimaryNetworkAddress(a, param, ['avax', 'fuji']),
        );
        const evmAddresses = optionList(
            options,
            'cChainEvmAddresses',
            phrase('EVM addresses'),
            false,
            checkEvmAddress,
        );
        const chains = optionList(
            options,
            'includeChains',
            phrase('primary-network blockchain ids'),
            true,
            (c, param) => checkMember(c, param, blockchainIdSet, allowedText.blockchainId),
        )!;
        const out: Record<string, unknown> = { includeChains: chains };
        if (addresses) out['addresses'] = addresses;
        if (evmAddresses) out['cChainEvmAddresses'] = evmAddresses;
        return out;
    },
);

// Checks across parameters, run once each parameter has passed its own check.

/**
 * A rule over several parameters: `checked` holds their wire forms, `given` the values as passed
 * (an error quotes what the caller wrote).
 */
export type CrossCheck = (checked: CheckedParams, given: CheckedParams) => void;

/** `startBlock` < `endBlock`: the end is exclusive, so an equal pair would select nothing. */
export const blockRangeOrder: CrossCheck = (checked, given) => {
    const start = checked['startBlock'] as string | undefined;
    const end = checked['endBlock'] as string | undefined;
    if (start !== undefined && end !== undefined && BigInt(start) >= BigInt(end)) {
        fail(
            'endBlock',
            given['endBlock'],
            phrase('a block number greater than startBlock ({0})', start),
        );
    }
};

/** `startTimestamp` <= `endTimestamp`. */
export const timestampRangeOrder: CrossCheck = (checked, given) => {
    const start = checked['startTimestamp'] as number | undefined;
    const end = checked['endTimestamp'] as number | undefined;
    if (start !== undefined && end !== undefined && start > end) {
        fail(
            'endTimestamp',
            given['endTimestamp'],
            phrase('a timestamp >= startTimestamp ({0})', start),
        );
    }
};

/** `firstDate` <= `lastDate` and `startDate` <= `endDate` (ISO dates compare correctly as text). */
export const exportDateOrder: CrossCheck = (checked) => {
    const pairs = [
        ['firstDate', 'lastDate'],
        ['startDate', 'endDate'],
    ] as const;
    for (const [first, last] of pairs) {
        const from = checked[first] as string | undefined;
        const to = checked[last] as string | undefined;
        if (from !== undefined && to !== undefined && from > to) {
            fail(last, to, phrase('a date on or after {0} ({1})', first, from));
        }
    }
};
