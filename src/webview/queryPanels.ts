/**
 * The registry of result panels: opens a query in the panel kind that shows it, revives the
 * panels VS Code restores after a window reload (rule 18: from the persisted query, which runs
 * again; the serializers are registered at activation by `lazyQueries.ts`, which loads this on the
 * first restore), and lists what every open panel has shown for the integration tests.
 */
import * as vscode from 'vscode';

import type { QueryServices } from '../commands/queries/queryServices';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { QueryRequest } from '../shared/query';
import type { PanelAction } from '../shared/viewModel';
import { panelKindHosts } from './panels';
import type { PanelDeps, PanelSnapshot, PresetResult, QueryPanel } from './queryPanel';
import { QueryRunner } from './queryRunner';

const logger = log.for('Panels');

/** What the panels ask of the commands (editing a query, acting on an export). */
export interface PanelCommands {
    edit(request: QueryRequest): Promise<QueryRequest | undefined>;
    act(action: PanelAction & { kind: 'operation' }): Promise<void>;
}

export class QueryPanels extends Disposable {
    readonly runner: QueryRunner;
    private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
    /** Fires when a panel opened, showed something, or closed. */
    readonly onDidChange = this.changeEmitter.event;
    private commands: PanelCommands | undefined;
    private readonly deps: PanelDeps;

    constructor(readonly services: QueryServices) {
        super();
        this.runner = new QueryRunner(services);
        this.deps = {
            services,
            runner: this.runner,
            open: (request) => {
                this.open(request);
            },
            edit: (request) => this.commands?.edit(request) ?? Promise.resolve(undefined),
            act: (action) => this.commands?.act(action) ?? Promise.resolve(),
            changed: () => this.changeEmitter.fire(),
        };
        this._register(services.onDidChangeOperations(() => this.changeEmitter.fire()));
    }

    /** Connects the command handlers the panels call back into (they are built after this). */
    connect(commands: PanelCommands): void {
        this.commands = commands;
    }

    /**
     * Revives a panel VS Code restored after a reload (what the serializer calls; the tests call
     * it with a panel they created, to run the same path). The saved query decides the kind.
     */
    revive(panel: vscode.WebviewPanel, state: unknown): void {
        try {
            const core = loadCore();
            const query = core.parsePersistedState(state)?.query;
            if (!query) {
                logger.info('A panel without a valid saved query was closed on restore');
                panel.dispose();
                return;
            }
            panelKindHosts[core.panelKindFor(query)].revive(this.deps, panel, query);
        } catch (error) {
            logger.error('Restoring a panel failed', error);
            panel.dispose();
        }
    }

    /** Opens (or reveals and re-runs) the panel of a query; `preset` shows a result already read. */
    open(request: QueryRequest, preset?: PresetResult): QueryPanel {
        const kind = loadCore().panelKindFor(request);
        return panelKindHosts[kind].createOrShow(this.deps, request, preset);
    }

    /** Every open panel. */
    all(): QueryPanel[] {
        return Object.values(panelKindHosts).flatMap((host) => [...host.instances()]);
    }

    /** What every open panel has shown. */
    snapshots(): PanelSnapshot[] {
        return this.all().map((panel) => panel.snapshot());
    }

    /** Closes every panel (tests start from a clean editor area). */
    closeAll(): void {
        for (const panel of this.all()) panel.close();
    }
}
