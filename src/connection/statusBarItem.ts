/**
 * The status bar item "$(avalanche-mark) mainnet · Local node". It follows the settings and the
 * API key; the node health check reports through {@link AvalancheStatusBar.setHealth}.
 *
 * It shows only in a window that works with Avalanche (#40; VS Code's status bar guidance,
 * https://code.visualstudio.com/api/ux-guidelines/status-bar, keeps an item to the workspaces it
 * concerns): once one of the extension's views was shown, while the workspace holds an Avalanche
 * file, or while the user has chosen a network or node in settings.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import type { Secrets } from '../platform/secrets';
import { SettingKey } from '../platform/settingKeys';
import type { NodeHealth } from '../platform/nodeHealth';
import { describeQuota } from '../platform/quota';
import type { RateLimitQuota } from '../core/index';
import { avalancheFilesExcludeGlob, avalancheFilesGlob } from '../core/workspace/avalancheFiles';
import { renderStatus } from './statusBarModel';

const statusBarItemId = 'avalanche.status';

/**
 * Why the item shows: a view of the extension was shown, the workspace holds an Avalanche file,
 * or the user chose a network or node.
 */
export type PresenceReason = 'view' | 'workspace' | 'choice';

/** What the item asks of the workspace. */
export interface StatusBarPresence {
    /** True when the workspace holds an Avalanche file (`core/workspace/avalancheFiles.ts`). */
    hasAvalancheFiles(): Promise<boolean>;
}

/**
 * Whether the workspace's folders hold an Avalanche file: one `findFiles` that stops at the
 * first (names only, nothing is read; `files.exclude` applies).
 */
export async function workspaceHasAvalancheFiles(): Promise<boolean> {
    if (!vscode.workspace.workspaceFolders?.length) return false;
    const found = await vscode.workspace.findFiles(
        avalancheFilesGlob,
        avalancheFilesExcludeGlob,
        1,
    );
    return found.length > 0;
}

/** The settings whose explicit value means the user chose where to look. */
const choiceKeys = [SettingKey.Network, SettingKey.SelectedNodeUrl, SettingKey.NodeUrls] as const;

export class AvalancheStatusBar extends Disposable {
    private readonly item: vscode.StatusBarItem;
    private health: NodeHealth = { kind: 'unknown' };
    private reports = 0;
    private hasApiKey: boolean | undefined;
    private quota: RateLimitQuota | undefined;
    private readonly reasons = new Set<PresenceReason>();
    /** Counts workspace searches, so that an older answer never overrides a newer one. */
    private searches = 0;

    constructor(
        private readonly config: Config,
        private readonly secrets: Secrets,
        private readonly presence: StatusBarPresence,
    ) {
        super();
        // Left side, near the remote indicator: it tells which network every view is showing.
        this.item = this._register(
            vscode.window.createStatusBarItem(statusBarItemId, vscode.StatusBarAlignment.Left, 50),
        );
        this.item.name = 'Avalanche Explorer';
        this.item.command = CommandId.ShowStatusMenu;
        this._register(
            config.onDidChange(
                [
                    SettingKey.Network,
                    SettingKey.SelectedNodeUrl,
                    SettingKey.NodeUrls,
                    SettingKey.DataApiUrl,
                    SettingKey.MetricsApiUrl,
                ],
                (e) => {
                    // Another node: the previous health says nothing about it.
                    if (e.keys.has(SettingKey.SelectedNodeUrl)) this.health = { kind: 'unknown' };
                    this.render();
                    this.updateChoice();
                },
            ),
        );
        this._register(secrets.onDidChange(() => this.refreshKeyState()));
        this.render();
        this.updateChoice();
        this.lookForFiles();
        this.refreshKeyState();
    }

    /** Shows the item from the first time one of `views` is visible. */
    followViews(views: readonly vscode.TreeView<unknown>[]): void {
        for (const view of views) {
            if (view.visible) this.reveal('view', true);
            this._register(
                view.onDidChangeVisibility((e) => {
                    if (e.visible) this.reveal('view', true);
                }),
            );
        }
    }

    /** Searches the workspace for an Avalanche file again (its folders changed). */
    lookForFiles(): void {
        const search = ++this.searches;
        this.presence.hasAvalancheFiles().then(
            (found) => {
                if (search === this.searches && !this.isDisposed) this.reveal('workspace', found);
            },
            // A search that fails leaves the item as the other reasons say.
            () => undefined,
        );
    }

    /** Why the item shows now; empty while it is hidden. */
    get shownBecause(): readonly PresenceReason[] {
        return [...this.reasons];
    }

    private updateChoice(): void {
        const chosen = choiceKeys.some((key) => this.config.sourceOf(key) !== 'default');
        this.reveal('choice', chosen);
    }

    private reveal(reason: PresenceReason, on: boolean): void {
        const before = this.reasons.size > 0;
        // A view once shown keeps the item for the window's life: the user met the extension.
        if (on) this.reasons.add(reason);
        else if (reason !== 'view') this.reasons.delete(reason);
        const now = this.reasons.size > 0;
        if (now === before) return;
        if (now) this.item.show();
        else this.item.hide();
    }

    /**
     * What the item shows: its text, its Markdown tooltip, the health behind them and whether it
     * is shown at all; `reports` counts health reports, so a test knows a new one came.
     */
    get shown(): {
        readonly text: string;
        readonly tooltip: string;
        readonly health: NodeHealth;
        readonly reports: number;
        readonly background: string | undefined;
        readonly visible: boolean;
    } {
        const tooltip = this.item.tooltip;
        return {
            background: this.item.backgroundColor?.id,
            text: this.item.text,
            tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
            health: this.health,
            reports: this.reports,
            visible: this.reasons.size > 0,
        };
    }

    /** Shows the Data API's latest rate-limit quota in the tooltip. */
    setQuota(quota: RateLimitQuota | undefined): void {
        this.quota = quota;
        this.render();
    }

    /** Reports the selected node's health (called by the node health check). */
    setHealth(health: NodeHealth): void {
        this.health = health;
        this.reports++;
        this.render();
    }

    private refreshKeyState(): void {
        void this.secrets.getDataApiKey().then((key) => {
            this.hasApiKey = key !== undefined && key !== '';
            if (!this.isDisposed) this.render();
        });
    }

    private render(): void {
        const s = this.config.snapshot;
        const view = renderStatus({
            network: s[SettingKey.Network],
            nodeUrl: s[SettingKey.SelectedNodeUrl],
            userNodes: s[SettingKey.NodeUrls],
            dataApiUrl: s[SettingKey.DataApiUrl],
            metricsApiUrl: s[SettingKey.MetricsApiUrl],
            hasApiKey: this.hasApiKey,
            health: this.health,
            quota: this.quota && describeQuota(this.quota),
            nodeChosen: !this.config.nodeIsAutomatic,
        });
        this.item.text = view.text;
        this.item.tooltip = new vscode.MarkdownString(view.tooltip);
        this.item.accessibilityInformation = { label: view.accessibilityLabel };
        this.item.backgroundColor = view.background
            ? new vscode.ThemeColor(`statusBarItem.${view.background}Background`)
            : undefined;
    }
}
