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
    type ErrorSentence,
    type NodeApiUnavailableReason,
} from '../http/errors';
import type { HttpResponse } from '../http/httpClient';
import { restError } from '../http/errorSentences';
import { inertLine } from '../text/inert';
import { type Phrase, phrase } from '../text/phrase';

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
    const unavailable = (reason: NodeApiUnavailableReason, message: ErrorSentence): Error =>
        new NodeApiUnavailableError(message, reason, url, method, status);
    const chain = chainOfPath(path);

    if (status === 503 && /bootstrap/i.test(text)) {
        return unavailable('bootstrapping', bootstrappingSentence(chain));
    }
    if (status === 405) {
        return unavailable(
            'methodNotAllowed',
            phrase(
                'The node refused the request (405 Method Not Allowed): {0} takes JSON-RPC only as POST. A proxy in front of the node may be changing the request.',
                path,
            ),
        );
    }
    if (status === 415) {
        return unavailable(
            'unsupportedMediaType',
            phrase(
                "The node refused the request's content type (415 Unsupported Media Type): it expects application/json. A proxy in front of the node may be changing the request.",
            ),
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
                phrase(
                    'The admin API is disabled on this node: start it with --api-admin-enabled=true.',
                ),
            );
        }
        if (chain !== undefined) {
            const what = path.endsWith('/validators')
                ? phrase(
                      'The node has no validators API for chain {0} (the chain is unknown, not tracked, or not a Subnet-EVM chain).',
                      chain,
                  )
                : phrase('The node has no chain {0} (or it is not tracked).', chain);
            return unavailable('notFound', what);
        }
        if (path === '/ext/info') {
            return unavailable(
                'notFound',
                phrase(
                    'The node does not serve the info API: it may run with --api-info-enabled=false.',
                ),
            );
        }
        if (path.startsWith('/ext/health') || path === '/ext/metrics') {
            const api = path === '/ext/metrics' ? 'metrics' : 'health';
            if (publicServer) {
                return unavailable(
                    'publicServer',
                    phrase(
                        'Public API servers do not offer the {0} API ({1}); connect to your own node to see it.',
                        api,
                        path,
                    ),
                );
            }
            return unavailable(
                'notFound',
                phrase(
                    'The node does not serve the {0} API ({1}): it may run with --api-{0}-enabled=false, or a proxy in front of it does not forward it.',
                    api,
                    path,
                ),
            );
        }
        return unavailable(
            'notFound',
            phrase('The node does not serve {0}. Check the endpoint path.', path),
        );
    }
    if (status === 403) {
        return new HttpError(
            text
                ? phrase(
                      'The node refused access to {0} (403 Forbidden): {1}. A proxy or firewall in front of it may restrict this API.',
                      path,
                      text,
                  )
                : phrase(
                      'The node refused access to {0} (403 Forbidden). A proxy or firewall in front of it may restrict this API.',
                      path,
                  ),
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
        phrase(
            'Public API servers do not offer {0}; connect to your own node to see it.',
            context.method,
        ),
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
    const rpc = (message: Phrase): RpcError => new RpcError(message, method, code, data, nodeText);

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
                ? phrase(
                      "the C-Chain no longer serves it since Helicon, AvalancheGo v1.15; an older node serves it only when the chain's eth-apis setting enables its namespace",
                  )
                : phrase('check the method name and the endpoint path'));
        return rpc(phrase('This node does not offer {0} ({1}).', method, why));
    }
    if (/must start with a non-uppercase letter/i.test(nodeText)) {
        return rpc(
            phrase(
                'This node does not offer {0} (AvalancheGo method names continue with a lower-case letter after the dot).',
                method,
            ),
        );
    }
    if (code === -32602 || /couldn't unmarshal an argument/i.test(nodeText)) {
        return rpc(
            code === -32602 && nodeText
                ? phrase(
                      'The node could not read the parameters of {0}: check their format (node says: {1}; code {2}).',
                      method,
                      nodeText,
                      code,
                  )
                : phrase(
                      'The node could not read the parameters of {0}: check their format (code {1}).',
                      method,
                      code,
                  ),
        );
    }
    if (/not done bootstrapping|still bootstrapping/i.test(nodeText)) {
        const chain = chainOfPath(context.path);
        return new NodeApiUnavailableError(
            bootstrappingSentence(chain),
            'bootstrapping',
            url,
            method,
            undefined,
        );
    }
    return rpc(
        nodeText
            ? phrase('{0} failed: {1} (code {2}).', method, nodeText, code)
            : phrase('{0} failed: no error text (code {1}).', method, code),
    );
}

function bootstrappingSentence(chain: string | undefined): Phrase {
    return chain === undefined
        ? phrase('The chain is still bootstrapping on this node; try again when it is done.')
        : phrase('{0} is still bootstrapping on this node; try again when it is done.', chain);
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
            issues.length > 1
                ? phrase(
                      "The node's answer to {0} has an unexpected shape ({1} and {2} more).",
                      method.name,
                      issues[0] ?? '',
                      issues.length - 1,
                  )
                : phrase(
                      "The node's answer to {0} has an unexpected shape ({1}).",
                      method.name,
                      issues[0] ?? 'unknown issue',
                  ),
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
