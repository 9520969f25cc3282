/**
 * The sentences of the HTTP errors: what a failed connection, a slow or oversized answer, a body
 * that is not JSON and a non-2xx REST answer mean for the user, each turned into the typed error
 * of ./errors.ts. The client (./httpClient.ts) and the node client (core/nodeRpc/rpcClient.ts)
 * throw these; the sentences name the peer ("the node at http://…", "the Data API") and what to
 * do next, and quote a peer's own text only made inert and short.
 */
import {
    abortError,
    HttpError,
    NetworkError,
    RateLimitedError,
    ResponseFormatError,
    ResponseTooLargeError,
    type ServiceName,
    TimeoutError,
    UnauthorizedError,
} from './errors';
import type { HttpResponse } from './httpClient';
import { formatByteSize } from '../text/byteSize';
import { inertLine } from '../text/inert';
import { parseJsonExact } from './exactJson';
import { rateLimitWaitMs, retryAfterMs } from './rateLimit';
import type { Transport } from './transport';

/** The client as its sentences name it: its service, its origin and its way to the network. */
export interface SentencePeer {
    readonly service: ServiceName;
    readonly origin: string;
    readonly transport: Transport;
}

/** The reason phrases of the statuses the services answer, for answers and errors that lack one. */
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
    504: 'Gateway Timeout',
};

/** TLS verification failures that trusting the right root certificate fixes. */
const untrustedCertificateCodes = new Set([
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'CERT_UNTRUSTED',
    'CERT_SIGNATURE_FAILURE',
]);

/** What a proxy's answer to CONNECT means for the user. */
function proxyStatusSentence(status: number, where: string, proxy: string, hint: string): string {
    switch (status) {
        case 407:
            return `The proxy refused the connection (407: authentication needed) to ${where} through ${proxy}. ${hint}`;
        case 403:
            return `The proxy refused the connection (403: not allowed by its rules) to ${where} through ${proxy}. Ask your network's administrators to allow it.`;
        case 502:
        case 503:
        case 504:
            return `The proxy could not reach ${where} (${status}) through ${proxy}. Check the URL; the host may be down or unknown to the proxy.`;
        default:
            return `The proxy refused the connection (${status}) to ${where} through ${proxy}.`;
    }
}

/**
 * Turns an undici failure into a NetworkError or TimeoutError phrased for `peer`'s service, or
 * into the AbortError once `signal` has fired. A failure on a proxied route names the proxy, and
 * an untrusted certificate names the host and where to trust its root.
 */
export function transportError(
    error: unknown,
    target: { readonly url: string; readonly origin: string },
    peer: SentencePeer,
    signal: AbortSignal | undefined,
): Error {
    if (signal?.aborted) return abortError(signal);
    const url = target.url;
    const code = (error as { code?: string } | undefined)?.code;
    const message = (error as Error | undefined)?.message ?? String(error);
    const where = whereOf(peer);
    const transport = peer.transport;
    const proxy = transport.proxyFor(target.origin);
    if (proxy !== undefined) {
        // undici reports a CONNECT answer other than 200 as "Proxy response (407) !== 200 when
        // HTTP Tunneling", or "Proxy Authentication Required (407)" without a tunnel.
        const status = /^Proxy (?:response|Authentication Required) \((\d{3})\)/.exec(message);
        if (status) {
            return new NetworkError(
                proxyStatusSentence(
                    Number(status[1]),
                    where,
                    proxy,
                    transport.hints.proxyAuthentication,
                ),
                url,
                `PROXY_${status[1]}`,
            );
        }
        if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
            const what = code === 'ECONNREFUSED' ? 'connection refused' : 'host not found';
            return new NetworkError(
                `Could not connect to the proxy at ${proxy} (${what}) on the way to ${where}. Check ${transport.hints.proxySetting}.`,
                url,
                code,
            );
        }
    }
    if (code !== undefined && untrustedCertificateCodes.has(code)) {
        const host = hostOf(target.origin);
        return new NetworkError(
            `The certificate of ${host} is not trusted: ${transport.hints.untrustedCertificate}`,
            url,
            code,
        );
    }
    if (code === 'CERT_HAS_EXPIRED' || code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        const host = hostOf(target.origin);
        const why = code === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is for another host name';
        return new NetworkError(
            `The certificate of ${host} ${why} (${code}). Check the URL, or the clock of this machine.`,
            url,
            code,
        );
    }
    switch (code) {
        case 'UND_ERR_CONNECT_TIMEOUT':
            return new TimeoutError(
                `Could not connect to ${where} in time. Check the URL and your network.`,
                url,
                'connect',
            );
        case 'UND_ERR_HEADERS_TIMEOUT':
            return new TimeoutError(
                `${capitalise(where)} did not answer in time. Try again in a moment.`,
                url,
                'headers',
            );
        case 'UND_ERR_BODY_TIMEOUT':
            return new TimeoutError(
                `${capitalise(where)} stopped sending its answer. Try again in a moment.`,
                url,
                'body',
            );
        case 'ECONNREFUSED':
            return new NetworkError(
                `Could not connect to ${where} (connection refused). Is it running, and is the URL right?`,
                url,
                code,
            );
        case 'ENOTFOUND':
        case 'EAI_AGAIN':
            return new NetworkError(
                `Could not find the host of ${where}. Check the URL and your network.`,
                url,
                code,
            );
        case 'ECONNRESET':
        case 'EPIPE':
        case 'UND_ERR_SOCKET':
        case 'UND_ERR_CLOSED':
            return new NetworkError(
                `The connection to ${where} was closed before the answer was complete. Try again.`,
                url,
                code,
            );
        default:
            return new NetworkError(`Could not reach ${where}: ${message}`, url, code);
    }
}

function hostOf(origin: string): string {
    try {
        return new URL(origin).hostname;
    } catch {
        return origin;
    }
}

/** How a client's peer is named in sentences: "the node at http://…", "the Data API". */
function whereOf(peer: SentencePeer): string {
    return peer.service === 'node' ? `the node at ${peer.origin}` : `the ${peer.service}`;
}

function capitalise(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The error of an answer not finished within `deadlineMs`: worded as the headers timeout when
 * nothing at all arrived (`anyArrived` false).
 */
export function answerDeadlineError(
    peer: SentencePeer,
    url: string,
    deadlineMs: number,
    anyArrived: boolean,
): TimeoutError {
    const seconds = Math.round(deadlineMs / 100) / 10;
    if (!anyArrived) {
        return new TimeoutError(
            `${capitalise(whereOf(peer))} did not answer in time. Try again in a moment.`,
            url,
            'headers',
        );
    }
    return new TimeoutError(
        `${capitalise(whereOf(peer))} did not finish its answer within ${seconds} s. Try again in a moment; if it persists, the service may be overloaded or the answer too large.`,
        url,
        'deadline',
    );
}

/** The error of an answer cut off at `limit` bytes; `answerTo` names what was asked, if known. */
export function answerTooLargeError(
    peer: SentencePeer,
    url: string,
    limit: number,
    answerTo: string | undefined,
): ResponseTooLargeError {
    return new ResponseTooLargeError(
        `${capitalise(whereOf(peer))} sent an answer${answerTo === undefined ? '' : ` to ${answerTo}`} larger than ${formatByteSize(limit)}, the limit for it here; it was cut off. Ask for less (a smaller page or range), or check that the URL points at the right service.`,
        url,
        limit,
    );
}

/** Parses a JSON body, turning an empty, cut or invalid body into a ResponseFormatError. */
export function parseJsonBody(response: HttpResponse, service: ServiceName): unknown {
    try {
        return parseJsonExact(response.body);
    } catch {
        const what =
            response.body.length === 0 ? 'an empty answer' : 'an answer that is not valid JSON';
        return failFormat(
            `The ${service === 'node' ? 'node' : service} sent ${what}. Try again; if it persists, the service may be having problems.`,
            response.url,
        );
    }
}

function failFormat(message: string, url: string): never {
    throw new ResponseFormatError(message, url);
}

/** Longest part of a service's own error text quoted in a sentence. */
const maxApiMessageChars = 300;

/**
 * The Data API / Metrics API error body; `message` is a string or a list of strings. Made inert
 * and short (`core/text/inert.ts`): the text is the peer's, and it reaches every surface.
 */
function apiMessageOf(body: string): string | undefined {
    try {
        const parsed = JSON.parse(body) as { message?: unknown };
        const message = parsed?.message;
        if (typeof message === 'string') return inertLine(message, maxApiMessageChars).trim();
        if (Array.isArray(message)) {
            const parts = message.slice(0, 20).filter((m) => typeof m === 'string');
            return inertLine(parts.join('; '), maxApiMessageChars).trim();
        }
    } catch {
        // not JSON: fall through to the raw text below
    }
    const text = body.trim();
    return text.length > 0 && text.length <= maxApiMessageChars
        ? inertLine(text, maxApiMessageChars)
        : undefined;
}

/** A header read as a number, or undefined when absent or not a number. */
export function headerNumber(headers: HttpResponse['headers'], name: string): number | undefined {
    const raw = headers[name];
    const value = Number(Array.isArray(raw) ? raw[0] : raw);
    return raw !== undefined && Number.isFinite(value) ? value : undefined;
}

/** Turns a non-2xx REST answer into a typed error with a sentence a user can act on. */
export function restError(response: HttpResponse, service: ServiceName): HttpError {
    const { status, url } = response;
    const statusText = response.statusText || statusTexts[status] || 'Error';
    const apiMessage = apiMessageOf(response.body);
    const detail = apiMessage ? `: ${apiMessage}` : '';
    const keyHint =
        service === 'Data API' ? ' Set or check the key with "Avalanche: Set Data API Key".' : '';
    // Only the Data API takes a key: what refuses the others is their address or what stands
    // in front of them.
    const refusal = (code: string): string =>
        service === 'Data API'
            ? status === 401
                ? `The Data API needs a valid API key (${code}).${keyHint}`
                : `The Data API refused access (${code})${detail}. Your API key may be wrong or lack access to this endpoint.${keyHint}`
            : service === 'Metrics API'
              ? `The Metrics API refused the request (${code})${detail}. It is public and takes no key: check the setting avalanche.metricsApi.url, or a proxy or gateway in front of it may be refusing.`
              : `The node refused the request (${code})${detail}: the node, or a gateway in front of it, requires credentials. Check the node URL (a provider's URL carries its token, for example).`;
    switch (status) {
        case 400:
            return new HttpError(
                `The ${service} rejected the request${detail}.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 401:
            return new UnauthorizedError(
                refusal('401 Unauthorized'),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 403:
            return new UnauthorizedError(
                refusal('403 Forbidden'),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 404:
            return new HttpError(
                `Not found on the ${service}${detail}. Check the id, the chain and the network.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 429: {
            const waitMs = retryAfterMs(response.headers);
            const wait = `Try again in ${Math.ceil(rateLimitWaitMs(waitMs) / 1000)} s.`;
            const more = service === 'Data API' ? ' Set an API key for higher limits.' : '';
            return new RateLimitedError(
                `${service} rate limit reached. ${wait}${more}`,
                url,
                statusText,
                apiMessage,
                service,
                waitMs,
                headerNumber(response.headers, 'ratelimit-remaining'),
                headerNumber(response.headers, 'ratelimit-limit'),
            );
        }
        case 500:
            return new HttpError(
                `The ${service} had an internal error (500). Try again later.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 502:
        case 503:
        case 504:
            return new HttpError(
                `The ${service} is temporarily unavailable (${status} ${statusText}). Try again in a moment.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        default:
            return new HttpError(
                `The ${service} answered ${status} ${statusText}${detail}.`,
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
    }
}
