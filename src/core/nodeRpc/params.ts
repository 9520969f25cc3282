/**
 * Client-side checks of node JSON-RPC parameters. Each check throws a ValidationError before
 * anything is sent, so that a mistyped id or level gets a precise sentence instead of the node's
 * generic "couldn't unmarshal an argument" (what a real node answers is recorded in
 * test/fixtures/realnode).
 */
import { ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';
import { bech32Payload } from '../ids/bech32';
import { isCb58Id, isNodeId } from '../ids/cb58';
import { decimalUint64Pattern, evmAddressPattern, evmHashPattern } from '../ids/evmPatterns';

/** AvalancheGo's log level names (`utils/logging/level.go`); input is case-insensitive. */
export const logLevels = [
    'OFF',
    'FATAL',
    'ERROR',
    'WARN',
    'INFO',
    'TRACE',
    'DEBUG',
    'VERBO',
] as const;
/** An AvalancheGo log level name, upper-case. */
export type LogLevel = (typeof logLevels)[number];

/** Upstream limit on `admin.alias` and `admin.aliasChain` aliases (`maxAliasLength`). */
export const maxAliasLength = 512;

/** Named EVM block tags. */
export const blockTagNames = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const;
/** An EVM block: a named tag, a hex quantity, or a non-negative integer (sent as hex). */
export type BlockTag = (typeof blockTagNames)[number] | `0x${string}` | number | bigint;

const cb58Like = /^[1-9A-HJ-NP-Za-km-z]{40,}$/;
const aliasLike = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const hexQuantity = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const maxInt64 = 2n ** 63n - 1n;

const chainAllowed = phrase(
    'a blockchain id (cb58 with a valid checksum) or a chain alias such as C, X or P (letters, digits, ".", "_" or "-")',
);

/** Checks a blockchain id or alias: it is used in URL paths and as a `chain` parameter. */
export function checkChain(value: unknown, param = 'chain'): string {
    if (typeof value !== 'string' || value.length === 0 || value.length > maxAliasLength) {
        throw new ValidationError(param, value, chainAllowed);
    }
    if (cb58Like.test(value)) {
        // A long base58 string is meant as an id, so a bad checksum is a typo, not an alias.
        if (!isCb58Id(value)) {
            throw new ValidationError(
                param,
                value,
                phrase('a blockchain id whose cb58 checksum is valid'),
            );
        }
        return value;
    }
    if (!aliasLike.test(value)) throw new ValidationError(param, value, chainAllowed);
    return value;
}

/** Checks a 32-byte cb58 id (subnet, blockchain, VM). */
export function checkCb58Id(value: unknown, param: string): string {
    if (typeof value !== 'string' || !isCb58Id(value)) {
        throw new ValidationError(
            param,
            value,
            phrase('a cb58 id (32 bytes with a valid checksum)'),
        );
    }
    return value;
}

/**
 * Checks a blockchain id where the node takes no alias. admin.getChainAliases decodes `chain` as
 * an id (`ids.FromString` in avalanchego's api/admin/service.go,
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/api/admin/service.go), so an alias such as
 * C comes back as "input string is smaller than the checksum size"; the sentence says what to send
 * instead.
 */
export function checkBlockchainId(value: unknown, param = 'chain'): string {
    if (typeof value === 'string' && isCb58Id(value)) return value;
    const alias = typeof value === 'string' && value.length > 0 && !cb58Like.test(value);
    throw new ValidationError(
        param,
        value,
        alias
            ? phrase(
                  'a blockchain id (cb58): this method takes no alias such as C, X or P; info.getBlockchainID gives the id of an alias',
              )
            : phrase('a blockchain id (cb58, 32 bytes with a valid checksum)'),
    );
}

/** Checks a `NodeID-<cb58>` node id, checksum included. */
function checkNodeId(value: unknown, param = 'nodeID'): string {
    if (typeof value !== 'string' || !isNodeId(value)) {
        throw new ValidationError(
            param,
            value,
            phrase('a node id of the form NodeID-<cb58> with a valid checksum'),
        );
    }
    return value;
}

/** Checks an optional list of node ids; returns it unchanged. */
export function checkNodeIds(value: unknown, param = 'nodeIDs'): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value))
        throw new ValidationError(param, value, phrase('a list of node ids'));
    // A plain loop: forEach would skip the holes of a sparse array, which JSON sends as null.
    for (let index = 0; index < value.length; index++) {
        checkNodeId(value[index], `${param}[${index}]`);
    }
    return value as string[];
}

/** Checks a non-empty string of at most `maxLength` characters. */
export function checkText(value: unknown, param: string, maxLength = 10_000): string {
    if (typeof value !== 'string' || value.trim().length === 0 || value.length > maxLength) {
        throw new ValidationError(
            param,
            value,
            phrase('a non-empty text of at most {0} characters', maxLength),
        );
    }
    return value;
}

/** Checks an optional string parameter; an empty string counts as a mistake. */
export function checkOptionalText(value: unknown, param: string): string | undefined {
    return value === undefined ? undefined : checkText(value, param);
}

/** Checks a log level name; returns it upper-cased. */
export function checkLogLevel(value: unknown, param: string): LogLevel {
    const upper = typeof value === 'string' ? value.toUpperCase() : undefined;
    if (upper === undefined || !(logLevels as readonly string[]).includes(upper)) {
        throw new ValidationError(param, value, phrase('one of {0}', logLevels.join(', ')));
    }
    return upper as LogLevel;
}

/** Checks an EVM address (0x and 40 hex digits). */
export function checkAddress(value: unknown, param = 'address'): string {
    if (typeof value !== 'string' || !evmAddressPattern.test(value)) {
        throw new ValidationError(
            param,
            value,
            phrase('an EVM address: 0x followed by 40 hex digits'),
        );
    }
    return value;
}

/** Checks a 32-byte hex hash (0x and 64 hex digits). */
export function checkHash(value: unknown, param = 'hash'): string {
    if (typeof value !== 'string' || !evmHashPattern.test(value)) {
        throw new ValidationError(param, value, phrase('a hash: 0x followed by 64 hex digits'));
    }
    return value;
}

/** Checks a Unix timestamp in seconds. */
export function checkTimestamp(value: unknown, param = 'timestamp'): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
        throw new ValidationError(param, value, phrase('a non-negative whole number of seconds'));
    }
    return value;
}

const blockTagAllowed = phrase(
    '{0}, a hex block number such as 0x1a (no leading zeros) or a non-negative whole number',
    blockTagNames.join(', '),
);

/** Checks a block tag and returns its wire form (named tag or hex quantity). */
export function encodeBlockTag(value: unknown, param = 'block'): string {
    let big: bigint | undefined;
    if (typeof value === 'string') {
        if ((blockTagNames as readonly string[]).includes(value)) return value;
        if (!hexQuantity.test(value)) throw new ValidationError(param, value, blockTagAllowed);
        big = BigInt(value);
    } else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
        big = BigInt(value);
    } else if (typeof value === 'bigint' && value >= 0n) {
        big = value;
    }
    // geth reads block numbers as int64.
    if (big === undefined || big > maxInt64) {
        throw new ValidationError(param, value, blockTagAllowed);
    }
    return `0x${big.toString(16)}`;
}

/** Checks a block tag or a block hash (for methods that take `BlockNumberOrHash`). */
export function encodeBlockTagOrHash(value: unknown, param = 'block'): string {
    if (typeof value === 'string' && evmHashPattern.test(value)) return value;
    return encodeBlockTag(value, param);
}

/** Checks that a params value is a plain object (node-native methods). */
export function checkParamsObject(value: unknown): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ValidationError('params', value, phrase('an object'));
    }
    return value as Record<string, unknown>;
}

/** Checks that a params value is an array of at most `max` items (eth_* methods). */
export function checkParamsArray(value: unknown, max: number): unknown[] {
    if (!Array.isArray(value) || value.length > max) {
        throw new ValidationError('params', value, phrase('a list of at most {0} values', max));
    }
    return value as unknown[];
}

/** Drops trailing `undefined` items so that optional positional params are omitted on the wire. */
export function trimTrailing(values: unknown[]): unknown[] {
    const out = [...values];
    while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
    return out;
}

/** Checks an optional list of 32-byte cb58 ids (platform.getSubnets' `ids`). */
export function checkCb58Ids(value: unknown, param: string): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value))
        throw new ValidationError(param, value, phrase('a list of cb58 ids'));
    for (let index = 0; index < value.length; index++) {
        checkCb58Id(value[index], `${param}[${index}]`);
    }
    return value as string[];
}

/**
 * Most addresses one request takes: the P- and X-Chain services cap address lists at
 * `maxPageSize` (1024) in vms/platformvm/service.go
 * (https://github.com/ava-labs/avalanchego/blob/v1.14.2/vms/platformvm/service.go).
 */
export const maxChainAddresses = 1024;

/**
 * Checks a P- or X-Chain address: `P-`/`X-`, a bech32 human-readable part (avax, fuji, local or
 * a custom network's) and a 20-byte payload with a valid checksum. The node parses the same text
 * with `ParseLocalAddress`, which fails with a sentence that names neither chain nor format.
 */
export function checkChainAddress(value: unknown, chain: 'P' | 'X', param = 'address'): string {
    const allowed = phrase(
        'a {0}-Chain address such as {0}-avax1… (bech32 with a valid checksum)',
        chain,
    );
    if (typeof value !== 'string' || value.length > 120 || !value.startsWith(`${chain}-`)) {
        throw new ValidationError(param, value, allowed);
    }
    const body = value.slice(2);
    if (body !== body.toLowerCase() && body !== body.toUpperCase()) {
        throw new ValidationError(param, value, allowed);
    }
    const payload = bech32Payload(body);
    if (payload?.length !== 20 || !/^[a-z0-9-]{1,83}1/i.test(body)) {
        throw new ValidationError(param, value, allowed);
    }
    return value;
}

/** Checks a non-empty list of P- or X-Chain addresses. */
export function checkChainAddresses(
    value: unknown,
    chain: 'P' | 'X',
    param = 'addresses',
): string[] {
    if (!Array.isArray(value) || value.length === 0 || value.length > maxChainAddresses) {
        throw new ValidationError(
            param,
            value,
            phrase('a list of 1 to {0} {1}-Chain addresses', maxChainAddresses, chain),
        );
    }
    for (let index = 0; index < value.length; index++) {
        checkChainAddress(value[index], chain, `${param}[${index}]`);
    }
    return value as string[];
}

const maxUint64 = 2n ** 64n - 1n;

/**
 * Checks a 64-bit unsigned integer (a block height) and returns it as a decimal string, the form
 * `json.Uint64` reads: a number above 2^53 would already have lost digits.
 */
export function checkUint64(value: unknown, param: string): string {
    const allowed = phrase(
        'a whole number from 0 to 18446744073709551615 (digits, or a safe integer)',
    );
    let big: bigint | undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) big = BigInt(value);
    else if (typeof value === 'bigint' && value >= 0n) big = value;
    else if (typeof value === 'string' && decimalUint64Pattern.test(value)) big = BigInt(value);
    if (big === undefined || big > maxUint64) throw new ValidationError(param, value, allowed);
    return big.toString();
}

/**
 * Checks an X-Chain asset: its id (cb58) or an alias the chain knows, such as AVAX
 * (`lookupAssetID` in vms/avm/vm.go takes either).
 */
export function checkAssetId(value: unknown, param = 'assetID'): string {
    if (typeof value === 'string' && cb58Like.test(value)) return checkCb58Id(value, param);
    if (typeof value !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(value)) {
        throw new ValidationError(
            param,
            value,
            phrase('an asset id (cb58) or an asset alias such as AVAX'),
        );
    }
    return value;
}
