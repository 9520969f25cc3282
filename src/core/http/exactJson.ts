/**
 * JSON with its 64-bit integers intact. Validator weights, balances and fees in nAVAX are uint64s,
 * and both services send some of them as plain JSON numbers: the Data API's `L1ValidatorDetails`
 * (`weight`, `remainingBalance`) and AvalancheGo's validators API (`weight`). `JSON.parse` rounds
 * any integer above 2^53 before a schema sees it, so `9007199254740993` would become
 * `9007199254740992` and the Validators view would report a disagreement that is not there.
 *
 * Here such an integer becomes its decimal string instead; the schemas of the uint64 fields take
 * a number or a decimal string and keep the string (`bigUintWire`, the Data API's `uint64`).
 * Every other number is the `Number` that `JSON.parse` gives.
 */
import * as z from 'zod';

/** The magnitude from which an integer may have been rounded by `JSON.parse`. */
const unsafeMagnitude = 2 ** 53;

/**
 * `JSON.parse`, except that integers beyond 2^53 are kept as decimal strings.
 *
 * The native parse runs first, and the text is parsed again only when the result holds a number
 * of magnitude 2^53 or more: every unsafe integer literal becomes such a number, and most answers
 * have none (wei amounts and hashes are strings). Looking at the parsed numbers costs a few
 * microseconds per answer; the regular expression over every text it replaces (a literal of 16
 * digits after `:`, `[` or `,`) cost a third of the native parse of a 7 kB answer, and hex digits
 * inside strings made it match for nothing.
 *
 * The second parse is native too: the unsafe integer literals are put in quotes first
 * (`quoteUnsafeIntegers`). It replaced `lossless-json`'s parse, a parser written in JavaScript
 * that took six times the native parse of a P-Chain block, and more again in its first few hundred
 * calls, before V8 optimises it. AvalancheGo's transactions name amounts as JSON numbers, so an
 * amount of 2^53 nAVAX (about 9 million AVAX) or more, as the funded key of a local network
 * holds, sent every `platform.getTx`, `platform.getBlockByHeight` and `avm.getTx` there
 * (bench/realNodeBench.ts) down that way.
 */
export function parseJsonExact(text: string): unknown {
    const value: unknown = JSON.parse(text);
    if (!hasLargeNumber(value)) return value;
    return JSON.parse(quoteUnsafeIntegers(text));
}

/** 16 digits or more (2^53 has 16): maybe an unsafe integer; `quoteUnsafeIntegers` checks. */
const longDigitRun = /-?\d{16,}/g;

/**
 * `text` (valid JSON) with every integer literal beyond `Number.MAX_SAFE_INTEGER` in quotes, so
 * that the native parse keeps it as the decimal string it was sent as. A run of digits counts
 * only as a whole literal outside a string: after `:`, `,`, `[`, white space or the start, before
 * `,`, `]`, `}`, white space or the end, and after an even number of unescaped quotes. The
 * quotes are counted only up to a run that is an unsafe integer, which is rare.
 */
export function quoteUnsafeIntegers(text: string): string {
    let quoted = '';
    let copied = 0;
    let scanned = 0;
    let inString = false;
    longDigitRun.lastIndex = 0;
    for (let match = longDigitRun.exec(text); match; match = longDigitRun.exec(text)) {
        const literal = match[0];
        const start = match.index;
        const end = start + literal.length;
        if (!opensValue(text.charCodeAt(start - 1)) || !closesValue(text.charCodeAt(end))) continue;
        if (Number.isSafeInteger(Number(literal))) continue;
        for (;;) {
            const quote = text.indexOf('"', scanned);
            if (quote === -1 || quote >= start) break;
            let backslashes = 0;
            while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
            if (backslashes % 2 === 0) inString = !inString;
            scanned = quote + 1;
        }
        if (inString) continue;
        quoted += `${text.slice(copied, start)}"${literal}"`;
        copied = end;
    }
    return copied === 0 ? text : quoted + text.slice(copied);
}

/** Before a JSON value: `:` `,` `[`, white space, or the start of the text (NaN). */
function opensValue(code: number): boolean {
    return (
        Number.isNaN(code) || code === 0x3a || code === 0x2c || code === 0x5b || isJsonSpace(code)
    );
}

/** After a JSON value: `,` `]` `}`, white space, or the end of the text (NaN). */
function closesValue(code: number): boolean {
    return (
        Number.isNaN(code) || code === 0x2c || code === 0x5d || code === 0x7d || isJsonSpace(code)
    );
}

function isJsonSpace(code: number): boolean {
    return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * True when a number of magnitude 2^53 or more is somewhere in `value`. Walks with a stack of
 * its own, not by recursion, since an answer may nest deeper than the call stack reaches.
 */
function hasLargeNumber(value: unknown): boolean {
    if (typeof value === 'number') return isLarge(value);
    if (typeof value !== 'object' || value === null) return false;
    const stack: object[] = [value];
    while (stack.length > 0) {
        const node = stack.pop() as Record<string, unknown> | unknown[];
        if (Array.isArray(node)) {
            for (let i = 0; i < node.length; i++) {
                const item = node[i];
                if (typeof item === 'number') {
                    if (isLarge(item)) return true;
                } else if (typeof item === 'object' && item !== null) {
                    stack.push(item);
                }
            }
        } else {
            // `for…in` rather than `Object.values`: no array per object, which made the walk
            // cost half of the native parse it follows. A parsed object has no inherited keys.
            for (const key in node) {
                const item = node[key];
                if (typeof item === 'number') {
                    if (isLarge(item)) return true;
                } else if (typeof item === 'object' && item !== null) {
                    stack.push(item);
                }
            }
        }
    }
    return false;
}

function isLarge(value: number): boolean {
    return !(value < unsafeMagnitude && value > -unsafeMagnitude);
}

/** A 64-bit (or wider) unsigned integer, as a JSON number or a decimal string. */
export function bigUintWire() {
    // The string first: AvalancheGo sends its uint64s as strings (`json.Uint64`), dozens per
    // answer, and a union tries its options in turn; a value fits one option only, so the order
    // changes no answer and no error.
    return z.union([
        z.string().regex(/^\d{1,78}$/, 'expected a decimal integer string'),
        z.number().int().nonnegative(),
    ]);
}

/** Decimal digits as `BigInt(…).toString()` writes them: no sign, no leading zero. */
const canonicalDecimal = /^(?:0|[1-9]\d*)$/;

/** A decimal string that `BigInt()` accepts, without leading zeros. */
export function toDecimal(value: number | string): string {
    if (typeof value === 'number') {
        return Number.isSafeInteger(value) ? String(value) : BigInt(Math.trunc(value)).toString();
    }
    // Most strings are written so already; converting each through a BigInt cost more than its
    // check in the schema.
    return canonicalDecimal.test(value) ? value : BigInt(value).toString();
}
