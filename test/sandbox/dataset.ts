/**
 * The generated data of one network (mainnet or fuji): the primary network, the C-Chain and the
 * L1 EVM chains with data, and the known ids that point into them.
 */
import { EvmChain, linkTeleporterMessages } from './evmChain';
import { nodeIdFromBytes, networkInfo, wellKnown } from './ids';
import { type PrimarySpec, PrimaryNetwork, type SubnetRecord } from './primaryNetwork';
import { deriveSeed, Prng } from './prng';
import type { KnownIds, SandboxNetwork } from './types';

export type Scale = 'small' | 'large';

interface ScaleParams {
    primary: Omit<PrimarySpec, 'network' | 'seed' | 'latestTimestamp'>;
    wallets: number;
    cBlocks: number;
    cTxPerBlock: number;
    l1Blocks: number;
    l1TxPerBlock: number;
}

const scales: Record<Scale, ScaleParams> = {
    small: {
        primary: {
            subnetCount: 24,
            evmL1Count: 3,
            addressCount: 8,
            primaryValidatorCount: 12,
            xTxCount: 70,
            vertexHeights: 30,
        },
        wallets: 24,
        cBlocks: 150,
        cTxPerBlock: 3,
        l1Blocks: 60,
        l1TxPerBlock: 2,
    },
    large: {
        primary: {
            subnetCount: 10_050,
            evmL1Count: 3,
            addressCount: 40,
            primaryValidatorCount: 40,
            xTxCount: 400,
            vertexHeights: 200,
        },
        wallets: 3000,
        cBlocks: 25_500,
        cTxPerBlock: 4,
        l1Blocks: 1500,
        l1TxPerBlock: 2,
    },
};

/** Index (into the materialized L1 chains) of the chain that is still bootstrapping on the node. */
export const bootstrappingL1 = 2;

export interface EvmChainEntry {
    chain: EvmChain;
    network: SandboxNetwork;
    blockchainId: string;
    evmChainId: string;
    subnetId: string;
    name: string;
    isCChain: boolean;
    bootstrapped: boolean;
}

export class Dataset {
    readonly primary: PrimaryNetwork;
    readonly cChain: EvmChain;
    readonly l1Chains: EvmChain[] = [];
    readonly chains: EvmChainEntry[] = [];
    readonly known: KnownIds;
    readonly latestTimestamp: number;

    constructor(
        readonly network: SandboxNetwork,
        seed: number,
        readonly scale: Scale,
    ) {
        const params = scales[scale];
        const netSeed = deriveSeed(seed, network);
        this.latestTimestamp = network === 'mainnet' ? 1_767_000_000 : 1_766_996_400;
        this.primary = new PrimaryNetwork({
            ...params.primary,
            network,
            seed: netSeed,
            latestTimestamp: this.latestTimestamp,
        });
        const info = networkInfo(network);
        const walletRng = new Prng(deriveSeed(netSeed, 'wallets'));
        const wallets: Uint8Array[] = [];
        for (let i = 0; i < params.wallets; i++) wallets.push(walletRng.bytes(20));
        const l1Subnets = this.primary.evmL1Subnets.map((i) => this.primary.subnet(i));
        const l1Chains = l1Subnets.map((s) => s.blockchains[0]!);
        this.cChain = new EvmChain({
            network,
            seed: netSeed,
            evmChainId: Number(info.cChainId),
            blockchainId: info.cChainBlockchainId,
            subnetId: wellKnown.pChainId,
            name: 'Avalanche C-Chain',
            isCChain: true,
            nativeName: 'Avalanche',
            nativeSymbol: 'AVAX',
            nativePriceUsd: 28.47,
            wallets,
            blocks: params.cBlocks,
            txPerBlock: params.cTxPerBlock,
            latestTimestamp: this.latestTimestamp,
            teleporterPeers: l1Chains.map((c) => c.blockchainId),
        });
        this.chains.push({
            chain: this.cChain,
            network,
            blockchainId: info.cChainBlockchainId,
            evmChainId: info.cChainId,
            subnetId: wellKnown.pChainId,
            name: 'Avalanche C-Chain',
            isCChain: true,
            bootstrapped: true,
        });
        l1Chains.forEach((record, k) => {
            const symbol = ['GAME', 'DEFI', 'ENT', 'SOC', 'TST'][k % 5]!;
            const chain = new EvmChain({
                network,
                seed: deriveSeed(netSeed, 'l1', k),
                evmChainId: record.evmChainId!,
                blockchainId: record.blockchainId,
                subnetId: record.subnetId,
                name: record.name,
                isCChain: false,
                nativeName: `${symbol} Token`,
                nativeSymbol: symbol,
                nativePriceUsd: k === 0 ? 0.83 : undefined,
                wallets: wallets.slice(0, Math.max(8, Math.floor(wallets.length / 4))),
                blocks: params.l1Blocks,
                txPerBlock: params.l1TxPerBlock,
                latestTimestamp: this.latestTimestamp - 5,
                teleporterPeers: [info.cChainBlockchainId],
            });
            this.l1Chains.push(chain);
            this.chains.push({
                chain,
                network,
                blockchainId: record.blockchainId,
                evmChainId: String(record.evmChainId),
                subnetId: record.subnetId,
                name: record.name,
                isCChain: false,
                bootstrapped: k !== bootstrappingL1,
            });
        });
        linkTeleporterMessages(this.cChain, this.l1Chains);
        this.known = this.buildKnown(l1Subnets);
    }

    /** A delivered message of each outcome, sent from the C-Chain to a bootstrapped L1. */
    private icmShowcase(): Pick<
        KnownIds,
        | 'icmExecutedTxHash'
        | 'icmFailedTxHash'
        | 'icmExecutedMessageId'
        | 'icmExecutedDeliveryTxHash'
    > {
        const delivered = new Map<string, { fails: boolean; hash: string }>();
        this.l1Chains.forEach((l1, k) => {
            if (k === bootstrappingL1) return;
            for (const tx of l1.txs) {
                const t = tx.teleporter;
                if (t?.direction === 'DESTINATION_TRANSACTION' && tx.status === 1)
                    delivered.set(t.messageId, { fails: t.executionFails, hash: tx.hash });
            }
        });
        const sendOf = (fails: boolean) =>
            this.cChain.txs.find(
                (tx) =>
                    tx.teleporter?.direction === 'SOURCE_TRANSACTION' &&
                    delivered.get(tx.teleporter.messageId)?.fails === fails,
            );
        const executed = sendOf(false);
        const messageId = executed?.teleporter?.messageId ?? '';
        return {
            icmExecutedTxHash: executed?.hash ?? '',
            icmFailedTxHash: sendOf(true)?.hash ?? '',
            icmExecutedMessageId: messageId,
            icmExecutedDeliveryTxHash: delivered.get(messageId)?.hash ?? '',
        };
    }

    private buildKnown(l1Subnets: SubnetRecord[]): KnownIds {
        const info = networkInfo(this.network);
        const c = this.cChain;
        const l1 = l1Subnets[0]!;
        const validators = this.primary.l1Validators(l1.index);
        const agreeing = validators[1]!;
        const addr0 = this.primary.addresses[0]!;
        const xTx =
            this.primary.xTxs.find(
                (t) => t.txType === 'BaseTx' && t.emitted.some((u) => u.addresses[0] === addr0),
            ) ?? this.primary.xTxs[0]!;
        const showBlock = c.blocks[c.showcase.block]!;
        const contracts = c.contractsShowcase!;
        const address = (account: number): string => c.accounts[account]!.address;
        const hash = (tx: number): string => c.txs[tx]!.hash;
        return {
            network: this.network,
            cChainId: info.cChainId,
            pChainId: wellKnown.pChainId,
            xChainId: info.xChainId,
            cChainBlockchainId: info.cChainBlockchainId,
            avaxAssetId: info.avaxAssetId,
            evmAddress: c.accounts[c.starWallet]!.address,
            erc20Contract: c.accounts[c.tokens.erc20[0]!]!.address,
            erc721Contract: c.accounts[c.tokens.erc721[0]!]!.address,
            erc1155Contract: c.accounts[c.tokens.erc1155[0]!]!.address,
            evmTxHash: c.txs[c.showcase.swapTx]!.hash,
            teleporterTxHash: c.txs[c.showcase.teleporterTx]!.hash,
            icmUndeliveredMessageId: c.txs[c.showcase.teleporterTx]!.teleporter?.messageId ?? '',
            ...this.icmShowcase(),
            evmBlockNumber: String(showBlock.number),
            evmBlockHash: showBlock.hash,
            pChainAddress: `P-${addr0}`,
            xChainAddress: `X-${addr0}`,
            pChainTxHash: l1.conversionTxHash!,
            xChainTxHash: xTx.txHash,
            xAssetId: this.primary.assets[1]!.assetId,
            l1SubnetId: l1.subnetId,
            l1SubnetCreateHeight: l1.createHeight,
            l1ChainCreateHeight: l1.blockchains[0]!.createHeight,
            l1ConversionHeight: l1.conversionHeight!,
            subnetId: this.primary.subnet(this.primary.plainSubnetIndex).subnetId,
            l1BlockchainId: l1.blockchains[0]!.blockchainId,
            l1EvmChainId: String(l1.blockchains[0]!.evmChainId),
            l1NodeId: agreeing.nodeId,
            l1ValidationId: agreeing.validationId,
            vertexHeight: Math.min(5, this.primary.spec.vertexHeights - 1),
            nodeId: nodeIdFromBytes(this.primary.nodeKey),
            contractsDeployer: address(contracts.deployer),
            tokenContract: address(contracts.token),
            vaultContract: address(contracts.vault),
            counterContract: address(contracts.counter),
            tokenRecipient: address(contracts.recipient),
            tokenSpender: address(contracts.spender),
            tokenDeployTxHash: hash(contracts.tokenDeployTx),
            vaultDeployTxHash: hash(contracts.vaultDeployTx),
            tokenTransferTxHash: hash(contracts.tokenTransferTx),
            tokenApproveTxHash: hash(contracts.tokenApproveTx),
            vaultDepositTxHash: hash(contracts.vaultDepositTx),
            counterDeployTxHash: hash(contracts.counterDeployTx),
            counterAddTxHash: hash(contracts.counterAddTx),
            vaultRevertTxHash: hash(contracts.vaultRevertTx),
            vaultCustomErrorTxHash: hash(contracts.vaultCustomErrorTx),
            contractsBlockNumber: String(contracts.scriptBlock),
            contractsBlockHash: c.blocks[contracts.scriptBlock]!.hash,
        };
    }

    /** An EVM chain by EVM chain id or blockchain id. */
    chainById(id: string): EvmChainEntry | undefined {
        return this.chains.find((c) => c.evmChainId === id || c.blockchainId === id);
    }

    /**
     * The node's view of an L1's validators: the Data API's active validators, except that the
     * last one is missing, one validator the Data API has not indexed yet is present, and the
     * first one's weight is 5 higher (a weight change the indexer has not seen).
     */
    nodeL1Validators(subnetIndex: number): {
        validationId: string;
        nodeId: string;
        weight: bigint;
        startTimestamp: number;
        uptimeSeconds: number;
        /** False for a validator whose balance ran out: AvalancheGo still lists it, inactive. */
        isActive: boolean;
    }[] {
        const all = this.primary.l1Validators(subnetIndex);
        const active = all.filter((v) => v.remainingBalance > 0);
        const list = active.slice(0, -1).map((v, i) => ({
            validationId: v.validationId,
            nodeId: v.nodeId,
            weight: i === 0 ? v.weight + 5n : v.weight,
            startTimestamp: v.creationTimestamp,
            uptimeSeconds: v.uptimeSeconds,
            isActive: true,
        }));
        for (const v of all.filter((x) => x.remainingBalance <= 0)) {
            list.push({
                validationId: v.validationId,
                nodeId: v.nodeId,
                weight: v.weight,
                startTimestamp: v.creationTimestamp,
                uptimeSeconds: 0,
                isActive: false,
            });
        }
        const late = this.primary.unindexedValidator(subnetIndex);
        list.push({
            validationId: late.validationId,
            nodeId: late.nodeId,
            weight: late.weight,
            startTimestamp: late.creationTimestamp,
            uptimeSeconds: 540,
            isActive: true,
        });
        return list;
    }
}
