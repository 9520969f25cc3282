/**
 * A node's chart points over time, in a ring of fixed size: one hour at the Node view's 10 s
 * interval by default (360 rows). Each line of a chart is a `Float64Array` of that size, so the
 * memory of a node's history is fixed once its lines are known (about 20 charts of at most
 * {@link maxLinesPerChart} lines: under a megabyte). A row where the node did not answer holds NaN
 * in every line, which the charts draw as a gap.
 */
import { keyCharts, maxLinesPerChart, type ChartPoint } from './keyMetrics';

/** One hour at the Node view's refresh interval. */
export const defaultHistoryRows = 360;

/** One chart's lines over the rows kept, oldest first; null where there is no value. */
export interface ChartSeries {
    readonly id: string;
    readonly lines: readonly { key: string; label: string; values: (number | null)[] }[];
}

/** The rows kept, ready for a chart or a table. */
export interface HistorySnapshot {
    /** Seconds since the epoch, oldest first (what uPlot's time axis takes). */
    readonly times: number[];
    /** False where the node did not answer the scrape. */
    readonly up: boolean[];
    readonly charts: readonly ChartSeries[];
}

interface Line {
    readonly label: string;
    readonly values: Float64Array;
}

export class MetricsHistory {
    private readonly times: Float64Array;
    private readonly ups: Uint8Array;
    private readonly lines = new Map<string, Map<string, Line>>();
    /** Rows written; the ring holds the last `capacity` of them. */
    private written = 0;

    constructor(readonly capacity = defaultHistoryRows) {
        this.times = new Float64Array(capacity);
        this.ups = new Uint8Array(capacity);
    }

    /** Rows held now. */
    get size(): number {
        return Math.min(this.written, this.capacity);
    }

    /**
     * Adds a row: the points of each chart at `atMs`, or undefined when the node did not answer
     * (a gap in every line).
     */
    add(atMs: number, points: ReadonlyMap<string, readonly ChartPoint[]> | undefined): void {
        const at = this.written % this.capacity;
        this.times[at] = atMs;
        this.ups[at] = points ? 1 : 0;
        for (const lines of this.lines.values())
            for (const line of lines.values()) line.values[at] = NaN;
        if (points) {
            for (const [chart, chartPoints] of points) {
                let lines = this.lines.get(chart);
                if (!lines) {
                    lines = new Map();
                    this.lines.set(chart, lines);
                }
                for (const point of chartPoints) {
                    let line = lines.get(point.key);
                    if (!line) {
                        if (lines.size >= maxLinesPerChart) continue;
                        line = {
                            label: point.label,
                            values: new Float64Array(this.capacity).fill(NaN),
                        };
                        lines.set(point.key, line);
                    }
                    line.values[at] = point.value;
                }
            }
        }
        this.written++;
    }

    /** The latest row's value of each line of `chart`, NaN where it had none. */
    latest(chart: string): { key: string; label: string; value: number }[] {
        if (this.written === 0) return [];
        const at = (this.written - 1) % this.capacity;
        return [...(this.lines.get(chart) ?? new Map<string, Line>()).entries()].map(
            ([key, line]) => ({ key, label: line.label, value: line.values[at] ?? NaN }),
        );
    }

    /** True when the latest row is a gap. */
    get lastWasDown(): boolean {
        return this.written > 0 && this.ups[(this.written - 1) % this.capacity] === 0;
    }

    /** The rows kept, oldest first, for every chart (in `keyCharts` order). */
    snapshot(): HistorySnapshot {
        const n = this.size;
        const first = this.written - n;
        const index = (k: number): number => (first + k) % this.capacity;
        const times = Array.from({ length: n }, (_, k) => (this.times[index(k)] ?? 0) / 1000);
        const up = Array.from({ length: n }, (_, k) => this.ups[index(k)] === 1);
        const charts = keyCharts.map((chart) => ({
            id: chart.id,
            lines: [...(this.lines.get(chart.id) ?? new Map<string, Line>()).entries()].map(
                ([key, line]) => ({
                    key,
                    label: line.label,
                    values: Array.from({ length: n }, (_, k) => {
                        const value = line.values[index(k)] ?? NaN;
                        return Number.isFinite(value) ? value : null;
                    }),
                }),
            ),
        }));
        return { times, up, charts };
    }

    /** Bytes the typed arrays hold (what grows with the history's size). */
    bytes(): number {
        let total = this.times.byteLength + this.ups.byteLength;
        for (const lines of this.lines.values())
            for (const line of lines.values()) total += line.values.byteLength;
        return total;
    }
}
