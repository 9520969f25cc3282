/**
 * The watch list: what the user asked to follow, read on the policy of `core/watch/watchList.ts`
 * with one timer, kept in global state, and changed by the watch commands. Reads stop while the
 * window has been in the background for a while, unless the user asked otherwise, and stop for
 * good for an item once it is final. Its parts: the palette's prompts (`watchPrompts.ts`), what
 * the commands do outside the list (`watchCommands.ts`), the view, badge and status-bar hint
 * (`watchTree.ts`), and the notification told once per change (`watchNotifications.ts`).
 */
import * as vscode from 'vscode';

import { formatError, isCancellation } from '../commands/formatError';
import type { WatchEntry, WatchList, WatchTarget } from '../core/index';
import { isAbortError } from '../core/http/errors';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import { SettingKey } from '../platform/settingKeys';
import type { WatchDeps } from './lazyWatch';
import { ClientWatchSources } from './watchSources';
import { copyTopUp, mayWatchNode, openWatched, type TopUpTesting } from './watchCommands';
import { WatchNotifier } from './watchNotifications';
import { askWatchTarget, checkedTarget } from './watchPrompts';
import { type WatchRow, watchStateKey } from './watchRows';
import { WatchTree } from './watchTree';

const logger = log.for('Watch list');

/** How long the window may be in the background before reads stop (unless the user wants them). */
const backgroundGraceMs = 5 * 60_000;
/** The longest a timer is set for; a wake later than this sets another. */
const maxTimerMs = 2 ** 30;

export interface WatchFeatureDeps extends WatchDeps {
    readonly view: vscode.TreeView<WatchRow>;
    readonly changed: vscode.EventEmitter<WatchRow | undefined>;
}

export class WatchFeature extends Disposable {
    readonly list: WatchList;
    private readonly sources: ClientWatchSources;
    private timer: ReturnType<typeof setTimeout> | undefined;
    private persistTimer: ReturnType<typeof setTimeout> | undefined;
    private readonly busy = new Set<string>();
    private readonly controller = new AbortController();
    private backgroundSinceMs: number | undefined;
    private readonly tree: WatchTree;
    private readonly notifier: WatchNotifier;
    private closed = false;
    private addedMessage: vscode.Disposable | undefined;
    private addedTimer: ReturnType<typeof setTimeout> | undefined;
    /** For the integration tests: where "Top Up…" copies its command, and what it offered. */
    readonly testing: TopUpTesting = { clipboard: undefined, topUps: [] };

    /** The notifications shown, newest last (the last few), for the integration tests. */
    get notified(): WatchNotifier['notified'] {
        return this.notifier.notified;
    }

    constructor(private readonly deps: WatchFeatureDeps) {
        super();
        const core = loadCore();
        this.list = new core.WatchList(this.budget(), Date.now());
        const restored = this.list.restore(deps.state.get<unknown>(watchStateKey), Date.now());
        if (restored.dropped > 0) {
            logger.warn(`${restored.dropped} stored watch entries did not parse and were dropped`);
        }
        this.sources = new ClientWatchSources(
            deps.clients,
            deps.fees,
            (n) => this.list.spend(n, Date.now()),
            deps.local,
        );
        this.tree = this._register(new WatchTree(this.list, deps.view, deps.changed));
        this.notifier = new WatchNotifier(() => {
            if (this.deps.view.visible && vscode.window.state.focused) this.markSeen();
            this.render();
        });
        if (!vscode.window.state.focused) this.backgroundSinceMs = Date.now();
        this._register(
            vscode.window.onDidChangeWindowState((state) => {
                if (state.focused) {
                    const wasPaused = this.paused(Date.now());
                    this.backgroundSinceMs = undefined;
                    if (wasPaused) this.schedule();
                } else {
                    this.backgroundSinceMs ??= Date.now();
                }
            }),
        );
        this._register(
            deps.config.onDidChange(
                [
                    SettingKey.WatchRequestsPerMinute,
                    SettingKey.WatchRunwayWarningDays,
                    SettingKey.WatchPollWhileUnfocused,
                ],
                () => {
                    this.list.setBudget(this.budget());
                    this.schedule();
                    this.render();
                },
            ),
        );
        this._register(
            deps.clients.onDidChange(() => {
                this.list.refreshNow(Date.now());
                this.schedule();
            }),
        );
        this._register(
            deps.view.onDidChangeVisibility((e) => {
                if (e.visible) this.markSeen();
            }),
        );
        this.render();
        this.schedule();
    }

    override dispose(): void {
        this.closed = true;
        this.controller.abort();
        clearTimeout(this.timer);
        this.notifier.dispose();
        clearTimeout(this.addedTimer);
        this.addedMessage?.dispose();
        if (this.persistTimer) {
            clearTimeout(this.persistTimer);
            // Once: a second dispose (the feature's owner going too) must not write it again
            // over what a newer feature stored since.
            this.persistTimer = undefined;
            this.persistNow();
        }
        super.dispose();
    }

    private budget() {
        return { requestsPerMinute: this.deps.config.get(SettingKey.WatchRequestsPerMinute) };
    }

    private get thresholdSeconds(): number {
        return this.deps.config.get(SettingKey.WatchRunwayWarningDays) * 86_400;
    }

    // -----------------------------------------------------------------------------------------
    // Commands

    /** Adds what `arg` names (a target from a row, hover or panel), or asks for one. */
    async addCommand(arg: unknown): Promise<void> {
        const target =
            arg === undefined ? await askWatchTarget(this.deps.clients) : checkedTarget(arg);
        if (!target) return;
        if (arg !== undefined && !(await mayWatchNode(target, this.deps.clients))) return;
        this.add(target);
    }

    /** Adds a checked target; returns its key. */
    add(target: WatchTarget): string {
        const core = loadCore();
        const result = this.list.add(target, Date.now());
        if (result.full) {
            throw new Error(
                `The watch list holds at most ${core.maxWatchItems} items. Remove some (or "Clear Finished") first.`,
            );
        }
        if (result.added) {
            logger.info(`Watching ${core.describeTarget(target)}`);
            this.persist();
            this.render();
            this.schedule();
        }
        // A line in the status bar rather than opening the view: "Watch" is pressed where the thing
        // is shown (a row, a hover, a panel), and the person stays there. A visible list selects it.
        const label = core.describeTarget(target);
        // Hidden by a timer of ours rather than VS Code's, so that disposing the list clears it.
        this.addedMessage?.dispose();
        clearTimeout(this.addedTimer);
        this.addedMessage = vscode.window.setStatusBarMessage(
            result.added ? `$(eye) Watching ${label}` : `$(eye) Already watching ${label}`,
        );
        this.addedTimer = setTimeout(() => {
            this.addedMessage?.dispose();
            this.addedMessage = undefined;
        }, 4_000);
        if (this.deps.view.visible) {
            void this.deps.view
                .reveal(this.tree.itemRow(result.key), { select: true, focus: false })
                .then(undefined, () => undefined);
        }
        return result.key;
    }

    removeCommand(arg: unknown): void {
        const key = this.keyOf(arg);
        if (key && this.list.remove(key)) {
            this.tree.forget(key);
            this.persist();
            this.render();
        }
    }

    refresh(): void {
        this.list.refreshNow(Date.now());
        this.schedule();
    }

    clearFinished(): void {
        let removed = 0;
        for (const entry of this.list.items()) {
            if (entry.final && this.list.remove(entry.key)) {
                this.tree.forget(entry.key);
                removed++;
            }
        }
        if (removed) {
            this.persist();
            this.render();
        }
    }

    /** Shows a watched item where it lives: the Validators view, the Node view, a details panel. */
    async openCommand(arg: unknown): Promise<void> {
        const key = this.keyOf(arg);
        const entry = key ? this.list.get(key) : undefined;
        if (!entry) return;
        await openWatched(entry, () =>
            this.deps.view.reveal(this.tree.itemRow(entry.key), { select: true, expand: true }),
        );
    }

    /** "Top Up…" on a watched L1 validator (`copyTopUp`). */
    async topUpCommand(arg: unknown): Promise<void> {
        const key = this.keyOf(arg);
        const entry = key ? this.list.get(key) : undefined;
        if (entry?.target.kind !== 'l1Validator') return;
        await copyTopUp(entry, entry.target, this.deps.clients, this.testing);
    }

    private keyOf(arg: unknown): string | undefined {
        if (typeof arg === 'string') return arg;
        if (typeof arg === 'object' && arg !== null) {
            const key = (arg as { key?: unknown }).key;
            if (typeof key === 'string') return key;
        }
        return undefined;
    }

    // -----------------------------------------------------------------------------------------
    // Polling

    private paused(nowMs: number): boolean {
        if (this.deps.config.get(SettingKey.WatchPollWhileUnfocused)) return false;
        return (
            this.backgroundSinceMs !== undefined &&
            nowMs - this.backgroundSinceMs > backgroundGraceMs
        );
    }

    private schedule(): void {
        clearTimeout(this.timer);
        this.timer = undefined;
        if (this.closed) return;
        const now = Date.now();
        const wake = this.list.nextWakeMs(now, this.busy);
        if (wake === undefined) return;
        this.timer = setTimeout(() => this.tick(), Math.min(maxTimerMs, Math.max(0, wake - now)));
    }

    private tick(): void {
        this.timer = undefined;
        const now = Date.now();
        if (this.paused(now)) {
            // Picked up again by the window's focus event.
            logger.debug('Reads paused: the window has been in the background');
            return;
        }
        for (const entry of this.list.takeDue(now, this.busy)) void this.read(entry);
        this.schedule();
    }

    private async read(entry: WatchEntry): Promise<void> {
        const core = loadCore();
        this.busy.add(entry.key);
        try {
            const observation = await core.checkTarget(
                entry.target,
                this.sources,
                this.thresholdSeconds,
                this.controller.signal,
                { addedAtMs: entry.addedAtMs, nowMs: Date.now() },
            );
            // A read that ends after the list was disposed (a reload, deactivation) is dropped:
            // recording it would start the notification timer of a list that is gone.
            if (this.closed || !this.list.get(entry.key)) return;
            const { change } = this.list.record(
                entry.key,
                observation,
                Date.now(),
                this.thresholdSeconds,
            );
            if (change) this.notifier.queue(entry, change);
        } catch (error) {
            if (this.closed || isAbortError(error) || isCancellation(error)) return;
            const text = formatError(error, translateForPerson).message;
            logger.debug(
                `Reading ${core.describeTarget(entry.target)} failed: ${formatError(error).message}`,
            );
            this.list.recordError(entry.key, error, text, Date.now());
        } finally {
            this.busy.delete(entry.key);
        }
        if (this.closed) return;
        this.persist();
        this.render(entry.key);
        this.schedule();
    }

    // -----------------------------------------------------------------------------------------
    // What the user has seen

    private markSeen(): void {
        if (this.list.markSeen() > 0) {
            this.persist();
            this.render();
        }
    }

    // -----------------------------------------------------------------------------------------
    // Persistence

    private persist(): void {
        this.persistTimer ??= setTimeout(() => {
            this.persistTimer = undefined;
            this.persistNow();
        }, 500);
    }

    private persistNow(): void {
        this.deps.state.update(watchStateKey, this.list.toStored()).then(undefined, (error) => {
            logger.warn('Saving the watch list failed', error);
        });
    }

    // -----------------------------------------------------------------------------------------
    // The view, its badge and the status bar

    private render(key?: string): void {
        if (this.closed) return;
        this.tree.render(key, () => this.paused(Date.now()));
    }

    /** The view's rows (the provider `lazyWatch.ts` registered forwards to these). */
    children(row: WatchRow | undefined): WatchRow[] {
        return this.tree.children(row);
    }

    parent(row: WatchRow): WatchRow | undefined {
        return this.tree.parent(row);
    }

    treeItem(row: WatchRow): vscode.TreeItem {
        return this.tree.treeItem(row);
    }

    /** For the integration tests: the list's rows as the view shows them. */
    snapshot(): { label: string; description: string; unseen: boolean; final: boolean }[] {
        return this.tree.snapshot();
    }
}
