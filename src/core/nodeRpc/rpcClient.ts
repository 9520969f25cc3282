/**
 * JSON-RPC 2.0 client for AvalancheGo nodes, on top of the shared HttpClient: request ids,
 * batches (with a fallback for endpoints that refuse them), cancellation, and the size limit of
 * each method's answer. Where each call goes and the checks of raw calls are in ./endpoints.ts;
 * what everything a node can answer means as a typed error with a sentence is in ./rpcErrors.ts.
 *
 * JSON-RPC travels as POST, which HttpClient never retries on its own. Methods that only read are
 * idempotent, so their requests opt in to retries; methods that change the node never do.
 */
import type * as Undici from 'undici';

import {
    findNodeRpcMethod,
    type EndpointKind,
    type NodeRpcMethod,
    type NodeRpcParams,
    type NodeRpcResult,
} from './methods';
import {
    checkEndpointPath,
    checkMethodName,
    checkRawParams,
    nodeEndpointPath,
    normaliseNodeUrl,
    publicHosts,
    refusesBatches,
} from './endpoints';
import {
    type CallContext,
    type Envelope,
    errorText,
    httpFailure,
    parseResult,
    rpcFailure,
} from './rpcErrors';
import { schemaInUse } from './wire';
import { ResponseFormatError, ValidationError, abortError, describeValue } from '../http/errors';
import { phrase } from '../text/phrase';
import { HealthReplyWireSchema, normalizeHealthReply, type HealthReport } from './healthSchemas';
import {
    type BodySink,
    defaultMaxBodyBytes,
    HttpClient,
    type HttpResponse,
    type RetryPolicy,
} from '../http/httpClient';
import { parseJsonBody } from '../http/errorSentences';
import type { Transport } from '../http/transport';

/** Time limits of node requests. */
export interface NodeRpcTimeouts {
    connectMs?: number;
    /** Until the response headers arrive: the limit a slow method hits. */
    headersMs?: number;
    /** Between body chunks. */
    bodyMs?: number;
}

/** How to reach one node. */
export interface NodeRpcClientOptions {
    /**
     * The node's base URL, for example `http://127.0.0.1:9650` or `https://api.avax.network`.
     * A pasted endpoint URL (`…/ext/bc/C/rpc`) is cut back to its base.
     */
    url: string;
    /** Injected for tests (`MockAgent`). */
    dispatcher?: Undici.Dispatcher;
    /** Proxy and trusted roots (see core/http/transport.ts); default: the environment's. */
    transport?: Transport | undefined;
    timeouts?: NodeRpcTimeouts;
    /** Retry bounds for read-only methods (see RetryPolicy). */
    retry?: Partial<RetryPolicy>;
    /** Most calls per batch request; longer batches are split. Default 40 (the public C-Chain limit). */
    maxBatchSize?: number;
    /** The largest answer kept, in bytes (see `HttpClientOptions.maxBodyBytes`). */
    maxAnswerBytes?: number;
    /**
     * For a URL the user did not choose: the sentence that refuses every call (nothing is
     * sent), or, when it may be called, connections only to public addresses.
     */
    untrusted?: { readonly refusal: string | undefined } | undefined;
}

/** Per-call options of `call()`. */
export interface NodeCallOptions {
    /** Blockchain id or alias; required for `evm` and `validators` methods, ignored otherwise. */
    chain?: string;
    signal?: AbortSignal;
}

/** Per-call options of `callRaw()`. */
export interface RawCallOptions {
    signal?: AbortSignal;
}

/** Where a batch goes and how to cancel it. */
export interface BatchOptions {
    /** Endpoint path such as `/ext/bc/C/rpc`; needed when no call is a table entry. */
    path?: string;
    /** Blockchain id or alias for `evm` and `validators` entries. */
    chain?: string;
    signal?: AbortSignal;
}

/**
 * One call of a batch: a table entry (typed result) or a method name (raw result). Build typed
 * calls with `batchCall()` to have their params checked by the compiler.
 */
export interface BatchCall<R = unknown> {
    readonly method: NodeRpcMethod<string, never, R> | string;
    readonly params: unknown;
}

/** The outcome of one batch call, like `Promise.allSettled`. */
export type Settled<T> = { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: Error };

/** Per-call outcomes of `batch()`, in the order of the calls. */
export type BatchResults<T extends readonly BatchCall[]> = {
    -readonly [K in keyof T]: Settled<T[K] extends BatchCall<infer R> ? R : unknown>;
};

/** A typed batch call: the params are checked against the method's params type. */
export function batchCall<P, R>(method: NodeRpcMethod<string, P, R>, params: P): BatchCall<R> {
    return { method: method, params };
}

/** Single requests in flight at once where an endpoint takes no batch. */
const maxConcurrentSingles = 8;

/**
 * The limit of most methods' answers: a node's version, a chain's height or a transaction is a
 * few KiB. Several of them run at once (the Node view's snapshot makes about fifteen calls), so
 * the limit times that many is what a hostile node can make the host hold.
 */
const smallAnswerBytes = 4 * 1024 * 1024;

/**
 * Methods whose answers grow with the network or the range asked for: the validator sets and
 * UTXO pages of the P- and X-Chain, blocks, logs, receipts, traces and the transaction pool.
 * They keep the client's whole limit (`maxAnswerBytes`, 32 MiB by default).
 */
const largeAnswerMethod =
    /^(platform\.(getCurrentValidators|getValidatorsAt|getUTXOs|getBlock|getBlockByHeight|getTx|getL1Validators?|getSubnets|getBlockchains|getStake)|avm\.(getUTXOs|getBlock|getBlockByHeight|getTx)|eth_(getLogs|getBlockBy\w+|getBlockReceipts|getProof|call|feeHistory)|debug_\w+|txpool_\w+|admin\.\w+)$/;

function answersLarge(method: string): boolean {
    return largeAnswerMethod.test(method);
}

/** A JSON-RPC 2.0 client for one node. Safe to share; `close()` when done. */
export class NodeRpcClient {
    /** The node's base URL (no trailing slash, no `/ext/...`). */
    readonly url: string;
    /** True for the known public API servers (api.avax.network, api.avax-test.network). */
    readonly isKnownPublicServer: boolean;
    private readonly http: HttpClient;
    private readonly maxBatchSize: number;
    /** The limit of a method not known to answer at length (`answersLarge`). */
    private readonly smallAnswerBytes: number;
    private nextId = 1;
    /** Endpoint paths that answered a batch with a single error: later batches go one by one. */
    private readonly noBatchPaths = new Set<string>();

    constructor(options: NodeRpcClientOptions) {
        this.url = normaliseNodeUrl(options.url);
        this.isKnownPublicServer = publicHosts.has(new URL(this.url).hostname.toLowerCase());
        this.maxBatchSize = Math.max(1, options.maxBatchSize ?? 40);
        this.smallAnswerBytes = Math.min(
            smallAnswerBytes,
            options.maxAnswerBytes ?? defaultMaxBodyBytes,
        );
        const timeouts = options.timeouts ?? {};
        this.http = new HttpClient({
            baseUrl: this.url,
            service: 'node',
            ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
            ...(options.transport ? { transport: options.transport } : {}),
            ...(timeouts.connectMs !== undefined ? { connectTimeoutMs: timeouts.connectMs } : {}),
            ...(timeouts.headersMs !== undefined ? { headersTimeoutMs: timeouts.headersMs } : {}),
            ...(timeouts.bodyMs !== undefined ? { bodyTimeoutMs: timeouts.bodyMs } : {}),
            ...(options.retry ? { retry: options.retry } : {}),
            ...(options.maxAnswerBytes !== undefined
                ? { maxBodyBytes: options.maxAnswerBytes }
                : {}),
            ...(options.untrusted
                ? options.untrusted.refusal !== undefined
                    ? { refusal: options.untrusted.refusal }
                    : { publicAddressesOnly: true }
                : {}),
        });
    }

    /**
     * Calls a table method and returns its normalised result. Params are checked first
     * (ValidationError, nothing sent). Fails with RpcError, NodeApiUnavailableError, HttpError,
     * NetworkError, TimeoutError, ResponseFormatError, or an AbortError when `signal` fires.
     */
    async call<M extends NodeRpcMethod<string, never>>(
        method: M,
        params: NodeRpcParams<M>,
        options: NodeCallOptions = {},
    ): Promise<NodeRpcResult<M>> {
        const path = nodeEndpointPath(method.endpoint, options.chain);
        const wireParams = method.encodeParams(params as never);
        const context = this.context(method.name, method, path);
        const result = await this.exchange(
            context,
            wireParams,
            !method.changesNode,
            options.signal,
        );
        return parseResult(method, result, context) as NodeRpcResult<M>;
    }

    /**
     * Sends any method to any endpoint path ("Send raw JSON-RPC") and returns the raw `result`.
     * Errors are translated as for `call()`. Only methods the table knows as read-only are
     * retried.
     */
    async callRaw(
        endpointPath: string,
        methodName: string,
        params?: unknown,
        options: RawCallOptions = {},
    ): Promise<unknown> {
        const path = checkEndpointPath(endpointPath);
        checkMethodName(methodName);
        checkRawParams(params);
        const entry = findNodeRpcMethod(methodName);
        const context = this.context(methodName, entry, path);
        const retry = entry !== undefined && !entry.changesNode;
        return this.exchange(context, params, retry, options.signal);
    }

    /**
     * Sends several calls to one endpoint as JSON-RPC batches and returns one outcome per call,
     * in order. A call with bad params is rejected alone, without being sent. AvalancheGo's own
     * services take no batch, so their calls go out as concurrent single requests from the start;
     * any other endpoint that refuses a batch is remembered and served the same way.
     */
    async batch<const T extends readonly BatchCall[]>(
        calls: T,
        options: BatchOptions = {},
    ): Promise<BatchResults<T>> {
        if (calls.length === 0) return [] as unknown as BatchResults<T>;
        const entries = calls.map((call) =>
            typeof call.method === 'string' ? undefined : (call.method as NodeRpcMethod),
        );
        const path = this.batchPath(entries, options);
        // Worked out once for the batch, not once per call (the URL) and per chunk (the refusal).
        const url = this.http.urlFor(path);
        const refused = refusesBatches(path);
        const outcomes: Settled<unknown>[] = new Array<Settled<unknown>>(calls.length);
        const pending: { index: number; context: CallContext; params: unknown; retry: boolean }[] =
            [];
        calls.forEach((call, index) => {
            const entry = entries[index];
            const name = entry ? entry.name : (call.method as string);
            try {
                if (!entry) {
                    checkMethodName(name);
                    checkRawParams(call.params);
                }
                const params = entry ? entry.encodeParams(call.params) : call.params;
                const known = entry ?? findNodeRpcMethod(name);
                pending.push({
                    index,
                    context: { method: name, entry, path, url },
                    params,
                    retry: known !== undefined && !known.changesNode,
                });
            } catch (error) {
                outcomes[index] = { status: 'rejected', reason: asError(error) };
            }
        });
        for (let start = 0; start < pending.length; start += this.maxBatchSize) {
            if (options.signal?.aborted) throw abortError(options.signal);
            const chunk = pending.slice(start, start + this.maxBatchSize);
            const settled =
                refused || this.noBatchPaths.has(path)
                    ? await this.concurrent(chunk, options.signal)
                    : await this.sendBatch(path, chunk, options.signal);
            chunk.forEach((item, i) => (outcomes[item.index] = settled[i] as Settled<unknown>));
        }
        return outcomes as BatchResults<T>;
    }

    /** The URL and JSON body `call()` would send, for "Copy as curl" (params are checked). */
    preview<P>(
        method: NodeRpcMethod<string, P>,
        params: P,
        options: Pick<NodeCallOptions, 'chain'> = {},
    ): { url: string; body: string } {
        const path = nodeEndpointPath(method.endpoint, options.chain);
        const body = envelope(1, method.name, method.encodeParams(params));
        return { url: this.http.urlFor(path), body: JSON.stringify(body) };
    }

    /**
     * The health API's GET form (`/ext/health`, `/ext/health/readiness`, `/ext/health/liveness`,
     * each `?tag=` repeated): 200 when every check passes, 503 when one fails, the same JSON
     * either way (`api/health/handler.go` in AvalancheGo). A 503 is an answer here, so it is not
     * retried. Fails as `call()` does for anything else (404 where the API is off or a public
     * server does not forward it).
     */
    async healthGet(
        kind: 'health' | 'readiness' | 'liveness',
        tags: readonly string[] = [],
        options: RawCallOptions = {},
    ): Promise<{ status: number; report: HealthReport }> {
        const path = kind === 'health' ? '/ext/health' : `/ext/health/${kind}`;
        const method = `GET ${path}`;
        const context = this.context(method, undefined, path);
        const response = await this.http.send({
            method: 'GET',
            path,
            ...(tags.length > 0 ? { query: { tag: [...tags] } } : {}),
            signal: options.signal,
            retry: false,
            cache: false,
            answerTo: method,
            maxBodyBytes: this.smallAnswerBytes,
        });
        if (response.status !== 200 && response.status !== 503) {
            throw httpFailure(response, context, this.isKnownPublicServer);
        }
        let json: unknown;
        try {
            json = JSON.parse(response.body);
        } catch {
            // A 503 that is not the health JSON: a proxy's or a bootstrapping refusal.
            throw httpFailure(response, context, this.isKnownPublicServer);
        }
        const parsed = schemaInUse(HealthReplyWireSchema()).safeParse(json);
        if (!parsed.success) {
            if (response.status === 503)
                throw httpFailure(response, context, this.isKnownPublicServer);
            throw new ResponseFormatError(
                phrase("The node's answer to {0} is not a health report.", method),
                context.url,
            );
        }
        return { status: response.status, report: normalizeHealthReply(parsed.data) };
    }

    /**
     * GETs `path` (the metrics page) and streams a 2xx body into `sink` as it arrives, held to
     * `maxBodyBytes` and the client's deadline like any answer; other answers fail as typed
     * errors. Not retried: a scrape is repeated by its schedule, not by the transport.
     */
    async stream(
        path: string,
        sink: BodySink,
        options: { signal?: AbortSignal | undefined; maxBodyBytes: number; answerTo: string },
    ): Promise<void> {
        const context = this.context(options.answerTo, undefined, path);
        const response = await this.http.send({
            method: 'GET',
            path: checkEndpointPath(path),
            headers: { accept: 'text/plain;version=0.0.4;q=1,*/*;q=0.1' },
            signal: options.signal,
            retry: false,
            answerTo: options.answerTo,
            maxBodyBytes: options.maxBodyBytes,
            sink: (status) => (status >= 200 && status < 300 ? sink : undefined),
        });
        if (response.status < 200 || response.status >= 300) {
            throw httpFailure(response, context, this.isKnownPublicServer);
        }
    }

    /** Closes the keep-alive connections. */
    close(): Promise<void> {
        return this.http.close();
    }

    private context(method: string, entry: NodeRpcMethod | undefined, path: string): CallContext {
        return { method, entry, path, url: this.http.urlFor(path) };
    }

    private batchPath(entries: (NodeRpcMethod | undefined)[], options: BatchOptions): string {
        if (options.path !== undefined) return checkEndpointPath(options.path);
        const kinds = new Set(entries.filter((e) => e !== undefined).map((e) => e.endpoint));
        if (kinds.size === 0) {
            throw new ValidationError(
                'path',
                undefined,
                phrase('an endpoint path such as /ext/info for raw calls'),
            );
        }
        if (kinds.size > 1) {
            throw new ValidationError(
                'calls',
                [...kinds],
                phrase('calls that all go to one endpoint (admin, info, evm or validators)'),
            );
        }
        return nodeEndpointPath([...kinds][0] as EndpointKind, options.chain);
    }

    /** One request, one answer: returns the `result` or throws the translated error. */
    private async exchange(
        context: CallContext,
        params: unknown,
        retry: boolean,
        signal: AbortSignal | undefined,
    ): Promise<unknown> {
        const id = this.nextId++;
        const response = await this.http.send({
            method: 'POST',
            path: context.path,
            body: envelope(id, context.method, params),
            signal,
            retry,
            isPermanent: isBootstrappingRefusal,
            answerTo: context.method,
            ...(answersLarge(context.method) ? {} : { maxBodyBytes: this.smallAnswerBytes }),
        });
        if (response.status < 200 || response.status >= 300) {
            throw httpFailure(response, context, this.isKnownPublicServer);
        }
        const json = parseJsonBody(response, 'node');
        if (typeof json !== 'object' || json === null || Array.isArray(json)) {
            throw new ResponseFormatError(
                phrase(
                    "The node's answer to {0} is not a JSON-RPC response. Check that the URL points at an AvalancheGo node.",
                    context.method,
                ),
                context.url,
            );
        }
        return this.unwrap(json, id, context);
    }

    /** Reads one JSON-RPC envelope: the result, or the translated error. */
    private unwrap(message: Envelope, id: number, context: CallContext): unknown {
        if (message.error !== undefined && message.error !== null) {
            throw rpcFailure(message.error, context, this.isKnownPublicServer);
        }
        if (message.id !== undefined && message.id !== null && idKey(message.id) !== String(id)) {
            throw new ResponseFormatError(
                phrase(
                    'The node answered {0} with the response to another request (id {1} instead of {2}).',
                    context.method,
                    describeValue(message.id),
                    id,
                ),
                context.url,
            );
        }
        if (!('result' in message)) {
            throw new ResponseFormatError(
                phrase(
                    "The node's answer to {0} has neither a result nor an error.",
                    context.method,
                ),
                context.url,
            );
        }
        return message.result;
    }

    private async sendBatch(
        path: string,
        chunk: { context: CallContext; params: unknown; retry: boolean }[],
        signal: AbortSignal | undefined,
    ): Promise<Settled<unknown>[]> {
        const ids = chunk.map(() => this.nextId++);
        const url = this.http.urlFor(path);
        let response: HttpResponse;
        try {
            response = await this.http.send({
                method: 'POST',
                path,
                body: chunk.map((item, i) =>
                    envelope(ids[i] as number, item.context.method, item.params),
                ),
                signal,
                retry: chunk.every((item) => item.retry),
                isPermanent: isBootstrappingRefusal,
                answerTo: `a batch of ${chunk.length} calls`,
            });
        } catch (error) {
            if (signal?.aborted) throw error;
            return chunk.map(() => ({ status: 'rejected', reason: asError(error) }));
        }
        // A 400 is how several proxies and servers refuse an array body.
        if (response.status === 400) return this.refusedBatch(path, chunk, signal, true);
        if (response.status < 200 || response.status >= 300) {
            const names = chunk.map((item) => item.context.method).join(', ');
            const failure = httpFailure(
                response,
                {
                    method: `the batch (${names})`,
                    entry: chunk.length === 1 ? chunk[0]?.context.entry : undefined,
                    path,
                    url,
                },
                this.isKnownPublicServer,
            );
            return chunk.map(() => ({ status: 'rejected', reason: failure }));
        }
        let json: unknown;
        try {
            json = parseJsonBody(response, 'node');
        } catch (error) {
            return chunk.map(() => ({ status: 'rejected', reason: asError(error) }));
        }
        if (!Array.isArray(json)) {
            const text = errorText((json as Envelope | null)?.error);
            // "batch too large" is about this batch's size, not about batches in general.
            const remember = !/too large|limit|exceed/i.test(text);
            return this.refusedBatch(path, chunk, signal, remember);
        }
        const answers = json as unknown[];
        // Servers answer in the order of the calls (geth, coreth and Subnet-EVM do), so the
        // answer in the call's place is taken when it carries the call's id; the map by id is
        // built only when one does not, for a server that answers in another order.
        let byId: Map<string, Envelope> | undefined;
        const answerTo = (id: number, i: number): Envelope | undefined => {
            const inPlace = answers[i] as Envelope | undefined;
            if (typeof inPlace === 'object' && inPlace !== null && inPlace.id === id)
                return inPlace;
            if (!byId) {
                byId = new Map();
                for (const message of answers) {
                    if (typeof message === 'object' && message !== null && 'id' in message) {
                        byId.set(String((message as Envelope).id), message);
                    }
                }
            }
            return byId.get(String(id));
        };
        return chunk.map((item, i): Settled<unknown> => {
            const id = ids[i] as number;
            const message = answerTo(id, i);
            if (!message) {
                return {
                    status: 'rejected',
                    reason: new ResponseFormatError(
                        phrase(
                            'The node sent no answer to {0} (call {1} of the batch).',
                            item.context.method,
                            i + 1,
                        ),
                        url,
                    ),
                };
            }
            try {
                const result = this.unwrap(message, id, item.context);
                const entry = item.context.entry;
                return {
                    status: 'fulfilled',
                    value: entry ? parseResult(entry, result, item.context) : result,
                };
            } catch (error) {
                return { status: 'rejected', reason: asError(error) };
            }
        });
    }

    private refusedBatch(
        path: string,
        chunk: { context: CallContext; params: unknown; retry: boolean }[],
        signal: AbortSignal | undefined,
        remember: boolean,
    ): Promise<Settled<unknown>[]> {
        if (remember) this.noBatchPaths.add(path);
        return this.concurrent(chunk, signal);
    }

    /**
     * Sends the calls as single requests, a few at a time (for endpoints that refuse batches):
     * concurrent, so a refresh takes about one round trip, yet bounded so that a long list does
     * not open dozens of connections to one node.
     */
    private async concurrent(
        chunk: { context: CallContext; params: unknown; retry: boolean }[],
        signal: AbortSignal | undefined,
    ): Promise<Settled<unknown>[]> {
        const settled = new Array<Settled<unknown>>(chunk.length);
        let next = 0;
        const worker = async (): Promise<void> => {
            while (next < chunk.length) {
                const index = next++;
                const item = chunk[index]!;
                if (signal?.aborted) throw abortError(signal);
                try {
                    const result = await this.exchange(
                        item.context,
                        item.params,
                        item.retry,
                        signal,
                    );
                    const entry = item.context.entry;
                    settled[index] = {
                        status: 'fulfilled',
                        value: entry ? parseResult(entry, result, item.context) : result,
                    };
                } catch (error) {
                    if (signal?.aborted) throw error;
                    settled[index] = { status: 'rejected', reason: asError(error) };
                }
            }
        };
        const workers = Math.min(maxConcurrentSingles, chunk.length);
        await Promise.all(Array.from({ length: workers }, worker));
        return settled;
    }
}

function envelope(id: number, method: string, params: unknown): Record<string, unknown> {
    const body: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) body['params'] = params;
    return body;
}

/** Ids are compared as text: some proxies echo numeric ids as strings. */
function idKey(id: unknown): string | undefined {
    return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

function asError(error: unknown): Error {
    return error instanceof Error ? error : new Error(String(error));
}

/** AvalancheGo's 503 for a chain that has not finished bootstrapping: retrying soon is pointless. */
function isBootstrappingRefusal(response: HttpResponse): boolean {
    return response.status === 503 && /not done bootstrapping/i.test(response.body);
}
