/**
 * "Export all pages" (#18): reading the pages after the loaded rows up to the limit, stopping on a
 * cancel or a failure with what was read kept, and the quota warning asked before it starts.
 */
import * as assert from 'node:assert/strict';

import {
    dataApiComputeUnits,
    describeExportAll,
    exportAllLimits,
    exportQuotaWarning,
    pagesAtMost,
    readRemainingPages,
    type PageRead,
} from '../../../src/core';
import { routeTable } from '../../sandbox/dataApi';

/** A paged list of `total` numbers, `size` a page, with tokens `p1`, `p2`…; counts its reads. */
function pagedList(total: number, size: number) {
    const reads: string[] = [];
    const page = (token: string | undefined): PageRead & { rows: string[] } => {
        const start = token === undefined ? 0 : Number(token.slice(1)) * size;
        const items = Array.from({ length: Math.min(size, total - start) }, (_, i) => start + i);
        const next = start + size < total ? `p${start / size + 1}` : undefined;
        return { items, nextPageToken: next, rows: items.map(String) };
    };
    return {
        reads,
        first: page(undefined),
        readPage: (token: string) => {
            reads.push(token);
            return Promise.resolve(page(token));
        },
    };
}

describe('(unit) export all pages', () => {
    const signal = new AbortController().signal;

    it('reads every page after the loaded ones, in order, and says it read them all', async () => {
        const list = pagedList(23, 5);
        const progress: [number, number][] = [];
        const read = await readRemainingPages({
            loaded: list.first.items,
            nextPageToken: list.first.nextPageToken,
            signal,
            readPage: list.readPage,
            onProgress: (rows, pages) => progress.push([rows, pages]),
        });
        assert.deepEqual(
            read.items,
            Array.from({ length: 23 }, (_, i) => i),
        );
        assert.deepEqual(list.reads, ['p1', 'p2', 'p3', 'p4']);
        assert.equal(read.pages, 4);
        assert.equal(read.stoppedBy, 'end');
        assert.deepEqual(
            read.pageRows.flat(),
            Array.from({ length: 18 }, (_, i) => String(i + 5)),
        );
        assert.deepEqual(progress.at(-1), [23, 4]);
        assert.equal(describeExportAll(read, 100), '23 rows, every page');
    });

    it('stops at the limit and says where', async () => {
        const list = pagedList(1000, 10);
        const read = await readRemainingPages({
            loaded: list.first.items,
            nextPageToken: list.first.nextPageToken,
            maxRows: 35,
            signal,
            readPage: list.readPage,
        });
        assert.equal(read.items.length, 40, 'the page that crossed the limit is kept whole');
        assert.equal(read.stoppedBy, 'limit');
        assert.match(
            describeExportAll(read, 35),
            /^the first 40 rows \(the limit is 35; later pages were not read\)$/,
        );
        assert.equal(exportAllLimits.maxRows, 10_000);
    });

    it('a cancel stops before the next page and keeps what was read', async () => {
        const list = pagedList(100, 10);
        const abort = new AbortController();
        const read = await readRemainingPages({
            loaded: list.first.items,
            nextPageToken: list.first.nextPageToken,
            signal: abort.signal,
            readPage: async (token, s) => {
                const page = await list.readPage(token);
                if (token === 'p2') abort.abort();
                assert.equal(s, abort.signal);
                return page;
            },
        });
        assert.equal(read.stoppedBy, 'cancelled');
        assert.equal(read.items.length, 20, 'the page answered as the cancel came is not kept');
        assert.match(describeExportAll(read, 100), /read before you cancelled/);
    });

    it('a failed page stops reading without throwing, keeping the rows and the error', async () => {
        const list = pagedList(100, 10);
        const failure = new Error('429: rate limited');
        const read = await readRemainingPages({
            loaded: list.first.items,
            nextPageToken: list.first.nextPageToken,
            signal,
            readPage: (token) => (token === 'p3' ? Promise.reject(failure) : list.readPage(token)),
        });
        assert.equal(read.stoppedBy, 'failed');
        assert.equal(read.error, failure);
        assert.equal(read.items.length, 30);
        assert.match(describeExportAll(read, 100), /^30 rows, read before a page failed$/);
    });

    it('ends on a repeated token or an empty page rather than looping', async () => {
        let calls = 0;
        const read = await readRemainingPages({
            loaded: [1],
            nextPageToken: 'same',
            signal,
            readPage: () => {
                calls++;
                return Promise.resolve({ items: [2], nextPageToken: 'same', rows: [] });
            },
        });
        assert.equal(calls, 1);
        assert.equal(read.stoppedBy, 'end');
        const empty = await readRemainingPages({
            loaded: [],
            nextPageToken: 't',
            signal,
            readPage: () => Promise.resolve({ items: [], nextPageToken: 'u', rows: [] }),
        });
        assert.equal(empty.pages, 1);
        assert.equal(empty.stoppedBy, 'end');
    });

    it('pagesAtMost counts the pages left to the limit', () => {
        assert.equal(pagesAtMost(10, 10, 10_000), 999);
        assert.equal(pagesAtMost(0, 0, 5), 5);
        assert.equal(pagesAtMost(200, 10, 100), 0);
    });
});

describe('(unit) export all pages: the quota warning', () => {
    const now = Date.UTC(2026, 10, 24, 14, 0, 0);
    const quota = { remaining: 1_200, limit: 20_000, resetSeconds: 42, atMs: now };

    it('warns when the pages could cost more than is left, with the reset time and what fits', () => {
        const warning = exportQuotaWarning(quota, 99, 20, now);
        assert.equal(
            warning,
            'Reading up to 99 more pages can use 1,980 compute units, and the Data API quota has 1,200 left until 14:00:42 UTC, enough for 60 pages. When it runs out, the export stops and offers what was read.',
        );
    });

    it('says nothing when the quota is enough, unknown, already reset, or the cost unknown', () => {
        assert.equal(exportQuotaWarning(quota, 60, 20, now), undefined);
        assert.equal(exportQuotaWarning(undefined, 99, 20, now), undefined);
        assert.equal(exportQuotaWarning(quota, 99, 20, now + 43_000), undefined);
        assert.equal(exportQuotaWarning(quota, 99, undefined, now), undefined);
        assert.equal(exportQuotaWarning(quota, 0, 20, now), undefined);
    });

    it('the compute units of each operation are the OpenAPI x-execution-weight the sandbox charges', () => {
        for (const [operation, [, , units]] of Object.entries(routeTable)) {
            assert.equal(dataApiComputeUnits[operation], units, operation);
        }
        assert.deepEqual(Object.keys(dataApiComputeUnits).sort(), Object.keys(routeTable).sort());
    });
});
