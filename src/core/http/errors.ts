/**
 * Typed errors shared by every client in `core`. Each `message` is a sentence a user can act on;
 * the technical detail (status, URL, JSON-RPC code) rides along as fields for logs and tests.
 *
 * Guards compare `error.name` rather than using `instanceof`: errors cross bundle boundaries
 * (extension bundle, test build, webview) where the classes are distinct copies.
 *
 * A sentence given as a {@link Phrase} is kept beside its English `message` as `phrase`, so that
 * the extension can show it to a person in their language (`commands/formatError.ts`); agents,
 * logs and the MCP server read `message`.
 */
import { englishText, isPhrase, type Phrase, phrase } from '../text/phrase';

/** A message: English text, or a phrase whose English text becomes the message. */
export type ErrorSentence = string | Phrase;

function englishOf(sentence: ErrorSentence): string {
    return isPhrase(sentence) ? englishText(sentence) : sentence;
}

function phraseOf(sentence: ErrorSentence): Phrase | undefined {
    return isPhrase(sentence) ? sentence : undefined;
}

/** Which remote service an error came from; used to phrase messages. */
export type ServiceName = 'Data API' | 'Metrics API' | 'node';

/** Error names, one per class below; the guards at the end of the file test against these. */
const ErrorName = {
    Http: 'HttpError',
    Unauthorized: 'UnauthorizedError',
    RateLimited: 'RateLimitedError',
    Network: 'NetworkError',
    Timeout: 'TimeoutError',
    Validation: 'ValidationError',
    ResponseFormat: 'ResponseFormatError',
    ResponseTooLarge: 'ResponseTooLargeError',
    Rpc: 'RpcError',
    NodeApiUnavailable: 'NodeApiUnavailableError',
    Abort: 'AbortError',
} as const;

/** A non-2xx HTTP answer. `apiMessage` is the server's own text (Data API error body, node text). */
export class HttpError extends Error {
    override readonly name: string = ErrorName.Http;
    /** The message as a phrase, for people; undefined when it was given as English text. */
    readonly phrase: Phrase | undefined;
    constructor(
        message: ErrorSentence,
        readonly url: string,
        readonly status: number,
        readonly statusText: string,
        readonly apiMessage?: string,
        readonly service?: ServiceName,
    ) {
        super(englishOf(message));
        this.phrase = phraseOf(message);
    }
}

/** 401 or 403 from the Data API: the key is missing, wrong or lacks access. */
export class UnauthorizedError extends HttpError {
    override readonly name: string = ErrorName.Unauthorized;
}

/** 429: `retryAfterMs` from `retry-after` / `ratelimit-reset`, and the remaining quota if sent. */
export class RateLimitedError extends HttpError {
    override readonly name: string = ErrorName.RateLimited;
    constructor(
        message: ErrorSentence,
        url: string,
        statusText: string,
        apiMessage: string | undefined,
        service: ServiceName | undefined,
        readonly retryAfterMs: number | undefined,
        readonly rateLimitRemaining: number | undefined,
        readonly rateLimitLimit: number | undefined,
    ) {
        super(message, url, 429, statusText, apiMessage, service);
    }
}

/** The connection failed, was reset, or closed before the whole response arrived. */
export class NetworkError extends Error {
    override readonly name: string = ErrorName.Network;
    /** The message as a phrase, for people; undefined when it was given as English text. */
    readonly phrase: Phrase | undefined;
    constructor(
        message: ErrorSentence,
        readonly url: string,
        /** Node/undici error code, for example `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`. */
        readonly code: string | undefined,
    ) {
        super(englishOf(message));
        this.phrase = phraseOf(message);
    }
}

/**
 * A connect, headers or body timeout expired, or the whole request outlived its deadline
 * (`deadline`: a peer that drips its answer a byte at a time never trips the body timeout).
 */
export class TimeoutError extends Error {
    override readonly name: string = ErrorName.Timeout;
    /** The message as a phrase, for people; undefined when it was given as English text. */
    readonly phrase: Phrase | undefined;
    constructor(
        message: ErrorSentence,
        readonly url: string,
        readonly phase: 'connect' | 'headers' | 'body' | 'deadline',
    ) {
        super(englishOf(message));
        this.phrase = phraseOf(message);
    }
}

/** A parameter failed a client-side check; nothing was sent. */
export class ValidationError extends Error {
    override readonly name: string = ErrorName.Validation;
    /** What is allowed, in English words: "an integer from 1 to 100", "one of mainnet, fuji". */
    readonly allowed: string;
    /** The message as a phrase, `allowed` nested in it when it was given as one. */
    readonly phrase: Phrase;
    constructor(
        readonly param: string,
        readonly value: unknown,
        /** What is allowed, in words; a phrase when a person should read it in their language. */
        allowed: ErrorSentence,
    ) {
        const sentence = phrase(
            'Invalid {0}: {1} is not allowed; expected {2}.',
            param,
            describeValue(value),
            allowed,
        );
        super(englishText(sentence));
        this.allowed = englishOf(allowed);
        this.phrase = sentence;
    }
}

/** The response was not JSON, was cut short, or did not match the schema. */
export class ResponseFormatError extends Error {
    override readonly name: string = ErrorName.ResponseFormat;
    /** The message as a phrase, for people; undefined when it was given as English text. */
    readonly phrase: Phrase | undefined;
    constructor(
        message: ErrorSentence,
        readonly url: string,
        /** Schema issues in `path: message` form, when the body was JSON but had the wrong shape. */
        readonly issues: readonly string[] = [],
    ) {
        super(englishOf(message));
        this.phrase = phraseOf(message);
    }
}

/**
 * The answer grew past the limit set for its kind and was cut off while it streamed: nothing of
 * it is kept. A kind of format error (the answer is unusable), with the limit for the sentence.
 */
export class ResponseTooLargeError extends ResponseFormatError {
    override readonly name: string = ErrorName.ResponseTooLarge;
    constructor(
        message: ErrorSentence,
        url: string,
        /** The limit the answer passed, in bytes. */
        readonly limitBytes: number,
    ) {
        super(message, url);
    }
}

/** A JSON-RPC error object returned by the node. */
export class RpcError extends Error {
    override readonly name: string = ErrorName.Rpc;
    /** The message as a phrase, for people; undefined when it was given as English text. */
    readonly phrase: Phrase | undefined;
    constructor(
        message: ErrorSentence,
        readonly method: string,
        readonly code: number,
        readonly data: unknown,
        /** The node's own error text. */
        readonly rpcMessage: string,
    ) {
        super(englishOf(message));
        this.phrase = phraseOf(message);
    }
}

/** Why a node API cannot answer: each reason has its own explanation and remedy. */
export type NodeApiUnavailableReason =
    | 'adminDisabled'
    | 'bootstrapping'
    | 'publicServer'
    | 'methodNotAllowed'
    | 'unsupportedMediaType'
    | 'notFound';

/** The node refused a whole API or method for a known reason (admin off, bootstrapping, public server). */
export class NodeApiUnavailableError extends Error {
    override readonly name: string = ErrorName.NodeApiUnavailable;
    /** The message as a phrase, for people; undefined when it was given as English text. */
    readonly phrase: Phrase | undefined;
    constructor(
        message: ErrorSentence,
        readonly reason: NodeApiUnavailableReason,
        readonly url: string,
        readonly method: string | undefined,
        readonly status: number | undefined,
    ) {
        super(englishOf(message));
        this.phrase = phraseOf(message);
    }
}

function hasName(error: unknown, names: readonly string[]): boolean {
    return (
        typeof error === 'object' &&
        error !== null &&
        names.includes((error as { name?: unknown }).name as string)
    );
}

/** True for every non-2xx HTTP error, including the 401/403 and 429 subclasses. */
export function isHttpError(error: unknown): error is HttpError {
    return hasName(error, [ErrorName.Http, ErrorName.Unauthorized, ErrorName.RateLimited]);
}
export function isUnauthorizedError(error: unknown): error is UnauthorizedError {
    return hasName(error, [ErrorName.Unauthorized]);
}
export function isRateLimitedError(error: unknown): error is RateLimitedError {
    return hasName(error, [ErrorName.RateLimited]);
}
export function isNetworkError(error: unknown): error is NetworkError {
    return hasName(error, [ErrorName.Network]);
}
export function isTimeoutError(error: unknown): error is TimeoutError {
    return hasName(error, [ErrorName.Timeout]);
}
export function isValidationError(error: unknown): error is ValidationError {
    return hasName(error, [ErrorName.Validation]);
}
/** True for every unusable answer, including one cut off for its size. */
export function isResponseFormatError(error: unknown): error is ResponseFormatError {
    return hasName(error, [ErrorName.ResponseFormat, ErrorName.ResponseTooLarge]);
}
export function isResponseTooLargeError(error: unknown): error is ResponseTooLargeError {
    return hasName(error, [ErrorName.ResponseTooLarge]);
}
export function isRpcError(error: unknown): error is RpcError {
    return hasName(error, [ErrorName.Rpc]);
}
export function isNodeApiUnavailableError(error: unknown): error is NodeApiUnavailableError {
    return hasName(error, [ErrorName.NodeApiUnavailable]);
}
/** Cancellation through an AbortSignal: callers treat it as silence, never as a failure. */
export function isAbortError(error: unknown): boolean {
    return hasName(error, [ErrorName.Abort]);
}

/** Creates the error an aborted operation rejects with (a DOMException, like fetch and undici). */
export function abortError(signal?: AbortSignal): Error {
    const reason: unknown = signal?.reason;
    if (reason instanceof Error && reason.name === ErrorName.Abort) return reason;
    return new DOMException('The operation was cancelled.', ErrorName.Abort);
}

/** Quotes a value for an error message, cut short so that hostile or huge input stays readable. */
export function describeValue(value: unknown): string {
    let text: string;
    // Only the start of a long string can be shown: quoting all of it first would copy it whole.
    if (typeof value === 'string') text = JSON.stringify(value.slice(0, 200));
    else if (typeof value === 'bigint') text = `${value}n`;
    else if (value === undefined) text = 'undefined';
    else {
        try {
            // JSON.stringify returns undefined for functions and symbols.
            text = JSON.stringify(value) ?? typeof value;
        } catch {
            text = typeof value; // cycles
        }
    }
    // JSON escapes C0 controls but not DEL, C1 controls or the invisible and bidirectional marks,
    // which would reach a notification as they are.
    text = text.replace(
        /[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
