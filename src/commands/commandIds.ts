/**
 * Every command id of the extension (STYLE.md rule 13). An `as const` object rather than a
 * `const enum` so that it also exists at runtime: the plain-Node manifest test imports it and
 * checks it against `package.json`. Ids follow `avalanche.<area>.<verb>`. Each member links its
 * handler (`<area>Commands.ts`); `registerCommands.ts` wires them.
 */

export const CommandId = {
    // ---------------------------------------------------------------------------------------------
    // User-facing: shown in the Command Palette under the "Avalanche" category.
    // ---------------------------------------------------------------------------------------------

    /** {@link networkCommands.chooseNetwork} */
    ChooseNetwork: 'avalanche.network.choose',
    /** {@link nodeCommands.chooseNode} */
    ChooseNode: 'avalanche.node.choose',
    /** {@link nodeCommands.addNodeUrl} */
    AddNodeUrl: 'avalanche.node.addUrl',
    /** {@link nodeCommands.removeNodeUrl} */
    RemoveNodeUrl: 'avalanche.node.removeUrl',
    /** {@link credentialCommands.setDataApiKey} */
    SetDataApiKey: 'avalanche.dataApi.setKey',
    /** {@link credentialCommands.clearDataApiKey} */
    ClearDataApiKey: 'avalanche.dataApi.clearKey',
    /** {@link logCommands.showLogs} */
    ShowLogs: 'avalanche.logs.show',

    // ---------------------------------------------------------------------------------------------
    // Internal: invoked by the status bar, trees and links; hidden from the palette
    // (`"when": "false"` in package.json).
    // ---------------------------------------------------------------------------------------------

    /** {@link networkCommands.showStatusMenu} */
    ShowStatusMenu: 'avalanche.statusBar.showMenu',
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

/** Ids hidden from the Command Palette. */
export const internalCommandIds: ReadonlySet<CommandId> = new Set<CommandId>([
    CommandId.ShowStatusMenu,
]);

/** Every id, in declaration order. */
export const allCommandIds: readonly CommandId[] = Object.values(CommandId);
