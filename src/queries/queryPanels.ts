/**
 * The host of every result panel: opens a query in the panel of its subject (one panel per
 * transaction, per address, per token…, keyed by `panelKey`, which names the kind), revives the
 * panels VS Code restores after a window reload (from the persisted query, which runs again; the
 * serializer is registered at activation by `lazyQueries.ts`, which loads this on the first
 * restore), and lists what every open panel has shown for the integration tests.
 */
import * as vscode from 'vscode';

import type { QueryServices } from './queryServices';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { webviewOptions } from '../platform/webviewOptions';
import type { QueryRequest } from '../shared/query';
import type { PanelAction } from '../shared/viewModel';
import { panelViewType } from './panelViewTypes';
import { type PanelDeps, type PanelSnapshot, type PresetResult, QueryPanel } from './queryPanel';
import { QueryRunner } from './queryRunner';
import { TraceLineMarks } from './traceLines';

const logger = log.for('Panels');

/** What the panels ask of the commands (editing a query, acting on an export). */
export interface PanelCommands {
    edit(request: QueryRequest): Promise<QueryRequest | undefined>;
    act(action: PanelAction & { kind: 'operation' }): Promise<void>;
    sendAgain(request: QueryRequest): Promise<void>;
}

export class QueryPanels extends Disposable {
    readonly runner: QueryRunner;
    private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
    /** Fires when a panel opened, showed something, or closed. */
    readonly onDidChange = this.changeEmitter.event;
    private readonly deps: PanelDeps;
    /** The open panels by `panelKey` of the query they show. */
    private readonly panelsByKey = new Map<string, QueryPanel>();
    private marksInstance: TraceLineMarks | undefined;

    constructor(
        readonly services: QueryServices,
        commands: PanelCommands,
    ) {
        super();
        this.runner = new QueryRunner(services);
        const marks = (): TraceLineMarks => this.marks;
        this.deps = {
            services,
            runner: this.runner,
            open: (request) => {
                this.open(request);
            },
            edit: (request) => commands.edit(request),
            act: (action) => commands.act(action),
            sendAgain: (request) => commands.sendAgain(request),
            changed: () => this.changeEmitter.fire(),
            get marks() {
                return marks();
            },
        };
        this._register(services.onDidChangeOperations(() => this.changeEmitter.fire()));
    }

    /**
     * Revives a panel VS Code restored after a reload (what the serializer calls; the tests call
     * it with a panel they created, to run the same path). The saved query decides the kind.
     */
    revive(panel: vscode.WebviewPanel, state: unknown): void {
        try {
            const core = loadCore();
            const persisted = core.parsePersistedState(state);
            const query = persisted?.query;
            if (!query) {
                logger.info('A panel without a valid saved query was closed on restore');
                panel.dispose();
                return;
            }
            const key = core.panelKey(query);
            const existing = this.panelsByKey.get(key);
            if (existing) {
                // Two panels restored for one subject: keep the first.
                panel.dispose();
                existing.reveal();
                return;
            }
            panel.webview.options = webviewOptions(this.services.extensionUri);
            const instance = new QueryPanel(core.panelKindFor(query), panel, this.deps, query, key);
            this.track(key, instance);
            instance.restore(query, persisted?.answer);
            this.deps.changed();
        } catch (error) {
            logger.error('Restoring a panel failed', error);
            panel.dispose();
        }
    }

    /** Opens (or reveals and re-runs) the panel of a query; `preset` shows a result already read. */
    open(request: QueryRequest, preset?: PresetResult): QueryPanel {
        const core = loadCore();
        const key = core.panelKey(request);
        let instance = this.panelsByKey.get(key);
        if (instance) {
            instance.reveal();
        } else {
            const panel = vscode.window.createWebviewPanel(
                panelViewType,
                core.querySummary(request).slice(0, 50),
                vscode.ViewColumn.Active,
                webviewOptions(this.services.extensionUri),
            );
            instance = new QueryPanel(core.panelKindFor(request), panel, this.deps, request, key);
            this.track(key, instance);
        }
        instance.show(request, preset);
        this.deps.changed();
        return instance;
    }

    /**
     * The trace lines marked in the editor, cleared with the panel that marked them; made (with
     * its decoration type and two editor listeners) when a trace first opens a line.
     */
    get marks(): TraceLineMarks {
        this.marksInstance ??= this._register(new TraceLineMarks());
        return this.marksInstance;
    }

    /** Every open panel. */
    all(): QueryPanel[] {
        return [...this.panelsByKey.values()];
    }

    /** What every open panel has shown. */
    snapshots(): PanelSnapshot[] {
        return this.all().map((panel) => panel.snapshot());
    }

    /** Closes every panel (tests start from a clean editor area). */
    closeAll(): void {
        for (const panel of this.all()) panel.close();
    }

    private track(key: string, instance: QueryPanel): void {
        this.panelsByKey.set(key, instance);
        instance.onDidDispose(() => {
            if (this.panelsByKey.get(key) === instance) this.panelsByKey.delete(key);
            this.marksInstance?.clear(key);
        });
    }
}
