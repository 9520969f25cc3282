import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../helpers/paths';

// Compiled to out/test/unit: the repository root is three levels up.
const rootDir = repoRoot;

interface Row {
    key?: string;
    area: string;
    what: string;
    value: string;
    spread: string;
    budget: string;
    verdict: string;
    detail: string;
}

interface Picked {
    feel: string;
    value: string;
    budget: string;
    verdict: string;
    keys: string[];
}

interface Spec {
    feel: string;
    keys: string[];
    budget: string;
    combine?: 'all';
}

interface BenchReport {
    linearExponent: number;
    growth: (
        points: { size: number; value: number }[],
        options?: { floor?: number },
    ) => { linear: boolean; measured: boolean; steps: { exponent: number }[] };
    userRows: Spec[];
    pickUserRows: (rows: Row[], spec?: Spec[]) => Picked[];
    readmeSection: (input: {
        rows: Row[];
        minutes: string;
        date: string;
        machine: string;
        loadAtStart: string;
        vscodeVersion: string;
    }) => string;
}

/** A computed specifier keeps TypeScript from resolving (and typing) the .mjs script. */
async function benchReport(): Promise<BenchReport> {
    return (await import(
        pathToFileURL(path.join(rootDir, 'scripts/benchReport.mjs')).href
    )) as BenchReport;
}

function row(key: string | undefined, value: string, verdict = 'PASS', budget = '≤ 10 ms'): Row {
    return {
        ...(key ? { key } : {}),
        area: 'Area',
        what: `measure of ${key ?? 'nothing'}`,
        value,
        spread: '',
        budget,
        verdict,
        detail: '',
    };
}

describe('(unit) the README table of npm run bench (scripts/benchReport.mjs)', () => {
    it('picks rows by key, in the spec order, whatever else the run wrote', async () => {
        const { pickUserRows } = await benchReport();
        const spec: Spec[] = [
            { feel: 'B first', keys: ['b'], budget: '≤ 1 ms' },
            { feel: 'A second', keys: ['a.better', 'a'], budget: '≤ 2 ms' },
        ];
        const picked = pickUserRows(
            [row(undefined, '1 ms'), row('a', '5 ms', 'MISS'), row('b', '3 ms')],
            spec,
        );
        assert.deepEqual(
            picked.map((p) => [p.feel, p.value, p.verdict, p.keys]),
            [
                ['B first', '3 ms', 'PASS', ['b']],
                ['A second', '5 ms', 'MISS', ['a']],
            ],
        );
        // The preferred key wins once a part writes it.
        const preferred = pickUserRows([row('a', '5 ms'), row('a.better', '4 ms')], spec);
        assert.equal(preferred[1]?.value, '4 ms');
    });

    it('shows a row no part wrote as "not measured" with the budget it is held to', async () => {
        const { pickUserRows, userRows } = await benchReport();
        const picked = pickUserRows([]);
        assert.equal(picked.length, userRows.length);
        for (const [i, p] of picked.entries()) {
            assert.equal(p.value, 'not measured');
            assert.equal(p.verdict, '—');
            assert.equal(p.budget, userRows[i]!.budget);
        }
    });

    it('joins the rows of a combined entry and passes it only if all pass', async () => {
        const { pickUserRows } = await benchReport();
        const spec: Spec[] = [{ feel: 'Idle', keys: ['x', 'y'], combine: 'all', budget: '0' }];
        const all = pickUserRows([row('x', '0', 'PASS', '0'), row('y', '0', 'PASS', '0')], spec);
        assert.equal(all[0]?.verdict, 'PASS');
        assert.equal(all[0]?.value, '0 in each of 2 checks');
        const one = pickUserRows([row('x', '0', 'PASS', '0'), row('y', '3', 'MISS', '0')], spec);
        assert.equal(one[0]?.verdict, 'MISS');
        const half = pickUserRows([row('y', '0', 'PASS', '0')], spec);
        assert.equal(half[0]?.verdict, 'PASS (1 of 2 measured)');
    });

    it('writes a section with the machine, a short table and the link to the full one', async () => {
        const { readmeSection, userRows } = await benchReport();
        const rows = [
            row('load.activate', '7.35 ms'),
            ...Array.from({ length: 40 }, () => row(undefined, '1 ms')),
        ];
        const text = readmeSection({
            rows,
            minutes: '5.5',
            date: '2026-01-02',
            machine: '2 × CPU, 8 GiB RAM',
            loadAtStart: '1.0 1.0 1.0',
            vscodeVersion: '1.100.3',
        });
        const tableLines = text.split('\n').filter((l) => l.startsWith('|'));
        assert.equal(tableLines.length, userRows.length + 2, 'one line per user row');
        assert.ok(text.includes('2 × CPU, 8 GiB RAM'));
        assert.ok(text.includes('(../bench/results/summary.md)'), 'linked from docs/');
        assert.ok(
            text.includes('| Extension startup cost (activate) | 7.35 ms | ≤ 10 ms | PASS |'),
        );
        assert.ok(text.includes('41 rows'));
    });

    it('calls growth linear up to the exponent, and not beyond', async () => {
        const { growth, linearExponent } = await benchReport();
        const points = (k: number) =>
            [1000, 10_000, 100_000].map((size) => ({ size, value: 5 * (size / 1000) ** k }));
        assert.equal(growth(points(0)).linear, true, 'flat');
        assert.equal(growth(points(1)).linear, true, 'linear');
        assert.equal(growth(points(linearExponent + 0.2)).linear, false, 'faster');
        assert.equal(growth(points(2)).linear, false, 'quadratic');
        // One faster step is enough to say so.
        const bent = [
            { size: 1000, value: 10 },
            { size: 10_000, value: 10 },
            { size: 100_000, value: 300 },
        ];
        assert.equal(growth(bent).linear, false);
        // Below the floor, a ratio of tiny figures is noise, not growth.
        const tiny = [
            { size: 1000, value: 0.1 },
            { size: 10_000, value: 1.5 },
        ];
        assert.equal(growth(tiny).linear, false);
        assert.equal(growth(tiny, { floor: 2 }).linear, true);
        assert.equal(growth([{ size: 1000, value: 1 }]).measured, false);
    });
});
