/**
 * Builds the four views of the Avalanche container, their sources and the node monitor, and
 * keeps them in step with the settings, the key and the node: a Data API change reloads the Data
 * API views, a node change reloads the node parts, and the Node view polls only while visible.
 */
import * as vscode from 'vscode';

import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import { nodeName } from '../platform/nodeCatalog';
import { SettingKey } from '../platform/settingKeys';
import type { ProfilerStates } from '../platform/profilerStates';
import type { ValidatorFeeReader } from '../platform/validatorFees';
import { ViewId } from '../platform/viewIds';
import type { NodeHealth } from '../platform/nodeHealth';
import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import type { ChainsSource } from './chainsSource';
import { NodeMonitor, RefreshScheduler } from './nodeMonitor';
import type { RenderContext, Row, ViewKey } from './rows';
import type { NodeSource } from './nodeSource';
import { TreeServices } from './services';
import type { SubnetsSource } from './subnetsSource';
import { ExplorerTreeProvider, type RowRendering, type TreeSource } from './treeProvider';
import type * as Sources from './treeSources';
import { type TreesTesting, TreesTestingSurface } from './treesTesting';
import type { ValidatorsSource } from './validatorsSource';

const logger = log.for('Trees');

/** Asks the user to confirm an action on the node; resolves true when confirmed. */
export type Confirm = (question: string, button: string) => Thenable<boolean>;

/** The confirmation the user sees. */
const confirmModal: Confirm = (question, button) =>
    vscode.window
        .showWarningMessage(
            question,
            {
                modal: true,
                detail: vscode.l10n.t(
                    'This uses the node’s admin API and affects only that node. Profiles are written to the node’s working directory.',
                ),
            },
            button,
        )
        .then((answer) => answer === button);

export interface TreeDependencies {
    readonly clients: ClientProvider;
    readonly config: Config;
    /** The L1 validator fee per network, for the Validators view's runway marks. */
    readonly fees: ValidatorFeeReader;
    /** What this window did to each node's CPU profiler (shared with the palette). */
    readonly profilers: ProfilerStates;
    /** Receives the node's health after each Node view read (the status bar). */
    readonly reportHealth: (health: NodeHealth) => void;
}

const viewIds: Record<ViewKey, string> = {
    chains: ViewId.Chains,
    subnets: ViewId.Subnets,
    validators: ViewId.Validators,
    node: ViewId.Node,
};

/** The four views' sources, built together from `dist/treeSources.js`. */
interface BuiltSources {
    readonly chains: ChainsSource;
    readonly subnets: SubnetsSource;
    readonly validators: ValidatorsSource;
    readonly node: NodeSource;
    readonly rendering: RowRendering;
}

export class Trees extends Disposable {
    readonly services: TreeServices;
    readonly monitor: NodeMonitor;
    readonly providers: Readonly<Record<ViewKey, ExplorerTreeProvider>>;
    readonly views: Readonly<Record<ViewKey, vscode.TreeView<Row>>>;
    /** For the integration tests and the benchmark only (see `treesTesting.ts`). */
    readonly testing: TreesTesting;
    private readonly scheduler: RefreshScheduler;
    /** Undefined until a view first asks for rows or a command needs a source. */
    private built: BuiltSources | undefined;

    constructor(private readonly deps: TreeDependencies) {
        super();
        const { clients, config, fees, profilers } = deps;
        const testing = this._register(new TreesTestingSurface());
        this.testing = testing;
        this.services = this._register(new TreeServices(clients, config, fees, profilers));
        const reportHealth = (health: NodeHealth): void => {
            testing.nodeHealth = health;
            deps.reportHealth(health);
        };
        this.monitor = this._register(new NodeMonitor(this.services, reportHealth, testing));
        const context = (): RenderContext => ({
            runwayWarningSeconds: config.get(SettingKey.WatchRunwayWarningDays) * 86_400,
        });
        // The provider asks the source of its view, built with the others on the first call.
        const provider = (view: ViewKey): ExplorerTreeProvider => {
            const source: TreeSource = {
                view,
                children: (parent, signal) => this.sources()[view].children(parent, signal),
            };
            return this._register(
                new ExplorerTreeProvider(source, testing, context, () => this.sources().rendering),
            );
        };
        this.providers = {
            chains: provider('chains'),
            subnets: provider('subnets'),
            validators: provider('validators'),
            node: provider('node'),
        };
        const create = (key: ViewKey): vscode.TreeView<Row> =>
            this._register(
                vscode.window.createTreeView(viewIds[key], {
                    treeDataProvider: this.providers[key],
                    showCollapseAll: true,
                }),
            );
        this.views = {
            chains: create('chains'),
            subnets: create('subnets'),
            validators: create('validators'),
            node: create('node'),
        };

        this.scheduler = this._register(
            new RefreshScheduler(this.intervalMs(), () => this.monitor.refresh()),
        );
        const nodeView = this.views.node;
        this._register(nodeView.onDidChangeVisibility((e) => this.scheduler.setVisible(e.visible)));
        this.scheduler.setVisible(nodeView.visible);
        this._register(this.monitor.onDidUpdate(() => this.providers.node.refresh()));

        this._register(
            clients.onDidChange((e) => {
                // Sources not built yet hold no pins.
                if (e.network) this.built?.subnets.clearPins();
                // On `local` every view is read from the node, so a new node is a new network.
                const local = this.services.isLocal;
                if (local && e.nodeRpc) this.built?.subnets.clearPins();
                if (e.dataApi || e.network || (local && e.nodeRpc)) {
                    this.providers.chains.refresh();
                    this.providers.subnets.refresh();
                }
                if (e.dataApi || e.network || e.nodeRpc) this.providers.validators.refresh();
                this.describe();
            }),
        );
        this._register(
            config.onDidChange([SettingKey.SubnetsPageSize], () =>
                this.providers.subnets.refresh(),
            ),
        );
        // The runway marks are drawn against the threshold: a new one draws them again, unread.
        this._register(
            config.onDidChange([SettingKey.WatchRunwayWarningDays], () =>
                this.providers.validators.redraw(),
            ),
        );
        this._register(
            config.onDidChange([SettingKey.NodeRefreshIntervalSeconds], () =>
                this.scheduler.setInterval(this.intervalMs()),
            ),
        );
        this._register(
            config.onDidChange([SettingKey.NodeUrls], () => {
                this.providers.node.refresh();
                this.describe();
            }),
        );
        this.describe();
    }

    get chainsSource(): ChainsSource {
        return this.sources().chains;
    }

    get subnetsSource(): SubnetsSource {
        return this.sources().subnets;
    }

    get validatorsSource(): ValidatorsSource {
        return this.sources().validators;
    }

    /**
     * The sources, built on first use from `treeSources.ts`, which the bundle maps to
     * `dist/treeSources.js` (see esbuild.mjs). A failure to load it is thrown to the caller, as
     * the other lazy bundles' are: the provider logs it and VS Code shows it in the view (the
     * error row cannot be drawn without the bundle), `runCommand` for a command.
     */
    private sources(): BuiltSources {
        if (!this.built) {
            const started = performance.now();
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const loaded = require('./treeSources') as typeof Sources;
            loaded.useTreeTranslator(translateForPerson);
            this.built = {
                chains: new loaded.ChainsSource(this.services),
                subnets: new loaded.SubnetsSource(this.services),
                validators: new loaded.ValidatorsSource(this.services),
                node: new loaded.NodeSource(this.services, this.monitor),
                rendering: loaded,
            };
            logger.debug(`Sources loaded in ${(performance.now() - started).toFixed(1)} ms`);
        }
        return this.built;
    }

    /** Asks before an admin action on the node: a modal dialog, unless a test answers instead. */
    confirm(question: string, button: string): Thenable<boolean> {
        return (this.testing.confirm ?? confirmModal)(question, button);
    }

    provider(view: ViewKey): ExplorerTreeProvider {
        return this.providers[view];
    }

    /** Reloads a view; the Node view also reads the node again. */
    async refresh(view: ViewKey): Promise<void> {
        if (view === 'node') {
            await vscode.window.withProgress({ location: { viewId: ViewId.Node } }, () =>
                this.monitor.refresh(true),
            );
            return;
        }
        if (view === 'chains' || view === 'validators') this.services.clearCaches();
        this.providers[view].refresh();
    }

    /** The selected row of the view that has focus, for commands run from the palette. */
    selection(): Row | undefined {
        for (const view of Object.values(this.views)) {
            if (view.visible && view.selection.length > 0) return view.selection[0];
        }
        return undefined;
    }

    /** Updates the views' descriptions (network, sort order, node). */
    describe(): void {
        const network = this.services.networkLabel;
        this.views.chains.description = network;
        // Not built yet: the source's first order, newest first.
        const sortOrder = this.built?.subnets.sortOrder ?? 'desc';
        this.views.subnets.description =
            sortOrder === 'desc'
                ? vscode.l10n.t('{0} · newest first', network)
                : vscode.l10n.t('{0} · oldest first', network);
        this.views.validators.description = network;
        const node = nodeName(this.deps.clients.nodeUrl, this.deps.config.get(SettingKey.NodeUrls));
        // Said where the node shows, not in a notification: the user did not choose it (#40).
        this.views.node.description = this.deps.config.nodeIsAutomatic
            ? vscode.l10n.t('{0} · chosen automatically', node)
            : node;
    }

    private intervalMs(): number {
        return this.deps.config.get(SettingKey.NodeRefreshIntervalSeconds) * 1000;
    }
}
