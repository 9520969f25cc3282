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
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import * as z from 'zod';

/** The magnitude from which an integer may have been rounded by `JSON.parse`. */
const unsafeMagnitude = 2 ** 53;

/**
 * `JSON.parse`, except that integers beyond 2^53 are kept as decimal strings.
 *
 * The native parse runs first, and the text is parsed again with `lossless-json` only when the
 * result holds a number of magnitude 2^53 or more: every unsafe integer literal becomes such a
 * number, and most answers have none (wei amounts and hashes are strings). Looking at the parsed
 * numbers costs a few microseconds per answer; the regular expression over the text it replaces
 * (a literal of 16 digits after `:`, `[` or `,`) cost a third of the native parse of a 7 kB
 * answer, and hex digits inside strings made it match for nothing.
 */
export function parseJsonExact(text: string): unknown {
    const value: unknown = JSON.parse(text);
    if (!hasLargeNumber(value)) return value;
    return parse(text, null, exactNumber);
}

/**
 * True when a number of magnitude 2^53 or more is somewhere in `value`. Walks with a stack of
 * its own, not by recursion, since an answer may nest deeper than the call stack reaches.
 */
function hasLargeNumber(value: unknown): boolean {
    if (typeof value === 'number') return !(value < unsafeMagnitude && value > -unsafeMagnitude);
    if (typeof value !== 'object' || value === null) return false;
    const stack: object[] = [value];
    while (stack.length > 0) {
        const node = stack.pop() as Record<string, unknown> | unknown[];
        const items: unknown[] = Array.isArray(node) ? node : Object.values(node);
        for (let i = 0; i < items.length; i++) {
            const item = items[i];
            if (typeof item === 'number') {
                if (!(item < unsafeMagnitude && item > -unsafeMagnitude)) return true;
            } else if (typeof item === 'object' && item !== null) {
                stack.push(item);
            }
        }
    }
    return false;
}

function exactNumber(literal: string): number | string {
    return isInteger(literal) && !isSafeNumber(literal) ? literal : Number(literal);
}

/** A 64-bit (or wider) unsigned integer, as a JSON number or a decimal string. */
export function bigUintWire() {
    return z.union([
        z.number().int().nonnegative(),
        z.string().regex(/^\d{1,78}$/, 'expected a decimal integer string'),
    ]);
}

/** A decimal string that `BigInt()` accepts, without leading zeros. */
export function toDecimal(value: number | string): string {
    if (typeof value === 'number') {
        return Number.isSafeInteger(value) ? String(value) : BigInt(Math.trunc(value)).toString();
    }
    return BigInt(value).toString();
}
