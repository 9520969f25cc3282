/**
 * How the watch list tells a change: once, in a notification (grouped when several arrive within
 * `groupWindowMs`), a warning when any is one, with the buttons that act on it (open it, show the
 * list, and "Top Up…" for a validator running out of balance). Every text is made inert first.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { WatchChange, WatchEntry, WatchTarget } from '../core/index';
import { log } from '../platform/log';
import { ViewId } from '../platform/viewIds';
import { isLow } from './watchTree';

const logger = log.for('Watch list');

/** Changes that arrive within this window are told in one notification. */
const groupWindowMs = 1_500;
/** Notifications `notified` keeps. */
const maxNotified = 20;

export class WatchNotifier {
    private flushTimer: ReturnType<typeof setTimeout> | undefined;
    private pendingChanges: { entry: WatchEntry; change: WatchChange }[] = [];
    private closed = false;
    /** The notifications shown, newest last (the last few), for the integration tests. */
    readonly notified: {
        readonly severity: WatchChange['severity'];
        readonly text: string;
        readonly actions?: readonly string[];
    }[] = [];

    /** @param afterTold runs after each notification (the list marks what is seen and renders). */
    constructor(private readonly afterTold: () => void) {}

    dispose(): void {
        this.closed = true;
        clearTimeout(this.flushTimer);
    }

    /** A change worth telling: told with the others that arrive within the group window. */
    queue(entry: WatchEntry, change: WatchChange): void {
        if (this.closed) return;
        this.pendingChanges.push({ entry, change });
        this.flushTimer ??= setTimeout(() => this.flush(), groupWindowMs);
    }

    private flush(): void {
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
        this.afterTold();
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
