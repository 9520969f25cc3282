/**
 * Entry of the lazily loaded `dist/queries.js` (see `lazyQueries.ts`): builds the palette queries,
 * their prompt flows, the export commands and the result panels. None of this is needed to
 * register the contributions, so it loads on the first query command or panel restore.
 */
import type * as vscode from 'vscode';

import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import type { ProfilerStates } from '../platform/profilerStates';
import type { LocalNetworks } from '../platform/localNetworks';
import type { WorkspaceContracts } from '../platform/workspaceContracts';
import { Disposable } from '../platform/disposable';
import { QueryPanels } from './queryPanels';
import type { CommandHandler } from '../commands/runCommand';
import { ExportCommands } from './exportCommands';
import { QueryCommands } from './queryCommands';
import type { QueryCommandId } from '../commands/queryCommandIds';
import { QueryServices } from './queryServices';

export interface QueryFeatureDeps {
    readonly clients: ClientProvider;
    readonly config: Config;
    readonly state: vscode.Memento;
    readonly extensionUri: vscode.Uri;
    /** The workspace's contracts, which decode what the panels show. */
    readonly contracts: WorkspaceContracts;
    /** What this window did to each node's CPU profiler (shared with the Node view). */
    readonly profilers: ProfilerStates;
    /** The local networks found on this machine (ICM panels name their chains and relayer). */
    readonly local?: Pick<LocalNetworks, 'list'>;
}

export class QueryFeature extends Disposable {
    readonly services: QueryServices;
    readonly panels: QueryPanels;
    readonly exports: ExportCommands;
    readonly commands: QueryCommands;
    readonly handlers: Readonly<Record<QueryCommandId, CommandHandler>>;

    constructor({
        clients,
        config,
        state,
        extensionUri,
        contracts,
        profilers,
        local,
    }: QueryFeatureDeps) {
        super();
        this.services = this._register(
            new QueryServices(clients, config, state, extensionUri, contracts, profilers, local),
        );
        // The panels call back into the commands (Edit Query…, the export buttons) only on a
        // user's action, by which time both exist.
        this.panels = this._register(
            new QueryPanels(this.services, {
                edit: (request) => this.commands.editQuery(request),
                act: (action) => this.exports.act(action),
                sendAgain: (request) => this.commands.sendAgain(request),
            }),
        );
        this.exports = new ExportCommands(this.services, this.panels);
        this.commands = new QueryCommands(this.services, this.panels, this.exports);
        this.handlers = this.commands.handlers();
    }
}
