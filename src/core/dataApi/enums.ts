/**
 * The value lists of the Data API and Metrics API, as published in their OpenAPI documents
 * (`data-api.openapi.json` of 2026-02-25, `metrics-api.openapi.json` of 2025-11-18). Request
 * parameters are checked against these lists; in responses the same lists are only "known values"
 * (see `OpenEnum`), since the API may add values at any time. No zod here: the UI builds quick
 * picks from these lists without loading the schemas.
 */
import { pChainId } from '../ids/primaryNetwork';

/** `network` path parameter. `testnet` and `fuji` name the same network. */
export const networks = ['mainnet', 'fuji', 'testnet'] as const;
/** A `network` path value. */
export type NetworkName = (typeof networks)[number];

/** Primary-network blockchain ids (cb58), the same on every network for the P-Chain. */
export const primaryNetworkBlockchainIds = {
    pChain: pChainId,
    xChainMainnet: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    xChainFuji: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    cChainMainnet: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    cChainFuji: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
} as const;

/** Aliases the primary-network endpoints accept in place of a blockchain id. */
export const blockchainAliases = ['p-chain', 'x-chain', 'c-chain'] as const;
/** `p-chain`, `x-chain` or `c-chain`. */
export type BlockchainAlias = (typeof blockchainAliases)[number];

/**
 * OpenAPI `BlockchainId`: the UTXO and blocks endpoints (`getUtxosByAddressesV2`,
 * `listLatestPrimaryNetworkBlocks`) and export `includeChains`.
 */
export const blockchainIds = [
    primaryNetworkBlockchainIds.pChain,
    primaryNetworkBlockchainIds.xChainMainnet,
    primaryNetworkBlockchainIds.xChainFuji,
    primaryNetworkBlockchainIds.cChainMainnet,
    primaryNetworkBlockchainIds.cChainFuji,
    ...blockchainAliases,
] as const;
/** A value of OpenAPI `BlockchainId`. */
export type BlockchainId = (typeof blockchainIds)[number];

/** OpenAPI `XChainId`: `listAssetTransactions` and `getVertexByHeight`. */
export const xChainIds = [
    primaryNetworkBlockchainIds.xChainMainnet,
    primaryNetworkBlockchainIds.xChainFuji,
    'x-chain',
] as const;
/** A value of OpenAPI `XChainId`. */
export type XChainId = (typeof xChainIds)[number];

/** OpenAPI `SortOrder`. */
export const sortOrders = ['asc', 'desc'] as const;
/** `asc` or `desc`. */
export type SortOrder = (typeof sortOrders)[number];

/** OpenAPI `UtxosSortByOption`. */
export const utxoSortBy = ['timestamp', 'amount'] as const;
/** `timestamp` or `amount`. */
export type UtxoSortBy = (typeof utxoSortBy)[number];

/** OpenAPI `CurrencyCode`. */
export const currencies = [
    'usd',
    'eur',
    'aud',
    'cad',
    'chf',
    'clp',
    'cny',
    'czk',
    'dkk',
    'gbp',
    'hkd',
    'huf',
    'jpy',
    'nzd',
] as const;
/** A value of OpenAPI `CurrencyCode`. */
export type CurrencyCode = (typeof currencies)[number];

/** OpenAPI `PChainTransactionType`: `PrimaryNetworkTxType` without the X-Chain's own two. */
export const pChainTransactionTypes = [
    'AddValidatorTx',
    'AddSubnetValidatorTx',
    'AddDelegatorTx',
    'CreateChainTx',
    'CreateSubnetTx',
    'ImportTx',
    'ExportTx',
    'AdvanceTimeTx',
    'RewardValidatorTx',
    'RemoveSubnetValidatorTx',
    'TransformSubnetTx',
    'AddPermissionlessValidatorTx',
    'AddPermissionlessDelegatorTx',
    'BaseTx',
    'TransferSubnetOwnershipTx',
    'ConvertSubnetToL1Tx',
    'RegisterL1ValidatorTx',
    'SetL1ValidatorWeightTx',
    'DisableL1ValidatorTx',
    'IncreaseL1ValidatorBalanceTx',
    'UNKNOWN',
] as const;
/**
 * OpenAPI `PrimaryNetworkTxType`: the `txTypes` filter of `listAssetTransactions`, the P-Chain's
 * types and the X-Chain's own two, in the OpenAPI order.
 */
export const primaryNetworkTxTypes = [
    ...pChainTransactionTypes,
    'CreateAssetTx',
    'OperationTx',
] as const;
/** A value of OpenAPI `PrimaryNetworkTxType`. */
export type PrimaryNetworkTxType = (typeof primaryNetworkTxTypes)[number];

/** OpenAPI `ApiFeature`: the `feature` filter of `GET /v1/chains`. */
export const apiFeatures = ['nftIndexing', 'webhooks', 'teleporter'] as const;
/** A value of OpenAPI `ApiFeature`. */
export type ApiFeature = (typeof apiFeatures)[number];

/** `type` of an export request: the EVM form and the three primary-network forms. */
export const evmExportTypes = ['TRANSACTION_EXPORT_EVM'] as const;
/** OpenAPI `PrimaryNetworkOperationType`: the primary-network export forms. */
const primaryNetworkExportTypes = [
    'TRANSACTION_EXPORT_PRIMARY_NETWORK',
    'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
    'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
] as const;
/** OpenAPI `OperationType`. */
export const operationTypes = [...primaryNetworkExportTypes, ...evmExportTypes] as const;
/** A value of OpenAPI `OperationType`. */
export type OperationType = (typeof operationTypes)[number];

// Response-only value lists (known values of open enums).

/** OpenAPI `OperationStatus`. */
export const operationStatuses = [
    'RUNNING',
    'COMPLETED',
    'COMPLETED_WITH_WARNING',
    'FAILED',
] as const;
/** OpenAPI `OperationStatusCode`. */
export const operationStatusCodes = [
    'ErrInvalidRequest',
    'ErrInternal',
    'WarnTruncatedExport',
] as const;
/** OpenAPI `TransactionMethodType` (`method.callType`). */
export const transactionMethodTypes = [
    'NATIVE_TRANSFER',
    'CONTRACT_CALL',
    'CONTRACT_CREATION',
] as const;
/** OpenAPI `InternalTransactionOpCall`. */
export const internalTransactionOpCalls = [
    'UNKNOWN',
    'CALL',
    'CREATE',
    'CREATE2',
    'CREATE3',
    'CALLCODE',
    'DELEGATECALL',
    'STATICCALL',
] as const;
/** OpenAPI `NftTokenMetadataStatus`. */
export const nftTokenMetadataStatuses = [
    'UNKNOWN',
    'MISSING_TOKEN',
    'INVALID_TOKEN_URI',
    'INVALID_TOKEN_URI_SCHEME',
    'UNREACHABLE_TOKEN_URI',
    'THROTTLED_TOKEN_URI',
    'METADATA_CONTENT_TOO_LARGE',
    'INVALID_METADATA',
    'INVALID_METADATA_JSON',
    'INDEXED',
    'UNINDEXED',
] as const;
/** OpenAPI `TransactionDirectionType`. */
export const transactionDirections = ['SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION'] as const;
/** `Erc20TokenBalance.tokenReputation` (besides null). */
export const tokenReputations = ['Malicious', 'Benign'] as const;
/** OpenAPI `ChainStatus`. */
export const chainStatuses = ['OK', 'UNAVAILABLE'] as const;
/** OpenAPI `VmName`. */
export const vmNames = ['EVM', 'BITCOIN', 'ETHEREUM'] as const;
/** OpenAPI `PrimaryNetworkChainName`. */
export const primaryNetworkChainNames = ['p-chain', 'x-chain', 'c-chain'] as const;
/** OpenAPI `PrimaryNetworkAssetType`. */
export const primaryNetworkAssetTypes = ['secp256k1', 'nft'] as const;
/** OpenAPI `PrimaryNetworkAssetCap`. */
export const primaryNetworkAssetCaps = ['fixed', 'variable'] as const;
/** OpenAPI `RewardType`. */
export const rewardTypes = ['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE'] as const;
/** OpenAPI `UtxoType` (P-Chain UTXOs; X/C-Chain `utxoType` is a free string). */
export const pChainUtxoTypes = ['STAKE', 'TRANSFER'] as const;
/** OpenAPI `XChainTransactionType`. */
export const xChainTransactionTypes = [
    'BaseTx',
    'CreateAssetTx',
    'OperationTx',
    'ImportTx',
    'ExportTx',
    'UNKNOWN',
] as const;
/** `chainFormat` of X-Chain transactions. */
export const xChainFormats = ['non-linear', 'linear'] as const;
