/**
 * Storing and clearing the Data API key. The key goes straight from the password box to the
 * secret storage; it is never logged, echoed in messages or written to settings.
 */
import * as vscode from 'vscode';

import type { Secrets } from '../platform/secrets';
import { validateApiKeyInput } from '../platform/urlRules';

/** Where a key is created; named in the prompt so the user knows where to get one. */
const apiKeyConsoleUrl = 'https://build.avax.network/console/utilities/data-api-keys';

export async function setDataApiKey(secrets: Secrets): Promise<void> {
    const value = await vscode.window.showInputBox({
        title: vscode.l10n.t('Avalanche: Set Data API Key'),
        prompt: vscode.l10n.t(
            "Paste your Avalanche Data API key (create one at {0}). It is kept in VS Code's secret storage, not in settings.",
            apiKeyConsoleUrl,
        ),
        placeHolder: vscode.l10n.t('API key'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (text) => validateApiKeyInput(text.trim()),
    });
    if (value === undefined) return;
    await secrets.setDataApiKey(value.trim());
    void vscode.window.showInformationMessage(
        vscode.l10n.t('Data API key saved. Requests now use it.'),
    );
}

export async function clearDataApiKey(secrets: Secrets): Promise<void> {
    if ((await secrets.getDataApiKey()) === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No Data API key is stored.'));
        return;
    }
    await secrets.clearDataApiKey();
    void vscode.window.showInformationMessage(
        vscode.l10n.t(
            'Data API key removed. Requests continue without a key, at lower rate limits.',
        ),
    );
}
