/**
 * What every result panel does, whatever it shows: the webview options
 * and HTML, the ready handshake with a queue, validation of every inbound message, running its
 * query (first page, "Load more", page size, drop-downs, tabs, edit), links to other panels,
 * copy, "Copy as curl", exports through a save dialog, the Raw JSON tab and the history. Every
 * kind of result is this one class: `QueryPanels` keeps the open ones by subject. The page persists
 * the query only; a revived panel runs it again, unless it changed something.
 */
import * as vscode from 'vscode';

import type {
    PanelEvmChain,
    PanelWatchFacts,
    PanelWatchSubject,
    WatchNetwork,
} from '../core/index';
import type { QueryServices } from './queryServices';
import { CommandId } from '../commands/commandIds';
import { formatError, isCancellation } from '../commands/formatError';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { PanelKind, QueryRequest } from '../shared/query';
import type {
    Cell,
    Column,
    Field,
    PanelAction,
    PagingState,
    ResultView,
    Tone,
} from '../shared/viewModel';
import { type HostMessage, maxKeptAnswerChars, type PageMessage } from '../shared/webviewProtocol';
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

/** How often an ICM panel reads a message that is not final yet. */
const icmPollMs = 10_000;

export class QueryPanel extends Disposable {
    private ready = false;
    private queue: HostMessage[] = [];
    private requestCounter = 0;
    private abort: AbortController | undefined;
    private loading = false;
    private items: unknown[] = [];
    private rows: Cell[][] = [];
    private columns: readonly Column[] | undefined;
    private isList = false;
    private nextPageToken: string | undefined;
    private lastResult: unknown;
    private view: ResultView | undefined;
    private error: string | undefined;
    private rendered: Extract<PageMessage, { type: 'rendered' }> | undefined;
    private cspViolations = 0;
    private readonly postedTypes: HostMessage['type'][] = [];
    /** The next poll of an ICM panel whose message is not final. */
    private pollTimer: ReturnType<typeof setTimeout> | undefined;
    /** A poll fell due while the panel was hidden: it runs when the panel is shown. */
    private pollDue = false;
    /** Polls run (tests). */
    private polls = 0;
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
        this._register(
            webviewPanel.onDidChangeViewState(({ webviewPanel: panel }) => {
                if (!panel.visible || !this.pollDue) return;
                this.pollDue = false;
                this.polls++;
                void this.run({ append: false });
            }),
        );
        this._register({ dispose: () => clearTimeout(this.pollTimer) });
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
            view: this.currentView(),
            rows: this.rows.length,
            hasMore: this.nextPageToken !== undefined,
            error: this.error,
            rendered: this.rendered,
            cspViolations: this.cspViolations,
            watch: this.frame().can.watch,
            posted: [...this.postedTypes],
            polls: this.polls,
            polling: this.pollTimer !== undefined || this.pollDue,
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
            this.view = kept
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
                view: this.view,
                receivedAt: Date.now(),
            });
            return;
        }
        void this.run({ append: false });
    }

    // -------------------------------------------------------------------------------------------

    private currentView(): ResultView | undefined {
        if (!this.view) return undefined;
        if (!this.view.main) return this.view;
        return { ...this.view, main: { ...this.view.main, rows: this.rows } };
    }

    private paging(): PagingState | undefined {
        if (!this.isList) return undefined;
        const pageSize =
            this.query.source === 'dataApi' ? this.query.params['pageSize'] : undefined;
        return {
            pageSize: typeof pageSize === 'number' ? pageSize : undefined,
            pageSizes: loadCore().pageSizesFor(this.query),
            hasMore: this.nextPageToken !== undefined,
            loadedRows: this.rows.length,
        };
    }

    private frame() {
        const core = loadCore();
        const frame = core.frameFor(this.query, this.paging());
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
            this.accept(built, undefined, preset.result);
            if (preset.notice) this.view = { ...this.view!, notice: preset.notice };
            const view = this.currentView()!;
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
            this.setTitle(this.view!);
            this.deps.changed();
        } catch (error) {
            this.fail(requestId, error, false);
        }
    }

    private accept(
        built: { view: ResultView; items: readonly unknown[] | undefined },
        nextPageToken: string | undefined,
        result: unknown,
    ): void {
        this.view = built.view;
        this.isList = built.items !== undefined;
        this.items = built.items ? [...built.items] : [];
        this.rows = built.view.main ? built.view.main.rows.map((row) => [...row]) : [];
        this.columns = built.view.main?.columns;
        this.nextPageToken = nextPageToken;
        this.lastResult = result;
        this.error = undefined;
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
                append ? this.nextPageToken : undefined,
                abort.signal,
            );
            if (abort.signal.aborted || requestId !== this.requestCounter) return;
            const receivedAt = Date.now();
            if (append) {
                const items = core.resultItems(query, run.result) ?? [];
                const repairs = core.resultRepairs(run.result);
                const rows = core.buildRows(query, items, run.context, repairs);
                // Items of this page that did not match are named by their rows in the table.
                const added = core.repairNotice(repairs, this.rows.length);
                if (added && this.view) {
                    this.view = { ...this.view, notice: core.joinNotices(this.view.notice, added) };
                }
                this.items.push(...items);
                this.rows.push(...rows);
                this.nextPageToken = run.nextPageToken;
                this.post({
                    type: 'rows',
                    requestId,
                    rows,
                    paging: this.paging()!,
                    receivedAt,
                    ...(added && this.view ? { notice: this.view.notice } : {}),
                });
            } else {
                const built = core.buildView(query, run.result, run.context);
                this.accept(built, run.nextPageToken, run.result);
                this.post({
                    type: 'result',
                    requestId,
                    frame: this.frame(),
                    view: built.view,
                    receivedAt,
                });
                this.setTitle(built.view);
                this.post({ type: 'query', query, title: this.webviewPanel.title });
                this.schedulePoll(run.result);
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

    /**
     * An ICM panel reads its message again while it is not final (delivered and executed, failed,
     * or receipted): every `icmPollMs` while the panel is visible, and once when a hidden panel
     * whose poll fell due is shown again. A final message, or a closed panel, stops it.
     */
    private schedulePoll(result: unknown): void {
        clearTimeout(this.pollTimer);
        this.pollTimer = undefined;
        this.pollDue = false;
        if (this.query.source !== 'icm' || (result as { final?: unknown }).final === true) return;
        const ms = this.deps.services.testing.icmPollMs ?? icmPollMs;
        this.pollTimer = setTimeout(() => {
            this.pollTimer = undefined;
            if (!this.webviewPanel.visible) {
                this.pollDue = true;
                return;
            }
            this.polls++;
            void this.run({ append: false });
        }, ms);
    }

    private fail(requestId: number, error: unknown, append: boolean): void {
        this.loading = false;
        const message = isCancellation(error)
            ? 'Cancelled.'
            : log.redact(formatError(error).message);
        if (!isCancellation(error))
            logger.warn(`${loadCore().querySummary(this.query)} failed`, error);
        this.error = message;
        if (!append) {
            this.view = undefined;
            this.rows = [];
            this.items = [];
            this.isList = false;
            this.nextPageToken = undefined;
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
            void vscode.window.showErrorMessage(log.redact(formatError(error).message));
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
                    this.nextPageToken &&
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
                return this.openLink(message.query);
            case 'action':
                return this.action(message.action);
            case 'copy':
                await this.deps.services.clipboard.writeText(message.text);
                return;
            case 'copyJson':
                await this.deps.services.clipboard.writeText(core.toJson(this.rawValue()));
                void vscode.window.setStatusBarMessage('Avalanche: JSON copied', 3000);
                return;
            case 'copyCurl':
                return this.copyCurl(message.includeKey);
            case 'export':
                return this.exportRows(message.format);
            case 'watch':
                return this.watch();
            case 'history':
                return this.showHistory();
            case 'edit': {
                const edited = await this.deps.edit(this.query);
                if (!edited) return;
                if (core.panelKey(edited) === this.key) return this.rerun(edited);
                this.deps.open(edited);
                return;
            }
            case 'requestRaw': {
                const text =
                    this.lastResult === undefined && !this.view ? '' : core.toJson(this.rawValue());
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
        if (queued.length === 0 && this.view) {
            // The page was reloaded (hidden and shown again): it gets the current state back.
            queued.push({ type: 'query', query: this.query, title: this.webviewPanel.title });
            queued.push({
                type: 'result',
                requestId: this.requestCounter,
                frame: this.frame(),
                view: this.currentView()!,
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

    private async rerun(query: QueryRequest): Promise<void> {
        this.query = query;
        this.post({ type: 'query', query, title: this.webviewPanel.title });
        await this.run({ append: false });
    }

    /** The loaded result as JSON: a list's items are every loaded page. */
    private rawValue(): unknown {
        if (!this.isList || typeof this.lastResult !== 'object' || this.lastResult === null) {
            return this.lastResult ?? null;
        }
        const key = 'chains' in this.lastResult ? 'chains' : 'items';
        const rest = { ...(this.lastResult as Record<string, unknown>) };
        delete rest['nextPageToken'];
        return { ...rest, [key]: this.items };
    }

    private openLink(query: QueryRequest): void {
        const core = loadCore();
        // A link never changes anything: only read-only queries open from a page.
        if (!core.isReplayable(query) || query.source === 'rawRpc') {
            logger.warn(
                `Refused a link to a query that is not read-only: ${core.querySummary(query)}`,
            );
            return;
        }
        // A page's ICM query had only its shape checked: its values are, before anything opens.
        if (query.source === 'icm') {
            try {
                core.checkIcmTarget(query);
            } catch (error) {
                logger.warn(
                    `Refused a link to an ICM message that does not check: ${String(error)}`,
                );
                return;
            }
        }
        this.deps.open(query);
    }

    private async action(action: PanelAction): Promise<void> {
        if (action.kind === 'openUrl') {
            const target = loadCore().safeLinkTarget(action.url);
            if (!target) {
                logger.warn('Refused to open a link that is not http(s)');
                return;
            }
            await vscode.env.openExternal(vscode.Uri.parse(target, true));
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
                    ? tracePlace(this.query, this.lastResult, action.frame)
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

    /**
     * Adds the panel's subject to the watch list. The target comes from the panel's own query and
     * what the host resolves for it (the EVM chain id behind an alias, the selected node), never
     * from the page; the watch command checks it again.
     */
    private async watch(): Promise<void> {
        const core = loadCore();
        const subject = core.panelWatchSubject(this.query);
        if (!subject) return;
        const built = core.panelWatchTarget(subject, await this.watchFacts(subject));
        if ('error' in built) {
            void vscode.window.showWarningMessage(built.error);
            return;
        }
        await vscode.commands.executeCommand(CommandId.WatchAdd, built.target);
        void vscode.window.setStatusBarMessage(
            `Avalanche: watching ${core.describeTarget(built.target)}`,
            3000,
        );
    }

    private async watchFacts(subject: PanelWatchSubject): Promise<PanelWatchFacts> {
        const { clients, node } = this.deps.services;
        const network = clients.network;
        return {
            network,
            nodeUrl: node.url,
            nodeName: node.name,
            result: this.lastResult,
            evmChain:
                'chain' in subject && typeof subject.chain === 'object'
                    ? await this.evmChainOf(subject.chain, network)
                    : undefined,
        };
    }

    /** The decimal EVM chain id, name and network of the chain a query names. */
    private async evmChainOf(
        chain: PanelEvmChain,
        selected: WatchNetwork,
    ): Promise<PanelWatchFacts['evmChain']> {
        const core = loadCore();
        const services = this.deps.services;
        if (chain.via === 'node') {
            // The node says which chain answers under the alias the query used.
            const id = await services.clients
                .nodeRpc()
                .call(
                    core.nodeRpcMethods.eth_chainId,
                    [],
                    chain.chain ? { chain: chain.chain } : {},
                );
            const chainId = String(id);
            const known = await services.clients.nodeChains(selected).catch(() => []);
            const name = known.find((c) => c.chainId === chainId)?.chainName;
            return { chainId, network: selected, ...(name ? { name } : {}) };
        }
        // A Data API chain id belongs to the network whose chain list has it.
        const networks = [...new Set<WatchNetwork>([selected, 'mainnet', 'fuji'])];
        for (const network of networks) {
            const chains = await services.chains(network).catch(() => []);
            const found = chains.find(
                (c) => c.chainId === chain.chainId || c.platformChainId === chain.chainId,
            );
            if (found) return { chainId: found.chainId, name: found.chainName, network };
        }
        return /^[1-9][0-9]*$/.test(chain.chainId) ? { chainId: chain.chainId } : undefined;
    }

    private async copyCurl(includeKey: boolean): Promise<void> {
        const inputs = this.deps.services.inputs;
        if (includeKey) {
            const go = await inputs.confirm({
                key: 'curlWithKey',
                message: 'Copy the curl command with your Data API key in clear text?',
                detail: 'Anyone who sees the command (a chat, a ticket, a terminal history) can use the key.',
                action: 'Copy with Key',
            });
            if (!go) return;
        }
        const curl = await this.deps.runner.curl(this.query, includeKey);
        if (curl === undefined) return;
        await this.deps.services.clipboard.writeText(curl);
        void vscode.window.setStatusBarMessage(
            `Avalanche: curl command copied${includeKey ? ' (with the API key)' : ''}`,
            3000,
        );
    }

    private async exportRows(format: 'csv' | 'json'): Promise<void> {
        const core = loadCore();
        if (format === 'csv' && (!this.columns || !this.isList)) return;
        const what =
            this.query.source === 'dataApi'
                ? this.query.operation
                : this.query.source === 'node'
                  ? this.query.method
                  : this.query.source;
        let chosen = {
            items: this.items,
            rows: this.rows,
            described: this.isList ? `${this.rows.length} loaded rows` : 'the result',
        };
        if (this.isList && this.nextPageToken !== undefined) {
            const maxRows = core.formatNumber(core.exportAllLimits.maxRows);
            const scope = await this.deps.services.inputs.pick(
                [
                    {
                        label: 'Loaded rows',
                        description: `${core.formatNumber(this.rows.length)} rows`,
                        value: 'loaded' as const,
                    },
                    {
                        label: 'All pages',
                        description: `up to ${maxRows} rows`,
                        detail: 'Reads the pages after the loaded ones first, with progress; a cancel keeps what was read.',
                        value: 'all' as const,
                    },
                ],
                {
                    key: 'exportScope',
                    title: `Export as ${format.toUpperCase()}`,
                    placeholder: 'More pages follow the loaded rows',
                },
            );
            if (!scope) return;
            if (scope === 'all') {
                const all = await this.readAllPages();
                if (!all) return;
                chosen = all;
            }
        }
        const uri = await this.deps.services.inputs.saveFile({
            key: `export-${format}`,
            title: `Export ${chosen.described} as ${format.toUpperCase()}`,
            defaultName: core.exportFileName(what, format),
            filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
        });
        if (!uri) return;
        const text =
            format === 'csv'
                ? core.toCsv(this.columns!, chosen.rows)
                : core.toJson(this.isList ? chosen.items : this.rawValue());
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
        void vscode.window.setStatusBarMessage(
            `Avalanche: exported ${this.isList ? `${chosen.rows.length} rows` : 'the result'} to ${uri.path.split('/').pop() ?? 'a file'}`,
            5000,
        );
    }

    /**
     * Reads every page after the loaded ones, in a cancellable progress notification, after a
     * warning when the Data API quota could run out on the way. Undefined when the user said no.
     */
    private async readAllPages(): Promise<
        { items: unknown[]; rows: Cell[][]; described: string } | undefined
    > {
        const core = loadCore();
        const query = this.query;
        const maxRows = core.exportAllLimits.maxRows;
        const pageSize =
            (query.source === 'dataApi' ? Number(query.params['pageSize']) : 0) || this.rows.length;
        const pagesLeft = core.pagesAtMost(this.items.length, pageSize, maxRows);
        if (query.source === 'dataApi') {
            const warning = core.exportQuotaWarning(
                this.deps.services.clients.quota,
                pagesLeft,
                core.dataApiComputeUnits[query.operation],
            );
            const go =
                warning === undefined ||
                (await this.deps.services.inputs.confirm({
                    key: 'exportQuota',
                    message: 'The Data API quota may run out during this export',
                    detail: warning,
                    action: 'Export All Pages',
                }));
            if (!go) return undefined;
        }
        const read = await vscode.window.withProgress(
            {
                location: vscode.ProgressLocation.Notification,
                title: `Avalanche: reading every page of ${this.webviewPanel.title}`,
                cancellable: true,
            },
            async (progress, token) => {
                const abort = new AbortController();
                const listener = token.onCancellationRequested(() => abort.abort());
                try {
                    return await core.readRemainingPages({
                        loaded: this.items,
                        nextPageToken: this.nextPageToken,
                        maxRows,
                        signal: abort.signal,
                        readPage: async (pageToken, signal) => {
                            const run = await this.deps.runner.run(query, pageToken, signal);
                            const items = core.resultItems(query, run.result) ?? [];
                            const repairs = core.resultRepairs(run.result);
                            const rows = core.buildRows(query, items, run.context, repairs);
                            return { items, nextPageToken: run.nextPageToken, rows };
                        },
                        // `increment` adds up: each page is its share of the pages left at most.
                        onProgress: (rows, pages) =>
                            progress.report({
                                message: `${core.formatNumber(rows)} of at most ${core.formatNumber(maxRows)} rows, ${pages} more pages`,
                                increment: 100 / Math.max(1, pagesLeft),
                            }),
                    });
                } finally {
                    listener.dispose();
                }
            },
        );
        if (read.stoppedBy === 'failed') {
            const reason = log.redact(formatError(read.error).message);
            logger.warn(`Reading every page of ${core.querySummary(query)} failed`, read.error);
            void this.deps.services.inputs.notify({
                key: 'exportPageFailed',
                severity: 'warning',
                message: `A page failed while reading every page: ${reason} The ${core.formatNumber(read.items.length)} rows read so far can still be saved.`,
                actions: [],
            });
        }
        return {
            items: read.items,
            rows: [...this.rows, ...read.pageRows.flatMap((rows) => rows.map((row) => [...row]))],
            described: core.describeExportAll(read, maxRows),
        };
    }

    private async showHistory(): Promise<void> {
        const core = loadCore();
        const history = this.deps.services.history();
        const own = new Set(core.historyOfPanel(history, this.query));
        const ordered = [
            ...history.filter((e) => own.has(e)),
            ...history.filter((e) => !own.has(e)),
        ];
        if (ordered.length === 0) {
            void vscode.window.showInformationMessage('No queries in the history yet.');
            return;
        }
        const picked = await this.deps.services.inputs.pick(
            ordered.map((e) => ({
                label: core.cleanText(e.title),
                description: core.formatLocalTime(e.atMs),
                detail: core.querySummary(e.query),
                value: e,
            })),
            {
                key: 'history',
                title: 'Avalanche: Recent Queries',
                placeholder: 'Reopen a recent query',
            },
        );
        if (!picked) return;
        const query = core.parseQueryRequest(picked.query);
        if (query && core.isReplayable(query)) this.deps.open(query);
    }
}
