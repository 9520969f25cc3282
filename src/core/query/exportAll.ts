/**
 * "Export all pages": after the rows a panel has loaded, the pages that follow are read one after
 * another, up to a bound the user is told before it starts (`exportAllLimits`), until the last page,
 * a cancel or a failure; whatever was read by then can still be saved. Before it starts, the Data
 * API's quota is compared with what the pages could cost (the operation's compute units, the
 * OpenAPI's `x-execution-weight`), and the user is warned when it could run out on the way.
 * Pure, so the rules are unit-tested; the progress notification lives in the panel.
 */
import type { RateLimitQuota } from '../http/httpClient';
import { formatNumber } from '../format';

/** The most rows one export reads, loaded ones included. */
export const exportAllLimits = { maxRows: 10_000 } as const;

/** One page as the reader needs it. */
export interface PageRead {
    readonly items: readonly unknown[];
    readonly nextPageToken: string | undefined;
}

/** Why reading stopped. */
export type ExportAllStop = 'end' | 'limit' | 'cancelled' | 'failed';

export interface ExportAllRead<T> {
    /** The loaded rows' items and every page read after them. */
    readonly items: unknown[];
    /** What `toRows` made of each page, in order (CSV exports need the rows). */
    readonly pageRows: T[];
    /** Pages read by this call. */
    readonly pages: number;
    readonly stoppedBy: ExportAllStop;
    /** The failure, when `stoppedBy` is 'failed'. */
    readonly error?: unknown;
}

export interface ExportAllOptions<T> {
    readonly loaded: readonly unknown[];
    readonly nextPageToken: string | undefined;
    readonly maxRows?: number | undefined;
    readonly signal: AbortSignal;
    readPage(pageToken: string, signal: AbortSignal): Promise<PageRead & { readonly rows: T }>;
    onProgress?(rows: number, pages: number): void;
}

/** Reads the pages after the loaded ones; never throws (a failure stops it, `stoppedBy` says so). */
export async function readRemainingPages<T>(
    options: ExportAllOptions<T>,
): Promise<ExportAllRead<T>> {
    const maxRows = options.maxRows ?? exportAllLimits.maxRows;
    const items = [...options.loaded];
    const pageRows: T[] = [];
    let token = options.nextPageToken;
    let pages = 0;
    const done = (stoppedBy: ExportAllStop, error?: unknown): ExportAllRead<T> => ({
        items,
        pageRows,
        pages,
        stoppedBy,
        ...(error === undefined ? {} : { error }),
    });
    while (token !== undefined) {
        if (options.signal.aborted) return done('cancelled');
        if (items.length >= maxRows) return done('limit');
        let page: PageRead & { readonly rows: T };
        try {
            page = await options.readPage(token, options.signal);
        } catch (error) {
            return options.signal.aborted ? done('cancelled') : done('failed', error);
        }
        if (options.signal.aborted) return done('cancelled');
        pages++;
        items.push(...page.items);
        pageRows.push(page.rows);
        options.onProgress?.(items.length, pages);
        // A server that repeats a token, or sends empty pages forever, would never end.
        if (page.nextPageToken === token || page.items.length === 0) break;
        token = page.nextPageToken;
    }
    return done('end');
}

/** How many more pages reading to the limit could take. */
export function pagesAtMost(loadedRows: number, pageSize: number, maxRows: number): number {
    const left = Math.max(0, maxRows - loadedRows);
    return Math.ceil(left / Math.max(1, pageSize));
}

/**
 * A sentence warning that the pages could use up the quota, or undefined when the quota is
 * unknown, already reset, or enough. `unitsPerPage` is the operation's compute units.
 */
export function exportQuotaWarning(
    quota: RateLimitQuota | undefined,
    pages: number,
    unitsPerPage: number | undefined,
    nowMs: number = Date.now(),
): string | undefined {
    if (!quota || unitsPerPage === undefined || pages === 0) return undefined;
    const resetAtMs =
        quota.resetSeconds === undefined ? undefined : quota.atMs + quota.resetSeconds * 1000;
    if (resetAtMs !== undefined && resetAtMs <= nowMs) return undefined;
    const cost = pages * unitsPerPage;
    if (cost <= quota.remaining) return undefined;
    const until =
        resetAtMs === undefined
            ? ''
            : ` until ${new Date(resetAtMs).toISOString().slice(11, 19)} UTC`;
    const fits = Math.floor(quota.remaining / unitsPerPage);
    return (
        `Reading up to ${formatNumber(pages)} more pages can use ${formatNumber(cost)} compute units, ` +
        `and the Data API quota has ${formatNumber(quota.remaining)} left${until}, ` +
        `enough for ${formatNumber(fits)} page${fits === 1 ? '' : 's'}. When it runs out, the export stops and offers what was read.`
    );
}

/** The export's title in words: how many rows, and why no more. */
export function describeExportAll(read: ExportAllRead<unknown>, maxRows: number): string {
    const rows = `${formatNumber(read.items.length)} rows`;
    switch (read.stoppedBy) {
        case 'end':
            return `${rows}, every page`;
        case 'limit':
            return `the first ${rows} (the limit is ${formatNumber(maxRows)}; later pages were not read)`;
        case 'cancelled':
            return `${rows}, read before you cancelled`;
        case 'failed':
            return `${rows}, read before a page failed`;
    }
}
