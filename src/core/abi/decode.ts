/**
 * Decodes contract calls, returned data, event logs and revert data against candidate ABI
 * entries: matches the selector or topic 0 (and for events the count of indexed values), decodes
 * with each distinct candidate (`values.ts` reads the values, bounded), and answers one decoding,
 * an ambiguity, or why none fits. The bytes come from the chain and the entries from the user's
 * files, so both are hostile: nothing here throws (every failure is a `DecodeResult`).
 */
import type { AbiEntry } from './entry';

import { canonicalSignature, selectorOf, topicOf } from './signature';
import type { Candidate, Decoded, DecodedArg, DecodeResult } from './types';
import {
    type Budget,
    checkPadding,
    decodeFields,
    decodeLimits,
    freshBudget,
    type Prepared,
    prepare,
    reasonOf,
    wordValue,
} from './values';

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
const solidityErrors: readonly Candidate[] = [
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
// Choosing among candidates.

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
    const prefix = typeof input === 'string' ? input.slice(0, 10).toLowerCase() : '';
    const unread = /^0x[0-9a-f]{8}$/.test(prefix) ? prefix : '';
    return decodeSelected(input, 'input', unread, 'function', candidates);
}

/**
 * What calls and reverts share: `0x`, a 4-byte selector and the ABI-encoded fields, decoded as
 * each `kind` entry of `pool` with that selector. `unreadSelector` is the answer's selector when
 * the text is not hex at all.
 */
function decodeSelected(
    text: string,
    what: string,
    unreadSelector: string,
    kind: 'function' | 'error',
    pool: readonly Candidate[],
): DecodeResult {
    if (text === '') return { status: 'empty' };
    const read = readHex(text, what);
    if (!read.ok) return { status: 'invalid', selector: unreadSelector, reason: read.reason };
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
        const matching = pool.filter(
            (c) => c.entry.type === kind && matches(c.entry, selectorOf, selector),
        );
        if (matching.length === 0) return { status: 'unknown', selector };
        const body = hex.slice(8);
        return choose(
            kind,
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
    const result = decodeSelected(data, 'revert data', '', 'error', [
        ...candidates,
        ...solidityErrors,
    ]);
    if (result.status === 'decoded')
        return { status: 'decoded', decoded: withPanicNote(result.decoded) };
    if (result.status === 'ambiguous')
        return { status: 'ambiguous', candidates: result.candidates.map(withPanicNote) };
    return result;
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
