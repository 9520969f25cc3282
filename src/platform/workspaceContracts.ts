/**
 * What activation keeps of the workspace's contracts: a handle that builds the index
 * (`core/workspace/workspaceKnowledge.ts`, in the core bundle) the first time a feature asks.
 * Features hold this handle from the start and subscribe to its changes, so none of them has to
 * load the core bundle at activation to do so.
 */
import * as vscode from 'vscode';

import type { ContractKnowledge, WorkspaceIndex, WorkspaceKnowledge } from '../core/index';
import { Disposable } from './disposable';
import { loadCore } from './lazyCore';
import { log } from './log';
import { vscodeWorkspaceFiles } from './vscodeWorkspaceFiles';

const logger = log.for('Contracts');

export class WorkspaceContracts extends Disposable {
    private loaded: WorkspaceKnowledge | undefined;
    private readonly changed = this._register(new vscode.EventEmitter<void>());
    /** Fires after watched files changed the index. */
    readonly onDidChange = this.changed.event;

    /** `workerScript`: the parse worker's bundle (`dist/workspaceWorker.js`). */
    constructor(private readonly workerScript: string | undefined) {
        super();
    }

    /** The index and its watchers, created on the first call (they read nothing until asked). */
    get index(): WorkspaceKnowledge {
        if (!this.loaded) {
            const loaded = new (loadCore().WorkspaceKnowledge)(vscodeWorkspaceFiles(), {
                workerScript: this.workerScript,
                log: logger,
            });
            this._register(loaded);
            this._register(loaded.onDidChange(() => this.changed.fire()));
            this.loaded = loaded;
        }
        return this.loaded;
    }

    /** The decoder and namer over the index, which the first call builds. */
    knowledge(): Promise<ContractKnowledge> {
        return this.index.knowledge();
    }

    /** The decoder and namer if the index was built already; never starts a build. */
    knowledgeNow(): ContractKnowledge | undefined {
        return this.loaded?.knowledgeNow();
    }

    /** The index if it was built already (for a feature that must not start a build). */
    peek(): WorkspaceIndex | undefined {
        return this.loaded?.peek();
    }
}
