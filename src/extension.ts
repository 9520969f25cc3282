/**
 * Composition root: builds the services in order and hands each registrar its
 * dependencies. Activation stays cheap: no core bundle, no queries bundle (palette queries and
 * panels, `LazyQueries`), no network, no awaited I/O; clients are built on first use by
 * `ClientProvider`.
 */
import * as vscode from 'vscode';

import type { ExportCommands } from './queries/exportCommands';
import { LazyQueries } from './queries/lazyQueries';
import type { QueryCommands } from './queries/queryCommands';
import type { QueryServices } from './queries/queryServices';
import { CommandId } from './commands/commandIds';
import { setDisplayLocale } from './core/format';
import { type CommandHandlers, registerCommands } from './commands/registerCommands';
import { McpLauncher } from './agent/mcpConfiguration';
import { registerAgent } from './agent/registerAgent';
import { createConnectionCommandHandlers } from './connection/connectionCommands';
import { LocalNetworkFollower } from './connection/localNetworkFollower';
import { DeploymentLenses } from './contracts/deploymentLenses';
import { Dashboards } from './dashboard/registerDashboard';
import { createEditorCommandHandlers, EditorIdContext } from './hover/editorCommands';
import { createHoverCommandHandlers } from './hover/hoverCommands';
import { Hovers } from './hover/hovers';
import { ClientProvider } from './platform/clients';
import { Config } from './platform/config';
import { type LiveCounts, liveCounts, liveTimerSources } from './platform/liveCounters';
import { LocalNetworks } from './platform/localNetworks';
import { AutomaticNode } from './connection/automaticNode';
import { bindDataApiKeyContext } from './platform/contextKeys';
import { log } from './platform/log';
import { ProfilerStates } from './platform/profilerStates';
import { Secrets } from './platform/secrets';
import { ValidatorFeeReader } from './platform/validatorFees';
import { WorkspaceContracts } from './platform/workspaceContracts';
import { AvalancheStatusBar, workspaceHasAvalancheFiles } from './connection/statusBarItem';
import { Trees } from './tree/registerTrees';
import { createTreeCommandHandlers } from './tree/treeCommands';
import { LazyWatch } from './watch/lazyWatch';
import type { QueryPanels } from './queries/queryPanels';
import type { QueriesTesting } from './queries/queriesTesting';

/**
 * The services features build on; returned from `activate` for the integration tests, and only
 * when VS Code runs the extension in `ExtensionMode.Test` (see `activate`).
 */
export interface ExtensionApi {
    readonly config: Config;
    readonly secrets: Secrets;
    readonly clients: ClientProvider;
    readonly statusBar: AvalancheStatusBar;
    readonly trees: Trees;
    /** Reading any of its parts loads the queries bundle (`dist/queries.js`). */
    readonly queries: QueryApi;
    readonly hovers: Hovers;
    /** The context key of the identifier at the cursor (the editor's context menu). */
    readonly editorIds: EditorIdContext;
    /** The local networks found on this machine, and the one the selection follows. */
    readonly local: {
        readonly networks: LocalNetworks;
        readonly follower: LocalNetworkFollower;
        /** The node used while `avalanche.node.selectedUrl` is unset. */
        readonly automatic: AutomaticNode;
    };
    /** The workspace's contracts (artifacts and deployment records), indexed on first use. */
    readonly contracts: WorkspaceContracts;
    /** Lenses and links on deployment records. */
    readonly lenses: DeploymentLenses;
    /** The agent tools and the MCP server definition. */
    readonly agent: vscode.Disposable;
    /** The MCP server launcher for agents outside VS Code. */
    readonly mcpLauncher: McpLauncher;
    /** The watch list; reading `feature` loads it (`dist/watch.js`). */
    readonly watch: LazyWatch;
    /** The node dashboards (integration tests). */
    readonly dashboards: Dashboards;
    /** What this window did to each node's CPU profiler. */
    readonly profilers: ProfilerStates;
    /** Read-only counters for leak tests: live timers, listeners and disposables. */
    readonly debug: { liveCounts(): LiveCounts; liveTimerSources(): string[] };
}

/**
 * Palette queries and result panels, for other features and the integration tests. Disposing it
 * is what deactivation does to them: the panel serializers go, and the queries if they were loaded.
 */
export interface QueryApi extends vscode.Disposable {
    readonly services: QueryServices;
    readonly panels: QueryPanels;
    readonly commands: QueryCommands;
    readonly exports: ExportCommands;
    /** For the integration tests only (see `queries/queriesTesting.ts`). */
    readonly testing: QueriesTesting;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi | undefined {
    // Sub-millisecond: the activation budget is 10 ms, and whole milliseconds hide most of it.
    const started = performance.now();
    const subscriptions = context.subscriptions;
    subscriptions.push(log.init());
    // Trees, hovers, panels and the language-model tools write numbers and times in VS Code's
    // display language; the page reads the same one from its webview.
    setDisplayLocale(vscode.env.language);
    try {
        const config = new Config(context.globalState);
        subscriptions.push(config);
        const secrets = new Secrets(context.secrets);
        subscriptions.push(secrets);
        const clients = new ClientProvider(config, secrets);
        subscriptions.push(clients);
        // One L1 validator fee reading per network and minute for the Validators view and the
        // watch list; built before them so that it forgets a changed node first.
        const fees = new ValidatorFeeReader(clients);
        subscriptions.push(clients.onDidChange(() => fees.reset()));
        // What this window did to each node's CPU profiler: the Node view and the palette both
        // start and stop it, and both tell this one record.
        const profilers = new ProfilerStates();
        subscriptions.push(profilers);
        // Reads nothing until a picker or the `local` network asks (see LocalNetworks.list()).
        // Interchain Kit's files in the workspace's folders name URLs the extension would then
        // call on its own: read only once the workspace is trusted.
        const local = new LocalNetworks({
            log: log.for('LocalNetworks'),
            workspaceFolders: () =>
                vscode.workspace.isTrusted
                    ? (vscode.workspace.workspaceFolders ?? [])
                          .filter((folder) => folder.uri.scheme === 'file')
                          .map((folder) => folder.uri.fsPath)
                    : [],
        });
        subscriptions.push(
            local,
            vscode.workspace.onDidChangeWorkspaceFolders(() => local.foldersChanged()),
            vscode.workspace.onDidGrantWorkspaceTrust(() => local.foldersChanged()),
        );
        const follower = new LocalNetworkFollower(config, clients, local, context.globalState);
        subscriptions.push(follower);
        const automatic = new AutomaticNode(config, local);
        subscriptions.push(automatic);
        const statusBar = new AvalancheStatusBar(config, secrets, {
            hasAvalancheFiles: workspaceHasAvalancheFiles,
        });
        subscriptions.push(statusBar);
        subscriptions.push(
            clients.onDidChangeQuota((quota) => statusBar.setQuota(quota)),
            vscode.workspace.onDidChangeWorkspaceFolders(() => statusBar.lookForFiles()),
        );
        subscriptions.push(bindDataApiKeyContext(secrets));
        const trees = new Trees({
            clients,
            config,
            fees,
            profilers,
            reportHealth: (health) => statusBar.setHealth(health),
        });
        subscriptions.push(trees);
        for (const view of Object.values(trees.views)) {
            if (view.visible) {
                follower.viewShown();
                void automatic.viewShown();
            }
            subscriptions.push(
                view.onDidChangeVisibility((e) => {
                    if (!e.visible) return;
                    follower.viewShown();
                    void automatic.viewShown();
                }),
            );
        }
        // Nothing is read until a panel, hover or lens asks (see workspaceContracts.ts).
        const contracts = new WorkspaceContracts(
            vscode.Uri.joinPath(context.extensionUri, 'dist', 'workspaceWorker.js').fsPath,
        );
        subscriptions.push(contracts);
        const queries = new LazyQueries({
            clients,
            config,
            profilers,
            local,
            state: context.globalState,
            extensionUri: context.extensionUri,
            contracts,
        });
        subscriptions.push(queries);
        const hovers = new Hovers(config, clients, contracts);
        subscriptions.push(hovers);
        const editorIds = new EditorIdContext(hovers);
        subscriptions.push(editorIds);
        const lenses = new DeploymentLenses(clients, contracts);
        subscriptions.push(lenses);
        const agent = registerAgent(context, {
            clients,
            config,
            secrets,
            contracts,
            local,
            createEngine: (overrides) => hovers.createEngine(overrides),
        });
        subscriptions.push(agent);
        const mcpLauncher = new McpLauncher(context, config);
        // After an update that left a launcher naming the old server: rewritten a few seconds
        // after activation; otherwise nothing is scheduled.
        mcpLauncher.refreshAfterUpdate(5_000);
        subscriptions.push(mcpLauncher);
        // Loads nothing now; a stored list is followed again a few seconds after start-up.
        const watch = new LazyWatch({
            clients,
            config,
            state: context.globalState,
            fees,
            local,
        });
        subscriptions.push(watch);
        statusBar.followViews([...Object.values(trees.views), watch.view]);
        // Registers its serializer only; a dashboard scrapes while it is visible.
        const dashboards = new Dashboards({
            clients,
            config,
            extensionUri: context.extensionUri,
        });
        subscriptions.push(dashboards);
        const handlers: CommandHandlers = {
            ...createTreeCommandHandlers(trees, config),
            ...dashboards.handlers(),
            ...queries.handlers(),
            ...createHoverCommandHandlers(hovers),
            ...createEditorCommandHandlers(hovers, editorIds),
            ...createConnectionCommandHandlers(config, secrets, { local, follower }),
            ...watch.handlers(),
            ...mcpLauncher.handlers(),
            [CommandId.ShowLogs]: () => log.show(),
            [CommandId.ForgetCachedData]: () => clients.reset(),
        };
        subscriptions.push(registerCommands(handlers));

        // Workspace values of request-routing settings wait for the user's consent; asked after
        // activation so that a dialog never holds up the extension host.
        void config.confirmWorkspaceOverrides();
        // The trust state is named here because in an untrusted workspace VS Code drops the
        // workspace values of restricted settings before `inspect()` sees them, so Config never
        // gets to say why a `.vscode/settings.json` URL is not used.
        log.info(
            'Extension',
            `Activated in ${(performance.now() - started).toFixed(1)} ms (VS Code ${vscode.version}, ${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'} UI, ${vscode.workspace.isTrusted ? 'trusted' : 'untrusted'} workspace)`,
        );
        // What `activate` returns is `exports` for every installed extension
        // (`vscode.extensions.getExtension(id).exports`), and this object holds the key
        // (`secrets.getDataApiKey()`), the clients that send it, and test hooks that answer
        // confirmation prompts: handing it out would undo SecretStorage's per-extension isolation.
        // Only a test run (`--extensionTestsPath`, or code-server's `payload`; see
        // scripts/hostTest.mjs) gets it; test/e2e/secrets.e2e.ts checks that another extension
        // sees nothing.
        if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
        return {
            config,
            secrets,
            clients,
            statusBar,
            trees,
            queries,
            hovers,
            editorIds,
            local: { networks: local, follower, automatic },
            contracts,
            lenses,
            agent,
            mcpLauncher,
            watch,
            dashboards,
            profilers,
            debug: { liveCounts, liveTimerSources },
        };
    } catch (error) {
        log.error('Extension', 'Activation failed', error);
        const showLogs = vscode.l10n.t('Show Logs');
        void vscode.window
            .showErrorMessage(
                vscode.l10n.t(
                    'Avalanche Explorer could not start: {0}',
                    error instanceof Error ? error.message : String(error),
                ),
                showLogs,
            )
            .then((choice) => {
                if (choice) log.show();
            });
        throw error;
    }
}

export function deactivate(): void {
    // Everything is in context.subscriptions, which VS Code disposes after this returns.
}
