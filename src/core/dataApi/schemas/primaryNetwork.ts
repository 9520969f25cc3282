/**
 * Wire schemas of the primary-network endpoints of the Data API (signature aggregation, UTXOs,
 * X-Chain assets and vertices, exports, subnets and blockchains, blocks, L1 validators, single
 * transactions), field for field as in
 * `data-api.openapi.json` (2026-02-25). Built on first use. Each `<Name>Wire` type is the parsed
 * form of the OpenAPI component `<Name>`.
 */
import * as z from 'zod';

import {
    networks,
    operationStatusCodes,
    operationStatuses,
    operationTypes,
    pChainTransactionTypes,
    pChainUtxoTypes,
    primaryNetworkAssetCaps,
    primaryNetworkAssetTypes,
    primaryNetworkChainNames,
    rewardTypes,
    xChainFormats,
    xChainTransactionTypes,
} from '../enums';
import { genesisInt, lazySchemas, openEnum, uint64, wideInt } from './kit';

function build() {
    /** The answer of `getAggregatedSignatures`. */
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
     * The answer of `getUtxosByAddressesV2` (`oneOf` in the OpenAPI). `chainInfo.chainName`
     * cannot pick the branch: the published X-Chain example itself says "p-chain", so each
     * branch is tried on the whole page.
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
    /**
     * The answer of `listAssetTransactions` (`anyOf`: pre-Cortina transactions sit in vertices,
     * later ones in blocks).
     */
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
    /** The answer of `postTransactionExportJob` and `getOperationResult`. */
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
    // A chain's own choices: any of them may be past 2^53 (see `wideInt`).
    const EvmGenesisFeeConfigWireSchema = z.object({
        baseFeeChangeDenominator: wideInt().optional(),
        blockGasCostStep: wideInt().optional(),
        gasLimit: wideInt().optional(),
        maxBlockGasCost: wideInt().optional(),
        minBaseFee: wideInt().optional(),
        minBlockGasCost: wideInt().optional(),
        targetBlockRate: wideInt().optional(),
        targetGas: wideInt().optional(),
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
        chainId: wideInt().optional(),
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
        airdropAmount: wideInt().nullable().optional(),
        airdropHash: z.string().optional(),
        alloc: z.record(z.string(), EvmGenesisAllocWireSchema).optional(),
        baseFeePerGas: genesisInt().nullable().optional(),
        blobGasUsed: z.string().nullable().optional(),
        coinbase: z.string().optional(),
        config: EvmGenesisConfigWireSchema.optional(),
        difficulty: z.string().optional(),
        excessBlobGas: z.string().nullable().optional(),
        extraData: z.string().optional(),
        gasLimit: genesisInt().optional(),
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
        evmChainId: wideInt().optional(),
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
    /** The answer of `listSubnets`. */
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
    /** The answer of `getVertexByHeight`. */
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
        l1ValidatorsAccruedFees: uint64().optional(),
        activeL1Validators: z.number().optional(),
        currentSupply: z.string().optional(),
        proposerDetails: ProposerDetailsWireSchema.optional(),
    });
    /** The answer of `listLatestPrimaryNetworkBlocks`. */
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
        weight: uint64(),
        remainingBalance: uint64(),
        creationTimestamp: z.number(),
        // Untyped `object` in the OpenAPI: kept whole rather than stripped.
        blsCredentials: z.record(z.string(), z.unknown()),
        remainingBalanceOwner: BalanceOwnerWireSchema,
        deactivationOwner: BalanceOwnerWireSchema,
    });
    /** The answer of `listL1Validators`. */
    const ListL1ValidatorsResponseWireSchema = z.object({
        nextPageToken: z.string().optional(),
        validators: z.array(L1ValidatorDetailsFullWireSchema),
        blockHeight: z.string(),
    });

    const L1ValidatorDetailsTransactionWireSchema = z.object({
        validationId: z.string(),
        validationIdHex: z.string(),
        nodeId: z.string(),
        subnetId: z.string(),
        weight: uint64(),
        remainingBalance: uint64(),
        // Negative when the balance is returned after the validator was disabled or removed.
        balanceChange: z.number().optional(),
        // Untyped `object` in the OpenAPI: kept whole rather than stripped.
        blsCredentials: z.record(z.string(), z.unknown()).optional(),
    });
    const BlsCredentialsWireSchema = z.object({
        publicKey: z.string(),
        proofOfPossession: z.string(),
    });
    const BlockchainInfoWireSchema = z.object({
        chainName: z.string(),
        vmId: z.string(),
        genesisData: z.union([EvmGenesisWireSchema, z.string()]).optional(),
    });
    const PChainTransactionWireSchema = z.object({
        txHash: z.string(),
        txType: openEnum(pChainTransactionTypes),
        blockTimestamp: z.number(),
        blockNumber: z.string(),
        blockHash: z.string(),
        consumedUtxos: z.array(PChainUtxoWireSchema),
        emittedUtxos: z.array(PChainUtxoWireSchema),
        sourceChain: z.string().optional(),
        destinationChain: z.string().optional(),
        value: z.array(AssetAmountWireSchema),
        amountBurned: z.array(AssetAmountWireSchema),
        amountStaked: z.array(AssetAmountWireSchema),
        amountL1ValidatorBalanceBurned: z.array(AssetAmountWireSchema),
        startTimestamp: z.number().optional(),
        endTimestamp: z.number().optional(),
        delegationFeePercent: z.string().optional(),
        nodeId: z.string().optional(),
        subnetId: z.string().optional(),
        l1ValidatorManagerDetails: L1ValidatorManagerDetailsWireSchema.optional(),
        l1ValidatorDetails: z.array(L1ValidatorDetailsTransactionWireSchema).optional(),
        estimatedReward: z.string().optional(),
        rewardTxHash: z.string().optional(),
        rewardAddresses: z.array(z.string()).optional(),
        memo: z.string().optional(),
        stakingTxHash: z.string().optional(),
        subnetOwnershipInfo: SubnetOwnershipInfoWireSchema.optional(),
        blsCredentials: BlsCredentialsWireSchema.optional(),
        blockchainInfo: BlockchainInfoWireSchema.optional(),
    });
    const EvmInputWireSchema = z.object({
        fromAddress: z.string(),
        asset: AssetAmountWireSchema,
        credentials: z.array(UtxoCredentialWireSchema),
    });
    const EvmOutputWireSchema = z.object({
        toAddress: z.string(),
        asset: AssetAmountWireSchema,
    });
    const cChainAtomicShape = {
        txHash: z.string(),
        blockHeight: z.number(),
        blockHash: z.string(),
        timestamp: z.number(),
        memo: z.string(),
        amountUnlocked: z.array(AssetAmountWireSchema),
        amountCreated: z.array(AssetAmountWireSchema),
        sourceChain: z.string(),
        destinationChain: z.string(),
    };
    const CChainExportTransactionWireSchema = z.object({
        ...cChainAtomicShape,
        txType: openEnum(['ExportTx']),
        evmInputs: z.array(EvmInputWireSchema),
        emittedUtxos: z.array(UtxoWireSchema),
    });
    const CChainImportTransactionWireSchema = z.object({
        ...cChainAtomicShape,
        txType: openEnum(['ImportTx']),
        evmOutputs: z.array(EvmOutputWireSchema),
        consumedUtxos: z.array(UtxoWireSchema),
    });
    /**
     * The answer of `getTxByHash` (`oneOf` in the OpenAPI): the branches share no tag, but each
     * has required fields of its own (`blockNumber`, `chainFormat` with `vertices` or
     * `blockHeight`, `evmInputs`, `evmOutputs`), so the first branch that parses is the one.
     */
    const PrimaryNetworkTransactionWireSchema = z.union([
        PChainTransactionWireSchema,
        XChainNonLinearTransactionWireSchema,
        XChainLinearTransactionWireSchema,
        CChainExportTransactionWireSchema,
        CChainImportTransactionWireSchema,
    ]);

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
        L1ValidatorDetailsTransactionWireSchema,
        BlsCredentialsWireSchema,
        BlockchainInfoWireSchema,
        PChainTransactionWireSchema,
        EvmInputWireSchema,
        EvmOutputWireSchema,
        CChainExportTransactionWireSchema,
        CChainImportTransactionWireSchema,
        PrimaryNetworkTransactionWireSchema,
    };
}

/** The primary-network wire schemas, built on the first call and shared afterwards. */
export const primaryNetworkWireSchemas = lazySchemas(build);
type S = ReturnType<typeof build>;

export type SignatureAggregationResponseWire = z.infer<S['SignatureAggregationResponseWireSchema']>;
export type PrimaryNetworkChainInfoWire = z.infer<S['PrimaryNetworkChainInfoWireSchema']>;
export type AssetAmountWire = z.infer<S['AssetAmountWireSchema']>;
export type PChainUtxoWire = z.infer<S['PChainUtxoWireSchema']>;
export type UtxoCredentialWire = z.infer<S['UtxoCredentialWireSchema']>;
export type UtxoWire = z.infer<S['UtxoWireSchema']>;
export type ListPChainUtxosResponseWire = z.infer<S['ListPChainUtxosResponseWireSchema']>;
export type ListUtxosResponseWire = z.infer<S['ListUtxosResponseWireSchema']>;
export type UtxosByAddressesResponseWire = z.infer<S['UtxosByAddressesResponseWireSchema']>;
export type XChainAssetDetailsWire = z.infer<S['XChainAssetDetailsWireSchema']>;
export type TransactionVertexDetailWire = z.infer<S['TransactionVertexDetailWireSchema']>;
export type XChainNonLinearTransactionWire = z.infer<S['XChainNonLinearTransactionWireSchema']>;
export type XChainLinearTransactionWire = z.infer<S['XChainLinearTransactionWireSchema']>;
export type ListXChainTransactionsResponseWire = z.infer<
    S['ListXChainTransactionsResponseWireSchema']
>;
export type TransactionExportMetadataWire = z.infer<S['TransactionExportMetadataWireSchema']>;
export type OperationStatusResponseWire = z.infer<S['OperationStatusResponseWireSchema']>;
export type SubnetOwnershipInfoWire = z.infer<S['SubnetOwnershipInfoWireSchema']>;
export type L1ValidatorManagerDetailsWire = z.infer<S['L1ValidatorManagerDetailsWireSchema']>;
export type EvmGenesisWire = z.infer<S['EvmGenesisWireSchema']>;
export type BlockchainWire = z.infer<S['BlockchainWireSchema']>;
export type SubnetWire = z.infer<S['SubnetWireSchema']>;
export type ListSubnetsResponseWire = z.infer<S['ListSubnetsResponseWireSchema']>;
export type XChainVertexWire = z.infer<S['XChainVertexWireSchema']>;
export type ListXChainVerticesResponseWire = z.infer<S['ListXChainVerticesResponseWireSchema']>;
export type ProposerDetailsWire = z.infer<S['ProposerDetailsWireSchema']>;
export type PrimaryNetworkBlockWire = z.infer<S['PrimaryNetworkBlockWireSchema']>;
export type ListPrimaryNetworkBlocksResponseWire = z.infer<
    S['ListPrimaryNetworkBlocksResponseWireSchema']
>;
export type BalanceOwnerWire = z.infer<S['BalanceOwnerWireSchema']>;
export type L1ValidatorDetailsFullWire = z.infer<S['L1ValidatorDetailsFullWireSchema']>;
export type ListL1ValidatorsResponseWire = z.infer<S['ListL1ValidatorsResponseWireSchema']>;
export type PChainTransactionWire = z.infer<S['PChainTransactionWireSchema']>;
export type CChainExportTransactionWire = z.infer<S['CChainExportTransactionWireSchema']>;
export type CChainImportTransactionWire = z.infer<S['CChainImportTransactionWireSchema']>;
export type PrimaryNetworkTransactionWire = z.infer<S['PrimaryNetworkTransactionWireSchema']>;
