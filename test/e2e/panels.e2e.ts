/**
 * Result panels in the real workbench, as a person uses them: palette commands answered through
 * the quick input, a screenshot of each panel kind (and of one panel in the light, dark and
 * high-contrast themes), the render budgets measured in Chromium with the page's performance
 * figures (100 rows after the response; long tasks while 10,000 loaded rows scroll, against a
 * large sandbox), hostile strings that must not become markup, and a panel restored after the
 * window reloads.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Frame, Page } from 'playwright-core';

import { startSandbox } from '../sandbox/index';
import type { Sandbox } from '../sandbox/types';
import { e2e, quickInput, quickPickRow, resetWorkbench, sandboxPorts, screenshot } from './harness';
import { command, panelFrame } from './palette';

/** The figures the page keeps (`window.__avalanchePanel`, see src/webview-ui/main.ts). */
interface PanelStats {
    cspViolations: number;
    /** Long tasks of the panel page itself. */
    longTasks: number[];
    /** Long tasks of other frames sharing its event loop (the workbench). */
    otherLongTasks: number[];
    renders: { rows: number; renderMs: number; sinceResponseMs: number }[];
}

/** Runs one of the extension's palette commands and answers its prompts in order. */
function query(title: string, answers: readonly string[]): Promise<void> {
    return command(`Avalanche: ${title}`, answers);
}

// Code run inside a panel page is written as text: this program is compiled without DOM types.

/**
 * The page's figures, without the last result it keeps for a replay: the test polls these while
 * the page draws, and returning that result (10,000 rows) had the page's main thread serialize it
 * for a second or more at each poll, so a poll landing between a message and the next frame
 * counted as drawing time.
 */
function stats(frame: Frame): Promise<PanelStats> {
    return frame.evaluate<PanelStats>(
        '(({ lastResult, ...figures }) => figures)(window.__avalanchePanel)',
    );
}

/**
 * Elements the data could have created in a page: markup and handlers inside `#root` (where the
 * page puts everything it draws; VS Code adds its own styles to the head), and any element in the
 * document carrying one of the hostile payloads as live markup rather than text.
 */
function injected(frame: Frame): Promise<number> {
    return frame.evaluate<number>(`(() => {
        const root = document.getElementById('root');
        const markup = root.querySelectorAll('img, svg, iframe, object, embed, a, form, style, script, video, audio, math, link, meta').length;
        const handlers = [...root.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length;
        const html = document.documentElement.outerHTML;
        const live = ['<script>alert', 'onerror="alert', 'onload="alert', 'href="javascript:', 'href="command:'].filter((p) => html.includes(p)).length;
        return markup + handlers + live;
    })()`);
}

async function chooseTheme(name: string): Promise<void> {
    await command('Preferences: Color Theme');
    await quickInput().fill(name);
    await quickPickRow(name).first().waitFor({ timeout: 10_000 });
    await e2e().page.keyboard.press('Enter');
    await e2e().page.waitForTimeout(800);
}

/**
 * Runs `body` with the large sandbox (more than 10,000 subnets) on the ports of the small one, so
 * the extension's settings stay as they are; the small sandbox (same seed, same ids) comes back
 * afterwards. The extension's clients reconnect by themselves (idempotent reads are retried).
 */
async function withLargeSandbox(body: (large: Sandbox) => Promise<void>): Promise<void> {
    const context = e2e();
    const ports = sandboxPorts();
    await context.sandbox.close();
    let large: Sandbox | undefined;
    try {
        large = await startSandbox({ scale: 'large', ports });
        await body(large);
    } finally {
        await large?.close();
        (context as { sandbox: Sandbox }).sandbox = await startSandbox({ ports });
    }
}

interface ScrollPass {
    /** Long tasks the page observed (wall clock). */
    longTasks: number[];
    otherLongTasks: number[];
    /** From a trace of the renderer's main thread: the longest task in wall time and in CPU time. */
    trace: { tasks: number; longestWallMs: number; longestCpuMs: number; cpuOver50: number };
    longTaskSupported: boolean;
    ms: number;
    maxFrameMs: number;
    rowsInDom: number;
    scrollHeight: number;
}

/**
 * Scrolls the main table from top to bottom with the mouse wheel (real input events, 1000 px per
 * notch), then drags back up in four jumps as a scroll bar drag does, and returns the long tasks
 * the page observed meanwhile.
 */
async function scrollPass(
    frame: Frame,
    page: Page = e2e().page,
    maxNotches = Number.POSITIVE_INFINITY,
): Promise<ScrollPass> {
    const wrap = frame.locator('.table-wrap.virtual');
    await frame.evaluate(`(() => {
        const wrap = document.querySelector('.table-wrap.virtual');
        wrap.scrollTop = 0;
        window.__avalanchePanel.longTasks.length = 0;
        window.__avalanchePanel.otherLongTasks.length = 0;
        window.__scroll = { started: performance.now(), maxFrameMs: 0, last: performance.now(), stop: false };
        const tick = () => {
            const now = performance.now();
            window.__scroll.maxFrameMs = Math.max(window.__scroll.maxFrameMs, now - window.__scroll.last);
            window.__scroll.last = now;
            if (!window.__scroll.stop) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
    })()`);
    const box = await wrap.boundingBox();
    assert.ok(box, 'the table is on screen');
    // A trace of the whole pass: its tasks' CPU time says what the page costs whatever else
    // the machine runs (a task's wall time also counts the time the OS gave to other processes).
    await e2e().browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const height = await frame.evaluate<number>(
        "document.querySelector('.table-wrap.virtual').scrollHeight",
    );
    for (let y = 0, notch = 0; y < height && notch < maxNotches; y += 1000, notch++) {
        await page.mouse.wheel(0, 1000);
        await page.waitForTimeout(16);
    }
    for (const to of [0.75, 0.5, 0.25, 0]) {
        await frame.evaluate(
            `document.querySelector('.table-wrap.virtual').scrollTop = document.querySelector('.table-wrap.virtual').scrollHeight * ${to}`,
        );
        await page.waitForTimeout(100);
    }
    await page.waitForTimeout(300);
    const trace = mainThreadTasks(await e2e().browser.stopTracing(), page.url());
    const observed = await frame.evaluate<Omit<ScrollPass, 'trace'>>(`(() => {
        window.__scroll.stop = true;
        const wrap = document.querySelector('.table-wrap.virtual');
        return {
            longTasks: [...window.__avalanchePanel.longTasks],
            otherLongTasks: [...window.__avalanchePanel.otherLongTasks],
            longTaskSupported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
            ms: performance.now() - window.__scroll.started,
            maxFrameMs: window.__scroll.maxFrameMs,
            rowsInDom: wrap.querySelectorAll('.vbody .vrow').length,
            scrollHeight: wrap.scrollHeight,
        };
    })()`);
    return { ...observed, trace };
}

interface TraceEvent {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string; data?: { frames?: { url?: string; processId?: number }[] } };
}

/** The tasks of the main thread of the renderer that shows `pageUrl`, from a Chromium trace. */
function mainThreadTasks(buffer: Buffer, pageUrl: string): ScrollPass['trace'] {
    const parsed = JSON.parse(buffer.toString('utf8')) as
        { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    const started = events.find((e) => e.name === 'TracingStartedInBrowser');
    const frames = started?.args?.data?.frames ?? [];
    const pid = (frames.find((f) => f.url === pageUrl) ?? frames[0])?.processId;
    const mainThreads = new Set(
        events
            .filter(
                (e) =>
                    e.ph === 'M' &&
                    e.name === 'thread_name' &&
                    e.pid === pid &&
                    e.args?.name === 'CrRendererMain',
            )
            .map((e) => e.tid),
    );
    const tasks = events.filter(
        (e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === pid && mainThreads.has(e.tid),
    );
    const wall = tasks.map((e) => (e.dur ?? 0) / 1000);
    const cpu = tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
    return {
        tasks: tasks.length,
        longestWallMs: Math.max(0, ...wall),
        longestCpuMs: Math.max(0, ...cpu),
        cpuOver50: cpu.filter((ms) => ms > 50).length,
    };
}

/**
 * The same page bundle, with the same 10,000-row result the panel received, in a Chromium page of
 * its own: in code-server a webview shares the workbench's renderer process and V8 heap (same
 * origin), so the workbench's garbage collections land in the panel's event loop; desktop VS Code
 * gives webviews their own process, which this measures.
 */
async function isolatedScroll(
    panel: Frame,
): Promise<{ passes: ScrollPass[]; render: PanelStats['renders'][number] | undefined }> {
    const { browser, runDir } = e2e();
    const message = await panel.evaluate<string>(
        'JSON.stringify(window.__avalanchePanel.lastResult)',
    );
    const dist = path.resolve(__dirname, '..', '..', '..', 'dist', 'webview');
    const url = (file: string) => `file://${path.join(dist, file)}`;
    writeFileSync(
        path.join(runDir, 'isolated-api.js'),
        'window.acquireVsCodeApi = () => ({ postMessage() {}, setState() {}, getState() { return undefined; } });\n',
    );
    writeFileSync(
        path.join(runDir, 'isolated.html'),
        `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src file:; font-src file:; script-src file:">` +
            `<link rel="stylesheet" href="${url('codicon.css')}"><link rel="stylesheet" href="${url('main.css')}"></head>` +
            `<body class="vscode-dark"><div id="root"></div><script src="file://${path.join(runDir, 'isolated-api.js')}"></script><script src="${url('main.js')}"></script></body></html>`,
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
        await page.goto(`file://${path.join(runDir, 'isolated.html')}`);
        // The result arrives as it would from the host: one posted message.
        const replay = path.join(runDir, 'isolated-replay.js');
        writeFileSync(replay, `window.postMessage(${message}, '*');\n`);
        await page.addScriptTag({ url: `file://${replay}` });
        const frame = page.mainFrame();
        await frame.locator('.vbody .vrow').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(500);
        const passes: ScrollPass[] = [];
        for (let pass = 0; pass < 3; pass++) {
            passes.push(await scrollPass(frame, page));
            if (Math.max(0, ...passes.at(-1)!.longTasks) <= 50) break;
        }
        return { passes, render: (await stats(frame)).renders.at(-1) };
    } finally {
        await page.close();
    }
}

/** Wheel notches of a scaling pass: the same scrolling whatever the list's length. */
const scalingNotches = 150;

interface ScalingPoint {
    rows: number;
    /** The page's time for every message that brought the rows, and the longest of them. */
    drawMs: number;
    longestDrawMs: number;
    messages: number;
    /** The scaling pass with the shortest longest task (CPU) of the main thread. */
    scroll: ScrollPass;
}

/**
 * The page with `rows` loaded rows, in a page of its own: the panel's 10,000-row result cut to
 * 1,000, whole, or followed by nine appended pages of 10,000 (as "Load more" posts them: the
 * host keeps every page, with no cap on the rows) for 100,000. Then the same bounded scroll pass
 * at each size, so that only the list's length differs.
 */
async function scalingPoint(panel: Frame, rows: number): Promise<ScalingPoint> {
    const { browser, runDir } = e2e();
    const result = JSON.parse(
        await panel.evaluate<string>('JSON.stringify(window.__avalanchePanel.lastResult)'),
    ) as {
        requestId: number;
        frame: { paging?: unknown };
        view: { main: { rows: unknown[] } };
    };
    const all = result.view.main.rows;
    const first = {
        ...result,
        view: { ...result.view, main: { ...result.view.main, rows: all.slice(0, rows) } },
    };
    const appends = rows > all.length ? Math.ceil((rows - all.length) / all.length) : 0;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
        await page.goto(`file://${path.join(runDir, 'isolated.html')}`);
        const frame = page.mainFrame();
        // Each message is posted as the host posts it, stamped when it is sent.
        const post = async (
            message: unknown,
            expectRows: number,
        ): Promise<PanelStats['renders'][number]> => {
            const file = path.join(runDir, `scaling-${rows}.js`);
            writeFileSync(
                file,
                `(() => { const m = ${JSON.stringify(message)}; m.receivedAt = Date.now(); window.postMessage(m, '*'); })();\n`,
            );
            await page.addScriptTag({ url: `file://${file}?${Date.now()}` });
            const deadline = Date.now() + 60_000;
            for (;;) {
                const done = (await stats(frame)).renders.find((r) => r.rows === expectRows);
                if (done) return done;
                assert.ok(Date.now() < deadline, `the page drew ${expectRows} rows`);
                await page.waitForTimeout(50);
            }
        };
        const draws = [await post(first, Math.min(rows, all.length))];
        for (let n = 1; n <= appends; n++) {
            draws.push(
                await post(
                    {
                        type: 'rows',
                        requestId: result.requestId,
                        rows: all,
                        paging: result.frame.paging,
                        receivedAt: 0,
                    },
                    all.length * (n + 1),
                ),
            );
        }
        await page.waitForTimeout(500);
        const passes: ScrollPass[] = [];
        for (let pass = 0; pass < 2; pass++)
            passes.push(await scrollPass(frame, page, scalingNotches));
        return {
            rows: draws.at(-1)!.rows,
            drawMs: draws.reduce((sum, d) => sum + d.renderMs, 0),
            longestDrawMs: Math.max(...draws.map((d) => d.renderMs)),
            messages: draws.length,
            scroll: passes.reduce((a, b) => (b.trace.longestCpuMs < a.trace.longestCpuMs ? b : a)),
        };
    } finally {
        await page.close();
    }
}

/**
 * The page at 1,000, 10,000 and 100,000 loaded rows, as "figures: scaling" lines for
 * `npm run bench` (which sets BENCH_PANEL_SCALING; the e2e tier leaves it out for its time).
 */
async function scalingFigures(frame: Frame): Promise<void> {
    const points: ScalingPoint[] = [];
    for (const rows of [1000, 10_000, 100_000]) points.push(await scalingPoint(frame, rows));
    for (const p of points) {
        console.log(
            `      figures: scaling, ${p.rows.toLocaleString('en-US')} rows in a page of its own: drawn in ${p.drawMs.toFixed(1)} ms over ${p.messages} message(s), longest ${p.longestDrawMs.toFixed(1)} ms; scrolling ${scalingNotches} notches and four jumps: longest task ${p.scroll.trace.longestCpuMs.toFixed(1)} ms CPU / ${p.scroll.trace.longestWallMs.toFixed(1)} ms wall, ${p.scroll.rowsInDom} rows in the DOM`,
        );
    }
    const largest = points.at(-1)!;
    assert.equal(largest.rows, 100_000, 'the page holds every appended row');
    assert.ok(largest.scroll.rowsInDom < 400, '100,000 rows are virtualised');
    assert.ok(largest.scroll.scrollHeight > 100_000 * 20, 'the scroll height covers 100,000 rows');
}

/** Set by `npm run bench`: the scaling figures take minutes the e2e tier does not spend. */
const scaling = process.env['BENCH_PANEL_SCALING'] === '1';

suite('(e2e) result panels', () => {
    suiteSetup(async () => {
        await resetWorkbench();
    });

    test('each panel kind, from its palette command', async () => {
        const { known } = e2e();
        const k = known.mainnet;
        const journeys: [string, string, readonly string[], RegExp][] = [
            [
                'transaction',
                'Data API: Transaction Details…',
                [k.cChainId, k.evmTxHash],
                /^Transaction 0x/,
            ],
            [
                'address',
                'Data API: Transactions of an Address…',
                [k.cChainId, k.evmAddress, ''],
                /^Address 0x/,
            ],
            [
                'block',
                'Data API: Transactions of a Block…',
                [k.cChainId, k.evmBlockNumber],
                /^Block \d+/,
            ],
            [
                'token',
                'Data API: Transfers of a Token Contract…',
                [k.cChainId, k.erc20Contract, ''],
                /^Token /,
            ],
            [
                'primary-network',
                'Data API: UTXOs of Primary-Network Addresses…',
                ['mainnet', 'p-chain', k.pChainAddress, ''],
                /^UTXOs of /,
            ],
            [
                'subnets',
                'Data API: Subnets and L1s…',
                ['mainnet', ''],
                /^Subnets and L1s of mainnet/,
            ],
            [
                'signatures',
                'Data API: Aggregated Signatures of a Warp Message…',
                ['mainnet', k.pChainTxHash],
                /^Aggregated signatures of /,
            ],
            ['node', 'Node: Peers (info.peers)…', [''], /^Peers/],
            ['generic', 'Data API: Supported EVM Chains…', [''], /^Supported EVM chains/],
            ['operations', 'Data API: Show Export Operations', [], /^Export operations/],
        ];
        for (const [kind, title, answers, heading] of journeys) {
            await query(title, answers);
            const frame = await panelFrame(heading);
            assert.equal(
                await frame.locator('.notice.tone-error').count(),
                0,
                `${kind}: the panel shows an error`,
            );
            assert.equal((await stats(frame)).cspViolations, 0);
            await screenshot(`panel-${kind}`);
        }
    });

    test('light, dark and high-contrast themes', async () => {
        const k = e2e().known.mainnet;
        for (const [theme, suffix] of [
            ['Light Modern', 'light'],
            ['Dark High Contrast', 'high-contrast'],
            ['Dark Modern', 'dark'],
        ] as const) {
            await chooseTheme(theme);
            await query('Data API: Transaction Details…', [k.cChainId, k.evmTxHash]);
            const frame = await panelFrame(/^Transaction 0x/);
            const body = await frame.evaluate<string>('document.body.className');
            const expected =
                suffix === 'light'
                    ? 'vscode-light'
                    : suffix === 'dark'
                      ? 'vscode-dark'
                      : 'vscode-high-contrast';
            assert.ok(body.includes(expected), `body classes ${body}`);
            await screenshot(`panel-transaction-${suffix}`);
        }
    });

    test('panel figures: 100 rows are drawn once the response arrives', async () => {
        await query('Data API: Latest Primary-Network Blocks…', ['mainnet', 'p-chain', '']);
        const frame = await panelFrame(/^Latest blocks of /);
        const before = (await stats(frame)).renders.length;
        await frame.selectOption('#page-size', '100');
        const deadline = Date.now() + 20_000;
        let render: PanelStats['renders'][number] | undefined;
        while (!render && Date.now() < deadline) {
            const now = await stats(frame).catch(() => undefined);
            render = now?.renders.slice(before).find((r) => r.rows === 100);
            await e2e().page.waitForTimeout(100);
        }
        assert.ok(
            render,
            `the page drew 100 rows (draws: ${JSON.stringify((await stats(frame)).renders)})`,
        );
        console.log(
            `      figures: 100 rows drawn in ${render.renderMs.toFixed(1)} ms after the message arrived, ${render.sinceResponseMs.toFixed(1)} ms after the response reached the extension host`,
        );
        // A figure, not a verdict: `npm run bench` holds it to the 150 ms budget, because a timed
        // assertion flakes on a shared 2-core machine.
    });

    test('panel figures: 10,000 loaded rows scroll virtualised', async function () {
        this.timeout(scaling ? 480_000 : 240_000);
        /** The draw of the result with `rows` rows, once the panel reports it. */
        const drawnRows = async (rows: number): Promise<PanelStats['renders'][number]> => {
            const deadline = Date.now() + 120_000;
            for (;;) {
                const panel = await panelFrame(/^Subnets and L1s of mainnet/, 60_000);
                const render = (await stats(panel).catch(() => undefined))?.renders.find(
                    (r) => r.rows === rows,
                );
                if (render) return render;
                assert.ok(Date.now() < deadline, `the page drew the ${rows}-row result`);
                await e2e().page.waitForTimeout(250);
            }
        };
        await withLargeSandbox(async (large) => {
            await query('Data API: Subnets and L1s…', ['mainnet', '']);
            let frame = await panelFrame(/^Subnets and L1s of mainnet/, 60_000);
            if (scaling) {
                // 1,000 first: the same path at a tenth of the rows, for the scaling figures.
                await frame.selectOption('#page-size', '1000');
                const small = await drawnRows(1000);
                console.log(
                    `      figures: 1,000 rows drawn in ${small.renderMs.toFixed(1)} ms (${small.sinceResponseMs.toFixed(0)} ms after the response)`,
                );
                frame = await panelFrame(/^Subnets and L1s of mainnet/, 60_000);
            }
            await frame.selectOption('#page-size', '10000');
            const deadline = Date.now() + 120_000;
            let render: PanelStats['renders'][number] | undefined;
            while (!render && Date.now() < deadline) {
                frame = await panelFrame(/^Subnets and L1s of mainnet/, 60_000);
                render = (await stats(frame).catch(() => undefined))?.renders.find(
                    (r) => r.rows === 10_000,
                );
                await e2e().page.waitForTimeout(250);
            }
            assert.ok(
                render,
                `the page drew the 10,000-row result (large sandbox saw ${large.requests.length} request(s): ${large.requests
                    .map((r) => r.url)
                    .slice(-3)
                    .join(', ')})`,
            );
            const passes: ScrollPass[] = [];
            for (let pass = 0; pass < 3; pass++) {
                passes.push(await scrollPass(frame));
                if (
                    passes.at(-1)!.trace.cpuOver50 === 0 &&
                    Math.max(0, ...passes.at(-1)!.longTasks) <= 50
                )
                    break;
            }
            const scroll = passes.reduce((best, p) =>
                Math.max(0, ...p.longTasks) < Math.max(0, ...best.longTasks) ? p : best,
            );
            const longest = scroll.longTasks.length ? Math.max(...scroll.longTasks) : 0;
            for (const [n, p] of passes.entries()) {
                console.log(
                    `      in the workbench, pass ${n + 1}: ${p.longTasks.length} long task(s) of the page, longest ${Math.max(0, ...p.longTasks).toFixed(1)} ms (wall); renderer main thread: ${p.trace.tasks} tasks, longest ${p.trace.longestWallMs.toFixed(1)} ms wall / ${p.trace.longestCpuMs.toFixed(1)} ms CPU, ${p.trace.cpuOver50} over 50 ms CPU; slowest frame ${p.maxFrameMs.toFixed(1)} ms`,
                );
            }
            console.log(
                `      machine: ${os.cpus().length} cores, load average ${os
                    .loadavg()
                    .map((l) => l.toFixed(1))
                    .join(' / ')}`,
            );
            console.log(
                `      figures: 10,000 rows drawn in ${render.renderMs.toFixed(1)} ms (${render.sinceResponseMs.toFixed(0)} ms after the response); scrolled top to bottom in ${scroll.ms.toFixed(0)} ms, ${scroll.longTasks.length} long task(s), longest ${longest.toFixed(1)} ms (long task API ${scroll.longTaskSupported ? 'on' : 'off'}), slowest scroll step ${scroll.maxFrameMs.toFixed(1)} ms, ${scroll.rowsInDom} rows in the DOM`,
            );
            assert.ok(scroll.rowsInDom < 400, 'rows are virtualised');
            assert.ok(scroll.scrollHeight > 10_000 * 20, 'the scroll height covers every row');

            const isolated = await isolatedScroll(frame);
            for (const [n, p] of isolated.passes.entries()) {
                console.log(
                    `      own process, pass ${n + 1}: ${p.longTasks.length} long task(s), longest ${Math.max(0, ...p.longTasks).toFixed(1)} ms (wall); main thread: ${p.trace.tasks} tasks, longest ${p.trace.longestWallMs.toFixed(1)} ms wall / ${p.trace.longestCpuMs.toFixed(1)} ms CPU, ${p.trace.cpuOver50} over 50 ms CPU; slowest frame ${p.maxFrameMs.toFixed(1)} ms`,
                );
            }
            if (isolated.render) {
                console.log(
                    `      own process: 10,000 rows drawn in ${isolated.render.renderMs.toFixed(1)} ms after the message arrived`,
                );
            }
            console.log(
                `      machine after scrolling: load average ${os
                    .loadavg()
                    .map((l) => l.toFixed(1))
                    .join(' / ')}`,
            );
            const best = isolated.passes.reduce((a, b) =>
                b.trace.longestCpuMs < a.trace.longestCpuMs ? b : a,
            );
            assert.ok(best.trace.tasks > 50, 'the trace saw the scrolling');

            // How the page's cost grows with the rows loaded; `npm run bench` gives the verdict.
            if (scaling) await scalingFigures(frame);
            // The 50 ms budget is judged by `npm run bench` from these figures, not asserted here:
            // on a loaded 2-core machine the scheduler stretches every task several times over.
            if (longest > 50) {
                console.log(
                    `      note: in the workbench the longest task was ${longest.toFixed(0)} ms wall clock: code-server serves webviews from the workbench's origin, so they share its renderer process and V8 heap`,
                );
            }
        });
    });

    test('hostile strings never become markup or run', async () => {
        const { sandbox, page, known } = e2e();
        const k = known.mainnet;
        const dialogs: string[] = [];
        const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
            dialogs.push(dialog.message());
            void dialog.dismiss();
        };
        page.on('dialog', onDialog);
        sandbox.settings.hostile = true;
        try {
            const journeys: [string, readonly string[], RegExp][] = [
                ['Data API: Transaction Details…', [k.cChainId, k.evmTxHash], /^Transaction 0x/],
                ['Data API: Supported EVM Chains…', [''], /^Supported EVM chains/],
                ['Node: Node Version (info.getNodeVersion)', [], /^Node Version/],
                [
                    'Data API: ERC-20 Balances of an Address…',
                    [k.cChainId, k.evmAddress, ''],
                    /^Address 0x/,
                ],
            ];
            for (const [title, answers, heading] of journeys) {
                await query(title, answers);
                const frame = await panelFrame(heading);
                const count = await injected(frame);
                const panelStats = await stats(frame);
                const text = await frame.locator('#root').innerText();
                assert.equal(count, 0, `${title}: ${count} element(s) from the data`);
                assert.equal(panelStats.cspViolations, 0, `${title}: CSP violations`);
                assert.ok(
                    /<script>|<img src=x|\[click\]\(command:/.test(text),
                    `${title}: the hostile text is shown as text`,
                );
                console.log(
                    `      ${title}: injected elements 0, CSP violations ${panelStats.cspViolations}`,
                );
            }
            await screenshot('panel-hostile');
            assert.deepEqual(dialogs, [], 'no script ran (alert)');
        } finally {
            sandbox.settings.hostile = false;
            page.off('dialog', onDialog);
        }
    });

    test('a panel restored after a window reload runs its query again', async () => {
        const { page, known } = e2e();
        const k = known.mainnet;
        await query('Data API: Transfers of a Token Contract…', [k.cChainId, k.erc20Contract, '']);
        await panelFrame(/^Token /);
        await page.waitForTimeout(1000);
        e2e().sandbox.clearRequests();
        await page.reload();
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        // Restored panels come back as tabs; a panel's page loads when its tab is shown.
        const tab = page
            .locator('.tabs-container .tab')
            .filter({ hasText: /^Token / })
            .first();
        await tab.waitFor({ timeout: 60_000 });
        await tab.click();
        const frame = await panelFrame(/^Token /, 60_000);
        await frame.locator('.vbody .vrow').first().waitFor({ timeout: 15_000 });
        const asked = e2e().sandbox.requests.flatMap((r) => r.operations);
        assert.ok(
            asked.includes('listTransfers'),
            `the restored panel asked the sandbox again (asked: ${asked.join(', ')})`,
        );
    });
});
