/**
 * Every command id of the extension (STYLE.md rule 13). An `as const` object rather than a
 * `const enum` so that it also exists at runtime: the plain-Node manifest test imports it and
 * checks it against `package.json`. Ids follow `avalanche.<area>.<verb>`. Each member links its
 * handler (`<area>Commands.ts`); `registerCommands.ts` wires them.
 */

import { QueryCommandId, queryInternalCommandIds } from './queryCommandIds';

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
    /** {@link ClientProvider.reset}: forget cached answers, refresh the views and hovers. */
    ForgetCachedData: 'avalanche.cache.forget',

    // Sidebar trees (handlers in src/tree/treeCommands.ts): title-bar and palette commands.

    /** {@link treeCommands.refreshView} */
    RefreshChains: 'avalanche.chains.refresh',
    /** {@link treeCommands.refreshView} */
    RefreshSubnets: 'avalanche.subnets.refresh',
    /** {@link treeCommands.refreshView} */
    RefreshValidators: 'avalanche.validators.refresh',
    /** {@link treeCommands.refreshView} */
    RefreshNode: 'avalanche.node.refresh',
    /** {@link treeCommands.goToVertexHeight} */
    GoToVertexHeight: 'avalanche.chains.goToVertexHeight',
    /** {@link treeCommands.findSubnet} */
    FindSubnet: 'avalanche.subnets.find',
    /** {@link treeCommands.toggleSubnetSortOrder} */
    ToggleSubnetSortOrder: 'avalanche.subnets.toggleSortOrder',
    /** {@link treeCommands.filterValidators} */
    FilterValidators: 'avalanche.validators.filter',
    /** {@link treeCommands.clearValidatorFilter} */
    ClearValidatorFilter: 'avalanche.validators.clearFilter',
    /** {@link treeCommands.filterPeers} */
    FilterPeers: 'avalanche.node.filterPeers',
    /** {@link treeCommands.startCpuProfiler} */
    StartCpuProfiler: 'avalanche.node.startCpuProfiler',
    /** {@link treeCommands.stopCpuProfiler} */
    StopCpuProfiler: 'avalanche.node.stopCpuProfiler',
    /** {@link treeCommands.writeMemoryProfile} */
    WriteMemoryProfile: 'avalanche.node.writeMemoryProfile',
    /** {@link treeCommands.writeLockProfile} */
    WriteLockProfile: 'avalanche.node.writeLockProfile',

    // ---------------------------------------------------------------------------------------------
    // Internal: invoked by the status bar, trees and links; hidden from the palette
    // (`"when": "false"` in package.json).
    // ---------------------------------------------------------------------------------------------

    /** {@link networkCommands.showStatusMenu} */
    ShowStatusMenu: 'avalanche.statusBar.showMenu',
    /** {@link treeCommands.loadMore} */
    LoadMore: 'avalanche.tree.loadMore',
    /** {@link treeCommands.retry} */
    Retry: 'avalanche.tree.retry',
    /** {@link treeCommands.copyId} */
    CopyId: 'avalanche.tree.copyId',
    /** {@link treeCommands.openDetails} */
    OpenDetails: 'avalanche.tree.openDetails',
    /** {@link treeCommands.openJson} */
    OpenJson: 'avalanche.tree.openJson',
    /** {@link treeCommands.openInExplorer} */
    OpenInExplorer: 'avalanche.tree.openInExplorer',

    // Hovers (handlers in src/hover/hoverCommands.ts): the links inside a hover.

    /** {@link hoverCommands.copy} */
    HoverCopy: 'avalanche.hover.copy',
    /** {@link hoverCommands.openDetails} */
    HoverOpenDetails: 'avalanche.hover.openDetails',
    /** {@link hoverCommands.lookUpOnChain} */
    HoverLookUpOnChain: 'avalanche.hover.lookUpOnChain',
    /** {@link hoverCommands.fixChecksum} */
    HoverFixChecksum: 'avalanche.hover.fixChecksum',

    // Palette queries and result panels (queries/queryCommandIds.ts): one per Data API endpoint
    // and node method, user-facing, plus `avalanche.query.openPanel`, internal.
    ...QueryCommandId,
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

/** Ids hidden from the Command Palette. */
export const internalCommandIds: ReadonlySet<CommandId> = new Set<CommandId>([
    CommandId.ShowStatusMenu,
    CommandId.LoadMore,
    CommandId.Retry,
    CommandId.CopyId,
    CommandId.OpenDetails,
    CommandId.OpenJson,
    CommandId.OpenInExplorer,
    CommandId.HoverCopy,
    CommandId.HoverOpenDetails,
    CommandId.HoverLookUpOnChain,
    CommandId.HoverFixChecksum,
    ...queryInternalCommandIds,
]);

/** Every id, in declaration order. */
export const allCommandIds: readonly CommandId[] = Object.values(CommandId);
