/**
 * Registers every command id through `runCommand`. The handler table is typed as exhaustive and
 * registration iterates over `CommandId` itself, so the registered ids are exactly the `CommandId`
 * values (the manifest test ties those to `package.json`). Each feature builds the handlers of its
 * own ids; `src/extension.ts` joins them into one table.
 */
import * as vscode from 'vscode';

import { allCommandIds, type CommandId } from './commandIds';
import { type CommandHandler, runCommand } from './runCommand';

/** One handler per command id; a missing id is a type error. */
export type CommandHandlers = { readonly [K in CommandId]: CommandHandler };

/** Registers every command id; the returned disposable unregisters them all. */
export function registerCommands(handlers: CommandHandlers): vscode.Disposable {
    return vscode.Disposable.from(
        ...allCommandIds.map((id) =>
            vscode.commands.registerCommand(id, (...args: unknown[]) =>
                runCommand(id, handlers[id], args),
            ),
        ),
    );
}
