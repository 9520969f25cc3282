/**
 * The files that say a workspace works with Avalanche, by name alone: where the status bar item
 * shows (#40). No imports, so the extension's first bundle can hold it without the parsers.
 * The shapes are those the workspace index reads (`classify.ts`), narrowed to Avalanche.
 */

/**
 * Include glob for `workspace.findFiles`: an avalanche-cli sidecar, Interchain Kit's network
 * file, and Foundry or Hardhat Ignition deployments on the C-Chain of Mainnet or Fuji (EVM chain
 * ids 43114 and 43113).
 */
export const avalancheFilesGlob =
    '{**/*sidecar.json,**/.interchain-kit/artifacts/network.json,' +
    '**/broadcast/*/43114/*.json,**/broadcast/*/43113/*.json,' +
    '**/ignition/deployments/chain-43114/deployed_addresses.json,' +
    '**/ignition/deployments/chain-43113/deployed_addresses.json}';

/** Exclude glob: dependencies and caches, where a file says nothing of this workspace's own work. */
export const avalancheFilesExcludeGlob = '{**/node_modules/**,**/lib/**,**/cache/**,**/.git/**}';
