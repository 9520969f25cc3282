/**
 * Maps every {@link CommandId} to its handler and registers all of them through `runCommand`.
 * The handler table is typed as exhaustive, and registration iterates over `CommandId` itself, so
 * the registered ids are exactly the `CommandId` values (the manifest test ties those to
 * `package.json`).
 */
import * as vscode from 'vscode';

import type { HoverCommandId } from '../hover/hoverCommands';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import type { Secrets } from '../platform/secrets';
import type { Trees } from '../tree/registerTrees';
import { createTreeCommandHandlers } from '../tree/treeCommands';
import { allCommandIds, CommandId } from './commandIds';
import { clearDataApiKey, setDataApiKey } from './credentialCommands';
import { showLogs } from './logCommands';
import { chooseNetwork, showStatusMenu } from './networkCommands';
import { addNodeUrl, chooseNode, removeNodeUrl } from './nodeCommands';
import type { QueryCommandId } from './queries/queryCommandIds';
import { type CommandHandler, runCommand } from './runCommand';

/** One handler per command id; a missing id is a type error. */
export type CommandHandlers = { readonly [K in CommandId]: CommandHandler };

/** The services command handlers use. */
export interface CommandServices {
    readonly config: Config;
    readonly secrets: Secrets;
    readonly trees: Trees;
    readonly clients: ClientProvider;
    /** The palette queries (`queries/queryCommands.ts`). */
    readonly queryHandlers: Readonly<Record<QueryCommandId, CommandHandler>>;
    /** The links inside hovers (`hover/hoverCommands.ts`). */
    readonly hoverHandlers: Readonly<Record<HoverCommandId, CommandHandler>>;
}

/** The handlers of the foundation commands; features add theirs to this table. */
export function createCommandHandlers({
    config,
    secrets,
    trees,
    clients,
    queryHandlers,
    hoverHandlers,
}: CommandServices): CommandHandlers {
    return {
        ...createTreeCommandHandlers(trees, config),
        ...queryHandlers,
        ...hoverHandlers,
        [CommandId.ChooseNetwork]: () => chooseNetwork(config),
        [CommandId.ChooseNode]: () => chooseNode(config),
        [CommandId.AddNodeUrl]: () => addNodeUrl(config),
        [CommandId.RemoveNodeUrl]: () => removeNodeUrl(config),
        [CommandId.SetDataApiKey]: () => setDataApiKey(secrets),
        [CommandId.ClearDataApiKey]: () => clearDataApiKey(secrets),
        [CommandId.ShowLogs]: () => showLogs(),
        [CommandId.ForgetCachedData]: () => clients.reset(),
        [CommandId.ShowStatusMenu]: () => showStatusMenu(config, secrets),
    };
}

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
