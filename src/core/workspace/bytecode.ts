/**
 * The runtime hash that ties code on a chain to an artifact in the workspace: Keccak-256 of the
 * runtime bytecode with every immutable's bytes zeroed. solc leaves immutables as zeros in an
 * artifact's `deployedBytecode` and the constructor writes them into the code it returns, so
 * zeroing the same ranges of `eth_getCode`'s answer gives the artifact's hash back. The trailing
 * CBOR metadata (IPFS hash of the sources) stays in: a match means the same compilation.
 */
import { keccak256 } from '../ids/keccak256';
import { field, isObject } from './json';

/** A byte range `[start, length]` of an immutable in runtime code. */
export type ByteRange = readonly [start: number, length: number];

/**
 * Longest runtime code hashed, in bytes. EIP-170 caps contracts at 24,576 bytes and Subnet-EVM
 * keeps that cap; 1 MiB leaves room for chains that raise it without hashing anything absurd.
 */
export const maxRuntimeCodeBytes = 1024 * 1024;
/** Most immutable ranges read from one artifact (each immutable is read where it is used). */
const maxImmutableRanges = 1_024;

const hexPattern = /^[0-9a-fA-F]*$/;
const hexDigits = '0123456789abcdef';

/**
 * The runtime code of a hex string (with or without 0x), or undefined when it is empty, not
 * whole bytes, too long, or not hex: unlinked code holds `__$<hash>$__` library placeholders.
 */
export function codeBytes(codeHex: string): Uint8Array | undefined {
    if (typeof codeHex !== 'string') return undefined;
    const hex = codeHex.startsWith('0x') || codeHex.startsWith('0X') ? codeHex.slice(2) : codeHex;
    if (hex.length === 0 || hex.length % 2 !== 0 || hex.length > maxRuntimeCodeBytes * 2) {
        return undefined;
    }
    if (!hexPattern.test(hex)) return undefined;
    return Buffer.from(hex, 'hex');
}

/**
 * Keccak-256 (0x, lower-case hex) of runtime code with the given immutable ranges zeroed; the
 * platform hashes `eth_getCode`'s answer with an artifact's `immutables` to compare it with the
 * artifact's `runtimeHash`. Undefined for empty, unlinked or malformed code, or a range that does
 * not fit inside the code (the ranges belong to other code).
 */
export function runtimeHashOf(
    codeHex: string,
    immutables: readonly ByteRange[] = [],
): string | undefined {
    const bytes = codeBytes(codeHex);
    return bytes ? hashWithZeroedRanges(bytes, immutables) : undefined;
}

/** `runtimeHashOf` for code already decoded; `bytes` is changed in place. */
export function hashWithZeroedRanges(
    bytes: Uint8Array,
    immutables: readonly ByteRange[],
): string | undefined {
    for (const [start, length] of immutables) {
        if (start < 0 || length < 0 || start + length > bytes.length) return undefined;
        bytes.fill(0, start, start + length);
    }
    const digest = keccak256(bytes);
    let out = '0x';
    for (const byte of digest) out += hexDigits[byte >> 4]! + hexDigits[byte & 15]!;
    return out;
}

/**
 * solc's `immutableReferences` (`{ "<AST id>": [{ "start": n, "length": n }] }`) as ranges sorted
 * by start; `'invalid'` when it is not of that shape or has more than `maxImmutableRanges`
 * ranges. An absent or empty object is no immutables.
 */
export function readImmutableReferences(value: unknown): ByteRange[] | 'invalid' {
    if (value === undefined || value === null) return [];
    if (!isObject(value)) return 'invalid';
    const ranges: ByteRange[] = [];
    for (const key of Object.keys(value)) {
        const list = value[key];
        if (!Array.isArray(list)) return 'invalid';
        for (const item of list) {
            const start = field(item, 'start');
            const length = field(item, 'length');
            if (
                typeof start !== 'number' ||
                typeof length !== 'number' ||
                !Number.isSafeInteger(start) ||
                !Number.isSafeInteger(length) ||
                start < 0 ||
                length <= 0 ||
                length > 32 // an immutable is one word
            ) {
                return 'invalid';
            }
            if (ranges.length >= maxImmutableRanges) return 'invalid';
            ranges.push([start, length]);
        }
    }
    return ranges.sort((a, b) => a[0] - b[0]);
}
