/**
 * The activity-bar container and its views. No `vscode` import: the manifest check compares these
 * with `package.json`, and the tree registrars use them when they call `createTreeView`.
 */

export const ViewContainerId = 'avalanche';

export const ViewId = {
    Chains: 'avalanche.chains',
    Subnets: 'avalanche.subnets',
    Validators: 'avalanche.validators',
    Node: 'avalanche.node',
    WatchList: 'avalanche.watchList',
} as const;
export type ViewId = (typeof ViewId)[keyof typeof ViewId];
