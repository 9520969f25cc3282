/**
 * "Look Up", "Watch" and "Trace" for the identifier under the cursor or in the selection, from the
 * editor's context menu, a keybinding or the palette (#40): what a hover's links do, without
 * pointing at the identifier first. The identifier is found as the hover finds it (the detector
 * of `core/identifiers.ts`); Watch and Trace run the very links the live hover would show
 * (`HoverEngine.actions`), so the two cannot disagree on what can be watched or traced.
 *
 * A context key names the kind of identifier at the cursor, so the menu offers only what applies;
 * it is computed from the line alone and sends nothing.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import type * as Core from '../core/index';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { withProgress } from './hoverCommands';
import type { Hovers } from './hovers';

/** The editor command ids, each with a handler below. */
export type EditorCommandId =
    typeof CommandId.EditorLookUp | typeof CommandId.EditorWatch | typeof CommandId.EditorTrace;

/**
 * The kind of identifier at the active editor's cursor or selection (`evmAddress`, `hash32`,
 * `pnAddress`, `cb58Id`, `nodeId`), or false: the `when` clauses of `editor/context` read it.
 */
const editorIdContextKey = 'avalanche.editor.idKind';

/**
 * Keeps {@link editorIdContextKey} in step with the active editor's cursor and selection, and
 * shows the commands' messages (the last few kept for the integration tests, which cannot read
 * a notification).
 */
export class EditorIdContext extends Disposable {
    private current: string | false | undefined;
    /** The messages shown last, oldest first (at most 10). */
    readonly said: string[] = [];

    constructor(private readonly hovers: Hovers) {
        super();
        this._register(
            vscode.window.onDidChangeTextEditorSelection((e) => {
                if (e.textEditor === vscode.window.activeTextEditor) this.update();
            }),
        );
        this._register(vscode.window.onDidChangeActiveTextEditor(() => this.update()));
        this.update();
    }

    /** The value the key holds now (for tests). */
    get value(): string | false {
        return this.current ?? false;
    }

    /** Shows `message` as an information message. */
    say(message: string): void {
        this.said.push(message);
        if (this.said.length > 10) this.said.shift();
        void vscode.window.showInformationMessage(message);
    }

    private update(): void {
        const editor = vscode.window.activeTextEditor;
        const found = editor && this.hovers.identifierIn(editor.document, editor.selection);
        const next = found ? found.id.kind : false;
        if (next === this.current) return;
        this.current = next;
        void vscode.commands.executeCommand('setContext', editorIdContextKey, next);
    }
}

/** The identifier at the active editor's cursor or selection; says so when there is none. */
function identifierHere(hovers: Hovers, ids: EditorIdContext): Core.Identifier | undefined {
    const editor = vscode.window.activeTextEditor;
    const found = editor && hovers.identifierIn(editor.document, editor.selection);
    if (!found) {
        ids.say(
            vscode.l10n.t(
                'Put the cursor on an Avalanche address, hash, NodeID or id, or select one, first.',
            ),
        );
        return undefined;
    }
    if (found.id.broken) {
        ids.say(
            vscode.l10n.t(
                '{0} is malformed (its checksum does not match), so it was not looked up.',
                found.id.text,
            ),
        );
        return undefined;
    }
    return found.id;
}

/** What a Watch link follows, as the Watch List would name it. */
function watchLabel(link: Core.CommandLink): string {
    const checked = loadCore().checkWatchTarget(link.args?.[0]);
    return 'target' in checked ? loadCore().describeTarget(checked.target) : link.title;
}

async function runLink(link: Core.CommandLink): Promise<void> {
    await vscode.commands.executeCommand(link.command, ...(link.args ?? []));
}

export function createEditorCommandHandlers(
    hovers: Hovers,
    ids: EditorIdContext,
): Record<EditorCommandId, CommandHandler> {
    return {
        [CommandId.EditorLookUp]: async () => {
            const id = identifierHere(hovers, ids);
            if (!id) return;
            await vscode.commands.executeCommand(CommandId.HoverOpenDetails, { text: id.text });
        },

        [CommandId.EditorWatch]: async () => {
            const id = identifierHere(hovers, ids);
            if (!id) return;
            const engine = hovers.engine;
            const label = engine.label(id.text);
            const cannot = vscode.l10n.t(
                'The Watch List cannot follow {0}: it follows EVM transactions and accounts, P-Chain transactions, L1s and L1 validators.',
                label,
            );
            // An address of the P- or X-Chain is never watched: no request is sent for it.
            if (id.kind === 'pnAddress') {
                ids.say(cannot);
                return;
            }
            const actions = await withProgress(vscode.l10n.t('Looking up {0}…', label), (signal) =>
                engine.actions(id, signal),
            );
            if (!actions) return;
            if (actions.watch.length === 0) {
                ids.say(cannot);
                return;
            }
            if (actions.watch.length === 1) {
                await runLink(actions.watch[0]!);
                return;
            }
            const picked = await vscode.window.showQuickPick(
                actions.watch.map((link) => ({
                    label: watchLabel(link),
                    detail: link.tooltip ?? '',
                    link,
                })),
                { title: vscode.l10n.t('Watch which of {0}?', label) },
            );
            if (picked) await runLink(picked.link);
        },

        [CommandId.EditorTrace]: async () => {
            const id = identifierHere(hovers, ids);
            if (!id) return;
            const engine = hovers.engine;
            const label = engine.label(id.text);
            if (id.kind !== 'hash32') {
                ids.say(
                    vscode.l10n.t(
                        'Trace needs an EVM transaction hash (0x and 64 hex digits); {0} is not one.',
                        label,
                    ),
                );
                return;
            }
            const actions = await withProgress(vscode.l10n.t('Looking up {0}…', label), (signal) =>
                engine.actions(id, signal),
            );
            if (!actions) return;
            const link = actions.trace[0];
            if (!link) {
                ids.say(
                    vscode.l10n.t(
                        '{0} is not a mined EVM transaction on the chain hovers look on (the C-Chain or avalanche.hovers.defaultEvmChain). Its hover\'s "Look up on…" chooses another chain.',
                        label,
                    ),
                );
                return;
            }
            await runLink(link);
        },
    };
}
