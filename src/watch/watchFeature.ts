/**
 * The watch list: what the user asked to follow, read on the policy of `core/watch/watchList.ts`
 * with one timer, shown in the Watch List view, and told once per change: a notification (grouped
 * when several arrive together), the view's badge counting what is unseen, and a status-bar hint.
 * Reads stop while the window has been in the background for a while, unless the user asked
 * otherwise, and stop for good for an item once it is final.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import { formatError, isCancellation } from '../commands/formatError';
import type {
    TopUp,
    WatchChange,
    WatchEntry,
    WatchList,
    WatchNetwork,
    WatchStatus,
    WatchTarget,
} from '../core/index';
import { escapeMarkdown, relativeTime } from '../core/format';
import { isAbortError } from '../core/http/errors';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { SettingKey } from '../platform/settingKeys';
import { ViewId } from '../platform/viewIds';
import type { WatchDeps } from './lazyWatch';
import { ClientWatchSources } from './watchSources';
import { type WatchRow, watchStateKey } from './watchRows';
import { evmChainIdPattern } from '../core/ids/evmPatterns';

const logger = log.for('Watch list');

/** How long the window may be in the background before reads stop (unless the user wants them). */
const backgroundGraceMs = 5 * 60_000;
/** Changes that arrive within this window are told in one notification. */
const groupWindowMs = 1_500;
/** The longest a timer is set for; a wake later than this sets another. */
const maxTimerMs = 2 ** 30;
/** Notifications `notified` keeps. */
const maxNotified = 20;

export interface WatchFeatureDeps extends WatchDeps {
    readonly view: vscode.TreeView<WatchRow>;
    readonly changed: vscode.EventEmitter<WatchRow | undefined>;
}

const icons: Record<WatchStatus, [string, string | undefined]> = {
    ok: ['pass', 'testing.iconPassed'],
    pending: ['clock', undefined],
    warning: ['warning', 'list.warningForeground'],
    done: ['check', 'testing.iconPassed'],
    failed: ['error', 'list.errorForeground'],
    down: ['debug-disconnect', 'list.errorForeground'],
    error: ['warning', 'list.warningForeground'],
    unknown: ['question', undefined],
};

export class WatchFeature extends Disposable {
    readonly list: WatchList;
    private readonly sources: ClientWatchSources;
    private timer: ReturnType<typeof setTimeout> | undefined;
    private flushTimer: ReturnType<typeof setTimeout> | undefined;
    private persistTimer: ReturnType<typeof setTimeout> | undefined;
    private readonly busy = new Set<string>();
    private readonly controller = new AbortController();
    private pendingChanges: { entry: WatchEntry; change: WatchChange }[] = [];
    private backgroundSinceMs: number | undefined;
    private readonly itemRows = new Map<string, WatchRow>();
    private readonly status: vscode.StatusBarItem;
    private closed = false;
    private addedMessage: vscode.Disposable | undefined;
    private addedTimer: ReturnType<typeof setTimeout> | undefined;
    /** The notifications shown, newest last (the last few), for the integration tests. */
    readonly notified: {
        readonly severity: WatchChange['severity'];
        readonly text: string;
        readonly actions?: readonly string[];
    }[] = [];
    /** For the integration tests: where "Top Up…" copies its command, and what it offered. */
    readonly testing: {
        clipboard: Pick<vscode.Clipboard, 'writeText'> | undefined;
        readonly topUps: TopUp[];
    } = { clipboard: undefined, topUps: [] };

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
        this.status = this._register(
            vscode.window.createStatusBarItem(
                'avalanche.watch',
                vscode.StatusBarAlignment.Left,
                49,
            ),
        );
        this.status.name = 'Avalanche Watch List';
        this.status.command = `${ViewId.WatchList}.focus`;
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
        clearTimeout(this.flushTimer);
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
        const target = arg === undefined ? await this.askTarget() : this.checked(arg);
        if (!target) return;
        if (arg !== undefined && !(await this.mayPoll(target))) return;
        this.add(target);
    }

    /**
     * A node URL in an argument (another extension, a link) is not one the user chose: the list
     * would read it every few minutes, for good. Unless it is one of the user's nodes (selected,
     * built in, added, found on this machine, approved), the user is asked first, every time.
     */
    private async mayPoll(target: WatchTarget): Promise<boolean> {
        if (target.kind !== 'node') return true;
        const core = loadCore();
        const policy = this.deps.clients.originPolicy();
        if (core.isChosenOrigin(target.url, policy)) return true;
        if (policy.approved.some((origin) => core.sameOrigin(origin, target.url))) return true;
        const shown = core.inertNotice(new URL(target.url).origin, 120);
        const watch = 'Watch It';
        const choice = await vscode.window.showWarningMessage(
            `Watch the node at ${shown}?`,
            {
                modal: true,
                detail: `It is not one of your nodes. The watch list would send it a request every few minutes until you remove it.`,
            },
            watch,
        );
        return choice === watch;
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
                .reveal(this.itemRow(result.key), { select: true, focus: false })
                .then(undefined, () => undefined);
        }
        return result.key;
    }

    removeCommand(arg: unknown): void {
        const key = this.keyOf(arg);
        if (key && this.list.remove(key)) {
            this.itemRows.delete(key);
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
                this.itemRows.delete(entry.key);
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
        const t = entry.target;
        switch (t.kind) {
            case 'l1Validator':
                await vscode.commands.executeCommand(CommandId.FilterValidators, {
                    validationId: t.validationId,
                    includeInactive: true,
                });
                return;
            case 'l1':
                await vscode.commands.executeCommand(CommandId.FilterValidators, {
                    subnetId: t.subnetId,
                    includeInactive: true,
                });
                return;
            case 'node':
                await vscode.commands.executeCommand(`${ViewId.Node}.focus`);
                return;
            case 'evmTx':
                await vscode.commands.executeCommand(CommandId.HoverOpenDetails, { text: t.hash });
                return;
            case 'evmAddress':
                await vscode.commands.executeCommand(CommandId.HoverOpenDetails, {
                    text: t.address,
                });
                return;
            case 'pTx':
                await vscode.commands.executeCommand(CommandId.HoverOpenDetails, { text: t.txId });
                return;
            case 'export':
                await this.deps.view.reveal(this.itemRow(entry.key), {
                    select: true,
                    expand: true,
                });
                return;
            case 'icmMessage':
                await vscode.commands.executeCommand(CommandId.FollowIcmMessage, {
                    chain: t.chain,
                    messageId: t.messageId,
                });
                return;
        }
    }

    /**
     * "Top Up…" on a watched L1 validator: copies the platform-cli command that adds balance to
     * it (its validation id filled in, the amount sized by today's fee) and offers the Builder
     * Console's page. Nothing is signed, sent or run here: the command is the user's to run.
     */
    async topUpCommand(arg: unknown): Promise<void> {
        const key = this.keyOf(arg);
        const entry = key ? this.list.get(key) : undefined;
        if (entry?.target.kind !== 'l1Validator') return;
        const core = loadCore();
        const target = entry.target;
        const topUp = core.topUpCommand({
            validationId: target.validationId,
            network: target.network,
            nodeUrl: target.network === 'local' ? this.deps.clients.nodeUrl : undefined,
            feePerSecond: entry.observation?.feePerSecond,
        });
        await (this.testing.clipboard ?? vscode.env.clipboard).writeText(topUp.command);
        this.testing.topUps.push(topUp);
        logger.info(`Top-up command copied for ${core.describeTarget(target)}`);
        const openConsole = 'Open Builder Console';
        const docs = 'Platform CLI Docs';
        // Not awaited: the command is done once the line is copied; the buttons act later.
        void vscode.window
            .showInformationMessage(
                inertText(
                    `Copied to the clipboard: ${topUp.command} — it adds ${topUp.balanceAvax} AVAX (${topUp.sizedBy}). Put your platform-cli key's name for ${core.keyNamePlaceholder} and run it yourself: this extension never signs or sends it. The Builder Console does the same with a browser wallet.`,
                ),
                openConsole,
                docs,
            )
            .then((choice) => {
                const url =
                    choice === openConsole
                        ? core.consoleTopUpUrl
                        : choice === docs
                          ? core.platformCliL1Docs
                          : undefined;
                if (url) void vscode.env.openExternal(vscode.Uri.parse(url, true));
            });
    }

    private checked(arg: unknown): WatchTarget {
        const result = loadCore().checkWatchTarget(arg);
        if ('error' in result) throw new Error(result.error);
        return result.target;
    }

    private keyOf(arg: unknown): string | undefined {
        if (typeof arg === 'string') return arg;
        if (typeof arg === 'object' && arg !== null) {
            const key = (arg as { key?: unknown }).key;
            if (typeof key === 'string') return key;
        }
        return undefined;
    }

    /** The palette's flow: which kind, then its id on the selected network, checked as typed. */
    private async askTarget(): Promise<WatchTarget | undefined> {
        const network = this.deps.clients.network;
        const picks: (vscode.QuickPickItem & { what: WatchTarget['kind'] })[] = [
            { label: '$(server) L1 validator', description: 'validation id', what: 'l1Validator' },
            {
                label: '$(type-hierarchy) L1',
                description: 'subnet id: all its validators',
                what: 'l1',
            },
            {
                label: '$(git-commit) EVM transaction',
                description: '0x hash, until it is accepted',
                what: 'evmTx',
            },
            {
                label: '$(git-commit) P-Chain transaction',
                description: 'cb58 id, until committed',
                what: 'pTx',
            },
            {
                label: '$(account) EVM address',
                description: 'its native balance',
                what: 'evmAddress',
            },
            {
                label: '$(cloud-download) Export',
                description: 'Data API operation id',
                what: 'export',
            },
            { label: '$(vm) Node', description: 'the selected node: up or down', what: 'node' },
            {
                label: '$(mail) ICM message',
                description: 'source chain and message id, until delivered and executed',
                what: 'icmMessage',
            },
        ];
        const picked = await vscode.window.showQuickPick(picks, {
            title: `Watch on ${network}`,
            placeHolder: 'What to watch',
        });
        if (!picked) return undefined;
        const core = loadCore();
        const ask = async (prompt: string, build: (text: string) => unknown) => {
            const text = await vscode.window.showInputBox({
                title: picked.label.replace(/^\$\([^)]*\)\s*/, 'Watch '),
                prompt,
                ignoreFocusOut: true,
                validateInput: (value) => {
                    const r = core.checkWatchTarget(build(value.trim()));
                    return 'error' in r ? r.error : undefined;
                },
            });
            return text === undefined ? undefined : this.checked(build(text.trim()));
        };
        switch (picked.what) {
            case 'node':
                return this.checked({ kind: 'node', url: this.deps.clients.nodeUrl });
            case 'l1Validator':
                return ask('Validation id (cb58)', (v) => ({
                    kind: 'l1Validator',
                    network,
                    validationId: v,
                }));
            case 'l1':
                return ask('Subnet id of the L1 (cb58)', (v) => ({
                    kind: 'l1',
                    network,
                    subnetId: v,
                }));
            case 'pTx':
                return ask('P-Chain transaction id (cb58)', (v) => ({
                    kind: 'pTx',
                    network,
                    txId: v,
                }));
            case 'export':
                return ask('Operation id', (v) => ({ kind: 'export', network, operationId: v }));
            case 'icmMessage':
                return this.askIcmMessage(network);
            case 'evmTx':
            case 'evmAddress': {
                const chainId = await this.askChainId(network);
                if (!chainId) return undefined;
                return picked.what === 'evmTx'
                    ? ask('Transaction hash (0x + 64 hex digits)', (v) => ({
                          kind: 'evmTx',
                          network,
                          chainId,
                          hash: v,
                      }))
                    : ask('Address (0x + 40 hex digits)', (v) => ({
                          kind: 'evmAddress',
                          network,
                          chainId,
                          address: v,
                      }));
            }
        }
    }

    /** The source chain, the message id, and how long it may stay undelivered. */
    private async askIcmMessage(network: WatchNetwork): Promise<WatchTarget | undefined> {
        const core = loadCore();
        const title = 'Watch an ICM message';
        const chain = await vscode.window.showInputBox({
            title,
            prompt: 'The chain it was sent from: an EVM chain id, a blockchain id or a chain name',
            value: 'C',
            ignoreFocusOut: true,
            validateInput: (v) => {
                const problem = core.icmChainProblem(v.trim());
                return problem ? `Expected ${problem}.` : undefined;
            },
        });
        if (chain === undefined) return undefined;
        const messageId = await vscode.window.showInputBox({
            title,
            prompt: 'Message id (0x + 64 hex digits)',
            ignoreFocusOut: true,
            validateInput: (v) => {
                const problem = core.icmHashProblem(v.trim());
                return problem ? `Expected ${problem}.` : undefined;
            },
        });
        if (messageId === undefined) return undefined;
        const minutes = await vscode.window.showInputBox({
            title,
            prompt: 'Tell me when it is still undelivered after this many minutes',
            value: String(core.defaultUndeliveredMinutes),
            ignoreFocusOut: true,
            validateInput: (v) =>
                /^[1-9][0-9]{0,4}$/.test(v.trim()) && Number(v.trim()) <= core.maxUndeliveredMinutes
                    ? undefined
                    : `Whole minutes, 1 to ${core.maxUndeliveredMinutes}.`,
        });
        if (minutes === undefined) return undefined;
        return this.checked({
            kind: 'icmMessage',
            network,
            chain: chain.trim(),
            messageId: messageId.trim(),
            undeliveredMinutes: Number(minutes.trim()),
        });
    }

    private async askChainId(network: string): Promise<string | undefined> {
        const cChain = network === 'mainnet' ? '43114' : network === 'fuji' ? '43113' : '';
        const text = await vscode.window.showInputBox({
            title: 'EVM chain id',
            prompt: 'The chain to read, in decimal (43114 is the mainnet C-Chain, 43113 Fuji’s)',
            value: cChain,
            ignoreFocusOut: true,
            validateInput: (v) =>
                evmChainIdPattern.test(v.trim())
                    ? undefined
                    : 'A chain id in decimal, such as 43114.',
        });
        return text?.trim() || undefined;
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
            if (change) this.queueChange(entry, change);
        } catch (error) {
            if (this.closed || isAbortError(error) || isCancellation(error)) return;
            const text = formatError(error).message;
            logger.debug(`Reading ${core.describeTarget(entry.target)} failed: ${text}`);
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
    // Telling

    private queueChange(entry: WatchEntry, change: WatchChange): void {
        if (this.closed) return;
        this.pendingChanges.push({ entry, change });
        this.flushTimer ??= setTimeout(() => this.flushChanges(), groupWindowMs);
    }

    private flushChanges(): void {
        this.flushTimer = undefined;
        const changes = this.pendingChanges;
        this.pendingChanges = [];
        if (changes.length === 0 || this.closed) return;
        for (const { change } of changes) logger.info(change.text);
        const warning = changes.some((c) => c.change.severity === 'warning');
        const show = warning
            ? vscode.window.showWarningMessage
            : vscode.window.showInformationMessage;
        const showList = 'Show Watch List';
        const told = (text: string, actions?: readonly string[]): void => {
            this.notified.push({
                severity: warning ? 'warning' : 'info',
                text,
                ...(actions ? { actions } : {}),
            });
            if (this.notified.length > maxNotified) this.notified.shift();
        };
        if (changes.length === 1) {
            const [{ entry, change }] = changes as [(typeof changes)[0]];
            const open = openLabel(entry.target);
            const text = inertText(change.text);
            // A validator running out of balance: the remedy is one click away.
            const topUp = change.severity === 'warning' && isLow(entry) ? 'Top Up…' : undefined;
            const actions = topUp ? [topUp, open, showList] : [open, showList];
            told(text, actions);
            void show(text, ...actions).then((choice) => {
                if (choice === topUp) {
                    void vscode.commands.executeCommand(CommandId.WatchTopUp, entry.key);
                } else if (choice === open) {
                    void vscode.commands.executeCommand(CommandId.WatchOpen, entry.key);
                } else if (choice === showList) {
                    void vscode.commands.executeCommand(`${ViewId.WatchList}.focus`);
                }
            });
        } else {
            const first = changes[0]!.change.text;
            const text = inertText(
                `${changes.length} watched items changed. ${first} (and ${changes.length - 1} more)`,
            );
            told(text);
            void show(text, showList).then((choice) => {
                if (choice === showList) {
                    void vscode.commands.executeCommand(`${ViewId.WatchList}.focus`);
                }
            });
        }
        if (this.deps.view.visible && vscode.window.state.focused) this.markSeen();
        this.render();
    }

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
        this.deps.changed.fire(key ? this.itemRow(key) : undefined);
        const unseen = this.list.unseenCount;
        this.deps.view.badge = unseen
            ? { value: unseen, tooltip: `${unseen} unseen change${unseen === 1 ? '' : 's'}` }
            : undefined;
        const low = this.list
            .items()
            .filter((e) => e.observation?.status === 'warning' || e.observation?.status === 'down');
        // `message` takes a string only: an empty one hides it.
        this.deps.view.message =
            this.list.size > 0 && this.paused(Date.now())
                ? 'Reads paused while the window is in the background (avalanche.watch.pollWhileUnfocused).'
                : '';
        if (unseen === 0 && low.length === 0) {
            this.status.hide();
            return;
        }
        this.status.text = `${low.length ? '$(warning)' : '$(eye)'} ${unseen || low.length}`;
        this.status.backgroundColor = low.length
            ? new vscode.ThemeColor('statusBarItem.warningBackground')
            : undefined;
        const lines = [
            unseen ? `${unseen} unseen change${unseen === 1 ? '' : 's'} in the watch list` : '',
            ...low
                .slice(0, 5)
                .map(
                    (e) =>
                        `${loadCore().describeTarget(e.target)}: ${e.observation?.summary ?? ''}`,
                ),
        ].filter(Boolean);
        this.status.tooltip = lines.join('\n');
        this.status.show();
    }

    private itemRow(key: string): WatchRow {
        let row = this.itemRows.get(key);
        if (!row) {
            row = { type: 'item', key };
            this.itemRows.set(key, row);
        }
        return row;
    }

    children(row: WatchRow | undefined): WatchRow[] {
        if (row === undefined) {
            const core = loadCore();
            const order = (e: WatchEntry) => core.watchKinds.indexOf(e.target.kind);
            return [...this.list.items()]
                .sort((a, b) => order(a) - order(b) || a.addedAtMs - b.addedAtMs)
                .map((e) => this.itemRow(e.key));
        }
        if (row.type !== 'item') return [];
        const entry = this.list.get(row.key);
        if (!entry) return [];
        const lines: WatchRow[] = [];
        const details = entry.observation?.details ?? [];
        details.forEach((d, index) =>
            lines.push({
                type: 'line',
                key: row.key,
                index,
                label: d.label,
                value: d.value,
                change: false,
            }),
        );
        const now = Date.now();
        entry.history.forEach((h, index) =>
            lines.push({
                type: 'line',
                key: row.key,
                index: details.length + index,
                label: relativeTime(h.atMs / 1000, now),
                value: h.text,
                change: true,
            }),
        );
        return lines;
    }

    parent(row: WatchRow): WatchRow | undefined {
        return row.type === 'line' ? this.itemRow(row.key) : undefined;
    }

    treeItem(row: WatchRow): vscode.TreeItem {
        if (row.type === 'line') {
            const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
            item.id = `${row.key}#${row.index}`;
            item.description = row.value;
            item.tooltip = row.value;
            if (row.change) item.iconPath = new vscode.ThemeIcon('history');
            item.contextValue = 'watch.line';
            return item;
        }
        const entry = this.list.get(row.key);
        const core = loadCore();
        if (!entry) return new vscode.TreeItem('(removed)');
        const item = new vscode.TreeItem(
            core.describeTarget(entry.target),
            vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = entry.key;
        const status: WatchStatus | undefined = entry.error ? 'error' : entry.observation?.status;
        const text = entry.error
            ? `could not read: ${entry.error}`
            : (entry.observation?.summary ?? 'not read yet');
        item.description = `${entry.unseen ? '● ' : ''}${text}`;
        const [icon, color] = status ? icons[status] : ['circle-outline', undefined];
        item.iconPath = new vscode.ThemeIcon(
            icon,
            color ? new vscode.ThemeColor(color) : undefined,
        );
        // Untrusted Markdown: chain data and stored text are shown, never run.
        const tooltip = new vscode.MarkdownString(undefined, false);
        tooltip.isTrusted = false;
        tooltip.supportHtml = false;
        tooltip.appendMarkdown(`**${escapeMarkdown(core.describeTarget(entry.target))}**\n\n`);
        tooltip.appendMarkdown(`${escapeMarkdown(text)}\n\n`);
        if (entry.checkedAtMs !== undefined) {
            tooltip.appendMarkdown(
                `Read ${escapeMarkdown(relativeTime(entry.checkedAtMs / 1000))}`,
            );
            tooltip.appendMarkdown(
                entry.final
                    ? ' · final, not read again'
                    : ` · next read ${escapeMarkdown(relativeTime(entry.nextDueMs / 1000))}`,
            );
        }
        const last = entry.history[0];
        if (last) {
            tooltip.appendMarkdown(
                `\n\nLast change ${escapeMarkdown(relativeTime(last.atMs / 1000))}: ${escapeMarkdown(last.text)}`,
            );
        }
        item.tooltip = tooltip;
        // `.low`: a validator whose runway is under the threshold, or spent; the menu offers
        // "Top Up…" for it.
        item.contextValue = `watch.item.${entry.target.kind}${isLow(entry) ? '.low' : ''}${entry.final ? '.final' : ''}`;
        return item;
    }

    /** For the integration tests: the list's rows as the view shows them. */
    snapshot(): { label: string; description: string; unseen: boolean; final: boolean }[] {
        return this.children(undefined).map((row) => {
            const item = this.treeItem(row);
            const key = row.type === 'item' ? row.key : '';
            const entry = this.list.get(key);
            return {
                label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
                description: typeof item.description === 'string' ? item.description : '',
                unseen: entry?.unseen ?? false,
                final: entry?.final ?? false,
            };
        });
    }
}

/**
 * A notification's text with no link in it. VS Code turns `[label](command:…)` (and http and file
 * targets) in a notification's message into a link that runs when clicked, and these texts carry
 * chain data (a dropped transaction's reason, an export's message, a node's error) and names a
 * hover or a stored list supplied. Parting `]` from `(` keeps the text readable and inert.
 */
export function inertText(text: string): string {
    return text.replace(/\]\s*\(/g, '] (');
}

/** An L1 validator whose balance runs out soon (under the threshold) or ran out (inactive). */
function isLow(entry: WatchEntry): boolean {
    const status = entry.observation?.status;
    return (
        entry.target.kind === 'l1Validator' &&
        entry.observation?.value !== 'absent' &&
        (status === 'warning' || status === 'failed')
    );
}

function openLabel(target: WatchTarget): string {
    switch (target.kind) {
        case 'l1Validator':
            return 'Open Validator';
        case 'l1':
            return 'Open L1 Validators';
        case 'node':
            return 'Open Node View';
        default:
            return 'Open';
    }
}
