/**
 * Decodes contract calls, event logs and revert data against candidate ABI entries. The bytes
 * come from the chain and the entries from the user's files, so both are hostile: nothing here
 * throws (every failure is a `DecodeResult`), and what one result holds is bounded in input size,
 * nesting, items per list, characters per string and in total.
 *
 * The ABI codec is viem's `decodeAbiParameters` (chosen in #16, measured by
 * bench/abiCodecs.mjs): the smallest bundle of the candidates, and the one that refuses both kinds
 * of shared-tail input (offsets that point many times at one tail) instead of hanging or filling
 * the heap. Parameters that are all one word each (addresses, bools, integers, bytesN) are read in
 * place, with viem's answers (`decodeWords`). The selector and topic matching, the strictness
 * checks below and the bounds are ours.
 */
import { type AbiParameter, decodeAbiParameters } from 'viem';

import type { AbiEntry, AbiParam } from './entry';

import { canonicalSignature, selectorOf, topicOf } from './signature';
import type { Candidate, Decoded, DecodedArg, DecodedValue, DecodeResult } from './types';

/** The bounds of one decode. */
export const decodeLimits = {
    /** Call input, log data or revert data larger than this is not decoded. */
    maxInputBytes: 128 * 1024,
    /** Levels of tuples and arrays inside one parameter. */
    maxDepth: 8,
    /** Items shown of one array; the rest are counted in `more`. */
    maxListItems: 64,
    /** UTF-16 code units kept of one string. */
    maxStringChars: 4096,
    /** Values (of any kind, at any depth) one candidate's decoding keeps. */
    maxValues: 2048,
    /** Characters of strings and of bytes' hex one candidate's decoding keeps. */
    maxTextChars: 256 * 1024,
    /** Fixed array lengths past this cannot fit in `maxInputBytes` and are refused up front. */
    maxFixedLength: 4096,
} as const;

/** The reasons Solidity gives for each panic code (libsolutil/ErrorCodes.h). */
const panicReasons: Readonly<Record<string, string>> = {
    '0': 'generic compiler panic',
    '1': 'assertion failed',
    '17': 'arithmetic overflow or underflow',
    '18': 'division or modulo by zero',
    '33': 'conversion to an invalid enum value',
    '34': 'incorrectly encoded storage byte array',
    '49': 'pop() on an empty array',
    '50': 'array index out of bounds',
    '65': 'too much memory allocated, or an array too large',
    '81': 'call to a zero-initialized internal function',
};

const builtIn = { tool: 'built-in', file: '' } as const;

/**
 * Solidity's own revert shapes, which no ABI lists: `Error(string)` from `require` and
 * `revert("…")`, and `Panic(uint256)` from failed checks
 * (https://docs.soliditylang.org/en/latest/control-structures.html#panic-via-assert-and-error-via-require).
 */
export const solidityErrors: readonly Candidate[] = [
    {
        entry: { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
        origin: builtIn,
        group: 'Solidity',
    },
    {
        entry: { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
        origin: builtIn,
        group: 'Solidity',
    },
];

// ---------------------------------------------------------------------------------------------
// Shapes: an entry's parameters checked once and turned into what decoding walks.

type Shape =
    | { readonly k: 'address' | 'bool' | 'bytes' | 'string'; readonly type: string }
    | { readonly k: 'int'; readonly type: string; readonly bits: number; readonly signed: boolean }
    /** bytesN, and `function` (an address and a selector in 24 bytes). */
    | { readonly k: 'fixedBytes'; readonly type: string; readonly size: number }
    | {
          readonly k: 'array';
          readonly type: string;
          readonly length: number | undefined;
          readonly item: Shape;
      }
    | { readonly k: 'tuple'; readonly type: string; readonly fields: readonly Field[] };

interface Field {
    readonly name: string;
    readonly shape: Shape;
    readonly indexed: boolean;
}

interface Prepared {
    readonly signature: string;
    readonly fields: readonly Field[];
}

/** A failure with a reason fit to show; anything else thrown is reported by its message. */
class DecodeFailure extends Error {}

const intPattern = /^(u?)int(\d{0,3})$/;
const bytesPattern = /^bytes(\d{1,2})$/;

/** A bounded, printable excerpt of a hostile type or name for a reason text. */
function quote(text: string): string {
    const cut = text.length > 48 ? `${text.slice(0, 48)}…` : text;
    return `\`${cut.replace(/[^\x20-\x7e]/g, '?')}\``;
}

function shapeOf(param: AbiParam, depth: number): Shape {
    const type = param.type;
    if (type.endsWith(']')) {
        const open = type.lastIndexOf('[');
        const digits = type.slice(open + 1, -1);
        if (open <= 0 || !/^\d*$/.test(digits)) throw new DecodeFailure(`bad type ${quote(type)}`);
        const length = digits === '' ? undefined : Number(digits);
        if (length !== undefined && length > decodeLimits.maxFixedLength)
            throw new DecodeFailure(`fixed array length ${digits} is past the decoder's bound`);
        if (depth >= decodeLimits.maxDepth)
            throw new DecodeFailure(`nested deeper than ${decodeLimits.maxDepth} levels`);
        const item = shapeOf({ ...param, type: type.slice(0, open) }, depth + 1);
        return { k: 'array', type: `${item.type}[${digits}]`, length, item };
    }
    if (type === 'tuple') {
        if (depth >= decodeLimits.maxDepth)
            throw new DecodeFailure(`nested deeper than ${decodeLimits.maxDepth} levels`);
        const fields = (param.components ?? []).map((c) => fieldOf(c, depth + 1));
        return { k: 'tuple', type: `(${fields.map((f) => f.shape.type).join(',')})`, fields };
    }
    if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes')
        return { k: type, type };
    if (type === 'function') return { k: 'fixedBytes', type, size: 24 };
    const int = intPattern.exec(type);
    if (int) {
        const bits = int[2] === '' ? 256 : Number(int[2]);
        if (bits >= 8 && bits <= 256 && bits % 8 === 0)
            return { k: 'int', type: `${int[1]}int${bits}`, bits, signed: int[1] === '' };
    }
    const bytes = bytesPattern.exec(type);
    if (bytes) {
        const size = Number(bytes[1]);
        if (size >= 1 && size <= 32) return { k: 'fixedBytes', type, size };
    }
    if (type === 'byte') return { k: 'fixedBytes', type: 'bytes1', size: 1 };
    throw new DecodeFailure(`unsupported type ${quote(type)}`);
}

function fieldOf(param: AbiParam, depth: number): Field {
    return {
        name: typeof param.name === 'string' ? param.name : '',
        shape: shapeOf(param, depth),
        indexed: param.indexed === true,
    };
}

/** The viem parameter of a shape: no names, so that viem answers tuples as arrays. */
function viemParam(shape: Shape): AbiParameter {
    switch (shape.k) {
        case 'array': {
            const item = viemParam(shape.item);
            return { ...item, type: `${item.type}[${shape.length ?? ''}]` };
        }
        case 'tuple':
            return { type: 'tuple', components: shape.fields.map((f) => viemParam(f.shape)) };
        case 'fixedBytes':
            return { type: `bytes${shape.size}` };
        default:
            return { type: shape.type };
    }
}

const prepared = new WeakMap<AbiEntry, Prepared | DecodeFailure>();

function prepare(entry: AbiEntry): Prepared {
    let known = prepared.get(entry);
    if (known === undefined) {
        try {
            known = {
                signature: canonicalSignature(entry),
                fields: entry.inputs.map((p) => fieldOf(p, 0)),
            };
        } catch (error) {
            known = error instanceof DecodeFailure ? error : new DecodeFailure(reasonOf(error));
        }
        prepared.set(entry, known);
    }
    if (known instanceof DecodeFailure) throw known;
    return known;
}

// ---------------------------------------------------------------------------------------------
// Strictness viem leaves out: an address, bytesN or function word must be zero-padded, as
// Solidity's decoder requires of calldata. A decoder that accepted dirty words would decode
// both sides of a selector collision where only one can be meant.

function isDynamic(shape: Shape): boolean {
    switch (shape.k) {
        case 'bytes':
        case 'string':
            return true;
        case 'array':
            return shape.length === undefined || isDynamic(shape.item);
        case 'tuple':
            return shape.fields.some((f) => isDynamic(f.shape));
        default:
            return false;
    }
}

function staticWords(shape: Shape): number {
    if (shape.k === 'array') return (shape.length ?? 0) * staticWords(shape.item);
    if (shape.k === 'tuple') return shape.fields.reduce((n, f) => n + staticWords(f.shape), 0);
    return 1;
}

/** Checks the padding of the static words in the head; returns the head's length in words. */
function checkHead(shapes: readonly Shape[], hex: string, word: number): number {
    for (const shape of shapes) {
        // Past the end of the data there is nothing to check, and viem reports the short data;
        // stopping here also keeps huge fixed arrays from costing a loop over their length.
        if ((word + (isDynamic(shape) ? 1 : staticWords(shape))) * 64 > hex.length) return word;
        if (isDynamic(shape)) {
            word += 1;
        } else if (shape.k === 'tuple') {
            word = checkHead(
                shape.fields.map((f) => f.shape),
                hex,
                word,
            );
        } else if (shape.k === 'array') {
            for (let i = 0; i < (shape.length ?? 0); i++) word = checkHead([shape.item], hex, word);
        } else {
            checkPadding(shape, hex, word);
            word += 1;
        }
    }
    return word;
}

function checkPadding(shape: Shape, hex: string, word: number): void {
    const text = hex.slice(word * 64, word * 64 + 64);
    if (text.length < 64) return;
    if (shape.k === 'address' && !/^0{24}/.test(text))
        throw new DecodeFailure('an address has non-zero high bytes');
    if (shape.k === 'fixedBytes' && !/^0*$/.test(text.slice(shape.size * 2)))
        throw new DecodeFailure(`a ${shape.type} has non-zero padding`);
}

// ---------------------------------------------------------------------------------------------
// From viem's values to DecodedValue, within the bounds.

interface Budget {
    values: number;
    text: number;
}

function freshBudget(): Budget {
    return { values: decodeLimits.maxValues, text: decodeLimits.maxTextChars };
}

function toValue(shape: Shape, raw: unknown, budget: Budget): DecodedValue {
    budget.values -= 1;
    switch (shape.k) {
        case 'address':
            return { k: 'address', value: String(raw).toLowerCase() };
        case 'bool':
            return { k: 'bool', value: raw === true };
        case 'int':
            return { k: 'int', type: shape.type, value: checkedInt(shape, raw) };
        case 'fixedBytes':
            return { k: 'bytes', type: shape.type, value: String(raw).toLowerCase() };
        case 'bytes': {
            const hex = String(raw).toLowerCase();
            const size = (hex.length - 2) / 2;
            const keep = Math.max(0, Math.min(size, Math.floor(budget.text / 2)));
            budget.text -= keep * 2;
            return keep === size
                ? { k: 'bytes', type: 'bytes', value: hex }
                : {
                      k: 'bytes',
                      type: 'bytes',
                      value: hex.slice(0, 2 + keep * 2),
                      more: size - keep,
                  };
        }
        case 'string': {
            const text = String(raw);
            let keep = Math.max(0, Math.min(text.length, decodeLimits.maxStringChars, budget.text));
            // Never end on the first half of a surrogate pair.
            if (keep < text.length && keep > 0 && /[\ud800-\udbff]/.test(text[keep - 1]!))
                keep -= 1;
            budget.text -= keep;
            return keep === text.length
                ? { k: 'string', value: text }
                : { k: 'string', value: text.slice(0, keep), more: text.length - keep };
        }
        case 'array': {
            const all = Array.isArray(raw) ? (raw as readonly unknown[]) : [];
            const shown = Math.max(
                0,
                Math.min(all.length, decodeLimits.maxListItems, budget.values),
            );
            const items: DecodedValue[] = [];
            for (let i = 0; i < shown && budget.values > 0; i++)
                items.push(toValue(shape.item, all[i], budget));
            const more = all.length - items.length;
            return { k: 'list', type: shape.type, items, ...(more > 0 ? { more } : {}) };
        }
        case 'tuple': {
            const all = Array.isArray(raw) ? (raw as readonly unknown[]) : [];
            return {
                k: 'tuple',
                type: shape.type,
                fields: shape.fields.map((f, i) => toArg(f, all[i], budget)),
            };
        }
    }
}

function toArg(field: Field, raw: unknown, budget: Budget): DecodedArg {
    return { name: field.name, type: field.shape.type, value: toValue(field.shape, raw, budget) };
}

/** The decimal text of an integer, refused when outside its type's range (a dirty word). */
function checkedInt(shape: Extract<Shape, { k: 'int' }>, raw: unknown): string {
    const value = typeof raw === 'bigint' ? raw : BigInt(raw as number);
    const limit = 1n << BigInt(shape.signed ? shape.bits - 1 : shape.bits);
    const low = shape.signed ? -limit : 0n;
    if (value < low || value >= limit)
        throw new DecodeFailure(`a ${shape.type} is out of range (a dirty word)`);
    return value.toString();
}

/** Decodes `fields` from ABI-encoded data (`hex` without `0x`, lower case). */
function decodeFields(fields: readonly Field[], hex: string, budget: Budget): DecodedArg[] {
    if (fields.length === 0) return [];
    checkHead(
        fields.map((f) => f.shape),
        hex,
        0,
    );
    if (fields.every((f) => isWord(f.shape))) return decodeWords(fields, hex, budget);
    const params: readonly AbiParameter[] = fields.map((f) => viemParam(f.shape));
    const raw: readonly unknown[] = decodeAbiParameters(params, `0x${hex}`);
    return fields.map((f, i) => toArg(f, raw[i], budget));
}

/** A shape encoded as one word in place: no offset, no length, nothing nested. */
function isWord(shape: Shape): boolean {
    return (
        shape.k === 'address' || shape.k === 'bool' || shape.k === 'int' || shape.k === 'fixedBytes'
    );
}

/**
 * `decodeFields` for fields of one word each (most calls, returns, events and errors), read from
 * the hex text in place. viem's decoder turned the text into bytes, a cursor and a checksummed
 * address that `toValue` lower-cased again, which was most of a 5,000-frame trace's decoding
 * (bench/traceBench.ts). The answers and the reasons are viem's (no data, data short of the
 * words, a bool other than 0 or 1; `checkHead` has checked the padding and `checkedInt` checks
 * the range), but for an integer of 48 bits or fewer in a word past 2^53, which viem refuses as
 * it refuses an offset past any data: here it is the dirty word it is.
 * test/unit/abi/abiDecode.test.ts holds it to viem's path over random words.
 */
function decodeWords(fields: readonly Field[], hex: string, budget: Budget): DecodedArg[] {
    if (hex.length === 0) throw new DecodeFailure('no data where values were expected');
    // viem reads only the N bytes of a last bytesN, not its padding.
    const last = fields[fields.length - 1]!.shape;
    const needed = (fields.length - 1) * 64 + (last.k === 'fixedBytes' ? last.size * 2 : 64);
    if (hex.length < 64 || hex.length < needed)
        throw new DecodeFailure('the data ends before what its offsets and lengths point at');
    const words = fields.map((_, i) => hex.slice(i * 64, i * 64 + 64));
    // What viem refuses while it reads comes before the range of an integer, which is checked
    // after: the same reason for data with more than one fault.
    fields.forEach(({ shape }, i) => {
        if (shape.k === 'bool' && !boolWord.test(words[i]!))
            throw new DecodeFailure('a bool is neither 0 nor 1');
        if (shape.k === 'int' && shape.bits <= 48) {
            const value = intOf(shape, words[i]!);
            if (!Number.isSafeInteger(Number(value))) checkedInt(shape, value);
        }
    });
    return fields.map((field, i) => {
        budget.values -= 1;
        return {
            name: field.name,
            type: field.shape.type,
            value: wordValue(field.shape, words[i]!),
        };
    });
}

const boolWord = /^0{63}[01]$/;
const signBit = 1n << 255n;
const wordRange = 1n << 256n;

/** The word as an integer: two's complement over the whole word, as viem reads a signed one. */
function intOf(shape: Extract<Shape, { k: 'int' }>, word: string): bigint {
    const unsigned = BigInt(`0x${word}`);
    return shape.signed && unsigned >= signBit ? unsigned - wordRange : unsigned;
}

function wordValue(shape: Shape, word: string): DecodedValue {
    switch (shape.k) {
        case 'address':
            return { k: 'address', value: `0x${word.slice(24)}` };
        case 'bool':
            if (!boolWord.test(word)) throw new DecodeFailure('a bool is neither 0 nor 1');
            return { k: 'bool', value: word.endsWith('1') };
        case 'int':
            return { k: 'int', type: shape.type, value: checkedInt(shape, intOf(shape, word)) };
        case 'fixedBytes':
            return { k: 'bytes', type: shape.type, value: `0x${word.slice(0, shape.size * 2)}` };
        default:
            throw new DecodeFailure(`${shape.type} is not one word`);
    }
}

// ---------------------------------------------------------------------------------------------
// Choosing among candidates.

function reasonOf(error: unknown): string {
    if (error instanceof DecodeFailure) return error.message;
    const name = error instanceof Error ? error.name : '';
    if (name === 'AbiDecodingDataSizeTooSmallError' || name === 'PositionOutOfBoundsError')
        return 'the data ends before what its offsets and lengths point at';
    if (name === 'AbiDecodingZeroDataError') return 'no data where values were expected';
    if (name === 'RecursiveReadLimitExceededError')
        return 'offsets point at the same data too many times';
    if (name === 'AbiDecodingSizeLimitExceededError')
        return 'offsets point at the same bytes or string too many times';
    if (name === 'IntegerOutOfRangeError')
        return 'an offset or a length is larger than any data can be';
    if (name === 'InvalidBytesBooleanError') return 'a bool is neither 0 nor 1';
    const short = (error as { shortMessage?: unknown } | undefined)?.shortMessage;
    const text = typeof short === 'string' ? short : error instanceof Error ? error.message : '';
    const line = text.split('\n')[0] ?? '';
    return line.length > 160 ? `${line.slice(0, 160)}…` : line || 'the data does not decode';
}

type Kind = Decoded['kind'];

interface Attempt {
    readonly candidate: Candidate;
    readonly key: (prepared: Prepared) => string;
    readonly decode: (prepared: Prepared, budget: Budget) => readonly DecodedArg[];
}

/**
 * Decodes with each candidate once per distinct key (the canonical signature, and for events the
 * indexed positions), the first candidate of a key standing for the rest: the caller lists them
 * by preference. One success is the answer; several are ambiguous, never a guess.
 */
function choose(kind: Kind, selector: string, attempts: readonly Attempt[]): DecodeResult {
    const seen = new Set<string>();
    const found: Decoded[] = [];
    let failure: string | undefined;
    for (const { candidate, key, decode } of attempts) {
        try {
            const p = prepare(candidate.entry);
            const k = key(p);
            if (seen.has(k)) continue;
            seen.add(k);
            const args = decode(p, freshBudget());
            found.push({
                kind,
                name: candidate.entry.name,
                signature: p.signature,
                args,
                origin: candidate.origin,
                ...(candidate.group !== undefined ? { group: candidate.group } : {}),
            });
        } catch (error) {
            failure ??= reasonOf(error);
        }
    }
    if (found.length === 1) return { status: 'decoded', decoded: found[0]! };
    if (found.length > 1) return { status: 'ambiguous', candidates: found };
    return { status: 'invalid', selector, reason: failure ?? 'the data does not decode' };
}

type Hex = { ok: true; hex: string } | { ok: false; reason: string };

/** Lower-case hex digits without `0x`, within the input bound. */
function readHex(text: unknown, what: string): Hex {
    if (typeof text !== 'string' || !/^0[xX][0-9a-fA-F]*$/.test(text))
        return { ok: false, reason: `the ${what} is not 0x-prefixed hex` };
    if (text.length % 2 !== 0)
        return { ok: false, reason: `the ${what} has an odd number of hex digits` };
    const bytes = (text.length - 2) / 2;
    if (bytes > decodeLimits.maxInputBytes)
        return {
            ok: false,
            reason: `the ${what} is ${bytes} bytes, past the decoder's bound of ${decodeLimits.maxInputBytes} bytes`,
        };
    return { ok: true, hex: text.slice(2).toLowerCase() };
}

function safely(selector: string, run: () => DecodeResult): DecodeResult {
    try {
        return run();
    } catch (error) {
        return { status: 'invalid', selector, reason: reasonOf(error) };
    }
}

function matches(entry: AbiEntry, hash: (e: AbiEntry) => string, wanted: string): boolean {
    try {
        return hash(entry) === wanted;
    } catch {
        return false;
    }
}

// ---------------------------------------------------------------------------------------------

/**
 * Decodes call input (a transaction's or a trace's `input`) as one of `candidates`, the
 * functions whose selector matches its first four bytes (the caller looks them up; others are
 * left out here). `'empty'` for `0x` (or `''`); creation input has no selector and is not decoded here.
 */
export function decodeCall(input: string, candidates: readonly Candidate[]): DecodeResult {
    if (input === '') return { status: 'empty' };
    const read = readHex(input, 'input');
    const prefix = typeof input === 'string' ? input.slice(0, 10).toLowerCase() : '';
    if (!read.ok)
        return {
            status: 'invalid',
            selector: /^0x[0-9a-f]{8}$/.test(prefix) ? prefix : '',
            reason: read.reason,
        };
    const hex = read.hex;
    if (hex.length === 0) return { status: 'empty' };
    if (hex.length < 8)
        return {
            status: 'invalid',
            selector: `0x${hex}`,
            reason: 'shorter than a 4-byte selector',
        };
    const selector = `0x${hex.slice(0, 8)}`;
    return safely(selector, () => {
        const matching = candidates.filter(
            (c) => c.entry.type === 'function' && matches(c.entry, selectorOf, selector),
        );
        if (matching.length === 0) return { status: 'unknown', selector };
        const body = hex.slice(8);
        return choose(
            'function',
            selector,
            matching.map((candidate) => ({
                candidate,
                key: (p) => p.signature,
                decode: (p, budget) => decodeFields(p.fields, body, budget),
            })),
        );
    });
}

/** Each function entry's outputs as the inputs of an entry of their own, made once. */
const outputEntries = new WeakMap<AbiEntry, AbiEntry>();

/**
 * Decodes a call's returned data as the outputs of `candidate` (the function the call decoded
 * as). `'empty'` for no data; `'invalid'` when the data does not fit the outputs.
 */
export function decodeOutput(data: string, candidate: Candidate): DecodeResult {
    const entry = candidate.entry;
    if (entry.type !== 'function')
        return { status: 'invalid', selector: '', reason: 'not a function' };
    const selector = safeSelector(entry);
    if (data === '' || data === '0x') return { status: 'empty' };
    const read = readHex(data, 'returned data');
    if (!read.ok) return { status: 'invalid', selector, reason: read.reason };
    let outputs = outputEntries.get(entry);
    if (!outputs) {
        outputs = { type: 'function', name: entry.name, inputs: entry.outputs ?? [] };
        outputEntries.set(entry, outputs);
    }
    const asInputs = outputs;
    return safely(selector, () => {
        const prepared = prepare(asInputs);
        const args = decodeFields(prepared.fields, read.hex, freshBudget());
        return {
            status: 'decoded',
            decoded: {
                kind: 'function',
                name: entry.name,
                signature: canonicalSignature(entry),
                args,
                origin: candidate.origin,
                ...(candidate.group !== undefined ? { group: candidate.group } : {}),
            },
        };
    });
}

function safeSelector(entry: AbiEntry): string {
    try {
        return selectorOf(entry);
    } catch {
        return '';
    }
}

/**
 * Decodes revert data as `Error(string)`, `Panic(uint256)` (with the panic code's reason in
 * `note`) or one of the custom errors in `candidates` whose selector matches. `'empty'` for `0x`
 * or `''` (a revert without reason).
 */
export function decodeRevert(data: string, candidates: readonly Candidate[]): DecodeResult {
    if (data === '') return { status: 'empty' };
    const read = readHex(data, 'revert data');
    if (!read.ok) return { status: 'invalid', selector: '', reason: read.reason };
    const hex = read.hex;
    if (hex.length === 0) return { status: 'empty' };
    if (hex.length < 8)
        return {
            status: 'invalid',
            selector: `0x${hex}`,
            reason: 'shorter than a 4-byte selector',
        };
    const selector = `0x${hex.slice(0, 8)}`;
    return safely(selector, () => {
        const matching = [...candidates, ...solidityErrors].filter(
            (c) => c.entry.type === 'error' && matches(c.entry, selectorOf, selector),
        );
        if (matching.length === 0) return { status: 'unknown', selector };
        const body = hex.slice(8);
        const result = choose(
            'error',
            selector,
            matching.map((candidate) => ({
                candidate,
                key: (p) => p.signature,
                decode: (p, budget) => decodeFields(p.fields, body, budget),
            })),
        );
        if (result.status === 'decoded')
            return { status: 'decoded', decoded: withPanicNote(result.decoded) };
        if (result.status === 'ambiguous')
            return { status: 'ambiguous', candidates: result.candidates.map(withPanicNote) };
        return result;
    });
}

function withPanicNote(decoded: Decoded): Decoded {
    const code = decoded.args[0]?.value;
    if (decoded.signature !== 'Panic(uint256)' || code?.k !== 'int') return decoded;
    const reason = panicReasons[code.value] ?? 'a panic code Solidity does not define';
    return {
        ...decoded,
        note: `panic 0x${BigInt(code.value).toString(16).padStart(2, '0')}: ${reason}`,
    };
}

/**
 * Decodes an event log as one of `candidates`: events whose topic 0 matches and whose indexed
 * parameters are as many as the log's other topics (so ERC-20's and ERC-721's
 * `Transfer(address,address,uint256)`, with 2 and 3 indexed, are told apart), and anonymous
 * events (matched by their count of indexed parameters alone, since they have no topic 0) when a
 * candidate is one. An indexed parameter of a dynamic type, an array or a tuple is on chain only
 * as its hash, and is answered as `{ k: 'hashed' }`. `selector` in the result is topic 0.
 */
export function decodeLog(
    topics: readonly string[],
    data: string,
    candidates: readonly Candidate[],
): DecodeResult {
    if (!isList(topics) || topics.length > 4)
        return { status: 'invalid', selector: '', reason: 'a log has at most 4 topics' };
    const topic0 = typeof topics[0] === 'string' ? topics[0].toLowerCase() : '';
    if (!topics.every((t) => typeof t === 'string' && /^0x[0-9a-fA-F]{64}$/.test(t)))
        return { status: 'invalid', selector: '', reason: 'a topic is not 32 bytes of hex' };
    const read = readHex(data === '' ? '0x' : data, 'log data');
    if (!read.ok) return { status: 'invalid', selector: topic0, reason: read.reason };
    const hex = read.hex;
    const words = topics.map((t) => t.slice(2).toLowerCase());
    return safely(topic0, () => {
        const events = candidates.filter((c) => c.entry.type === 'event');
        const indexedCount = (e: AbiEntry): number =>
            e.inputs.filter((p) => p.indexed === true).length;
        const named = events.filter(
            (c) => c.entry.anonymous !== true && topic0 !== '' && matches(c.entry, topicOf, topic0),
        );
        const matching = events.filter((c) =>
            c.entry.anonymous === true
                ? indexedCount(c.entry) === topics.length
                : named.includes(c) && indexedCount(c.entry) === topics.length - 1,
        );
        if (matching.length === 0) {
            if (named.length === 0) return { status: 'unknown', selector: topic0 };
            const first = named[0]!.entry;
            return {
                status: 'invalid',
                selector: topic0,
                reason: `the log has ${topics.length - 1} indexed values, ${first.name} has ${indexedCount(first)}`,
            };
        }
        return choose(
            'event',
            topic0,
            matching.map((candidate) => {
                const anonymous = candidate.entry.anonymous === true;
                return {
                    candidate,
                    key: (p) =>
                        `${anonymous ? 'anonymous ' : ''}${p.signature} ${p.fields.map((f) => (f.indexed ? 1 : 0)).join('')}`,
                    decode: (p, budget) =>
                        decodeEvent(p, anonymous ? words : words.slice(1), hex, budget),
                };
            }),
        );
    });
}

/** Whether a value typed as an array is one at run time (without narrowing it to `any[]`). */
function isList(value: unknown): boolean {
    return Array.isArray(value);
}

function decodeEvent(
    prepared: Prepared,
    topicWords: readonly string[],
    hex: string,
    budget: Budget,
): DecodedArg[] {
    const data = decodeFields(
        prepared.fields.filter((f) => !f.indexed),
        hex,
        budget,
    );
    let fromData = 0;
    let fromTopics = 0;
    return prepared.fields.map((field) => {
        if (!field.indexed) return data[fromData++]!;
        const word = topicWords[fromTopics++]!;
        const shape = field.shape;
        if (
            shape.k === 'bytes' ||
            shape.k === 'string' ||
            shape.k === 'array' ||
            shape.k === 'tuple'
        ) {
            budget.values -= 1;
            return {
                name: field.name,
                type: shape.type,
                value: { k: 'hashed', type: shape.type, value: `0x${word}` },
            };
        }
        checkPadding(shape, word, 0);
        budget.values -= 1;
        return { name: field.name, type: shape.type, value: wordValue(shape, word) };
    });
}
