/**
 * What activation keeps of the watch list: the Watch List view with a provider that forwards to
 * the feature, and a thin handler per watch command. The feature itself (the list, its polling,
 * notifications, badge and status-bar hint) is built on first use from `watchFeature.ts`, which
 * the bundle maps to `dist/watch.js` (see esbuild.mjs): when the view is first shown, a watch
 * command runs, or, a few seconds after start-up, when the stored list holds items to follow.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import type { LocalNetworks } from '../platform/localNetworks';
import type { ValidatorFeeReader } from '../platform/validatorFees';
import { Disposable } from '../platform/disposable';
import { loadTimed, runAfterStartup } from '../platform/lazyFeature';
import { log } from '../platform/log';
import { ViewId } from '../platform/viewIds';
import type * as Feature from './watchFeature';
import { type WatchRow, watchStateKey } from './watchRows';

const logger = log.for('Watch list');

/** How long after activation a stored list starts being followed: start-up goes first. */
const resumeDelayMs = 3_000;

export interface WatchDeps {
    readonly clients: ClientProvider;
    readonly config: Config;
    readonly state: vscode.Memento;
    /** The L1 validator fee per network, shared with the Validators view. */
    readonly fees: ValidatorFeeReader;
    /** The local networks found on this machine: they name ICM messages' chains and relayer. */
    readonly local?: Pick<LocalNetworks, 'list'>;
}

type WatchCommandId =
    | typeof CommandId.WatchAdd
    | typeof CommandId.WatchRefresh
    | typeof CommandId.WatchClearFinished
    | typeof CommandId.WatchRemove
    | typeof CommandId.WatchOpen
    | typeof CommandId.WatchTopUp;

/** True when the stored list holds something; read without the watch bundle. */
function hasStoredItems(state: vscode.Memento): boolean {
    const stored = state.get<{ items?: unknown }>(watchStateKey);
    return Array.isArray(stored?.items) && stored.items.length > 0;
}

export class LazyWatch extends Disposable {
    private loaded: Feature.WatchFeature | undefined;
    private readonly changed = this._register(new vscode.EventEmitter<WatchRow | undefined>());
    readonly view: vscode.TreeView<WatchRow>;

    constructor(private readonly deps: WatchDeps) {
        super();
        this.view = this._register(
            vscode.window.createTreeView<WatchRow>(ViewId.WatchList, {
                treeDataProvider: {
                    onDidChangeTreeData: this.changed.event,
                    getChildren: (row) => this.feature.children(row),
                    getTreeItem: (row) => this.feature.treeItem(row),
                    getParent: (row) => this.feature.parent(row),
                },
                showCollapseAll: true,
            }),
        );
        if (hasStoredItems(deps.state)) {
            this._register(
                runAfterStartup(resumeDelayMs, logger, 'Following the watch list failed', () => {
                    void this.feature;
                }),
            );
        }
    }

    /** The watch list, built on first use. */
    get feature(): Feature.WatchFeature {
        this.loaded ??= loadTimed(logger, () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const { WatchFeature } = require('./watchFeature') as typeof Feature;
            return this._register(
                new WatchFeature({ ...this.deps, view: this.view, changed: this.changed }),
            );
        });
        return this.loaded;
    }

    /**
     * What a window reload does to the list, for the integration tests: the feature is disposed
     * (which saves the list) and built again from global state, after `stored` replaced the saved
     * list when given.
     */
    async reload(stored?: unknown): Promise<Feature.WatchFeature> {
        const old = this.loaded;
        this.loaded = undefined;
        old?.dispose();
        if (stored !== undefined) await this.deps.state.update(watchStateKey, stored);
        return this.feature;
    }

    handlers(): { readonly [K in WatchCommandId]: CommandHandler } {
        return {
            [CommandId.WatchAdd]: (arg) => this.feature.addCommand(arg),
            [CommandId.WatchRefresh]: () => this.feature.refresh(),
            [CommandId.WatchClearFinished]: () => this.feature.clearFinished(),
            [CommandId.WatchRemove]: (arg) => this.feature.removeCommand(arg),
            [CommandId.WatchOpen]: (arg) => this.feature.openCommand(arg),
            [CommandId.WatchTopUp]: (arg) => this.feature.topUpCommand(arg),
        };
    }
}
