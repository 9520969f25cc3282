/**
 * The building blocks of the node result schemas (schemas.ts, primarySchemas.ts): lazy schema
 * construction and the number, list and id shapes AvalancheGo and the EVM servers send. See
 * schemas.ts for why they tolerate what they do.
 */
import * as z from 'zod';

// The uint64 shapes are the exact parse's: the Data API schemas use them too.
export { bigUintWire, toDecimal } from '../http/exactJson';

/** Memoises a builder: the schema is constructed on the first call and reused afterwards. */
export function lazy<T>(build: () => T): () => T {
    let built = false;
    let value: T | undefined;
    return () => {
        if (!built) {
            value = build();
            built = true;
        }
        return value as T;
    };
}

/** Parses of one result schema after which `schemaInUse` hands out its compiled form. */
const parsesBeforeCompiling = 10;

const schemaParses = new WeakMap<z.ZodType, { parses: number; schema: z.ZodType }>();

/**
 * The schema to parse a result with: `schema` itself for its first parses, then zod's compiled
 * form of it (`z.compile`). That is one generated function for the whole shape, which parsed the
 * recorded real-node answers in a fourth (platform.getCurrentValidators) to a twentieth
 * (platform.getTx) of the time of the schema's tree of parsers, and hands a value it refuses to
 * that tree, so the issues are the same. Compiling takes a millisecond or two, and 15–30 ms for
 * the validator list: worth it for a method a view or the watch list asks again and again, not
 * for the one lookup of a hover. A schema zod cannot compile is used as it is.
 */
export function schemaInUse<T extends z.ZodType>(schema: T): T {
    let entry = schemaParses.get(schema);
    if (!entry) {
        entry = { parses: 0, schema };
        schemaParses.set(schema, entry);
    }
    if (++entry.parses === parsesBeforeCompiling) entry.schema = z.compile(schema);
    return entry.schema as T;
}

/** An unsigned integer small enough for a JS number, as a JSON number or a decimal string. */
export function smallUintWire() {
    // Strings first, as in `bigUintWire`: AvalancheGo's `json.Uint64` and `json.Float64`.
    return z.union([
        z.string().regex(/^\d{1,15}$/, 'expected a decimal integer string'),
        z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    ]);
}

/** A float, as a JSON number or a decimal string such as `"99.5000"`. */
export function floatWire() {
    return z.union([
        z.string().regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'expected a decimal number string'),
        z.number(),
    ]);
}

/** An EVM hex quantity that fits a JS number (block numbers, nonces, gas, indexes, chain ids). */
export function smallHexWire() {
    return z.string().regex(/^0x[0-9a-fA-F]{1,13}$/, 'expected a hex quantity below 2^52');
}

/** An EVM hex quantity of any width (wei amounts). */
export function hexWire() {
    return z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a hex quantity');
}

/** A list that Go may send as `null` when empty. */
export function listWire<T extends z.ZodType>(item: T) {
    return z.array(item).nullish();
}

/** A number sent as a JSON number or a decimal string, as a JS number (small values only). */
export function toNumber(value: number | string): number {
    return typeof value === 'number' ? value : Number(value);
}

/** A hex quantity below 2^53 (checked as `0x` and hex digits) as a JS number. */
export function hexToNumber(value: string): number {
    // `Number` reads the `0x` form itself: no slice of the digits first.
    return Number(value);
}

/** A hex quantity of any width as a decimal string. */
export function hexToDecimal(value: string): string {
    // Up to 13 hex digits the value is below 2^52, so a number holds it exactly, at less than
    // half the cost of a BigInt; gas, fees and most amounts are that small.
    return value.length <= 15 ? String(hexToNumber(value)) : BigInt(value).toString();
}

/** A copy of a list that Go may have sent as `null`. */
export function listOf<T>(value: readonly T[] | null | undefined): T[] {
    return value ? [...value] : [];
}

/** The entries of a record that Go may have sent as `null`, ordered by key. */
export function sortedEntries<T>(record: Record<string, T> | null | undefined): [string, T][] {
    return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
