/**
 * Tables of cells. Small tables (the sections of a result) are plain `<table>`s. The main table of
 * a list is virtualised: rows are absolutely positioned, fixed-height grid rows inside a sized
 * scroll area, and only those in view (plus a margin) exist; scrolling adds and removes rows at
 * the edges instead of redrawing, each row is its own layout and paint container, and the column
 * widths are fixed once from the first rows. So 10,000 loaded rows scroll without long tasks,
 * and appending a page costs what drawing the rows in view costs. The rows themselves are a
 * `LoadedRows` the table reads and does not copy: the page keeps the main list's, so drawing the
 * panel again shows every appended row at no cost in their number.
 */
import type { Cell, Column } from '../shared/viewModel';
import { type CellActions, patchCell, renderCell } from './cells';
import { el } from './dom';
import { LoadedRows, planRows } from './loadedRows';

type Row = readonly Cell[];

/** Rows kept beyond each edge of the viewport. */
const overscanRows = 4;
/**
 * Most rows drawn in one frame: a jump across the list (a scroll-bar drag) fills the view over a
 * few frames instead of one long task.
 */
const rowsPerFrame = 8;
/** Assumed until the first row is measured; the CSS fixes rows to one line. */
const defaultRowHeight = 24;
/** Narrowest a column of text or times gets before the table scrolls sideways. */
const minColumnCh = 12;
/** Room for a shortened id or address (`0x1234abcd…cdef01`) and its padding. */
const maxShortIdCh = 21;
/** Rows sampled to size the columns. */
const sampleRows = 200;

export interface TableOptions {
    readonly label: string;
    readonly empty?: string | undefined;
    /** Virtualise (the main table); otherwise every row is drawn. */
    readonly virtual: boolean;
}

/** The common face of both tables. */
export interface DataTable {
    readonly element: HTMLElement;
    readonly rowCount: number;
    /** Draws what the rows appended to its `LoadedRows` since bring into view. */
    refresh(): void;
}

export function createTable(
    columns: readonly Column[],
    rows: LoadedRows<Row>,
    actions: CellActions,
    options: TableOptions,
): DataTable {
    return options.virtual
        ? new VirtualTable(columns, rows, actions, options)
        : new StaticTable(columns, rows, actions, options);
}

function cellClass(column: Column): string {
    return column.align === 'end' ? 'cell end' : 'cell';
}

/** A whole `<table>`, for the short tables of sections. */
class StaticTable implements DataTable {
    readonly element: HTMLElement;
    private readonly body: HTMLTableSectionElement;
    private count = 0;

    constructor(
        private readonly columns: readonly Column[],
        private readonly rows: LoadedRows<Row>,
        private readonly actions: CellActions,
        private readonly options: TableOptions,
    ) {
        const head = el(
            'thead',
            {},
            el(
                'tr',
                {},
                ...columns.map((c) =>
                    el('th', { className: c.align === 'end' ? 'end' : undefined, text: c.label }),
                ),
            ),
        );
        this.body = el('tbody');
        const table = el(
            'table',
            { className: 'data', attrs: { 'aria-label': options.label } },
            head,
            this.body,
        );
        this.element = el(
            'div',
            {
                className: 'table-wrap',
                attrs: { role: 'region', 'aria-label': options.label, tabindex: '0' },
            },
            table,
        );
        this.refresh();
    }

    get rowCount(): number {
        return this.count;
    }

    refresh(): void {
        const rows = this.rows.slice(this.count);
        if (this.count === 0 && rows.length === 0) {
            const span = String(Math.max(1, this.columns.length));
            this.body.replaceChildren(
                el(
                    'tr',
                    { className: 'empty-row' },
                    el('td', {
                        text: this.options.empty ?? 'Nothing to show.',
                        attrs: { colspan: span },
                    }),
                ),
            );
            return;
        }
        if (this.count === 0) this.body.replaceChildren();
        const fragment = document.createDocumentFragment();
        for (const row of rows) {
            const tr = el('tr');
            this.columns.forEach((column, i) => {
                tr.append(
                    el(
                        'td',
                        { className: column.align === 'end' ? 'end' : undefined },
                        renderCell(row[i] ?? { k: 'empty' }, this.actions),
                    ),
                );
            });
            fragment.append(tr);
        }
        this.count += rows.length;
        this.body.append(fragment);
    }
}

/** About how many characters a cell shows, to size its column. */
function cellLength(cell: Cell | undefined): number {
    if (!cell) return 1;
    switch (cell.k) {
        case 'text':
        case 'num':
        case 'amount':
        case 'money':
        case 'id':
        case 'badge':
            return cell.text.length;
        case 'time':
            return 34;
        case 'bool':
            return 3;
        case 'list':
            return cell.items.reduce((sum, item) => sum + cellLength(item) + 2, 0);
        case 'action':
            return cell.label.length + 4;
        case 'empty':
            return 1;
    }
}

/** A virtualised list of fixed-height grid rows with a sticky header. */
class VirtualTable implements DataTable {
    readonly element: HTMLElement;
    private readonly sizer: HTMLElement;
    private readonly header: HTMLElement;
    private readonly emptyNote: HTMLElement;
    private readonly drawn = new Map<number, HTMLElement>();
    /** Rows that left the view, kept to be filled again. */
    private readonly pool: HTMLElement[] = [];
    private rowHeight = defaultRowHeight;
    private measured = false;
    private frame = 0;
    private template = '';
    private headerHeight = -1;

    constructor(
        private readonly columns: readonly Column[],
        private readonly rows: LoadedRows<Row>,
        private readonly actions: CellActions,
        options: TableOptions,
    ) {
        this.header = el(
            'div',
            { className: 'vrow vhead', attrs: { role: 'row' } },
            ...columns.map((c) =>
                el('div', {
                    className: cellClass(c),
                    text: c.label,
                    title: c.label,
                    attrs: { role: 'columnheader' },
                }),
            ),
        );
        this.sizer = el('div', { className: 'vbody', attrs: { role: 'rowgroup' } });
        this.emptyNote = el('p', {
            className: 'note empty-row',
            text: options.empty ?? 'Nothing to show.',
        });
        this.element = el(
            'div',
            {
                className: 'table-wrap virtual',
                attrs: { role: 'table', 'aria-label': options.label, tabindex: '0' },
            },
            el('div', { className: 'vheadgroup', attrs: { role: 'rowgroup' } }, this.header),
            this.sizer,
        );
        this.element.addEventListener('scroll', () => this.schedule(), { passive: true });
        // Observed on the table itself, not a listener on `window`: the window would keep every
        // table the page ever drew alive, each with its list (a refresh after 100,000 rows left
        // them all in memory).
        new ResizeObserver(() => this.schedule()).observe(this.element);
        this.refresh();
    }

    get rowCount(): number {
        return this.rows.length;
    }

    refresh(): void {
        if (this.rows.length === 0) {
            if (!this.emptyNote.isConnected) this.element.append(this.emptyNote);
            return;
        }
        this.emptyNote.remove();
        if (this.template === '') this.sizeColumns();
        this.element.setAttribute('aria-rowcount', String(this.rows.length + 1));
        this.update();
    }

    /** Fixes the column widths from the header and the first rows. */
    private sizeColumns(): void {
        const sample = this.rows.slice(0, sampleRows);
        const widths = this.columns.map((column, i) => {
            let longest = column.label.length;
            for (const row of sample) longest = Math.max(longest, cellLength(row[i]));
            return Math.min(44, Math.max(5, longest)) + 2;
        });
        // Each column takes its share of the panel's width in proportion to its content, and gives
        // way down to a floor (cells then end in an ellipsis, the whole value on hover and copy), so
        // the amounts stay in view; below the floors the table scrolls sideways.
        // Amounts and numbers never give way: a cut-off figure reads as a different figure. Ids are
        // shown shortened already (0x1234ab…cdef); cut again they could not be told apart.
        const floors = widths.map((w, i) => {
            if (this.columns[i]?.align === 'end') return w;
            const ids = sample.length > 0 && sample.every((row) => row[i]?.k === 'id');
            return Math.min(w, ids ? maxShortIdCh : minColumnCh);
        });
        this.template = widths.map((w, i) => `minmax(${floors[i]}ch, ${w}fr)`).join(' ');
        // CSSOM, not a style attribute: the CSP allows no inline styles. Cells pad by 14px.
        this.element.style.setProperty('--columns', this.template);
        const total = floors.reduce((sum, w) => sum + w, 0);
        this.element.style.setProperty(
            '--table-width',
            `calc(${total}ch + ${widths.length * 14}px)`,
        );
    }

    private schedule(): void {
        if (this.frame !== 0) return;
        this.frame = requestAnimationFrame(() => {
            this.frame = 0;
            this.update();
        });
    }

    /** A row element with one cell element per column, to fill (and refill when recycled). */
    private shell(): HTMLElement {
        return el(
            'div',
            { className: 'vrow', attrs: { role: 'row' } },
            ...this.columns.map((column) =>
                el('div', { className: cellClass(column), attrs: { role: 'cell' } }),
            ),
        );
    }

    private renderRow(index: number): HTMLElement {
        const row = this.rows.at(index)!;
        const node = this.pool.pop() ?? this.shell();
        node.setAttribute('aria-rowindex', String(index + 2));
        const cells = node.children;
        for (let i = 0; i < this.columns.length; i++) {
            patchCell(cells[i] as HTMLElement, row[i] ?? { k: 'empty' }, this.actions);
        }
        node.style.transform = `translateY(${index * this.rowHeight}px)`;
        return node;
    }

    /** Adds the rows that came into view (visible ones first) and removes those that left it. */
    private update(): void {
        if (this.headerHeight < 0) this.headerHeight = this.header.offsetHeight;
        this.sizer.style.height = `${this.rows.length * this.rowHeight}px`;
        // As tall as its rows, up to 70% of the view: a short list leaves no empty area above
        // the paging footer.
        const content = this.rows.length * this.rowHeight + this.headerHeight + 18;
        this.element.style.height = `min(70vh, ${content}px)`;
        const plan = planRows(
            {
                count: this.rows.length,
                rowHeight: this.rowHeight,
                top: Math.max(0, this.element.scrollTop - this.headerHeight),
                height: this.element.clientHeight || 600,
                overscan: overscanRows,
                perFrame: rowsPerFrame,
            },
            (index) => this.drawn.has(index),
        );
        for (const [index, node] of this.drawn) {
            if (index < plan.start || index >= plan.end) {
                node.remove();
                this.drawn.delete(index);
                if (this.pool.length < 200) this.pool.push(node);
            }
        }
        const fragment = document.createDocumentFragment();
        for (const index of plan.add) {
            const node = this.renderRow(index);
            this.drawn.set(index, node);
            fragment.append(node);
        }
        this.sizer.append(fragment);
        if (plan.more) this.schedule();
        if (!this.measured && this.drawn.size > 0) {
            this.measured = true;
            const height = this.drawn.values().next().value!.getBoundingClientRect().height;
            if (height > 0 && Math.abs(height - this.rowHeight) > 0.5) {
                this.rowHeight = height;
                for (const node of this.drawn.values()) node.remove();
                this.drawn.clear();
                this.update();
            }
        }
    }
}
