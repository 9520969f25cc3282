/**
 * Parameters of each `DataApiClient` method: one object per call holding the path, query and body
 * parameters under the names the published OpenAPI gives them. Enum-like parameters are typed with
 * their known values but accept any string, because values typed by a user are checked at run time
 * (`validate.ts`) and rejected there with a message naming the parameter.
 */
import type {
    ApiFeature,
    BlockchainId,
    CurrencyCode,
    NetworkName,
    OperationType,
    PrimaryNetworkTxType,
    SortOrder,
    UtxoSortBy,
    XChainId,
} from './enums';

/** Known values for editors, any string for the run-time check. */
export type Loose<Known extends string> = Known | (string & {});

/** The operations of the client, named after the published operationIds. */
export const dataApiOperations = [
    'getAggregatedSignatures',
    'listTransactions',
    'getUtxosByAddressesV2',
    'listAssetTransactions',
    'postTransactionExportJob',
    'getOperationResult',
    'listSubnets',
    'listErc1155Transactions',
    'listErc20Balances',
    'listTransfers',
    'listInternalTransactions',
    'listErc1155Balances',
    'getTransactionsForBlock',
    'listCollectibleBalances',
    'getVertexByHeight',
    'getTransaction',
    'listLatestPrimaryNetworkBlocks',
    'listL1Validators',
    'getAddressesByBalanceOverTime',
    'supportedChains',
] as const;
/** The name of a client operation (its OpenAPI operationId). */
export type DataApiOperation = (typeof dataApiOperations)[number];

/** Per-call options of every client method. */
export interface CallOptions {
    /** Cancels the call; it then rejects with an `AbortError` (see `isAbortError`). */
    signal?: AbortSignal | undefined;
}

/** Paging parameters of every list endpoint. */
export interface PageParams {
    /** The `nextPageToken` of the previous page; absent (or empty) for the first page. */
    pageToken?: string | undefined;
    /** Items per page; the range and default differ per endpoint (see `pageSizeLimits`). */
    pageSize?: number | undefined;
}

/** A block number: the API returns them as strings of digits, and either form is accepted. */
export type BlockNumberInput = number | bigint | string;

/** EVM block range: `startBlock` inclusive, `endBlock` exclusive. */
export interface BlockRangeParams {
    startBlock?: BlockNumberInput | undefined;
    endBlock?: BlockNumberInput | undefined;
}

/** Timestamp filters (integer seconds, `startTimestamp` <= `endTimestamp`). */
export interface TimestampRangeParams {
    startTimestamp?: number | undefined;
    endTimestamp?: number | undefined;
}

/** 4.1 */
export interface GetAggregatedSignaturesParams {
    network: Loose<NetworkName>;
    /** A P-Chain or X-Chain transaction id (cb58). */
    txHash: string;
}

/** 4.2 */
export interface ListTransactionsParams extends PageParams, BlockRangeParams {
    /** An EVM chain id (`43114`) or a cb58 blockchain id. */
    chainId: string;
    address: string;
    sortOrder?: Loose<SortOrder> | undefined;
}

/** 4.3 */
export interface GetUtxosByAddressesV2Params extends PageParams {
    network: Loose<NetworkName>;
    blockchainId: Loose<BlockchainId>;
    /** Primary-network addresses (`P-avax1…`, `X-fuji1…`), as a list or one comma-separated string. */
    addresses: string | readonly string[];
    /** X-Chain only. */
    assetId?: string | undefined;
    /** In the smallest unit (nAVAX), inclusive. */
    minUtxoAmount?: number | bigint | string | undefined;
    includeSpent?: boolean | undefined;
    sortBy?: Loose<UtxoSortBy> | undefined;
    sortOrder?: Loose<SortOrder> | undefined;
}

/** 4.4 */
export interface ListAssetTransactionsParams extends PageParams, TimestampRangeParams {
    network: Loose<NetworkName>;
    blockchainId: Loose<XChainId>;
    assetId: string;
    txTypes?: readonly Loose<PrimaryNetworkTxType>[] | undefined;
}

/** Options of an EVM export. */
export interface EvmExportOptions {
    addresses: readonly string[];
    /** EVM chain ids, for example `['43114']`. */
    includeChains: readonly string[];
}

/** Options of a primary-network export. */
export interface PrimaryNetworkExportOptions {
    addresses?: readonly string[] | undefined;
    cChainEvmAddresses?: readonly string[] | undefined;
    includeChains: readonly Loose<BlockchainId>[];
}

/** 4.5: the body of an export request. Dates are `YYYY-MM-DD`. */
export interface PostTransactionExportJobParams {
    type: Loose<OperationType>;
    firstDate?: string | undefined;
    lastDate?: string | undefined;
    /** @deprecated Use `firstDate`. */
    startDate?: string | undefined;
    /** @deprecated Use `lastDate`. */
    endDate?: string | undefined;
    options: EvmExportOptions | PrimaryNetworkExportOptions;
}

/** `GET /v1/operations/{operationId}` */
export interface GetOperationResultParams {
    operationId: string;
}

/** 4.6 */
export interface ListSubnetsParams extends PageParams {
    network: Loose<NetworkName>;
    sortOrder?: Loose<SortOrder> | undefined;
}

/** 4.7, 4.9, 4.10: an address (or a token contract for 4.9) and a block range. */
export interface EvmAddressRangeParams extends PageParams, BlockRangeParams {
    chainId: string;
    address: string;
}
/** 4.7 */
export type ListErc1155TransactionsParams = EvmAddressRangeParams;
/** 4.9: `address` is the token contract. */
export type ListTransfersParams = EvmAddressRangeParams;
/** 4.10 */
export type ListInternalTransactionsParams = EvmAddressRangeParams;

/** 4.8 */
export interface ListErc20BalancesParams extends PageParams {
    chainId: string;
    address: string;
    /** Balances at this block; the latest block when absent. */
    blockNumber?: BlockNumberInput | undefined;
    filterSpamTokens?: boolean | undefined;
    /** Contract addresses to filter by, as a list or one comma-separated string. */
    contractAddresses?: string | readonly string[] | undefined;
    currency?: Loose<CurrencyCode> | undefined;
}

/** 4.11 */
export interface ListErc1155BalancesParams extends PageParams {
    chainId: string;
    address: string;
    blockNumber?: BlockNumberInput | undefined;
    contractAddress?: string | undefined;
}

/** 4.12 */
export interface GetTransactionsForBlockParams extends PageParams {
    chainId: string;
    /** A block number or a block hash. */
    blockId: BlockNumberInput;
}

/** 4.13 */
export interface ListCollectibleBalancesParams extends PageParams {
    chainId: string;
    address: string;
    contractAddress?: string | undefined;
}

/** 4.14 */
export interface GetVertexByHeightParams extends PageParams {
    network: Loose<NetworkName>;
    blockchainId: Loose<XChainId>;
    vertexHeight: number;
    sortOrder?: Loose<SortOrder> | undefined;
}

/** 4.15 */
export interface GetTransactionParams {
    chainId: string;
    txHash: string;
}

/** 4.16 */
export interface ListLatestPrimaryNetworkBlocksParams extends PageParams, TimestampRangeParams {
    network: Loose<NetworkName>;
    blockchainId: Loose<BlockchainId>;
}

/** 4.17 */
export interface ListL1ValidatorsParams extends PageParams {
    network: Loose<NetworkName>;
    l1ValidationId?: string | undefined;
    includeInactiveL1Validators?: boolean | undefined;
    /** `NodeID-…` */
    nodeId?: string | undefined;
    subnetId?: string | undefined;
}

/** 4.18 (Metrics API) */
export interface GetAddressesByBalanceOverTimeParams extends PageParams, TimestampRangeParams {
    /** An EVM chain id. */
    chainId: string;
    /** The token contract. */
    address: string;
    /** Minimum balance, in the token's smallest unit (a string of digits). */
    threshold: string | bigint;
}

/** `GET /v1/chains` */
export interface SupportedChainsParams {
    network?: Loose<NetworkName> | undefined;
    feature?: Loose<ApiFeature> | undefined;
}

/** Parameters per operation, for generic code (request descriptions, command tables). */
export interface DataApiParams {
    getAggregatedSignatures: GetAggregatedSignaturesParams;
    listTransactions: ListTransactionsParams;
    getUtxosByAddressesV2: GetUtxosByAddressesV2Params;
    listAssetTransactions: ListAssetTransactionsParams;
    postTransactionExportJob: PostTransactionExportJobParams;
    getOperationResult: GetOperationResultParams;
    listSubnets: ListSubnetsParams;
    listErc1155Transactions: ListErc1155TransactionsParams;
    listErc20Balances: ListErc20BalancesParams;
    listTransfers: ListTransfersParams;
    listInternalTransactions: ListInternalTransactionsParams;
    listErc1155Balances: ListErc1155BalancesParams;
    getTransactionsForBlock: GetTransactionsForBlockParams;
    listCollectibleBalances: ListCollectibleBalancesParams;
    getVertexByHeight: GetVertexByHeightParams;
    getTransaction: GetTransactionParams;
    listLatestPrimaryNetworkBlocks: ListLatestPrimaryNetworkBlocksParams;
    listL1Validators: ListL1ValidatorsParams;
    getAddressesByBalanceOverTime: GetAddressesByBalanceOverTimeParams;
    supportedChains: SupportedChainsParams;
}
