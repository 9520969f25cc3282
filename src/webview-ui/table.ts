/**
 * A table of cells. Small tables are drawn whole; the main table of a list is virtualised: only
 * the rows in view (plus a margin, in blocks of 32) exist in the DOM, between two spacer rows that
 * keep the scroll height right, so 10,000 loaded rows scroll without long tasks and appending a
 * page costs the same as drawing one.
 */
import type { Cell, Column } from '../shared/viewModel';
import { type CellActions, renderCell } from './cells';
import { el } from './dom';

const blockRows = 32;
/** Assumed until the first row is measured; the CSS fixes rows to one line. */
const defaultRowHeight = 26;

export interface TableOptions {
    readonly label: string;
    readonly empty?: string | undefined;
    /** Virtualise (the main table); otherwise every row is drawn. */
    readonly virtual: boolean;
}

export class DataTable {
    readonly element: HTMLElement;
    private readonly body: HTMLTableSectionElement;
    private readonly topSpacer: HTMLTableRowElement;
    private readonly bottomSpacer: HTMLTableRowElement;
    private readonly emptyRow: HTMLTableRowElement;
    private rows: (readonly Cell[])[] = [];
    private rowHeight = defaultRowHeight;
    private measured = false;
    private firstBlock = -1;
    private lastBlock = -1;
    private frame = 0;

    constructor(
        private readonly columns: readonly Column[],
        rows: readonly (readonly Cell[])[],
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
                    el('th', {
                        className: c.align === 'end' ? 'end' : undefined,
                        text: c.label,
                        attrs: { role: 'columnheader' },
                    }),
                ),
            ),
        );
        this.body = el('tbody');
        const span = String(Math.max(1, columns.length));
        this.topSpacer = el(
            'tr',
            { className: 'spacer', attrs: { 'aria-hidden': 'true' } },
            el('td', { attrs: { colspan: span } }),
        );
        this.bottomSpacer = el(
            'tr',
            { className: 'spacer', attrs: { 'aria-hidden': 'true' } },
            el('td', { attrs: { colspan: span } }),
        );
        this.emptyRow = el(
            'tr',
            { className: 'empty-row' },
            el('td', { text: options.empty ?? 'Nothing to show.', attrs: { colspan: span } }),
        );
        const table = el(
            'table',
            { className: 'data', attrs: { 'aria-label': options.label } },
            head,
            this.body,
        );
        this.element = el(
            'div',
            {
                className: options.virtual ? 'table-wrap virtual' : 'table-wrap',
                attrs: { role: 'region', 'aria-label': options.label, tabindex: '0' },
            },
            table,
        );
        if (options.virtual) {
            this.element.addEventListener('scroll', () => this.schedule(), { passive: true });
            window.addEventListener('resize', () => this.schedule());
        }
        this.append(rows);
    }

    get rowCount(): number {
        return this.rows.length;
    }

    /** Adds rows at the end (the first page, or "Load more"). */
    append(rows: readonly (readonly Cell[])[]): void {
        this.rows.push(...rows);
        if (this.rows.length === 0) {
            this.body.replaceChildren(this.emptyRow);
            return;
        }
        if (!this.options.virtual) {
            if (this.body.firstChild === this.emptyRow) this.body.replaceChildren();
            const fragment = document.createDocumentFragment();
            for (const row of rows) fragment.append(this.renderRow(row, this.rows.length));
            this.body.append(fragment);
            return;
        }
        this.firstBlock = -1;
        this.update();
    }

    private renderRow(row: readonly Cell[], index: number): HTMLTableRowElement {
        const tr = el('tr', { attrs: { 'aria-rowindex': String(index + 1) } });
        this.columns.forEach((column, i) => {
            const cell = row[i] ?? { k: 'empty' };
            tr.append(
                el(
                    'td',
                    { className: column.align === 'end' ? 'end' : undefined },
                    renderCell(cell, this.actions),
                ),
            );
        });
        return tr;
    }

    private schedule(): void {
        if (this.frame !== 0) return;
        this.frame = requestAnimationFrame(() => {
            this.frame = 0;
            this.update();
        });
    }

    /** Draws the blocks of rows that intersect the viewport (plus one block either side). */
    private update(): void {
        const viewport = this.element.clientHeight || 600;
        const top = this.element.scrollTop;
        const blocks = Math.ceil(this.rows.length / blockRows);
        const first = Math.max(0, Math.floor(top / (this.rowHeight * blockRows)) - 1);
        const last = Math.min(
            blocks - 1,
            Math.floor((top + viewport) / (this.rowHeight * blockRows)) + 1,
        );
        if (first === this.firstBlock && last === this.lastBlock) return;
        this.firstBlock = first;
        this.lastBlock = last;
        const start = first * blockRows;
        const end = Math.min(this.rows.length, (last + 1) * blockRows);
        const fragment = document.createDocumentFragment();
        fragment.append(this.topSpacer);
        for (let i = start; i < end; i++) fragment.append(this.renderRow(this.rows[i]!, i));
        fragment.append(this.bottomSpacer);
        this.body.replaceChildren(fragment);
        if (!this.measured) {
            const sample = this.body.children[1] as HTMLElement | undefined;
            const height = sample?.getBoundingClientRect().height ?? 0;
            if (height > 0) {
                this.measured = true;
                if (Math.abs(height - this.rowHeight) > 0.5) {
                    this.rowHeight = height;
                    this.firstBlock = -1;
                    this.update();
                    return;
                }
            }
        }
        (this.topSpacer.firstChild as HTMLElement).style.height = `${start * this.rowHeight}px`;
        (this.bottomSpacer.firstChild as HTMLElement).style.height =
            `${(this.rows.length - end) * this.rowHeight}px`;
        this.element.setAttribute('aria-rowcount', String(this.rows.length));
    }
}
