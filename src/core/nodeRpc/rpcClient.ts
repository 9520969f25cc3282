/**
 * JSON-RPC 2.0 client for AvalancheGo nodes, on top of the shared HttpClient: request ids,
 * endpoint routing, batches (with a fallback for endpoints that refuse them), cancellation, and
 * the translation of everything a node can answer into typed errors with sentences a user can act
 * on (json2 errors with code -32000, geth-style errors, plain-text 404/503; test/fixtures/realnode
 * holds what a real AvalancheGo 1.14.2 answers).
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
import { isCChainRpcPath, removedOnHeliconCChain } from './helicon';
import { checkChain } from './params';
import { schemaInUse } from './wire';
import {
    HttpError,
    NodeApiUnavailableError,
    ResponseFormatError,
    RpcError,
    ValidationError,
    abortError,
    describeValue,
    type NodeApiUnavailableReason,
} from '../http/errors';
import { HealthReplyWireSchema, normalizeHealthReply, type HealthReport } from './healthSchemas';
import {
    type BodySink,
    defaultMaxBodyBytes,
    HttpClient,
    type HttpResponse,
    type RetryPolicy,
} from '../http/httpClient';
import { parseJsonBody, restError } from '../http/errorSentences';
import type { Transport } from '../http/transport';
import { inertLine } from '../text/inert';

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

/**
 * The path of an endpoint kind on a node (chain required for `evm` and `validators`). The P- and
 * X-Chain APIs go to their aliases, which every node registers; `refusesBatches` knows them.
 */
export function nodeEndpointPath(kind: EndpointKind, chain?: string): string {
    switch (kind) {
        case 'admin':
            return '/ext/admin';
        case 'info':
            return '/ext/info';
        case 'health':
            return '/ext/health';
        case 'platform':
            return '/ext/bc/P';
        case 'avm':
            return '/ext/bc/X';
        case 'evm':
            return `/ext/bc/${encodeURIComponent(requireChain(chain, 'rpc'))}/rpc`;
        case 'validators':
            return `/ext/bc/${encodeURIComponent(requireChain(chain, 'validators'))}/validators`;
    }
}

function requireChain(chain: string | undefined, suffix: string): string {
    if (chain === undefined) {
        throw new ValidationError(
            'chain',
            chain,
            `a blockchain id or alias (this method is served on /ext/bc/<chain>/${suffix})`,
        );
    }
    return checkChain(chain);
}

/** Hosts of the public API servers, which never offer the admin API or node-specific methods. */
const publicHosts = new Set(['api.avax.network', 'api.avax-test.network']);

const maxNodeTextLength = 300;

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

/**
 * AvalancheGo's own JSON-RPC services (gorilla/rpc with its json2 codec) read one request object
 * per body: a JSON array gets code -32700 "cannot unmarshal array" (measured on avalanchego
 * v1.14.2, see test/fixtures/realnode). That covers `/ext/info`, `/ext/admin`, `/ext/health`, the P- and X-Chain
 * APIs and Subnet-EVM's `/validators`; only the EVM chains' `/rpc` take batches.
 */
export function refusesBatches(path: string): boolean {
    return /^\/ext\/(info|admin|health|bc\/(P|X|platform|avm)|bc\/[^/]+\/validators)\/?$/.test(
        path,
    );
}

interface CallContext {
    /** Method name as sent. */
    method: string;
    entry: NodeRpcMethod | undefined;
    path: string;
    url: string;
}

interface Envelope {
    id?: unknown;
    result?: unknown;
    error?: unknown;
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
            throw this.httpFailure(response, context);
        }
        let json: unknown;
        try {
            json = JSON.parse(response.body);
        } catch {
            // A 503 that is not the health JSON: a proxy's or a bootstrapping refusal.
            throw this.httpFailure(response, context);
        }
        const parsed = schemaInUse(HealthReplyWireSchema()).safeParse(json);
        if (!parsed.success) {
            if (response.status === 503) throw this.httpFailure(response, context);
            throw new ResponseFormatError(
                `The node's answer to ${method} is not a health report.`,
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
            throw this.httpFailure(response, context);
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
                'an endpoint path such as /ext/info for raw calls',
            );
        }
        if (kinds.size > 1) {
            throw new ValidationError(
                'calls',
                [...kinds],
                'calls that all go to one endpoint (admin, info, evm or validators)',
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
            throw this.httpFailure(response, context);
        }
        const json = parseJsonBody(response, 'node');
        if (typeof json !== 'object' || json === null || Array.isArray(json)) {
            throw new ResponseFormatError(
                `The node's answer to ${context.method} is not a JSON-RPC response. Check that the URL points at an AvalancheGo node.`,
                context.url,
            );
        }
        return this.unwrap(json, id, context);
    }

    /** Reads one JSON-RPC envelope: the result, or the translated error. */
    private unwrap(message: Envelope, id: number, context: CallContext): unknown {
        if (message.error !== undefined && message.error !== null) {
            throw this.rpcFailure(message.error, context);
        }
        if (message.id !== undefined && message.id !== null && idKey(message.id) !== String(id)) {
            throw new ResponseFormatError(
                `The node answered ${context.method} with the response to another request (id ${describeValue(message.id)} instead of ${id}).`,
                context.url,
            );
        }
        if (!('result' in message)) {
            throw new ResponseFormatError(
                `The node's answer to ${context.method} has neither a result nor an error.`,
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
            const failure = this.httpFailure(response, {
                method: `the batch (${names})`,
                entry: chunk.length === 1 ? chunk[0]?.context.entry : undefined,
                path,
                url,
            });
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
                        `The node sent no answer to ${item.context.method} (call ${i + 1} of the batch).`,
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

    /** Translates a non-2xx answer. */
    private httpFailure(response: HttpResponse, context: CallContext): Error {
        const { status } = response;
        const text = inertLine(
            response.body.trimStart().slice(0, 4 * maxNodeTextLength),
            maxNodeTextLength,
        ).trim();
        const { method, entry, path, url } = context;
        const unavailable = (reason: NodeApiUnavailableReason, message: string): Error =>
            new NodeApiUnavailableError(message, reason, url, method, status);
        const chain = chainOfPath(path);

        if (status === 503 && /bootstrap/i.test(text)) {
            return unavailable(
                'bootstrapping',
                `${chain ?? 'The chain'} is still bootstrapping on this node; try again when it is done.`,
            );
        }
        if (status === 405) {
            return unavailable(
                'methodNotAllowed',
                `The node refused the request (405 Method Not Allowed): ${path} takes JSON-RPC only as POST. A proxy in front of the node may be changing the request.`,
            );
        }
        if (status === 415) {
            return unavailable(
                'unsupportedMediaType',
                `The node refused the request's content type (415 Unsupported Media Type): it expects application/json. A proxy in front of the node may be changing the request.`,
            );
        }
        if (
            (status === 403 || status === 404) &&
            entry?.publicServer === false &&
            entry.endpoint === 'info'
        ) {
            return this.publicServerRefusal(context, status);
        }
        if (status === 404) {
            if (path === '/ext/admin') {
                if (this.isKnownPublicServer) return this.publicServerRefusal(context, status);
                return unavailable(
                    'adminDisabled',
                    'The admin API is disabled on this node: start it with --api-admin-enabled=true.',
                );
            }
            if (chain !== undefined) {
                const what = path.endsWith('/validators')
                    ? `The node has no validators API for chain ${chain} (the chain is unknown, not tracked, or not a Subnet-EVM chain).`
                    : `The node has no chain ${chain} (or it is not tracked).`;
                return unavailable('notFound', what);
            }
            if (path === '/ext/info') {
                return unavailable(
                    'notFound',
                    'The node does not serve the info API: it may run with --api-info-enabled=false.',
                );
            }
            if (path.startsWith('/ext/health') || path === '/ext/metrics') {
                const api = path === '/ext/metrics' ? 'metrics' : 'health';
                if (this.isKnownPublicServer) {
                    return unavailable(
                        'publicServer',
                        `Public API servers do not offer the ${api} API (${path}); connect to your own node to see it.`,
                    );
                }
                return unavailable(
                    'notFound',
                    `The node does not serve the ${api} API (${path}): it may run with --api-${api}-enabled=false, or a proxy in front of it does not forward it.`,
                );
            }
            return unavailable(
                'notFound',
                `The node does not serve ${path}. Check the endpoint path.`,
            );
        }
        if (status === 403) {
            return new HttpError(
                `The node refused access to ${path} (403 Forbidden)${text ? `: ${text}` : ''}. A proxy or firewall in front of it may restrict this API.`,
                url,
                status,
                response.statusText || 'Forbidden',
                text || undefined,
                'node',
            );
        }
        // Some servers send JSON-RPC errors with an HTTP error status: the error object says more.
        if (status !== 429) {
            try {
                const json = JSON.parse(response.body) as Envelope | null;
                if (json && typeof json === 'object' && !Array.isArray(json) && json.error) {
                    return this.rpcFailure(json.error, context);
                }
            } catch {
                // not JSON: the status decides below
            }
        }
        return restError(response, 'node');
    }

    private publicServerRefusal(context: CallContext, status: number | undefined): Error {
        return new NodeApiUnavailableError(
            `Public API servers do not offer ${context.method}; connect to your own node to see it.`,
            'publicServer',
            context.url,
            context.method,
            status,
        );
    }

    /** Translates a JSON-RPC error object. */
    private rpcFailure(error: unknown, context: CallContext): Error {
        const { method, entry, url } = context;
        const object =
            typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
        const code = typeof object['code'] === 'number' ? object['code'] : 0;
        const nodeText = errorText(error);
        const data = object['data'] ?? null;
        const rpc = (message: string): RpcError =>
            new RpcError(message, method, code, data, nodeText);

        const notFound =
            code === -32601 ||
            /can't find (method|service)|does not exist\/is not available|method not found/i.test(
                nodeText,
            );
        const refusesPublicly =
            entry?.publicServer === false &&
            entry.endpoint === 'info' &&
            (notFound ||
                /not (available|allowed|supported|permitted|enabled)|disabled|forbidden|unauthori[sz]ed|public/i.test(
                    nodeText,
                ));
        if (
            refusesPublicly ||
            (notFound && this.isKnownPublicServer && entry?.publicServer === false)
        ) {
            return this.publicServerRefusal(context, undefined);
        }
        if (notFound) {
            const why =
                entry?.whyMissing ??
                (removedOnHeliconCChain(method) && isCChainRpcPath(context.path)
                    ? "the C-Chain no longer serves it since Helicon, AvalancheGo v1.15; an older node serves it only when the chain's eth-apis setting enables its namespace"
                    : 'check the method name and the endpoint path');
            return rpc(`This node does not offer ${method} (${why}).`);
        }
        if (/must start with a non-uppercase letter/i.test(nodeText)) {
            return rpc(
                `This node does not offer ${method} (AvalancheGo method names continue with a lower-case letter after the dot).`,
            );
        }
        if (code === -32602 || /couldn't unmarshal an argument/i.test(nodeText)) {
            const said = code === -32602 && nodeText ? `node says: ${nodeText}; ` : '';
            return rpc(
                `The node could not read the parameters of ${method}: check their format (${said}code ${code}).`,
            );
        }
        if (/not done bootstrapping|still bootstrapping/i.test(nodeText)) {
            const chain = chainOfPath(context.path);
            return new NodeApiUnavailableError(
                `${chain ?? 'The chain'} is still bootstrapping on this node; try again when it is done.`,
                'bootstrapping',
                url,
                method,
                undefined,
            );
        }
        return rpc(`${method} failed: ${nodeText || 'no error text'} (code ${code}).`);
    }
}

/** Parses and normalises a result, turning a shape mismatch into a ResponseFormatError. */
function parseResult<R>(
    method: NodeRpcMethod<string, never, R>,
    result: unknown,
    context: CallContext,
): R {
    const parsed = schemaInUse(method.resultSchema()).safeParse(result);
    if (!parsed.success) {
        const issues = parsed.error.issues.map(
            (issue) =>
                `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(result)'}: ${issue.message}`,
        );
        throw new ResponseFormatError(
            `The node's answer to ${method.name} has an unexpected shape (${issues[0] ?? 'unknown issue'}${issues.length > 1 ? ` and ${issues.length - 1} more` : ''}).`,
            context.url,
            issues,
        );
    }
    return method.normalize(parsed.data);
}

function envelope(id: number, method: string, params: unknown): Record<string, unknown> {
    const body: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) body['params'] = params;
    return body;
}

/**
 * The node's error text, made inert and shortened (`core/text/inert.ts`): it reaches hovers,
 * trees, notifications and agents, so no line break, bidi override or 200,000 characters of it.
 */
function errorText(error: unknown): string {
    const message =
        typeof error === 'object' && error !== null
            ? (error as { message?: unknown }).message
            : error;
    const text =
        typeof message === 'string' ? message : message === undefined ? '' : describeValue(message);
    return inertLine(text, maxNodeTextLength).trim();
}

/** Ids are compared as text: some proxies echo numeric ids as strings. */
function idKey(id: unknown): string | undefined {
    return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

function chainOfPath(path: string): string | undefined {
    const match = /^\/ext\/bc\/([^/]+)/.exec(path);
    if (!match?.[1]) return undefined;
    try {
        return decodeURIComponent(match[1]);
    } catch {
        return match[1];
    }
}

function asError(error: unknown): Error {
    return error instanceof Error ? error : new Error(String(error));
}

/** Checks a node base URL and cuts a pasted endpoint URL back to the base. */
export function normaliseNodeUrl(url: string): string {
    const allowed = 'an http:// or https:// node URL such as http://127.0.0.1:9650';
    let parsed: URL;
    try {
        parsed = new URL(url.trim());
    } catch {
        throw new ValidationError('url', url, allowed);
    }
    if (
        (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
        parsed.username ||
        parsed.password
    ) {
        throw new ValidationError('url', url, `${allowed}, without credentials`);
    }
    const extAt = parsed.pathname.indexOf('/ext/');
    const path = extAt >= 0 ? parsed.pathname.slice(0, extAt) : parsed.pathname;
    return `${parsed.origin}${path.replace(/\/+$/, '')}`;
}

function checkEndpointPath(path: unknown): string {
    if (
        typeof path !== 'string' ||
        !/^\/[A-Za-z0-9._~%/-]*$/.test(path) ||
        path.split('/').some((segment) => segment === '..' || segment === '.')
    ) {
        throw new ValidationError(
            'endpoint path',
            path,
            'a path such as /ext/info or /ext/bc/C/rpc',
        );
    }
    return path;
}

function checkMethodName(name: unknown): string {
    if (typeof name !== 'string' || !/^[A-Za-z0-9_.]{1,200}$/.test(name)) {
        throw new ValidationError(
            'method',
            name,
            'a method name such as info.peers or eth_chainId',
        );
    }
    return name;
}

function checkRawParams(params: unknown): void {
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
        throw new ValidationError('params', params, 'an object, a list, or nothing');
    }
}

/** AvalancheGo's 503 for a chain that has not finished bootstrapping: retrying soon is pointless. */
function isBootstrappingRefusal(response: HttpResponse): boolean {
    return response.status === 503 && /not done bootstrapping/i.test(response.body);
}
