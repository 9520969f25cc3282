/**
 * The MCP server's stdio transport: one JSON-RPC message per line on stdin, one per line on
 * stdout (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio).
 *
 * Ours rather than the SDK's `StdioServerTransport` (SDK 1.32.2, `shared/stdio.js`), because that
 * one gives a client nothing to act on when a line is wrong: its `ReadBuffer` appends every chunk
 * to one buffer until a newline, and past 10 MiB it throws, which closes the transport and ends
 * the process without a word; a line that is not JSON, or JSON that is not a JSON-RPC message, goes
 * to `onerror` only, so the client waits for an answer that never comes. Here a line is held up to
 * `maxLineBytes`; a longer one is dropped as it arrives and answered with an Invalid Request error,
 * and a malformed line with a Parse error or an Invalid Request error
 * (https://www.jsonrpc.org/specification#error_object), and the server keeps serving.
 */
import type { Readable, Writable } from 'node:stream';

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** One line read, or the size of a line that was longer than the reader holds. */
export type LineEvent =
    | { readonly kind: 'line'; readonly text: string }
    | { readonly kind: 'tooLong'; readonly bytes: number };

/**
 * Splits a byte stream into lines (`\n`, with a `\r` before it dropped) and never holds more than
 * `maxLineBytes` of one: the bytes of a longer line are counted and let go as they arrive. A line
 * is decoded only once it is whole, so a UTF-8 character split between chunks stays whole.
 */
export class BoundedLineReader {
    private parts: Buffer[] = [];
    private held = 0;
    /** The length of the line being dropped, or undefined while the line fits. */
    private dropped: number | undefined;

    constructor(readonly maxLineBytes: number) {}

    /** The bytes of the current line held now: never more than `maxLineBytes`. */
    get heldBytes(): number {
        return this.held;
    }

    /** The lines `chunk` completes, in order. */
    push(chunk: Buffer): LineEvent[] {
        const events: LineEvent[] = [];
        let start = 0;
        for (;;) {
            const newline = chunk.indexOf(0x0a, start);
            this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
            if (newline === -1) return events;
            events.push(this.end());
            start = newline + 1;
        }
    }

    /** Lets go of a partial line. */
    clear(): void {
        this.parts = [];
        this.held = 0;
        this.dropped = undefined;
    }

    private take(part: Buffer): void {
        if (part.length === 0) return;
        if (this.dropped !== undefined) {
            this.dropped += part.length;
        } else if (this.held + part.length > this.maxLineBytes) {
            this.dropped = this.held + part.length;
            this.parts = [];
            this.held = 0;
        } else {
            this.parts.push(part);
            this.held += part.length;
        }
    }

    private end(): LineEvent {
        const event: LineEvent =
            this.dropped !== undefined
                ? { kind: 'tooLong', bytes: this.dropped }
                : {
                      kind: 'line',
                      text: Buffer.concat(this.parts, this.held)
                          .toString('utf8')
                          .replace(/\r$/, ''),
                  };
        this.clear();
        return event;
    }
}

/** JSON-RPC 2.0's codes for a message the server could not take. */
const parseErrorCode = -32700;
const invalidRequestCode = -32600;

/** A JSON-RPC error answer to a line that was not a message the server could take. */
export interface LineErrorAnswer {
    readonly jsonrpc: '2.0';
    readonly id: string | number | null;
    readonly error: { readonly code: number; readonly message: string };
}

function mib(bytes: number): string {
    return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/**
 * What to do with one line: the message it holds, nothing (a blank line), or the error answer.
 * The answer names the request's id when the line is an object with a usable `id` and `method`
 * (a request whose fields are wrong, so the client's call fails at once instead of timing out);
 * otherwise `null`, as JSON-RPC asks when the id cannot be told.
 */
function readLine(
    event: LineEvent,
    maxLineBytes: number,
): { message: JSONRPCMessage } | { answer: LineErrorAnswer } | undefined {
    const answer = (code: number, message: string, id: string | number | null = null) => ({
        answer: { jsonrpc: '2.0' as const, id, error: { code, message } },
    });
    if (event.kind === 'tooLong') {
        return answer(
            invalidRequestCode,
            `Invalid Request: a line of ${event.bytes} bytes (${mib(event.bytes)}) was dropped; a message may be at most ${mib(maxLineBytes)}.`,
        );
    }
    if (event.text.trim() === '') return undefined;
    let value: unknown;
    try {
        value = JSON.parse(event.text);
    } catch {
        return answer(parseErrorCode, 'Parse error: the line is not JSON.');
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) return { message: parsed.data };
    const record =
        typeof value === 'object' && value !== null && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : {};
    const id = record['id'];
    const usableId =
        'method' in record &&
        (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))
            ? id
            : null;
    return answer(
        invalidRequestCode,
        'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message (a request, notification or response object).',
        usableId,
    );
}

/**
 * A {@link Transport} over a readable and a writable stream (stdin and stdout). When the writer
 * is full (a client that sends but does not read), reading pauses until it drains, so neither
 * the answers nor the lines behind them pile up in memory. The end of the input is the host's to
 * handle (`server.ts` closes the server and exits).
 */
export class LineTransport implements Transport {
    onclose?: Transport['onclose'];
    onerror?: Transport['onerror'];
    onmessage?: Transport['onmessage'];

    private readonly reader: BoundedLineReader;
    private started = false;
    private closed = false;
    private drained: Promise<void> | undefined;

    constructor(
        private readonly input: Readable,
        private readonly output: Writable,
        readonly maxLineBytes: number,
    ) {
        this.reader = new BoundedLineReader(maxLineBytes);
    }

    start(): Promise<void> {
        if (this.started) return Promise.reject(new Error('The transport is started already.'));
        this.started = true;
        this.input.on('data', this.onData);
        this.input.on('error', this.onStreamError);
        this.output.on('error', this.onStreamError);
        return Promise.resolve();
    }

    send(message: JSONRPCMessage): Promise<void> {
        return this.write(message);
    }

    close(): Promise<void> {
        if (this.closed) return Promise.resolve();
        this.closed = true;
        this.input.off('data', this.onData);
        this.input.off('error', this.onStreamError);
        // The output keeps its error listener: a broken pipe after closing must not throw.
        this.input.pause();
        this.reader.clear();
        this.onclose?.();
        return Promise.resolve();
    }

    private readonly onData = (chunk: Buffer | string): void => {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        for (const event of this.reader.push(bytes)) {
            const read = readLine(event, this.maxLineBytes);
            if (read === undefined) continue;
            if ('message' in read) {
                this.onmessage?.(read.message);
            } else {
                this.onerror?.(new Error(read.answer.error.message));
                void this.write(read.answer).catch(() => undefined);
            }
        }
    };

    private readonly onStreamError = (error: Error): void => {
        this.onerror?.(error);
    };

    private async write(value: JSONRPCMessage | LineErrorAnswer): Promise<void> {
        if (this.closed) return;
        if (!this.output.write(`${JSON.stringify(value)}\n`)) {
            this.drained ??= new Promise<void>((resolve) => {
                this.input.pause();
                this.output.once('drain', () => {
                    this.drained = undefined;
                    if (!this.closed) this.input.resume();
                    resolve();
                });
            });
        }
        await this.drained;
    }
}
