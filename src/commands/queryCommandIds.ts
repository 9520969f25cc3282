/**
 * Command ids of the palette queries and result panels: one per Data API endpoint, one per node
 * method of the method table, and the generic ones (STYLE.md rule 13). Kept apart from
 * `commandIds.ts` because there are so many; that table spreads these in. Plain data, free of
 * `vscode`, so that the manifest check and unit tests import it. A unit test ties the ids to the
 * query tables (`core/query/dataApiQueries.ts`, `core/query/nodeQueries.ts`).
 */

/** Data API and Metrics API queries (`avalanche.query.<operationId>`, letters only). */
export const DataApiQueryCommandId = {
    /** {@link queryCommands.runDataApiQuery} (4.1) */
    QueryGetAggregatedSignatures: 'avalanche.query.getAggregatedSignatures',
    /** {@link queryCommands.runDataApiQuery} (4.2) */
    QueryListTransactions: 'avalanche.query.listTransactions',
    /** {@link queryCommands.runDataApiQuery} (4.3) */
    QueryGetUtxosByAddressesV2: 'avalanche.query.listUtxos',
    /** {@link queryCommands.runDataApiQuery} (4.4) */
    QueryListAssetTransactions: 'avalanche.query.listAssetTransactions',
    /** {@link exportCommands.createExport} (4.5) */
    QueryPostTransactionExportJob: 'avalanche.query.postTransactionExportJob',
    /** {@link queryCommands.runDataApiQuery} (4.5) */
    QueryGetOperationResult: 'avalanche.query.getOperationResult',
    /** {@link queryCommands.runDataApiQuery} (4.6) */
    QueryListSubnets: 'avalanche.query.listSubnets',
    /** {@link queryCommands.runDataApiQuery} (4.7) */
    QueryListErc1155Transactions: 'avalanche.query.listMultiTokenTransfers',
    /** {@link queryCommands.runDataApiQuery} (4.8) */
    QueryListErc20Balances: 'avalanche.query.listTokenBalances',
    /** {@link queryCommands.runDataApiQuery} (4.9) */
    QueryListTransfers: 'avalanche.query.listTransfers',
    /** {@link queryCommands.runDataApiQuery} (4.10) */
    QueryListInternalTransactions: 'avalanche.query.listInternalTransactions',
    /** {@link queryCommands.runDataApiQuery} (4.11) */
    QueryListErc1155Balances: 'avalanche.query.listMultiTokenBalances',
    /** {@link queryCommands.runDataApiQuery} (4.12) */
    QueryGetTransactionsForBlock: 'avalanche.query.getTransactionsForBlock',
    /** {@link queryCommands.runDataApiQuery} (4.13) */
    QueryListCollectibleBalances: 'avalanche.query.listCollectibleBalances',
    /** {@link queryCommands.runDataApiQuery} (4.14) */
    QueryGetVertexByHeight: 'avalanche.query.getVertexByHeight',
    /** {@link queryCommands.runDataApiQuery} (4.15) */
    QueryGetTransaction: 'avalanche.query.getTransaction',
    /** {@link queryCommands.runDataApiQuery} (4.16) */
    QueryListLatestPrimaryNetworkBlocks: 'avalanche.query.listLatestPrimaryNetworkBlocks',
    /** {@link queryCommands.runDataApiQuery} (4.17) */
    QueryListL1Validators: 'avalanche.query.listLayerOneValidators',
    /** {@link queryCommands.runDataApiQuery} (4.18) */
    QueryGetAddressesByBalanceOverTime: 'avalanche.query.getAddressesByBalanceOverTime',
    /** {@link queryCommands.runDataApiQuery} (chains) */
    QuerySupportedChains: 'avalanche.query.supportedChains',
} as const;

/** Node JSON-RPC methods (`avalanche.nodeRpc.<camelCaseMethod>`). */
export const NodeQueryCommandId = {
    /** {@link queryCommands.runNodeMethod} `admin.alias` */
    NodeAdminAlias: 'avalanche.nodeRpc.adminAlias',
    /** {@link queryCommands.runNodeMethod} `admin.aliasChain` */
    NodeAdminAliasChain: 'avalanche.nodeRpc.adminAliasChain',
    /** {@link queryCommands.runNodeMethod} `admin.getChainAliases` */
    NodeAdminGetChainAliases: 'avalanche.nodeRpc.adminGetChainAliases',
    /** {@link queryCommands.runNodeMethod} `admin.getLoggerLevel` */
    NodeAdminGetLoggerLevel: 'avalanche.nodeRpc.adminGetLoggerLevel',
    /** {@link queryCommands.runNodeMethod} `admin.setLoggerLevel` */
    NodeAdminSetLoggerLevel: 'avalanche.nodeRpc.adminSetLoggerLevel',
    /** {@link queryCommands.runNodeMethod} `admin.loadVMs` */
    NodeAdminLoadVMs: 'avalanche.nodeRpc.adminLoadVMs',
    /** {@link queryCommands.runNodeMethod} `admin.lockProfile` */
    NodeAdminLockProfile: 'avalanche.nodeRpc.adminLockProfile',
    /** {@link queryCommands.runNodeMethod} `admin.memoryProfile` */
    NodeAdminMemoryProfile: 'avalanche.nodeRpc.adminMemoryProfile',
    /** {@link queryCommands.runNodeMethod} `admin.startCPUProfiler` */
    NodeAdminStartCPUProfiler: 'avalanche.nodeRpc.adminStartCPUProfiler',
    /** {@link queryCommands.runNodeMethod} `admin.stopCPUProfiler` */
    NodeAdminStopCPUProfiler: 'avalanche.nodeRpc.adminStopCPUProfiler',
    /** {@link queryCommands.runNodeMethod} `info.acps` */
    NodeInfoAcps: 'avalanche.nodeRpc.infoAcps',
    /** {@link queryCommands.runNodeMethod} `info.isBootstrapped` */
    NodeInfoIsBootstrapped: 'avalanche.nodeRpc.infoIsBootstrapped',
    /** {@link queryCommands.runNodeMethod} `info.getBlockchainID` */
    NodeInfoGetBlockchainID: 'avalanche.nodeRpc.infoGetBlockchainID',
    /** {@link queryCommands.runNodeMethod} `info.getNetworkID` */
    NodeInfoGetNetworkID: 'avalanche.nodeRpc.infoGetNetworkID',
    /** {@link queryCommands.runNodeMethod} `info.getNetworkName` */
    NodeInfoGetNetworkName: 'avalanche.nodeRpc.infoGetNetworkName',
    /** {@link queryCommands.runNodeMethod} `info.getNodeID` */
    NodeInfoGetNodeID: 'avalanche.nodeRpc.infoGetNodeID',
    /** {@link queryCommands.runNodeMethod} `info.getNodeIP` */
    NodeInfoGetNodeIP: 'avalanche.nodeRpc.infoGetNodeIP',
    /** {@link queryCommands.runNodeMethod} `info.getNodeVersion` */
    NodeInfoGetNodeVersion: 'avalanche.nodeRpc.infoGetNodeVersion',
    /** {@link queryCommands.runNodeMethod} `info.getTxFee` */
    NodeInfoGetTxFee: 'avalanche.nodeRpc.infoGetTxFee',
    /** {@link queryCommands.runNodeMethod} `info.getVMs` */
    NodeInfoGetVMs: 'avalanche.nodeRpc.infoGetVMs',
    /** {@link queryCommands.runNodeMethod} `info.peers` */
    NodeInfoPeers: 'avalanche.nodeRpc.infoPeers',
    /** {@link queryCommands.runNodeMethod} `info.uptime` */
    NodeInfoUptime: 'avalanche.nodeRpc.infoUptime',
    /** {@link queryCommands.runNodeMethod} `info.upgrades` */
    NodeInfoUpgrades: 'avalanche.nodeRpc.infoUpgrades',
    /** {@link queryCommands.runNodeMethod} `eth_feeConfig` */
    NodeEthFeeConfig: 'avalanche.nodeRpc.ethFeeConfig',
    /** {@link queryCommands.runNodeMethod} `eth_getChainConfig` */
    NodeEthGetChainConfig: 'avalanche.nodeRpc.ethGetChainConfig',
    /** {@link queryCommands.runNodeMethod} `eth_getActivePrecompilesAt` */
    NodeEthGetActivePrecompilesAt: 'avalanche.nodeRpc.ethGetActivePrecompilesAt',
    /** {@link queryCommands.runNodeMethod} `eth_getActiveRulesAt` */
    NodeEthGetActiveRulesAt: 'avalanche.nodeRpc.ethGetActiveRulesAt',
    /** {@link queryCommands.runNodeMethod} `validators.getCurrentValidators` */
    NodeValidatorsGetCurrentValidators: 'avalanche.nodeRpc.validatorsGetCurrentValidators',
    /** {@link queryCommands.runNodeMethod} `eth_chainId` */
    NodeEthChainId: 'avalanche.nodeRpc.ethChainId',
    /** {@link queryCommands.runNodeMethod} `eth_blockNumber` */
    NodeEthBlockNumber: 'avalanche.nodeRpc.ethBlockNumber',
    /** {@link queryCommands.runNodeMethod} `eth_getBalance` */
    NodeEthGetBalance: 'avalanche.nodeRpc.ethGetBalance',
    /** {@link queryCommands.runNodeMethod} `eth_getCode` */
    NodeEthGetCode: 'avalanche.nodeRpc.ethGetCode',
    /** {@link queryCommands.runNodeMethod} `eth_getTransactionByHash` */
    NodeEthGetTransactionByHash: 'avalanche.nodeRpc.ethGetTransactionByHash',
    /** {@link queryCommands.runNodeMethod} `eth_getTransactionReceipt` */
    NodeEthGetTransactionReceipt: 'avalanche.nodeRpc.ethGetTransactionReceipt',
    /** {@link queryCommands.runNodeMethod} `eth_getBlockByNumber` */
    NodeEthGetBlockByNumber: 'avalanche.nodeRpc.ethGetBlockByNumber',
} as const;

/** Generic query commands shown in the palette. */
export const QueryToolCommandId = {
    /** {@link queryCommands.callNodeMethod} */
    CallNodeMethod: 'avalanche.query.callNodeMethod',
    /** {@link queryCommands.sendRawRpc} */
    SendRawRpc: 'avalanche.query.sendRawRpc',
    /** {@link queryCommands.reopenRecentQuery} */
    ReopenRecentQuery: 'avalanche.query.reopenRecent',
    /** {@link exportCommands.showOperations} */
    ShowExportOperations: 'avalanche.query.showExportOperations',
} as const;

/** Commands that other features call with an argument; hidden from the palette. */
export const QueryInternalCommandId = {
    /**
     * {@link queryCommands.openQueryPanel}: opens the panel of a `QueryRequest` (the sidebar and
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
