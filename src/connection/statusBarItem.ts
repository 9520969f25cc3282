/**
 * The status bar item "$(globe) mainnet · Local node". It follows the settings and the API key;
 * the node health check (a later feature) reports through {@link AvalancheStatusBar.setHealth}.
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
import { renderStatus } from './statusBarModel';

export const statusBarItemId = 'avalanche.status';

export class AvalancheStatusBar extends Disposable {
    private readonly item: vscode.StatusBarItem;
    private health: NodeHealth = { kind: 'unknown' };
    private reports = 0;
    private hasApiKey: boolean | undefined;
    private quota: RateLimitQuota | undefined;

    constructor(
        private readonly config: Config,
        private readonly secrets: Secrets,
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
                },
            ),
        );
        this._register(secrets.onDidChange(() => this.refreshKeyState()));
        this.render();
        this.item.show();
        this.refreshKeyState();
    }

    /** What the item shows now: its text, its Markdown tooltip and the health behind them. */
    /** What the item shows; `reports` counts health reports, so a test knows a new one came. */
    get shown(): {
        readonly text: string;
        readonly tooltip: string;
        readonly health: NodeHealth;
        readonly reports: number;
        readonly background: string | undefined;
    } {
        const tooltip = this.item.tooltip;
        return {
            background: this.item.backgroundColor?.id,
            text: this.item.text,
            tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
            health: this.health,
            reports: this.reports,
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
