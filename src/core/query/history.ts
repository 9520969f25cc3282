/**
 * Bounded lists kept in `globalState`: the history of queries to reopen, and the recent values
 * typed into each kind of prompt. Newest first, deduplicated, capped; entries read back from
 * storage are checked (storage may hold what an older version wrote, or anything a user edited).
 */
import type { QueryRequest } from '../../shared/query';
import { isReplayable, panelKey, stableJson } from './panels';

/** A query the user ran, to reopen. */
export interface HistoryEntry {
    readonly query: QueryRequest;
    readonly title: string;
    readonly atMs: number;
}

/** Most queries kept. */
export const maxHistoryEntries = 50;
/** Most values kept per prompt kind. */
export const maxRecentValues = 10;
/** Longest value remembered (longer ones are not worth offering again). */
export const maxRecentValueLength = 2000;
/**
 * Largest query kept in the history, as JSON (a pasted raw JSON-RPC body can be megabytes: fifty
 * of those would sit in `globalState`, which VS Code loads at every start).
 */
const maxHistoryQueryLength = 16_384;
/** Longest title kept (panel titles are at most 60 characters). */
const maxHistoryTitleLength = 200;

/**
 * The history with `entry` first. The same query run again moves up instead of appearing twice;
 * queries that change something (exports, node changes) are never kept, since reopening one would
 * run it again.
 */
export function addHistoryEntry(
    list: readonly HistoryEntry[],
    entry: HistoryEntry,
    max = maxHistoryEntries,
): HistoryEntry[] {
    const identity = stableJson(entry.query);
    if (!isReplayable(entry.query) || identity.length > maxHistoryQueryLength) {
        return [...list].slice(0, max);
    }
    const kept = { ...entry, title: entry.title.slice(0, maxHistoryTitleLength) };
    return [kept, ...list.filter((e) => stableJson(e.query) !== identity)].slice(0, max);
}

/** The entries of stored data that have the right shape (the query is checked again on use). */
export function readHistory(stored: unknown): HistoryEntry[] {
    if (!Array.isArray(stored)) return [];
    return stored
        .filter(
            (e): e is HistoryEntry =>
                typeof e === 'object' &&
                e !== null &&
                typeof (e as HistoryEntry).title === 'string' &&
                typeof (e as HistoryEntry).atMs === 'number' &&
                typeof (e as HistoryEntry).query === 'object' &&
                (e as HistoryEntry).query !== null &&
                stableJson((e as HistoryEntry).query).length <= maxHistoryQueryLength,
        )
        .slice(0, maxHistoryEntries)
        .map((e) => ({ ...e, title: e.title.slice(0, maxHistoryTitleLength) }));
}

/** Entries of the history that open in the same panel as `query` (its own history). */
export function historyOfPanel(list: readonly HistoryEntry[], query: QueryRequest): HistoryEntry[] {
    const key = panelKey(query);
    return list.filter((e) => panelKey(e.query) === key);
}

/** Recent values per prompt kind. */
export type RecentValues = Readonly<Record<string, readonly string[]>>;

/** The recent values with `value` first for `kind`. */
export function addRecentValue(
    recent: RecentValues,
    kind: string,
    value: string,
    max = maxRecentValues,
): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [k, values] of Object.entries(recent)) out[k] = [...values];
    const text = value.trim();
    if (text === '' || text.length > maxRecentValueLength) return out;
    out[kind] = [text, ...(out[kind] ?? []).filter((v) => v !== text)].slice(0, max);
    return out;
}

/** The recent values of stored data that have the right shape. */
export function readRecentValues(stored: unknown): Record<string, string[]> {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    const out: Record<string, string[]> = {};
    for (const [kind, values] of Object.entries(stored as Record<string, unknown>)) {
        if (!Array.isArray(values)) continue;
        out[kind] = values
            .filter((v): v is string => typeof v === 'string' && v.length <= maxRecentValueLength)
            .slice(0, maxRecentValues);
    }
    return out;
}
