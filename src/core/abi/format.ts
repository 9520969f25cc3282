/**
 * Decoded values as plain text for hovers, tooltips and panels: addresses EIP-55 checksummed,
 * integers as exact decimals, long bytes shortened (the value keeps them whole), strings quoted
 * with every character that could hide or reorder text escaped. No Markdown is emitted: the hover
 * layer escapes what it is given.
 */
import { toChecksumAddress } from '../identifiers';
import { formatNumber } from '../format';

import type { Decoded, DecodedArg, DecodedValue } from './types';

/** How `formatValue` shortens. */
export interface FormatOptions {
    /**
     * Bytes values longer than this many bytes are shown as their head and tail with the count;
     * `Infinity` shows them whole. Default 32.
     */
    readonly bytesShownWhole?: number | undefined;
}

const headBytes = 8;
const tailBytes = 4;

/**
 * Controls, the bidirectional overrides and isolates that reorder text (the "Trojan Source"
 * characters), zero-width characters, line and paragraph separators, and lone surrogates:
 * nothing in a quoted string may change how the text around it reads.
 */
const unsafe =
    /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const shortEscapes: Readonly<Record<string, string>> = {
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
};

/** A string in double quotes, with quotes, backslashes and every unsafe character escaped. */
export function quoteText(text: string): string {
    const body = text
        .replace(/[\\"]/g, (c) => `\\${c}`)
        .replace(
            unsafe,
            (c) => shortEscapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
    return `"${body}"`;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** A function, event or parameter name as it may be shown: quoted when it is not an identifier. */
export function formatName(name: string): string {
    return identifier.test(name) ? name : quoteText(name);
}

function groupCount(n: number): string {
    return formatNumber(n);
}

function formatBytes(value: string, more: number | undefined, shownWhole: number): string {
    const size = (value.length - 2) / 2;
    const total = size + (more ?? 0);
    if (total <= shownWhole && more === undefined) return value;
    if (size <= headBytes + tailBytes && more === undefined) return value;
    const head = value.slice(2, 2 + headBytes * 2);
    const tail = more === undefined ? value.slice(-tailBytes * 2) : '';
    return `0x${head}…${tail} (${groupCount(total)} bytes)`;
}

/** The display text of one decoded value, on one line. */
export function formatValue(value: DecodedValue, options: FormatOptions = {}): string {
    const shownWhole = options.bytesShownWhole ?? 32;
    switch (value.k) {
        case 'address':
            return toChecksumAddress(value.value) ?? value.value;
        case 'int':
            return value.value;
        case 'bool':
            return value.value ? 'true' : 'false';
        case 'bytes':
            return formatBytes(value.value, value.more, shownWhole);
        case 'string':
            return value.more === undefined
                ? quoteText(value.value)
                : `${quoteText(value.value)}… (${groupCount(value.more)} more characters)`;
        case 'hashed':
            return `hash ${value.value}`;
        case 'list': {
            const items = value.items.map((v) => formatValue(v, options));
            if (value.more !== undefined) items.push(`… ${groupCount(value.more)} more`);
            return `[${items.join(', ')}]`;
        }
        case 'tuple':
            return `(${value.fields.map((f) => formatArg(f, options)).join(', ')})`;
    }
}

/**
 * The whole text of a value, for copying: bytes unshortened (as far as the decoder kept them),
 * strings unquoted, addresses checksummed, lists and tuples as on one display line.
 */
export function copyValue(value: DecodedValue): string {
    switch (value.k) {
        case 'bytes':
            return value.value;
        case 'string':
            return value.value;
        default:
            return formatValue(value, { bytesShownWhole: Infinity });
    }
}

function formatArg(arg: DecodedArg, options: FormatOptions): string {
    const value = formatValue(arg.value, options);
    return arg.name === '' ? value : `${formatName(arg.name)}: ${value}`;
}

/** How `decodedLines` lays out. */
export interface LineOptions extends FormatOptions {
    /** A call that fits in this many characters stays on one line. Default 100. */
    readonly width?: number | undefined;
}

const indentUnit = '    ';

/**
 * A decoded call, event or error as plain-text lines, `transfer(to: 0xAb58…, amount: 5)` when it
 * fits on one line, else one argument per line with lists and tuples that do not fit unfolded
 * beneath them; a `note` (a panic code's reason) follows on its own line.
 */
export function decodedLines(decoded: Decoded, options: LineOptions = {}): string[] {
    const width = options.width ?? 100;
    const name = formatName(decoded.name);
    const oneLine = `${name}(${decoded.args.map((a) => formatArg(a, options)).join(', ')})`;
    const lines: string[] = [];
    if (oneLine.length <= width) {
        lines.push(oneLine);
    } else {
        lines.push(`${name}(`);
        for (const arg of decoded.args) pushArg(lines, arg, indentUnit, width, options);
        lines.push(')');
    }
    if (decoded.note !== undefined) lines.push(decoded.note);
    return lines;
}

function pushArg(
    lines: string[],
    arg: DecodedArg,
    indent: string,
    width: number,
    options: FormatOptions,
): void {
    const label = arg.name === '' ? '' : `${formatName(arg.name)}: `;
    pushValue(lines, label, arg.value, indent, width, options);
}

function pushValue(
    lines: string[],
    label: string,
    value: DecodedValue,
    indent: string,
    width: number,
    options: FormatOptions,
): void {
    const inline = `${indent}${label}${formatValue(value, options)},`;
    if (inline.length <= width || (value.k !== 'list' && value.k !== 'tuple')) {
        lines.push(inline);
        return;
    }
    const inner = indent + indentUnit;
    if (value.k === 'list') {
        lines.push(`${indent}${label}[`);
        for (const item of value.items) pushValue(lines, '', item, inner, width, options);
        if (value.more !== undefined) lines.push(`${inner}… ${groupCount(value.more)} more`);
        lines.push(`${indent}],`);
    } else {
        lines.push(`${indent}${label}(`);
        for (const field of value.fields) pushArg(lines, field, inner, width, options);
        lines.push(`${indent}),`);
    }
}
