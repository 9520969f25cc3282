/**
 * The generic view: any JSON result laid out as fields (scalars), lists, and tables (arrays of
 * objects), one level deep; anything deeper is shown as compact JSON text and is complete in the
 * Raw JSON tab. Used for node methods without a dedicated view, raw JSON-RPC answers, the
 * supported-chains list and export operations.
 */
import { isEvmAddress, isEvmHash } from '../../dataApi/validate';
import { isCb58Id, isNodeId } from '../../ids/cb58';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import { bool, cleanText, empty, id, list, num, text } from '../cells';
import { col, type ViewHeader } from './types';

const maxColumns = 16;
const maxJsonText = 400;

function compactJson(value: unknown): string {
    let json: string;
    try {
        json = JSON.stringify(value) ?? '';
    } catch {
        json = String(value);
    }
    return json.length > maxJsonText ? `${json.slice(0, maxJsonText - 1)}…` : json;
}

/** A cell for any value: ids are recognised by shape, numbers keep their digits. */
export function valueCell(value: unknown): Cell {
    if (value === null || value === undefined) return empty;
    if (typeof value === 'boolean') return bool(value);
    if (typeof value === 'number')
        return Number.isInteger(value) ? num(value) : text(String(value));
    if (typeof value === 'bigint') return num(value);
    if (typeof value === 'string') {
        if (
            isEvmAddress(value) ||
            isEvmHash(value) ||
            isNodeId(value) ||
            (value.length >= 40 && isCb58Id(value))
        ) {
            return id(value);
        }
        if (/^\d{10,}$/.test(value)) return num(value);
        return text(value);
    }
    if (Array.isArray(value)) {
        if (value.every((v) => v === null || typeof v !== 'object')) {
            return list(value.slice(0, 50).map(valueCell));
        }
        return text(compactJson(value));
    }
    return text(compactJson(value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits camelCase and snake_case keys into words for labels. */
export function labelOf(key: string): string {
    const words = cleanText(key)
        .replace(/[_-]+/g, ' ')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .trim();
    return words.length === 0 ? key : words[0]!.toUpperCase() + words.slice(1);
}

/** A table of an array of objects: one column per key seen (the first 16). */
function objectTable(items: readonly unknown[]): Section['table'] {
    const keys: string[] = [];
    for (const item of items) {
        if (!isPlainObject(item)) continue;
        for (const key of Object.keys(item)) {
            if (!keys.includes(key) && keys.length < maxColumns) keys.push(key);
        }
    }
    if (keys.length === 0) {
        return { columns: [col('value', 'Value')], rows: items.map((item) => [valueCell(item)]) };
    }
    return {
        columns: keys.map((k) => col(k, labelOf(k))),
        rows: items.map((item) =>
            keys.map((k) => (isPlainObject(item) ? valueCell(item[k]) : empty)),
        ),
    };
}

/** Fields and sections of an object result. */
function objectParts(value: unknown): { fields: Field[]; sections: Section[] } {
    if (!isPlainObject(value)) {
        if (Array.isArray(value)) {
            return {
                fields: [],
                sections: [{ title: `Items (${value.length})`, table: objectTable(value) }],
            };
        }
        return { fields: [{ label: 'Result', value: valueCell(value) }], sections: [] };
    }
    const fields: Field[] = [];
    const sections: Section[] = [];
    for (const [key, inner] of Object.entries(value)) {
        if (Array.isArray(inner) && inner.some((v) => isPlainObject(v))) {
            sections.push({
                title: `${labelOf(key)} (${inner.length})`,
                table: objectTable(inner),
            });
        } else if (isPlainObject(inner)) {
            const innerFields = Object.entries(inner).map(([k, v]) => ({
                label: labelOf(k),
                value: valueCell(v),
            }));
            sections.push({
                title: labelOf(key),
                fields: innerFields,
                note: innerFields.length === 0 ? 'Empty.' : undefined,
            });
        } else {
            fields.push({ label: labelOf(key), value: valueCell(inner) });
        }
    }
    return { fields, sections };
}

/** The generic header of a result. */
export function genericHeader(
    title: string,
    subtitle: string | undefined,
    result: unknown,
): ViewHeader {
    const { fields, sections } = objectParts(result);
    const isEmpty = isPlainObject(result) && Object.keys(result).length === 0;
    return {
        title,
        subtitle,
        fields: isEmpty
            ? [{ label: 'Result', value: text('{} (the call succeeded and returns no data)') }]
            : fields,
        sections,
    };
}
