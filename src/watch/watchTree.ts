/**
 * The Watch List view and the watch list's hints elsewhere: the rows (an item, its detail and
 * change lines), their tree items with an untrusted tooltip, the view's badge counting unseen
 * changes and its message while reads are paused, and the status-bar item naming what is low.
 */
import * as vscode from 'vscode';

import type { WatchEntry, WatchList, WatchStatus } from '../core/index';
import { escapeMarkdown, relativeTime } from '../core/format';
import { loadCore } from '../platform/lazyCore';
import { ViewId } from '../platform/viewIds';
import type { WatchRow } from './watchRows';

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

export class WatchTree {
    private readonly itemRows = new Map<string, WatchRow>();
    private readonly status: vscode.StatusBarItem;

    constructor(
        private readonly list: WatchList,
        private readonly view: vscode.TreeView<WatchRow>,
        private readonly changed: vscode.EventEmitter<WatchRow | undefined>,
    ) {
        this.status = vscode.window.createStatusBarItem(
            'avalanche.watch',
            vscode.StatusBarAlignment.Left,
            49,
        );
        this.status.name = 'Avalanche Watch List';
        this.status.command = `${ViewId.WatchList}.focus`;
    }

    dispose(): void {
        this.status.dispose();
    }

    /** An item left the list: its row goes too. */
    forget(key: string): void {
        this.itemRows.delete(key);
    }

    /**
     * Tells the view what changed (one item, or all when `key` is undefined) and sets the badge,
     * the view's message and the status-bar hint; `paused` says whether reads are paused.
     */
    render(key: string | undefined, paused: () => boolean): void {
        this.changed.fire(key ? this.itemRow(key) : undefined);
        const unseen = this.list.unseenCount;
        this.view.badge = unseen
            ? { value: unseen, tooltip: `${unseen} unseen change${unseen === 1 ? '' : 's'}` }
            : undefined;
        const low = this.list
            .items()
            .filter((e) => e.observation?.status === 'warning' || e.observation?.status === 'down');
        // `message` takes a string only: an empty one hides it.
        this.view.message =
            this.list.size > 0 && paused()
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

    /** The one row object of an item (the view and `reveal` know a row by identity). */
    itemRow(key: string): WatchRow {
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

/** An L1 validator whose balance runs out soon (under the threshold) or ran out (inactive). */
export function isLow(entry: WatchEntry): boolean {
    const status = entry.observation?.status;
    return (
        entry.target.kind === 'l1Validator' &&
        entry.observation?.value !== 'absent' &&
        (status === 'warning' || status === 'failed')
    );
}
