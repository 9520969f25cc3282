/**
 * The commands behind a hover's links: copy, open details (a result panel, or the live result as
 * read-only JSON), look up on another chain, fix a broken EIP-55 checksum. Their arguments come
 * from `command:` URIs, so they are parsed again (`parseHoverArg`) and the document text is
 * checked before an edit.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import { loadCore } from '../platform/lazyCore';
import type { Hovers } from './hovers';

/** The hover command ids, each with a handler below. */
export type HoverCommandId =
    | typeof CommandId.HoverCopy
    | typeof CommandId.HoverOpenDetails
    | typeof CommandId.HoverLookUpOnChain
    | typeof CommandId.HoverFixChecksum;

/** Runs a lookup under a cancellable notification; undefined when cancelled. */
export function withProgress<T>(
    title: string,
    task: (signal: AbortSignal) => Promise<T>,
): Thenable<T | undefined> {
    return vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        async (_progress, token) => {
            const controller = new AbortController();
            const listener = token.onCancellationRequested(() => controller.abort());
            try {
                return await task(controller.signal);
            } catch (error) {
                if (token.isCancellationRequested) return undefined;
                throw error;
            } finally {
                listener.dispose();
            }
        },
    );
}

export function createHoverCommandHandlers(hovers: Hovers): Record<HoverCommandId, CommandHandler> {
    return {
        [CommandId.HoverCopy]: async (arg) => {
            const { text } = loadCore().parseHoverArg(arg);
            if (!text) return;
            await hovers.copy(text);
            vscode.window.setStatusBarMessage(`Copied ${text}`, 3000);
        },

        [CommandId.HoverOpenDetails]: async (arg) => {
            const { text } = loadCore().parseHoverArg(arg);
            const engine = hovers.engine;
            const details =
                text &&
                (await withProgress(`Looking up ${engine.label(text)}…`, (signal) =>
                    engine.details(text, signal),
                ));
            if (!details) return;
            if ('query' in details) {
                await vscode.commands.executeCommand(CommandId.OpenQueryPanel, details.query);
                return;
            }
            await hovers.showDetails(text, details.json);
        },

        [CommandId.HoverLookUpOnChain]: async (arg) => {
            const { text, place } = loadCore().parseHoverArg(arg);
            const engine = hovers.engine;
            if (!text) return;
            const choices = await withProgress('Reading the chain list…', (signal) =>
                engine.chainChoices(text, signal),
            );
            if (!choices) return;
            const picked = await vscode.window.showQuickPick(choices, {
                title: `Look up ${engine.label(text)} on…`,
                placeHolder: 'An EVM chain the Data API indexes',
                matchOnDescription: true,
            });
            if (!picked) return;
            engine.chooseChain(text, picked.evmChainId);
            const document = place && openDocument(place.uri);
            if (!place || !document) return;
            // Shows the hover again over the identifier, now looked up on the chosen chain.
            const editor = await vscode.window.showTextDocument(document);
            const position = new vscode.Position(place.line, place.character + 1);
            editor.selection = new vscode.Selection(position, position);
            await vscode.commands.executeCommand('editor.action.showHover');
        },

        [CommandId.HoverFixChecksum]: async (arg) => {
            const { text, place } = loadCore().parseHoverArg(arg);
            const corrected = text && loadCore().toChecksumAddress(text);
            if (!place || !text || !corrected || corrected === text) return;
            const document = openDocument(place.uri);
            if (!document) return;
            const uri = document.uri;
            const { line, character } = place;
            const range = new vscode.Range(line, character, line, character + text.length);
            if (document.getText(range) !== text) {
                void vscode.window.showInformationMessage(
                    vscode.l10n.t('The address changed since the hover was shown.'),
                );
                return;
            }
            const edit = new vscode.WorkspaceEdit();
            edit.replace(uri, range, corrected);
            await vscode.workspace.applyEdit(edit);
        },
    };
}

/**
 * The open document a hover link's place names, or undefined. A hover link is made over a
 * document being hovered, so it is open; an argument naming any other URI (another extension,
 * a crafted link) opens and edits nothing (#33).
 */
function openDocument(uri: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}
