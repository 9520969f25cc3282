/**
 * The node dashboard: one panel per node URL, charts of what Ava Labs' "Key Metrics & Alerts"
 * page names, scraped from the node's `/ext/metrics` only while the panel is visible, at the Node
 * view's interval (`avalanche.node.refreshIntervalSeconds`), into the node's history ring that
 * the watch list shares (`ClientProvider.nodeMetrics`). A hidden panel costs no request and no
 * timer run; made visible again, it scrapes at once.
 *
 * The page (`dist/webview/dashboard.js`, `src/webview-ui/dashboard.ts`) draws with uPlot under
 * the panels' CSP; it gets the model through `postMessage` after its `ready`, and keeps only the
 * node URL as its state, from which `revive` rebuilds the panel after a reload.
 */
import { performance } from 'node:perf_hooks';

import * as vscode from 'vscode';

import type { MetricAlert, NodeMetrics, ScrapeOutcome } from '../core/index';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { nodeName } from '../platform/nodeCatalog';
import { redactUrlSecrets } from '../platform/redact';
import { SettingKey } from '../platform/settingKeys';
import {
    parseDashboardPageMessage,
    parseDashboardState,
    type DashboardHostMessage,
    type DashboardModel,
} from '../shared/dashboardProtocol';
import { getWebviewHtml } from '../platform/webviewHtml';
import { webviewOptions } from '../platform/webviewOptions';
import { dashboardViewType } from './dashboardViewType';

const logger = log.for('Dashboard');

export interface DashboardDeps {
    readonly clients: ClientProvider;
    readonly config: Config;
    readonly extensionUri: vscode.Uri;
}

/** What a test reads of an open dashboard. */
export interface DashboardSnapshot {
    readonly nodeUrl: string;
    readonly visible: boolean;
    /**
     * When the page said it is ready (it has its script and listens), in epoch milliseconds
     * (`performance.timeOrigin + performance.now()`, the sandbox's request log's clock).
     */
    readonly readyAtMs: number | undefined;
    readonly scrapes: number;
    readonly lastModel: DashboardModel | undefined;
}

export class NodeDashboardPanel extends Disposable {
    private static readonly panels = new Map<string, NodeDashboardPanel>();

    private ready = false;
    private readyAtMs: number | undefined;
    private queue: DashboardHostMessage[] = [];
    private timer: NodeJS.Timeout | undefined;
    private controller: AbortController | undefined;
    private scrapes = 0;
    private lastModel: DashboardModel | undefined;
    /** The alerts of this panel's last scrape, read with the node's health report. */
    private lastAlerts: MetricAlert[] = [];
    /** The scrape started with the panel, while its page loads; the timer starts after it. */
    private firstScrape: Promise<void> | undefined;
    private readonly closed = this._register(new vscode.EventEmitter<void>());
    readonly onDidDispose = this.closed.event;

    /** Opens the dashboard of `nodeUrl` (the selected node when absent), or reveals it. */
    static createOrShow(deps: DashboardDeps, nodeUrl?: string): NodeDashboardPanel {
        const url = nodeUrl ?? deps.clients.nodeUrl;
        const existing = NodeDashboardPanel.panels.get(url);
        if (existing) {
            existing.panel.reveal();
            return existing;
        }
        const panel = vscode.window.createWebviewPanel(
            dashboardViewType,
            titleFor(deps, url),
            vscode.ViewColumn.Active,
            webviewOptions(deps.extensionUri),
        );
        return new NodeDashboardPanel(panel, deps, url);
    }

    /** Rebuilds a panel VS Code restores after a reload, or closes it when its state is not ours. */
    static revive(panel: vscode.WebviewPanel, state: unknown, deps: DashboardDeps): void {
        const parsed = parseDashboardState(state);
        if (!parsed || NodeDashboardPanel.panels.has(parsed.nodeUrl)) {
            panel.dispose();
            return;
        }
        panel.webview.options = webviewOptions(deps.extensionUri);
        new NodeDashboardPanel(panel, deps, parsed.nodeUrl);
    }

    /** Every open dashboard (tests). */
    static all(): NodeDashboardPanel[] {
        return [...NodeDashboardPanel.panels.values()];
    }

    private constructor(
        private readonly panel: vscode.WebviewPanel,
        private readonly deps: DashboardDeps,
        readonly nodeUrl: string,
    ) {
        super();
        NodeDashboardPanel.panels.set(nodeUrl, this);
        panel.webview.html = getWebviewHtml(panel.webview, {
            scriptUri: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'webview', 'dashboard.js'),
            styleUris: [vscode.Uri.joinPath(deps.extensionUri, 'dist', 'webview', 'dashboard.css')],
            title: titleFor(deps, nodeUrl),
        });
        this._register(
            panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
        );
        this._register(panel.onDidChangeViewState(() => this.schedule(true)));
        this._register(
            deps.config.onDidChange([SettingKey.NodeRefreshIntervalSeconds], () =>
                this.schedule(false),
            ),
        );
        this._register(panel.onDidDispose(() => this.dispose()));
        // The node is asked while the page loads, not after its `ready`: the page's first load
        // (~100–250 ms in the host) and the round trip overlap, and the model waits in the queue
        // (#38). Only a shown panel scrapes; a revived one in a background tab waits to be shown.
        if (panel.visible) this.firstScrape = this.scrape();
    }

    /** The node's history ring, shared with the watch list. */
    private get metrics(): NodeMetrics {
        return this.deps.clients.nodeMetrics(this.nodeUrl);
    }

    private get intervalMs(): number {
        return this.deps.config.get(SettingKey.NodeRefreshIntervalSeconds) * 1000;
    }

    /** What a test reads. */
    snapshot(): DashboardSnapshot {
        return {
            nodeUrl: this.nodeUrl,
            visible: this.panel.visible,
            readyAtMs: this.readyAtMs,
            scrapes: this.scrapes,
            lastModel: this.lastModel,
        };
    }

    /** Scrapes now (the page's Refresh, and tests). */
    async scrapeNow(): Promise<void> {
        this.stopTimer();
        await this.scrape();
        this.schedule(false);
    }

    reveal(): void {
        this.panel.reveal();
    }

    close(): void {
        this.panel.dispose();
    }

    override dispose(): void {
        if (this.isDisposed) return;
        this.stopTimer();
        this.controller?.abort();
        if (NodeDashboardPanel.panels.get(this.nodeUrl) === this) {
            NodeDashboardPanel.panels.delete(this.nodeUrl);
        }
        this.closed.fire();
        super.dispose();
    }

    private receive(raw: unknown): void {
        const message = parseDashboardPageMessage(raw);
        if (!message) {
            logger.warn('Ignored a message the dashboard page should not send');
            return;
        }
        if (message.type === 'ready') {
            this.ready = true;
            this.readyAtMs ??= performance.timeOrigin + performance.now();
            const queued = this.queue;
            this.queue = [];
            for (const m of queued) void this.panel.webview.postMessage(m);
            // The history may hold rows already (the watch list's, or a panel closed before); its
            // alerts come with the scrape that follows at once.
            this.post({
                type: 'model',
                model: this.model(this.metrics.lastOutcome, this.lastAlerts),
            });
            const first = this.firstScrape;
            this.firstScrape = undefined;
            // The scrape begun with the panel is this one's first: the timer follows it.
            if (first) void first.finally(() => this.schedule(false));
            else this.schedule(true);
            return;
        }
        void this.scrapeNow();
    }

    private post(message: DashboardHostMessage): void {
        if (message.type === 'model') this.lastModel = message.model;
        if (!this.ready) {
            this.queue = [message];
            return;
        }
        void this.panel.webview.postMessage(message);
    }

    /**
     * Runs the timer only while the panel is visible and the page is ready; `now` scrapes at
     * once (the panel was just shown), otherwise the next scrape waits one interval. With the
     * Node view's refresh off (interval 0) a shown panel still scrapes once, then on Refresh only.
     */
    private schedule(now: boolean): void {
        this.stopTimer();
        if (this.isDisposed || !this.ready || !this.panel.visible) return;
        if (this.intervalMs <= 0 && !now) return;
        this.timer = setTimeout(
            () => {
                this.timer = undefined;
                void this.scrape().finally(() => this.schedule(false));
            },
            now ? 0 : this.intervalMs,
        );
    }

    private stopTimer(): void {
        if (this.timer) clearTimeout(this.timer);
        this.timer = undefined;
    }

    private async scrape(): Promise<void> {
        if (this.isDisposed) return;
        this.controller?.abort();
        const controller = new AbortController();
        this.controller = controller;
        this.post({ type: 'scraping' });
        let outcome: ScrapeOutcome | undefined;
        let alerts: MetricAlert[] = [];
        try {
            const client = this.deps.clients.rpcFor(`${this.nodeUrl}/ext/info`)?.client;
            if (!client) throw new Error(`${this.nodeUrl} is not an http(s) URL.`);
            outcome = await this.metrics.scrape(client, { signal: controller.signal });
            // The failing-checks gauge as the watch list reads it: checks not yet run since
            // the node's start are no verdict (the health report is read only when it alerts).
            alerts = await this.metrics.alertsWithHealth(client, { signal: controller.signal });
        } catch (error) {
            if (controller.signal.aborted) return;
            logger.warn(`Scraping ${redactUrlSecrets(this.nodeUrl)} failed`, error);
        }
        if (controller.signal.aborted || this.isDisposed) return;
        this.scrapes++;
        this.lastAlerts = alerts;
        this.post({ type: 'model', model: this.model(outcome, alerts) });
    }

    private model(outcome: ScrapeOutcome | undefined, alerts: MetricAlert[]): DashboardModel {
        const core = loadCore();
        const metrics = this.metrics;
        const history = metrics.history.snapshot();
        const specs = new Map(core.keyCharts.map((c) => [c.id, c]));
        const status = !outcome
            ? 'Not scraped yet.'
            : outcome.ok
              ? `${core.formatNumber(outcome.series)} series on the page, ${core.formatNumber(outcome.kept)} kept${outcome.dropped > 0 ? ` (${outcome.dropped} left out)` : ''}, ${core.formatMetric(outcome.bytes, 'bytes')} in ${Math.round(outcome.durationMs)} ms, at ${core.formatLocalTime(outcome.atMs, 'time')}`
              : `The last scrape failed at ${core.formatLocalTime(outcome.atMs, 'time')}.`;
        return {
            nodeUrl: redactUrlSecrets(this.nodeUrl),
            nodeName: titleFor(this.deps, this.nodeUrl),
            times: history.times,
            up: history.up,
            charts: history.charts.map((series) => {
                const spec = specs.get(series.id)!;
                return {
                    id: spec.id,
                    title: spec.title,
                    unit: spec.unit,
                    about: spec.about,
                    thresholds: spec.thresholds,
                    lines: series.lines,
                };
            }),
            alerts: alerts.map((a) => ({
                chartId: a.chartId,
                level: a.level,
                text: core.describeAlert(a),
            })),
            status,
            ...(outcome && !outcome.ok
                ? { problem: core.inertLine(outcome.error.message, 300) }
                : outcome?.unterminated
                  ? {
                        problem:
                            'The page ended inside a line, so it was cut short on the way; the charts show what came.',
                    }
                  : outcome && outcome.badLines > 0
                    ? {
                          problem: `${core.formatNumber(outcome.badLines)} lines of the page were not metrics and were skipped; the charts show the rest.`,
                      }
                    : {}),
            intervalSeconds: this.intervalMs / 1000,
        };
    }
}

function titleFor(deps: DashboardDeps, url: string): string {
    return `Node dashboard: ${nodeName(url, deps.config.get(SettingKey.NodeUrls))}`;
}
