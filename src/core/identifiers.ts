/**
 * What hovers detect in source text: EVM addresses and 32-byte hashes, primary-network bech32
 * addresses, cb58 ids and node ids. One hand-written scanner walks the text word by word (a word
 * is a run of `[A-Za-z0-9_]`), so each character is read a bounded number of times whatever the
 * input; only tokens of an exact id shape reach a checksum, and those results are cached per token.
 *
 * Rules, in the order a reader of a hover would ask about them:
 * - Boundaries: an identifier is a whole word, so it never starts or ends inside a longer run of
 *   letters, digits or `_` (`0x` + 50 hex is nothing, not an address plus junk). Anything else
 *   delimits it: quotes, spaces, punctuation, `=`, backticks, brackets, non-ASCII text. A word that
 *   follows a backslash escape `\n`, `\r` or `\t` starts after the escape letter, so that
 *   `"a\n0x…"` in a string literal still yields the address.
 * - `evmAddress`: `0x` + 40 hex digits. All lower or all upper case is valid without a checksum
 *   (`checksum: 'none'`); mixed case must be EIP-55, else it is reported with `checksum: 'invalid'`
 *   and `corrected` (the EIP-55 form). `0X` is not accepted.
 * - `hash32`: `0x` + 64 hex digits (tx/block hash or bytes32 blockchain id), with its cb58 form
 *   and, for a well-known blockchain id, its name.
 * - `pnAddress`: `P-`, `X-` or `C-` + bech32 with any HRP (letter first, letters and digits), or a
 *   bare `avax1…`, `fuji1…` or `local1…`, always with a 38-character data part (20 bytes). The
 *   bech32 checksum must hold. An address of that exact shape whose checksum fails, whose data
 *   holds a character outside the bech32 alphabet, or whose letters mix cases is reported broken.
 * - `nodeId`: `NodeID-` + a 20–40 character word; valid when it is the cb58 of 20 bytes, reported
 *   broken otherwise (the prefix alone says it is meant as a node id).
 * - `cb58Id`: a 37–50 character base58 word that decodes to 32 bytes plus a matching checksum.
 *   Ordinary words and other base58 text almost never pass, so they are not taken for ids. A
 *   broken cb58 id is reported only when the context says it is one: the word decodes to exactly
 *   36 bytes with no leading `1`, mixes digits, upper and lower case, and either is the whole
 *   content of a quoted string (`"…"`, `'…'`, `` `…` ``) or follows an id key and `:` or `=`
 *   (`id`, `txID`, `blockchainId`, `SUBNET_ID`, …).
 * - Not identifiers: git SHAs (no `0x`), UUIDs, numbers, other hex lengths, plain words.
 */
import { base58DecodeInto, base58Digit, base58Encode } from './ids/base58';
import { bech32ChecksumHolds, bech32Value } from './ids/bech32';
import { keccak256 } from './ids/keccak256';
import { sha256Words } from './ids/sha256';
import { type AddressNetwork, type KnownId, knownCb58Ids, knownHexIds, networkFromHrp } from './knownIds';

/** The kinds of identifier the detector reports. */
export type IdentifierKind = 'evmAddress' | 'hash32' | 'pnAddress' | 'cb58Id' | 'nodeId';

/**
 * 'valid': a checksum is present and holds. 'invalid': it fails (or the text cannot carry one).
 * 'none': the format has no checksum (hashes, all-lower/all-upper EVM addresses).
 */
export type ChecksumState = 'valid' | 'invalid' | 'none';

/** Fields every identifier has. Offsets are UTF-16 code units, as VS Code documents count them. */
export interface IdentifierBase {
    readonly kind: IdentifierKind;
    /** Offset of the first character. */
    readonly start: number;
    /** Offset just past the last character. */
    readonly end: number;
    /** The text as written. */
    readonly text: string;
    /** The form to query and compare: lower-case hex and bech32, cb58 as written. */
    readonly value: string;
    readonly checksum: ChecksumState;
    /** True when the identifier is malformed (`checksum` is then 'invalid'). */
    readonly broken: boolean;
    /** The well-known id this is, when it is one. */
    readonly known?: KnownId | undefined;
}

/** `0x` + 40 hex digits. */
export interface EvmAddressIdentifier extends IdentifierBase {
    readonly kind: 'evmAddress';
    /** The EIP-55 form, given when the written mixed case does not match it. */
    readonly corrected?: string | undefined;
}

/** `0x` + 64 hex digits: a transaction or block hash, or a blockchain id in bytes32 form. */
export interface Hash32Identifier extends IdentifierBase {
    readonly kind: 'hash32';
    /** The same 32 bytes as a cb58 id. */
    readonly cb58: string;
}

/** A primary-network (P-, X- or C-Chain) bech32 address. */
export interface PnAddressIdentifier extends IdentifierBase {
    readonly kind: 'pnAddress';
    /** The chain alias written before the address, or undefined for a bare `avax1…`. */
    readonly chain: 'P' | 'X' | 'C' | undefined;
    /** Lower-case human-readable part (`avax`, `fuji`, `local`, …). */
    readonly hrp: string;
    readonly network: AddressNetwork;
    /** The lower-case form, given when mixed case is the only fault. */
    readonly corrected?: string | undefined;
}

/** The cb58 form of a 32-byte id (transaction, blockchain, subnet, asset). */
export interface Cb58IdIdentifier extends IdentifierBase {
    readonly kind: 'cb58Id';
    /** The 32 bytes as `0x` + 64 hex digits; undefined when broken. */
    readonly hex: string | undefined;
}

/** `NodeID-` + the cb58 of a 20-byte short id. */
export interface NodeIdIdentifier extends IdentifierBase {
    readonly kind: 'nodeId';
    /** The 20 bytes as `0x` + 40 hex digits; undefined when broken. */
    readonly hex: string | undefined;
}

/** Anything the detector reports. */
export type Identifier =
    | EvmAddressIdentifier
    | Hash32Identifier
    | PnAddressIdentifier
    | Cb58IdIdentifier
    | NodeIdIdentifier;

type Details<T> = T extends unknown ? Omit<T, 'start' | 'end'> : never;
type IdentifierDetails = Details<Identifier>;

const wordStart = '(?:(?<![A-Za-z0-9_])(?!(?<=\\\\)[nrt])|(?<=\\\\[nrt]))';
const wordEnd = '(?![A-Za-z0-9_])';

/**
 * Matches the token an identifier could be, with the scanner's boundaries, for
 * `document.getWordRangeAtPosition(position, IDENT_RE)`; pass the match to `parseIdentifier`,
 * which decides. Not global: VS Code adds the `g` flag itself. A prefixed bech32 address or node
 * id matches whole (`P-avax1…`, `NodeID-…`).
 */
export const IDENT_RE = new RegExp(
    `${wordStart}(?:[PXC]-[A-Za-z][A-Za-z0-9]{0,50}1[A-Za-z0-9]{38}${wordEnd}` +
        `|NodeID-[A-Za-z0-9_]{20,40}${wordEnd}|[A-Za-z0-9_]{37,66}${wordEnd})`,
);

/** Counters of the scanner's work, so tests can prove it linear without timing it. */
export interface ScanCounters {
    /** Characters read, by the scan itself and by every candidate check. */
    charReads: number;
    /** Checksums computed (keccak, sha256, bech32 polymod); cache hits compute none. */
    checksumChecks: number;
    /** Tokens answered from the per-token cache. */
    cacheHits: number;
}

/** Running totals since the last `resetScanCounters()`. */
export const scanCounters: ScanCounters = { charReads: 0, checksumChecks: 0, cacheHits: 0 };

/** Zeroes `scanCounters`. */
export function resetScanCounters(): void {
    scanCounters.charReads = 0;
    scanCounters.checksumChecks = 0;
    scanCounters.cacheHits = 0;
}

const codeDash = 45;
const codeZero = 48;
const codeOne = 49;
const codeBackslash = 92;
const codeX = 120; // 'x'

/** 1 for `[A-Za-z0-9_]`. */
const wordChar = new Uint8Array(128);
/** 1 for `[A-Za-z0-9]`. */
const alnumChar = new Uint8Array(128);
/** Nibble value of a hex digit, or -1. */
const hexValue = new Int8Array(128).fill(-1);
for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (/[A-Za-z0-9]/.test(ch)) alnumChar[c] = 1;
    if (/\w/.test(ch)) wordChar[c] = 1;
    if (/[0-9a-fA-F]/.test(ch)) hexValue[c] = parseInt(ch, 16);
}

function isWordCode(c: number): boolean {
    return c < 128 && wordChar[c] === 1;
}

/** An escape letter after a backslash (`\n`, `\r`, `\t`) ends the word before it, like a space. */
function isEscapeLetterAt(text: string, i: number): boolean {
    const c = text.charCodeAt(i);
    return (c === 110 || c === 114 || c === 116) && i > 0 && text.charCodeAt(i - 1) === codeBackslash;
}

// --- per-token cache ------------------------------------------------------------------------

/** A token that cannot be an identifier whatever its context. */
const notAnId = 0;
/** A base58 word of exactly cb58-id size whose checksum fails: reported only in an id context. */
const badCb58 = 1;
type CacheEntry = IdentifierDetails | typeof notAnId | typeof badCb58;

const cacheLimit = 4096;
const cache = new Map<string, CacheEntry>();

function remember(token: string, entry: CacheEntry): CacheEntry {
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(token, entry);
    return entry;
}

/** Empties the per-token cache (tests use it to make counters independent of earlier runs). */
export function clearIdentifierCache(): void {
    cache.clear();
}

function lookup(token: string): CacheEntry | undefined {
    const entry = cache.get(token);
    if (entry !== undefined) scanCounters.cacheHits++;
    return entry;
}

// --- small byte helpers ---------------------------------------------------------------------

const hexDigits = '0123456789abcdef';
const byteHex: string[] = Array.from({ length: 256 }, (_, b) => hexDigits[b >>> 4]! + hexDigits[b & 15]!);

function toHex(bytes: Uint8Array, length: number): string {
    let hex = '0x';
    for (let i = 0; i < length; i++) hex += byteHex[bytes[i]!]!;
    return hex;
}

const digestWords = new Uint32Array(8);

/** True when the 4 bytes after `payloadLength` are the last 4 bytes of SHA-256 of the payload. */
function cb58ChecksumHolds(bytes: Uint8Array, payloadLength: number): boolean {
    scanCounters.checksumChecks++;
    const last = sha256Words(bytes, payloadLength, digestWords)[7]!;
    const o = payloadLength;
    const written = ((bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!) >>> 0;
    return written === last;
}

const idBytes = new Uint8Array(36);
const nodeIdBytes = new Uint8Array(24);
const addressAscii = new Uint8Array(40);
const addressHash = new Uint8Array(32);

// --- classification -------------------------------------------------------------------------

function emit(out: Identifier[], details: IdentifierDetails, start: number, end: number): void {
    out.push({ ...details, start, end } as Identifier);
}

/** `text[s, e)` starts with `0x` and is 42 or 66 characters long. */
function classifyHex(text: string, s: number, e: number, out: Identifier[]): void {
    let lower = false;
    let upper = false;
    for (let k = s + 2; k < e; k++) {
        const c = text.charCodeAt(k);
        scanCounters.charReads++;
        if (c >= 128 || hexValue[c]! < 0) return;
        if (c >= 97) lower = true;
        else if (c >= 65) upper = true;
    }
    const token = text.slice(s, e);
    if (e - s === 42 && !(lower && upper)) {
        const value = upper ? token.toLowerCase() : token;
        emit(out, { kind: 'evmAddress', text: token, value, checksum: 'none', broken: false }, s, e);
        return;
    }
    let entry = lookup(token);
    if (entry === undefined) {
        entry = remember(token, e - s === 42 ? checkEip55(token) : describeHash32(token));
    }
    if (typeof entry === 'object') emit(out, entry, s, e);
}

function checkEip55(token: string): IdentifierDetails {
    const value = token.toLowerCase();
    for (let i = 0; i < 40; i++) addressAscii[i] = value.charCodeAt(i + 2);
    scanCounters.charReads += 80;
    scanCounters.checksumChecks++;
    keccak256(addressAscii, 40, addressHash);
    let corrected = '0x';
    let matches = true;
    for (let i = 0; i < 40; i++) {
        const c = value.charCodeAt(i + 2);
        const nibble = (addressHash[i >>> 1]! >>> (i & 1 ? 0 : 4)) & 15;
        const wanted = c >= 97 && nibble >= 8 ? c - 32 : c;
        if (wanted !== token.charCodeAt(i + 2)) matches = false;
        corrected += String.fromCharCode(wanted);
    }
    if (matches) return { kind: 'evmAddress', text: token, value, checksum: 'valid', broken: false };
    return { kind: 'evmAddress', text: token, value, checksum: 'invalid', broken: true, corrected };
}

function describeHash32(token: string): IdentifierDetails {
    const value = token.toLowerCase();
    for (let i = 0; i < 32; i++) {
        idBytes[i] = (hexValue[value.charCodeAt(2 + 2 * i)]! << 4) | hexValue[value.charCodeAt(3 + 2 * i)]!;
    }
    scanCounters.charReads += 64;
    scanCounters.checksumChecks++;
    const last = sha256Words(idBytes, 32, digestWords)[7]!;
    idBytes[32] = last >>> 24;
    idBytes[33] = (last >>> 16) & 0xff;
    idBytes[34] = (last >>> 8) & 0xff;
    idBytes[35] = last & 0xff;
    const cb58 = base58Encode(idBytes);
    const known = knownHexIds.get(value);
    return { kind: 'hash32', text: token, value, checksum: 'none', broken: false, cb58, known };
}

/**
 * True when `text[b, e)` has the shape hrp + `1` + 38 data characters: hrp starts with a letter
 * and holds letters and digits, data holds letters and digits (alphabet checked later).
 */
function hasBech32Shape(text: string, b: number, e: number): boolean {
    const separator = e - 39;
    if (separator <= b || text.charCodeAt(separator) !== codeOne) return false;
    const first = text.charCodeAt(b) | 0x20;
    if (first < 97 || first > 122) return false;
    for (let k = b; k < e; k++) {
        const c = text.charCodeAt(k);
        scanCounters.charReads++;
        if (c >= 128 || alnumChar[c] === 0) return false;
    }
    return true;
}

/**
 * `text[b, e)` has the bech32 shape; `s` is where the identifier starts (`b - 2` after a chain
 * alias, else `b`).
 */
function classifyBech32(text: string, s: number, b: number, e: number, out: Identifier[]): void {
    const token = text.slice(s, e);
    let entry = lookup(token);
    if (entry === undefined) entry = remember(token, describeBech32(token, s === b ? 0 : 2));
    if (typeof entry === 'object') emit(out, entry, s, e);
}

function describeBech32(token: string, bodyStart: number): IdentifierDetails {
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
    const address = token.slice(bodyStart).toLowerCase();
    const value = chain === undefined ? address : `${chain}-${address}`;
    const hrp = address.slice(0, separator - bodyStart);
    const base = { kind: 'pnAddress', text: token, value, chain, hrp, network: networkFromHrp(hrp) } as const;
    if (!alphabetOk) return { ...base, checksum: 'invalid', broken: true };
    scanCounters.checksumChecks++;
    scanCounters.charReads += token.length + separator;
    const holds = bech32ChecksumHolds(token, bodyStart, separator, token.length);
    if (lower && upper) {
        // BIP-173 forbids mixed case; if lower-casing is the only fix, offer it.
        return holds
            ? { ...base, checksum: 'invalid', broken: true, corrected: value }
            : { ...base, checksum: 'invalid', broken: true };
    }
    return holds ? { ...base, checksum: 'valid', broken: false } : { ...base, checksum: 'invalid', broken: true };
}

/** `text[s, e)` is `NodeID-` + a 20–40 character word. */
function classifyNodeId(text: string, s: number, e: number, out: Identifier[]): void {
    const token = text.slice(s, e);
    let entry = lookup(token);
    if (entry === undefined) {
        scanCounters.charReads += e - s - 7;
        let details: IdentifierDetails;
        if (base58DecodeInto(token, 7, token.length, nodeIdBytes) && cb58ChecksumHolds(nodeIdBytes, 20)) {
            const hex = toHex(nodeIdBytes, 20);
            details = { kind: 'nodeId', text: token, value: token, checksum: 'valid', broken: false, hex };
        } else {
            details = { kind: 'nodeId', text: token, value: token, checksum: 'invalid', broken: true, hex: undefined };
        }
        entry = remember(token, details);
    }
    if (typeof entry === 'object') emit(out, entry, s, e);
}

/** `text[s, e)` is a whole word of 37–50 characters. */
function classifyCb58(text: string, s: number, e: number, out: Identifier[]): void {
    let digit = false;
    let upper = false;
    let lower = false;
    for (let k = s; k < e; k++) {
        const c = text.charCodeAt(k);
        scanCounters.charReads++;
        if (c >= 128 || base58Digit[c]! < 0) return;
        if (c >= 97) lower = true;
        else if (c >= 65) upper = true;
        else digit = true;
    }
    const token = text.slice(s, e);
    let entry = lookup(token);
    if (entry === undefined) {
        scanCounters.charReads += e - s;
        let fresh: CacheEntry = notAnId;
        if (base58DecodeInto(token, 0, token.length, idBytes)) {
            if (cb58ChecksumHolds(idBytes, 32)) {
                const hex = toHex(idBytes, 32);
                const known = knownCb58Ids.get(token);
                fresh = { kind: 'cb58Id', text: token, value: token, checksum: 'valid', broken: false, hex, known };
            } else if (token.charCodeAt(0) !== codeOne) {
                fresh = badCb58;
            }
        }
        entry = remember(token, fresh);
    }
    if (typeof entry === 'object') {
        emit(out, entry, s, e);
    } else if (entry === badCb58 && digit && upper && lower && contextSaysId(text, s, e)) {
        const details: IdentifierDetails = {
            kind: 'cb58Id',
            text: token,
            value: token,
            checksum: 'invalid',
            broken: true,
            hex: undefined,
        };
        emit(out, details, s, e);
    }
}

/** The word at `text[s, e)` is quoted on its own, or follows an id key and `:` or `=`. */
function contextSaysId(text: string, s: number, e: number): boolean {
    const before = s > 0 ? text.charCodeAt(s - 1) : -1;
    const after = e < text.length ? text.charCodeAt(e) : -1;
    if ((before === 34 || before === 39 || before === 96) && after === before) return true;
    let p = s - 1;
    let assigned = false;
    for (const limit = Math.max(0, s - 8); p >= limit; p--) {
        const c = text.charCodeAt(p);
        scanCounters.charReads++;
        if (c === 58 || c === 61) assigned = true;
        else if (c !== 32 && c !== 9 && c !== 34 && c !== 39 && c !== 96) break;
    }
    if (!assigned || p < 1) return false;
    const d = text.charCodeAt(p);
    const i = text.charCodeAt(p - 1);
    if ((d | 0x20) !== 100 || (i | 0x20) !== 105) return false;
    const beforeKey = p >= 2 ? text.charCodeAt(p - 2) : -1;
    // `id`, `subnet_id`, `tx-id` stand alone; after a letter or digit only a camel-case `Id`/`ID`
    // counts, so that `valid: …` or `paid = …` do not.
    if (beforeKey === 95 || !isWordCode(beforeKey)) return true;
    return i === 73;
}

const bareHrps = ['avax', 'fuji', 'local'] as const;

/** A standalone word `text[s, e)` of 37–66 characters. */
function classifyWord(text: string, s: number, e: number, out: Identifier[]): void {
    const length = e - s;
    const c0 = text.charCodeAt(s);
    if (c0 === codeZero) {
        if ((length === 42 || length === 66) && text.charCodeAt(s + 1) === codeX) classifyHex(text, s, e, out);
        return; // hrps start with a letter and base58 has no 0
    }
    if (length === 43 || length === 44) {
        const hrpLength = length - 39;
        for (const hrp of bareHrps) {
            if (hrp.length !== hrpLength || !sameLetters(text, s, hrp)) continue;
            if (hasBech32Shape(text, s, e)) {
                classifyBech32(text, s, s, e, out);
                return;
            }
        }
    }
    if (length <= 50) classifyCb58(text, s, e, out);
}

/** `text` at `s` spells the lower-case `word`, ignoring case. */
function sameLetters(text: string, s: number, word: string): boolean {
    for (let k = 0; k < word.length; k++) {
        scanCounters.charReads++;
        if ((text.charCodeAt(s + k) | 0x20) !== word.charCodeAt(k)) return false;
    }
    return true;
}

/**
 * The word at `text[s, s + length)` is a prefix (`P`, `X`, `C`, `NodeID`) followed by `-`; `b` is
 * the body's first index. Returns the end of the identifier emitted, or -1 when the combination is
 * not one (the body is then scanned as a word of its own).
 */
function classifyPrefixed(text: string, s: number, b: number, out: Identifier[]): number {
    let e = b;
    while (e < text.length && isWordCode(text.charCodeAt(e))) e++;
    scanCounters.charReads += e - b + 1;
    const bodyLength = e - b;
    if (b - s === 7) {
        if (bodyLength < 20 || bodyLength > 40) return -1;
        classifyNodeId(text, s, e, out);
        return e;
    }
    if (bodyLength < 40 || bodyLength > 90 || !hasBech32Shape(text, b, e)) return -1;
    classifyBech32(text, s, b, e, out);
    return e;
}

function isPrefixWord(text: string, s: number, length: number, c0: number): boolean {
    if (length === 1) return c0 === 80 || c0 === 88 || c0 === 67; // P X C
    return length === 6 && c0 === 78 && text.startsWith('NodeID', s);
}

/** Scans words starting in `[from, to)`; `from` must be a word boundary. */
function scan(text: string, from: number, to: number, out: Identifier[]): void {
    const length = text.length;
    let reads = 0;
    let i = from;
    while (i < to) {
        const c = text.charCodeAt(i);
        reads++;
        if (c >= 128 || wordChar[c] === 0) {
            i++;
            continue;
        }
        if (i > 0 && (c === 110 || c === 114 || c === 116) && text.charCodeAt(i - 1) === codeBackslash) {
            reads++;
            i++;
            continue;
        }
        let j = i + 1;
        let next = -1;
        while (j < length) {
            next = text.charCodeAt(j);
            reads++;
            if (next >= 128 || wordChar[next] === 0) break;
            j++;
        }
        if (j === length) next = -1;
        const wordLength = j - i;
        if (next === codeDash && isPrefixWord(text, i, wordLength, c)) {
            const end = classifyPrefixed(text, i, j + 1, out);
            i = end >= 0 ? end : j + 1;
            continue;
        }
        if (wordLength >= 37 && wordLength <= 66) classifyWord(text, i, j, out);
        i = j;
    }
    scanCounters.charReads += reads;
}

/** The longest identifier (`P-` + 51-character hrp + `1` + 38) is 92 characters. */
const maxIdentifierLength = 92;

/**
 * A word boundary at or before `offset` from which scanning gives the same identifiers as a scan
 * of the whole text: the start of the word around `offset`, or of the `P-`/`NodeID-` prefix
 * before it.
 */
function alignToWord(text: string, offset: number): number {
    if (offset <= 0) return 0;
    if (offset > text.length) return text.length;
    let s = offset;
    const limit = offset - maxIdentifierLength;
    while (s > 0 && isWordCode(text.charCodeAt(s - 1)) && !isEscapeLetterAt(text, s - 1)) {
        if (s <= limit) {
            // A word this long is no identifier and no prefix body: resume after it.
            let e = offset;
            while (e < text.length && isWordCode(text.charCodeAt(e))) e++;
            return e;
        }
        s--;
    }
    if (s >= 2 && text.charCodeAt(s - 1) === codeDash) {
        let p = s - 1;
        while (p > 0 && s - 1 - p < 6 && isWordCode(text.charCodeAt(p - 1)) && !isEscapeLetterAt(text, p - 1)) p--;
        const atBoundary = p === 0 || !isWordCode(text.charCodeAt(p - 1)) || isEscapeLetterAt(text, p - 1);
        if (atBoundary && isPrefixWord(text, p, s - 1 - p, text.charCodeAt(p))) return p;
    }
    return s;
}

/** Options of `findIdentifiers`. */
export interface FindOptions {
    /** Report identifiers that overlap `[from, to)` only (default: the whole text). */
    readonly from?: number;
    readonly to?: number;
}

/**
 * Every identifier in `text`, in order of position. Linear in the length of the text: each
 * character is read a bounded number of times, and only tokens of an exact id shape are hashed.
 */
export function findIdentifiers(text: string, options: FindOptions = {}): Identifier[] {
    const to = Math.min(text.length, Math.max(0, options.to ?? text.length));
    const from = alignToWord(text, options.from ?? 0);
    const out: Identifier[] = [];
    if (from < to) scan(text, from, to, out);
    return options.from === undefined ? out : out.filter((id) => id.end > (options.from ?? 0));
}

/**
 * The identifier at `offset` in `text` (a line, or the whole document), including an offset just
 * past its end, as VS Code positions allow; undefined when there is none. Uses the surrounding
 * text, so it also reports a broken cb58 id that its context marks as one.
 */
export function identifierAt(text: string, offset: number): Identifier | undefined {
    if (offset < 0 || offset > text.length) return undefined;
    const from = alignToWord(text, offset);
    if (from > offset) return undefined;
    const found: Identifier[] = [];
    scan(text, from, Math.min(text.length, offset + 1), found);
    return found.find((id) => id.start <= offset && offset <= id.end);
}

/**
 * Parses a token (typically what `getWordRangeAtPosition(position, IDENT_RE)` matched) as exactly
 * one identifier, or undefined. Without `context` a broken cb58 id is never reported, because only
 * its surroundings mark it as one; give `context` (the line and the token's offset in it) to use
 * them.
 */
export function parseIdentifier(
    word: string,
    context?: { readonly text: string; readonly offset: number },
): Identifier | undefined {
    if (word.length > maxIdentifierLength) return undefined;
    if (context !== undefined) {
        const found = identifierAt(context.text, context.offset);
        const matches = found?.start === context.offset && found.end === context.offset + word.length;
        return matches ? found : undefined;
    }
    const found = findIdentifiers(word);
    const only = found.length === 1 ? found[0] : undefined;
    return only !== undefined && only.start === 0 && only.end === word.length ? only : undefined;
}

/**
 * The EIP-55 checksummed form of an EVM address (`0x` + 40 hex digits, any case), or undefined
 * when `address` is not one.
 */
export function toChecksumAddress(address: string): string | undefined {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined;
    const details = checkEip55(address.toLowerCase());
    return details.kind === 'evmAddress' ? (details.corrected ?? address.toLowerCase()) : undefined;
}

/** A zero-based line and UTF-16 character, as VS Code's `Position` counts them. */
export interface TextPosition {
    readonly line: number;
    readonly character: number;
}

/**
 * Converts offsets to line/character positions: built once per text (linear), then each lookup
 * is a binary search. Line breaks are `\r\n`, `\n` and `\r`, as in VS Code.
 */
export class LineIndex {
    private readonly lineStarts: number[] = [0];

    constructor(text: string) {
        for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c === 13) {
                if (text.charCodeAt(i + 1) === 10) i++;
                this.lineStarts.push(i + 1);
            } else if (c === 10) {
                this.lineStarts.push(i + 1);
            }
        }
    }

    /** The position of `offset`. */
    positionAt(offset: number): TextPosition {
        let low = 0;
        let high = this.lineStarts.length - 1;
        while (low < high) {
            const mid = (low + high + 1) >>> 1;
            if (this.lineStarts[mid]! <= offset) low = mid;
            else high = mid - 1;
        }
        return { line: low, character: offset - this.lineStarts[low]! };
    }

    /** The start and end positions of an identifier (or any offset range). */
    rangeOf(range: { readonly start: number; readonly end: number }): { start: TextPosition; end: TextPosition } {
        return { start: this.positionAt(range.start), end: this.positionAt(range.end) };
    }
}
