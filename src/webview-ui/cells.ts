/**
 * Draws one cell of the view model. Display text goes into `textContent`; the raw value goes into
 * the tooltip and `data-raw`, which copy uses. Times are formatted here, in the user's locale and
 * time zone (the extension host may run on another machine), with how long ago and the raw value.
 */
import type { QueryRequest } from '../shared/query';
import type { Cell, PanelAction } from '../shared/viewModel';
import { el, icon } from './dom';

/** What cells do when used. */
export interface CellActions {
    open(query: QueryRequest): void;
    act(action: PanelAction): void;
}

let dateFormat: Intl.DateTimeFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;

const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['week', 7 * 86_400],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
];

/** `3 minutes ago`, `in 2 days`. */
export function relative(ms: number, now = Date.now()): string {
    const delta = (ms - now) / 1000;
    const size = Math.abs(delta);
    if (size < 5) return 'just now';
    relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'always' });
    for (const [unit, seconds] of units) {
        if (size >= seconds || unit === 'second') {
            const count = Math.floor(size / seconds);
            return relativeFormat.format(delta < 0 ? -count : count, unit);
        }
    }
    return '';
}

/** Local date and time. */
function localTime(ms: number): string {
    dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    const date = new Date(ms);
    try {
        return Number.isNaN(date.getTime()) ? String(ms) : dateFormat.format(date);
    } catch {
        // Intl refuses times outside the Date range; the raw value is still in the tooltip.
        return String(ms);
    }
}

function valueSpan(className: string, text: string, raw: string, title?: string): HTMLElement {
    return el('span', {
        className: `value ${className}`,
        text,
        title: title ?? raw,
        attrs: { 'data-raw': raw, tabindex: '0' },
    });
}

/** The query behind each link element: a recycled link keeps its one listener. */
const linkQueries = new WeakMap<HTMLElement, QueryRequest>();

/** What element a cell is drawn with, when it can be updated in place. */
function reusableKind(cell: Cell): string | undefined {
    switch (cell.k) {
        case 'text':
        case 'num':
        case 'amount':
        case 'money':
        case 'time':
        case 'badge':
            return cell.k;
        case 'id':
            return cell.link ? 'link' : 'id';
        default:
            return undefined;
    }
}

function setText(node: HTMLElement, text: string): void {
    const first = node.firstChild;
    if (first && first === node.lastChild && first.nodeType === Node.TEXT_NODE)
        first.nodeValue = text;
    else node.textContent = text;
}

function setOptional(
    node: HTMLElement,
    name: 'title' | 'data-raw',
    value: string | undefined,
): void {
    if (value === undefined) node.removeAttribute(name);
    else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/**
 * Shows `cell` in `host`, updating the element already there when it draws the same kind of
 * cell (text, numbers, times, ids, links, badges): scrolling a long table then reuses its rows'
 * elements instead of making garbage for the collector at every frame.
 */
export function patchCell(host: HTMLElement, cell: Cell, actions: CellActions): void {
    const kind = reusableKind(cell);
    const current = host.firstElementChild as HTMLElement | null;
    if (
        kind === undefined ||
        !current ||
        current.dataset['kind'] !== kind ||
        host.childElementCount !== 1
    ) {
        const node = renderCell(cell, actions);
        if (kind !== undefined) node.dataset['kind'] = kind;
        host.replaceChildren(node);
        return;
    }
    switch (cell.k) {
        case 'text':
            setText(current, cell.text);
            setOptional(
                current,
                'title',
                cell.text.length > 40 ? cell.text.slice(0, 2000) : undefined,
            );
            return;
        case 'num':
        case 'money':
            setText(current, cell.text);
            setOptional(current, 'title', cell.raw);
            setOptional(current, 'data-raw', cell.raw);
            return;
        case 'amount':
            setText(current, cell.text);
            setOptional(current, 'title', `${cell.raw} (smallest unit)`);
            setOptional(current, 'data-raw', cell.raw);
            return;
        case 'time': {
            const date = new Date(cell.ms);
            const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString();
            setText(
                current,
                iso === '' ? cell.raw : `${localTime(cell.ms)} · ${relative(cell.ms)}`,
            );
            setOptional(current, 'title', iso === '' ? cell.raw : `${cell.raw} · ${iso}`);
            setOptional(current, 'data-raw', cell.raw);
            return;
        }
        case 'badge':
            setText(current, cell.text);
            current.className = `badge tone-${cell.tone}`;
            return;
        case 'id':
            setText(current, cell.text);
            setOptional(current, 'data-raw', cell.raw);
            if (cell.link) {
                setOptional(current, 'title', `${cell.raw}\nOpen in its panel`);
                linkQueries.set(current, cell.link);
            } else {
                setOptional(current, 'title', cell.raw);
            }
            return;
        default:
            return;
    }
}

/** The element of a cell. */
export function renderCell(cell: Cell, actions: CellActions): HTMLElement {
    switch (cell.k) {
        case 'text':
            return el('span', {
                className: 'text',
                text: cell.text,
                title: cell.text.length > 40 ? cell.text.slice(0, 2000) : undefined,
            });
        case 'num':
            return valueSpan('num', cell.text, cell.raw);
        case 'amount':
            return valueSpan('amount', cell.text, cell.raw, `${cell.raw} (smallest unit)`);
        case 'money':
            return valueSpan('money', cell.text, cell.raw);
        case 'time': {
            const date = new Date(cell.ms);
            const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString();
            if (iso === '') return valueSpan('time', cell.raw, cell.raw);
            return valueSpan(
                'time',
                `${localTime(cell.ms)} · ${relative(cell.ms)}`,
                cell.raw,
                `${cell.raw}${iso ? ` · ${iso}` : ''}`,
            );
        }
        case 'id': {
            if (!cell.link) return valueSpan('id', cell.text, cell.raw);
            const link = el('button', {
                className: 'link id',
                text: cell.text,
                title: `${cell.raw}\nOpen in its panel`,
                attrs: { type: 'button', 'data-raw': cell.raw },
            });
            linkQueries.set(link, cell.link);
            link.addEventListener('click', () => {
                const query = linkQueries.get(link);
                if (query) actions.open(query);
            });
            return link;
        }
        case 'bool':
            return el(
                'span',
                {
                    className: `bool ${cell.value ? 'yes' : 'no'}`,
                    attrs: { 'aria-label': cell.value ? 'yes' : 'no' },
                },
                icon(cell.value ? 'check' : 'dash'),
                el('span', { className: 'sr', text: cell.value ? 'yes' : 'no' }),
            );
        case 'badge':
            return el('span', { className: `badge tone-${cell.tone}`, text: cell.text });
        case 'list': {
            const list = el('span', { className: 'list' });
            cell.items.forEach((item, i) => {
                if (i > 0) list.append(el('span', { className: 'sep', text: ', ' }));
                list.append(renderCell(item, actions));
            });
            return list;
        }
        case 'action': {
            const action = cell.action;
            const node = el(
                'button',
                { className: 'button small', title: cell.label, attrs: { type: 'button' } },
                icon(cell.icon),
                el('span', { className: 'label', text: cell.label }),
            );
            node.addEventListener('click', () => actions.act(action));
            return node;
        }
        case 'empty':
            return el('span', { className: 'empty', text: '—', attrs: { 'aria-label': 'none' } });
    }
}
