/**
 * Why a failed EVM transaction failed, for its hover: the call tree (`callTracer`, one request;
 * never the step trace, which is the trace panel's) from the chain's endpoint as the hover found
 * it, and the call that failed first. The frame is kept raw and worded when the hover is drawn,
 * with the workspace's ABIs (its custom errors); a node that cannot trace gives its reason in a
 * few words instead.
 */
import { isAbortError } from '../../http/errors';
import { inertLine } from '../../text/inert';
import type { CallFrame } from '../../trace/callTree';
import { fetchCallTree, fetchCodes } from '../../trace/fetch';
import { findFailures, frameFailureOf } from '../../trace/frames';
import { precompileAt } from '../../trace/precompiles';
import { isTraceUnavailableError, type TraceChain } from '../../trace/unavailable';
import { ContractKnowledge } from '../../workspace/knowledge';
import type { EvmTxLive, HoverTxFailure, LiveResult } from '../types';
import { keptCode, rpcEndpointFor } from './evmRpc';
import type { Lookup } from './lookup';

/** Longest revert data kept for decoding in a hover (a custom error with a few arguments). */
const maxKeptOutput = 2 + 2 * 4_096;

/** Why it failed in a few words, when the node could not say. */
function unavailable(error: unknown): HoverTxFailure {
    if (isTraceUnavailableError(error)) {
        const words: Record<string, string> = {
            'tracer-off': 'this node does not trace transactions (debug-tracer is off)',
            'public-endpoint': 'a public endpoint does not trace transactions',
            'state-pruned': 'the node no longer has the state it ran on',
            'unknown-transaction': 'the node does not know it',
            timeout: 'the node took too long to trace it',
        };
        return { status: 'unavailable', reason: words[error.reason] ?? 'the node cannot trace it' };
    }
    return {
        status: 'unavailable',
        reason: inertLine(error instanceof Error ? error.message : String(error), 160),
    };
}

/** The root cause of the transaction's own failure, in words and with its revert data. */
function rootFailure(frames: readonly CallFrame[], chainId: string): HoverTxFailure | undefined {
    const own = findFailures(frames).failures.find((f) => f.caughtBy === undefined);
    const root = own === undefined ? undefined : frames[own.rootCause];
    if (!own || !root) return undefined;
    const reason = frameFailureOf(new ContractKnowledge(undefined), chainId, root).text;
    return {
        status: 'found',
        to: root.to,
        precompile: root.to === undefined ? undefined : precompileAt(root.to)?.name,
        output: root.output.length <= maxKeptOutput ? root.output : '0x',
        reason,
        pathLength: own.path.length,
    };
}

/**
 * `failure` with the failing contract's code, so that the hover names it by the workspace's
 * artifacts (as an address hover does) when no deployment record does. Not read for a precompile
 * or a failed creation; code that cannot be read leaves the failure as it is (its address).
 */
async function withCode(
    failure: HoverTxFailure,
    read: (to: string) => Promise<ReadonlyMap<string, string>>,
): Promise<HoverTxFailure> {
    if (failure.status !== 'found' || failure.to === undefined || failure.precompile) {
        return failure;
    }
    try {
        const code = keptCode((await read(failure.to)).get(failure.to.toLowerCase()));
        return code === undefined ? failure : { ...failure, code };
    } catch (error) {
        if (isAbortError(error)) throw error;
        return failure;
    }
}

/**
 * `result` with why it failed when it is a failed, mined EVM transaction; as it is otherwise,
 * or when the lookup is cancelled meanwhile.
 */
export async function withFailure(lookup: Lookup, result: LiveResult): Promise<LiveResult> {
    if (result.kind !== 'evmTx' || result.success || result.pending) return result;
    const tx: EvmTxLive = result;
    let failure: HoverTxFailure;
    try {
        const endpoint = await rpcEndpointFor(lookup, tx.chain);
        if (!endpoint) return result;
        const chain: TraceChain = {
            kind: tx.chain.isCChain ? 'c-chain' : 'subnet-evm',
            name: tx.chain.name,
            blockchainId: tx.chain.blockchainId,
        };
        const block = Number(tx.blockNumber);
        const tree = await fetchCallTree(endpoint.target, tx.txHash, chain, {
            ...(lookup.signal ? { signal: lookup.signal } : {}),
            ...(Number.isSafeInteger(block) && tx.blockNumber !== '' ? { block } : {}),
        });
        const root = rootFailure(tree.frames, tx.chain.evmChainId);
        failure = root
            ? await withCode(root, (to) =>
                  fetchCodes(
                      endpoint.target,
                      [to],
                      Number.isSafeInteger(block) ? block : undefined,
                      {
                          ...(lookup.signal ? { signal: lookup.signal } : {}),
                      },
                  ),
              )
            : { status: 'unavailable', reason: 'the trace shows no failing call' };
    } catch (error) {
        if (isAbortError(error) || lookup.signal?.aborted) return result;
        failure = unavailable(error);
    }
    return { ...tx, failure };
}
