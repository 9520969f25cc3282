/**
 * A single-choice quick pick that can start on a given item (the current network or node), which
 * `showQuickPick` cannot do.
 */
import * as vscode from 'vscode';

export interface PickOptions<T extends vscode.QuickPickItem> {
    readonly title: string;
    readonly placeholder: string;
    readonly active?: T | undefined;
}

/** Resolves to the accepted item, or undefined when the picker was dismissed. */
export function pickOne<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: PickOptions<T>,
): Promise<T | undefined> {
    const picker = vscode.window.createQuickPick<T>();
    picker.title = options.title;
    picker.placeholder = options.placeholder;
    picker.items = items;
    picker.matchOnDescription = true;
    if (options.active) picker.activeItems = [options.active];
    return acceptOne(picker);
}

/**
 * Shows a single-choice `picker` and resolves to the item accepted (Enter takes the highlighted
 * one when nothing is selected), or undefined when it was dismissed. The picker is disposed.
 */
export function acceptOne<T extends vscode.QuickPickItem>(
    picker: vscode.QuickPick<T>,
): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve) => {
        let accepted: T | undefined;
        picker.onDidAccept(() => {
            accepted = picker.selectedItems[0] ?? picker.activeItems[0];
            picker.hide();
        });
        picker.onDidHide(() => {
            picker.dispose();
            resolve(accepted);
        });
        picker.show();
    });
}
