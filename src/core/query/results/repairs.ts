/**
 * How a panel shows the items of a page that did not match their published shape
 * (`ItemRepair`, see core/dataApi/repair.ts): a notice above the table that says which rows are
 * partial and what was left out, and a "partial" badge in the first cell of each such row. Items
 * that could not be read at all are not in the table; the notice counts them.
 */
import type { ItemRepair } from '../../model/paging';
import type { Cell, Tone } from '../../../shared/viewModel';
import { badge, cleanText } from '../cells';

/** How many items a notice names one by one; the rest are counted. */
const namedItems = 3;

/** The badge a partial row carries before its first cell. */
export const partialBadgeText = 'partial';

/**
 * The row of `cell`'s item, marked as shown without some of its fields: the first cell of the
 * row becomes a list of the badge and the cell.
 */
export function markPartial(cell: Cell): Cell {
    return { k: 'list', items: [badge(partialBadgeText, 'warn'), cell] };
}

/** The longest notice: a few sentences, never a wall (each path and problem is cut too). */
const maxNoticeChars = 500;

/**
 * The notice for the repairs of one page, or undefined when there are none. `firstRow` is the
 * table row (0-based) of the page's first item, so that a page appended by "Load more" names
 * its rows as the table numbers them.
 */
export function repairNotice(
    repairs: readonly ItemRepair[],
    firstRow = 0,
): { readonly tone: Tone; readonly text: string } | undefined {
    if (repairs.length === 0) return undefined;
    const partial = repairs.filter((r) => r.outcome === 'repaired');
    const dropped = repairs.filter((r) => r.outcome === 'dropped');
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    const more = (n: number) => (n > namedItems ? ` and ${n - namedItems} more` : '');
    const parts = [
        `${count(repairs.length, 'item')} of this page did not match the API's published shape; the rest is as sent.`,
    ];
    if (partial.length > 0) {
        const named = partial.slice(0, namedItems).map((r) => {
            const first = r.removed[0] === undefined ? 'some fields' : cleanText(r.removed[0], 60);
            const others = r.removed.length > 1 ? ` and ${r.removed.length - 1} more` : '';
            return `row ${firstRow + (r.index ?? 0) + 1} without ${first}${others}`;
        });
        parts.push(`Shown as partial: ${named.join('; ')}${more(partial.length)}.`);
    }
    if (dropped.length > 0) {
        const why = dropped
            .slice(0, namedItems)
            .map((r) => cleanText(r.problems[0] ?? 'unreadable', 80))
            .join('; ');
        parts.push(`Left out, unreadable: ${count(dropped.length, 'item')} (${why}).`);
    }
    parts.push('The log (Avalanche Explorer) names every problem.');
    const text = parts.join(' ');
    return {
        tone: 'warn',
        text: text.length > maxNoticeChars ? `${text.slice(0, maxNoticeChars - 1)}…` : text,
    };
}
