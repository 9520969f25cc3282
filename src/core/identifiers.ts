/**
 * What hovers detect in source text: EVM addresses and 32-byte hashes, primary-network bech32
 * addresses, cb58 ids and node ids. Hand-written scanners over character codes (no regex over the
 * text) read each character a bounded number of times whatever the input: word by word (a word is
 * a run of `[A-Za-z0-9_]`) around a position or in a window, and by sampling every 37th character
 * over a whole text. Only tokens of an exact id shape reach a checksum, and a token met twice is
 * answered from a cache after that. This module finds the tokens and decides their kind; what a
 * token is (its checksum, value, other forms, the well-known id) is worked out and cached in
 * ./identifierRecords.ts, over the character tables of ./ids/charClasses.ts.
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
 * - Not identifiers: git SHAs (no `0x`), UUIDs, numbers, other hex lengths, plain words; and,
 *   where the line is known (`identifierAt`, hence hovers), a 32-byte hex whose key calls it a
 *   private key (`"privateKey": "0x…"`, `FUNDED_KEY=0x…`).
 */
import { base58DecodeInto } from './ids/base58';
import { nodeIdPrefix } from './ids/cb58';
import {
    alnumChar,
    base58Class,
    base58Digit1to9,
    base58Lower,
    base58Upper,
    codeDash,
    codeOne,
    codeX,
    codeZero,
    hexClass,
    hexLower,
    hexUpper,
    isEscapeLetterAt,
    isWordAt,
    notBase58,
    notHex,
    wordChar,
} from './ids/charClasses';
import { scanCounters } from './ids/scanCounters';
import {
    cached,
    cachedByHash,
    cb58ChecksumHolds,
    copyRange,
    describeAddress,
    describeBech32,
    describeHash32,
    fnvOffset,
    fnvPrime,
    idBytes,
    nodeIdBytes,
    record,
    remember,
    seenBefore,
    store,
    toHex,
    type TokenRecord,
} from './identifierRecords';
import { type AddressNetwork, type KnownId, knownCb58Ids } from './knownIds';

/**
 * The EIP-55 form of an address lives with the checksum (./ids/eip55.ts); exported here too, as
 * the views and hovers that show addresses have always found it beside the detector.
 */
export { toChecksumAddress } from './ids/eip55';
/** The per-token cache is emptied from here by tests and benchmarks (./identifierRecords.ts). */
export { clearIdentifierCache } from './identifierRecords';

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

// --- classification -------------------------------------------------------------------------

function emit(out: Identifier[], r: TokenRecord, start: number, end: number): void {
    const broken = r.checksum === 'invalid';
    switch (r.kind) {
        case 'evmAddress':
            out.push({
                kind: 'evmAddress',
                start,
                end,
                text: r.text,
                value: r.value,
                checksum: r.checksum,
                broken,
                known: undefined,
                corrected: r.corrected,
            });
            break;
        case 'hash32':
            out.push({
                kind: 'hash32',
                start,
                end,
                text: r.text,
                value: r.value,
                checksum: r.checksum,
                broken,
                known: r.known,
                cb58: r.cb58!,
            });
            break;
        case 'pnAddress':
            out.push({
                kind: 'pnAddress',
                start,
                end,
                text: r.text,
                value: r.value,
                checksum: r.checksum,
                broken,
                known: undefined,
                corrected: r.corrected,
                chain: r.chain,
                hrp: r.hrp!,
                network: r.network!,
            });
            break;
        case 'cb58Id':
        case 'nodeId':
            out.push({
                kind: r.kind,
                start,
                end,
                text: r.text,
                value: r.value,
                checksum: r.checksum,
                broken,
                known: r.known,
                hex: r.hex,
            });
            break;
        case undefined:
            break;
    }
}

/** `text[s, e)` starts with `0x` and is 42 or 66 characters long. */
function classifyHex(text: string, s: number, e: number, out: Identifier[]): void {
    let classes = 0;
    let hash = Math.imul(Math.imul(fnvOffset ^ codeZero, fnvPrime) ^ codeX, fnvPrime);
    for (let k = s + 2; k < e; k++) {
        const c = text.charCodeAt(k);
        classes |= hexClass[c]!;
        hash = Math.imul(hash ^ c, fnvPrime);
    }
    scanCounters.charReads += e - s;
    if (classes & notHex) return;
    const lower = (classes & hexLower) !== 0;
    const upper = (classes & hexUpper) !== 0;
    let entry = cachedByHash(text, s, e, hash);
    if (entry === undefined) {
        const token = copyRange(text, s, e);
        const value = upper ? token.toLowerCase() : token;
        entry = remember(
            e - s === 66
                ? describeHash32(token, value)
                : describeAddress(token, value, lower && upper),
        );
    }
    emit(out, entry, s, e);
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
    for (let k = b; k < e; k++) if (alnumChar[text.charCodeAt(k)] === 0) return false;
    scanCounters.charReads += e - b + 2;
    return true;
}

/**
 * `text[b, e)` has the bech32 shape; `s` is where the identifier starts (`b - 2` after a chain
 * alias, else `b`).
 */
function classifyBech32(text: string, s: number, b: number, e: number, out: Identifier[]): void {
    let entry = cached(text, s, e);
    if (entry === undefined) entry = remember(describeBech32(copyRange(text, s, e), b - s));
    emit(out, entry, s, e);
}

/** `text[s, e)` is `NodeID-` + a 20–40 character word. */
function classifyNodeId(text: string, s: number, e: number, out: Identifier[]): void {
    let entry = cached(text, s, e);
    if (entry === undefined) {
        const token = copyRange(text, s, e);
        scanCounters.charReads += e - s;
        const valid =
            base58DecodeInto(token, 7, token.length, nodeIdBytes) &&
            cb58ChecksumHolds(nodeIdBytes, 20);
        entry = record('nodeId', token, token, valid ? 'valid' : 'invalid');
        if (valid) entry.hex = toHex(nodeIdBytes, 20);
        remember(entry);
    }
    emit(out, entry, s, e);
}

/** `text[s, e)` is a whole word of 37–50 characters. */
function classifyCb58(text: string, s: number, e: number, out: Identifier[]): void {
    // One pass checks the alphabet, notes which classes of character occur and hashes the token.
    let classes = 0;
    let hash = fnvOffset;
    for (let k = s; k < e; k++) {
        const c = text.charCodeAt(k);
        classes |= base58Class[c]!;
        hash = Math.imul(hash ^ c, fnvPrime);
    }
    scanCounters.charReads += e - s;
    if (classes & notBase58) return;
    const digit = (classes & base58Digit1to9) !== 0;
    const upper = (classes & base58Upper) !== 0;
    const lower = (classes & base58Lower) !== 0;
    let entry = cachedByHash(text, s, e, hash);
    if (entry === undefined) {
        scanCounters.charReads += e - s;
        if (!base58DecodeInto(text, s, e, idBytes)) {
            // Not an id anywhere: worth a record only for a token that comes back.
            if (!seenBefore()) return;
            entry = store(record(undefined, copyRange(text, s, e), '', 'none'));
        } else if (cb58ChecksumHolds(idBytes, 32)) {
            const token = copyRange(text, s, e);
            entry = record('cb58Id', token, token, 'valid');
            entry.hex = toHex(idBytes, 32);
            entry.known = knownCb58Ids.get(token);
            remember(entry);
        } else {
            // A leading `1` (a zero first byte) is too unlikely in a real id to call it broken.
            const possible = text.charCodeAt(s) !== codeOne && digit && upper && lower;
            const shown = possible && contextSaysId(text, s, e);
            const again = seenBefore();
            if (!again && !shown) return;
            const token = copyRange(text, s, e);
            entry = record(possible ? 'cb58Id' : undefined, token, token, 'invalid');
            entry.contextual = true;
            if (again) store(entry);
        }
    }
    if (entry.kind === undefined) return;
    if (!entry.contextual || contextSaysId(text, s, e)) emit(out, entry, s, e);
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
        if (c === 58 || c === 61) assigned = true;
        else if (c !== 32 && c !== 9 && c !== 34 && c !== 39 && c !== 96) break;
    }
    scanCounters.charReads += 12;
    if (!assigned || p < 1) return false;
    const d = text.charCodeAt(p);
    const i = text.charCodeAt(p - 1);
    if ((d | 0x20) !== 100 || (i | 0x20) !== 105) return false;
    // `id`, `subnet_id`, `tx-id` stand alone; after a letter or digit only a camel-case `Id`/`ID`
    // counts, so that `valid: …` or `paid = …` do not.
    if (p < 2 || !isWordAt(text, p - 2) || text.charCodeAt(p - 2) === 95) return true;
    return i === 73;
}

const bareHrps = ['avax', 'fuji', 'local'] as const;

/** A standalone word `text[s, e)` of 37–66 characters. */
function classifyWord(text: string, s: number, e: number, out: Identifier[]): void {
    const length = e - s;
    if (text.charCodeAt(s) === codeZero) {
        if ((length === 42 || length === 66) && text.charCodeAt(s + 1) === codeX) {
            classifyHex(text, s, e, out);
        }
        return; // hrps start with a letter and base58 has no 0
    }
    if (length === 43 || length === 44) {
        for (const hrp of bareHrps) {
            if (
                hrp.length === length - 39 &&
                sameLetters(text, s, hrp) &&
                hasBech32Shape(text, s, e)
            ) {
                classifyBech32(text, s, s, e, out);
                return;
            }
        }
    }
    if (length <= 50) classifyCb58(text, s, e, out);
}

/** `text` at `s` spells the lower-case `word`, ignoring case. */
function sameLetters(text: string, s: number, word: string): boolean {
    scanCounters.charReads += word.length;
    for (let k = 0; k < word.length; k++) {
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
    while (e < text.length && isWordAt(text, e)) e++;
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

function isPrefixWord(text: string, s: number, length: number): boolean {
    const c0 = text.charCodeAt(s);
    if (length === 1) return c0 === 80 || c0 === 88 || c0 === 67; // P X C
    return length === 6 && c0 === 78 && text.startsWith('NodeID', s);
}

/** Scans words starting in `[from, to)`; `from` must be a word boundary. */
function scan(text: string, from: number, to: number, out: Identifier[]): void {
    const length = text.length;
    let reads = 0;
    let i = from;
    while (i < to) {
        const gapStart = i;
        while (i < to && wordChar[text.charCodeAt(i)] === 0) i++;
        reads += i - gapStart + 1;
        if (i >= to) break;
        if (isEscapeLetterAt(text, i)) {
            i++;
            continue;
        }
        let j = i + 1;
        while (j < length && wordChar[text.charCodeAt(j)] === 1) j++;
        reads += j - i + 2;
        const wordLength = j - i;
        if (wordLength >= 37) {
            if (wordLength <= 66) classifyWord(text, i, j, out);
        } else if (
            wordLength <= 6 &&
            text.charCodeAt(j) === codeDash &&
            isPrefixWord(text, i, wordLength)
        ) {
            const end = classifyPrefixed(text, i, j + 1, out);
            i = end >= 0 ? end : j + 1;
            continue;
        }
        i = j;
    }
    scanCounters.charReads += reads;
}

/** Standalone identifiers and `P-`/`X-`/`C-` bodies are words of at least this many characters. */
const minLongWord = 37;

/**
 * Scans a whole text, reading only part of it. Apart from node ids, whose body can be shorter,
 * every token that can be an identifier (or the body after `P-`) is a word of 37 or more
 * characters, and such a word covers one of every 37 consecutive positions. So the scan looks at
 * every 37th character and reads only the words it lands on; `NodeID-` is found by the engine's
 * native substring search. Gives the same identifiers as the word-by-word `scan` (a test checks).
 */
function scanSampled(text: string, out: Identifier[]): void {
    const length = text.length;
    let reads = 0;
    // Every token that starts before `done` has been handled, and `done` is a word boundary.
    let done = 0;
    let node = text.indexOf(nodeIdPrefix);
    for (;;) {
        const probe = done + minLongWord - 1;
        if (node >= 0 && node < done) node = text.indexOf(nodeIdPrefix, done);
        if (node >= 0 && node <= probe) {
            // No word of 37 characters fits between `done` and `node`, so the node id comes next.
            reads += 2;
            if (node === 0 || !isWordAt(text, node - 1) || isEscapeLetterAt(text, node - 1)) {
                const end = classifyPrefixed(text, node, node + nodeIdPrefix.length, out);
                done = end >= 0 ? end : node + nodeIdPrefix.length;
            }
            node = text.indexOf(nodeIdPrefix, node + 1);
            continue;
        }
        if (probe >= length) break;
        reads++;
        if (!isWordAt(text, probe)) {
            done = probe + 1;
            continue;
        }
        let start = probe;
        while (start > done && isWordAt(text, start - 1)) start--;
        let end = probe + 1;
        while (end < length && isWordAt(text, end)) end++;
        reads += end - start + 1;
        if (isEscapeLetterAt(text, start)) start++;
        if (start === node) {
            // An escape's letter ran into a node id (`\nNodeID-…`): the node id comes next.
            done = start;
            continue;
        }
        if (end - start >= minLongWord) classifyLongWord(text, start, end, out);
        done = end;
    }
    scanCounters.charReads += reads;
}

/** A word of 37 or more characters: the body of a `P-`/`X-`/`C-` address, or a word on its own. */
function classifyLongWord(text: string, s: number, e: number, out: Identifier[]): void {
    if (s >= 2 && text.charCodeAt(s - 1) === codeDash && isPrefixWord(text, s - 2, 1)) {
        const atBoundary = s === 2 || !isWordAt(text, s - 3) || isEscapeLetterAt(text, s - 3);
        if (atBoundary && e - s <= 90 && hasBech32Shape(text, s, e)) {
            classifyBech32(text, s - 2, s, e, out);
            return;
        }
    }
    if (e - s <= 66) classifyWord(text, s, e, out);
}

/** The longest identifier (`P-` + 51-character hrp + `1` + 38) is 92 characters. */
const maxIdentifierLength = 92;

/**
 * The start of the word around `offset` (the word ending at `offset` when it is not inside one),
 * or -1 when that word reaches more than `maxIdentifierLength` characters back: such a word is
 * neither an identifier nor part of one.
 */
function wordStartAround(text: string, offset: number): number {
    let s = offset;
    while (s > 0 && isWordAt(text, s - 1) && !isEscapeLetterAt(text, s - 1)) {
        if (offset - s >= maxIdentifierLength) return -1;
        s--;
    }
    scanCounters.charReads += offset - s + 1;
    return s;
}

/** The end of the word starting at `s`, or -1 when it is longer than `maxIdentifierLength`. */
function wordEndWithin(text: string, s: number): number {
    let e = s;
    while (e < text.length && isWordAt(text, e)) {
        if (e - s >= maxIdentifierLength) return -1;
        e++;
    }
    scanCounters.charReads += e - s + 1;
    return e;
}

/** Where the `P-`/`NodeID-` prefix of the word starting at `s` starts, or `s` when it has none. */
function withPrefix(text: string, s: number): number {
    if (s < 2 || text.charCodeAt(s - 1) !== codeDash) return s;
    let p = s - 1;
    while (p > 0 && s - 1 - p < 6 && isWordAt(text, p - 1) && !isEscapeLetterAt(text, p - 1)) p--;
    scanCounters.charReads += s - p + 1;
    const atBoundary = p === 0 || !isWordAt(text, p - 1) || isEscapeLetterAt(text, p - 1);
    return atBoundary && isPrefixWord(text, p, s - 1 - p) ? p : s;
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
 * A whole text is sampled (most characters are never read); a window (`from`/`to`) is read word
 * by word. Both give the same identifiers.
 */
export function findIdentifiers(text: string, options: FindOptions = {}): Identifier[] {
    const out: Identifier[] = [];
    if (options.from === undefined && options.to === undefined) {
        scanSampled(text, out);
        return out;
    }
    const to = Math.min(text.length, Math.max(0, options.to ?? text.length));
    if (options.from === undefined || options.from <= 0) {
        scan(text, 0, to, out);
        return out;
    }
    // Start on a word boundary that a scan of the whole text would also start a token on.
    let from = Math.min(options.from, text.length);
    const start = wordStartAround(text, from);
    if (start >= 0) {
        from = withPrefix(text, start);
    } else {
        while (from < text.length && isWordAt(text, from)) from++;
        scanCounters.charReads += from - options.from + 1;
    }
    if (from < to) scan(text, from, to, out);
    const visibleFrom = options.from;
    return out.filter((id) => id.end > visibleFrom);
}

/**
 * A key that names its value a private key or another secret, then `:` or `=` and an opening
 * quote, right before the value: `"privateKey": "`, `privateKey: "` (Interchain Kit's
 * network.json and addresses.ts), `FUNDED_KEY=` (its .env), `"account-private-key": "` (the
 * icm-relayer config), `PRIVATE_KEY = '`.
 */
const secretLabel = /(?:private[-_ ]?key|secret|mnemonic|_key|\bpk)["'`]?\s*[:=]\s*["'`]?$/i;

/**
 * True when the text before `offset` labels the value there a private key: a 32-byte hex there
 * is a secret, not a hash, and is neither shown in a hover nor sent to be looked up.
 */
export function labelledAsSecret(text: string, offset: number): boolean {
    return secretLabel.test(text.slice(Math.max(0, offset - 64), offset));
}

/**
 * The identifier at `offset` in `text` (a line, or the whole document), including an offset just
 * past its end, as VS Code positions allow; undefined when there is none, or when it is a 32-byte
 * hex its key labels a private key (`labelledAsSecret`). Uses the surrounding text, so it also
 * reports a broken cb58 id that its context marks as one. Reads a bounded neighbourhood of
 * `offset`, however long the line.
 */
export function identifierAt(text: string, offset: number): Identifier | undefined {
    if (offset < 0 || offset > text.length) return undefined;
    const start = wordStartAround(text, offset);
    if (start < 0) return undefined;
    const end = wordEndWithin(text, start);
    if (end < 0) return undefined;
    const from = withPrefix(text, start);
    // A prefix word reads its body too: bound that as well.
    if (
        from === start &&
        text.charCodeAt(end) === codeDash &&
        isPrefixWord(text, start, end - start)
    ) {
        if (wordEndWithin(text, end + 1) < 0) return undefined;
    }
    const found: Identifier[] = [];
    scan(text, from, Math.min(text.length, offset + 1), found);
    const id = found.find((f) => f.start <= offset && offset <= f.end);
    return id?.kind === 'hash32' && labelledAsSecret(text, id.start) ? undefined : id;
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
        const matches =
            found?.start === context.offset && found.end === context.offset + word.length;
        return matches ? found : undefined;
    }
    const found = findIdentifiers(word);
    const only = found.length === 1 ? found[0] : undefined;
    return only !== undefined && only.start === 0 && only.end === word.length ? only : undefined;
}
