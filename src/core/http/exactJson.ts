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

/**
 * A number literal of 16 or more digits right after `:`, `[` or `,`. Only such a text can hold an
 * unsafe integer, and most answers have none (wei amounts and hashes are strings), so they keep
 * the native parser's speed; a false match (digits inside a string) only costs the slower parse.
 */
const longNumberLiteral = /[:[,]\s*-?\d{16}/;

/** `JSON.parse`, except that integers beyond 2^53 are kept as decimal strings. */
export function parseJsonExact(text: string): unknown {
    if (!longNumberLiteral.test(text)) return JSON.parse(text);
    return parse(text, null, exactNumber);
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
