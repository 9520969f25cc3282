/**
 * From a program counter to a place in a Solidity file: solc's compressed source maps
 * (https://docs.soliditylang.org/en/latest/internals/source_mappings.html), decompressed once per
 * compiled code into parallel arrays; the instruction index of each program counter (PUSH1 to
 * PUSH32 carry 1 to 32 bytes of data that are not instructions); and the line and column of a
 * byte offset in a file's UTF-8 bytes. Pure and bounded: a source map, code and file are hostile
 * input from the workspace, so numbers, entries and lines have limits, and nothing throws.
 */
import { inertLine } from '../text/inert';

/** One compiled code's source map, decompressed: entry `i` is instruction `i`'s place. */
export interface SourceMapTable {
    /** Entries read (at most the code's instructions: further ones belong to nothing). */
    readonly count: number;
    /** Byte offset of the range in its source file; -1 for none. */
    readonly start: Int32Array;
    /** Byte length of the range; -1 for none. */
    readonly length: Int32Array;
    /** The source id (`sources[…].id` of the compilation); -1 for code the compiler made up. */
    readonly file: Int32Array;
    /** 1 for a jump into a function, 2 for a return from one, 0 otherwise. */
    readonly jump: Uint8Array;
}

/** Why a source map could not be read, in words. */
export interface SourceMapProblem {
    readonly problem: string;
}

/** The largest offset, length or source id accepted: solc's are 32-bit. */
const maxField = 2 ** 31 - 1;

/**
 * Decompresses `text` (`s:l:f:j:m;…`, an empty field repeating the entry before) into at most
 * `maxEntries` entries. A character outside the format or a number past 32 bits is a problem;
 * entries past `maxEntries` are not read.
 */
export function decompressSourceMap(
    text: string,
    maxEntries: number,
): SourceMapTable | SourceMapProblem {
    if (typeof text !== 'string') return { problem: 'the source map is not text' };
    const capacity = Math.max(0, Math.min(maxEntries, text.length + 1));
    const start = new Int32Array(capacity);
    const length = new Int32Array(capacity);
    const file = new Int32Array(capacity);
    const jump = new Uint8Array(capacity);
    // The entry being read starts as a copy of the one before.
    let s = -1;
    let l = -1;
    let f = -1;
    let j = 0;
    let field = 0;
    let count = 0;
    let number = 0;
    let negative = false;
    let digits = 0;
    let jumpChar = -1;
    const finishField = (): string | undefined => {
        if (field <= 2 || field === 4) {
            if (digits === 0) {
                if (negative) return 'a minus sign without digits';
                return undefined;
            }
            const value = negative ? -number : number;
            if (field === 0) s = value;
            else if (field === 1) l = value;
            else if (field === 2) f = value;
        } else if (field === 3 && jumpChar >= 0) {
            j = jumpChar === 105 ? 1 : jumpChar === 111 ? 2 : 0;
        }
        return undefined;
    };
    for (let i = 0; i <= text.length && count < capacity; i++) {
        const c = i < text.length ? text.charCodeAt(i) : 59;
        if (c === 59 || c === 58) {
            // ';' ends an entry, ':' a field.
            const problem = finishField();
            if (problem) return { problem: `the source map has ${problem}` };
            number = 0;
            negative = false;
            digits = 0;
            jumpChar = -1;
            if (c === 58) {
                field++;
                if (field > 4)
                    return { problem: 'the source map has an entry of more than 5 fields' };
                continue;
            }
            start[count] = s;
            length[count] = l;
            file[count] = f;
            jump[count] = j;
            count++;
            field = 0;
            continue;
        }
        if (field === 3) {
            if ((c === 105 || c === 111 || c === 45) && jumpChar < 0) {
                jumpChar = c;
                continue;
            }
            return { problem: 'the source map has a jump field other than i, o or -' };
        }
        if (c === 45 && digits === 0 && !negative) {
            negative = true;
            continue;
        }
        if (c >= 48 && c <= 57) {
            number = number * 10 + (c - 48);
            digits++;
            if (number > maxField) return { problem: 'the source map has a number past 32 bits' };
            continue;
        }
        return { problem: 'the source map has a character outside its format' };
    }
    return { count, start, length, file, jump };
}

/** True when `value` is a problem rather than a table. */
export function isSourceMapProblem(
    value: SourceMapTable | SourceMapProblem,
): value is SourceMapProblem {
    return 'problem' in value;
}

/**
 * The instruction index of every byte of `code`: `index[pc]` is the instruction starting at `pc`,
 * -1 for a byte of PUSH data. The last PUSH may run past the end, as solc's metadata tail does.
 */
export function instructionIndexes(code: Uint8Array): Int32Array {
    const index = new Int32Array(code.length).fill(-1);
    let n = 0;
    for (let pc = 0; pc < code.length; n++) {
        index[pc] = n;
        const op = code[pc]!;
        // PUSH1 (0x60) to PUSH32 (0x7f) are followed by 1 to 32 bytes of data.
        pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
    }
    return index;
}

/** How many instructions `code` has (the entries its source map may have). */
export function instructionCount(code: Uint8Array): number {
    let n = 0;
    for (let pc = 0; pc < code.length; n++) {
        const op = code[pc]!;
        pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
    }
    return n;
}

/** One source map entry of an instruction. */
export interface SourceRange {
    readonly start: number;
    readonly length: number;
    readonly file: number;
    readonly jump: 'into' | 'out' | 'none';
}

/**
 * The source range of the instruction at `pc`, or undefined when `pc` is not the start of an
 * instruction or its entry has no place (past the map, or a negative offset).
 */
export function rangeAt(
    table: SourceMapTable,
    indexes: Int32Array,
    pc: number,
): SourceRange | undefined {
    if (!Number.isInteger(pc) || pc < 0 || pc >= indexes.length) return undefined;
    const i = indexes[pc]!;
    if (i < 0 || i >= table.count) return undefined;
    const start = table.start[i]!;
    const length = table.length[i]!;
    if (start < 0 || length < 0) return undefined;
    const j = table.jump[i]!;
    return {
        start,
        length,
        file: table.file[i]!,
        jump: j === 1 ? 'into' : j === 2 ? 'out' : 'none',
    };
}

/** A file's UTF-8 bytes with the offsets at which its lines start, found once. */
export class SourceText {
    /** Line start offsets; the first line starts at 0. */
    private starts: Uint32Array | undefined;

    constructor(readonly bytes: Uint8Array) {}

    /** How many lines the file has. */
    get lineCount(): number {
        return this.lineStarts().length;
    }

    private lineStarts(): Uint32Array {
        if (this.starts) return this.starts;
        let lines = 1;
        for (let i = 0; i < this.bytes.length; i++) if (this.bytes[i] === 10) lines++;
        const starts = new Uint32Array(lines);
        let n = 1;
        for (let i = 0; i < this.bytes.length; i++) if (this.bytes[i] === 10) starts[n++] = i + 1;
        this.starts = starts;
        return starts;
    }

    /** The 0-based line holding byte `offset` (offsets past the end are refused by the caller). */
    private lineOf(offset: number): number {
        const starts = this.lineStarts();
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
            const mid = (low + high + 1) >>> 1;
            if (starts[mid]! <= offset) low = mid;
            else high = mid - 1;
        }
        return low;
    }

    /**
     * 1-based line and column of byte `offset`; the column counts UTF-16 code units, as editors
     * do. Undefined past the end of the file.
     */
    position(offset: number): { line: number; column: number } | undefined {
        if (!Number.isInteger(offset) || offset < 0 || offset > this.bytes.length) return undefined;
        const line = this.lineOf(offset);
        const lineStart = this.lineStarts()[line]!;
        const column = utf16Length(this.bytes.subarray(lineStart, offset));
        return { line: line + 1, column: column + 1 };
    }

    /** The text of 1-based `line`, inert and at most `max` characters; '' past the end. */
    lineText(line: number, max: number): string {
        const starts = this.lineStarts();
        if (line < 1 || line > starts.length) return '';
        const from = starts[line - 1]!;
        let to = line < starts.length ? starts[line]! - 1 : this.bytes.length;
        // Only a bounded prefix of a long line is decoded.
        to = Math.min(to, from + max * 4);
        return inertLine(
            decoder.decode(this.bytes.subarray(from, to)).replace(/\r$/, ''),
            max,
        ).trim();
    }
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** UTF-16 code units of UTF-8 `bytes` (a 4-byte sequence is two), without decoding them. */
function utf16Length(bytes: Uint8Array): number {
    let units = 0;
    for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        // Continuation bytes (10xxxxxx) add nothing; a 4-byte lead (11110xxx) adds a pair.
        if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
    }
    return units;
}
