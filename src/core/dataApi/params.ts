/**
 * The parameter types shared by the Data API endpoints. Each endpoint's own params type is derived
 * from its entry in `endpoints.ts` (`DataApiParams['listSubnets']`): one object per call holding
 * the path, query and body parameters under the names the published OpenAPI gives them.
 * Enum-like parameters are typed with their known values but accept any string, because values
 * typed by a user are checked at run time and rejected there with a message naming the parameter.
 */
import type { DataApiEndpoints } from './endpoints';
import type { BlockchainId } from './enums';
import type { ParamSpec } from './validate';

/** Known values for editors, any string for the run-time check. */
export type Loose<Known extends string> = Known | (string & {});

/** Per-call options of every client method. */
export interface CallOptions {
    /** Cancels the call; it then rejects with an `AbortError` (see `isAbortError`). */
    signal?: AbortSignal | undefined;
}

/** Paging parameters of every list endpoint. */
export interface PageParams {
    /** The `nextPageToken` of the previous page; absent (or empty) for the first page. */
    pageToken?: string | undefined;
    /** Items per page; the range and default differ per endpoint (see `pageSizeLimits`). */
    pageSize?: number | undefined;
}

/** A block number: the API returns them as strings of digits, and either form is accepted. */
export type BlockNumberInput = number | bigint | string;

/** Options of an EVM export. */
export interface EvmExportOptions {
    addresses: readonly string[];
    /** EVM chain ids, for example `['43114']`. */
    includeChains: readonly string[];
}

/** Options of a primary-network export. */
export interface PrimaryNetworkExportOptions {
    addresses?: readonly string[] | undefined;
    cChainEvmAddresses?: readonly string[] | undefined;
    includeChains: readonly Loose<BlockchainId>[];
}

/** The name of a client operation (its OpenAPI operationId). */
export type DataApiOperation = keyof DataApiEndpoints;

type InputOf<P> = P extends ParamSpec<infer In> ? In : never;

/** Flattens an intersection so that editors show one object type. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The params object of an endpoint, from its parameter specs (plus paging for list endpoints). */
export type ParamsOf<Specs, Paged extends boolean> = Flatten<
    {
        -readonly [K in keyof Specs as Specs[K] extends { required: true } ? K : never]: InputOf<
            Specs[K]
        >;
    } & {
        -readonly [K in keyof Specs as Specs[K] extends { required: true } ? never : K]?:
            InputOf<Specs[K]> | undefined;
    } & (Paged extends true ? PageParams : unknown)
>;

/** Parameters per operation, for generic code (request descriptions, command tables). */
export type DataApiParams = {
    [K in DataApiOperation]: DataApiEndpoints[K] extends {
        readonly params: infer Specs;
        readonly pageSize: infer Limit;
    }
        ? ParamsOf<Specs, Limit extends undefined ? false : true>
        : never;
};

/** The body of an export request (kept by the export commands to continue a truncated export). */
export type PostTransactionExportJobParams = DataApiParams['postTransactionExportJob'];
