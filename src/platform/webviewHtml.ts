/**
 * The HTML shell of every result panel: a strict CSP with a fresh nonce for
 * the one script, styles and fonts from the extension's own files only, and no data at all: the
 * page receives everything through `postMessage` and renders it with `textContent`. Images are
 * limited to the extension and `data:` (no `https:`): chain data names logo URLs, and a remote
 * image would both leak the user's IP to whoever wrote the token metadata and let them track
 * which panels are opened.
 */
import { randomBytes } from 'node:crypto';

import type * as vscode from 'vscode';

export interface WebviewHtmlOptions {
    readonly scriptUri: vscode.Uri;
    readonly styleUris: readonly vscode.Uri[];
    /** Plain text; escaped here. */
    readonly title: string;
}

/** A nonce for `script-src`: 16 random bytes from the OS generator. */
export function createNonce(): string {
    return randomBytes(16).toString('base64');
}

/** The Content-Security-Policy of a panel. */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
    return [
        "default-src 'none'",
        `style-src ${cspSource}`,
        `img-src ${cspSource} data:`,
        `font-src ${cspSource}`,
        `script-src 'nonce-${nonce}'`,
    ].join('; ');
}

function escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page of a panel. */
export function getWebviewHtml(webview: vscode.Webview, options: WebviewHtmlOptions): string {
    const nonce = createNonce();
    const styles = options.styleUris
        .map(
            (uri) =>
                `<link rel="stylesheet" href="${escapeHtml(webview.asWebviewUri(uri).toString())}">`,
        )
        .join('\n    ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(webview.cspSource, nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}
    <title>${escapeHtml(options.title)}</title>
</head>
<body>
    <div id="root" role="main" aria-live="polite"></div>
    <script nonce="${nonce}" src="${escapeHtml(webview.asWebviewUri(options.scriptUri).toString())}"></script>
</body>
</html>`;
}
