/**
 * Command ids of the palette queries and result panels: one per Data API endpoint (named by its
 * operationId in the published reference, https://developers.avacloud.io/data-api), one per node
 * method of the method table, and the generic ones. `queries/queryCommands.ts` handles them all
 * (`runDataApiQuery`, `runNodeMethod`). Kept apart from `commandIds.ts` because there are so many;
 * that table spreads these in. Plain data, free of
 * `vscode`, so that the manifest check and unit tests import it. A unit test ties the ids to the
 * query tables (`core/query/dataApiQueries.ts`, `core/query/nodeQueries.ts`).
 */

/** Data API and Metrics API queries (`avalanche.query.<operationId>`, letters only). */
export const DataApiQueryCommandId = {
    /** `getAggregatedSignatures` */
    QueryGetAggregatedSignatures: 'avalanche.query.getAggregatedSignatures',
    /** `listTransactions` */
    QueryListTransactions: 'avalanche.query.listTransactions',
    /** `getUtxosByAddressesV2` */
    QueryGetUtxosByAddressesV2: 'avalanche.query.listUtxos',
    /** `listAssetTransactions` */
    QueryListAssetTransactions: 'avalanche.query.listAssetTransactions',
    /** `postTransactionExportJob`, through `createExport` (`queries/exportCommands.ts`) */
    QueryPostTransactionExportJob: 'avalanche.query.postTransactionExportJob',
    /** `getOperationResult` */
    QueryGetOperationResult: 'avalanche.query.getOperationResult',
    /** `listSubnets` */
    QueryListSubnets: 'avalanche.query.listSubnets',
    /** `listErc1155Transactions` */
    QueryListErc1155Transactions: 'avalanche.query.listMultiTokenTransfers',
    /** `listErc20Balances` */
    QueryListErc20Balances: 'avalanche.query.listTokenBalances',
    /** `listTransfers` */
    QueryListTransfers: 'avalanche.query.listTransfers',
    /** `listInternalTransactions` */
    QueryListInternalTransactions: 'avalanche.query.listInternalTransactions',
    /** `listErc1155Balances` */
    QueryListErc1155Balances: 'avalanche.query.listMultiTokenBalances',
    /** `getTransactionsForBlock` */
    QueryGetTransactionsForBlock: 'avalanche.query.getTransactionsForBlock',
    /** `listCollectibleBalances` */
    QueryListCollectibleBalances: 'avalanche.query.listCollectibleBalances',
    /** `getVertexByHeight` */
    QueryGetVertexByHeight: 'avalanche.query.getVertexByHeight',
    /** `getTransaction` */
    QueryGetTransaction: 'avalanche.query.getTransaction',
    /** `listLatestPrimaryNetworkBlocks` */
    QueryListLatestPrimaryNetworkBlocks: 'avalanche.query.listLatestPrimaryNetworkBlocks',
    /** `listL1Validators` */
    QueryListL1Validators: 'avalanche.query.listLayerOneValidators',
    /** `getAddressesByBalanceOverTime` */
    QueryGetAddressesByBalanceOverTime: 'avalanche.query.getAddressesByBalanceOverTime',
    /** `supportedChains` */
    QuerySupportedChains: 'avalanche.query.supportedChains',
    /** `getSubnetById` */
    QueryGetSubnetById: 'avalanche.query.getSubnetById',
    /** `getBlockchainById` */
    QueryGetBlockchainById: 'avalanche.query.getBlockchainById',
    /** `getTxByHash` */
    QueryGetTxByHash: 'avalanche.query.getTxByHash',
    /** `getIcmMessage` */
    QueryGetIcmMessage: 'avalanche.query.getIcmMessage',
} as const;

/** Node JSON-RPC methods (`avalanche.nodeRpc.<camelCaseMethod>`). */
export const NodeQueryCommandId = {
    /** `admin.alias` */
    NodeAdminAlias: 'avalanche.nodeRpc.adminAlias',
    /** `admin.aliasChain` */
    NodeAdminAliasChain: 'avalanche.nodeRpc.adminAliasChain',
    /** `admin.getChainAliases` */
    NodeAdminGetChainAliases: 'avalanche.nodeRpc.adminGetChainAliases',
    /** `admin.getLoggerLevel` */
    NodeAdminGetLoggerLevel: 'avalanche.nodeRpc.adminGetLoggerLevel',
    /** `admin.setLoggerLevel` */
    NodeAdminSetLoggerLevel: 'avalanche.nodeRpc.adminSetLoggerLevel',
    /** `admin.loadVMs` */
    NodeAdminLoadVMs: 'avalanche.nodeRpc.adminLoadVMs',
    /** `admin.lockProfile` */
    NodeAdminLockProfile: 'avalanche.nodeRpc.adminLockProfile',
    /** `admin.memoryProfile` */
    NodeAdminMemoryProfile: 'avalanche.nodeRpc.adminMemoryProfile',
    /** `admin.startCPUProfiler` */
    NodeAdminStartCPUProfiler: 'avalanche.nodeRpc.adminStartCPUProfiler',
    /** `admin.stopCPUProfiler` */
    NodeAdminStopCPUProfiler: 'avalanche.nodeRpc.adminStopCPUProfiler',
    /** `info.acps` */
    NodeInfoAcps: 'avalanche.nodeRpc.infoAcps',
    /** `info.isBootstrapped` */
    NodeInfoIsBootstrapped: 'avalanche.nodeRpc.infoIsBootstrapped',
    /** `info.getBlockchainID` */
    NodeInfoGetBlockchainID: 'avalanche.nodeRpc.infoGetBlockchainID',
    /** `info.getNetworkID` */
    NodeInfoGetNetworkID: 'avalanche.nodeRpc.infoGetNetworkID',
    /** `info.getNetworkName` */
    NodeInfoGetNetworkName: 'avalanche.nodeRpc.infoGetNetworkName',
    /** `info.getNodeID` */
    NodeInfoGetNodeID: 'avalanche.nodeRpc.infoGetNodeID',
    /** `info.getNodeIP` */
    NodeInfoGetNodeIP: 'avalanche.nodeRpc.infoGetNodeIP',
    /** `info.getNodeVersion` */
    NodeInfoGetNodeVersion: 'avalanche.nodeRpc.infoGetNodeVersion',
    /** `info.getTxFee` */
    NodeInfoGetTxFee: 'avalanche.nodeRpc.infoGetTxFee',
    /** `info.getVMs` */
    NodeInfoGetVMs: 'avalanche.nodeRpc.infoGetVMs',
    /** `info.peers` */
    NodeInfoPeers: 'avalanche.nodeRpc.infoPeers',
    /** `info.uptime` */
    NodeInfoUptime: 'avalanche.nodeRpc.infoUptime',
    /** `info.upgrades` */
    NodeInfoUpgrades: 'avalanche.nodeRpc.infoUpgrades',
    /** `health.health` */
    NodeHealthHealth: 'avalanche.nodeRpc.healthHealth',
    /** `health.readiness` */
    NodeHealthReadiness: 'avalanche.nodeRpc.healthReadiness',
    /** `health.liveness` */
    NodeHealthLiveness: 'avalanche.nodeRpc.healthLiveness',
    /** `platform.getHeight` */
    NodePlatformGetHeight: 'avalanche.nodeRpc.platformGetHeight',
    /** `platform.getSubnets` */
    NodePlatformGetSubnets: 'avalanche.nodeRpc.platformGetSubnets',
    /** `platform.getSubnet` */
    NodePlatformGetSubnet: 'avalanche.nodeRpc.platformGetSubnet',
    /** `platform.getBlockchains` */
    NodePlatformGetBlockchains: 'avalanche.nodeRpc.platformGetBlockchains',
    /** `platform.getBlockchainStatus` */
    NodePlatformGetBlockchainStatus: 'avalanche.nodeRpc.platformGetBlockchainStatus',
    /** `platform.validatedBy` */
    NodePlatformValidatedBy: 'avalanche.nodeRpc.platformValidatedBy',
    /** `platform.validates` */
    NodePlatformValidates: 'avalanche.nodeRpc.platformValidates',
    /** `platform.getCurrentValidators` */
    NodePlatformGetCurrentValidators: 'avalanche.nodeRpc.platformGetCurrentValidators',
    /** `platform.getL1Validator` */
    NodePlatformGetLOneValidator: 'avalanche.nodeRpc.platformGetLOneValidator',
    /** `platform.getValidatorsAt` */
    NodePlatformGetValidatorsAt: 'avalanche.nodeRpc.platformGetValidatorsAt',
    /** `platform.getTx` */
    NodePlatformGetTx: 'avalanche.nodeRpc.platformGetTx',
    /** `platform.getTxStatus` */
    NodePlatformGetTxStatus: 'avalanche.nodeRpc.platformGetTxStatus',
    /** `platform.getBalance` */
    NodePlatformGetBalance: 'avalanche.nodeRpc.platformGetBalance',
    /** `platform.getStakingAssetID` */
    NodePlatformGetStakingAssetID: 'avalanche.nodeRpc.platformGetStakingAssetID',
    /** `platform.getCurrentSupply` */
    NodePlatformGetCurrentSupply: 'avalanche.nodeRpc.platformGetCurrentSupply',
    /** `platform.getTimestamp` */
    NodePlatformGetTimestamp: 'avalanche.nodeRpc.platformGetTimestamp',
    /** `platform.getBlockByHeight` */
    NodePlatformGetBlockByHeight: 'avalanche.nodeRpc.platformGetBlockByHeight',
    /** `platform.getFeeState` */
    NodePlatformGetFeeState: 'avalanche.nodeRpc.platformGetFeeState',
    /** `platform.getValidatorFeeState` */
    NodePlatformGetValidatorFeeState: 'avalanche.nodeRpc.platformGetValidatorFeeState',
    /** `platform.getValidatorFeeConfig` */
    NodePlatformGetValidatorFeeConfig: 'avalanche.nodeRpc.platformGetValidatorFeeConfig',
    /** `platform.getMinStake` */
    NodePlatformGetMinStake: 'avalanche.nodeRpc.platformGetMinStake',
    /** `platform.getTotalStake` */
    NodePlatformGetTotalStake: 'avalanche.nodeRpc.platformGetTotalStake',
    /** `avm.getHeight` */
    NodeAvmGetHeight: 'avalanche.nodeRpc.avmGetHeight',
    /** `avm.getTx` */
    NodeAvmGetTx: 'avalanche.nodeRpc.avmGetTx',
    /** `avm.getTxStatus` */
    NodeAvmGetTxStatus: 'avalanche.nodeRpc.avmGetTxStatus',
    /** `avm.getAssetDescription` */
    NodeAvmGetAssetDescription: 'avalanche.nodeRpc.avmGetAssetDescription',
    /** `avm.getBlockByHeight` */
    NodeAvmGetBlockByHeight: 'avalanche.nodeRpc.avmGetBlockByHeight',
    /** `avm.getBalance` */
    NodeAvmGetBalance: 'avalanche.nodeRpc.avmGetBalance',
    /** `avm.getAllBalances` */
    NodeAvmGetAllBalances: 'avalanche.nodeRpc.avmGetAllBalances',
    /** `eth_feeConfig` */
    NodeEthFeeConfig: 'avalanche.nodeRpc.ethFeeConfig',
    /** `eth_getChainConfig` */
    NodeEthGetChainConfig: 'avalanche.nodeRpc.ethGetChainConfig',
    /** `eth_getActivePrecompilesAt` */
    NodeEthGetActivePrecompilesAt: 'avalanche.nodeRpc.ethGetActivePrecompilesAt',
    /** `eth_getActiveRulesAt` */
    NodeEthGetActiveRulesAt: 'avalanche.nodeRpc.ethGetActiveRulesAt',
    /** `validators.getCurrentValidators` */
    NodeValidatorsGetCurrentValidators: 'avalanche.nodeRpc.validatorsGetCurrentValidators',
    /** `eth_chainId` */
    NodeEthChainId: 'avalanche.nodeRpc.ethChainId',
    /** `eth_blockNumber` */
    NodeEthBlockNumber: 'avalanche.nodeRpc.ethBlockNumber',
    /** `eth_getBalance` */
    NodeEthGetBalance: 'avalanche.nodeRpc.ethGetBalance',
    /** `eth_getCode` */
    NodeEthGetCode: 'avalanche.nodeRpc.ethGetCode',
    /** `eth_getTransactionByHash` */
    NodeEthGetTransactionByHash: 'avalanche.nodeRpc.ethGetTransactionByHash',
    /** `eth_getTransactionCount` */
    NodeEthGetTransactionCount: 'avalanche.nodeRpc.ethGetTransactionCount',
    /** `eth_getTransactionReceipt` */
    NodeEthGetTransactionReceipt: 'avalanche.nodeRpc.ethGetTransactionReceipt',
    /** `eth_getBlockByNumber` */
    NodeEthGetBlockByNumber: 'avalanche.nodeRpc.ethGetBlockByNumber',
    /** `eth_getBlockByHash` */
    NodeEthGetBlockByHash: 'avalanche.nodeRpc.ethGetBlockByHash',
    /** `eth_getLogs` */
    NodeEthGetLogs: 'avalanche.nodeRpc.ethGetLogs',
} as const;

/** Generic query commands shown in the palette. */
export const QueryToolCommandId = {
    /** `callNodeMethod` (`queries/queryCommands.ts`) */
    CallNodeMethod: 'avalanche.query.callNodeMethod',
    /** `sendRawRpc` (`queries/queryCommands.ts`) */
    SendRawRpc: 'avalanche.query.sendRawRpc',
    /** `reopenRecentQuery` (`queries/queryCommands.ts`) */
    ReopenRecentQuery: 'avalanche.query.reopenRecent',
    /** `showOperations` (`queries/exportCommands.ts`) */
    ShowExportOperations: 'avalanche.query.showExportOperations',
    /** `traceTransaction` (`queries/queryCommands.ts`): the trace panel of an EVM transaction */
    TraceTransaction: 'avalanche.query.traceTransaction',
    /** `followIcmMessage` (`queries/queryCommands.ts`) */
    FollowIcmMessage: 'avalanche.query.followIcmMessage',
} as const;

/** Commands that other features call with an argument; hidden from the palette. */
export const QueryInternalCommandId = {
    /**
     * `openQueryPanel` (`queries/queryCommands.ts`): opens the panel of a `QueryRequest` (the sidebar and
     * hovers pass one; it is validated before anything runs).
     */
    OpenQueryPanel: 'avalanche.query.openPanel',
} as const;

/** Every query command id. */
export const QueryCommandId = {
    ...DataApiQueryCommandId,
    ...NodeQueryCommandId,
    ...QueryToolCommandId,
    ...QueryInternalCommandId,
} as const;
export type QueryCommandId = (typeof QueryCommandId)[keyof typeof QueryCommandId];

/** Query command ids hidden from the Command Palette. */
export const queryInternalCommandIds: readonly QueryCommandId[] =
    Object.values(QueryInternalCommandId);
