/**
 * ABI-encoded values read against an entry's parameters, for `decode.ts`, which matches the
 * selectors and topics. The bytes come from the chain and the entries from the user's files, so
 * both are hostile: a parameter list is checked once before anything is read, and what one
 * decoding keeps is bounded in input size, nesting, items per list, characters per string and in
 * total (`decodeLimits`).
 *
 * The ABI codec is viem's `decodeAbiParameters` (chosen in #16, measured by
 * bench/abiCodecs.mjs): the smallest bundle of the candidates, and the one that refuses both kinds
 * of shared-tail input (offsets that point many times at one tail) instead of hanging or filling
 * the heap. Parameters that are all one word each (addresses, bools, integers, bytesN) are read in
 * place, with viem's answers (`decodeWords`). The strictness checks below and the bounds are ours.
 */
import { type AbiParameter, decodeAbiParameters } from 'viem';

import type { AbiEntry, AbiParam } from './entry';

import { canonicalSignature } from './signature';
import type { DecodedArg, DecodedValue } from './types';

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

// ---------------------------------------------------------------------------------------------
// Shapes: an entry's parameters checked once and turned into what decoding walks.

/** A parameter's type, checked and resolved into what decoding walks. */
export type Shape =
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

/** One parameter of an entry: its name, its shape, and whether an event indexes it. */
export interface Field {
    readonly name: string;
    readonly shape: Shape;
    readonly indexed: boolean;
}

/** An entry checked once: its canonical signature and its parameters' shapes. */
export interface Prepared {
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

/**
 * The entry's signature and parameter shapes, checked once and kept; throws the reason an entry
 * cannot be decoded (a bad or unsupported type, nesting or a fixed length past the bounds).
 */
export function prepare(entry: AbiEntry): Prepared {
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

/** Refuses a dirty word: an address or bytesN word at `word` whose padding is not zero. */
export function checkPadding(shape: Shape, hex: string, word: number): void {
    const text = hex.slice(word * 64, word * 64 + 64);
    if (text.length < 64) return;
    if (shape.k === 'address' && !/^0{24}/.test(text))
        throw new DecodeFailure('an address has non-zero high bytes');
    if (shape.k === 'fixedBytes' && !/^0*$/.test(text.slice(shape.size * 2)))
        throw new DecodeFailure(`a ${shape.type} has non-zero padding`);
}

// ---------------------------------------------------------------------------------------------
// From viem's values to DecodedValue, within the bounds.

/** What one candidate's decoding may still keep: values, and characters of text. */
export interface Budget {
    values: number;
    text: number;
}

/** The whole budget of one candidate's decoding (`decodeLimits`). */
export function freshBudget(): Budget {
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

/**
 * Decodes `fields` from ABI-encoded data (`hex` without `0x`, lower case), within `budget`;
 * throws the reason the data does not fit them.
 */
export function decodeFields(fields: readonly Field[], hex: string, budget: Budget): DecodedArg[] {
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

/** One word read in place as a one-word shape; throws for a bool other than 0 or 1 or a dirty integer. */
export function wordValue(shape: Shape, word: string): DecodedValue {
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

/** Why reading failed, fit to show: our own reasons as thrown, viem's errors put in words. */
export function reasonOf(error: unknown): string {
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
