/**
 * Wire schemas of the Metrics API holders route (spec §4.18), as in `metrics-api.openapi.json`
 * (2025-11-18), and of the error body both APIs share (spec §7). Built on first use.
 */
import * as z from 'zod';

import { lazySchemas } from './kit';

function build() {
    // `sortKey` is typed string but the OpenAPI's own example is the number 123 (API-NOTES 4.18);
    // a number is accepted and turned into its string so that consumers see one form.
    const AddressDetailsWireSchema = z.object({
        address: z.string(),
        sortKey: z.union([z.string(), z.number().transform(String)]),
    });
    /** 4.18 */
    const LookingGlassResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        addresses: z.array(AddressDetailsWireSchema),
    });
    /** Spec §7: every 4xx/5xx body; `message` is a string or a list of strings. */
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

/** Parsed form of OpenAPI `AddressDetails` (output of `AddressDetailsWireSchema`). */
export type AddressDetailsWire = z.infer<S['AddressDetailsWireSchema']>;
/** Parsed form of OpenAPI `LookingGlassResponse` (output of `LookingGlassResponseWireSchema`). */
export type LookingGlassResponseWire = z.infer<S['LookingGlassResponseWireSchema']>;
/** Parsed form of OpenAPI `ApiError` (output of `ApiErrorWireSchema`). */
export type ApiErrorWire = z.infer<S['ApiErrorWireSchema']>;
