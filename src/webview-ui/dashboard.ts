/**
 * The node dashboard's page: one uPlot chart per Key Metrics chart the host sends, the page's
 * thresholds drawn across them (dashed: warning; solid: page), a shaded gap where the node did not
 * answer, and the same numbers as tables for screen readers and copying. Colours come from VS
 * Code's `--vscode-*` tokens (charts, foreground, editor background), read again when the theme
 * changes. uPlot draws on canvas and sets styles through the CSSOM: it needs no `eval`, no inline
 * script and no `style-src 'unsafe-inline'`, so the panels' CSP stays as it is.
 *
 * Everything shown is text (`textContent` through `dom.ts`, or canvas text); labels came from the
 * node and were made inert on the host.
 */
import 'uplot/dist/uPlot.min.css';
import './dashboard.css';

import uPlot from 'uplot';

import type {
    DashboardChart,
    DashboardHostMessage,
    DashboardModel,
    DashboardPageMessage,
    DashboardState,
} from '../shared/dashboardProtocol';
import { formatMetric } from '../shared/metricFormat';
import { el } from './dom';

interface VsCodeApi {
    postMessage(message: DashboardPageMessage): void;
    setState(state: DashboardState): void;
    getState(): DashboardState | undefined;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** Figures the e2e tier reads from the page. */
interface DashboardStats {
    cspViolations: number;
    models: number;
    /** Charts with at least one drawn line. */
    chartsDrawn: number;
    /** Milliseconds of each model's chart updates (all charts), newest last. */
    updateMs: number[];
    /** Milliseconds of the slowest single chart update of the last model. */
    slowestChartMs: number;
    view: 'charts' | 'table';
    lastModel: DashboardModel | undefined;
}

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;
const stats: DashboardStats = {
    cspViolations: 0,
    models: 0,
    chartsDrawn: 0,
    updateMs: [],
    slowestChartMs: 0,
    view: 'charts',
    lastModel: undefined,
};
(window as unknown as { dashboardStats: DashboardStats }).dashboardStats = stats;
document.addEventListener('securitypolicyviolation', () => stats.cspViolations++);

interface ChartView {
    readonly card: HTMLElement;
    readonly body: HTMLElement;
    readonly latest: HTMLElement;
    plot: uPlot | undefined;
    /** The line keys the plot was built with: another set rebuilds it. */
    keys: string;
}

const charts = new Map<string, ChartView>();
let model: DashboardModel | undefined;
let view: 'charts' | 'table' = 'charts';

const header = el('header', { className: 'dash-header' });
const title = el('h1', { text: 'Node dashboard' });
const subtitle = el('p', { className: 'dash-sub' });
const status = el('p', { className: 'dash-status', attrs: { 'aria-live': 'polite' } });
const problem = el('p', { className: 'dash-problem', attrs: { role: 'alert' } });
const refresh = el('button', { text: 'Refresh', attrs: { type: 'button' } });
const toggle = el('button', {
    text: 'Show as tables',
    attrs: { type: 'button', 'aria-label': 'Show the numbers as tables' },
});
const alertList = el('ul', { className: 'dash-alerts', attrs: { 'aria-label': 'Alerts' } });
const grid = el('div', { className: 'dash-grid' });
const tables = el('div', { className: 'dash-tables', attrs: { 'aria-hidden': 'true' } });
header.append(
    el('div', { className: 'dash-title' }, title, subtitle),
    el('div', { className: 'dash-actions' }, refresh, toggle),
);
root.append(header, status, problem, alertList, grid, tables);
tables.hidden = true;

refresh.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
toggle.addEventListener('click', () => {
    view = view === 'charts' ? 'table' : 'charts';
    stats.view = view;
    grid.hidden = view === 'table';
    tables.hidden = view === 'charts';
    tables.setAttribute('aria-hidden', String(view === 'charts'));
    toggle.textContent = view === 'charts' ? 'Show as tables' : 'Show as charts';
    toggle.setAttribute(
        'aria-label',
        view === 'charts' ? 'Show the numbers as tables' : 'Show the numbers as charts',
    );
    if (model) render(model);
});

window.addEventListener('message', (event: MessageEvent<DashboardHostMessage>) => {
    const message = event.data;
    if (message.type === 'scraping') {
        root.setAttribute('aria-busy', 'true');
        return;
    }
    root.setAttribute('aria-busy', 'false');
    model = message.model;
    stats.models++;
    stats.lastModel = message.model;
    vscode.setState({ nodeUrl: message.model.nodeUrl });
    render(message.model);
});

// A theme change swaps the body's classes: the charts are drawn again in the new colours.
new MutationObserver(() => {
    for (const chart of charts.values()) {
        chart.plot?.destroy();
        chart.plot = undefined;
        chart.keys = '';
    }
    if (model) render(model);
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });

// The charts follow the panel's width.
new ResizeObserver(() => {
    for (const chart of charts.values()) {
        chart.plot?.setSize({ width: plotWidth(chart.body), height: plotHeight });
    }
}).observe(grid);

vscode.postMessage({ type: 'ready' });

const plotHeight = 170;

function plotWidth(body: HTMLElement): number {
    return Math.max(200, Math.floor(body.clientWidth || 360));
}

/** A `--vscode-*` token's value, with a fallback for pages outside VS Code. */
function token(name: string, fallback: string): string {
    return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

function palette(): string[] {
    return [
        token('--vscode-charts-blue', '#3794ff'),
        token('--vscode-charts-green', '#89d185'),
        token('--vscode-charts-purple', '#b180d7'),
        token('--vscode-charts-orange', '#d18616'),
        token('--vscode-charts-yellow', '#cca700'),
        token('--vscode-charts-red', '#f14c4c'),
        token('--vscode-foreground', '#cccccc'),
    ];
}

function render(m: DashboardModel): void {
    title.textContent = m.nodeName;
    subtitle.textContent = `${m.nodeUrl} · scraped every ${m.intervalSeconds} s while this panel is visible · one hour kept`;
    status.textContent = m.status;
    problem.textContent = m.problem ?? '';
    problem.hidden = m.problem === undefined;
    alertList.replaceChildren(
        ...m.alerts.map((a) =>
            el('li', {
                className: `dash-alert dash-alert-${a.level}`,
                text: `${a.level === 'page' ? 'Page' : 'Warning'}: ${a.text}`,
            }),
        ),
    );
    alertList.hidden = m.alerts.length === 0;
    if (view === 'table') {
        renderTables(m);
        return;
    }
    const started = performance.now();
    let slowest = 0;
    let drawn = 0;
    for (const chart of m.charts) {
        const one = performance.now();
        drawChart(chart, m);
        slowest = Math.max(slowest, performance.now() - one);
        if (chart.lines.some((l) => l.values.some((v) => v !== null))) drawn++;
    }
    stats.chartsDrawn = drawn;
    stats.slowestChartMs = slowest;
    stats.updateMs.push(performance.now() - started);
    if (stats.updateMs.length > 50) stats.updateMs.shift();
}

function cardFor(chart: DashboardChart): ChartView {
    let view = charts.get(chart.id);
    if (view) return view;
    const latest = el('span', { className: 'dash-latest' });
    const body = el('div', { className: 'dash-plot' });
    const limits = chart.thresholds
        .map(
            (t) =>
                `${t.level === 'page' ? 'page' : 'warning'} ${t.below ? 'below' : 'above'} ${formatMetric(t.value, chart.unit)}${t.source === 'extension' ? ' (ours)' : ''}`,
        )
        .join(' · ');
    const card = el(
        'section',
        { className: 'dash-card', attrs: { 'aria-label': chart.title, id: `chart-${chart.id}` } },
        el('div', { className: 'dash-card-head' }, el('h2', { text: chart.title }), latest),
        el('p', { className: 'dash-about', text: chart.about }),
        limits ? el('p', { className: 'dash-limits', text: `Thresholds: ${limits}` }) : null,
        body,
    );
    grid.append(card);
    view = { card, body, latest, plot: undefined, keys: '' };
    charts.set(chart.id, view);
    return view;
}

function drawChart(chart: DashboardChart, m: DashboardModel): void {
    const view = cardFor(chart);
    const last = chart.lines
        .map((l) => {
            const value = [...l.values].reverse().find((v) => v !== null);
            return value === undefined
                ? undefined
                : `${chart.lines.length > 1 ? `${l.label} ` : ''}${formatMetric(value, chart.unit)}`;
        })
        .filter((t): t is string => t !== undefined);
    view.latest.textContent = last.slice(0, 3).join(' · ') || 'no value yet';
    view.card.classList.toggle(
        'dash-card-alert',
        m.alerts.some((a) => a.chartId === chart.id),
    );
    const data: uPlot.AlignedData = [m.times, ...chart.lines.map((l) => l.values)];
    const keys = chart.lines.map((l) => l.key).join('\u0000');
    if (view.plot && view.keys === keys) {
        view.plot.setData(data);
        return;
    }
    view.plot?.destroy();
    view.keys = keys;
    view.plot = new uPlot(options(chart, m, view.body), data, view.body);
}

function options(chart: DashboardChart, m: DashboardModel, body: HTMLElement): uPlot.Options {
    const colours = palette();
    const foreground = token('--vscode-foreground', '#cccccc');
    const grid = token('--vscode-charts-lines', 'rgba(128,128,128,0.35)');
    const red = token('--vscode-charts-red', '#f14c4c');
    const yellow = token('--vscode-charts-yellow', '#cca700');
    const downFill = token('--vscode-editorError-background', 'rgba(128,128,128,0.15)');
    const font = `11px ${token('--vscode-font-family', 'sans-serif')}`;
    const axis = (): uPlot.Axis => ({
        stroke: foreground,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        font,
    });
    return {
        width: plotWidth(body),
        height: plotHeight,
        legend: { show: chart.lines.length > 0 },
        cursor: { y: false },
        scales: {
            x: { time: true },
            y: {
                range: (_u, min, max) => {
                    // The thresholds stay in view, and a flat line gets some room.
                    const marks = chart.thresholds.map((t) => t.value);
                    const lo = Math.min(min, ...marks, chart.unit === 'percent' ? 0 : min);
                    const hi = Math.max(max, ...marks);
                    const pad = hi === lo ? Math.max(1, Math.abs(hi) * 0.1) : (hi - lo) * 0.08;
                    return [lo >= 0 && lo - pad < 0 ? 0 : lo - pad, hi + pad];
                },
            },
        },
        axes: [
            axis(),
            {
                ...axis(),
                size: 64,
                values: (_u, splits) => splits.map((v) => formatMetric(v, chart.unit)),
            },
        ],
        series: [
            { label: 'time' },
            ...chart.lines.map((line, k) => ({
                label: line.label,
                stroke: colours[k % colours.length]!,
                width: 1.5,
                points: { show: false },
                value: (_u: uPlot, v: number | null) => formatMetric(v, chart.unit),
            })),
        ],
        hooks: {
            draw: [
                (u) => {
                    const ctx = u.ctx;
                    const { left, top, width, height } = u.bbox;
                    ctx.save();
                    // Where the node did not answer: a shaded band over the gap.
                    ctx.fillStyle = downFill;
                    m.up.forEach((up, i) => {
                        if (up) return;
                        const t = m.times[i]!;
                        const x0 = u.valToPos(m.times[i - 1] ?? t, 'x', true);
                        const x1 = u.valToPos(m.times[i + 1] ?? t, 'x', true);
                        ctx.fillRect(x0, top, Math.max(2, x1 - x0), height);
                    });
                    for (const t of chart.thresholds) {
                        const y = u.valToPos(t.value, 'y', true);
                        if (y < top || y > top + height) continue;
                        ctx.strokeStyle = t.level === 'page' ? red : yellow;
                        ctx.lineWidth = 1.5 * devicePixelRatio;
                        ctx.setLineDash(t.level === 'page' ? [] : [6, 4]);
                        ctx.beginPath();
                        ctx.moveTo(left, y);
                        ctx.lineTo(left + width, y);
                        ctx.stroke();
                    }
                    ctx.restore();
                },
            ],
        },
    };
}

/** The same numbers as tables: one per chart, newest row first, "node down" where it was. */
function renderTables(m: DashboardModel): void {
    const times = m.times.map((t) => new Date(t * 1000).toLocaleTimeString());
    tables.replaceChildren(
        ...m.charts.map((chart) => {
            const head = el(
                'tr',
                {},
                el('th', { text: 'Time', attrs: { role: 'columnheader' } }),
                ...chart.lines.map((l) => el('th', { text: l.label })),
            );
            const rows: HTMLElement[] = [];
            for (let i = m.times.length - 1; i >= 0; i--) {
                rows.push(
                    el(
                        'tr',
                        {},
                        el('td', { text: times[i] }),
                        ...(m.up[i]
                            ? chart.lines.map((l) =>
                                  el('td', { text: formatMetric(l.values[i], chart.unit) }),
                              )
                            : [
                                  el('td', {
                                      text: 'node down',
                                      attrs: { colspan: String(Math.max(1, chart.lines.length)) },
                                  }),
                              ]),
                    ),
                );
            }
            return el(
                'section',
                { className: 'dash-table', attrs: { 'aria-label': chart.title } },
                el('h2', { text: chart.title }),
                chart.lines.length === 0
                    ? el('p', { text: 'No value yet.' })
                    : el(
                          'table',
                          {},
                          el('caption', { text: `${chart.title}: ${chart.about}` }),
                          el('thead', {}, head),
                          el('tbody', {}, ...rows),
                      ),
            );
        }),
    );
}
