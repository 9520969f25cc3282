/**
 * Where each failed frame stopped: the program counter and opcode of its last instruction, and
 * the program counters of its last jumps, from a step trace of the transaction taken with a
 * JavaScript tracer (go-ethereum's goja tracers: https://geth.ethereum.org/docs/developers/evm-tracing/custom-tracer,
 * `eth/tracers/js/goja.go` at v1.13.15, which libevm, coreth and Subnet-EVM carry).
 *
 * The tracer keeps almost nothing: per open call depth the last pc and opcode and a ring of its
 * last 64 jumps, and for each frame that fails one record, so a transaction of a million steps
 * costs the node a million calls of `step` and the answer a few numbers per failed frame (the
 * struct logger would send every step). The jumps are for failures in code the compiler made up
 * (a panic's helper, a revert's encoder), whose source map entries name no source file: the last
 * jump taken from a source file is where the failure was called from.
 *
 * Frames are numbered as `enter` sees them, which is the callTracer's order (both hear the EVM's
 * enter and exit of every call, precompiles and plain transfers included); each record also
 * carries its depth, which the reader checks against the call tree.
 */
import * as z from 'zod';

import { ResponseFormatError } from '../http/errors';
import { phrase } from '../text/phrase';

/**
 * The tracer, as the `tracer` string of `debug_traceTransaction`. `step` runs for every
 * instruction: it reads three values and writes two, and pushes a jump's pc onto a ring that is
 * halved when it reaches 128. `exit` records a failed child frame; `result` the transaction's
 * own call when it failed. At most 4,096 records.
 */
export const revertSitesTracer = [
    '{n:0,f:[0],k:0,p:[],o:[],j:[[],[]],r:[],',
    'step:function(l){var d=l.getDepth(),c=l.getPC(),o=l.op.toNumber();this.n++;this.p[d]=c;this.o[d]=o;',
    'if(o===86||o===87){var q=this.j[d];q.push(c);if(q.length>=128)this.j[d]=q.slice(64);}},',
    'fault:function(l){},',
    'enter:function(f){this.k++;this.f.push(this.k);var d=this.f.length;this.j[d]=[];this.p[d]=-1;this.o[d]=-1;},',
    'exit:function(x){var d=this.f.length,i=this.f.pop();',
    'if(x.getError()!==undefined&&this.r.length<4096)this.r.push([i,d-1,this.p[d],this.o[d],this.j[d].slice(-64)]);},',
    'result:function(c){if(c.error!==undefined&&this.r.length<4096)this.r.push([0,0,this.p[1],this.o[1],this.j[1].slice(-64)]);',
    'return {steps:this.n,failed:this.r};}}',
].join('');

/** Where one failed frame stopped. */
export interface RevertSite {
    /** The frame's index in call order (the call tree's `CallFrame.index`). */
    readonly frame: number;
    /** Its depth (0 for the transaction's own call), as the tracer counted it. */
    readonly depth: number;
    /** The program counter of its last instruction; -1 when it ran none (a precompile, no code). */
    readonly pc: number;
    /** That instruction's opcode (0xfd REVERT, 0xfe INVALID, or the one that ran out of gas). */
    readonly op: number;
    /** The program counters of its last jumps (JUMP, JUMPI), oldest first, at most 64. */
    readonly jumps: readonly number[];
}

/** The step trace's summary. */
export interface RevertSites {
    /** Instructions the transaction ran. */
    readonly steps: number;
    /** By frame index. */
    readonly byFrame: ReadonlyMap<number, RevertSite>;
    /** True when the tracer stopped recording at 4,096 failed frames. */
    readonly cut: boolean;
}

/** Records the tracer keeps at most. */
const maxRevertSites = 4_096;

let schema: ReturnType<typeof buildSchema> | undefined;

function buildSchema() {
    const pc = z
        .number()
        .int()
        .min(-1)
        .max(2 ** 31);
    return z.object({
        steps: z.number().int().nonnegative(),
        failed: z
            .array(
                z.tuple([
                    z.number().int().nonnegative(),
                    z.number().int().min(0).max(2_048),
                    pc,
                    z.number().int().min(-1).max(255),
                    z.array(pc).max(128),
                ]),
            )
            .max(maxRevertSites),
    });
}

/** Reads the tracer's answer; throws `ResponseFormatError` when it is not the tracer's shape. */
export function readRevertSites(answer: unknown, url: string): RevertSites {
    schema ??= buildSchema();
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ResponseFormatError(
            phrase(
                "The node's step trace is not what the tracer returns ({0}: {1}).",
                issue?.path.map(String).join('.') || 'result',
                issue?.message ?? 'unexpected shape',
            ),
            url,
        );
    }
    const byFrame = new Map<number, RevertSite>();
    for (const [frame, depth, pc, op, jumps] of parsed.data.failed) {
        if (!byFrame.has(frame)) byFrame.set(frame, { frame, depth, pc, op, jumps });
    }
    return {
        steps: parsed.data.steps,
        byFrame,
        cut: parsed.data.failed.length >= maxRevertSites,
    };
}

/** Opcode names of the instructions a frame usually stops at, for the words next to a line. */
export function opcodeName(op: number): string {
    switch (op) {
        case 0xfd:
            return 'REVERT';
        case 0xfe:
            return 'INVALID';
        case 0x00:
            return 'STOP';
        case 0xf3:
            return 'RETURN';
        case 0xff:
            return 'SELFDESTRUCT';
        case 0x56:
            return 'JUMP';
        case 0x57:
            return 'JUMPI';
        default:
            return `opcode 0x${op.toString(16).padStart(2, '0')}`;
    }
}
