/**
 * The call tree of a transaction as go-ethereum's `callTracer` answers it
 * (`debug_traceTransaction` with `{ tracer: 'callTracer', tracerConfig: { withLog: true } }`;
 * `callFrame` in https://github.com/ethereum/go-ethereum/blob/v1.13.15/eth/tracers/native/call.go,
 * which coreth and Subnet-EVM serve through libevm), read into a flat list of frames in call
 * order.
 *
 * The answer comes from a node and may be hostile: up to the client's 32 MiB, nested as deep as
 * JSON allows, with frames of the wrong shape. So the tree is walked with a stack of its own (no
 * recursion: a chain of 100,000 nested frames costs a loop, not the call stack), each frame is
 * checked by a flat schema (`calls` is not parsed into: the walk reaches the children itself),
 * at most `maxFrames` frames and `maxLogs` logs are kept, a frame below the EVM's call depth limit
 * is impossible and dropped, and a frame of the wrong shape stays as a `malformed` frame without
 * its children. What was left out is said in `notes`.
 */
import * as z from 'zod';

import { ResponseFormatError } from '../http/errors';
import { formatNumber } from '../format';
import { inertLine } from '../text/inert';
import { phrase } from '../text/phrase';

/** The kinds of frame the callTracer names (`vm.OpCode.String()` of the opcode that made it). */
export type FrameType =
    'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT';

const frameTypes: ReadonlySet<string> = new Set<FrameType>([
    'CALL',
    'STATICCALL',
    'DELEGATECALL',
    'CALLCODE',
    'CREATE',
    'CREATE2',
    'SELFDESTRUCT',
]);

/** One log a frame emitted (`callLog`: emitted by that frame, before `position` child calls). */
export interface TraceLog {
    /** Lower-case 0x address of the emitting contract. */
    readonly address: string;
    readonly topics: readonly string[];
    readonly data: string;
    /** How many of the frame's child calls came before this log (its place among them). */
    readonly position: number;
}

/** One call, creation or self-destruct, in call order (a depth-first walk of the tree). */
export interface CallFrame {
    /** Its place in call order: 0 is the transaction's own call. */
    readonly index: number;
    /** The calling frame's index; -1 for the transaction's own call. */
    readonly parent: number;
    /** 0 for the transaction's own call, then one per call level. */
    readonly depth: number;
    /** What made the frame; undefined for a malformed one. */
    readonly type: FrameType | undefined;
    /** Lower-case 0x address. */
    readonly from: string;
    /**
     * Lower-case 0x address: the callee, whose code runs (for a DELEGATECALL the code's address,
     * the storage being `from`'s). Absent for a creation that failed.
     */
    readonly to: string | undefined;
    /** Wei sent with the call, as a decimal string. */
    readonly value: string;
    readonly gas: number;
    readonly gasUsed: number;
    /** Call data, or the creation code of a CREATE/CREATE2 (0x hex). */
    readonly input: string;
    /** Returned data, the revert data of a reverted frame, or the created code (0x hex). */
    readonly output: string;
    /** The node's error text (`execution reverted`, `out of gas`), inert and bounded. */
    readonly error: string | undefined;
    /** The node's reading of an `Error(string)` revert, inert and bounded. */
    readonly revertReason: string | undefined;
    readonly logs: readonly TraceLog[];
    /** Indexes of the child frames, in call order. */
    readonly children: readonly number[];
    /** Why the frame's answer was not read (its children are then left out too). */
    readonly malformed: string | undefined;
}

/** The flat call tree and what was left out of it. */
export interface CallTree {
    readonly frames: readonly CallFrame[];
    /** Sentences on what was left out (frames past the cap, impossible depths, bad shapes). */
    readonly notes: readonly string[];
    /** True when frames were left out for the cap or the depth. */
    readonly cut: boolean;
}

/** The bounds of one call tree. */
export const callTreeLimits = {
    /** Frames kept, in call order. */
    maxFrames: 50_000,
    /** Logs kept over all frames. */
    maxLogs: 50_000,
    /**
     * Levels below the transaction's call: the EVM stops at a call depth of 1,024
     * (`params.CallCreateDepth`), so a frame deeper than that is not from an EVM.
     */
    maxDepth: 1_024,
    /** Characters kept of a node's error or revert reason text. */
    maxErrorChars: 300,
} as const;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte address');
const hexData = z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed bytes')
    .refine((text) => text.length % 2 === 0, 'expected whole bytes');
/** Gas and values: geth writes `hexutil.Uint64` and `hexutil.Big`. */
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a hex quantity');
const topic = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 32-byte topic');

let frameSchema: ReturnType<typeof buildFrameSchema> | undefined;
let compiledFrameSchema: ReturnType<typeof buildFrameSchema> | undefined;

function buildFrameSchema() {
    const log = z.object({
        address,
        topics: z.array(topic).max(4).nullish(),
        data: hexData.nullish(),
        position: quantity.nullish(),
    });
    return z.object({
        type: z.string().max(32),
        from: address,
        to: address.nullish(),
        value: quantity.nullish(),
        gas: quantity.nullish(),
        gasUsed: quantity.nullish(),
        input: hexData.nullish(),
        output: hexData.nullish(),
        error: z.string().nullish(),
        revertReason: z.string().nullish(),
        logs: z.array(log).nullish(),
        // Not parsed into: the walk below reaches each child and checks it alone.
        calls: z.array(z.unknown()).nullish(),
    });
}

/** The wire shape of one callTracer frame, without its children. */
export type CallFrameWire = z.infer<ReturnType<typeof buildFrameSchema>>;

/** The schema of one frame (children unchecked), built on first use. */
function callFrameWireSchema(): ReturnType<typeof buildFrameSchema> {
    frameSchema ??= buildFrameSchema();
    return frameSchema;
}

/**
 * The frame schema as one generated function (`z.compile`, as `schemaInUse` in nodeRpc/wire.ts
 * does for results asked often): a trace checks thousands of frames, and the schema's tree of
 * parsers took 15 to 40 µs a frame. It hands a frame it refuses to that tree, so the issues are
 * the same.
 */
function compiledSchema(): ReturnType<typeof buildFrameSchema> {
    compiledFrameSchema ??= z.compile(callFrameWireSchema());
    return compiledFrameSchema;
}

/** A hex quantity as a number; a value past 2^53 (no real gas) reads as the largest safe one. */
function quantityNumber(hex: string | null | undefined): number {
    if (!hex) return 0;
    const value = hex.length <= 15 ? Number(hex) : Number.MAX_SAFE_INTEGER;
    return Number.isFinite(value) ? Math.min(value, Number.MAX_SAFE_INTEGER) : 0;
}

function quantityDecimal(hex: string | null | undefined): string {
    if (!hex) return '0';
    return hex.length <= 15 ? String(Number(hex)) : BigInt(hex).toString();
}

function errorText(
    text: string | null | undefined,
    made: Map<string, string>,
    intern: (text: string) => string,
): string | undefined {
    if (typeof text !== 'string' || text === '') return undefined;
    // A failure passed up its path repeats the node's words in every frame: made inert once.
    const known = made.get(text);
    if (known !== undefined) return known;
    const inert = intern(inertLine(text, callTreeLimits.maxErrorChars));
    if (made.size < maxInterned) made.set(text, inert);
    return inert;
}

/** The empty list every frame without children or logs shares. */
const none: readonly never[] = Object.freeze([]);
/** Distinct strings shared per tree at most (addresses, error texts, short data). */
const maxInterned = 20_000;
/** Longest call data or returned data shared. */
const maxInternedChars = 512;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Pending {
    readonly raw: unknown;
    readonly parent: number;
    readonly depth: number;
}

/**
 * Reads the callTracer's answer into frames in call order. Throws `ResponseFormatError` only when
 * the answer is not a frame at all; anything wrong below the top becomes a note and a frame
 * marked `malformed`. `url` names the endpoint in that error.
 */
export function readCallTree(answer: unknown, url: string): CallTree {
    const schema = compiledSchema();
    const top = schema.safeParse(answer);
    if (!top.success) {
        const issue = top.error.issues[0];
        const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'result';
        throw new ResponseFormatError(
            phrase(
                "The node's call trace is not a callTracer frame ({0}: {1}).",
                where,
                issue?.message ?? 'unexpected shape',
            ),
            url,
            top.error.issues.map((i) => i.message),
        );
    }
    const frames: Mutable<CallFrame>[] = [];
    const notes = new Set<string>();
    // Addresses and error texts repeat across frames: one string each, not one per frame (a
    // kept trace of 50,000 frames held 67 MB decoded before, 38 MB with this and the two below).
    const strings = new Map<string, string>();
    const intern = (text: string): string => {
        const known = strings.get(text);
        if (known !== undefined) return known;
        if (strings.size < maxInterned) strings.set(text, text);
        return text;
    };
    const lower = (address: string): string => intern(address.toLowerCase());
    const errorTexts = new Map<string, string>();
    // So do the revert data a failure passes up its path and the input of a call a loop repeats.
    const short = (data: string): string => (data.length <= maxInternedChars ? intern(data) : data);
    let logsLeft = callTreeLimits.maxLogs;
    let cut = false;
    let malformedCount = 0;
    const stack: Pending[] = [{ raw: answer, parent: -1, depth: 0 }];
    while (stack.length > 0) {
        const item = stack.pop()!;
        if (frames.length >= callTreeLimits.maxFrames) {
            cut = true;
            notes.add(
                `The trace has more than ${formatNumber(callTreeLimits.maxFrames)} calls: the first ${formatNumber(callTreeLimits.maxFrames)} in call order are shown.`,
            );
            break;
        }
        if (item.depth > callTreeLimits.maxDepth) {
            cut = true;
            notes.add(
                `Calls nested deeper than the EVM's limit of ${callTreeLimits.maxDepth} levels were left out: no EVM makes them, so the node's answer is wrong.`,
            );
            continue;
        }
        const index = frames.length;
        const parsed = index === 0 ? top : schema.safeParse(item.raw);
        if (!parsed.success) {
            malformedCount++;
            const issue = parsed.error.issues[0];
            const field = issue && issue.path.length > 0 ? String(issue.path[0]) : 'frame';
            frames.push(malformedFrame(index, item, `${field}: ${issue?.message ?? 'bad shape'}`));
            continue;
        }
        const wire = parsed.data;
        const type = frameTypes.has(wire.type) ? (wire.type as FrameType) : undefined;
        const wireLogs = wire.logs ?? none;
        if (wireLogs.length > logsLeft) {
            cut = true;
            notes.add(
                `The trace has more than ${formatNumber(callTreeLimits.maxLogs)} events: the later ones are left out.`,
            );
        }
        const logs = wireLogs.slice(0, Math.max(0, logsLeft)).map((log): TraceLog => ({
            address: lower(log.address),
            topics: log.topics ?? none,
            data: log.data ?? '0x',
            position: quantityNumber(log.position),
        }));
        logsLeft -= logs.length;
        frames.push({
            index,
            parent: item.parent,
            depth: item.depth,
            type,
            from: lower(wire.from),
            to: wire.to ? lower(wire.to) : undefined,
            value: quantityDecimal(wire.value),
            gas: quantityNumber(wire.gas),
            gasUsed: quantityNumber(wire.gasUsed),
            input: short(wire.input ?? '0x'),
            output: short(wire.output ?? '0x'),
            error: errorText(wire.error, errorTexts, intern),
            revertReason: errorText(wire.revertReason, errorTexts, intern),
            logs: logs.length > 0 ? logs : none,
            children: none,
            malformed: type === undefined ? `type: not a call kind the EVM has` : undefined,
        });
        if (type === undefined) malformedCount++;
        const calls = wire.calls ?? [];
        // Reversed onto the stack, so that the first call is walked first.
        for (let i = calls.length - 1; i >= 0; i--) {
            stack.push({ raw: calls[i], parent: index, depth: item.depth + 1 });
        }
        // A hostile answer's list of calls can dwarf the cap: what the stack holds is bounded
        // by what is still to be kept.
        if (stack.length > 2 * callTreeLimits.maxFrames) {
            stack.splice(0, stack.length - 2 * callTreeLimits.maxFrames);
        }
    }
    // Each frame's children in lists of their exact length: a list grown by push keeps room for
    // 16 more, which a tree of 50,000 frames pays for 50,000 times.
    const counts = new Int32Array(frames.length);
    for (const f of frames) if (f.parent >= 0) counts[f.parent]!++;
    for (let i = 0; i < frames.length; i++) {
        if (counts[i]! > 0) frames[i]!.children = new Array<number>(counts[i]!);
        counts[i] = 0;
    }
    for (const f of frames) {
        if (f.parent >= 0) (frames[f.parent]!.children as number[])[counts[f.parent]!++] = f.index;
    }
    if (malformedCount > 0) {
        notes.add(
            `${formatNumber(malformedCount)} ${malformedCount === 1 ? 'call' : 'calls'} of the node's answer had an unexpected shape and ${malformedCount === 1 ? 'is' : 'are'} shown without detail.`,
        );
    }
    return { frames, notes: [...notes], cut };
}

function malformedFrame(index: number, item: Pending, reason: string): CallFrame {
    return {
        index,
        parent: item.parent,
        depth: item.depth,
        type: undefined,
        from: '',
        to: undefined,
        value: '0',
        gas: 0,
        gasUsed: 0,
        input: '0x',
        output: '0x',
        error: undefined,
        revertReason: undefined,
        logs: none,
        children: none,
        malformed: inertLine(reason, 200),
    };
}

/** True when the frame failed (its state changes were undone). */
export function frameFailed(frame: CallFrame): boolean {
    return frame.error !== undefined;
}
