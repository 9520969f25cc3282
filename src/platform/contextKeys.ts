/**
 * Context keys this extension sets, for `when` clauses in `package.json` (welcome content, menus).
 */
import * as vscode from 'vscode';

import type { Secrets } from './secrets';

const ContextKey = {
    /** A Data API key is stored: hides the "Set Data API Key" welcome button. */
    HasDataApiKey: 'avalanche.hasDataApiKey',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

export function setContext(key: ContextKey, value: unknown): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', key, value);
}

/** Keeps {@link ContextKey.HasDataApiKey} in step with the stored key, in every window. */
export function bindDataApiKeyContext(secrets: Secrets): vscode.Disposable {
    const update = (): void => {
        void secrets
            .getDataApiKey()
            .then((key) => setContext(ContextKey.HasDataApiKey, key !== undefined && key !== ''));
    };
    update();
    return secrets.onDidChange(update);
}
