/**
 * A scripted `InputProvider` for the integration tests: it answers each prompt by its `key` (the
 * parameter name, `optional`, `confirm`, …), runs every input box's `validateInput` on the answer
 * as VS Code would (a refused value is recorded and the prompt dismissed, as a person pressing
 * Escape would), and records everything that was asked. Plus helpers to wait for panels.
 */
import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import type {
    ConfirmOptions,
    InputOptions,
    InputProvider,
    NotifyOptions,
    PickItem,
    PromptOptions,
    SaveOptions,
} from '../../src/queries/inputProvider';
import type { PanelSnapshot } from '../../src/queries/queryPanel';
import { activated, eventually } from './helpers';

/** Takes what the prompt offers pre-filled (the editor's identifier). */
export const accept = Symbol('accept');

export type Answer =
    | string
    | readonly string[]
    | boolean
    | typeof accept
    | ((asked: Asked) => string | readonly string[] | boolean | undefined);

/** One question as it was asked. */
export interface Asked {
    readonly type: 'pick' | 'pickMany' | 'input' | 'confirm' | 'notify' | 'save';
    readonly key: string;
    readonly title: string;
    /** Labels and values of a pick, the message of a confirm or notify. */
    readonly items?: readonly { label: string; value: unknown; description?: string | undefined }[];
    readonly message?: string;
    readonly actions?: readonly string[];
    /** An input box's pre-filled text. */
    readonly value?: string | undefined;
    /** Set when the answer was refused by `validateInput`. */
    refused?: string;
    answered?: unknown;
}

/** A pick as recorded: what it offered, by label, value and description. */
function pickAsked(
    type: 'pick' | 'pickMany',
    items: readonly PickItem<unknown>[],
    options: PromptOptions,
): Asked {
    return {
        type,
        key: options.key,
        title: options.title,
        items: items.map((i) => ({ label: i.label, value: i.value, description: i.description })),
    };
}

const isEnterItem = (item: PickItem<unknown>) => item.label.startsWith('$(edit)');

export class ScriptedInputs implements InputProvider {
    readonly asked: Asked[] = [];

    constructor(private readonly answers: Readonly<Record<string, Answer>>) {}

    /** Records the question and looks up the scripted answer. */
    private ask(asked: Asked): Answer | undefined {
        this.asked.push(asked);
        const answer = this.answers[asked.key];
        return typeof answer === 'function' ? answer(asked) : answer;
    }

    pick<T>(items: readonly PickItem<T>[], options: PromptOptions): Promise<T | undefined> {
        const asked = pickAsked('pick', items, options);
        const answer = this.ask(asked);
        let chosen: PickItem<T> | undefined;
        if (answer === accept) chosen = items.find((i) => i.description === 'from the editor');
        else if (typeof answer === 'boolean')
            chosen = items.find((i) => i.value === String(answer));
        else if (typeof answer === 'string') {
            chosen = items.find((i) => i.value === answer) ?? items.find((i) => i.label === answer);
            // Not offered: type it, as a person would after "Enter a value…".
            chosen ??= items.find(isEnterItem);
        }
        asked.answered = chosen?.value;
        return Promise.resolve(chosen?.value);
    }

    pickMany<T>(items: readonly PickItem<T>[], options: PromptOptions): Promise<T[] | undefined> {
        const asked = pickAsked('pickMany', items, options);
        const answer = this.ask(asked);
        if (!Array.isArray(answer)) return Promise.resolve(undefined);
        const chosen = (answer as readonly string[]).map((a) =>
            items.find((i) => i.value === a || i.label === a),
        );
        if (chosen.some((c) => c === undefined)) {
            asked.refused = `not offered: ${answer.join(', ')}`;
            return Promise.resolve(undefined);
        }
        asked.answered = chosen.map((c) => c!.value);
        return Promise.resolve(chosen.map((c) => c!.value));
    }

    input(options: InputOptions): Promise<string | undefined> {
        const asked: Asked = {
            type: 'input',
            key: options.key,
            title: options.title,
            value: options.value,
        };
        const answer = this.ask(asked);
        const text =
            answer === accept
                ? options.value
                : typeof answer === 'string'
                  ? answer
                  : Array.isArray(answer)
                    ? answer.join(', ')
                    : undefined;
        if (text === undefined) return Promise.resolve(undefined);
        const refused = options.validate(text);
        if (refused !== undefined) {
            asked.refused = refused;
            return Promise.resolve(undefined);
        }
        asked.answered = text;
        return Promise.resolve(text);
    }

    confirm(options: ConfirmOptions): Promise<boolean> {
        const asked: Asked = {
            type: 'confirm',
            key: options.key,
            title: options.action,
            message: `${options.message} ${options.detail}`,
        };
        const go = this.ask(asked) === true;
        asked.answered = go;
        return Promise.resolve(go);
    }

    notify(options: NotifyOptions): Promise<string | undefined> {
        const asked: Asked = {
            type: 'notify',
            key: options.key,
            title: options.severity,
            message: options.message,
            actions: options.actions,
        };
        const answer = this.ask(asked);
        asked.answered = answer;
        return Promise.resolve(typeof answer === 'string' ? answer : undefined);
    }

    saveFile(options: SaveOptions): Promise<vscode.Uri | undefined> {
        const asked: Asked = {
            type: 'save',
            key: options.key,
            title: options.title,
            value: options.defaultName,
        };
        const answer = this.ask(asked);
        return Promise.resolve(typeof answer === 'string' ? vscode.Uri.file(answer) : undefined);
    }

    /** The questions asked with a key. */
    of(key: string): Asked[] {
        return this.asked.filter((a) => a.key === key);
    }

    /** Every refusal by validateInput. */
    refusals(): Asked[] {
        return this.asked.filter((a) => a.refused !== undefined);
    }
}

/** The extension's API (activates it). */
export async function queryApi(): Promise<ExtensionApi> {
    return (await activated()).exports as ExtensionApi;
}

/** Runs a command with scripted answers; resolves when the command's handler returned. */
export async function runScripted(
    commandId: string,
    answers: Readonly<Record<string, Answer>>,
    ...args: unknown[]
): Promise<ScriptedInputs> {
    const api = await queryApi();
    const inputs = new ScriptedInputs(answers);
    api.queries.testing.inputs = inputs;
    try {
        await vscode.commands.executeCommand(commandId, ...args);
    } finally {
        api.queries.testing.inputs = undefined;
    }
    return inputs;
}

/** Waits for a panel matching `match` to have finished its query (result or error). */
export async function settledPanel(
    match: (s: PanelSnapshot) => boolean,
    what: string,
    timeoutMs = 15_000,
): Promise<PanelSnapshot> {
    const api = await queryApi();
    return eventually(
        () =>
            api.queries.panels
                .snapshots()
                .find(
                    (s) =>
                        match(s) && !s.loading && (s.view !== undefined || s.error !== undefined),
                ),
        what,
        timeoutMs,
    );
}

/** Waits until the page of a panel reported that it drew the current result. */
export async function renderedPanel(
    match: (s: PanelSnapshot) => boolean,
    what: string,
    // A webview page starts its script only when Chromium gets to it; on a busy machine that took
    // over 20 s once, while the host had long finished.
    timeoutMs = 45_000,
): Promise<PanelSnapshot> {
    const api = await queryApi();
    try {
        return await eventually(
            () =>
                api.queries.panels
                    .snapshots()
                    .find(
                        (s) =>
                            match(s) &&
                            !s.loading &&
                            s.rendered !== undefined &&
                            s.rendered.requestId === s.requestId,
                    ),
            `${what} (drawn by the page)`,
            timeoutMs,
        );
    } catch (error) {
        const states = api.queries.panels.snapshots().map((s) => ({
            kind: s.kind,
            ready: s.ready,
            loading: s.loading,
            requestId: s.requestId,
            rendered: s.rendered,
            posted: s.posted,
            error: s.error,
        }));
        throw new Error(`${(error as Error).message}; panels: ${JSON.stringify(states)}`);
    }
}
