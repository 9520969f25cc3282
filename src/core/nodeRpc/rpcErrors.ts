/**
 * What a node's refusal means for the user: a non-2xx answer, a JSON-RPC error object or a result
 * of the wrong shape turned into a typed error (NodeApiUnavailableError, RpcError, HttpError,
 * ResponseFormatError) with a sentence a user can act on. It reads json2 errors with code -32000,
 * geth-style errors and plain-text 404/503 (test/fixtures/realnode holds what a real AvalancheGo
 * 1.14.2 answers). The node's own text is made inert and short first. Used by ./rpcClient.ts.
 */
import type { NodeRpcMethod } from './methods';
import { isCChainRpcPath, removedOnHeliconCChain } from './helicon';
import { schemaInUse } from './wire';
import {
    HttpError,
    NodeApiUnavailableError,
    ResponseFormatError,
    RpcError,
    describeValue,
    type NodeApiUnavailableReason,
} from '../http/errors';
import type { HttpResponse } from '../http/httpClient';
import { restError } from '../http/errorSentences';
import { inertLine } from '../text/inert';

const maxNodeTextLength = 300;

/** One call as its errors name it: the method, its table entry if any, and where it went. */
export interface CallContext {
    /** Method name as sent. */
    method: string;
    entry: NodeRpcMethod | undefined;
    path: string;
    url: string;
}

/** A JSON-RPC 2.0 response object as read, before any field is trusted. */
export interface Envelope {
    id?: unknown;
    result?: unknown;
    error?: unknown;
}

/**
 * Translates a node's non-2xx answer; `publicServer` is true for the known public API servers,
 * which refuse node-specific methods in words of their own.
 */
export function httpFailure(
    response: HttpResponse,
    context: CallContext,
    publicServer: boolean,
): Error {
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
        return publicServerRefusal(context, status);
    }
    if (status === 404) {
        if (path === '/ext/admin') {
            if (publicServer) return publicServerRefusal(context, status);
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
            if (publicServer) {
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
        return unavailable('notFound', `The node does not serve ${path}. Check the endpoint path.`);
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
                return rpcFailure(json.error, context, publicServer);
            }
        } catch {
            // not JSON: the status decides below
        }
    }
    return restError(response, 'node');
}

function publicServerRefusal(context: CallContext, status: number | undefined): Error {
    return new NodeApiUnavailableError(
        `Public API servers do not offer ${context.method}; connect to your own node to see it.`,
        'publicServer',
        context.url,
        context.method,
        status,
    );
}

/** Translates a JSON-RPC error object (`publicServer` as for `httpFailure`). */
export function rpcFailure(error: unknown, context: CallContext, publicServer: boolean): Error {
    const { method, entry, url } = context;
    const object =
        typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
    const code = typeof object['code'] === 'number' ? object['code'] : 0;
    const nodeText = errorText(error);
    const data = object['data'] ?? null;
    const rpc = (message: string): RpcError => new RpcError(message, method, code, data, nodeText);

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
    if (refusesPublicly || (notFound && publicServer && entry?.publicServer === false)) {
        return publicServerRefusal(context, undefined);
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

/** Parses and normalises a result, turning a shape mismatch into a ResponseFormatError. */
export function parseResult<R>(
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

/**
 * The node's error text, made inert and shortened (`core/text/inert.ts`): it reaches hovers,
 * trees, notifications and agents, so no line break, bidi override or 200,000 characters of it.
 */
export function errorText(error: unknown): string {
    const message =
        typeof error === 'object' && error !== null
            ? (error as { message?: unknown }).message
            : error;
    const text =
        typeof message === 'string' ? message : message === undefined ? '' : describeValue(message);
    return inertLine(text, maxNodeTextLength).trim();
}

/** The chain a `/ext/bc/<chain>/…` path names, for sentences. */
function chainOfPath(path: string): string | undefined {
    const match = /^\/ext\/bc\/([^/]+)/.exec(path);
    if (!match?.[1]) return undefined;
    try {
        return decodeURIComponent(match[1]);
    } catch {
        return match[1];
    }
}
