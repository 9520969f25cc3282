/**
 * The rows of the main list, kept by the page apart from any table that draws them, and which of
 * them a virtualised table draws next. No DOM here, so the unit tier runs it in Node.
 *
 * The list has no cap: every "Load more" appends a page (up to 10,000 rows) and the page keeps
 * them all, as the host does (copy, CSV and JSON export the loaded rows). What it costs grows
 * with the rows only as memory; appending a page costs that page, and a redraw of the panel (the
 * Raw JSON tab and back, a failed "Load more") draws the same list without copying it.
 */

/** Every row loaded so far, in order. Tables read it; only appends change it. */
export class LoadedRows<T> {
    private readonly rows: T[] = [];

    constructor(first: readonly T[] = []) {
        this.append(first);
    }

    get length(): number {
        return this.rows.length;
    }

    at(index: number): T | undefined {
        return this.rows[index];
    }

    /** A copy of the rows from `start` up to `end`. */
    slice(start?: number, end?: number): T[] {
        return this.rows.slice(start, end);
    }

    /**
     * Adds a page. One `push` per row rather than `push(...page)`: a spread passes every row as an
     * argument on the stack, which V8 refuses past about 120,000 (a reloaded page gets the whole
     * list in one message).
     */
    append(page: readonly T[]): void {
        for (const row of page) this.rows.push(row);
    }
}

/** Where a virtualised table's viewport is, in rows. */
export interface RowViewport {
    /** Rows in the list. */
    readonly count: number;
    readonly rowHeight: number;
    /** Pixels scrolled past the first row. */
    readonly top: number;
    /** Height of the viewport in pixels. */
    readonly height: number;
    /** Rows kept beyond each edge of the viewport. */
    readonly overscan: number;
    /** Most rows drawn in one frame. */
    readonly perFrame: number;
}

/** What a table keeps, draws now and leaves for the next frame. */
export interface RowPlan {
    /** Rows outside [start, end) are removed. */
    readonly start: number;
    readonly end: number;
    /** Rows to draw now: the visible ones first, then the overscan, at most `perFrame`. */
    readonly add: readonly number[];
    /** More rows are missing than `perFrame`: draw again at the next frame. */
    readonly more: boolean;
}

/**
 * The rows to keep and to draw for a viewport. Its work is the rows in and around the view, never
 * the list's length: the same at 1,000 rows as at 1,000,000.
 */
export function planRows(view: RowViewport, isDrawn: (index: number) => boolean): RowPlan {
    const firstVisible = Math.floor(view.top / view.rowHeight);
    const lastVisible = Math.ceil((view.top + view.height) / view.rowHeight);
    const start = Math.max(0, firstVisible - view.overscan);
    const end = Math.min(view.count, lastVisible + view.overscan);
    const add: number[] = [];
    let missing = 0;
    const consider = (index: number): void => {
        if (isDrawn(index)) return;
        missing++;
        if (add.length < view.perFrame) add.push(index);
    };
    for (let index = Math.max(start, firstVisible); index < Math.min(end, lastVisible); index++)
        consider(index);
    for (let index = start; index < Math.min(end, firstVisible); index++) consider(index);
    for (let index = Math.max(start, lastVisible); index < end; index++) consider(index);
    return { start, end, add, more: missing > view.perFrame };
}
