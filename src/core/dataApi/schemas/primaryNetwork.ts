/**
 * Wire schemas of the primary-network endpoints of the Data API (spec §4.1, 4.3–4.6, 4.14, 4.16,
 * 4.17), field for field as in `data-api.openapi.json` (2026-02-25). Built on first use.
 */
import * as z from 'zod';

import {
    networks,
    operationStatusCodes,
    operationStatuses,
    operationTypes,
    pChainUtxoTypes,
    primaryNetworkAssetCaps,
    primaryNetworkAssetTypes,
    primaryNetworkChainNames,
    rewardTypes,
    xChainFormats,
    xChainTransactionTypes,
} from '../enums';
import { lazySchemas, openEnum } from './kit';

function build() {
    /** 4.1 */
    const SignatureAggregationResponseWireSchema = z.object({ signedMessage: z.string() });

    const PrimaryNetworkChainInfoWireSchema = z.object({
        chainName: openEnum(primaryNetworkChainNames),
        network: openEnum(networks),
    });

    const AssetAmountWireSchema = z.object({
        assetId: z.string(),
        name: z.string(),
        symbol: z.string(),
        denomination: z.number(),
        type: openEnum(primaryNetworkAssetTypes),
        amount: z.string(),
    });

    const utxoCommonShape = {
        addresses: z.array(z.string()),
        asset: AssetAmountWireSchema,
        consumedOnChainId: z.string(),
        consumingTxHash: z.string().optional(),
        createdOnChainId: z.string(),
        utxoId: z.string(),
        utxoBytes: z.string().optional(),
    };
    const PChainUtxoWireSchema = z.object({
        ...utxoCommonShape,
        amount: z.string(),
        assetId: z.string(),
        blockNumber: z.string(),
        blockTimestamp: z.number(),
        consumingBlockNumber: z.string().optional(),
        consumingBlockTimestamp: z.number().optional(),
        platformLocktime: z.number().optional(),
        outputIndex: z.number(),
        rewardType: openEnum(rewardTypes).optional(),
        stakeableLocktime: z.number().optional(),
        staked: z.boolean().optional(),
        threshold: z.number().optional(),
        txHash: z.string(),
        utxoEndTimestamp: z.number().optional(),
        utxoStartTimestamp: z.number().optional(),
        utxoType: openEnum(pChainUtxoTypes),
    });
    const UtxoCredentialWireSchema = z.object({
        signature: z.string().optional(),
        publicKey: z.string().optional(),
    });
    /** The X-Chain / C-Chain UTXO shape (OpenAPI `Utxo`); note `outputIndex` is a string here. */
    const UtxoWireSchema = z.object({
        ...utxoCommonShape,
        consumingTxTimestamp: z.number().optional(),
        creationTxHash: z.string(),
        credentials: z.array(UtxoCredentialWireSchema).optional(),
        groupId: z.number().optional(),
        locktime: z.number(),
        outputIndex: z.string(),
        payload: z.string().optional(),
        threshold: z.number(),
        timestamp: z.number(),
        utxoType: z.string(),
    });
    const ListPChainUtxosResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        utxos: z.array(PChainUtxoWireSchema),
        chainInfo: PrimaryNetworkChainInfoWireSchema,
    });
    const ListUtxosResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        utxos: z.array(UtxoWireSchema),
        chainInfo: PrimaryNetworkChainInfoWireSchema,
    });
    /**
     * 4.3 (`oneOf` in the OpenAPI). `chainInfo.chainName` cannot pick the branch: the published
     * X-Chain example itself says "p-chain", so each branch is tried on the whole page.
     */
    const UtxosByAddressesResponseWireSchema = z.union([
        ListPChainUtxosResponseWireSchema,
        ListUtxosResponseWireSchema,
    ]);

    const XChainAssetDetailsWireSchema = z.object({
        assetId: z.string(),
        name: z.string(),
        symbol: z.string(),
        denomination: z.number(),
        type: openEnum(primaryNetworkAssetTypes),
        createdAtTimestamp: z.number(),
        cap: openEnum(primaryNetworkAssetCaps),
    });
    const TransactionVertexDetailWireSchema = z.object({
        hash: z.string(),
        height: z.number(),
        timestamp: z.number(),
    });
    const xChainTransactionShape = {
        txHash: z.string(),
        chainFormat: openEnum(xChainFormats),
        timestamp: z.number(),
        txType: openEnum(xChainTransactionTypes),
        memo: z.string(),
        consumedUtxos: z.array(UtxoWireSchema),
        emittedUtxos: z.array(UtxoWireSchema),
        amountUnlocked: z.array(AssetAmountWireSchema),
        amountCreated: z.array(AssetAmountWireSchema),
        sourceChain: z.string().optional(),
        destinationChain: z.string().optional(),
        assetCreated: XChainAssetDetailsWireSchema.optional(),
    };
    const XChainNonLinearTransactionWireSchema = z.object({
        ...xChainTransactionShape,
        vertices: z.array(TransactionVertexDetailWireSchema),
    });
    const XChainLinearTransactionWireSchema = z.object({
        ...xChainTransactionShape,
        blockHeight: z.number(),
        blockHash: z.string(),
    });
    /** 4.4 (`anyOf`: pre-Cortina transactions sit in vertices, later ones in blocks). */
    const ListXChainTransactionsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        transactions: z.array(
            z.union([XChainNonLinearTransactionWireSchema, XChainLinearTransactionWireSchema]),
        ),
        chainInfo: PrimaryNetworkChainInfoWireSchema,
    });

    const TransactionExportMetadataWireSchema = z.object({
        code: openEnum(operationStatusCodes).optional(),
        downloadUrl: z.string().optional(),
        nextDate: z.string().optional(),
    });
    /** 4.5 (create export) and `GET /v1/operations/{operationId}`. */
    const OperationStatusResponseWireSchema = z.object({
        operationId: z.string(),
        operationType: openEnum(operationTypes),
        operationStatus: openEnum(operationStatuses),
        message: z.string().optional(),
        metadata: TransactionExportMetadataWireSchema.optional(),
        createdAtTimestamp: z.number(),
        updatedAtTimestamp: z.number(),
    });

    const SubnetOwnershipInfoWireSchema = z.object({
        locktime: z.number(),
        threshold: z.number(),
        addresses: z.array(z.string()),
    });
    const L1ValidatorManagerDetailsWireSchema = z.object({
        blockchainId: z.string(),
        contractAddress: z.string(),
    });
    const EvmGenesisFeeConfigWireSchema = z.object({
        baseFeeChangeDenominator: z.number().optional(),
        blockGasCostStep: z.number().optional(),
        gasLimit: z.number().optional(),
        maxBlockGasCost: z.number().optional(),
        minBaseFee: z.number().optional(),
        minBlockGasCost: z.number().optional(),
        targetBlockRate: z.number().optional(),
        targetGas: z.number().optional(),
    });
    const EvmGenesisWarpConfigWireSchema = z.object({
        blockTimestamp: z.number().optional(),
        quorumNumerator: z.number().optional(),
        requirePrimaryNetworkSigners: z.boolean().optional(),
    });
    const EvmGenesisAllowListConfigWireSchema = z.object({
        blockTimestamp: z.number().optional(),
        adminAddresses: z.array(z.string()).optional(),
        managerAddresses: z.array(z.string()).optional(),
        enabledAddresses: z.array(z.string()).optional(),
    });
    const EvmGenesisConfigWireSchema = z.object({
        berlinBlock: z.number().optional(),
        byzantiumBlock: z.number().optional(),
        chainId: z.number().optional(),
        constantinopleBlock: z.number().optional(),
        eip150Block: z.number().optional(),
        eip150Hash: z.string().optional(),
        eip155Block: z.number().optional(),
        eip158Block: z.number().optional(),
        feeConfig: EvmGenesisFeeConfigWireSchema.optional(),
        homesteadBlock: z.number().optional(),
        istanbulBlock: z.number().optional(),
        londonBlock: z.number().optional(),
        muirGlacierBlock: z.number().optional(),
        petersburgBlock: z.number().optional(),
        subnetEVMTimestamp: z.number().optional(),
        allowFeeRecipients: z.boolean().optional(),
        warpConfig: EvmGenesisWarpConfigWireSchema.optional(),
        txAllowListConfig: EvmGenesisAllowListConfigWireSchema.optional(),
        contractDeployerAllowListConfig: EvmGenesisAllowListConfigWireSchema.optional(),
        contractNativeMinterConfig: EvmGenesisAllowListConfigWireSchema.optional(),
        feeManagerConfig: EvmGenesisAllowListConfigWireSchema.optional(),
        rewardManagerConfig: EvmGenesisAllowListConfigWireSchema.optional(),
    });
    const EvmGenesisAllocWireSchema = z.object({
        balance: z.string().optional(),
        code: z.string().optional(),
        storage: z.record(z.string(), z.string()).optional(),
    });
    const EvmGenesisWireSchema = z.object({
        airdropAmount: z.number().nullable().optional(),
        airdropHash: z.string().optional(),
        alloc: z.record(z.string(), EvmGenesisAllocWireSchema).optional(),
        baseFeePerGas: z.number().nullable().optional(),
        blobGasUsed: z.string().nullable().optional(),
        coinbase: z.string().optional(),
        config: EvmGenesisConfigWireSchema.optional(),
        difficulty: z.string().optional(),
        excessBlobGas: z.string().nullable().optional(),
        extraData: z.string().optional(),
        gasLimit: z.string().optional(),
        gasUsed: z.string().optional(),
        mixHash: z.string().optional(),
        nonce: z.string().optional(),
        number: z.string().optional(),
        parentHash: z.string().optional(),
        timestamp: z.string().optional(),
    });
    const BlockchainWireSchema = z.object({
        createBlockTimestamp: z.number(),
        createBlockNumber: z.string(),
        blockchainId: z.string(),
        vmId: z.string(),
        subnetId: z.string(),
        blockchainName: z.string(),
        evmChainId: z.number().optional(),
        // A non-EVM chain's genesis arrives as an opaque string.
        genesisData: z.union([EvmGenesisWireSchema, z.string()]).optional(),
    });
    const SubnetWireSchema = z.object({
        createBlockTimestamp: z.number(),
        createBlockIndex: z.string(),
        subnetId: z.string(),
        ownerAddresses: z.array(z.string()),
        threshold: z.number(),
        locktime: z.number(),
        subnetOwnershipInfo: SubnetOwnershipInfoWireSchema,
        isL1: z.boolean(),
        l1ConversionTransactionHash: z.string().optional(),
        l1ValidatorManagerDetails: L1ValidatorManagerDetailsWireSchema.optional(),
        blockchains: z.array(BlockchainWireSchema),
    });
    /** 4.6 */
    const ListSubnetsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        subnets: z.array(SubnetWireSchema),
    });

    const XChainVertexWireSchema = z.object({
        vertexHash: z.string(),
        parentHashes: z.array(z.string()),
        vertexHeight: z.number(),
        vertexIndex: z.number(),
        vertexTimestamp: z.number(),
        txCount: z.number(),
        transactions: z.array(z.string()),
        vertexSizeBytes: z.number(),
    });
    /** 4.14 */
    const ListXChainVerticesResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        vertices: z.array(XChainVertexWireSchema),
        chainInfo: PrimaryNetworkChainInfoWireSchema,
    });

    const ProposerDetailsWireSchema = z.object({
        proposerId: z.string().optional(),
        proposerParentId: z.string().optional(),
        proposerNodeId: z.string().optional(),
        proposerPChainHeight: z.number().optional(),
        proposerTimestamp: z.number().optional(),
    });
    const PrimaryNetworkBlockWireSchema = z.object({
        blockNumber: z.string(),
        blockHash: z.string(),
        parentHash: z.string(),
        blockTimestamp: z.number(),
        // No enum in the OpenAPI: the allowed values are not published.
        blockType: z.string(),
        txCount: z.number(),
        transactions: z.array(z.string()),
        blockSizeBytes: z.number(),
        l1ValidatorsAccruedFees: z.number().optional(),
        activeL1Validators: z.number().optional(),
        currentSupply: z.string().optional(),
        proposerDetails: ProposerDetailsWireSchema.optional(),
    });
    /** 4.16 */
    const ListPrimaryNetworkBlocksResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        blocks: z.array(PrimaryNetworkBlockWireSchema),
        chainInfo: PrimaryNetworkChainInfoWireSchema,
    });

    const BalanceOwnerWireSchema = z.object({
        addresses: z.array(z.string()),
        threshold: z.number(),
    });
    const L1ValidatorDetailsFullWireSchema = z.object({
        validationId: z.string(),
        validationIdHex: z.string(),
        nodeId: z.string(),
        subnetId: z.string(),
        weight: z.number(),
        remainingBalance: z.number(),
        creationTimestamp: z.number(),
        // Untyped `object` in the OpenAPI: kept whole rather than stripped.
        blsCredentials: z.record(z.string(), z.unknown()),
        remainingBalanceOwner: BalanceOwnerWireSchema,
        deactivationOwner: BalanceOwnerWireSchema,
    });
    /** 4.17 */
    const ListL1ValidatorsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        validators: z.array(L1ValidatorDetailsFullWireSchema),
        blockHeight: z.string(),
    });

    return {
        SignatureAggregationResponseWireSchema,
        PrimaryNetworkChainInfoWireSchema,
        AssetAmountWireSchema,
        PChainUtxoWireSchema,
        UtxoCredentialWireSchema,
        UtxoWireSchema,
        ListPChainUtxosResponseWireSchema,
        ListUtxosResponseWireSchema,
        UtxosByAddressesResponseWireSchema,
        XChainAssetDetailsWireSchema,
        TransactionVertexDetailWireSchema,
        XChainNonLinearTransactionWireSchema,
        XChainLinearTransactionWireSchema,
        ListXChainTransactionsResponseWireSchema,
        TransactionExportMetadataWireSchema,
        OperationStatusResponseWireSchema,
        SubnetOwnershipInfoWireSchema,
        L1ValidatorManagerDetailsWireSchema,
        EvmGenesisFeeConfigWireSchema,
        EvmGenesisWarpConfigWireSchema,
        EvmGenesisAllowListConfigWireSchema,
        EvmGenesisConfigWireSchema,
        EvmGenesisAllocWireSchema,
        EvmGenesisWireSchema,
        BlockchainWireSchema,
        SubnetWireSchema,
        ListSubnetsResponseWireSchema,
        XChainVertexWireSchema,
        ListXChainVerticesResponseWireSchema,
        ProposerDetailsWireSchema,
        PrimaryNetworkBlockWireSchema,
        ListPrimaryNetworkBlocksResponseWireSchema,
        BalanceOwnerWireSchema,
        L1ValidatorDetailsFullWireSchema,
        ListL1ValidatorsResponseWireSchema,
    };
}

/** The primary-network wire schemas, built on the first call and shared afterwards. */
export const primaryNetworkWireSchemas = lazySchemas(build);
type S = ReturnType<typeof build>;

/** Parsed form of OpenAPI `SignatureAggregationResponse` (output of `SignatureAggregationResponseWireSchema`). */
export type SignatureAggregationResponseWire = z.infer<S['SignatureAggregationResponseWireSchema']>;
/** Parsed form of OpenAPI `PrimaryNetworkChainInfo` (output of `PrimaryNetworkChainInfoWireSchema`). */
export type PrimaryNetworkChainInfoWire = z.infer<S['PrimaryNetworkChainInfoWireSchema']>;
/** Parsed form of OpenAPI `AssetAmount` (output of `AssetAmountWireSchema`). */
export type AssetAmountWire = z.infer<S['AssetAmountWireSchema']>;
/** Parsed form of OpenAPI `PChainUtxo` (output of `PChainUtxoWireSchema`). */
export type PChainUtxoWire = z.infer<S['PChainUtxoWireSchema']>;
/** Parsed form of OpenAPI `UtxoCredential` (output of `UtxoCredentialWireSchema`). */
export type UtxoCredentialWire = z.infer<S['UtxoCredentialWireSchema']>;
/** Parsed form of OpenAPI `Utxo` (output of `UtxoWireSchema`). */
export type UtxoWire = z.infer<S['UtxoWireSchema']>;
/** Parsed form of OpenAPI `ListPChainUtxosResponse` (output of `ListPChainUtxosResponseWireSchema`). */
export type ListPChainUtxosResponseWire = z.infer<S['ListPChainUtxosResponseWireSchema']>;
/** Parsed form of OpenAPI `ListUtxosResponse` (output of `ListUtxosResponseWireSchema`). */
export type ListUtxosResponseWire = z.infer<S['ListUtxosResponseWireSchema']>;
/** Parsed form of OpenAPI `UtxosByAddressesResponse` (output of `UtxosByAddressesResponseWireSchema`). */
export type UtxosByAddressesResponseWire = z.infer<S['UtxosByAddressesResponseWireSchema']>;
/** Parsed form of OpenAPI `XChainAssetDetails` (output of `XChainAssetDetailsWireSchema`). */
export type XChainAssetDetailsWire = z.infer<S['XChainAssetDetailsWireSchema']>;
/** Parsed form of OpenAPI `TransactionVertexDetail` (output of `TransactionVertexDetailWireSchema`). */
export type TransactionVertexDetailWire = z.infer<S['TransactionVertexDetailWireSchema']>;
/** Parsed form of OpenAPI `XChainNonLinearTransaction` (output of `XChainNonLinearTransactionWireSchema`). */
export type XChainNonLinearTransactionWire = z.infer<S['XChainNonLinearTransactionWireSchema']>;
/** Parsed form of OpenAPI `XChainLinearTransaction` (output of `XChainLinearTransactionWireSchema`). */
export type XChainLinearTransactionWire = z.infer<S['XChainLinearTransactionWireSchema']>;
/** Parsed form of OpenAPI `ListXChainTransactionsResponse` (output of `ListXChainTransactionsResponseWireSchema`). */
export type ListXChainTransactionsResponseWire = z.infer<
    S['ListXChainTransactionsResponseWireSchema']
>;
/** Parsed form of OpenAPI `TransactionExportMetadata` (output of `TransactionExportMetadataWireSchema`). */
export type TransactionExportMetadataWire = z.infer<S['TransactionExportMetadataWireSchema']>;
/** Parsed form of OpenAPI `OperationStatusResponse` (output of `OperationStatusResponseWireSchema`). */
export type OperationStatusResponseWire = z.infer<S['OperationStatusResponseWireSchema']>;
/** Parsed form of OpenAPI `SubnetOwnershipInfo` (output of `SubnetOwnershipInfoWireSchema`). */
export type SubnetOwnershipInfoWire = z.infer<S['SubnetOwnershipInfoWireSchema']>;
/** Parsed form of OpenAPI `L1ValidatorManagerDetails` (output of `L1ValidatorManagerDetailsWireSchema`). */
export type L1ValidatorManagerDetailsWire = z.infer<S['L1ValidatorManagerDetailsWireSchema']>;
/** Parsed form of OpenAPI `EvmGenesis` (output of `EvmGenesisWireSchema`). */
export type EvmGenesisWire = z.infer<S['EvmGenesisWireSchema']>;
/** Parsed form of OpenAPI `Blockchain` (output of `BlockchainWireSchema`). */
export type BlockchainWire = z.infer<S['BlockchainWireSchema']>;
/** Parsed form of OpenAPI `Subnet` (output of `SubnetWireSchema`). */
export type SubnetWire = z.infer<S['SubnetWireSchema']>;
/** Parsed form of OpenAPI `ListSubnetsResponse` (output of `ListSubnetsResponseWireSchema`). */
export type ListSubnetsResponseWire = z.infer<S['ListSubnetsResponseWireSchema']>;
/** Parsed form of OpenAPI `XChainVertex` (output of `XChainVertexWireSchema`). */
export type XChainVertexWire = z.infer<S['XChainVertexWireSchema']>;
/** Parsed form of OpenAPI `ListXChainVerticesResponse` (output of `ListXChainVerticesResponseWireSchema`). */
export type ListXChainVerticesResponseWire = z.infer<S['ListXChainVerticesResponseWireSchema']>;
/** Parsed form of OpenAPI `ProposerDetails` (output of `ProposerDetailsWireSchema`). */
export type ProposerDetailsWire = z.infer<S['ProposerDetailsWireSchema']>;
/** Parsed form of OpenAPI `PrimaryNetworkBlock` (output of `PrimaryNetworkBlockWireSchema`). */
export type PrimaryNetworkBlockWire = z.infer<S['PrimaryNetworkBlockWireSchema']>;
/** Parsed form of OpenAPI `ListPrimaryNetworkBlocksResponse` (output of `ListPrimaryNetworkBlocksResponseWireSchema`). */
export type ListPrimaryNetworkBlocksResponseWire = z.infer<
    S['ListPrimaryNetworkBlocksResponseWireSchema']
>;
/** Parsed form of OpenAPI `BalanceOwner` (output of `BalanceOwnerWireSchema`). */
export type BalanceOwnerWire = z.infer<S['BalanceOwnerWireSchema']>;
/** Parsed form of OpenAPI `L1ValidatorDetailsFull` (output of `L1ValidatorDetailsFullWireSchema`). */
export type L1ValidatorDetailsFullWire = z.infer<S['L1ValidatorDetailsFullWireSchema']>;
/** Parsed form of OpenAPI `ListL1ValidatorsResponse` (output of `ListL1ValidatorsResponseWireSchema`). */
export type ListL1ValidatorsResponseWire = z.infer<S['ListL1ValidatorsResponseWireSchema']>;
