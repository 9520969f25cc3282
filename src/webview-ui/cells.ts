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
export function localTime(ms: number): string {
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
            const query = cell.link;
            link.addEventListener('click', () => actions.open(query));
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
