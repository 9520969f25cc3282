/**
 * Rows every view uses: paging, failures and empty states, notices, label–value fields and
 * folders.
 */
import * as vscode from 'vscode';

import { CommandId } from '../../commands/commandIds';
import { formatInteger } from '../../core/format';
import type {
    EmptyRow,
    ErrorRow,
    FieldRow,
    GroupRow,
    LoadMoreRow,
    NoticeRow,
    SignInRow,
} from '../rows';
import { Collapsed, Expanded, icon, type Look, None, stateColors } from './look';
import { Tip } from './tip';

const noticeIcons: Record<string, string> = {
    adminDisabled: 'lock',
    publicServer: 'globe',
    bootstrapping: 'sync',
    notOffered: 'circle-slash',
    unreachable: 'debug-disconnect',
    error: 'error',
    info: 'info',
};

export function loadMoreLook(row: LoadMoreRow): Look {
    return {
        label: vscode.l10n.t('Load more…'),
        description: vscode.l10n.t('{0} loaded', formatInteger(row.loaded)),
        icon: icon('fold-down'),
        context: 'loadMore',
        command: {
            command: CommandId.LoadMore,
            title: vscode.l10n.t('Load More'),
            arguments: [row],
        },
    };
}

export function loadMoreTip(row: LoadMoreRow): vscode.MarkdownString {
    return new Tip()
        .text(vscode.l10n.t('{0} loaded. Click to load the next page.', formatInteger(row.loaded)))
        .build();
}

export function errorLook(row: ErrorRow): Look {
    return {
        label: row.message,
        icon: icon('error', 'list.errorForeground'),
        context: 'error',
        command: { command: CommandId.Retry, title: vscode.l10n.t('Retry'), arguments: [row] },
    };
}

export function errorTip(row: ErrorRow): vscode.MarkdownString {
    return new Tip()
        .title(vscode.l10n.t('Could not load'))
        .text(row.message)
        .text(vscode.l10n.t('Click to retry.'))
        .build();
}

export function signInLook(row: SignInRow): Look {
    return {
        label: row.message,
        icon: icon('key', 'list.warningForeground'),
        context: 'signIn',
        command: { command: CommandId.SetDataApiKey, title: vscode.l10n.t('Set Data API Key') },
    };
}

export function signInTip(row: SignInRow): vscode.MarkdownString {
    return new Tip()
        .text(row.message)
        .command(vscode.l10n.t('Set Data API Key'), CommandId.SetDataApiKey)
        .build();
}

export function emptyLook(row: EmptyRow): Look {
    return { label: row.message, icon: icon('info'), context: 'empty' };
}

export function noticeLook(row: NoticeRow): Look {
    return {
        label: row.message,
        ...(row.remedy ? { description: row.remedy } : {}),
        icon: icon(noticeIcons[row.reason] ?? 'info', 'list.warningForeground'),
        context: `notice.${row.reason}`,
        ...(row.action
            ? { command: { command: row.action.command, title: row.action.title } }
            : {}),
    };
}

export function noticeTip(row: NoticeRow): vscode.MarkdownString {
    const tip = new Tip().text(row.message);
    if (row.remedy) tip.text(row.remedy);
    if (row.action) tip.command(row.action.title, row.action.command);
    return tip.build();
}

export function fieldLook(row: FieldRow): Look {
    return {
        label: row.label,
        description: row.value,
        ...(row.icon
            ? { icon: icon(row.icon, row.state ? stateColors[row.state] : undefined) }
            : {}),
        context: [
            'field',
            row.role ?? '',
            row.copy !== undefined ? 'copy' : '',
            row.json !== undefined ? 'json' : '',
            row.state ?? '',
        ]
            .filter(Boolean)
            .join('.'),
        collapsible:
            row.children && row.children.length > 0 ? (row.expanded ? Expanded : Collapsed) : None,
    };
}

export function fieldTip(row: FieldRow): vscode.MarkdownString {
    const tip = new Tip().title(row.label);
    if (row.copy !== undefined) tip.code(vscode.l10n.t('Value'), row.copy);
    else tip.text(row.value);
    for (const line of row.detail ?? []) tip.text(line);
    return tip.build();
}

export function groupLook(row: GroupRow): Look {
    return {
        label: row.label,
        ...(row.description !== undefined ? { description: row.description } : {}),
        icon: icon(row.icon),
        context: `group.${row.group.type}`,
        collapsible: row.expanded ? Expanded : Collapsed,
    };
}

export function groupTip(row: GroupRow): vscode.MarkdownString {
    return new Tip()
        .title(row.label)
        .text(row.description ?? '')
        .build();
}
