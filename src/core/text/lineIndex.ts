/**
 * Offsets in a text as the zero-based lines and UTF-16 characters VS Code's `Position` counts, for
 * reporting what a scan of the whole text found (core/identifiers.ts `findIdentifiers`).
 */
/** A zero-based line and UTF-16 character, as VS Code's `Position` counts them. */
export interface TextPosition {
    readonly line: number;
    readonly character: number;
}

/**
 * Converts offsets to line/character positions: built once per text (linear), then each lookup
 * is a binary search. Line breaks are `\r\n`, `\n` and `\r`, as in VS Code.
 */
export class LineIndex {
    private readonly lineStarts: number[] = [0];

    constructor(text: string) {
        for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c === 13) {
                if (text.charCodeAt(i + 1) === 10) i++;
                this.lineStarts.push(i + 1);
            } else if (c === 10) {
                this.lineStarts.push(i + 1);
            }
        }
    }

    /** The position of `offset`. */
    positionAt(offset: number): TextPosition {
        let low = 0;
        let high = this.lineStarts.length - 1;
        while (low < high) {
            const mid = (low + high + 1) >>> 1;
            if (this.lineStarts[mid]! <= offset) low = mid;
            else high = mid - 1;
        }
        return { line: low, character: offset - this.lineStarts[low]! };
    }

    /** The start and end positions of an identifier (or any offset range). */
    rangeOf(range: { readonly start: number; readonly end: number }): {
        start: TextPosition;
        end: TextPosition;
    } {
        return { start: this.positionAt(range.start), end: this.positionAt(range.end) };
    }
}
