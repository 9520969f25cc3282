/**
 * "Why did it revert": one call that reads a transaction's call tree, decodes every frame, finds
 * where each failure began and the path it took, and puts each failed frame on its Solidity line.
 * The UI draws the `TraceReport` it returns (rendering never fetches); `whyLines` gives the same
 * as plain text for agents and hovers.
 *
 * What it asks of the node, in order: the receipt (and chain id), the call tree, then at once the
 * step trace (only when a frame failed and the workspace can name lines) and the code of the
 * contracts called (only with a workspace to compare it with). Refusals arrive as
 * `TraceUnavailableError` with the sentence that says what to change; a step trace the node
 * refuses or cuts short leaves the rest of the report standing, said in `stepTrace`.
 */
import { isAbortError } from '../http/errors';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import { inertLine } from '../text/inert';
import { ContractKnowledge, originText } from '../workspace/knowledge';

import type { TraceSources } from './artifactDebug';
import { frameFailed, type CallTree } from './callTree';
import {
    fetchCallTree,
    fetchCodes,
    fetchReceipt,
    fetchRevertSites,
    maxCodeLookups,
    type TraceRequestOptions,
} from './fetch';
import {
    decodeFrames,
    findFailures,
    type FrameContract,
    type MatchedAbi,
    type TraceFailure,
    type TraceFrame,
} from './frames';
import { precompileAt } from './precompiles';
import type { RevertSites } from './revertSites';
import { locateFailure, matchFrameCode, type FrameSource, type MatchedCode } from './sourceLines';
import {
    isTraceUnavailableError,
    unknownTransactionError,
    type TraceChain,
    type TraceUnavailableError,
} from './unavailable';

/** What `explainTransaction` needs. */
export interface ExplainOptions extends TraceRequestOptions {
    /** The chain's JSON-RPC endpoint (`ClientProvider.rpcFor(rpcUrl)`). */
    readonly target: RpcTarget;
    /** The transaction hash (0x and 64 hex digits). */
    readonly hash: string;
    /** What is known of the chain, for the sentences on turning tracing on. */
    readonly chain: TraceChain;
    /** The workspace's contracts; without them only built-in signatures and precompiles are named. */
    readonly knowledge?: ContractKnowledge | undefined;
    /** The workspace's files for the Solidity lines; without them no step trace is taken. */
    readonly sources?: TraceSources | undefined;
    /** Most failed frames put on a line (the transaction's failure path first). Default 32. */
    readonly maxLocatedFrames?: number | undefined;
}

/** What became of the step trace that finds where each failed frame stopped. */
export type StepTraceOutcome =
    | { readonly status: 'done'; readonly steps: number; readonly cut: boolean }
    /** Not taken: nothing failed, or no workspace files to put lines in. */
    | { readonly status: 'skipped'; readonly reason: string }
    | {
          readonly status: 'failed';
          readonly reason: string;
          readonly error: TraceUnavailableError | undefined;
      };

/** Everything the "why did it revert" views show, read and decoded. */
export interface TraceReport {
    /** Lower-case transaction hash. */
    readonly hash: string;
    /** Decimal EVM chain id, as the endpoint answered it. */
    readonly chainId: string;
    readonly blockNumber: number;
    /** `reverted` when the transaction's own call failed. */
    readonly status: 'succeeded' | 'reverted';
    /** Every frame in call order; `frames[0]` is the transaction's own call. */
    readonly frames: readonly TraceFrame[];
    /** The transaction's failure first (when it reverted), then failures caught on the way. */
    readonly failures: readonly TraceFailure[];
    /** The Solidity line of failed frames, by frame index (those looked for). */
    readonly sources: ReadonlyMap<number, FrameSource>;
    readonly stepTrace: StepTraceOutcome;
    /** Sentences on what was left out or could not be done. */
    readonly notes: readonly string[];
    /** True when frames or events were left out of a huge trace. */
    readonly cut: boolean;
}

/**
 * Failed frames to put on a line, most wanted first: the transaction's failure path from its root
 * cause, then the root causes and paths of caught failures.
 */
function framesToLocate(failures: readonly TraceFailure[], max: number): number[] {
    const wanted: number[] = [];
    const seen = new Set<number>();
    for (const failure of failures) {
        for (const index of failure.path) {
            if (wanted.length >= max) return wanted;
            if (!seen.has(index)) {
                seen.add(index);
                wanted.push(index);
            }
        }
    }
    return wanted;
}

/** The addresses whose code is read: the located frames' first, then the others for names. */
function codeAddresses(tree: CallTree, located: readonly number[], naming: boolean): string[] {
    const addresses: string[] = [];
    const seen = new Set<string>();
    const add = (address: string | undefined): void => {
        if (address === undefined || seen.has(address) || precompileAt(address)) return;
        seen.add(address);
        addresses.push(address);
    };
    for (const index of located) add(tree.frames[index]!.to);
    if (naming) for (const frame of tree.frames) add(frame.to);
    return addresses.slice(0, maxCodeLookups);
}

/** Contracts named by comparing their code with the artifacts byte by byte, at most. */
const maxNamedByMatch = 32;

function reasonOf(error: unknown): string {
    return inertLine(error instanceof Error ? error.message : String(error), 400);
}

/**
 * Reads, decodes and explains transaction `hash`. Throws `TraceUnavailableError` when the node
 * cannot trace it (tracer off, public endpoint, pruned state, unknown transaction), the client's
 * typed errors for transport failures, and an AbortError when `signal` fires.
 */
export async function explainTransaction(options: ExplainOptions): Promise<TraceReport> {
    const { target, chain } = options;
    const request: TraceRequestOptions = options.signal ? { signal: options.signal } : {};
    const hash = options.hash.toLowerCase();
    // The call tree does not wait for the receipt: at a real round-trip time that would be one
    // more round trip (#38). The receipt's block only names the block in a refusal's sentence.
    const receiptRead = fetchReceipt(target, options.hash, request);
    const treeRead = fetchCallTree(target, hash, chain, {
        ...request,
        block: receiptRead.then(
            (r) => r.receipt?.blockNumber,
            () => undefined,
        ),
    });
    // Read below, unless the receipt's answer ends the explanation first.
    void treeRead.catch(() => undefined);
    const { chainId, receipt } = await receiptRead;
    if (receipt === null) throw unknownTransactionError(hash, '');
    const block = receipt.blockNumber;
    const tree = await treeRead;
    const knowledge = options.knowledge ?? new ContractKnowledge(undefined);
    const notes = [...tree.notes];
    const anyFailed = tree.frames.some(frameFailed);
    const withWorkspace = knowledge.hasWorkspace;

    // The failure paths come from the tree alone, before anything is decoded.
    const failures = findFailures(tree.frames).failures;
    const located = framesToLocate(failures, options.maxLocatedFrames ?? 32);
    const sources = options.sources;
    const wantLines = anyFailed && sources !== undefined && withWorkspace;

    const stepTrace: Promise<RevertSites | { failed: unknown }> | undefined = wantLines
        ? fetchRevertSites(target, hash, chain, { ...request, block }).catch((error: unknown) => ({
              failed: error,
          }))
        : undefined;
    const codes = withWorkspace
        ? await fetchCodes(target, codeAddresses(tree, located, true), block, request)
        : new Map<string, string>();
    const sites = stepTrace ? await stepTrace : undefined;
    if (sites && 'failed' in sites && isAbortError(sites.failed)) throw sites.failed;

    let outcome: StepTraceOutcome;
    if (!sites) {
        outcome = {
            status: 'skipped',
            reason: !anyFailed
                ? 'no call failed'
                : 'no workspace contracts to put the failing instructions on Solidity lines',
        };
    } else if ('failed' in sites) {
        const error = isTraceUnavailableError(sites.failed) ? sites.failed : undefined;
        outcome = { status: 'failed', reason: reasonOf(sites.failed), error };
    } else {
        outcome = { status: 'done', steps: sites.steps, cut: sites.cut };
        if (sites.cut) {
            notes.push(
                'More calls failed than the step trace records: the later ones have no line.',
            );
        }
    }

    // Which artifact each code is, once: it names failed creations and contracts the index's
    // hashes cannot, and it is where the lines come from.
    const matched = new Map<number, MatchedCode | { readonly reason: string }>();
    const createdAs = new Map<number, FrameContract>();
    const matchedCode = new Map<string, FrameContract>();
    const matchedAbi = new Map<string, MatchedAbi>();
    if (sources && withWorkspace) {
        const byAddress = new Map<string, Promise<MatchedCode | { readonly reason: string }>>();
        const matchAt = (index: number): Promise<MatchedCode | { readonly reason: string }> => {
            const frame = tree.frames[index]!;
            const creation = frame.type === 'CREATE' || frame.type === 'CREATE2';
            if (creation || frame.to === undefined) {
                return matchFrameCode(frame, undefined, knowledge, sources);
            }
            let found = byAddress.get(frame.to);
            if (!found) {
                found = matchFrameCode(frame, codes.get(frame.to), knowledge, sources);
                byAddress.set(frame.to, found);
            }
            return found;
        };
        for (const index of located) {
            const match = await matchAt(index);
            matched.set(index, match);
            if (!('reason' in match) && match.kind === 'creation') {
                const artifact = match.debug.artifact;
                createdAs.set(index, {
                    name: inertLine(artifact.contractName, 120),
                    how: 'creation',
                    detail: inertLine(`creation code matches ${originText(artifact.origin)}`, 300),
                });
            }
        }
        // Contracts left unnamed by records and hashes, compared byte by byte (a bounded few).
        let compared = 0;
        for (const frame of tree.frames) {
            if (compared >= maxNamedByMatch) break;
            const to = frame.to;
            if (to === undefined || matchedCode.has(to) || !codes.has(to)) continue;
            if (frame.type === 'CREATE' || frame.type === 'CREATE2') continue;
            // A library is compared even when named: its ABI leaves out the functions that
            // take internal types, which only the matched artifact's method list has.
            const named =
                knowledge.nameOf(String(chainId), to) ?? knowledge.nameByCode(codes.get(to)!);
            if (named && frame.type !== 'DELEGATECALL') continue;
            if (!byAddress.has(to)) compared++;
            const match = await matchAt(frame.index);
            if (!('reason' in match)) {
                const artifact = match.debug.artifact;
                matchedAbi.set(to, { methods: match.debug.methods, origin: artifact.origin });
                matchedCode.set(to, {
                    name: inertLine(artifact.contractName, 120),
                    how: 'bytecode',
                    detail: inertLine(`code matches ${originText(artifact.origin)}`, 300),
                });
            }
        }
    }
    const decoded = decodeFrames(tree, {
        knowledge,
        chainId: String(chainId),
        codes,
        createdAs,
        matchedCode,
        matchedAbi,
    });

    const lines = new Map<number, FrameSource>();
    if (sources && withWorkspace && sites && !('failed' in sites)) {
        let misplaced = 0;
        for (const index of located) {
            const frame = tree.frames[index]!;
            let site = sites.byFrame.get(index);
            // The step trace numbers frames as the call tree does; a record at another depth
            // belongs to another frame, and no line is better than a wrong one.
            if (site && site.depth !== frame.depth) {
                site = undefined;
                misplaced++;
            }
            lines.set(index, await locateFailure(site, matched.get(index)!, sources));
        }
        if (misplaced > 0) {
            notes.push(
                `The step trace's calls did not line up with the call tree for ${misplaced} failed ${misplaced === 1 ? 'call' : 'calls'}; those have no line.`,
            );
        }
    } else if (anyFailed) {
        const reason =
            outcome.status === 'failed'
                ? outcome.reason
                : !withWorkspace || !sources
                  ? 'the workspace has no contracts to compare the code with'
                  : 'no step trace';
        for (const index of located) lines.set(index, { status: 'unavailable', reason });
    }
    if (failures.length > 0 && located.length < countFailed(tree)) {
        notes.push(
            `Only the first ${located.length} failed calls on failure paths are put on Solidity lines.`,
        );
    }
    return {
        hash,
        chainId: String(chainId),
        blockNumber: block,
        status: tree.frames[0] && frameFailed(tree.frames[0]) ? 'reverted' : 'succeeded',
        frames: decoded.frames,
        failures: decoded.failures,
        sources: lines,
        stepTrace: outcome,
        notes,
        cut: tree.cut,
    };
}

function countFailed(tree: CallTree): number {
    let n = 0;
    for (const frame of tree.frames) if (frameFailed(frame)) n++;
    return n;
}

/** A place as `file:line:column`. */
function placeText(source: FrameSource | undefined): string | undefined {
    if (source?.status !== 'found') return undefined;
    const { file, line, column } = source.location;
    return `${file}:${line}:${column}`;
}

/**
 * The report as plain lines for agents, hovers and logs: the outcome, each failure from its root
 * cause up with the Solidity line of each frame, and the notes. Every string in it was made inert
 * when the report was built.
 */
export function whyLines(report: TraceReport, maxFailures = 4): string[] {
    const lines: string[] = [];
    const top = report.frames[0];
    lines.push(
        report.status === 'reverted'
            ? `Transaction ${report.hash} reverted (block ${report.blockNumber}).`
            : `Transaction ${report.hash} succeeded (block ${report.blockNumber})${report.failures.length > 0 ? `, with ${report.failures.length} failed ${report.failures.length === 1 ? 'call' : 'calls'} caught on the way` : ''}.`,
    );
    if (top) lines.push(`Call: ${top.title}`);
    for (const failure of report.failures.slice(0, maxFailures)) {
        const root = report.frames[failure.rootCause];
        if (!root) continue;
        const caught =
            failure.caughtBy === undefined
                ? ''
                : ` (caught by ${report.frames[failure.caughtBy]?.title ?? 'a caller'})`;
        lines.push(`Failed first in ${root.title}: ${root.failure?.text ?? 'failed'}${caught}`);
        for (const index of failure.path) {
            const frame = report.frames[index];
            if (!frame) continue;
            const source = report.sources.get(index);
            const at = placeText(source);
            const role =
                index === failure.rootCause
                    ? 'root cause'
                    : frame.role === 'wrapped'
                      ? 'failed with an error of its own after it'
                      : 'passed it on';
            const where =
                source?.status === 'found'
                    ? ` at ${at}${source.location.via === 'call-site' ? ' (the call into the compiler’s helper)' : ''}: ${source.location.lineText}${source.location.caution ? ` (${source.location.caution})` : ''}`
                    : source
                      ? ` (no line: ${source.reason})`
                      : '';
            lines.push(`  ${role}: ${frame.title}${where}`);
        }
    }
    if (report.failures.length > maxFailures) {
        lines.push(`… and ${report.failures.length - maxFailures} more failures.`);
    }
    if (report.stepTrace.status === 'failed')
        lines.push(`No Solidity lines: ${report.stepTrace.reason}`);
    for (const note of report.notes) lines.push(note);
    return lines;
}
