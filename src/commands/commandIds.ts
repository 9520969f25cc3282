/**
 * Every command id of the extension. An `as const` object rather than a `const enum` so that it
 * also exists at runtime: the plain-Node manifest test imports it and checks it against
 * `package.json`. Ids follow `avalanche.<area>.<verb>`. Each member names its handler and the
 * feature file that holds it (plain text: the features sit above this layer, so a `{@link}` would
 * need an upward import); `src/extension.ts` joins the features' handlers into one table.
 */

import { QueryCommandId, queryInternalCommandIds } from './queryCommandIds';

export const CommandId = {
    // ---------------------------------------------------------------------------------------------
    // User-facing: shown in the Command Palette under the "Avalanche" category.
    // ---------------------------------------------------------------------------------------------

    /** `chooseNetwork` (`connection/networkCommands.ts`) */
    ChooseNetwork: 'avalanche.network.choose',
    /** `chooseNode` (`connection/nodeCommands.ts`) */
    ChooseNode: 'avalanche.node.choose',
    /** `addNodeUrl` (`connection/nodeCommands.ts`) */
    AddNodeUrl: 'avalanche.node.addUrl',
    /** `removeNodeUrl` (`connection/nodeCommands.ts`) */
    RemoveNodeUrl: 'avalanche.node.removeUrl',
    /** `setDataApiKey` (`connection/credentialCommands.ts`) */
    SetDataApiKey: 'avalanche.dataApi.setKey',
    /** `clearDataApiKey` (`connection/credentialCommands.ts`) */
    ClearDataApiKey: 'avalanche.dataApi.clearKey',
    /** `log.show()` (`src/extension.ts`) */
    ShowLogs: 'avalanche.logs.show',
    /** `reset` (`platform/clients.ts`): forget cached answers, refresh the views and hovers. */
    ForgetCachedData: 'avalanche.cache.forget',
    /** `copyConfiguration` (`agent/mcpConfiguration.ts`): the MCP server for other agents. */
    CopyMcpConfiguration: 'avalanche.agent.copyMcpConfiguration',

    // Sidebar trees (handlers in src/tree/treeCommands.ts): title-bar and palette commands.

    /** `refreshView` (`tree/treeCommands.ts`) */
    RefreshChains: 'avalanche.chains.refresh',
    /** `refreshView` (`tree/treeCommands.ts`) */
    RefreshSubnets: 'avalanche.subnets.refresh',
    /** `refreshView` (`tree/treeCommands.ts`) */
    RefreshValidators: 'avalanche.validators.refresh',
    /** `refreshView` (`tree/treeCommands.ts`) */
    RefreshNode: 'avalanche.node.refresh',
    /** `Dashboards.handlers` (`dashboard/registerDashboard.ts`): charts of the node's metrics. */
    OpenNodeDashboard: 'avalanche.node.openDashboard',
    /** `goToVertexHeight` (`tree/treeCommands.ts`) */
    GoToVertexHeight: 'avalanche.chains.goToVertexHeight',
    /** `findSubnet` (`tree/treeCommands.ts`) */
    FindSubnet: 'avalanche.subnets.find',
    /** `toggleSubnetSortOrder` (`tree/treeCommands.ts`) */
    ToggleSubnetSortOrder: 'avalanche.subnets.toggleSortOrder',
    /** `filterValidators` (`tree/treeCommands.ts`) */
    FilterValidators: 'avalanche.validators.filter',
    /** `clearValidatorFilter` (`tree/treeCommands.ts`) */
    ClearValidatorFilter: 'avalanche.validators.clearFilter',
    /** `filterPeers` (`tree/treeCommands.ts`) */
    FilterPeers: 'avalanche.node.filterPeers',
    /** `startCpuProfiler` (`tree/treeCommands.ts`) */
    StartCpuProfiler: 'avalanche.node.startCpuProfiler',
    /** `stopCpuProfiler` (`tree/treeCommands.ts`) */
    StopCpuProfiler: 'avalanche.node.stopCpuProfiler',
    /** `writeMemoryProfile` (`tree/treeCommands.ts`) */
    WriteMemoryProfile: 'avalanche.node.writeMemoryProfile',
    /** `writeLockProfile` (`tree/treeCommands.ts`) */
    WriteLockProfile: 'avalanche.node.writeLockProfile',

    // The watch list (handlers in src/watch/watchCommands.ts).

    /** `add` (`watch/watchCommands.ts`): a target from a row, hover or panel, else prompted. */
    WatchAdd: 'avalanche.watch.add',
    /** `refresh` (`watch/watchCommands.ts`) */
    WatchRefresh: 'avalanche.watch.refresh',
    /** `clearFinished` (`watch/watchCommands.ts`) */
    WatchClearFinished: 'avalanche.watch.clearFinished',

    // ---------------------------------------------------------------------------------------------
    // Internal: invoked by the status bar, trees and links; hidden from the palette
    // (`"when": "false"` in package.json).
    // ---------------------------------------------------------------------------------------------

    /** `showStatusMenu` (`connection/networkCommands.ts`) */
    ShowStatusMenu: 'avalanche.statusBar.showMenu',
    /** `loadMore` (`tree/treeCommands.ts`) */
    LoadMore: 'avalanche.tree.loadMore',
    /** `retry` (`tree/treeCommands.ts`) */
    Retry: 'avalanche.tree.retry',
    /** `copyId` (`tree/treeCommands.ts`) */
    CopyId: 'avalanche.tree.copyId',
    /** `openDetails` (`tree/treeCommands.ts`) */
    OpenDetails: 'avalanche.tree.openDetails',
    /** `openJson` (`tree/treeCommands.ts`) */
    OpenJson: 'avalanche.tree.openJson',
    /** `openInExplorer` (`tree/treeCommands.ts`) */
    OpenInExplorer: 'avalanche.tree.openInExplorer',
    /** `watch` (`tree/treeCommands.ts`): the row's thing, handed to `avalanche.watch.add`. */
    WatchRow: 'avalanche.tree.watch',

    /** `remove` (`watch/watchCommands.ts`): a Watch List row's inline action. */
    WatchRemove: 'avalanche.watch.remove',
    /** `open` (`watch/watchCommands.ts`): shows a watched item where it lives. */
    WatchOpen: 'avalanche.watch.open',
    /**
     * `topUp` (`watch/watchFeature.ts`): copies the platform-cli command that adds balance to a
     * watched L1 validator whose runway is low, and offers the Builder Console.
     */
    WatchTopUp: 'avalanche.watch.topUp',

    // Hovers (handlers in src/hover/hoverCommands.ts): the links inside a hover.

    /** `copy` (`hover/hoverCommands.ts`) */
    HoverCopy: 'avalanche.hover.copy',
    /** `openDetails` (`hover/hoverCommands.ts`) */
    HoverOpenDetails: 'avalanche.hover.openDetails',
    /** `lookUpOnChain` (`hover/hoverCommands.ts`) */
    HoverLookUpOnChain: 'avalanche.hover.lookUpOnChain',
    /** `fixChecksum` (`hover/hoverCommands.ts`) */
    HoverFixChecksum: 'avalanche.hover.fixChecksum',

    // The editor (handlers in src/hover/editorCommands.ts): the identifier under the cursor or in
    // the selection, from the context menu, a keybinding or the palette.

    /** `lookUp` (`hover/editorCommands.ts`): what the hover's "Open details" opens. */
    EditorLookUp: 'avalanche.editor.lookUp',
    /** `watch` (`hover/editorCommands.ts`): the hover's "Watch" link. */
    EditorWatch: 'avalanche.editor.watch',
    /** `trace` (`hover/editorCommands.ts`): the hover's "Trace" link. */
    EditorTrace: 'avalanche.editor.trace',

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
    CommandId.WatchRow,
    CommandId.WatchRemove,
    CommandId.WatchOpen,
    CommandId.WatchTopUp,
    CommandId.HoverCopy,
    CommandId.HoverOpenDetails,
    CommandId.HoverLookUpOnChain,
    CommandId.HoverFixChecksum,
    ...queryInternalCommandIds,
]);

/** Every id, in declaration order. */
export const allCommandIds: readonly CommandId[] = Object.values(CommandId);
