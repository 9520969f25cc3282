/**
 * The node dashboard's messages between the extension host (`src/dashboard/dashboardPanel.ts`)
 * and its page (`src/webview-ui/dashboard.ts`), and the state a serializer revives the panel
 * from. The page gets everything through `postMessage` (never HTML); what the page sends is
 * checked by {@link parseDashboardPageMessage} and {@link parseDashboardState} on the host, by
 * hand rather than with zod, so that activation and the page load no schema library.
 */
import type { MetricUnit } from './metricFormat';

/** A threshold line of a chart. */
export interface DashboardThreshold {
    readonly level: 'warn' | 'page';
    readonly value: number;
    readonly below: boolean;
    /** `page`: the Key Metrics page's; `extension`: ours. */
    readonly source: 'page' | 'extension';
}

/** What the page needs to draw one chart. */
export interface DashboardChart {
    readonly id: string;
    readonly title: string;
    readonly unit: MetricUnit;
    readonly about: string;
    readonly thresholds: readonly DashboardThreshold[];
    /** One line per key; values oldest first, null for none (a gap). */
    readonly lines: readonly { key: string; label: string; values: (number | null)[] }[];
}

/** One alert line: a chart's latest value past a threshold. */
export interface DashboardAlert {
    readonly chartId: string;
    readonly level: 'warn' | 'page';
    readonly text: string;
}

/** Everything the page shows; sent whole after each scrape. */
export interface DashboardModel {
    /** The node's base URL (credentials never part of it). */
    readonly nodeUrl: string;
    readonly nodeName: string;
    /** Seconds since the epoch, oldest first. */
    readonly times: number[];
    /** False where the node did not answer (drawn as a gap). */
    readonly up: boolean[];
    readonly charts: readonly DashboardChart[];
    readonly alerts: readonly DashboardAlert[];
    /** The last scrape in words: "1,351 series on the page, 152 kept, 433 KiB in 18 ms". */
    readonly status: string;
    /** Set when the last scrape failed: why, in one line. */
    readonly problem?: string | undefined;
    /** Seconds between scrapes while the panel is visible. */
    readonly intervalSeconds: number;
}

/** Host → page. */
export type DashboardHostMessage =
    { readonly type: 'model'; readonly model: DashboardModel } | { readonly type: 'scraping' };

/** Page → host. */
export type DashboardPageMessage =
    | { readonly type: 'ready' }
    /** Scrape now, without waiting for the next tick. */
    | { readonly type: 'refresh' };

/** What the page keeps with `setState` and the serializer gets back: the node only. */
export interface DashboardState {
    readonly nodeUrl: string;
}

/** A page message, or undefined for anything else (ignored and logged by the host). */
export function parseDashboardPageMessage(value: unknown): DashboardPageMessage | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const keys = Object.keys(value);
    const type = (value as { type?: unknown }).type;
    if (keys.length !== 1 || (type !== 'ready' && type !== 'refresh')) return undefined;
    return { type };
}

/** A revived panel's state, or undefined when it is not one (the panel is then closed). */
export function parseDashboardState(value: unknown): DashboardState | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const url = (value as { nodeUrl?: unknown }).nodeUrl;
    if (typeof url !== 'string' || url.length > 2048 || !/^https?:\/\/[^\s]+$/.test(url)) {
        return undefined;
    }
    return { nodeUrl: url };
}
