/**
 * Building blocks shared by the Data API wire schemas. Every schema module builds its schemas in a
 * memoised function (`lazySchemas`), because constructing the full zod graph costs tens of
 * milliseconds that only the first request should pay, never the load of the core bundle.
 */
import * as z from 'zod';

import { bigUintWire, toDecimal } from '../../http/exactJson';

/**
 * A string enum that stays open: the known values appear in the type (editors suggest them), but
 * any other string is accepted too, since the API adds values without notice and one new value
 * must not turn a whole page into an error.
 */
export type OpenEnum<Known extends string> = Known | (string & {});

/** Metadata key under which an open enum keeps its known values, for pickers and conformance tests. */
const knownValuesKey = 'x-known-values';

/**
 * A string schema typed as `OpenEnum<Known>`. It checks only that the value is a string: checking
 * the known values first (a union with `z.enum`) would accept exactly the same inputs, only slower.
 */
export function openEnum<const Known extends readonly [string, ...string[]]>(
    known: Known,
): z.ZodType<OpenEnum<Known[number]>> {
    return z.string().meta({ [knownValuesKey]: known });
}

const decimalText = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/**
 * A number the OpenAPI types as `number` but which the published docs examples show as a decimal
 * string (`Money.value: "42.42"` in the `listTransfers` example, kept in
 * `test/fixtures/dataApi/rest-4.9-list-token-transfers.docs.json`). Both forms are accepted; the
 * string is turned into a number here, at the boundary, so that no consumer ever meets the two
 * forms.
 */
export function decimalNumber(): z.ZodType<number, number | string> {
    return z.union([z.number(), z.string().regex(decimalText).transform(Number)]);
}

/**
 * A uint64 the OpenAPI types as `number` (an L1 validator's `weight` and `remainingBalance`), kept
 * exact as a decimal string: beyond 2^53 it reaches the schema as the string the exact parse
 * (`core/http/exactJson.ts`) made of it, below as a number; consumers see the string either way.
 */
export function uint64(): z.ZodType<string, number | string> {
    return bigUintWire().transform(toDecimal);
}

/**
 * An integer the OpenAPI types as `number` that a chain's own configuration sets and so may be
 * past 2^53: an EVM chain id (`evmChainId`, a genesis `config.chainId`), a gas limit, a fee. The
 * exact parse (`core/http/exactJson.ts`) turns such a literal into its decimal string, so both
 * forms arrive: a JSON number stays the number it was, a large one stays the exact decimal string
 * (consumers print either with `String(…)`).
 */
export function wideInt(): z.ZodType<number | string, number | string> {
    return z.union([z.number(), z.string().regex(/^\d{1,78}$/, 'expected a decimal integer')]);
}

/**
 * An integer a genesis file writes as it likes: a JSON number, a decimal string or a `0x` hex
 * string (Subnet-EVM's `baseFeePerGas` and `gasLimit` are hex in geth's genesis format, numbers
 * in others). Hex is turned into its decimal string here, so consumers meet a number or decimal
 * digits only.
 */
export function genesisInt(): z.ZodType<number | string, number | string> {
    return z.union([
        z.number(),
        z.string().regex(/^\d{1,78}$/, 'expected a decimal integer'),
        z
            .string()
            .regex(/^0[xX][0-9a-fA-F]{1,64}$/, 'expected a hex integer')
            .transform((hex) => BigInt(hex).toString()),
    ]);
}

/**
 * Memoises a schema builder: nothing is constructed until the first call, and every later call
 * returns the same objects (so zod's compiled fast paths are reused).
 */
export function lazySchemas<T>(build: () => T): () => T {
    let built: T | undefined;
    return () => (built ??= build());
}
