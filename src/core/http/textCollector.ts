/**
 * Collects one answer of undici's Dispatcher API as text. This is what `undici.request()` does
 * underneath, minus the per-response Node stream, async resource and abort plumbing that it
 * builds for callers that stream: those cost about as much CPU as the whole rest of a small JSON
 * exchange (bench/results/client.md), and every answer here is read whole anyway. One object
 * with its methods on the prototype, rather than a handler of closures, because one is made per
 * request. Failures are mapped by `transportError` (./errorSentences.ts); a fired `signal` aborts
 * the exchange and rejects at once. The client that sends is ./httpClient.ts.
 */
import type * as Undici from 'undici';

import { abortError } from './errors';
import {
    answerDeadlineError,
    answerTooLargeError,
    type SentencePeer,
    statusTexts,
    transportError,
} from './errorSentences';
import type { BodySink, HttpRequest, HttpResponse } from './httpClient';

/** Where one request goes, worked out once per call (not per attempt). */
export interface Target {
    /** The full URL, for errors, logs, the cache and the in-flight map. */
    url: string;
    origin: string;
    /** Path and query as sent on the request line. */
    path: string;
    /** The request goes to this client's own origin, so it may carry credentials. */
    sameOrigin: boolean;
}

export class TextCollector implements Undici.Dispatcher.DispatchHandler {
    private status = 0;
    private headers: HttpResponse['headers'] = {};
    private readonly chunks: Buffer[] = [];
    private length = 0;
    private sink: BodySink | undefined;
    private controller: Undici.Dispatcher.DispatchController | undefined;
    private settled = false;
    private readonly onAbort: (() => void) | undefined;
    private readonly deadline: ReturnType<typeof setTimeout>;

    constructor(
        private readonly peer: SentencePeer,
        private readonly target: Target,
        private readonly signal: AbortSignal | undefined,
        private readonly limits: AnswerLimits,
        private readonly resolve: (response: HttpResponse) => void,
        private readonly reject: (error: Error) => void,
    ) {
        if (signal) {
            this.onAbort = () => {
                const reason = abortError(signal);
                this.controller?.abort(reason);
                this.finish(reason);
            };
            signal.addEventListener('abort', this.onAbort, { once: true });
        }
        this.deadline = setTimeout(() => this.cutOff(this.deadlineError()), limits.deadlineMs);
    }

    onRequestStart(controller: Undici.Dispatcher.DispatchController): void {
        this.controller = controller;
        if (this.settled) controller.abort(abortError(this.signal));
    }

    onResponseStart(
        _controller: Undici.Dispatcher.DispatchController,
        statusCode: number,
        headers: HttpResponse['headers'],
    ): void {
        this.status = statusCode;
        this.headers = headers;
        if (this.settled || !this.limits.sink) return;
        try {
            this.sink = this.limits.sink(statusCode);
        } catch (error) {
            this.cutOff(asError(error));
        }
    }

    onResponseData(_controller: Undici.Dispatcher.DispatchController, chunk: Buffer): void {
        if (this.settled) return;
        if (this.length + chunk.length > this.limits.maxBodyBytes) {
            this.cutOff(this.tooLargeError());
            return;
        }
        this.length += chunk.length;
        if (this.sink) {
            try {
                this.sink.write(chunk);
            } catch (error) {
                this.cutOff(asError(error));
            }
            return;
        }
        this.chunks.push(chunk);
    }

    onResponseEnd(): void {
        if (this.settled) return;
        if (this.sink) {
            try {
                this.sink.end();
            } catch (error) {
                this.finish(asError(error));
                return;
            }
        }
        this.detach();
        this.resolve({
            url: this.target.url,
            status: this.status,
            statusText: statusTexts[this.status] ?? '',
            headers: this.headers,
            body: this.sink ? '' : decodeUtf8(this.chunks, this.length),
        });
    }

    onResponseError(_controller: Undici.Dispatcher.DispatchController, error: Error): void {
        this.fail(error);
    }

    /** Rejects with the mapped failure (also for a `dispatch` that throws). */
    fail(error: unknown): void {
        if (this.settled) return;
        this.detach();
        this.reject(transportError(error, this.target, this.peer, this.signal));
    }

    private finish(error: Error): void {
        if (this.settled) return;
        this.detach();
        this.reject(error);
    }

    /** Ends the exchange with `error`, dropping what arrived: nothing of a refused answer stays. */
    private cutOff(error: Error): void {
        if (this.settled) return;
        this.chunks.length = 0;
        this.length = 0;
        // Settled first: undici reports the abort back through onResponseError at once.
        this.finish(error);
        this.controller?.abort(error);
    }

    private deadlineError(): Error {
        // A status means the headers came: the answer started but did not finish.
        return answerDeadlineError(
            this.peer,
            this.target.url,
            this.limits.deadlineMs,
            this.status !== 0,
        );
    }

    private tooLargeError(): Error {
        return answerTooLargeError(
            this.peer,
            this.target.url,
            this.limits.maxBodyBytes,
            this.limits.answerTo,
        );
    }

    private detach(): void {
        this.settled = true;
        clearTimeout(this.deadline);
        if (this.onAbort) this.signal?.removeEventListener('abort', this.onAbort);
    }
}

/** The limits one attempt is held to. */
export interface AnswerLimits {
    readonly maxBodyBytes: number;
    readonly deadlineMs: number;
    readonly answerTo: string | undefined;
    readonly sink: HttpRequest['sink'];
}

function asError(error: unknown): Error {
    return error instanceof Error ? error : new Error(String(error));
}
/** UTF-8 text of the body chunks, without a byte-order mark (as undici's `body.text()`). */
function decodeUtf8(chunks: readonly Buffer[], length: number): string {
    if (length === 0) return '';
    const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    const bom = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
    return buffer.toString('utf8', bom ? 3 : 0);
}
