/**
 * What every result panel does, whatever it shows: the webview options and HTML, the ready
 * handshake with a queue, validation of every inbound message and what each asks, running its
 * query (first page, "Load more", page size, drop-downs, tabs, edit), copy and the Raw JSON tab.
 * Every kind of result is this one class: `QueryPanels` keeps the open ones by subject. What it
 * loaded is `panelResult.ts`; its links and history `panelLinks.ts`; "Copy as curl" and exports
 * `panelExport.ts`; its Watch button `panelWatch.ts`; an ICM message's polls `panelPoll.ts`. The
 * page persists the query only; a revived panel runs it again, unless it changed something.
 */
import * as vscode from 'vscode';

import type { QueryServices } from './queryServices';
import { formatError, isCancellation } from '../commands/formatError';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import type { PanelKind, QueryRequest } from '../shared/query';
import type { Field, PanelAction, ResultView, Tone } from '../shared/viewModel';
import { type HostMessage, maxKeptAnswerChars, type PageMessage } from '../shared/webviewProtocol';
import { copyCurl, type ExportedPanel, exportRows } from './panelExport';
import { openPanelLink, openPanelUrl, showPanelHistory } from './panelLinks';
import { PanelPoll } from './panelPoll';
import { PanelResult } from './panelResult';
import { watchPanelSubject } from './panelWatch';
import type { QueryRunner } from './queryRunner';
import { type TraceLineMarks, tracePlace } from './traceLines';
import { getWebviewHtml } from '../platform/webviewHtml';
import { webviewOptions } from '../platform/webviewOptions';

const logger = log.for('Panels');

/** Longest Raw JSON text sent to the page; "Copy JSON" and exports always have everything. */
const maxRawChars = 2_000_000;

/** A result computed before the panel opened (a node change is never run twice). */
export interface PresetResult {
    readonly result: unknown;
    readonly notice?: { readonly tone: Tone; readonly text: string } | undefined;
}

/** What panels need from the extension. */
export interface PanelDeps {
    readonly services: QueryServices;
    readonly runner: QueryRunner;
    /** Opens a query in its own panel. */
    open(request: QueryRequest): void;
    /** Asks for the parameters of a query again; undefined when dismissed. */
    edit(request: QueryRequest): Promise<QueryRequest | undefined>;
    /** Acts on an export operation. */
    act(action: PanelAction & { kind: 'operation' }): Promise<void>;
    /** Sends a call that may change something again, after asking as the first time did. */
    sendAgain(request: QueryRequest): Promise<void>;
    /** Called when a panel opened, changed or closed (for the test API). */
    changed(): void;
    /** The editor's marks of trace lines (`traceLines.ts`). */
    readonly marks: TraceLineMarks;
}

/** What a panel has shown, for the integration tests. */
export interface PanelSnapshot {
    readonly kind: PanelKind;
    readonly key: string;
    readonly query: QueryRequest;
    readonly title: string;
    readonly ready: boolean;
    readonly loading: boolean;
    readonly requestId: number;
    readonly view: ResultView | undefined;
    readonly rows: number;
    readonly hasMore: boolean;
    readonly error: string | undefined;
    /** The page's last report of what it drew. */
    readonly rendered: Extract<PageMessage, { type: 'rendered' }> | undefined;
    readonly cspViolations: number;
    /** The Watch button's tooltip, when the panel offers one. */
    readonly watch: string | undefined;
    /** Messages posted to the page, oldest first (the last 20). */
    readonly posted: readonly HostMessage['type'][];
    /** ICM panels: polls run, and whether another is scheduled. */
    readonly polls: number;
    readonly polling: boolean;
}

export class QueryPanel extends Disposable {
    private ready = false;
    private queue: HostMessage[] = [];
    private requestCounter = 0;
    private abort: AbortController | undefined;
    private loading = false;
    /** What the panel has loaded of its query. */
    private readonly result = new PanelResult();
    private error: string | undefined;
    private rendered: Extract<PageMessage, { type: 'rendered' }> | undefined;
    private cspViolations = 0;
    private readonly postedTypes: HostMessage['type'][] = [];
    /** An ICM panel's reads of a message that is not final yet. */
    private readonly poll: PanelPoll;
    private readonly disposeEmitter = this._register(new vscode.EventEmitter<void>());
    /** Fires once when the panel closes. */
    readonly onDidDispose = this.disposeEmitter.event;

    constructor(
        readonly kind: PanelKind,
        protected readonly webviewPanel: vscode.WebviewPanel,
        protected readonly deps: PanelDeps,
        private query: QueryRequest,
        readonly key: string,
    ) {
        super();
        const webview = webviewPanel.webview;
        webview.options = webviewOptions(deps.services.extensionUri);
        const root = deps.services.extensionUri;
        webview.html = getWebviewHtml(webview, {
            scriptUri: vscode.Uri.joinPath(root, 'dist', 'webview', 'main.js'),
            styleUris: [
                vscode.Uri.joinPath(root, 'dist', 'webview', 'codicon.css'),
                vscode.Uri.joinPath(root, 'dist', 'webview', 'main.css'),
            ],
            title: webviewPanel.title,
        });
        webviewPanel.iconPath = vscode.Uri.joinPath(root, 'media', 'icons', 'avalanche.svg');
        this._register(
            webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
        );
        this.poll = new PanelPoll(
            webviewPanel,
            () => deps.services.testing.icmPollMs,
            () => void this.run({ append: false }),
        );
        this._register(
            webviewPanel.onDidChangeViewState(({ webviewPanel: panel }) =>
                this.poll.shown(panel.visible),
            ),
        );
        this._register(this.poll);
        this._register(
            webviewPanel.onDidDispose(() => {
                this.abort?.abort();
                this.disposeEmitter.fire();
                this.dispose();
                deps.changed();
            }),
        );
    }

    /** The query the panel shows. */
    get currentQuery(): QueryRequest {
        return this.query;
    }

    /** Closes the panel (its webview, then everything it owns). */
    close(): void {
        this.webviewPanel.dispose();
    }

    /** Brings the panel forward. */
    reveal(): void {
        this.webviewPanel.reveal(undefined, false);
    }

    /** What the panel has shown (tests). */
    snapshot(): PanelSnapshot {
        return {
            kind: this.kind,
            key: this.key,
            query: this.query,
            title: this.webviewPanel.title,
            ready: this.ready,
            loading: this.loading,
            requestId: this.requestCounter,
            view: this.result.currentView(),
            rows: this.result.rows.length,
            hasMore: this.result.nextPageToken !== undefined,
            error: this.error,
            rendered: this.rendered,
            cspViolations: this.cspViolations,
            watch: this.frame().can.watch,
            posted: [...this.postedTypes],
            polls: this.poll.polls,
            polling: this.poll.polling,
        };
    }

    /** Shows a query: runs it, or shows a result computed before (`preset`). */
    show(query: QueryRequest, preset?: PresetResult): void {
        this.query = query;
        this.post({ type: 'query', query, title: this.webviewPanel.title });
        if (preset) void this.showPreset(preset);
        else void this.run({ append: false });
    }

    /**
     * After a reload: run the persisted query again, unless it may have changed something; then
     * show the answer the page kept, if any, and a "Send Again…" button that asks first.
     */
    restore(query: QueryRequest, kept?: ResultView): void {
        this.query = query;
        if (!loadCore().isReplayable(query)) {
            const summary = loadCore().querySummary(query);
            const text = `This panel showed the answer of a call that may change something (${summary}). It is not sent again after a reload; Send Again asks first.`;
            const sendAgain: Field = {
                label: 'Send again',
                value: {
                    k: 'action',
                    label: 'Send Again…',
                    icon: 'debug-restart',
                    action: { kind: 'sendAgain' },
                },
            };
            this.result.view = kept
                ? {
                      ...kept,
                      notice: { tone: 'info', text: `The answer from before the reload. ${text}` },
                      fields: [sendAgain, ...kept.fields],
                  }
                : {
                      ...loadCore().messageView('Not sent again', 'info', text),
                      fields: [sendAgain],
                  };
            this.error = undefined;
            this.post({
                type: 'result',
                requestId: ++this.requestCounter,
                frame: this.frame(),
                view: this.result.view,
                receivedAt: Date.now(),
            });
            return;
        }
        void this.run({ append: false });
    }

    // -------------------------------------------------------------------------------------------

    private frame() {
        const core = loadCore();
        const frame = core.frameFor(this.query, this.result.paging(this.query));
        const subject = core.panelWatchSubject(this.query);
        return subject
            ? { ...frame, can: { ...frame.can, watch: core.panelWatchTitle(subject) } }
            : frame;
    }

    private post(message: HostMessage): void {
        this.postedTypes.push(message.type);
        if (this.postedTypes.length > 20) this.postedTypes.shift();
        if (!this.ready) {
            // Until the page is ready only the latest state matters; `query` is kept for setState.
            if (message.type === 'result')
                this.queue = this.queue.filter((m) => m.type === 'query');
            this.queue.push(message);
            return;
        }
        void this.webviewPanel.webview.postMessage(message);
    }

    private setTitle(view: ResultView): void {
        const title = loadCore().cleanText(view.title);
        this.webviewPanel.title = title.length > 60 ? `${title.slice(0, 59)}…` : title;
    }

    private async showPreset(preset: PresetResult): Promise<void> {
        const requestId = ++this.requestCounter;
        try {
            const context = await this.deps.runner.context(this.query);
            const built = loadCore().buildView(this.query, preset.result, context);
            this.result.accept(built, undefined, preset.result);
            this.error = undefined;
            if (preset.notice) this.result.view = { ...this.result.view!, notice: preset.notice };
            const view = this.result.currentView()!;
            this.post({
                type: 'result',
                requestId,
                frame: this.frame(),
                view,
                receivedAt: Date.now(),
            });
            // A call that may have changed something is never asked again: the page keeps its
            // answer for the panel restored after a reload (bounded; a larger one is not kept).
            if (!loadCore().isReplayable(this.query)) {
                const kept = JSON.stringify(view).length <= maxKeptAnswerChars;
                if (kept) this.post({ type: 'keepAnswer', view });
            }
            this.setTitle(this.result.view!);
            this.deps.changed();
        } catch (error) {
            this.fail(requestId, error, false);
        }
    }

    private async run({ append }: { append: boolean }): Promise<void> {
        const core = loadCore();
        this.abort?.abort();
        const abort = new AbortController();
        this.abort = abort;
        const requestId = ++this.requestCounter;
        const query = this.query;
        this.loading = true;
        this.post({ type: 'loading', requestId, append });
        try {
            this.deps.runner.check(query);
            const run = await this.deps.runner.run(
                query,
                append ? this.result.nextPageToken : undefined,
                abort.signal,
            );
            if (abort.signal.aborted || requestId !== this.requestCounter) return;
            const receivedAt = Date.now();
            if (append) {
                const items = core.resultItems(query, run.result) ?? [];
                const repairs = core.resultRepairs(run.result);
                const rows = core.buildRows(query, items, run.context, repairs);
                // Items of this page that did not match are named by their rows in the table.
                const loaded = this.result;
                const added = core.repairNotice(repairs, loaded.rows.length);
                if (added && loaded.view) {
                    loaded.view = {
                        ...loaded.view,
                        notice: core.joinNotices(loaded.view.notice, added),
                    };
                }
                loaded.items.push(...items);
                loaded.rows.push(...rows);
                loaded.nextPageToken = run.nextPageToken;
                this.post({
                    type: 'rows',
                    requestId,
                    rows,
                    paging: loaded.paging(this.query)!,
                    receivedAt,
                    ...(added && loaded.view ? { notice: loaded.view.notice } : {}),
                });
            } else {
                const built = core.buildView(query, run.result, run.context);
                this.result.accept(built, run.nextPageToken, run.result);
                this.error = undefined;
                this.post({
                    type: 'result',
                    requestId,
                    frame: this.frame(),
                    view: built.view,
                    receivedAt,
                });
                this.setTitle(built.view);
                this.post({ type: 'query', query, title: this.webviewPanel.title });
                this.poll.schedule(this.query, run.result);
                await this.deps.services.addHistory(query, this.webviewPanel.title);
            }
        } catch (error) {
            if (abort.signal.aborted) return;
            this.fail(requestId, error, append);
        } finally {
            if (requestId === this.requestCounter) this.loading = false;
            this.deps.changed();
        }
    }

    private fail(requestId: number, error: unknown, append: boolean): void {
        this.loading = false;
        const message = isCancellation(error)
            ? 'Cancelled.'
            : log.redact(formatError(error, translateForPerson).message);
        if (!isCancellation(error))
            logger.warn(`${loadCore().querySummary(this.query)} failed`, error);
        this.error = message;
        if (!append) {
            this.result.clear();
        }
        this.post({ type: 'error', requestId, message, frame: this.frame(), keepRows: append });
        this.deps.changed();
    }

    /**
     * Handles a message as if the page had posted it, through the same validation. The
     * integration tests drive panels this way (load more, tabs, links, exports) and check what
     * reaches the host from a page is refused when malformed.
     */
    deliver(message: unknown): Promise<void> {
        return this.receive(message);
    }

    private receive(raw: unknown): Promise<void> {
        const message = loadCore().parsePageMessage(raw);
        if (!message) {
            logger.warn('Ignored a malformed message from a panel page');
            return Promise.resolve();
        }
        return this.handle(message).catch((error: unknown) => {
            if (isCancellation(error)) return;
            logger.error(`Panel action ${message.type} failed`, error);
            void vscode.window.showErrorMessage(
                log.redact(formatError(error, translateForPerson).message),
            );
        });
    }

    private async handle(message: PageMessage): Promise<void> {
        const core = loadCore();
        switch (message.type) {
            case 'ready':
                this.ready = true;
                this.flush();
                return;
            case 'rendered':
                this.rendered = message;
                logger.debug(
                    `${this.kind} panel: ${message.rows} rows drawn in ${message.renderMs.toFixed(1)} ms (${message.sinceResponseMs.toFixed(1)} ms after the response)`,
                );
                this.deps.changed();
                return;
            case 'cspViolation':
                this.cspViolations++;
                logger.warn(`The panel page reported a CSP violation (${message.directive})`);
                this.deps.changed();
                return;
            case 'pageError':
                logger.error(`The ${this.kind} panel's page failed: ${message.message}`);
                return;
            case 'refresh':
                if (core.isReplayable(this.query)) await this.run({ append: false });
                return;
            case 'loadMore':
                if (
                    message.requestId === this.requestCounter &&
                    this.result.nextPageToken &&
                    !this.loading
                ) {
                    await this.run({ append: true });
                }
                return;
            case 'setPageSize': {
                // Only the sizes the picker offers; 0 goes back to the server's default.
                if (message.pageSize === 0)
                    return this.rerun(core.withParam(this.query, 'pageSize', undefined));
                if (!core.pageSizesFor(this.query).includes(message.pageSize)) return;
                return this.rerun(core.withParam(this.query, 'pageSize', message.pageSize));
            }
            case 'setControl': {
                const control = core.controlsFor(this.query).find((c) => c.param === message.param);
                if (!control) return;
                if (message.value !== '' && !control.options.some((o) => o.value === message.value))
                    return;
                return this.rerun(core.withParam(this.query, message.param, message.value));
            }
            case 'selectTab': {
                const next = core.tabQuery(this.query, message.tab);
                if (next) return this.rerun(next);
                return;
            }
            case 'open':
                return openPanelLink(message.query, (query) => this.deps.open(query));
            case 'action':
                return this.action(message.action);
            case 'copy':
                await this.deps.services.clipboard.writeText(message.text);
                return;
            case 'copyJson':
                await this.deps.services.clipboard.writeText(core.toJson(this.result.rawValue()));
                void vscode.window.setStatusBarMessage('Avalanche: JSON copied', 3000);
                return;
            case 'copyCurl':
                return copyCurl(this.exported(), message.includeKey);
            case 'export':
                return exportRows(this.exported(), message.format);
            case 'watch':
                return watchPanelSubject(this.query, this.result.lastResult, this.deps.services);
            case 'history':
                return showPanelHistory(this.query, this.deps.services, (query) =>
                    this.deps.open(query),
                );
            case 'edit': {
                const edited = await this.deps.edit(this.query);
                if (!edited) return;
                if (core.panelKey(edited) === this.key) return this.rerun(edited);
                this.deps.open(edited);
                return;
            }
            case 'requestRaw': {
                const text =
                    this.result.lastResult === undefined && !this.result.view
                        ? ''
                        : core.toJson(this.result.rawValue());
                const truncated = text.length > maxRawChars;
                this.post({
                    type: 'raw',
                    requestId: message.requestId,
                    text: truncated ? text.slice(0, maxRawChars) : text,
                    truncated,
                });
                return;
            }
        }
    }

    private flush(): void {
        const queued = this.queue;
        this.queue = [];
        if (queued.length === 0 && this.result.view) {
            // The page was reloaded (hidden and shown again): it gets the current state back.
            queued.push({ type: 'query', query: this.query, title: this.webviewPanel.title });
            queued.push({
                type: 'result',
                requestId: this.requestCounter,
                frame: this.frame(),
                view: this.result.currentView()!,
                receivedAt: Date.now(),
            });
            if (this.loading)
                queued.push({ type: 'loading', requestId: this.requestCounter, append: true });
        } else if (queued.length === 0 && this.error !== undefined) {
            queued.push({
                type: 'error',
                requestId: this.requestCounter,
                message: this.error,
                frame: this.frame(),
                keepRows: false,
            });
        }
        for (const message of queued) void this.webviewPanel.webview.postMessage(message);
    }

    /** The panel as its exports read it: the query and title as they are when read. */
    private exported(): ExportedPanel {
        return {
            query: () => this.query,
            title: () => this.webviewPanel.title,
            result: this.result,
            services: this.deps.services,
            runner: this.deps.runner,
        };
    }

    private async rerun(query: QueryRequest): Promise<void> {
        this.query = query;
        this.post({ type: 'query', query, title: this.webviewPanel.title });
        await this.run({ append: false });
    }

    private async action(action: PanelAction): Promise<void> {
        if (action.kind === 'openUrl') {
            await openPanelUrl(action.url);
            return;
        }
        if (action.kind === 'sendAgain') {
            await this.deps.sendAgain(this.query);
            return;
        }
        if (action.kind === 'openSource') {
            // The page names a frame only; the place is the host's own report's.
            const place =
                this.query.source === 'trace'
                    ? tracePlace(this.query, this.result.lastResult, action.frame)
                    : undefined;
            if (!place) {
                logger.warn('Ignored a request to open a line the trace does not have');
                return;
            }
            await this.deps.marks.open(this.key, place);
            return;
        }
        await this.deps.act(action);
        if (this.query.source === 'operations') await this.run({ append: false });
    }
}
