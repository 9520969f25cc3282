/**
 * The result panel's main list in the page (src/webview-ui/loadedRows.ts): the rows it holds
 * across "Load more" pages and redraws, and which rows its virtualised table draws for a viewport.
 */
import * as assert from 'node:assert/strict';

import { LoadedRows, planRows, type RowViewport } from '../../../src/webview-ui/loadedRows';

const view = (count: number, top: number): RowViewport => ({
    count,
    rowHeight: 24,
    top,
    height: 240,
    overscan: 4,
    perFrame: 8,
});

describe('(unit) panel loaded rows', () => {
    it('holds a whole list given at once, past what a spread call takes, then appended pages', () => {
        // A reloaded page gets every loaded row in one message; `push(...rows)` threw
        // "Maximum call stack size exceeded" here and the page drew nothing.
        const list = new LoadedRows(Array.from({ length: 150_000 }, (_, i) => i));
        list.append([150_000, 150_001]);
        assert.equal(list.length, 150_002);
        assert.equal(list.at(0), 0);
        assert.equal(list.at(149_999), 149_999);
        assert.equal(list.at(150_001), 150_001);
        assert.deepEqual(list.slice(3, 5), [3, 4]);
    });

    it('plans the rows in view, visible ones first, then the overscan, a frame at a time', () => {
        const plan = planRows(view(1000, 24 * 100), () => false);
        assert.equal(plan.start, 96);
        assert.equal(plan.end, 114);
        assert.deepEqual(plan.add, [100, 101, 102, 103, 104, 105, 106, 107]);
        assert.equal(plan.more, true);

        const drawn = new Set([...Array(10).keys()].map((i) => 100 + i));
        const next = planRows(view(1000, 24 * 100), (i) => drawn.has(i));
        assert.deepEqual(next.add, [96, 97, 98, 99, 110, 111, 112, 113]);
        assert.equal(next.more, false);
    });

    it('stops at the end of the list and adds nothing when the view is drawn', () => {
        const plan = planRows(view(105, 24 * 100), () => false);
        assert.equal(plan.end, 105);
        assert.deepEqual(plan.add, [100, 101, 102, 103, 104, 96, 97, 98]);
        const all = planRows(view(105, 24 * 100), () => true);
        assert.deepEqual(all.add, []);
        assert.equal(all.more, false);
        assert.deepEqual(planRows(view(0, 0), () => false).add, []);
    });

    it('looks at the same rows for 1,000 rows as for 1,000,000', () => {
        const asked = (count: number): number => {
            let n = 0;
            planRows(view(count, 24 * 500), () => {
                n++;
                return false;
            });
            return n;
        };
        assert.equal(asked(1000), 18);
        assert.equal(asked(1_000_000), 18);
    });
});
