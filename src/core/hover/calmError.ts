/**
 * Failures as one calm hover line. A hover never fails: a rate limit, an unreachable node or a
 * malformed answer becomes a short sentence ("Data API rate limit reached, retrying in 12 s"),
 * with a remedy where one exists. Pure, so that each line is unit-tested.
 */
import {
    isHttpError,
    isNetworkError,
    isNodeApiUnavailableError,
    isRateLimitedError,
    isResponseFormatError,
    isResponseTooLargeError,
    isRpcError,
    isTimeoutError,
    isUnauthorizedError,
    isValidationError,
} from '../http/errors';
import { formatByteSize } from '../text/byteSize';
import { rateLimitWaitMs } from '../http/rateLimit';
import type { CalmError, HoverService } from './types';

/** Where and when a failure happened, for `toCalmError`. */
export interface CalmErrorContext {
    /** The service the failed call went to (errors without a status do not say). */
    readonly service: HoverService;
    /** What was being looked up ("contract check"); shown after the line. */
    readonly during?: string | undefined;
    /** Whether a Data API key is set: without one, a rate limit suggests setting one. */
    readonly hasApiKey: boolean;
    readonly nowMs: number;
}

/** Reduces any error to a `CalmError`. Cancellation is not a failure: callers filter it first. */
export function toCalmError(error: unknown, context: CalmErrorContext): CalmError {
    const base = { service: context.service, during: context.during };
    const onDataApi = context.service === 'Data API';
    if (isRateLimitedError(error)) {
        return {
            ...base,
            kind: 'rateLimited',
            retryAt: context.nowMs + rateLimitWaitMs(error.retryAfterMs),
            suggestApiKey: onDataApi && !context.hasApiKey,
        };
    }
    if (isUnauthorizedError(error)) {
        // A key is the remedy of the Data API only; a node or a chain's RPC wants credentials
        // of its own, which its URL carries.
        return {
            ...base,
            kind: 'unauthorized',
            detail: statusText(error),
            suggestApiKey: onDataApi,
        };
    }
    if (isNodeApiUnavailableError(error)) {
        return { ...base, kind: 'nodeApi', detail: error.message, suggestApiKey: false };
    }
    if (isHttpError(error)) {
        return { ...base, kind: 'unavailable', detail: statusText(error), suggestApiKey: false };
    }
    if (isNetworkError(error)) {
        return { ...base, kind: 'unreachable', detail: error.code, suggestApiKey: false };
    }
    if (isTimeoutError(error)) return { ...base, kind: 'timeout', suggestApiKey: false };
    if (isResponseTooLargeError(error)) {
        const detail = `larger than ${formatByteSize(error.limitBytes)}`;
        return { ...base, kind: 'format', detail, suggestApiKey: false };
    }
    if (isResponseFormatError(error)) return { ...base, kind: 'format', suggestApiKey: false };
    if (isRpcError(error)) {
        return { ...base, kind: 'rpc', detail: error.rpcMessage, suggestApiKey: false };
    }
    if (isValidationError(error)) {
        return { ...base, kind: 'invalid', detail: error.message, suggestApiKey: false };
    }
    const message =
        error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
    return { ...base, kind: 'other', detail: message, suggestApiKey: false };
}

function statusText(error: { status: number; statusText: string }): string {
    return `${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
}

function serviceName(service: HoverService): string {
    return service === 'node' ? 'The node' : `The ${service}`;
}

/**
 * The line as plain text (escape it before it goes into Markdown). A rate limit counts down to
 * `retryAt` from `nowMs`; once that time has passed it says the retry is under way.
 */
export function calmErrorText(error: CalmError, nowMs: number): string {
    const who = serviceName(error.service);
    let line: string;
    switch (error.kind) {
        case 'rateLimited': {
            const seconds = Math.ceil(((error.retryAt ?? nowMs) - nowMs) / 1000);
            line =
                seconds > 0
                    ? `${error.service} rate limit reached, retrying in ${seconds} s`
                    : `${error.service} rate limit reached, retrying now`;
            break;
        }
        case 'unauthorized':
            line =
                error.service === 'Data API'
                    ? `${who} refused the API key (${error.detail ?? 'unauthorized'})`
                    : `${who} refused the request (${error.detail ?? 'unauthorized'}): it, or a gateway in front of it, requires credentials; check its URL (a provider's URL carries its token)`;
            break;
        case 'unreachable':
            line = `${who} cannot be reached${error.detail ? ` (${error.detail})` : ''}`;
            break;
        case 'timeout':
            line = `${who} did not answer in time`;
            break;
        case 'unavailable':
            line = `${who} answered ${error.detail ?? 'with an error'}; try again later`;
            break;
        case 'format':
            line = error.detail
                ? `${who} sent an answer ${error.detail}; it was cut off`
                : `${who} sent an answer in an unexpected format`;
            break;
        case 'rpc':
            line = `${who} returned an error${error.detail ? `: ${error.detail}` : ''}`;
            break;
        case 'nodeApi':
            line = error.detail ?? `${who} cannot answer this`;
            break;
        case 'invalid':
            line = `Cannot look this up: ${error.detail ?? 'invalid input'}`;
            break;
        default:
            line = `${who} lookup failed${error.detail ? `: ${error.detail}` : ''}`;
    }
    return error.during ? `${line}: ${error.during} skipped` : line;
}
