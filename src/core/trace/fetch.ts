/**
 * What a trace asks of a chain's JSON-RPC endpoint (an `RpcTarget`): the receipt, the call tree
 * (`callTracer`), the revert sites (the JavaScript tracer of `revertSites.ts`) and the code of the
 * contracts called. `debug_traceTransaction` goes through `callRaw` rather than the method table:
 * its answer's shape depends on the tracer asked for, and the table is also the palette's and the
 * agents' list of node methods. The client keeps the whole 32 MiB of a `debug_*` answer
 * (`answersLarge` in rpcClient.ts); the readers bound what is kept of it.
 *
 * Every refusal a node gives is turned into a `TraceUnavailableError` whose sentence says what to
 * change (unavailable.ts); other failures (network, timeouts, a shape that is not a trace) pass
 * through as the client's typed errors.
 */
import { isNodeApiUnavailableError, isRpcError, ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';
import { nodeRpcMethods as m } from '../nodeRpc/methods';
import { batchCall } from '../nodeRpc/rpcClient';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import type { RpcReceipt } from '../nodeRpc/schemas';
import { inertLine } from '../text/inert';

import { readCallTree, type CallTree } from './callTree';
import { readRevertSites, revertSitesTracer, type RevertSites } from './revertSites';
import {
    jsTracerRefusedError,
    publicEndpointError,
    statePrunedError,
    traceTimeoutError,
    tracerOffError,
    unknownTransactionError,
    type TraceChain,
} from './unavailable';
import { evmHashPattern } from '../ids/evmPatterns';

/** Options of every request a trace makes. */
export interface TraceRequestOptions {
    readonly signal?: AbortSignal | undefined;
}

/**
 * How long the node may replay a transaction for the step trace. geth's default is 5 s
 * (`defaultTraceTimeout`); a JavaScript tracer runs about 3 µs a step on coreth (measured on the
 * real node: 850,000 steps in 2.7 s), so a million-step transaction needs more. It stays below
 * the client's 30 s wait for an answer, so that the node's own refusal arrives first.
 */
const stepTraceTimeoutSeconds = 25;

function checkTxHash(hash: string): string {
    if (typeof hash !== 'string' || !evmHashPattern.test(hash)) {
        throw new ValidationError(
            'hash',
            hash,
            phrase('a transaction hash (0x and 64 hex digits)'),
        );
    }
    return hash.toLowerCase();
}

/** The chain id and the receipt of `hash` (null when the node does not know it). */
export async function fetchReceipt(
    target: RpcTarget,
    hash: string,
    options: TraceRequestOptions = {},
): Promise<{ chainId: number; receipt: RpcReceipt | null }> {
    const tx = checkTxHash(hash);
    const [chainId, receipt] = await target.client.batch(
        [batchCall(m.eth_chainId, []), batchCall(m.eth_getTransactionReceipt, [tx])],
        { path: target.path, ...(options.signal ? { signal: options.signal } : {}) },
    );
    if (chainId.status === 'rejected') throw chainId.reason;
    if (receipt.status === 'rejected') throw receipt.reason;
    return { chainId: chainId.value, receipt: receipt.value };
}

/** The node's text of an error, inert and bounded, for the sentences. */
function nodeTextOf(error: unknown): string {
    if (isRpcError(error)) return inertLine(error.rpcMessage, 300);
    return error instanceof Error ? inertLine(error.message, 300) : '';
}

/** True when the node said it has no such method (or namespace). */
function methodMissing(error: unknown): boolean {
    if (!isRpcError(error)) return false;
    return (
        error.code === -32601 ||
        /does not exist\/is not available|method not found|can't find (method|service)/i.test(
            error.rpcMessage,
        )
    );
}

/**
 * Turns a node's refusal of `debug_traceTransaction` into a `TraceUnavailableError`; anything
 * else is returned as it is.
 */
function traceRefusal(
    error: unknown,
    target: RpcTarget,
    chain: TraceChain,
    hash: string,
    block: number | undefined,
): unknown {
    const nodeText = nodeTextOf(error);
    if (methodMissing(error)) {
        return target.client.isKnownPublicServer
            ? publicEndpointError(chain, nodeText)
            : tracerOffError(chain, nodeText);
    }
    if (isNodeApiUnavailableError(error) && error.reason === 'publicServer') {
        return publicEndpointError(chain, nodeText);
    }
    if (!isRpcError(error)) return error;
    const said = error.rpcMessage;
    if (
        /required historical state unavailable|missing trie node|historical state .*not available|state .*(is )?not available|pruned/i.test(
            said,
        )
    ) {
        return statePrunedError(chain, block, nodeText);
    }
    if (/transaction not found|unknown transaction|not found/i.test(said)) {
        return unknownTransactionError(hash, nodeText);
    }
    if (/execution timeout|timeout/i.test(said)) {
        return traceTimeoutError(stepTraceTimeoutSeconds, nodeText);
    }
    return error;
}

/**
 * `debug_traceTransaction` with one tracer's options; a refusal the node's words explain
 * (pruned state, unknown transaction, timeout, a public endpoint) becomes its own error, any
 * other error is thrown as it came.
 */
async function traceTransaction(
    target: RpcTarget,
    chain: TraceChain,
    tx: string,
    options: TraceRequestOptions & { readonly block?: TraceBlock },
    tracerOptions: Readonly<Record<string, unknown>>,
): Promise<unknown> {
    try {
        return await target.client.callRaw(
            target.path,
            'debug_traceTransaction',
            [tx, tracerOptions],
            options.signal ? { signal: options.signal } : {},
        );
    } catch (error) {
        throw traceRefusal(error, target, chain, tx, await options.block);
    }
}

/**
 * The transaction's block, for a refusal's sentence only: a number, or the receipt's answer
 * still on its way, so that the trace need not wait for the receipt (#38).
 */
export type TraceBlock = number | Promise<number | undefined> | undefined;

/** The call tree of `hash` from the callTracer, with its logs. */
export async function fetchCallTree(
    target: RpcTarget,
    hash: string,
    chain: TraceChain,
    options: TraceRequestOptions & { readonly block?: TraceBlock } = {},
): Promise<CallTree> {
    const tx = checkTxHash(hash);
    const answer = await traceTransaction(target, chain, tx, options, {
        tracer: 'callTracer',
        tracerConfig: { withLog: true },
    });
    return readCallTree(answer, target.client.url + target.path);
}

/**
 * Where each failed frame of `hash` stopped, from the JavaScript tracer. A node that refuses
 * JavaScript tracers gives a `TraceUnavailableError` of reason `js-tracer-refused`.
 */
export async function fetchRevertSites(
    target: RpcTarget,
    hash: string,
    chain: TraceChain,
    options: TraceRequestOptions & { readonly block?: TraceBlock } = {},
): Promise<RevertSites> {
    const tx = checkTxHash(hash);
    let answer: unknown;
    try {
        answer = await traceTransaction(target, chain, tx, options, {
            tracer: revertSitesTracer,
            timeout: `${stepTraceTimeoutSeconds}s`,
        });
    } catch (error) {
        // A tracer the node will not compile or run (a provider that allows native tracers only,
        // or a JavaScript engine that differs) leaves the call tree standing.
        if (
            isRpcError(error) &&
            /tracer|javascript|goja|SyntaxError|ReferenceError|TypeError/i.test(error.rpcMessage)
        ) {
            throw jsTracerRefusedError(nodeTextOf(error));
        }
        throw error;
    }
    return readRevertSites(answer, target.client.url + target.path);
}

/** The most contracts whose code one trace reads. */
export const maxCodeLookups = 256;

/**
 * The code of each address at `block` (after it), in batches; an address whose code could not be
 * read is left out. `block` undefined reads the latest.
 */
export async function fetchCodes(
    target: RpcTarget,
    addresses: readonly string[],
    block: number | undefined,
    options: TraceRequestOptions = {},
): Promise<Map<string, string>> {
    const unique = [...new Set(addresses.map((a) => a.toLowerCase()))].slice(0, maxCodeLookups);
    const codes = new Map<string, string>();
    if (unique.length === 0) return codes;
    const read = async (at: bigint | 'latest', wanted: readonly string[]): Promise<string[]> => {
        const settled = await target.client.batch(
            wanted.map((address) => batchCall(m.eth_getCode, [address, at])),
            { path: target.path, ...(options.signal ? { signal: options.signal } : {}) },
        );
        const missing: string[] = [];
        settled.forEach((outcome, i) => {
            if (outcome.status === 'fulfilled') codes.set(wanted[i]!, outcome.value);
            else missing.push(wanted[i]!);
        });
        return missing;
    };
    const missing = await read(block === undefined ? 'latest' : BigInt(block), unique);
    // A node that pruned the block's state still has the latest code, which is the same unless
    // the contract was destroyed or replaced since.
    if (missing.length > 0 && block !== undefined) await read('latest', missing);
    return codes;
}
