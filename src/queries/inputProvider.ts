/**
 * Every question the query commands and panels ask goes through an `InputProvider`: quick picks,
 * input boxes with `validateInput`, confirmations, notifications with buttons and the save
 * dialog. The default one shows VS Code's own UI; the integration tests install a scripted one
 * through the extension's API (`ExtensionApi.queries.testing.inputs`), answering by `key` (the
 * parameter name) and recording what was asked, so that every command runs end to end in a real
 * extension host without a person.
 */
import * as vscode from 'vscode';

/** A choice of a quick pick, carrying its value. */
export interface PickItem<T> {
    readonly label: string;
    readonly description?: string | undefined;
    readonly detail?: string | undefined;
    readonly value: T;
    /** Pre-selected in a multi-select pick. */
    readonly picked?: boolean | undefined;
}

/** What every prompt has. */
export interface PromptOptions {
    /** What is asked: the parameter name (`address`, `chainId`…) or a step name (`optional`). */
    readonly key: string;
    readonly title: string;
    readonly placeholder?: string | undefined;
}

export interface InputOptions extends PromptOptions {
    readonly prompt?: string | undefined;
    /** Pre-filled text (an identifier from the editor, the current value when editing). */
    readonly value?: string | undefined;
    /** Runs on every keystroke; a message marks the value as refused and blocks Enter. */
    readonly validate: (text: string) => string | undefined;
    /** For an accepted value: what it becomes, shown as information (a time's Unix seconds). */
    readonly describe?: ((text: string) => string | undefined) | undefined;
}

export interface ConfirmOptions {
    readonly key: string;
    readonly message: string;
    readonly detail: string;
    /** The label of the button that goes ahead. */
    readonly action: string;
}

export interface NotifyOptions {
    readonly key: string;
    readonly severity: 'info' | 'warning' | 'error';
    readonly message: string;
    readonly actions: readonly string[];
}

export interface SaveOptions {
    readonly key: string;
    readonly title: string;
    readonly defaultName: string;
    readonly filters: Readonly<Record<string, string[]>>;
}

/** The questions the query features ask. Undefined answers mean "dismissed". */
export interface InputProvider {
    pick<T>(items: readonly PickItem<T>[], options: PromptOptions): Promise<T | undefined>;
    pickMany<T>(items: readonly PickItem<T>[], options: PromptOptions): Promise<T[] | undefined>;
    input(options: InputOptions): Promise<string | undefined>;
    /** A modal confirmation; true only when the action button was chosen. */
    confirm(options: ConfirmOptions): Promise<boolean>;
    /** A notification with buttons; resolves to the chosen one. */
    notify(options: NotifyOptions): Promise<string | undefined>;
    saveFile(options: SaveOptions): Promise<vscode.Uri | undefined>;
}

type ValueItem<T> = vscode.QuickPickItem & { value: T };

function toItems<T>(items: readonly PickItem<T>[]): ValueItem<T>[] {
    return items.map((item) => {
        const out: ValueItem<T> = { label: item.label, value: item.value };
        if (item.description !== undefined) out.description = item.description;
        if (item.detail !== undefined) out.detail = item.detail;
        if (item.picked !== undefined) out.picked = item.picked;
        return out;
    });
}

/** Copies the defined options only (`exactOptionalPropertyTypes`). */
function defined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
        [K in keyof T]: Exclude<T[K], undefined>;
    };
}

/** What a pick of one and a pick of several show alike. */
function pickOptions(options: PromptOptions) {
    return {
        title: options.title,
        placeHolder: options.placeholder,
        ignoreFocusOut: true,
        matchOnDescription: true,
    };
}

/** The VS Code UI. */
export class VsCodeInputProvider implements InputProvider {
    async pick<T>(items: readonly PickItem<T>[], options: PromptOptions): Promise<T | undefined> {
        const picked = await vscode.window.showQuickPick(
            toItems(items),
            defined({ ...pickOptions(options), matchOnDetail: true, canPickMany: false as const }),
        );
        return picked?.value;
    }

    async pickMany<T>(
        items: readonly PickItem<T>[],
        options: PromptOptions,
    ): Promise<T[] | undefined> {
        const picked = await vscode.window.showQuickPick(
            toItems(items),
            defined({ ...pickOptions(options), canPickMany: true as const }),
        );
        return picked?.map((item) => item.value);
    }

    input(options: InputOptions): Promise<string | undefined> {
        return Promise.resolve(
            vscode.window.showInputBox(
                defined({
                    title: options.title,
                    prompt: options.prompt,
                    placeHolder: options.placeholder,
                    value: options.value,
                    ignoreFocusOut: true,
                    validateInput: (text: string) => {
                        const problem = options.validate(text);
                        if (problem !== undefined) return problem;
                        const info = options.describe?.(text);
                        return info === undefined
                            ? null
                            : { message: info, severity: vscode.InputBoxValidationSeverity.Info };
                    },
                }),
            ),
        );
    }

    async confirm(options: ConfirmOptions): Promise<boolean> {
        const choice = await vscode.window.showWarningMessage(
            options.message,
            { modal: true, detail: options.detail },
            options.action,
        );
        return choice === options.action;
    }

    async notify(options: NotifyOptions): Promise<string | undefined> {
        const show =
            options.severity === 'error'
                ? vscode.window.showErrorMessage
                : options.severity === 'warning'
                  ? vscode.window.showWarningMessage
                  : vscode.window.showInformationMessage;
        return show(options.message, ...options.actions);
    }

    saveFile(options: SaveOptions): Promise<vscode.Uri | undefined> {
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
        return Promise.resolve(
            vscode.window.showSaveDialog(
                defined({
                    title: options.title,
                    defaultUri: folder
                        ? vscode.Uri.joinPath(folder, options.defaultName)
                        : undefined,
                    filters: { ...options.filters },
                    saveLabel: 'Export',
                }),
            ),
        );
    }
}
