/**
 * What the identifier scanner (./identifiers.ts) knows about a token, all but its position: the
 * per-token record (kind, normalised value, checksum state, the well-known id it is, its other
 * forms), the records of EVM addresses, 32-byte hex and bech32 addresses worked out from the
 * token, and the cache that answers a token met again without a checksum. The scanner decides
 * where a token is and whether it has an id's shape; this module describes what it is.
 */
import { base58Encode } from './ids/base58';
import { bech32ChecksumHolds, bech32Value } from './ids/bech32';
import { codeX, codeZero, hexValue } from './ids/charClasses';
import { eip55Ascii, eip55Into } from './ids/eip55';
import { scanCounters } from './ids/scanCounters';
import { sha256Words } from './ids/sha256';
import type { ChecksumState, IdentifierKind } from './identifiers';
import { type AddressNetwork, type KnownId, knownHexIds, networkFromHrp } from './knownIds';

/**
 * What the scanner learns about a token, all but its position. Every record has every field, so
 * that the emitting code reads one object shape. `kind` undefined marks a token that is no
 * identifier whatever its context; `contextual` a broken cb58 id, reported only where the context
 * marks an id.
 */
export interface TokenRecord {
    kind: IdentifierKind | undefined;
    text: string;
    value: string;
    checksum: ChecksumState;
    contextual: boolean;
    known: KnownId | undefined;
    corrected: string | undefined;
    cb58: string | undefined;
    hex: string | undefined;
    chain: 'P' | 'X' | 'C' | undefined;
    hrp: string | undefined;
    network: AddressNetwork | undefined;
}

/** A record of `kind` with every other field empty. */
export function record(
    kind: IdentifierKind | undefined,
    text: string,
    value: string,
    checksum: ChecksumState,
): TokenRecord {
    return {
        kind,
        text,
        value,
        checksum,
        contextual: false,
        known: undefined,
        corrected: undefined,
        cb58: undefined,
        hex: undefined,
        chain: undefined,
        hrp: undefined,
        network: undefined,
    };
}

// Keyed by a hash of the token's characters, so that a hit costs no substring; the stored text
// is compared before use, and a colliding token simply replaces the entry. A token is cached from
// its second sighting on: a file of distinct ids would otherwise fill the cache with records that
// are never read again and that the garbage collector has to copy while they live.
const cacheLimit = 8192;
const cache = new Map<number, TokenRecord>();
const seenBits = 16;
const seen = new Int32Array(1 << seenBits);

/** Empties the per-token cache (tests use it to make counters independent of earlier runs). */
export function clearIdentifierCache(): void {
    cache.clear();
    seen.fill(0);
}

let lastHash = 0;

/** FNV-1a, the hash of the cache's keys; the scanner hashes as it checks a token. */
export const fnvOffset = 0x811c9dc5;
export const fnvPrime = 0x01000193;

/** The cached record of `text[s, e)`, or undefined; leaves the range's hash in `lastHash`. */
export function cached(text: string, s: number, e: number): TokenRecord | undefined {
    let hash = fnvOffset; // FNV-1a
    for (let k = s; k < e; k++) hash = Math.imul(hash ^ text.charCodeAt(k), fnvPrime);
    scanCounters.charReads += e - s;
    return cachedByHash(text, s, e, hash);
}

/** `cached` for a caller that already hashed `text[s, e)` (FNV-1a) while checking it. */
export function cachedByHash(
    text: string,
    s: number,
    e: number,
    hash: number,
): TokenRecord | undefined {
    lastHash = hash;
    const entry = cache.get(hash);
    if (entry?.text.length !== e - s) return undefined;
    const stored = entry.text;
    scanCounters.charReads += e - s;
    for (let k = 0; k < stored.length; k++) {
        if (stored.charCodeAt(k) !== text.charCodeAt(s + k)) return undefined;
    }
    scanCounters.cacheHits++;
    return entry;
}

/** True when `lastHash` was met before; marks it as met. */
export function seenBefore(): boolean {
    const slot = lastHash & ((1 << seenBits) - 1);
    if (seen[slot] === lastHash) return true;
    seen[slot] = lastHash;
    return false;
}

/** Caches `entry` under `lastHash`, emptying the cache when it is full. */
export function store(entry: TokenRecord): TokenRecord {
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(lastHash, entry);
    return entry;
}

/** Caches `entry` under `lastHash` if that hash was met before. */
export function remember(entry: TokenRecord): TokenRecord {
    return seenBefore() ? store(entry) : entry;
}

const hexCodes = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
// One array per output length, kept packed, so that `fromCharCode.apply` builds each string in a
// single allocation (concatenation would leave a chain of partial strings for the collector).
const codeArrays: number[][] = [];

function codesOfLength(length: number): number[] {
    return (codeArrays[length] ??= new Array<number>(length).fill(0));
}

/**
 * A copy of `text[s, e)` that does not keep `text` alive: in V8 a `slice` of 13 or more
 * characters is a view into the document, and a cached view would pin every document text it
 * came from.
 */
export function copyRange(text: string, s: number, e: number): string {
    const codes = codesOfLength(e - s);
    for (let k = s; k < e; k++) codes[k - s] = text.charCodeAt(k);
    scanCounters.charReads += e - s;
    return String.fromCharCode.apply(null, codes);
}

/** `0x` + the hex digits of the first `length` bytes. */
export function toHex(bytes: Uint8Array, length: number): string {
    const codes = codesOfLength(2 + 2 * length);
    codes[0] = codeZero;
    codes[1] = codeX;
    for (let i = 0; i < length; i++) {
        codes[2 + 2 * i] = hexCodes[bytes[i]! >>> 4]!;
        codes[3 + 2 * i] = hexCodes[bytes[i]! & 15]!;
    }
    return String.fromCharCode.apply(null, codes);
}

const digestWords = new Uint32Array(8);

/** True when the 4 bytes after `payloadLength` are the last 4 bytes of SHA-256 of the payload. */
export function cb58ChecksumHolds(bytes: Uint8Array, payloadLength: number): boolean {
    scanCounters.checksumChecks++;
    const last = sha256Words(bytes, payloadLength, digestWords)[7]!;
    const o = payloadLength;
    const written =
        ((bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!) >>> 0;
    return written === last;
}

/** Scratch buffers of the decoders: a 32-byte id and a 20-byte node id, each with its checksum. */
export const idBytes = new Uint8Array(36);
export const nodeIdBytes = new Uint8Array(24);

/** The record of an EVM address; `mixedCase` says whether it carries an EIP-55 checksum. */
export function describeAddress(token: string, value: string, mixedCase: boolean): TokenRecord {
    // All lower or all upper case carries no checksum.
    if (!mixedCase) return record('evmAddress', token, value, 'none');
    eip55Into(value);
    let matches = true;
    for (let i = 0; i < 40 && matches; i++) matches = eip55Ascii[i] === token.charCodeAt(i + 2);
    scanCounters.charReads += 40;
    if (matches) return record('evmAddress', token, value, 'valid');
    const entry = record('evmAddress', token, value, 'invalid');
    entry.corrected = `0x${String.fromCharCode(...eip55Ascii)}`;
    return entry;
}

/** The record of a 32-byte hex, with its cb58 form and the well-known id it is. */
export function describeHash32(token: string, value: string): TokenRecord {
    for (let i = 0; i < 32; i++) {
        idBytes[i] =
            (hexValue[value.charCodeAt(2 + 2 * i)]! << 4) | hexValue[value.charCodeAt(3 + 2 * i)]!;
    }
    scanCounters.charReads += 64;
    scanCounters.checksumChecks++;
    const last = sha256Words(idBytes, 32, digestWords)[7]!;
    idBytes[32] = last >>> 24;
    idBytes[33] = (last >>> 16) & 0xff;
    idBytes[34] = (last >>> 8) & 0xff;
    idBytes[35] = last & 0xff;
    const entry = record('hash32', token, value, 'none');
    entry.cb58 = base58Encode(idBytes);
    entry.known = knownHexIds.get(value);
    return entry;
}

const commonHrps = ['avax', 'fuji', 'local', 'custom'] as const;

/** The shared string for a common HRP at `value[start, end)`, so that addresses do not each hold one. */
function commonHrp(value: string, start: number, end: number): string | undefined {
    return commonHrps.find((hrp) => hrp.length === end - start && value.startsWith(hrp, start));
}

/**
 * The record of a bech32 address of the right shape, `bodyStart` past its `P-`/`X-`/`C-`: its
 * checksum, its HRP and network, and the lower-case form when mixed case is its only fault.
 */
export function describeBech32(token: string, bodyStart: number): TokenRecord {
    const separator = token.length - 39;
    let lower = false;
    let upper = false;
    let alphabetOk = true;
    for (let k = bodyStart; k < token.length; k++) {
        const c = token.charCodeAt(k);
        if (c >= 97) lower = true;
        else if (c >= 65) upper = true;
        if (k > separator && bech32Value[c]! < 0) alphabetOk = false;
    }
    scanCounters.charReads += token.length;
    const chain = bodyStart === 0 ? undefined : (token[0] as 'P' | 'X' | 'C');
    const value = upper ? token.slice(0, bodyStart) + token.slice(bodyStart).toLowerCase() : token;
    let checksum: ChecksumState = 'invalid';
    let corrected: string | undefined;
    if (alphabetOk) {
        scanCounters.checksumChecks++;
        scanCounters.charReads += token.length + separator;
        const holds = bech32ChecksumHolds(token, bodyStart, separator, token.length);
        // BIP-173 forbids mixed case; if lower-casing is the only fix, offer it.
        if (lower && upper) corrected = holds ? value : undefined;
        else if (holds) checksum = 'valid';
    }
    const entry = record('pnAddress', token, value, checksum);
    entry.corrected = corrected;
    entry.chain = chain;
    entry.hrp = commonHrp(value, bodyStart, separator) ?? value.slice(bodyStart, separator);
    entry.network = networkFromHrp(entry.hrp);
    return entry;
}
