/**
 * What every row's look is built from: the parts of a TreeItem a row kind decides, shared theme
 * icons and the colours of row states.
 */
import * as vscode from 'vscode';

/** The parts of a TreeItem that depend on the row's kind; `renderRow` adds the id. */
export interface Look {
    label: string;
    description?: string;
    icon?: vscode.ThemeIcon;
    context: string;
    collapsible?: vscode.TreeItemCollapsibleState;
    command?: vscode.Command;
}

export const { None, Collapsed, Expanded } = vscode.TreeItemCollapsibleState;

export function collapsedIf(condition: boolean): vscode.TreeItemCollapsibleState {
    return condition ? Collapsed : None;
}

const icons = new Map<string, vscode.ThemeIcon>();

/** Icons are shared: VS Code keeps every rendered item, and a list can have ten thousand rows. */
export function icon(id: string, color?: string): vscode.ThemeIcon {
    const key = `${id}|${color ?? ''}`;
    let themeIcon = icons.get(key);
    if (!themeIcon) {
        themeIcon = new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
        icons.set(key, themeIcon);
    }
    return themeIcon;
}

export const stateColors = {
    ok: 'testing.iconPassed',
    warn: 'list.warningForeground',
    bad: 'list.errorForeground',
    deprecated: 'disabledForeground',
} as const;
