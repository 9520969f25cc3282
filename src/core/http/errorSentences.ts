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
import { type Phrase, type PhraseArg, phrase } from '../text/phrase';
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
function proxyStatusSentence(
    status: number,
    where: Phrase,
    proxy: string,
    hint: PhraseArg,
): Phrase {
    switch (status) {
        case 407:
            return phrase(
                'The proxy refused the connection (407: authentication needed) to {0} through {1}. {2}',
                where,
                proxy,
                hint,
            );
        case 403:
            return phrase(
                "The proxy refused the connection (403: not allowed by its rules) to {0} through {1}. Ask your network's administrators to allow it.",
                where,
                proxy,
            );
        case 502:
        case 503:
        case 504:
            return phrase(
                'The proxy could not reach {0} ({1}) through {2}. Check the URL; the host may be down or unknown to the proxy.',
                where,
                status,
                proxy,
            );
        default:
            return phrase(
                'The proxy refused the connection ({0}) to {1} through {2}.',
                status,
                where,
                proxy,
            );
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
            return new NetworkError(
                code === 'ECONNREFUSED'
                    ? phrase(
                          'Could not connect to the proxy at {0} (connection refused) on the way to {1}. Check {2}.',
                          proxy,
                          where,
                          transport.hints.proxySetting,
                      )
                    : phrase(
                          'Could not connect to the proxy at {0} (host not found) on the way to {1}. Check {2}.',
                          proxy,
                          where,
                          transport.hints.proxySetting,
                      ),
                url,
                code,
            );
        }
    }
    if (code !== undefined && untrustedCertificateCodes.has(code)) {
        const host = hostOf(target.origin);
        return new NetworkError(
            phrase(
                'The certificate of {0} is not trusted: {1}',
                host,
                transport.hints.untrustedCertificate,
            ),
            url,
            code,
        );
    }
    if (code === 'CERT_HAS_EXPIRED' || code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        const host = hostOf(target.origin);
        return new NetworkError(
            code === 'CERT_HAS_EXPIRED'
                ? phrase(
                      'The certificate of {0} has expired ({1}). Check the URL, or the clock of this machine.',
                      host,
                      code,
                  )
                : phrase(
                      'The certificate of {0} is for another host name ({1}). Check the URL, or the clock of this machine.',
                      host,
                      code,
                  ),
            url,
            code,
        );
    }
    switch (code) {
        case 'UND_ERR_CONNECT_TIMEOUT':
            return new TimeoutError(
                phrase('Could not connect to {0} in time. Check the URL and your network.', where),
                url,
                'connect',
            );
        case 'UND_ERR_HEADERS_TIMEOUT':
            return new TimeoutError(
                phrase('{0} did not answer in time. Try again in a moment.', whereOf(peer, true)),
                url,
                'headers',
            );
        case 'UND_ERR_BODY_TIMEOUT':
            return new TimeoutError(
                phrase(
                    '{0} stopped sending its answer. Try again in a moment.',
                    whereOf(peer, true),
                ),
                url,
                'body',
            );
        case 'ECONNREFUSED':
            return new NetworkError(
                phrase(
                    'Could not connect to {0} (connection refused). Is it running, and is the URL right?',
                    where,
                ),
                url,
                code,
            );
        case 'ENOTFOUND':
        case 'EAI_AGAIN':
            return new NetworkError(
                phrase('Could not find the host of {0}. Check the URL and your network.', where),
                url,
                code,
            );
        case 'ECONNRESET':
        case 'EPIPE':
        case 'UND_ERR_SOCKET':
        case 'UND_ERR_CLOSED':
            return new NetworkError(
                phrase(
                    'The connection to {0} was closed before the answer was complete. Try again.',
                    where,
                ),
                url,
                code,
            );
        default:
            return new NetworkError(phrase('Could not reach {0}: {1}', where, message), url, code);
    }
}

function hostOf(origin: string): string {
    try {
        return new URL(origin).hostname;
    } catch {
        return origin;
    }
}

/**
 * How a client's peer is named in sentences: "the node at http://…", "the Data API"; `start` for
 * the start of a sentence (a language's article may change there, not only its case).
 */
function whereOf(peer: SentencePeer, start = false): Phrase {
    if (peer.service === 'node') {
        return start
            ? phrase('The node at {0}', peer.origin)
            : phrase('the node at {0}', peer.origin);
    }
    return start ? phrase('The {0}', peer.service) : phrase('the {0}', peer.service);
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
            phrase('{0} did not answer in time. Try again in a moment.', whereOf(peer, true)),
            url,
            'headers',
        );
    }
    return new TimeoutError(
        phrase(
            '{0} did not finish its answer within {1} s. Try again in a moment; if it persists, the service may be overloaded or the answer too large.',
            whereOf(peer, true),
            seconds,
        ),
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
        answerTo === undefined
            ? phrase(
                  '{0} sent an answer larger than {1}, the limit for it here; it was cut off. Ask for less (a smaller page or range), or check that the URL points at the right service.',
                  whereOf(peer, true),
                  formatByteSize(limit),
              )
            : phrase(
                  '{0} sent an answer to {1} larger than {2}, the limit for it here; it was cut off. Ask for less (a smaller page or range), or check that the URL points at the right service.',
                  whereOf(peer, true),
                  answerTo,
                  formatByteSize(limit),
              ),
        url,
        limit,
    );
}

/** Parses a JSON body, turning an empty, cut or invalid body into a ResponseFormatError. */
export function parseJsonBody(response: HttpResponse, service: ServiceName): unknown {
    try {
        return parseJsonExact(response.body);
    } catch {
        return failFormat(
            response.body.length === 0
                ? phrase(
                      'The {0} sent an empty answer. Try again; if it persists, the service may be having problems.',
                      service,
                  )
                : phrase(
                      'The {0} sent an answer that is not valid JSON. Try again; if it persists, the service may be having problems.',
                      service,
                  ),
            response.url,
        );
    }
}

function failFormat(message: Phrase, url: string): never {
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
    // Each sentence is written twice, with the service's own text and without: a phrase's
    // template is a literal, and a language may place the quoted text elsewhere.
    const detailed = (without: Phrase, withDetail: (detail: string) => Phrase): Phrase =>
        apiMessage ? withDetail(apiMessage) : without;
    // Only the Data API takes a key: what refuses the others is their address or what stands
    // in front of them.
    const refusal = (code: string): Phrase =>
        service === 'Data API'
            ? status === 401
                ? phrase(
                      'The Data API needs a valid API key ({0}). Set or check the key with "Avalanche: Set Data API Key".',
                      code,
                  )
                : detailed(
                      phrase(
                          'The Data API refused access ({0}). Your API key may be wrong or lack access to this endpoint. Set or check the key with "Avalanche: Set Data API Key".',
                          code,
                      ),
                      (detail) =>
                          phrase(
                              'The Data API refused access ({0}): {1}. Your API key may be wrong or lack access to this endpoint. Set or check the key with "Avalanche: Set Data API Key".',
                              code,
                              detail,
                          ),
                  )
            : service === 'Metrics API'
              ? detailed(
                    phrase(
                        'The Metrics API refused the request ({0}). It is public and takes no key: check the setting avalanche.metricsApi.url, or a proxy or gateway in front of it may be refusing.',
                        code,
                    ),
                    (detail) =>
                        phrase(
                            'The Metrics API refused the request ({0}): {1}. It is public and takes no key: check the setting avalanche.metricsApi.url, or a proxy or gateway in front of it may be refusing.',
                            code,
                            detail,
                        ),
                )
              : detailed(
                    phrase(
                        "The node refused the request ({0}): the node, or a gateway in front of it, requires credentials. Check the node URL (a provider's URL carries its token, for example).",
                        code,
                    ),
                    (detail) =>
                        phrase(
                            "The node refused the request ({0}): {1}: the node, or a gateway in front of it, requires credentials. Check the node URL (a provider's URL carries its token, for example).",
                            code,
                            detail,
                        ),
                );
    switch (status) {
        case 400:
            return new HttpError(
                detailed(phrase('The {0} rejected the request.', service), (detail) =>
                    phrase('The {0} rejected the request: {1}.', service, detail),
                ),
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
                detailed(
                    phrase(
                        'Not found on the {0}. Check the id, the chain and the network.',
                        service,
                    ),
                    (detail) =>
                        phrase(
                            'Not found on the {0}: {1}. Check the id, the chain and the network.',
                            service,
                            detail,
                        ),
                ),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        case 429: {
            const waitMs = retryAfterMs(response.headers);
            const seconds = Math.ceil(rateLimitWaitMs(waitMs) / 1000);
            return new RateLimitedError(
                service === 'Data API'
                    ? phrase(
                          '{0} rate limit reached. Try again in {1} s. Set an API key for higher limits.',
                          service,
                          seconds,
                      )
                    : phrase('{0} rate limit reached. Try again in {1} s.', service, seconds),
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
                phrase('The {0} had an internal error (500). Try again later.', service),
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
                phrase(
                    'The {0} is temporarily unavailable ({1} {2}). Try again in a moment.',
                    service,
                    status,
                    statusText,
                ),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
        default:
            return new HttpError(
                detailed(
                    phrase('The {0} answered {1} {2}.', service, status, statusText),
                    (detail) =>
                        phrase(
                            'The {0} answered {1} {2}: {3}.',
                            service,
                            status,
                            statusText,
                            detail,
                        ),
                ),
                url,
                status,
                statusText,
                apiMessage,
                service,
            );
    }
}
