/**
 * The Solidity line a failed frame stopped at: its code (the chain's runtime code, or a failed
 * creation's input) matched against the workspace's artifacts byte for byte (codeMatch.ts), the
 * failing program counter put through that artifact's source map, and the byte offset found in
 * the file as it is in the workspace now. Where any step fails the answer says which, rather than
 * pointing at a line of other code.
 */
import { inertLine } from '../text/inert';
import type { ContractKnowledge } from '../workspace/knowledge';
import type { ContractArtifact } from '../workspace/types';

import {
    codeMapOf,
    isDebugProblem,
    keccakHex,
    type ArtifactDebug,
    type DebugSource,
    type TraceSources,
} from './artifactDebug';
import type { CallFrame } from './callTree';
import { matchCode, type CodeMatch } from './codeMatch';
import { opcodeName, type RevertSite } from './revertSites';
import { rangeAt, type SourceRange, type SourceText } from './sourceMap';

/** A place in a Solidity file of the workspace. */
export interface SourceLocation {
    /** Workspace-relative path of the file (forward slashes). */
    readonly file: string;
    /** 1-based line and column (UTF-16 code units) of the range's start. */
    readonly line: number;
    readonly column: number;
    /** 1-based line and column just after the range. */
    readonly endLine: number;
    readonly endColumn: number;
    /** The text of `line`, inert and bounded, for a hover or a row. */
    readonly lineText: string;
    /**
     * `instruction`: the failing instruction's own place; `call-site`: it failed in code the
     * compiler made up (a panic's or an error's helper) or shared between statements (an
     * optimized revert), and this is the statement it was entered from.
     */
    readonly via: 'instruction' | 'call-site';
    /** The program counter and opcode of the failing instruction. */
    readonly pc: number;
    readonly opcode: string;
    /** The contract whose artifact matched, and the artifact's file. */
    readonly contractName: string;
    readonly artifactFile: string;
    /** How the code matched (`metadata`: the same code, compiled from other sources). */
    readonly match: CodeMatch;
    /** A sentence when the line may be off (the file changed since it was compiled). */
    readonly caution: string | undefined;
}

/** The line of a failed frame, or why there is none. */
export type FrameSource =
    | { readonly status: 'found'; readonly location: SourceLocation }
    | { readonly status: 'unavailable'; readonly reason: string };

/** Artifacts compared with one code at most. */
const maxCandidates = 64;

const unavailable = (reason: string): FrameSource => ({ status: 'unavailable', reason });

/** The artifact whose code `bytes` is, with its debug information. */
export interface MatchedCode {
    readonly debug: ArtifactDebug;
    readonly kind: 'runtime' | 'creation';
    readonly match: CodeMatch;
}

/**
 * The artifact a frame's code is: for a creation its input (creation code and arguments),
 * otherwise `code` (the chain's runtime code at the frame's `to`). A reason when none matches.
 */
export async function matchFrameCode(
    frame: CallFrame,
    code: string | undefined,
    knowledge: ContractKnowledge,
    sources: TraceSources,
): Promise<MatchedCode | { readonly reason: string }> {
    const creation = frame.type === 'CREATE' || frame.type === 'CREATE2';
    const hex = creation ? frame.input : code;
    const where = frame.to ? `at ${frame.to}` : 'of the creation';
    if (hex === undefined || hex.length <= 2) {
        return {
            reason: creation
                ? 'the creation has no code'
                : code === undefined
                  ? `the code ${where} was not read`
                  : `there is no code ${where}`,
        };
    }
    if (hex.length % 2 !== 0 || !/^0x[0-9a-fA-F]*$/.test(hex)) {
        return { reason: `the code ${where} is not hex` };
    }
    const bytes = Buffer.from(hex.slice(2), 'hex');
    const candidates: ContractArtifact[] = creation
        ? knowledge.creationCandidates(bytes.length, maxCandidates)
        : [...knowledge.byCode(hex), ...knowledge.runtimeCandidates(bytes.length, maxCandidates)];
    const seen = new Set<ContractArtifact>();
    let metadataOnly: MatchedCode | undefined;
    let problem: string | undefined;
    const kind = creation ? 'creation' : 'runtime';
    for (const artifact of candidates) {
        if (seen.has(artifact) || seen.size >= maxCandidates) continue;
        seen.add(artifact);
        const debug = await sources.debugOf(artifact);
        if (isDebugProblem(debug)) {
            problem ??= `${inertLine(artifact.origin.file, 200)}: ${debug.problem}`;
            continue;
        }
        const compiled = creation ? debug.creation : debug.runtime;
        if (!compiled) continue;
        const match = matchCode(bytes, compiled, kind);
        if (match === 'exact') return { debug, kind, match };
        if (match === 'metadata') metadataOnly ??= { debug, kind, match };
    }
    if (metadataOnly) return metadataOnly;
    const what = creation ? 'The creation code' : `The code ${where}`;
    if (seen.size === 0) {
        return {
            reason: `${what} matches no artifact in the workspace (none has code of its length: not built here, or built with other settings)`,
        };
    }
    return {
        reason: `${what} matches none of the ${seen.size} workspace ${seen.size === 1 ? 'artifact' : 'artifacts'} of its length${problem ? ` (${problem})` : ''}: built with other settings or other sources`,
    };
}

/** True when two ranges of one file share a byte (or one is empty inside the other). */
function overlaps(a: SourceRange, b: SourceRange): boolean {
    if (a.file !== b.file) return false;
    return a.start < b.start + Math.max(b.length, 1) && b.start < a.start + Math.max(a.length, 1);
}

/**
 * Where a failed frame stopped, in a source file of the compilation:
 * - the failing instruction's own place, when its source map entry names a source file; but a
 *   REVERT whose place no jump since its function was entered shares is in a block the optimizer
 *   shares between statements (its block deduplicator keeps one copy of identical revert blocks,
 *   with the first one's place), and then the last jump from a source file is the statement
 *   that led there;
 * - else (code the compiler made up: a panic's or an error's helper) the last jump taken from a
 *   source file, not counting returns from functions, which point at the callee's end.
 */
function placeOf(
    debug: ArtifactDebug,
    compiledKind: 'runtime' | 'creation',
    site: RevertSite,
): { range: SourceRange; source: DebugSource; via: SourceLocation['via'] } | string {
    const code = compiledKind === 'creation' ? debug.creation : debug.runtime;
    if (!code) return 'the artifact has no code of that kind';
    const map = codeMapOf(code);
    if (isDebugProblem(map)) return `its source map cannot be read: ${map.problem}`;
    const known = (pc: number): { range: SourceRange; source: DebugSource } | undefined => {
        const range = rangeAt(map.table, map.indexes, pc);
        const source = range ? debug.sources.get(range.file) : undefined;
        return range && source ? { range, source } : undefined;
    };
    const jumps: { range: SourceRange; source: DebugSource }[] = [];
    for (let i = site.jumps.length - 1; i >= 0; i--) {
        const place = known(site.jumps[i]!);
        if (place && place.range.jump !== 'out') jumps.push(place);
    }
    const own = known(site.pc);
    if (own) {
        // The jumps since the current function was entered (the latest jump into a function,
        // which is mapped to that function's whole definition): before it, the dispatcher's
        // jumps are mapped to the whole contract, which holds every statement.
        const entered = jumps.findIndex((jump) => jump.range.jump === 'into');
        const recent = entered < 0 ? jumps : jumps.slice(0, entered + 1);
        const shared =
            site.op === 0xfd &&
            recent.length > 0 &&
            !recent.some((jump) => overlaps(jump.range, own.range));
        return shared ? { ...jumps[0]!, via: 'call-site' } : { ...own, via: 'instruction' };
    }
    if (jumps.length > 0) return { ...jumps[0]!, via: 'call-site' };
    return debug.idsNote
        ? `the failing instruction's place is in a source file it cannot name: ${debug.idsNote}`
        : 'the failing instruction is in code the compiler generated, and none of the jumps before it comes from a source file';
}

/** The Keccak-256 of each file's text, hashed once however many frames fail in it. */
const textHashes = new WeakMap<SourceText, string>();

/** Whether `text` is the file that was compiled, when the artifact says what that was. */
function caution(source: DebugSource, text: SourceText, file: string): string | undefined {
    const changed = `${inertLine(file, 200)} changed since it was compiled: the line may be off`;
    if (source.keccak256 !== undefined) {
        let hash = textHashes.get(text);
        if (hash === undefined) {
            hash = keccakHex(text.bytes);
            textHashes.set(text, hash);
        }
        return hash === source.keccak256 ? undefined : changed;
    }
    if (source.content !== undefined) {
        return Buffer.from(source.content, 'utf8').equals(text.bytes) ? undefined : changed;
    }
    return undefined;
}

/** Finds the Solidity line a failed frame stopped at. */
export async function locateFailure(
    site: RevertSite | undefined,
    matched: MatchedCode | { readonly reason: string },
    sources: TraceSources,
): Promise<FrameSource> {
    if ('reason' in matched) return unavailable(matched.reason);
    if (!site) return unavailable('the step trace has no record of where this call stopped');
    if (site.pc < 0) return unavailable('the call ran no instruction of its own');
    const { debug } = matched;
    const place = placeOf(debug, matched.kind, site);
    if (typeof place === 'string') return unavailable(place);
    let text: SourceText | undefined;
    let file = '';
    for (const path of place.source.paths) {
        const read = await sources.sourceText(path);
        if (!isDebugProblem(read)) {
            text = read;
            file = path;
            break;
        }
    }
    const name = inertLine(place.source.name, 200);
    if (!text) {
        return unavailable(
            `${name}, a source of ${inertLine(debug.artifact.contractName, 120)}, is not in the workspace`,
        );
    }
    const { start, length } = place.range;
    const from = text.position(start);
    const to = text.position(start + length);
    if (!from || !to) {
        return unavailable(
            `the source map points past the end of ${inertLine(file, 200)} (byte ${start + length} of ${text.bytes.length}): it is not the file that was compiled`,
        );
    }
    const changed = caution(place.source, text, file);
    const metadata =
        matched.match === 'metadata'
            ? 'the code matches but its metadata does not (compiled from sources that differ, in comments at least): the line may be off'
            : undefined;
    return {
        status: 'found',
        location: {
            file,
            line: from.line,
            column: from.column,
            endLine: to.line,
            endColumn: to.column,
            lineText: text.lineText(from.line, 200),
            via: place.via,
            pc: site.pc,
            opcode: opcodeName(site.op),
            contractName: inertLine(debug.artifact.contractName, 120),
            artifactFile: inertLine(debug.artifact.origin.file, 300),
            match: matched.match,
            caution: changed ?? metadata,
        },
    };
}
