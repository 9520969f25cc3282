/**
 * Wire schemas of the EVM endpoints of the Data API (transactions, transfers, balances, blocks,
 * `supportedChains`), field for field as in `data-api.openapi.json` (2026-02-25). Unknown fields
 * are dropped (zod's default), enums stay open, quantities stay strings. Built on first use; see
 * `lazySchemas`. Each `<Name>Wire` type is the parsed form of the OpenAPI component `<Name>`.
 */
import * as z from 'zod';

import {
    apiFeatures,
    chainStatuses,
    currencies,
    internalTransactionOpCalls,
    nftTokenMetadataStatuses,
    tokenReputations,
    transactionDirections,
    transactionMethodTypes,
    vmNames,
} from '../enums';
import { decimalNumber, lazySchemas, openEnum } from './kit';

function build() {
    const RichAddressWireSchema = z.object({
        name: z.string().optional(),
        symbol: z.string().optional(),
        decimals: z.number().optional(),
        logoUri: z.string().optional(),
        address: z.string(),
    });

    // OpenAPI types `value` as number; the published docs show "42.42" (see
    // `decimalNumber`).
    const MoneyWireSchema = z.object({
        currencyCode: openEnum(currencies),
        value: decimalNumber(),
    });

    const MethodWireSchema = z.object({
        callType: openEnum(transactionMethodTypes),
        methodHash: z.string(),
        methodName: z.string().optional(),
    });

    const nativeTransactionShape = {
        blockNumber: z.string(),
        blockTimestamp: z.number(),
        blockTimestampMilliseconds: z.number().optional(),
        blockMinDelayExcess: z.number().optional(),
        blockHash: z.string(),
        chainId: z.string(),
        blockIndex: z.number(),
        txHash: z.string(),
        txStatus: z.string(),
        txType: z.number(),
        gasLimit: z.string(),
        gasUsed: z.string(),
        gasPrice: z.string(),
        nonce: z.string(),
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        method: MethodWireSchema.optional(),
        value: z.string(),
    };
    const NativeTransactionWireSchema = z.object(nativeTransactionShape);
    const FullNativeTransactionDetailsWireSchema = z.object({
        ...nativeTransactionShape,
        input: z.string(),
        baseFeePerGas: z.string(),
        maxFeePerGas: z.string().optional(),
        maxPriorityFeePerGas: z.string().optional(),
    });

    const Erc20TokenWireSchema = z.object({
        address: z.string(),
        name: z.string(),
        symbol: z.string(),
        decimals: z.number(),
        logoUri: z.string().optional(),
        ercType: openEnum(['ERC-20']),
        price: MoneyWireSchema.optional(),
    });

    const nftMetadataShape = {
        indexStatus: openEnum(nftTokenMetadataStatuses),
        metadataLastUpdatedTimestamp: z.number().optional(),
        name: z.string().optional(),
        symbol: z.string().optional(),
        imageUri: z.string().optional(),
        description: z.string().optional(),
        animationUri: z.string().optional(),
        externalUrl: z.string().optional(),
        background: z.string().optional(),
    };
    const Erc721TokenMetadataWireSchema = z.object({
        ...nftMetadataShape,
        attributes: z.string().optional(),
    });
    const Erc1155TokenMetadataWireSchema = z.object({
        ...nftMetadataShape,
        decimals: z.number().optional(),
        properties: z.string().optional(),
    });

    const Erc721TokenWireSchema = z.object({
        address: z.string(),
        name: z.string(),
        symbol: z.string(),
        ercType: openEnum(['ERC-721']),
        tokenId: z.string(),
        tokenUri: z.string(),
        metadata: Erc721TokenMetadataWireSchema,
        ownerAddress: z.string().optional(),
    });
    const Erc1155TokenWireSchema = z.object({
        address: z.string(),
        ercType: openEnum(['ERC-1155']),
        tokenId: z.string(),
        tokenUri: z.string(),
        metadata: Erc1155TokenMetadataWireSchema,
    });

    const Erc20TransferDetailsWireSchema = z.object({
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        logIndex: z.number(),
        value: z.string(),
        erc20Token: Erc20TokenWireSchema,
    });
    const Erc721TransferDetailsWireSchema = z.object({
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        logIndex: z.number(),
        erc721Token: Erc721TokenWireSchema,
    });
    const Erc1155TransferDetailsWireSchema = z.object({
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        logIndex: z.number(),
        value: z.string(),
        erc1155Token: Erc1155TokenWireSchema,
    });
    const internalTransactionShape = {
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        internalTxType: openEnum(internalTransactionOpCalls),
        value: z.string(),
        isReverted: z.boolean(),
        gasUsed: z.string(),
        gasLimit: z.string(),
    };
    const InternalTransactionDetailsWireSchema = z.object(internalTransactionShape);

    /** One item of an address's transaction list (`listTransactions`). */
    const TransactionDetailsWireSchema = z.object({
        nativeTransaction: NativeTransactionWireSchema,
        erc20Transfers: z.array(Erc20TransferDetailsWireSchema).optional(),
        erc721Transfers: z.array(Erc721TransferDetailsWireSchema).optional(),
        erc1155Transfers: z.array(Erc1155TransferDetailsWireSchema).optional(),
        internalTransactions: z.array(InternalTransactionDetailsWireSchema).optional(),
    });
    const ListTransactionDetailsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transactions: z.array(TransactionDetailsWireSchema),
    });

    // Items of the transfer lists (`listErc1155Transactions`, `listTransfers`) and of the
    // internals list (`listInternalTransactions`) carry their block.
    const blockFields = {
        blockNumber: z.string(),
        blockTimestamp: z.number(),
        blockTimestampMilliseconds: z.number().optional(),
        blockHash: z.string(),
        txHash: z.string(),
    };
    const Erc20TransferWireSchema = z.object({
        ...blockFields,
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        logIndex: z.number(),
        value: z.string(),
        erc20Token: Erc20TokenWireSchema,
    });
    const Erc721TransferWireSchema = z.object({
        ...blockFields,
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        logIndex: z.number(),
        erc721Token: Erc721TokenWireSchema,
    });
    const Erc1155TransferWireSchema = z.object({
        ...blockFields,
        from: RichAddressWireSchema,
        to: RichAddressWireSchema,
        logIndex: z.number(),
        value: z.string(),
        erc1155Token: Erc1155TokenWireSchema,
    });
    const InternalTransactionWireSchema = z.object({ ...blockFields, ...internalTransactionShape });

    /** The answer of `listErc1155Transactions`. */
    const ListErc1155TransactionsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transactions: z.array(Erc1155TransferWireSchema),
    });
    /**
     * The answer of `listTransfers`: the three transfer shapes differ by their token key, so a
     * plain union picks one.
     */
    const ListTransfersResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transfers: z.array(
            z.union([Erc20TransferWireSchema, Erc721TransferWireSchema, Erc1155TransferWireSchema]),
        ),
    });
    /** The answer of `listInternalTransactions`. */
    const ListInternalTransactionsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transactions: z.array(InternalTransactionWireSchema),
    });

    const NativeTokenBalanceWireSchema = z.object({
        name: z.string(),
        symbol: z.string(),
        decimals: z.number(),
        logoUri: z.string().optional(),
        chainId: z.string(),
        price: MoneyWireSchema.optional(),
        balance: z.string(),
        balanceValue: MoneyWireSchema.optional(),
    });
    const Erc20TokenBalanceWireSchema = z.object({
        address: z.string(),
        name: z.string(),
        symbol: z.string(),
        decimals: z.number(),
        logoUri: z.string().optional(),
        ercType: openEnum(['ERC-20']),
        price: MoneyWireSchema.optional(),
        chainId: z.string(),
        balance: z.string(),
        balanceValue: MoneyWireSchema.optional(),
        // Required but nullable in the OpenAPI: null means "reputation unknown". Absent is read
        // the same way: the docs' own example (data-vs-rpc) leaves it out, and one balance
        // without it must not cost the page.
        tokenReputation: openEnum(tokenReputations).nullable().optional(),
    });
    /** The answer of `listErc20Balances`. */
    const ListErc20BalancesResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        nativeTokenBalance: NativeTokenBalanceWireSchema,
        erc20TokenBalances: z.array(Erc20TokenBalanceWireSchema),
    });

    const Erc1155TokenBalanceWireSchema = z.object({
        address: z.string(),
        ercType: openEnum(['ERC-1155']),
        tokenId: z.string(),
        tokenUri: z.string(),
        metadata: Erc1155TokenMetadataWireSchema,
        chainId: z.string(),
        balance: z.string(),
    });
    /** The answer of `listErc1155Balances`. */
    const ListErc1155BalancesResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        nativeTokenBalance: NativeTokenBalanceWireSchema,
        erc1155TokenBalances: z.array(Erc1155TokenBalanceWireSchema),
    });

    /** The answer of `getTransactionsForBlock`. */
    const ListNativeTransactionsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transactions: z.array(NativeTransactionWireSchema),
    });

    const Erc721TokenBalanceWireSchema = z.object({
        address: z.string(),
        name: z.string(),
        symbol: z.string(),
        ercType: openEnum(['ERC-721']),
        tokenId: z.string(),
        tokenUri: z.string(),
        metadata: Erc721TokenMetadataWireSchema,
        ownerAddress: z.string().optional(),
        chainId: z.string(),
    });
    /**
     * The answer of `listCollectibleBalances`. The ERC-1155 shape is tried first: it is the only
     * one with `balance`, and an ERC-1155 item that also carried `name` and `symbol` would
     * otherwise lose its balance to the ERC-721 shape.
     */
    const ListCollectibleBalancesResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        collectibleBalances: z.array(
            z.union([Erc1155TokenBalanceWireSchema, Erc721TokenBalanceWireSchema]),
        ),
    });

    const NetworkTokenWireSchema = z.object({
        name: z.string(),
        symbol: z.string(),
        decimals: z.number(),
        logoUri: z.string().optional(),
        description: z.string().optional(),
    });
    const NetworkTokenDetailsWireSchema = z.object({
        networkToken: NetworkTokenWireSchema,
        currentPrice: MoneyWireSchema.optional(),
        historicalPrice: MoneyWireSchema.optional(),
    });
    const TeleporterMessageInfoWireSchema = z.object({
        teleporterMessageId: z.string(),
        direction: openEnum(transactionDirections),
        sourceChainId: z.string().optional(),
        destinationChainId: z.string().optional(),
    });
    /** The answer of `getTransaction`. */
    const GetTransactionResponseWireSchema = z.object({
        erc20Transfers: z.array(Erc20TransferDetailsWireSchema).optional(),
        erc721Transfers: z.array(Erc721TransferDetailsWireSchema).optional(),
        erc1155Transfers: z.array(Erc1155TransferDetailsWireSchema).optional(),
        internalTransactions: z.array(InternalTransactionDetailsWireSchema).optional(),
        networkTokenDetails: NetworkTokenDetailsWireSchema,
        nativeTransaction: FullNativeTransactionDetailsWireSchema,
        teleporterMessageInfo: TeleporterMessageInfoWireSchema.optional(),
    });

    const UtilityAddressesWireSchema = z.object({ multicall: z.string().optional() });
    const ChainInfoWireSchema = z.object({
        chainId: z.string(),
        status: openEnum(chainStatuses),
        chainName: z.string(),
        description: z.string(),
        platformChainId: z.string().optional(),
        subnetId: z.string().optional(),
        vmId: z.string().optional(),
        vmName: openEnum(vmNames),
        explorerUrl: z.string().optional(),
        rpcUrl: z.string(),
        wsUrl: z.string().optional(),
        isTestnet: z.boolean(),
        utilityAddresses: UtilityAddressesWireSchema.optional(),
        networkToken: NetworkTokenWireSchema,
        chainLogoUri: z.string().optional(),
        private: z.boolean().optional(),
        enabledFeatures: z.array(openEnum(apiFeatures)).optional(),
    });
    /** `GET /v1/chains` (not paged). */
    const ListChainsResponseWireSchema = z.object({ chains: z.array(ChainInfoWireSchema) });

    // ICM messages (`getIcmMessage`): one of three shapes, told apart by `status`.
    const IcmReceiptWireSchema = z.object({
        receivedMessageNonce: z.string(),
        relayerRewardAddress: z.string(),
    });
    const IcmRewardDetailsWireSchema = z.object({
        address: z.string(),
        name: z.string(),
        symbol: z.string(),
        decimals: z.number(),
        logoUri: z.string().optional(),
        ercType: openEnum(['ERC-20'] as const),
        price: MoneyWireSchema.optional(),
        value: z.string(),
    });
    const IcmSourceTransactionWireSchema = z.object({
        txHash: z.string(),
        timestamp: z.number(),
        gasSpent: z.string(),
    });
    const IcmDestinationTransactionWireSchema = z.object({
        txHash: z.string(),
        timestamp: z.number(),
        gasSpent: z.string(),
        rewardRedeemer: z.string(),
        delivererAddress: z.string(),
    });
    const icmMessageFields = {
        messageId: z.string(),
        icmContractAddress: z.string(),
        sourceBlockchainId: z.string(),
        destinationBlockchainId: z.string(),
        sourceEvmChainId: z.string(),
        destinationEvmChainId: z.string(),
        messageNonce: z.string(),
        from: z.string(),
        to: z.string(),
        data: z.string().optional(),
        messageExecuted: z.boolean(),
        receipts: z.array(IcmReceiptWireSchema),
        receiptDelivered: z.boolean(),
        rewardDetails: IcmRewardDetailsWireSchema,
    };
    const PendingIcmMessageWireSchema = z.object({
        ...icmMessageFields,
        sourceTransaction: IcmSourceTransactionWireSchema,
        status: openEnum(['pending'] as const),
    });
    const DeliveredIcmMessageWireSchema = z.object({
        ...icmMessageFields,
        sourceTransaction: IcmSourceTransactionWireSchema,
        destinationTransaction: IcmDestinationTransactionWireSchema,
        status: openEnum(['delivered'] as const),
    });
    const DeliveredSourceNotIndexedIcmMessageWireSchema = z.object({
        ...icmMessageFields,
        destinationTransaction: IcmDestinationTransactionWireSchema,
        status: openEnum(['delivered_source_not_indexed'] as const),
    });
    /**
     * The answer of `getIcmMessage`. `status` stays open (an unknown value is kept), so the shapes
     * are told apart by their transactions: the fullest first.
     */
    const GetIcmMessageResponseWireSchema = z.union([
        DeliveredIcmMessageWireSchema,
        DeliveredSourceNotIndexedIcmMessageWireSchema,
        PendingIcmMessageWireSchema,
    ]);

    return {
        RichAddressWireSchema,
        MoneyWireSchema,
        MethodWireSchema,
        NativeTransactionWireSchema,
        FullNativeTransactionDetailsWireSchema,
        Erc20TokenWireSchema,
        Erc721TokenMetadataWireSchema,
        Erc1155TokenMetadataWireSchema,
        Erc721TokenWireSchema,
        Erc1155TokenWireSchema,
        Erc20TransferDetailsWireSchema,
        Erc721TransferDetailsWireSchema,
        Erc1155TransferDetailsWireSchema,
        InternalTransactionDetailsWireSchema,
        TransactionDetailsWireSchema,
        ListTransactionDetailsResponseWireSchema,
        Erc20TransferWireSchema,
        Erc721TransferWireSchema,
        Erc1155TransferWireSchema,
        InternalTransactionWireSchema,
        ListErc1155TransactionsResponseWireSchema,
        ListTransfersResponseWireSchema,
        ListInternalTransactionsResponseWireSchema,
        NativeTokenBalanceWireSchema,
        Erc20TokenBalanceWireSchema,
        ListErc20BalancesResponseWireSchema,
        Erc1155TokenBalanceWireSchema,
        ListErc1155BalancesResponseWireSchema,
        ListNativeTransactionsResponseWireSchema,
        Erc721TokenBalanceWireSchema,
        ListCollectibleBalancesResponseWireSchema,
        NetworkTokenWireSchema,
        NetworkTokenDetailsWireSchema,
        TeleporterMessageInfoWireSchema,
        GetTransactionResponseWireSchema,
        UtilityAddressesWireSchema,
        ChainInfoWireSchema,
        ListChainsResponseWireSchema,
        IcmReceiptWireSchema,
        IcmRewardDetailsWireSchema,
        IcmSourceTransactionWireSchema,
        IcmDestinationTransactionWireSchema,
        PendingIcmMessageWireSchema,
        DeliveredIcmMessageWireSchema,
        DeliveredSourceNotIndexedIcmMessageWireSchema,
        GetIcmMessageResponseWireSchema,
    };
}

/** The EVM wire schemas, built on the first call and shared afterwards. */
export const evmWireSchemas = lazySchemas(build);
type S = ReturnType<typeof build>;

export type RichAddressWire = z.infer<S['RichAddressWireSchema']>;
export type MoneyWire = z.infer<S['MoneyWireSchema']>;
export type MethodWire = z.infer<S['MethodWireSchema']>;
export type NativeTransactionWire = z.infer<S['NativeTransactionWireSchema']>;
export type FullNativeTransactionDetailsWire = z.infer<S['FullNativeTransactionDetailsWireSchema']>;
export type Erc20TokenWire = z.infer<S['Erc20TokenWireSchema']>;
export type Erc721TokenMetadataWire = z.infer<S['Erc721TokenMetadataWireSchema']>;
export type Erc1155TokenMetadataWire = z.infer<S['Erc1155TokenMetadataWireSchema']>;
export type Erc721TokenWire = z.infer<S['Erc721TokenWireSchema']>;
export type Erc1155TokenWire = z.infer<S['Erc1155TokenWireSchema']>;
export type Erc20TransferDetailsWire = z.infer<S['Erc20TransferDetailsWireSchema']>;
export type Erc721TransferDetailsWire = z.infer<S['Erc721TransferDetailsWireSchema']>;
export type Erc1155TransferDetailsWire = z.infer<S['Erc1155TransferDetailsWireSchema']>;
export type InternalTransactionDetailsWire = z.infer<S['InternalTransactionDetailsWireSchema']>;
export type TransactionDetailsWire = z.infer<S['TransactionDetailsWireSchema']>;
export type ListTransactionDetailsResponseWire = z.infer<
    S['ListTransactionDetailsResponseWireSchema']
>;
export type Erc20TransferWire = z.infer<S['Erc20TransferWireSchema']>;
export type Erc721TransferWire = z.infer<S['Erc721TransferWireSchema']>;
export type Erc1155TransferWire = z.infer<S['Erc1155TransferWireSchema']>;
export type InternalTransactionWire = z.infer<S['InternalTransactionWireSchema']>;
export type ListErc1155TransactionsResponseWire = z.infer<
    S['ListErc1155TransactionsResponseWireSchema']
>;
export type ListTransfersResponseWire = z.infer<S['ListTransfersResponseWireSchema']>;
export type ListInternalTransactionsResponseWire = z.infer<
    S['ListInternalTransactionsResponseWireSchema']
>;
export type NativeTokenBalanceWire = z.infer<S['NativeTokenBalanceWireSchema']>;
export type Erc20TokenBalanceWire = z.infer<S['Erc20TokenBalanceWireSchema']>;
export type ListErc20BalancesResponseWire = z.infer<S['ListErc20BalancesResponseWireSchema']>;
export type Erc1155TokenBalanceWire = z.infer<S['Erc1155TokenBalanceWireSchema']>;
export type ListErc1155BalancesResponseWire = z.infer<S['ListErc1155BalancesResponseWireSchema']>;
export type ListNativeTransactionsResponseWire = z.infer<
    S['ListNativeTransactionsResponseWireSchema']
>;
export type Erc721TokenBalanceWire = z.infer<S['Erc721TokenBalanceWireSchema']>;
export type ListCollectibleBalancesResponseWire = z.infer<
    S['ListCollectibleBalancesResponseWireSchema']
>;
export type NetworkTokenWire = z.infer<S['NetworkTokenWireSchema']>;
export type NetworkTokenDetailsWire = z.infer<S['NetworkTokenDetailsWireSchema']>;
export type TeleporterMessageInfoWire = z.infer<S['TeleporterMessageInfoWireSchema']>;
export type GetTransactionResponseWire = z.infer<S['GetTransactionResponseWireSchema']>;
export type ChainInfoWire = z.infer<S['ChainInfoWireSchema']>;
export type ListChainsResponseWire = z.infer<S['ListChainsResponseWireSchema']>;
export type GetIcmMessageResponseWire = z.infer<S['GetIcmMessageResponseWireSchema']>;
