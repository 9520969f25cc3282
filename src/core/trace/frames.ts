/**
 * Each frame of a call tree decoded with what the workspace knows (`ContractKnowledge`: the name
 * at an address from deployment records and runtime code, and calls, returns, logs and reverts
 * decoded with the workspace's ABIs, then the built-in table), precompiles named, and the
 * failures found: for each failed frame that failed on its own, the path from it to the frame
 * that caught it or to the transaction.
 *
 * A frame's failure continues its last child's when that child failed and was its last call:
 * `propagated` when the frame reverted with the child's own revert data (what Solidity does when
 * a call fails, and `revert(add(ret, 32), mload(ret))`), `wrapped` when with other data (a
 * contract that catches and reverts with an error of its own). The frame where the chain starts
 * is the root cause: the deepest failure that is no other's propagation. A frame that catches a
 * child's failure and then fails for a reason of its own reads as wrapping it; the lines of both
 * are shown.
 *
 * Pure: the codes of the contracts called are read before (fetch.ts), and nothing here waits.
 */
import { decodeCall } from '../abi/decode';
import { formatValue, quoteText } from '../abi/format';
import { selectorOf } from '../abi/signature';
import type { Decoded, DecodeResult } from '../abi/types';
import { toChecksumAddress } from '../identifiers';
import { inertLine } from '../text/inert';
import { ContractKnowledge, nameHow } from '../workspace/knowledge';
import type { AbiEntry, Origin } from '../workspace/types';

import { frameFailed, type CallFrame, type CallTree, type TraceLog } from './callTree';
import { precompileAt } from './precompiles';

/** Who a frame called, by name. */
export interface FrameContract {
    /** The contract's or precompile's name, inert. */
    readonly name: string;
    /** `role`: a workspace file names the address without a contract (a relayer, an admin). */
    readonly how: 'deployment' | 'bytecode' | 'precompile' | 'creation' | 'role';
    /** How it was found, in words: `deployed, per broadcast/… (Foundry broadcast)`. */
    readonly detail: string;
}

/** A log of a frame, decoded. */
export interface TraceEvent {
    readonly log: TraceLog;
    readonly decoded: DecodeResult;
    /** One line: `Transfer(from: 0x…, to: 0x…, value: 5)`, or the topic when unknown. */
    readonly text: string;
}

/** A frame's place on a failure's path. */
export type FailureRole = 'root-cause' | 'propagated' | 'wrapped';

/** Why a frame failed. */
export interface FrameFailure {
    /** The node's error text (`execution reverted`, `out of gas`), inert. */
    readonly error: string;
    /** The revert data decoded (`'empty'` when the frame left none). */
    readonly revert: DecodeResult;
    /**
     * One line: the custom error with its arguments, the `Error(string)` message quoted, the
     * panic code in words, or the node's error text.
     */
    readonly text: string;
}

/** One frame, decoded. */
export interface TraceFrame {
    readonly frame: CallFrame;
    readonly contract: FrameContract | undefined;
    /** The call decoded; undefined for a creation, a self-destruct or a call without data. */
    readonly call: DecodeResult | undefined;
    /** What the call returned, decoded as its function's outputs (successful calls only). */
    readonly returned: DecodeResult | undefined;
    readonly failure: FrameFailure | undefined;
    readonly events: readonly TraceEvent[];
    /** The frame's role on a failure path, when it is on one. */
    readonly role: FailureRole | undefined;
    /** One line for a tree row: `Entry.enter(leaf: 0x…, depth: 9)`, `CREATE Leaf`, `sha256`. */
    readonly title: string;
}

/** One failure: where it began and how far it went. */
export interface TraceFailure {
    /** The frame that failed first (its own revert, panic or error). */
    readonly rootCause: number;
    /** Frame indexes from the root cause up, each failing because of the one before. */
    readonly path: readonly number[];
    /**
     * The frame that caught the failure and went on; undefined when the failure reached the
     * transaction's own call, which then failed.
     */
    readonly caughtBy: number | undefined;
}

/** What the artifact an address's code matched says of its functions. */
export interface MatchedAbi {
    /** Signatures by selector, from solc's `methodIdentifiers`. */
    readonly methods: ReadonlyMap<string, string>;
    readonly origin: Origin;
}

/** What decoding needs beyond the tree. */
export interface DecodeTraceInput {
    /** The workspace's knowledge; without one, the built-in signatures and precompiles only. */
    readonly knowledge?: ContractKnowledge | undefined;
    /** Decimal EVM chain id, for the deployment records of that chain. */
    readonly chainId: string | undefined;
    /** Runtime code by lower-case address (`eth_getCode`), for naming by code. */
    readonly codes?: ReadonlyMap<string, string> | undefined;
    /** The contracts creations' code was found to be (by frame index). */
    readonly createdAs?: ReadonlyMap<number, FrameContract> | undefined;
    /**
     * Contracts whose code was compared with the artifacts byte by byte (sourceLines.ts), by
     * lower-case address: what names code the index's hashes cannot (unlinked code, a library's
     * own address, immutables Hardhat 2's artifacts do not locate).
     */
    readonly matchedCode?: ReadonlyMap<string, FrameContract> | undefined;
    /**
     * The ABI of the artifact each such address's code matched, for the calls its index entries
     * do not decode: an external library function is called by a selector of its internal types.
     */
    readonly matchedAbi?: ReadonlyMap<string, MatchedAbi> | undefined;
}

/** The decoded frames and the failures among them. */
export interface DecodedFrames {
    readonly frames: readonly TraceFrame[];
    /** The transaction's own failure first (when it failed), then caught ones in call order. */
    readonly failures: readonly TraceFailure[];
}

/** The empty list of events every frame without logs shares. */
const noEvents: readonly TraceEvent[] = Object.freeze([]);

/** Longest title kept. */
const maxTitleChars = 240;
/** Inputs longer than this are decoded each time instead of being kept as a cache key. */
const maxCachedInputChars = 4_096;

/** Decodes every frame and finds the failures. */
export function decodeFrames(tree: CallTree, input: DecodeTraceInput): DecodedFrames {
    const knowledge = input.knowledge ?? new ContractKnowledge(undefined);
    const names = new Map<string, FrameContract | undefined>();
    // A trace repeats itself (a loop calls one function many times, a failure is passed up with
    // the same data): each distinct call, return, revert and log is decoded and worded once.
    const memo = new Memo();
    const nameOf = (frame: CallFrame): FrameContract | undefined => {
        const created = input.createdAs?.get(frame.index);
        if (created !== undefined) return created;
        const address = frame.to;
        if (address === undefined) return undefined;
        if (names.has(address)) return names.get(address);
        const found = contractAt(knowledge, input, address);
        names.set(address, found);
        return found;
    };
    const { roles, failures } = findFailures(tree.frames);
    const frames = tree.frames.map((frame): TraceFrame => {
        const contract = frame.malformed === undefined ? nameOf(frame) : undefined;
        const isCreate = frame.type === 'CREATE' || frame.type === 'CREATE2';
        // Ethereum's and the C-Chain's precompiles take raw bytes, which a selector of four of
        // them would misread; Subnet-EVM's have ABIs (the built-in table).
        const precompile = precompileAt(frame.to);
        const rawInput = precompile !== undefined && precompile.family !== 'Subnet-EVM';
        const decodesCall =
            !isCreate && frame.type !== 'SELFDESTRUCT' && frame.input.length > 2 && !rawInput;
        const call = decodesCall
            ? memo.get('call', [frame.to, frame.input], () => {
                  const result = knowledge.decodeCall(input.chainId, frame.to, frame.input);
                  if (result.status !== 'unknown' || frame.to === undefined) return result;
                  return libraryCall(input.matchedAbi?.get(frame.to), frame.input) ?? result;
              })
            : undefined;
        const failed = frameFailed(frame);
        // Kept by the function called, not by the whole input: a loop calls one function with
        // new arguments and gets the same answer back each time. The input counts only through
        // the function chosen, whose signature gives its selector.
        const returned =
            !failed && call?.status === 'decoded' && frame.output.length > 2
                ? memo.get('return', [frame.to, call.decoded.signature, frame.output], () =>
                      knowledge.decodeReturn(
                          input.chainId,
                          frame.to,
                          frame.input,
                          frame.output,
                          call,
                      ),
                  )
                : undefined;
        const failure = failed
            ? memo.get('failure', [frame.to, frame.error, frame.revertReason, frame.output], () =>
                  failureOf(knowledge, input.chainId, frame),
              )
            : undefined;
        const events =
            frame.logs.length === 0
                ? noEvents
                : frame.logs.map((log): TraceEvent => {
                      const { decoded, text } = memo.get(
                          'log',
                          // The topic count first: logs of fewer topics end their keys sooner.
                          [String(log.topics.length), log.address, ...log.topics, log.data],
                          () => {
                              const result = knowledge.decodeLog(input.chainId, log);
                              return { decoded: result, text: eventText(result, log) };
                          },
                      );
                      return { log, decoded, text };
                  });
        const title = memo.get(
            'title',
            [frame.type, contract?.name, frame.malformed, frame.to, frame.input],
            () => frameTitle(frame, contract, call),
        );
        return {
            frame,
            contract,
            call,
            returned,
            failure,
            events,
            role: roles.get(frame.index),
            title,
        };
    });
    return { frames, failures };
}

/**
 * Results by kind and key parts, in nested maps: a key made by joining call data would be a new
 * string (hashed anew) for every frame, where the parts are the tree's own strings, the same
 * object for repeated data (callTree.ts interns them), whose hash is computed once. Parts longer
 * than `maxCachedInputChars` are not kept: their result is made each time.
 */
class Memo {
    private readonly roots = new Map<string, Map<string | undefined, unknown>>();

    get<T>(kind: string, parts: readonly (string | undefined)[], make: () => T): T {
        // A loop, not `some` with a closure: this runs several times for each frame.
        for (const part of parts) {
            if (part !== undefined && part.length > maxCachedInputChars) return make();
        }
        let level = this.roots.get(kind);
        if (!level) {
            level = new Map();
            this.roots.set(kind, level);
        }
        for (let i = 0; i < parts.length - 1; i++) {
            let next = level.get(parts[i]) as Map<string | undefined, unknown> | undefined;
            if (!next) {
                next = new Map();
                level.set(parts[i], next);
            }
            level = next;
        }
        const last = parts[parts.length - 1];
        if (level.has(last)) return level.get(last) as T;
        const made = make();
        level.set(last, made);
        return made;
    }
}

/** ABI types a library signature may hold as they are; anything else is an internal type. */
const elementaryType = /^(address|bool|string|bytes\d{0,2}|u?int\d{0,3})(\[\d*\])*$/;

/**
 * `input` decoded as an external library function of the matched artifact: solc leaves those
 * with internal types (a contract, an enum) out of the ABI and calls them by a selector of those
 * types (https://docs.soliditylang.org/en/latest/contracts.html#function-signatures-and-selectors-in-libraries),
 * which its `methodIdentifiers` keeps. A parameter of an internal type is one word, shown raw
 * with its type's name; a signature with a struct (a tuple) is not decoded.
 */
function libraryCall(matched: MatchedAbi | undefined, input: string): DecodeResult | undefined {
    const selector = input.slice(0, 10).toLowerCase();
    const signature = matched?.methods.get(selector);
    if (!matched || signature === undefined) return undefined;
    const open = signature.indexOf('(');
    if (open <= 0 || !signature.endsWith(')') || signature.indexOf('(', open + 1) >= 0)
        return undefined;
    const name = signature.slice(0, open);
    const types = signature
        .slice(open + 1, -1)
        .split(',')
        .filter((t) => t !== '');
    const entry: AbiEntry = {
        type: 'function',
        name,
        inputs: types.map((type) => ({
            name: '',
            type: elementaryType.test(type) ? type : 'bytes32',
        })),
    };
    const result = decodeCall(`${selectorOf(entry)}${input.slice(10)}`, [
        { entry, origin: matched.origin },
    ]);
    if (result.status !== 'decoded') return undefined;
    return {
        status: 'decoded',
        decoded: {
            ...result.decoded,
            signature,
            args: result.decoded.args.map((arg, i) => ({ ...arg, type: types[i] ?? arg.type })),
        },
    };
}

function contractAt(
    knowledge: ContractKnowledge,
    input: DecodeTraceInput,
    address: string,
): FrameContract | undefined {
    const precompile = precompileAt(address);
    if (precompile) {
        return {
            name: precompile.name,
            how: 'precompile',
            detail: `${precompile.family} precompile${precompile.note ? `: ${precompile.note}` : ''}`,
        };
    }
    const named = knowledge.nameOf(input.chainId, address);
    if (named) {
        return {
            name: inertLine(named.name, 120),
            how: named.how,
            detail: inertLine(nameHow(named), 300),
        };
    }
    const code = input.codes?.get(address);
    const byCode = code ? knowledge.nameByCode(code) : undefined;
    if (byCode) {
        return {
            name: inertLine(byCode.name, 120),
            how: 'bytecode',
            detail: inertLine(nameHow(byCode), 300),
        };
    }
    return input.matchedCode?.get(address);
}

/**
 * Why `frame` failed, decoded with `knowledge` (the hover's words for a transaction's first
 * failing call, as the trace panel words it).
 */
export function frameFailureOf(
    knowledge: ContractKnowledge,
    chainId: string | undefined,
    frame: CallFrame,
): FrameFailure {
    return failureOf(knowledge, chainId, frame);
}

function failureOf(
    knowledge: ContractKnowledge,
    chainId: string | undefined,
    frame: CallFrame,
): FrameFailure {
    const error = frame.error ?? 'failed';
    const reverted = /revert/i.test(error);
    const revert: DecodeResult =
        reverted && frame.output.length > 2
            ? knowledge.decodeRevert(chainId, frame.to, frame.output)
            : { status: 'empty' };
    return { error, revert, text: failureText(error, revert, frame) };
}

/** A decoded error as one line: `TooDeep(depth: 9, caller: 0x…)`, `"message"`, a panic in words. */
function decodedErrorText(decoded: Decoded): string {
    if (decoded.signature === 'Error(string)') {
        const message = decoded.args[0]?.value;
        return message?.k === 'string' ? formatValue(message) : 'Error(string)';
    }
    if (decoded.signature === 'Panic(uint256)') {
        return decoded.note !== undefined ? `Panic: ${decoded.note}` : 'Panic';
    }
    return oneLine(decoded);
}

/** The words for why a frame failed. */
function failureText(error: string, revert: DecodeResult, frame: CallFrame): string {
    switch (revert.status) {
        case 'decoded':
            return inertLine(decodedErrorText(revert.decoded), maxTitleChars);
        case 'ambiguous':
            return inertLine(
                `${revert.candidates.map((c) => c.name).join(' or ')} (the workspace has several errors of this selector)`,
                maxTitleChars,
            );
        case 'unknown':
            return `custom error ${revert.selector} (no ABI in the workspace names it)`;
        case 'invalid':
            return inertLine(
                `revert data ${revert.selector} that does not decode: ${revert.reason}`,
                maxTitleChars,
            );
        case 'empty':
            if (/revert/i.test(error)) {
                return frame.revertReason !== undefined
                    ? quoteText(frame.revertReason)
                    : 'reverted without a reason';
            }
            return error;
    }
}

function oneLine(decoded: Decoded): string {
    const args = decoded.args.map((a) =>
        a.name === '' ? formatValue(a.value) : `${a.name}: ${formatValue(a.value)}`,
    );
    return `${decoded.name}(${args.join(', ')})`;
}

function eventText(decoded: DecodeResult, log: TraceLog): string {
    switch (decoded.status) {
        case 'decoded':
            return inertLine(oneLine(decoded.decoded), maxTitleChars);
        case 'ambiguous':
            return inertLine(
                `${decoded.candidates.map((c) => c.name).join(' or ')} (ambiguous)`,
                maxTitleChars,
            );
        default:
            return `event ${log.topics[0] ?? '(anonymous)'}`;
    }
}

function shortAddress(address: string | undefined): string {
    if (address === undefined) return '(new contract)';
    const checksummed = toChecksumAddress(address) ?? address;
    return `${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`;
}

/** The one-line title of a frame for a tree row. */
function frameTitle(
    frame: CallFrame,
    contract: FrameContract | undefined,
    call: DecodeResult | undefined,
): string {
    if (frame.malformed !== undefined) return 'malformed call';
    const who = contract?.name ?? shortAddress(frame.to);
    if (frame.type === 'CREATE' || frame.type === 'CREATE2') {
        return inertLine(`${frame.type} ${who}`, maxTitleChars);
    }
    if (frame.type === 'SELFDESTRUCT') return inertLine(`SELFDESTRUCT ${who}`, maxTitleChars);
    if (call?.status === 'decoded') {
        return inertLine(`${who}.${oneLine(call.decoded)}`, maxTitleChars);
    }
    if (call?.status === 'ambiguous') {
        return inertLine(
            `${who}.${call.candidates.map((c) => c.name).join(' or ')}(…)`,
            maxTitleChars,
        );
    }
    if (frame.input.length <= 2) return inertLine(`${who} (transfer)`, maxTitleChars);
    if (contract?.how === 'precompile') return inertLine(who, maxTitleChars);
    return inertLine(`${who}.${frame.input.slice(0, 10)}(…)`, maxTitleChars);
}

/**
 * The frames on failure paths and the failures, in one pass over the frames (no recursion): a
 * failed frame continues its last child's failure when that child failed and was its last call.
 */
export function findFailures(frames: readonly CallFrame[]): {
    roles: Map<number, FailureRole>;
    failures: TraceFailure[];
} {
    /** For a failed frame, the child whose failure it continues, with how. */
    const continues = new Map<number, { child: number; role: 'propagated' | 'wrapped' }>();
    /** For a failed child, the parent that continues its failure. */
    const continuedBy = new Map<number, number>();
    for (const frame of frames) {
        if (!frameFailed(frame)) continue;
        const last = frame.children[frame.children.length - 1];
        const child = last === undefined ? undefined : frames[last];
        if (!child || !frameFailed(child)) continue;
        const role = child.output === frame.output ? 'propagated' : 'wrapped';
        continues.set(frame.index, { child: child.index, role });
        continuedBy.set(child.index, frame.index);
    }
    const roles = new Map<number, FailureRole>();
    const reached: TraceFailure[] = [];
    const caught: TraceFailure[] = [];
    for (const frame of frames) {
        if (!frameFailed(frame) || continues.has(frame.index)) continue;
        const path = [frame.index];
        roles.set(frame.index, 'root-cause');
        let at = frame.index;
        for (let up = continuedBy.get(at); up !== undefined; up = continuedBy.get(at)) {
            path.push(up);
            roles.set(up, continues.get(up)!.role);
            at = up;
        }
        const top = frames[at]!;
        const failure: TraceFailure = {
            rootCause: frame.index,
            path,
            caughtBy: top.parent >= 0 ? top.parent : undefined,
        };
        if (failure.caughtBy === undefined) reached.push(failure);
        else caught.push(failure);
    }
    return { roles, failures: [...reached, ...caught] };
}
