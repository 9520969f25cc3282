/**
 * Exports of the rows a panel has loaded: CSV (RFC 4180) of the raw cell values, and the file
 * names offered in the save dialog. Values that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, carriage return first) are prefixed with `'`: chain data is hostile, and a token
 * named `=HYPERLINK(...)` must stay text when the file is opened. Numbers keep their digits. Text
 * cells already show bidi and invisible characters as markers (`cells.cleanText`).
 */
import { cellRaw, type Cell, type Column } from '../../shared/viewModel';

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

/** One CSV field: quoted when needed, formula-like text neutralised. */
export function csvField(value: string): string {
    let text = value;
    if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV with a header line of column labels; lines end with CRLF (RFC 4180). */
export function toCsv(columns: readonly Column[], rows: readonly (readonly Cell[])[]): string {
    const lines = [columns.map((c) => csvField(c.label)).join(',')];
    for (const row of rows)
        lines.push(columns.map((_c, i) => csvField(row[i] ? cellRaw(row[i]) : '')).join(','));
    return `${lines.join('\r\n')}\r\n`;
}

/**
 * The loaded items as indented JSON (bigints as digit strings). Bidi and invisible characters are
 * written as `\uXXXX` escapes: the same data, but an editor shows them instead of acting on them.
 */
export function toJson(value: unknown): string {
    const text = JSON.stringify(
        value,
        (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
        2,
    );
    // Each UTF-16 unit escaped: tag characters lie outside the BMP.
    const escape = (c: string): string =>
        c
            .split('')
            .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
            .join('');
    return `${text.replace(/\p{Cf}/gu, escape)}\n`;
}

/** A file name for an export: `avalanche-<what>-<date>.<ext>`, safe on every file system. */
export function exportFileName(
    what: string,
    extension: 'csv' | 'json',
    now: Date = new Date(),
): string {
    const slug = what
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60)
        .toLowerCase();
    const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return `avalanche-${slug || 'result'}-${stamp}.${extension}`;
}
