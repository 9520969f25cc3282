/**
 * The trees' testing surface: everything the integration tests and the benchmark observe in the
 * trees or replace, gathered in one place so that the product classes carry no test-only fields.
 * `Trees.testing` hands it out, and it reaches tests only through the extension API that
 * `activate()` returns in a test run (`ExtensionMode.Test`). The product reads nothing back from
 * it except a confirmation override, because a test cannot click a modal dialog.
 */
import * as vscode from 'vscode';

import { Disposable } from '../platform/disposable';
import type { NodeHealth } from '../platform/nodeHealth';
import type { Confirm } from './registerTrees';
import type { ViewKey } from './rows';

/** One completed children load: which view and parent, how many rows, how long it took. */
export interface LoadEvent {
    readonly view: ViewKey;
    readonly parentId: string | undefined;
    readonly rows: number;
    readonly ms: number;
}

/** For tests and the benchmark only: see the module comment. */
export interface TreesTesting {
    /** Answers the confirmation before admin actions instead of the modal; undefined: the modal. */
    confirm: Confirm | undefined;
    /** Rows VS Code has rendered so far in `view` (it asks once per row it shows). */
    renders(view: ViewKey): number;
    /**
     * When (`performance.now()`) VS Code asked for the `count`-th row of `view`: the moment the
     * row was handed over, which a test's own polling sees only once this thread is free again.
     */
    renderedAt(view: ViewKey, count: number): number | undefined;
    /** Fires after each children load settles (rows delivered to VS Code). */
    readonly onDidLoad: vscode.Event<LoadEvent>;
    /** Completed reads of the selected node by the Node view. */
    readonly nodeReads: number;
    /** The health last reported to the status bar. */
    readonly nodeHealth: NodeHealth;
}

/** What the tree provider and the node monitor report for the testing surface. */
export interface TreesProbe {
    rendered(view: ViewKey): void;
    loaded(event: LoadEvent): void;
    nodeRead(): void;
}

const maxRenderTimes = 1000;

/** Counts what the probe reports; `Trees` owns one and hands it out as {@link TreesTesting}. */
export class TreesTestingSurface extends Disposable implements TreesTesting, TreesProbe {
    confirm: Confirm | undefined;
    nodeReads = 0;
    nodeHealth: NodeHealth = { kind: 'unknown' };
    private readonly renderCounts = new Map<ViewKey, number>();
    /** The times of the first renders of each view; enough for the first rows a test awaits. */
    private readonly renderTimes = new Map<ViewKey, number[]>();
    private readonly loads = this._register(new vscode.EventEmitter<LoadEvent>());
    readonly onDidLoad = this.loads.event;

    renders(view: ViewKey): number {
        return this.renderCounts.get(view) ?? 0;
    }

    renderedAt(view: ViewKey, count: number): number | undefined {
        return this.renderTimes.get(view)?.[count - 1];
    }

    rendered(view: ViewKey): void {
        const count = this.renders(view) + 1;
        this.renderCounts.set(view, count);
        if (count <= maxRenderTimes) {
            const times = this.renderTimes.get(view) ?? [];
            times.push(performance.now());
            this.renderTimes.set(view, times);
        }
    }

    loaded(event: LoadEvent): void {
        this.loads.fire(event);
    }

    nodeRead(): void {
        this.nodeReads++;
    }
}
