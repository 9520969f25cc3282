/**
 * Handlers of the tree commands: title-bar actions (refresh, find, sort, filters), row actions
 * (load more, retry, copy, JSON, explorer) and the node's profiler actions. They run through
 * `runCommand`, so a failure here is a toast (user-initiated), unlike failures inside a tree.
 * The actions that ask the user something live in `treeActions.ts`, loaded on first use as
 * `dist/treeActions.js` (see esbuild.mjs): activation carries only this table.
 */
import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import type { Config } from '../platform/config';
import { translateForPerson } from '../platform/personText';
import type { ErrorRow, LoadMoreRow, Row } from './rows';
import type { Trees } from './registerTrees';
import type * as Actions from './treeActions';

/** The tree command ids, each with a handler below. */
export type TreeCommandId =
    | typeof CommandId.RefreshChains
    | typeof CommandId.RefreshSubnets
    | typeof CommandId.RefreshValidators
    | typeof CommandId.RefreshNode
    | typeof CommandId.GoToVertexHeight
    | typeof CommandId.FindSubnet
    | typeof CommandId.ToggleSubnetSortOrder
    | typeof CommandId.FilterValidators
    | typeof CommandId.ClearValidatorFilter
    | typeof CommandId.FilterPeers
    | typeof CommandId.StartCpuProfiler
    | typeof CommandId.StopCpuProfiler
    | typeof CommandId.WriteMemoryProfile
    | typeof CommandId.WriteLockProfile
    | typeof CommandId.LoadMore
    | typeof CommandId.Retry
    | typeof CommandId.CopyId
    | typeof CommandId.OpenDetails
    | typeof CommandId.OpenJson
    | typeof CommandId.OpenInExplorer
    | typeof CommandId.WatchRow;

let loaded: typeof Actions | undefined;

/** The actions, loaded on the first command that needs one. */
function actions(): typeof Actions {
    if (!loaded) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        loaded = require('./treeActions') as typeof Actions;
        // Its bundle holds its own copy of the trees' words (treeL10n.ts): they speak as the views do.
        loaded.useTreeTranslator(translateForPerson);
    }
    return loaded;
}

function isRow(value: unknown): value is Row {
    return (
        typeof value === 'object' &&
        value !== null &&
        'kind' in value &&
        'id' in value &&
        'view' in value
    );
}

export function createTreeCommandHandlers(
    trees: Trees,
    config: Config,
): Record<TreeCommandId, CommandHandler> {
    const target = (arg: unknown): Row | undefined => (isRow(arg) ? arg : trees.selection());
    return {
        [CommandId.RefreshChains]: () => trees.refresh('chains'),
        [CommandId.RefreshSubnets]: () => trees.refresh('subnets'),
        [CommandId.RefreshValidators]: () => trees.refresh('validators'),
        [CommandId.RefreshNode]: () => trees.refresh('node'),
        [CommandId.GoToVertexHeight]: (arg) =>
            actions().goToVertexHeight(trees, isRow(arg) ? arg : undefined),
        [CommandId.FindSubnet]: (arg) =>
            typeof arg === 'string'
                ? actions().findAndReveal(trees, arg)
                : actions().findSubnet(trees),
        [CommandId.ToggleSubnetSortOrder]: () => {
            const source = trees.subnetsSource;
            source.sortOrder = source.sortOrder === 'desc' ? 'asc' : 'desc';
            trees.describe();
            trees.providers.subnets.refresh();
        },
        // From a menu the argument is the filter row; from the watch list, a filter to set.
        [CommandId.FilterValidators]: (arg) =>
            arg === undefined || isRow(arg)
                ? actions().filterValidators(trees)
                : actions().setValidatorFilter(trees, arg),
        [CommandId.ClearValidatorFilter]: () => {
            trees.validatorsSource.filter = { includeInactive: false };
            trees.providers.validators.refresh();
        },
        [CommandId.FilterPeers]: () => actions().filterPeers(trees),
        [CommandId.StartCpuProfiler]: () => actions().profilerAction(trees, config, 'start'),
        [CommandId.StopCpuProfiler]: () => actions().profilerAction(trees, config, 'stop'),
        [CommandId.WriteMemoryProfile]: () => actions().profilerAction(trees, config, 'memory'),
        [CommandId.WriteLockProfile]: () => actions().profilerAction(trees, config, 'lock'),
        [CommandId.LoadMore]: (arg) => {
            if (!isRow(arg) || arg.kind !== 'loadMore') return;
            const row: LoadMoreRow = arg;
            trees.provider(row.view).loadMore(row.owner);
        },
        [CommandId.Retry]: (arg) => {
            if (!isRow(arg)) return;
            if (arg.kind === 'error') {
                const row: ErrorRow = arg;
                trees.provider(row.view).retry(row.owner, row.duringLoadMore);
            } else {
                trees.provider(arg.view).refresh(arg.parent);
            }
        },
        [CommandId.CopyId]: (arg) => actions().copyId(target(arg)),
        [CommandId.OpenDetails]: (arg) => actions().openDetails(trees, target(arg)),
        [CommandId.OpenJson]: (arg) => actions().openJson(target(arg)),
        [CommandId.OpenInExplorer]: (arg) => actions().openInExplorer(trees, config, target(arg)),
        [CommandId.WatchRow]: (arg) => actions().watchRow(trees, target(arg)),
    };
}
