/** Small helpers shared by the integration tests (they run inside the extension host). */
import * as vscode from 'vscode';

export const extensionId = 'avalanche-explorer.avalanche-explorer';

export interface ContributedCommand {
    command: string;
    title: string;
    category?: string;
}

export interface ContributedView {
    id: string;
    name: string;
}

export interface Manifest {
    version: string;
    engines: { vscode: string };
    contributes: {
        commands?: ContributedCommand[];
        views?: Record<string, ContributedView[]>;
        viewsContainers?: Record<string, { id: string; title: string }[]>;
        menus?: Record<string, { command: string; when?: string }[]>;
        keybindings?: { command: string; key: string; mac?: string; when?: string }[];
        configuration?: unknown;
    };
}

/** The extension under test; fails the test when it is not installed. */
export function extension(): vscode.Extension<unknown> {
    const found = vscode.extensions.getExtension(extensionId);
    if (!found) throw new Error(`${extensionId} is not installed in this extension host`);
    return found;
}

export function manifest(): Manifest {
    return extension().packageJSON as Manifest;
}

/** Activates the extension (idempotent) and returns it. */
export async function activated(): Promise<vscode.Extension<unknown>> {
    const ext = extension();
    await ext.activate();
    return ext;
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
    probe: () => T | undefined | Promise<T | undefined>,
    what: string | (() => string),
    timeoutMs = 10_000,
): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await probe();
        if (value !== undefined) return value;
        if (Date.now() > deadline) {
            // A function describes the state at the timeout, not the one before the wait.
            const described = typeof what === 'function' ? what() : what;
            throw new Error(`timed out after ${timeoutMs} ms waiting for ${described}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

/** Runs a tool as an agent would and returns its text. */
export async function invokeTool(
    name: string,
    input: object,
    token?: vscode.CancellationToken,
): Promise<string> {
    const result = await vscode.lm.invokeTool(
        name,
        { input, toolInvocationToken: undefined },
        token,
    );
    return result.content
        .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
        .join('');
}
