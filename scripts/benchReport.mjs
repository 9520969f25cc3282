// What `npm run bench` writes for people: the README's short table of what a user feels, picked
// from the full table (bench/results/summary.md) by each row's stable key, and the verdict on how
// a cost grows with the work. Pure functions, so that a unit test can hold them to a fake run.

/**
 * Growth no faster than linear: cost ∝ size^k with k at most this between two sizes (1.1 leaves
 * room for the noise of one run; a quadratic step shows k ≈ 2).
 */
export const linearExponent = 1.1;

/**
 * How a cost grows between consecutive sizes. `points` are `{ size, value }` in increasing size;
 * values under `floor` count as `floor` (a timer's resolution, where a ratio means nothing).
 * Returns the exponent of each step and whether every step is linear or better.
 */
export function growth(points, { floor = 0 } = {}) {
    const steps = [];
    for (let i = 1; i < points.length; i++) {
        const a = points[i - 1];
        const b = points[i];
        const exponent =
            Math.log(Math.max(b.value, floor) / Math.max(a.value, floor)) /
            Math.log(b.size / a.size);
        steps.push({ from: a.size, to: b.size, exponent });
    }
    const measured = steps.length > 0 && steps.every((s) => Number.isFinite(s.exponent));
    return {
        steps,
        linear: measured && steps.every((s) => s.exponent <= linearExponent),
        measured,
    };
}

/** "linear or better (×10 rows: ×1.2, exponent 0.08; …)" for a table's detail. */
export function describeGrowth(points, options) {
    const g = growth(points, options);
    if (!g.measured) return { ...g, text: 'not enough figures for a verdict' };
    const steps = g.steps.map((s) => {
        const a = points.find((p) => p.size === s.from);
        const b = points.find((p) => p.size === s.to);
        return `${(s.to / s.from).toFixed(0)}x the work, ${(b.value / a.value).toFixed(2)}x the cost (exponent ${s.exponent.toFixed(2)})`;
    });
    return {
        ...g,
        text: `${g.linear ? 'linear or better' : 'NOT linear'}: ${steps.join('; ')}; linear means an exponent ≤ ${linearExponent}`,
    };
}

/**
 * The README's rows: what a user feels, and the keys of the full table's rows that answer it, in
 * order of preference (the first present wins). `budget` is what is expected, shown only while no
 * row answers (a row shows its own).
 * The keys are set where the rows are made: `key` in a part's JSON checks, or by
 * scripts/bench.mjs (`rowsFor`) for the rows it builds itself.
 */
export const userRows = [
    {
        feel: 'First hover after VS Code starts',
        keys: ['hover.first'],
        budget: '≤ 30 ms offline, ≤ 150 ms with its lookup',
    },
    {
        feel: 'Hover over an id not seen before (slowest kind)',
        keys: ['hover.cold', 'hover.coldSlowest'],
        budget: '≤ 40 ms',
    },
    { feel: 'Opening the Avalanche sidebar', keys: ['trees.containerCold'], budget: '≤ 120 ms' },
    { feel: 'Subnets list: first page', keys: ['trees.subnetsFirstPage'], budget: '≤ 300 ms' },
    { feel: 'Result panel: first 100 rows', keys: ['panels.firstRows'], budget: '≤ 150 ms' },
    {
        feel: 'Result panel: scrolling 10,000 rows (longest task)',
        keys: ['panels.scroll10k'],
        budget: '≤ 50 ms',
    },
    {
        feel: 'Extension startup cost (activate)',
        keys: ['load.activate'],
        budget: '≤ 10 ms',
    },
    {
        feel: 'Idle cost: views never opened, or opened and closed',
        keys: [
            'idle.requests.fresh',
            'idle.timers.fresh',
            'idle.requests.afterViews',
            'idle.timers.afterViews',
        ],
        combine: 'all',
        describe: (found) => {
            const sum = (prefix) =>
                found
                    .filter((r) => r.key.startsWith(prefix))
                    .reduce((total, r) => total + Number(r.value), 0);
            const window = /in (\d+ s)/.exec(found[0].what)?.[1] ?? 'the window';
            return `${sum('idle.requests.')} requests, ${sum('idle.timers.')} timer runs in ${window}`;
        },
        budget: '0',
    },
    {
        feel: 'Opening the sidebar at 150 ms RTT (one round trip)',
        keys: ['hostLatency.sidebar'],
        budget: '≤ 400 ms',
    },
    {
        feel: 'First hover over an EVM address at 150 ms RTT (one round trip)',
        keys: ['hostLatency.hover.EVM address'],
        budget: '≤ 300 ms',
    },
    {
        feel: 'Node view refresh at 150 ms RTT (one round trip)',
        keys: ['hostLatency.nodeRefresh'],
        budget: '≤ 200 ms',
    },
    {
        feel: 'Agent: a transaction at 150 ms RTT (one round trip)',
        keys: ['latency.getTransaction'],
        budget: '≤ 200 ms',
    },
    {
        feel: 'Agent: an L1 and its validators at 150 ms RTT (two round trips)',
        keys: ['latency.l1'],
        budget: '≤ 400 ms',
    },
    { feel: 'Package size (.vsix)', keys: ['size.vsix'], budget: '≤ 1500 kB' },
    { feel: 'Memory for 10,000 subnets', keys: ['trees.subnetsHeap'], budget: '≤ 50 MB' },
    {
        feel: 'Workspace of 5,000 contracts indexed',
        keys: ['workspace.index5000'],
        budget: '≤ 2 s',
    },
    {
        feel: 'Watch list: requests a minute for 10 / 100 items',
        keys: ['watch.rate10', 'watch.rate100'],
        combine: 'all',
        describe: (found) =>
            `${found.map((r) => String(r.value).replace(/ req\/min$/, '')).join(' / ')} req/min`,
        budget: '≤ 30 req/min',
    },
];

/**
 * One README row per entry of `spec`: the first row of `rows` whose key it lists (for `combine:
 * 'all'`, every listed row, their figures joined, or told by `describe`, and PASS only if all
 * pass), or "not measured".
 */
export function pickUserRows(rows, spec = userRows) {
    const byKey = new Map();
    for (const row of rows) if (row.key && !byKey.has(row.key)) byKey.set(row.key, row);
    return spec.map((entry) => {
        if (entry.combine === 'all') {
            const found = entry.keys.map((k) => byKey.get(k)).filter(Boolean);
            if (found.length === 0) return notMeasured(entry);
            const values = [...new Set(found.map((r) => r.value))];
            const verdicts = found.map((r) => r.verdict);
            return {
                feel: entry.feel,
                value: entry.describe
                    ? entry.describe(found)
                    : found.length === entry.keys.length && values.length === 1
                      ? `${values[0]} in each of ${found.length} checks`
                      : found.map((r) => `${r.what}: ${r.value}`).join('; '),
                budget: found[0].budget,
                verdict: verdicts.includes('MISS')
                    ? 'MISS'
                    : found.length < entry.keys.length
                      ? `${verdicts[0]} (${found.length} of ${entry.keys.length} measured)`
                      : verdicts[0],
                keys: found.map((r) => r.key),
            };
        }
        const row = entry.keys.map((k) => byKey.get(k)).find(Boolean);
        if (!row) return notMeasured(entry);
        return {
            feel: entry.feel,
            value: row.value,
            // A row without a budget is shown as one: the spec's budget is only what is expected.
            budget: row.budget || '—',
            verdict: row.verdict,
            keys: [row.key],
        };
    });
}

function notMeasured(entry) {
    return {
        feel: entry.feel,
        value: 'not measured',
        budget: entry.budget,
        verdict: '—',
        keys: [],
    };
}

const cell = (c) => String(c).replace(/\|/g, '\\|');

/** The short table in Markdown. */
export function userTable(picked) {
    return [
        '| What you notice | Measured | Budget | Verdict |',
        '|---|---:|---|---|',
        ...picked.map((r) => `| ${[r.feel, r.value, r.budget, r.verdict].map(cell).join(' | ')} |`),
    ].join('\n');
}

/**
 * The README's Performance section (without its heading): how it was measured, the machine, the
 * short table and the link to the full one.
 */
export function readmeSection({ rows, minutes, date, machine, loadAtStart, vscodeVersion }) {
    const counts = { PASS: 0, MISS: 0 };
    for (const r of rows) if (r.verdict in counts) counts[r.verdict]++;
    const picked = pickUserRows(rows);
    return [
        `\`npm run bench\` builds the production package and measures it (this run: ${minutes} min): the bundles and the .vsix; the clients against a loopback copy of the Data API and of a node; activation, idle cost, trees, hovers and result panels in a real VS Code ${vscodeVersion} extension host (server build) driven through headless Chromium. Each figure is a median over repeated runs, and each budget is checked by the benchmark, never by a timed test.`,
        '',
        `Taken ${date} on ${machine}; load average ${loadAtStart} when the run began (the machine is shared, and its neighbours' work shows in the spreads).`,
        '',
        userTable(picked),
        '',
        `All budgets of this run: ${counts.PASS} PASS, ${counts.MISS} MISS. The full table (${rows.length} rows with spreads and details, for maintainers) is [bench/results/summary.md](../bench/results/summary.md), with one Markdown and one JSON file per part next to it.`,
    ].join('\n');
}
