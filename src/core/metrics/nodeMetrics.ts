/**
 * One node's metrics: a scrape of `/ext/metrics` streamed through the Prometheus reader (only the
 * dashboard's families kept, at most {@link maxKeptSeries} series, the page cut off at
 * {@link maxScrapeBytes} while it streams), turned into the charts' points (rates against the
 * scrape before), kept in a {@link MetricsHistory}, and checked against the Key Metrics page's
 * thresholds. No timers: the dashboard and the watch list decide when to scrape, and only while
 * someone looks (see docs in `src/dashboard/` and `core/watch/checks.ts`).
 */
import { abortError, isAbortError } from '../http/errors';
import { checksNotYetRun } from '../nodeRpc/healthSchemas';
import { nodeRpcMethods as m } from '../nodeRpc/methods';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import { MetricsHistory, defaultHistoryRows } from './history';
import {
    keyCharts,
    formatMetric,
    keyFamilies,
    scrapeView,
    type ChartPoint,
    type MetricUnit,
    type ScrapeView,
    type Threshold,
} from './keyMetrics';
import { PrometheusTextParser, type ParsedMetrics } from './prometheus';

/** The largest metrics page read; a real v1.14.2 node with one L1 sends about 450 KB. */
const maxScrapeBytes = 16 * 1024 * 1024;
/** Most series kept from one page (the dashboard's families have about 150 on such a node). */
const maxKeptSeries = 2_000;

/** What one scrape found. */
export type ScrapeOutcome =
    | {
          readonly ok: true;
          readonly atMs: number;
          /** Bytes of the page. */
          readonly bytes: number;
          /** Series on the page. */
          readonly series: number;
          /** Series kept (the charts' families). */
          readonly kept: number;
          /** Series of those families left out beyond the cap. */
          readonly dropped: number;
          readonly badLines: number;
          /** The page ended inside a line: cut short on the way. */
          readonly unterminated: boolean;
          readonly durationMs: number;
      }
    | { readonly ok: false; readonly atMs: number; readonly error: Error };

/** A threshold a chart's latest value is past. */
export interface MetricAlert {
    readonly chartId: string;
    readonly title: string;
    readonly unit: MetricUnit;
    /** Set when the chart draws a line per chain or API: the alert names its line. */
    readonly per?: 'chain' | 'API' | undefined;
    readonly level: Threshold['level'];
    /** The line that crossed (a chain). */
    readonly label: string;
    readonly value: number;
    readonly threshold: Threshold;
}

/** Each chart's thresholds, the page level first, so that a line past both says "page". */
const pageFirst: ReadonlyMap<string, readonly Threshold[]> = new Map(
    keyCharts.map((chart) => [
        chart.id,
        [...chart.thresholds].sort((a, b) =>
            a.level === b.level ? 0 : a.level === 'page' ? -1 : 1,
        ),
    ]),
);

/** Reads a page into the charts' families, chunk by chunk. */
export function metricsParser(): PrometheusTextParser {
    return new PrometheusTextParser({
        wanted: (family) => keyFamilies.has(family),
        maxSeries: maxKeptSeries,
    });
}

export class NodeMetrics {
    readonly history: MetricsHistory;
    private last: ScrapeView | undefined;
    private outcome: ScrapeOutcome | undefined;
    private inFlight: Promise<ScrapeOutcome> | undefined;
    private inFlightSignal: AbortSignal | undefined;

    constructor(
        readonly url: string,
        rows = defaultHistoryRows,
    ) {
        this.history = new MetricsHistory(rows);
    }

    /** The last scrape's outcome. */
    get lastOutcome(): ScrapeOutcome | undefined {
        return this.outcome;
    }

    /**
     * Scrapes the node once and records the row; a scrape under way is shared. Never rejects for
     * the node's failures (the row is a gap and the outcome says why); rejects with an
     * AbortError when `signal` fires.
     */
    scrape(
        client: NodeRpcClient,
        options: { signal?: AbortSignal; now?: () => number } = {},
    ): Promise<ScrapeOutcome> {
        // A read whose caller gave up is not shared: the next caller would get its AbortError.
        if (this.inFlight && !this.inFlightSignal?.aborted) return this.inFlight;
        const read = this.read(client, options).finally(() => {
            if (this.inFlight === read) this.inFlight = undefined;
        });
        this.inFlight = read;
        this.inFlightSignal = options.signal;
        return read;
    }

    /** Records a page read elsewhere (tests, the benchmark). */
    record(parsed: ParsedMetrics, atMs: number): void {
        const view = scrapeView(parsed, atMs);
        const points = new Map<string, ChartPoint[]>();
        for (const chart of keyCharts) points.set(chart.id, chart.points(view, this.last));
        this.history.add(atMs, points);
        this.last = view;
    }

    /** Records that the node did not answer: a gap, and rates start again after it. */
    recordDown(atMs: number): void {
        this.history.add(atMs, undefined);
        this.last = undefined;
    }

    /** The thresholds the latest row is past, the worst level first. */
    alerts(): MetricAlert[] {
        if (this.history.size === 0 || this.history.lastWasDown) return [];
        const alerts: MetricAlert[] = [];
        for (const chart of keyCharts) {
            const latest = this.history.latest(chart.id);
            const levels = pageFirst.get(chart.id) ?? chart.thresholds;
            for (const line of latest) {
                if (!Number.isFinite(line.value)) continue;
                const crossed = levels.find((t) =>
                    t.below ? line.value < t.value : line.value > t.value,
                );
                if (crossed) {
                    alerts.push({
                        chartId: chart.id,
                        title: chart.title,
                        unit: chart.unit,
                        per: chart.per,
                        level: crossed.level,
                        label: line.label,
                        value: line.value,
                        threshold: crossed,
                    });
                }
            }
        }
        return alerts.sort((a, b) => (a.level === b.level ? 0 : a.level === 'page' ? -1 : 1));
    }

    /**
     * {@link alerts} as the health report reads the failing-checks gauge: the node counts a check
     * it has not run since its start as failing (for up to `--health-check-frequency`, 30 s by
     * default), so a node just started reads "Failing health checks 5". Only when that chart is
     * past a threshold is the report read (one `health.health` call); a node that does not answer
     * it keeps the gauge's alert. Rejects only with an AbortError when `signal` fires.
     */
    async alertsWithHealth(
        client: NodeRpcClient,
        options: { signal?: AbortSignal } = {},
    ): Promise<MetricAlert[]> {
        const alerts = this.alerts();
        if (!alerts.some((a) => a.chartId === healthFailingChart)) return alerts;
        try {
            const report = await client.call(m['health.health'], {}, options);
            return withoutUnrunChecks(alerts, checksNotYetRun(report));
        } catch (error) {
            if (isAbortError(error) || options.signal?.aborted) {
                throw options.signal ? abortError(options.signal) : error;
            }
            return alerts;
        }
    }

    private async read(
        client: NodeRpcClient,
        options: { signal?: AbortSignal; now?: () => number },
    ): Promise<ScrapeOutcome> {
        const now = options.now ?? Date.now;
        const started = now();
        const parser = metricsParser();
        let bytes = 0;
        try {
            await client.stream(
                '/ext/metrics',
                {
                    write: (chunk) => {
                        bytes += chunk.length;
                        parser.write(chunk);
                    },
                    end: () => undefined,
                },
                {
                    maxBodyBytes: maxScrapeBytes,
                    answerTo: 'the metrics scrape',
                    ...(options.signal ? { signal: options.signal } : {}),
                },
            );
        } catch (error) {
            if (isAbortError(error) || options.signal?.aborted) {
                throw options.signal ? abortError(options.signal) : error;
            }
            const atMs = now();
            this.recordDown(atMs);
            this.outcome = {
                ok: false,
                atMs,
                error: error instanceof Error ? error : new Error(String(error)),
            };
            return this.outcome;
        }
        const parsed = parser.end();
        const atMs = now();
        // AvalancheGo's page holds thousands of series: one with none is an error page or a
        // proxy's answer, and charting it as a node at zero would mislead.
        if (parsed.series <= parsed.badLines) {
            this.recordDown(atMs);
            this.outcome = {
                ok: false,
                atMs,
                error: new Error(
                    `The node's metrics page held no metrics (${bytes} bytes, ${parsed.badLines} unreadable lines).`,
                ),
            };
            return this.outcome;
        }
        this.record(parsed, atMs);
        this.outcome = {
            ok: true,
            atMs,
            bytes,
            series: parsed.series,
            kept: parsed.kept,
            dropped: parsed.droppedSeries,
            badLines: parsed.badLines,
            unterminated: parsed.unterminated,
            durationMs: atMs - started,
        };
        return this.outcome;
    }
}

/** The chart of `avalanche_health_checks_failing`. */
const healthFailingChart = 'healthFailing';

/**
 * `alerts` with the failing-checks gauge read as the health report is: `notYetRun` checks the
 * node has not run since its start are no verdict, so they do not count toward the threshold.
 */
export function withoutUnrunChecks(alerts: MetricAlert[], notYetRun: number): MetricAlert[] {
    if (notYetRun === 0) return alerts;
    return alerts.filter((alert) => {
        if (alert.chartId !== healthFailingChart) return true;
        const ran = alert.value - notYetRun;
        const t = alert.threshold;
        return t.below ? ran < t.value : ran > t.value;
    });
}

/** Most nodes whose history is kept at once; the least recently asked is dropped. */
const maxNodes = 8;

/**
 * The histories of the nodes someone looks at, by URL: one owner shared by the dashboard and the
 * watch list, so that both read the same ring (and a node watched and shown is scraped once).
 */
export class NodeMetricsStore {
    private readonly nodes = new Map<string, NodeMetrics>();

    constructor(private readonly rows = defaultHistoryRows) {}

    /** The metrics of `url`, made on first use. */
    for(url: string): NodeMetrics {
        let metrics = this.nodes.get(url);
        if (metrics) {
            this.nodes.delete(url);
        } else {
            metrics = new NodeMetrics(url, this.rows);
        }
        this.nodes.set(url, metrics);
        for (const key of this.nodes.keys()) {
            if (this.nodes.size <= maxNodes) break;
            this.nodes.delete(key);
        }
        return metrics;
    }

    /** The metrics of `url` when something asked for them already. */
    peek(url: string): NodeMetrics | undefined {
        return this.nodes.get(url);
    }
}

/** An alert as one line: "Disk space free 4.00% (page below 5.00%)". */
export function describeAlert(alert: MetricAlert): string {
    const side = alert.threshold.below ? 'below' : 'above';
    const on = alert.per ? ` on ${alert.per === 'chain' ? 'chain ' : ''}${alert.label}` : '';
    const level = alert.level === 'page' ? 'page' : 'warning';
    return `${alert.title} ${formatMetric(alert.value, alert.unit)}${on} (${level} ${side} ${formatMetric(alert.threshold.value, alert.unit)})`;
}
