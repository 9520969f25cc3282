/**
 * How a metric's value reads, in the host (alerts, agents, the watch list) and in the dashboard's
 * page (axes, legends, the table) alike.
 */

/** How a chart's values read. */
export type MetricUnit =
    'percent' | 'count' | 'bytes' | 'bytesPerSecond' | 'perMinute' | 'per5Minutes' | 'milliseconds';

/** A value in its chart's unit: "4.20%", "1.30 GiB", "12.0/min"; "–" for no value. */
export function formatMetric(value: number | null | undefined, unit: MetricUnit): string {
    if (value === null || value === undefined || Number.isNaN(value)) return '–';
    if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
    const round = (v: number): string =>
        Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
    switch (unit) {
        case 'percent':
            return `${round(value)}%`;
        case 'count':
            return Number.isInteger(value) ? String(value) : round(value);
        case 'bytes':
        case 'bytesPerSecond': {
            const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
            let v = value;
            let k = 0;
            while (Math.abs(v) >= 1024 && k < units.length - 1) {
                v /= 1024;
                k++;
            }
            return `${round(v)} ${units[k]}${unit === 'bytesPerSecond' ? '/s' : ''}`;
        }
        case 'perMinute':
            return `${round(value)}/min`;
        case 'per5Minutes':
            return `${round(value)}/5 min`;
        case 'milliseconds':
            return value >= 1000 ? `${round(value / 1000)} s` : `${round(value)} ms`;
    }
}
