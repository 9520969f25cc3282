/**
 * The options every webview panel of the extension gets (result panels and node dashboards, and
 * again on revive): scripts on for the one bundled script, and local resources only from the
 * extension's `dist/webview` and `media`, so a page can load nothing else from disk.
 */
import * as vscode from 'vscode';

export function webviewOptions(
    extensionUri: vscode.Uri,
): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
        enableScripts: true,
        enableFindWidget: true,
        localResourceRoots: [
            vscode.Uri.joinPath(extensionUri, 'dist', 'webview'),
            vscode.Uri.joinPath(extensionUri, 'media'),
        ],
    };
}
