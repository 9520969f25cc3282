/**
 * Wire schemas of the EVM endpoints of the Data API (spec §4.2, 4.7–4.13, 4.15, `GET /v1/chains`),
 * field for field as in `data-api.openapi.json` (2026-02-25). Unknown fields are dropped (zod's
 * default), enums stay open, quantities stay strings. Built on first use; see `lazySchemas`.
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

    // OpenAPI types `value` as number; the published docs show "42.42" (API-NOTES 4.9).
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

    /** 4.2: one item of an address's transaction list. */
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

    // Items of the transfer lists (4.7, 4.9) and the internals list (4.10) carry their block.
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

    /** 4.7 */
    const ListErc1155TransactionsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transactions: z.array(Erc1155TransferWireSchema),
    });
    /** 4.9: the three transfer shapes differ by their token key, so a plain union picks one. */
    const ListTransfersResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transfers: z.array(
            z.union([Erc20TransferWireSchema, Erc721TransferWireSchema, Erc1155TransferWireSchema]),
        ),
    });
    /** 4.10 */
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
        // Required but nullable in the OpenAPI: null means "reputation unknown".
        tokenReputation: openEnum(tokenReputations).nullable(),
    });
    /** 4.8 */
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
    /** 4.11 */
    const ListErc1155BalancesResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        nativeTokenBalance: NativeTokenBalanceWireSchema,
        erc1155TokenBalances: z.array(Erc1155TokenBalanceWireSchema),
    });

    /** 4.12 */
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
     * 4.13. The ERC-1155 shape is tried first: it is the only one with `balance`, and an ERC-1155
     * item that also carried `name` and `symbol` would otherwise lose its balance to the ERC-721
     * shape.
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
    /** 4.15 */
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
    };
}

/** The EVM wire schemas, built on the first call and shared afterwards. */
export const evmWireSchemas = lazySchemas(build);
type S = ReturnType<typeof build>;

/** Parsed form of OpenAPI `RichAddress` (output of `RichAddressWireSchema`). */
export type RichAddressWire = z.infer<S['RichAddressWireSchema']>;
/** Parsed form of OpenAPI `Money` (output of `MoneyWireSchema`). */
export type MoneyWire = z.infer<S['MoneyWireSchema']>;
/** Parsed form of OpenAPI `Method` (output of `MethodWireSchema`). */
export type MethodWire = z.infer<S['MethodWireSchema']>;
/** Parsed form of OpenAPI `NativeTransaction` (output of `NativeTransactionWireSchema`). */
export type NativeTransactionWire = z.infer<S['NativeTransactionWireSchema']>;
/** Parsed form of OpenAPI `FullNativeTransactionDetails` (output of `FullNativeTransactionDetailsWireSchema`). */
export type FullNativeTransactionDetailsWire = z.infer<S['FullNativeTransactionDetailsWireSchema']>;
/** Parsed form of OpenAPI `Erc20Token` (output of `Erc20TokenWireSchema`). */
export type Erc20TokenWire = z.infer<S['Erc20TokenWireSchema']>;
/** Parsed form of OpenAPI `Erc721TokenMetadata` (output of `Erc721TokenMetadataWireSchema`). */
export type Erc721TokenMetadataWire = z.infer<S['Erc721TokenMetadataWireSchema']>;
/** Parsed form of OpenAPI `Erc1155TokenMetadata` (output of `Erc1155TokenMetadataWireSchema`). */
export type Erc1155TokenMetadataWire = z.infer<S['Erc1155TokenMetadataWireSchema']>;
/** Parsed form of OpenAPI `Erc721Token` (output of `Erc721TokenWireSchema`). */
export type Erc721TokenWire = z.infer<S['Erc721TokenWireSchema']>;
/** Parsed form of OpenAPI `Erc1155Token` (output of `Erc1155TokenWireSchema`). */
export type Erc1155TokenWire = z.infer<S['Erc1155TokenWireSchema']>;
/** Parsed form of OpenAPI `Erc20TransferDetails` (output of `Erc20TransferDetailsWireSchema`). */
export type Erc20TransferDetailsWire = z.infer<S['Erc20TransferDetailsWireSchema']>;
/** Parsed form of OpenAPI `Erc721TransferDetails` (output of `Erc721TransferDetailsWireSchema`). */
export type Erc721TransferDetailsWire = z.infer<S['Erc721TransferDetailsWireSchema']>;
/** Parsed form of OpenAPI `Erc1155TransferDetails` (output of `Erc1155TransferDetailsWireSchema`). */
export type Erc1155TransferDetailsWire = z.infer<S['Erc1155TransferDetailsWireSchema']>;
/** Parsed form of OpenAPI `InternalTransactionDetails` (output of `InternalTransactionDetailsWireSchema`). */
export type InternalTransactionDetailsWire = z.infer<S['InternalTransactionDetailsWireSchema']>;
/** Parsed form of OpenAPI `TransactionDetails` (output of `TransactionDetailsWireSchema`). */
export type TransactionDetailsWire = z.infer<S['TransactionDetailsWireSchema']>;
/** Parsed form of OpenAPI `ListTransactionDetailsResponse` (output of `ListTransactionDetailsResponseWireSchema`). */
export type ListTransactionDetailsResponseWire = z.infer<
    S['ListTransactionDetailsResponseWireSchema']
>;
/** Parsed form of OpenAPI `Erc20Transfer` (output of `Erc20TransferWireSchema`). */
export type Erc20TransferWire = z.infer<S['Erc20TransferWireSchema']>;
/** Parsed form of OpenAPI `Erc721Transfer` (output of `Erc721TransferWireSchema`). */
export type Erc721TransferWire = z.infer<S['Erc721TransferWireSchema']>;
/** Parsed form of OpenAPI `Erc1155Transfer` (output of `Erc1155TransferWireSchema`). */
export type Erc1155TransferWire = z.infer<S['Erc1155TransferWireSchema']>;
/** Parsed form of OpenAPI `InternalTransaction` (output of `InternalTransactionWireSchema`). */
export type InternalTransactionWire = z.infer<S['InternalTransactionWireSchema']>;
/** Parsed form of OpenAPI `ListErc1155TransactionsResponse` (output of `ListErc1155TransactionsResponseWireSchema`). */
export type ListErc1155TransactionsResponseWire = z.infer<
    S['ListErc1155TransactionsResponseWireSchema']
>;
/** Parsed form of OpenAPI `ListTransfersResponse` (output of `ListTransfersResponseWireSchema`). */
export type ListTransfersResponseWire = z.infer<S['ListTransfersResponseWireSchema']>;
/** Parsed form of OpenAPI `ListInternalTransactionsResponse` (output of `ListInternalTransactionsResponseWireSchema`). */
export type ListInternalTransactionsResponseWire = z.infer<
    S['ListInternalTransactionsResponseWireSchema']
>;
/** Parsed form of OpenAPI `NativeTokenBalance` (output of `NativeTokenBalanceWireSchema`). */
export type NativeTokenBalanceWire = z.infer<S['NativeTokenBalanceWireSchema']>;
/** Parsed form of OpenAPI `Erc20TokenBalance` (output of `Erc20TokenBalanceWireSchema`). */
export type Erc20TokenBalanceWire = z.infer<S['Erc20TokenBalanceWireSchema']>;
/** Parsed form of OpenAPI `ListErc20BalancesResponse` (output of `ListErc20BalancesResponseWireSchema`). */
export type ListErc20BalancesResponseWire = z.infer<S['ListErc20BalancesResponseWireSchema']>;
/** Parsed form of OpenAPI `Erc1155TokenBalance` (output of `Erc1155TokenBalanceWireSchema`). */
export type Erc1155TokenBalanceWire = z.infer<S['Erc1155TokenBalanceWireSchema']>;
/** Parsed form of OpenAPI `ListErc1155BalancesResponse` (output of `ListErc1155BalancesResponseWireSchema`). */
export type ListErc1155BalancesResponseWire = z.infer<S['ListErc1155BalancesResponseWireSchema']>;
/** Parsed form of OpenAPI `ListNativeTransactionsResponse` (output of `ListNativeTransactionsResponseWireSchema`). */
export type ListNativeTransactionsResponseWire = z.infer<
    S['ListNativeTransactionsResponseWireSchema']
>;
/** Parsed form of OpenAPI `Erc721TokenBalance` (output of `Erc721TokenBalanceWireSchema`). */
export type Erc721TokenBalanceWire = z.infer<S['Erc721TokenBalanceWireSchema']>;
/** Parsed form of OpenAPI `ListCollectibleBalancesResponse` (output of `ListCollectibleBalancesResponseWireSchema`). */
export type ListCollectibleBalancesResponseWire = z.infer<
    S['ListCollectibleBalancesResponseWireSchema']
>;
/** Parsed form of OpenAPI `NetworkToken` (output of `NetworkTokenWireSchema`). */
export type NetworkTokenWire = z.infer<S['NetworkTokenWireSchema']>;
/** Parsed form of OpenAPI `NetworkTokenDetails` (output of `NetworkTokenDetailsWireSchema`). */
export type NetworkTokenDetailsWire = z.infer<S['NetworkTokenDetailsWireSchema']>;
/** Parsed form of OpenAPI `TeleporterMessageInfo` (output of `TeleporterMessageInfoWireSchema`). */
export type TeleporterMessageInfoWire = z.infer<S['TeleporterMessageInfoWireSchema']>;
/** Parsed form of OpenAPI `GetTransactionResponse` (output of `GetTransactionResponseWireSchema`). */
export type GetTransactionResponseWire = z.infer<S['GetTransactionResponseWireSchema']>;
/** Parsed form of OpenAPI `ChainInfo` (output of `ChainInfoWireSchema`). */
export type ChainInfoWire = z.infer<S['ChainInfoWireSchema']>;
/** Parsed form of OpenAPI `ListChainsResponse` (output of `ListChainsResponseWireSchema`). */
export type ListChainsResponseWire = z.infer<S['ListChainsResponseWireSchema']>;
