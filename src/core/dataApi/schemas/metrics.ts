/**
 * Wire schemas of the Metrics API holders route (`getAddressesByBalanceOverTime`), as in
 * `metrics-api.openapi.json` (2025-11-18), and of the error body both APIs share (OpenAPI
 * `ApiError`). Built on first use. Each `<Name>Wire` type is the parsed form of the OpenAPI
 * component `<Name>`.
 */
import * as z from 'zod';

import { lazySchemas } from './kit';

function build() {
    // `sortKey` is typed string but the OpenAPI's own example is the number 123 (see
    // `test/fixtures/dataApi/metrics-holders-token-holders-above-threshold.source.txt`);
    // a number is accepted and turned into its string so that consumers see one form.
    const AddressDetailsWireSchema = z.object({
        address: z.string(),
        sortKey: z.union([z.string(), z.number().transform(String)]),
    });
    /** The answer of `getAddressesByBalanceOverTime`. */
    const LookingGlassResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        addresses: z.array(AddressDetailsWireSchema),
    });
    /** Every 4xx/5xx body of both APIs; `message` is a string or a list of strings. */
    const ApiErrorWireSchema = z.object({
        message: z.union([z.string(), z.array(z.string())]),
        statusCode: z.number(),
        error: z.string(),
    });
    return { AddressDetailsWireSchema, LookingGlassResponseWireSchema, ApiErrorWireSchema };
}

/** The Metrics API wire schemas and the shared error body, built on the first call. */
export const metricsWireSchemas = lazySchemas(build);
type S = ReturnType<typeof build>;

export type AddressDetailsWire = z.infer<S['AddressDetailsWireSchema']>;
export type LookingGlassResponseWire = z.infer<S['LookingGlassResponseWireSchema']>;
export type ApiErrorWire = z.infer<S['ApiErrorWireSchema']>;
