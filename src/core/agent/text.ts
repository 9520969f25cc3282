/**
 * Agent answers as compact plain text: a result panel's view model, or a hover's Markdown,
 * written as lines an agent reads well and a person can check against the panel (the same
 * labels, amounts, units and names). Everything from a chain is data here too: each value is made
 * inert (`inertLine`: no control, bidi or invisible characters, so no value can start a line of
 * its own or pose as another) and cut short, and the whole answer is bounded.
 */
import { inertLine } from '../text/inert';
import { agentNumberText } from '../format';
import {
    cellRaw,
    type Cell,
    type Field,
    type ResultView,
    type Table,
} from '../../shared/viewModel';

/** How much one answer may hold: an agent loop must not pull a whole history into its context. */
export interface TextLimits {
    /** Rows of a table written out; the rest are counted. */
    readonly maxRows: number;
    /** Characters of the whole answer; beyond it the answer is cut at a line and says so. */
    readonly maxChars: number;
    /** Characters of one value. */
    readonly maxValue: number;
}

export const defaultTextLimits: TextLimits = { maxRows: 25, maxChars: 12_000, maxValue: 300 };

/** `value` made inert and cut to `max` characters (`text/inert.ts`). */
export function inertText(value: unknown, max: number): string {
    return inertLine(value, max);
}

/**
 * A cell as an agent needs it: ids and addresses whole (a shortened id is useless to a tool
 * call), numbers, amounts and prices in plain digits with `.` as the decimal point whatever the
 * display language (the panel's text otherwise), times as ISO 8601 in UTC.
 */
export function cellText(cell: Cell, limits: TextLimits = defaultTextLimits): string {
    switch (cell.k) {
        case 'id':
            return inertText(cell.raw, limits.maxValue);
        case 'time':
            return Number.isFinite(cell.ms) ? new Date(cell.ms).toISOString() : cellRaw(cell);
        case 'bool':
            return cell.value ? 'yes' : 'no';
        case 'list':
            return cell.items.map((item) => cellText(item, limits)).join(', ');
        case 'action':
            return '';
        case 'empty':
            return '—';
        case 'num':
        case 'amount':
        case 'money':
            return inertText(agentNumberText(cell.text), limits.maxValue);
        default:
            return inertText(cell.text, limits.maxValue);
    }
}

function fieldLines(fields: readonly Field[], limits: TextLimits): string[] {
    return fields
        .map((f) => [inertText(f.label, 80), cellText(f.value, limits)] as const)
        .filter(([, value]) => value !== '')
        .map(([label, value]) => `${label}: ${value}`);
}

function tableLines(
    table: Table,
    limits: TextLimits,
    more: { readonly hasMore: boolean } = { hasMore: false },
): string[] {
    if (table.rows.length === 0) return [table.empty ? inertText(table.empty, 200) : '(none)'];
    const columns = table.columns.map((c, i) => ({ label: inertText(c.label, 60), i }));
    // Columns that are empty on every row say nothing (action buttons, absent filters).
    const shown = columns.filter(({ i }) =>
        table.rows.some((row) => {
            const cell = row[i];
            return cell !== undefined && cell.k !== 'empty' && cell.k !== 'action';
        }),
    );
    const lines = [shown.map((c) => c.label).join(' | ')];
    for (const row of table.rows.slice(0, limits.maxRows)) {
        lines.push(shown.map(({ i }) => (row[i] ? cellText(row[i], limits) : '—')).join(' | '));
    }
    const left = table.rows.length - limits.maxRows;
    if (left > 0) lines.push(`(${left} more row${left === 1 ? '' : 's'} not shown)`);
    else if (more.hasMore) lines.push('(more rows exist: ask for the next page)');
    return lines;
}

/** A result panel's view as text: title, notice, overview, sections, then the main table. */
export function viewText(
    view: ResultView,
    options: { readonly nextPageToken?: string | undefined; readonly limits?: TextLimits } = {},
): string {
    const limits = options.limits ?? defaultTextLimits;
    const lines = [inertText(view.title, 200)];
    if (view.subtitle) lines.push(inertText(view.subtitle, 300));
    if (view.notice)
        lines.push(`${view.notice.tone.toUpperCase()}: ${inertText(view.notice.text, 600)}`);
    lines.push(...fieldLines(view.fields, limits));
    for (const section of view.sections) {
        lines.push('', `## ${inertText(section.title, 120)}`);
        if (section.fields) lines.push(...fieldLines(section.fields, limits));
        if (section.table) lines.push(...tableLines(section.table, limits));
        if (section.note) lines.push(inertText(section.note, 600));
    }
    if (view.main) {
        lines.push('', `## ${inertText(view.main.title, 120)}`);
        lines.push(
            ...tableLines(view.main, limits, { hasMore: options.nextPageToken !== undefined }),
        );
        if (options.nextPageToken !== undefined) {
            lines.push(`nextPageToken: ${inertText(options.nextPageToken, 400)}`);
        }
    }
    return boundText(lines.join('\n'), limits);
}

/** `text` cut at a line boundary to `limits.maxChars`, saying how much was left out. */
export function boundText(text: string, limits: TextLimits = defaultTextLimits): string {
    if (text.length <= limits.maxChars) return text;
    const cut = text.lastIndexOf('\n', limits.maxChars);
    const kept = text.slice(0, cut > 0 ? cut : limits.maxChars);
    return `${kept}\n(answer cut at ${limits.maxChars} characters: ${text.length - kept.length} more left out; narrow the query)`;
}

/**
 * A hover's Markdown (`core/hover/markdown.ts`) as plain text. That Markdown escapes every value
 * it did not write itself, so its syntax can be read back without being fooled by the data:
 * command links are dropped (an agent cannot click them), web links keep their URL, emphasis and
 * code fences go, and escaped characters come back as themselves.
 */
export function markdownText(markdown: string): string {
    let out = '';
    let i = 0;
    while (i < markdown.length) {
        const c = markdown[i]!;
        if (c === '\\' && i + 1 < markdown.length) {
            out += markdown[i + 1];
            i += 2;
        } else if (c === '`') {
            let fence = 0;
            while (markdown[i + fence] === '`') fence++;
            const close = markdown.indexOf('`'.repeat(fence), i + fence);
            if (close < 0) {
                out += markdown.slice(i);
                break;
            }
            out += markdown.slice(i + fence, close).trim();
            i = close + fence;
        } else if (c === '[') {
            const link = /^\[((?:\\.|[^\]\\])*)\]\(([^)\s]*)(?: "(?:\\.|[^"\\])*")?\)/.exec(
                markdown.slice(i),
            );
            if (!link) {
                out += c;
                i++;
                continue;
            }
            const title = markdownText(link[1]!);
            if (!link[2]!.startsWith('command:')) out += `${title} <${link[2]}>`;
            i += link[0].length;
        } else if (c === '*' || c === '_') {
            // Emphasis: the data's own asterisks and underscores arrive escaped.
            i++;
        } else {
            out += c;
            i++;
        }
    }
    return (
        out
            .split('\n')
            // Hard breaks, and the separators left behind by dropped command links.
            .map((line) => line.replace(/\s+$/, '').replace(/^(?:\s*·\s*)+|(?:\s*·\s*)+$/g, ''))
            .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''))
            .join('\n')
            .trim()
    );
}
