/**
 * Small HTTP helpers shared by the three sandbox servers: the Data API error body, validation
 * errors in the class-validator style the real API uses, opaque page tokens and pagination.
 */
import type { RecordedRequest } from './types';

export interface SandboxResponse {
    status: number;
    body: string;
    /** Default `application/json; charset=utf-8`. */
    contentType?: string;
    headers?: Record<string, string>;
    /** The response may be served from the per-URL cache. */
    cacheable?: boolean;
    /** `body` encoded once, for responses served from the cache. */
    bytes?: Buffer | undefined;
}

export const statusTexts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
};

/** `{ message, statusCode, error }`, the error body of every Data API and Metrics API failure. */
export function errorBody(status: number, message: string | string[]): string {
    return JSON.stringify({ message, statusCode: status, error: statusTexts[status] ?? 'Error' });
}

export class ApiError extends Error {
    constructor(
        readonly status: number,
        readonly messages: string | string[],
    ) {
        super(Array.isArray(messages) ? messages.join('; ') : messages);
    }
}

export function badRequest(messages: string | string[]): ApiError {
    return new ApiError(400, messages);
}

export function notFound(message: string): ApiError {
    return new ApiError(404, message);
}

export function json(status: number, value: unknown, cacheable = true): SandboxResponse {
    return { status, body: toJsonText(value), cacheable };
}

const bigintMark = 'sandbox-bigint:';

/**
 * `JSON.stringify` that writes a bigint as a plain JSON number, digit for digit, the way Go writes
 * a uint64 that is not a `json.Uint64` (the validators API's `weight`, a transaction's `weight`).
 */
export function toJsonText(value: unknown): string {
    let marked = false;
    const text = JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v !== 'bigint') return v;
        marked = true;
        return `${bigintMark}${v}`;
    });
    return marked ? text.replace(/"sandbox-bigint:(-?\d+)"/g, '$1') : text;
}

// ---- page tokens ------------------------------------------------------------------------

function check(offset: number, scope: string): string {
    let h = 0x811c9dc5;
    const text = `${scope}|${offset}`;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(36);
}

/** An opaque token for `offset` within a list named `scope` (the operation id). */
export function encodePageToken(offset: number, scope: string): string {
    return Buffer.from(`${offset}.${check(offset, scope)}`).toString('base64url');
}

/** The offset in the token, or undefined when it was not issued for this list. */
export function decodePageToken(token: string, scope: string): number | undefined {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
    const text = Buffer.from(token, 'base64url').toString('utf8');
    const dot = text.indexOf('.');
    if (dot <= 0) return undefined;
    const offset = Number(text.slice(0, dot));
    if (!Number.isSafeInteger(offset) || offset < 0) return undefined;
    return check(offset, scope) === text.slice(dot + 1) ? offset : undefined;
}

/** Collects validation messages so one 400 lists every problem, as class-validator does. */
export class QueryReader {
    readonly errors: string[] = [];

    constructor(readonly query: URLSearchParams) {}

    has(name: string): boolean {
        return this.query.has(name);
    }

    string(name: string): string | undefined {
        const v = this.query.get(name);
        return v === null ? undefined : v;
    }

    int(name: string, min: number, max: number | undefined, fallback: number): number;
    int(
        name: string,
        min: number,
        max: number | undefined,
        fallback: undefined,
    ): number | undefined;
    int(
        name: string,
        min: number,
        max: number | undefined,
        fallback: number | undefined,
    ): number | undefined {
        const raw = this.query.get(name);
        if (raw === null || raw === '') return fallback;
        if (!/^-?\d+$/.test(raw.trim())) {
            this.errors.push(`${name} must be an integer number`);
            return fallback;
        }
        const n = Number(raw);
        if (n < min) this.errors.push(`${name} must not be less than ${min}`);
        if (max !== undefined && n > max)
            this.errors.push(`${name} must not be greater than ${max}`);
        return n;
    }

    number(name: string, min: number): number | undefined {
        const raw = this.query.get(name);
        if (raw === null || raw === '') return undefined;
        const n = Number(raw);
        if (!Number.isFinite(n)) {
            this.errors.push(`${name} must be a number conforming to the specified constraints`);
            return undefined;
        }
        if (n < min) this.errors.push(`${name} must not be less than ${min}`);
        return n;
    }

    bool(name: string, fallback: boolean): boolean {
        const raw = this.query.get(name);
        if (raw === null || raw === '') return fallback;
        if (raw === 'true') return true;
        if (raw === 'false') return false;
        this.errors.push(`${name} must be a boolean value`);
        return fallback;
    }

    oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T;
    oneOf<T extends string>(name: string, values: readonly T[], fallback: undefined): T | undefined;
    oneOf<T extends string>(
        name: string,
        values: readonly T[],
        fallback: T | undefined,
    ): T | undefined {
        const raw = this.query.get(name);
        if (raw === null || raw === '') return fallback;
        if ((values as readonly string[]).includes(raw)) return raw as T;
        this.errors.push(`${name} must be one of the following values: ${values.join(', ')}`);
        return fallback;
    }

    pageSize(min: number, max: number, fallback: number): number {
        return this.int('pageSize', min, max, fallback);
    }

    /** `pageSize` then `pageToken` of a list call; `scope` ties the token to the operation. */
    paging(scope: string, min: number, max: number, fallback: number): Paging {
        const size = this.pageSize(min, max, fallback);
        const offset = this.offset(scope);
        return { size, offset, scope };
    }

    offset(scope: string): number {
        const token = this.query.get('pageToken');
        if (token === null || token === '') return 0;
        const offset = decodePageToken(token, scope);
        if (offset === undefined) {
            this.errors.push('pageToken must be a valid page token returned by a previous request');
            return 0;
        }
        return offset;
    }

    /** Throws the collected 400, if any. */
    done(): void {
        if (this.errors.length > 0) throw badRequest([...this.errors]);
    }
}

/** One page of `total` items starting at `offset`, with the token for the next page. */
export function page<T>(
    total: number,
    offset: number,
    size: number,
    get: (i: number) => T,
    scope: string,
): { items: T[]; nextPageToken: string | undefined } {
    const items: T[] = [];
    const end = Math.min(total, offset + size);
    for (let i = offset; i < end; i++) items.push(get(i));
    return { items, nextPageToken: end < total ? encodePageToken(end, scope) : undefined };
}

/** Adds `nextPageToken` first when present, as the real API orders it. */
/** Where one page of a list starts, how long it is, and which operation its tokens belong to. */
export interface Paging {
    size: number;
    offset: number;
    scope: string;
}

/** A 200 with one page of `total` items; `body` places the items among the answer's other fields. */
export function pagedJson<T>(
    paging: Paging,
    total: number,
    get: (i: number) => T,
    body: (items: T[]) => object,
): SandboxResponse {
    const { items, nextPageToken } = page(total, paging.offset, paging.size, get, paging.scope);
    return json(200, withToken(nextPageToken, body(items)));
}

/** Runs a route handler; an `ApiError` it throws becomes the error answer the real API gives. */
export function answerErrors(run: () => SandboxResponse): SandboxResponse {
    try {
        return run();
    } catch (error) {
        if (error instanceof ApiError)
            return {
                status: error.status,
                body: errorBody(error.status, error.messages),
                cacheable: false,
            };
        throw error;
    }
}

export function withToken<T extends object>(
    token: string | undefined,
    rest: T,
): T & { nextPageToken?: string } {
    return token === undefined ? rest : { nextPageToken: token, ...rest };
}

/** A recorded request's headers as `name: value` lines, to search for what must not be there. */
export function headerText(request: RecordedRequest): string {
    return Object.entries(request.headers)
        .map(
            ([name, value]) =>
                `${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`,
        )
        .join('\n');
}
