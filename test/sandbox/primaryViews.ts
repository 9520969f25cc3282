/**
 * Data API JSON shapes of primary-network records: subnets and blockchains (with Subnet-EVM
 * genesis), L1 validators, P/X/C blocks, UTXOs, P- and X-Chain transactions and vertices.
 */
import { wellKnown } from './ids';
import type {
    AssetRecord,
    BlockchainRecord,
    L1ValidatorRecord,
    PBlock,
    PrimaryNetwork,
    PTxRecord,
    PUtxo,
    SubnetRecord,
    Vertex,
    XTx,
    XUtxo,
} from './primaryNetwork';
import { upgradeTimes } from './primaryNetwork';
import { bytesToHex, deriveSeed, Prng } from './prng';

export const feeConfig = {
    gasLimit: 15_000_000,
    targetBlockRate: 2,
    minBaseFee: 25_000_000_000,
    targetGas: 20_000_000,
    baseFeeChangeDenominator: 36,
    minBlockGasCost: 0,
    maxBlockGasCost: 1_000_000,
    blockGasCostStep: 200_000,
};

/** Admin of the allow-list precompiles of every generated Subnet-EVM chain. */
export function precompileAdmin(evmChainId: number): string {
    const rng = new Prng(deriveSeed(evmChainId, 'admin'));
    return bytesToHex(rng.bytes(20));
}

export function evmGenesis(chain: BlockchainRecord): Record<string, unknown> {
    const chainId = chain.evmChainId!;
    const admin = precompileAdmin(chainId);
    const allowList = {
        blockTimestamp: 0,
        adminAddresses: [admin],
        managerAddresses: [],
        enabledAddresses: [],
    };
    return {
        airdropAmount: null,
        airdropHash: `0x${'0'.repeat(64)}`,
        alloc: {
            [admin.slice(2)]: { balance: '0x52b7d2dcc80cd2e4000000' },
            '0c0deba5e0000000000000000000000000000000': {
                balance: '0x0',
                code: '0x6080604052348015600f57600080fd5b50',
                storage: {
                    '0x0000000000000000000000000000000000000000000000000000000000000000':
                        '0x0000000000000000000000000000000000000000000000000000000000000001',
                },
            },
        },
        baseFeePerGas: null,
        blobGasUsed: null,
        coinbase: '0x0000000000000000000000000000000000000000',
        config: {
            berlinBlock: 0,
            byzantiumBlock: 0,
            chainId,
            constantinopleBlock: 0,
            eip150Block: 0,
            eip150Hash: '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
            eip155Block: 0,
            eip158Block: 0,
            feeConfig,
            homesteadBlock: 0,
            istanbulBlock: 0,
            londonBlock: 0,
            muirGlacierBlock: 0,
            petersburgBlock: 0,
            subnetEVMTimestamp: 0,
            allowFeeRecipients: false,
            warpConfig: {
                blockTimestamp: chain.createTimestamp,
                quorumNumerator: 67,
                requirePrimaryNetworkSigners: false,
            },
            contractNativeMinterConfig: allowList,
            feeManagerConfig: allowList,
        },
        difficulty: '0x0',
        excessBlobGas: null,
        extraData: '0x',
        gasLimit: `0x${feeConfig.gasLimit.toString(16)}`,
        gasUsed: '0x0',
        mixHash: `0x${'0'.repeat(64)}`,
        nonce: '0x0',
        number: '0x0',
        parentHash: `0x${'0'.repeat(64)}`,
        timestamp: `0x${chain.createTimestamp.toString(16)}`,
    };
}

export function blockchainView(chain: BlockchainRecord): Record<string, unknown> {
    const out: Record<string, unknown> = {
        createBlockTimestamp: chain.createTimestamp,
        createBlockNumber: String(chain.createHeight),
        blockchainId: chain.blockchainId,
        vmId: chain.vmId,
        subnetId: chain.subnetId,
        blockchainName: chain.name,
    };
    if (chain.evmChainId !== undefined) {
        out['evmChainId'] = chain.evmChainId;
        out['genesisData'] = evmGenesis(chain);
    } else if (chain.rawGenesis !== undefined) {
        out['genesisData'] = chain.rawGenesis;
    }
    return out;
}

export function subnetView(s: SubnetRecord): Record<string, unknown> {
    const out: Record<string, unknown> = {
        createBlockTimestamp: s.createTimestamp,
        createBlockIndex: String(s.createHeight),
        subnetId: s.subnetId,
        ownerAddresses: s.owners,
        threshold: s.threshold,
        locktime: s.locktime,
        subnetOwnershipInfo: { locktime: s.locktime, threshold: s.threshold, addresses: s.owners },
        isL1: s.isL1,
    };
    if (s.isL1) {
        out['l1ConversionTransactionHash'] = s.conversionTxHash;
        if (s.managerBlockchainId !== undefined) {
            out['l1ValidatorManagerDetails'] = {
                blockchainId: s.managerBlockchainId,
                contractAddress: s.managerContract,
            };
        }
    }
    out['blockchains'] = s.blockchains.map(blockchainView);
    return out;
}

export function l1ValidatorView(v: L1ValidatorRecord): Record<string, unknown> {
    return {
        validationId: v.validationId,
        validationIdHex: v.validationIdHex,
        nodeId: v.nodeId,
        subnetId: v.subnetId,
        weight: v.weight,
        remainingBalance: v.remainingBalance,
        creationTimestamp: v.creationTimestamp,
        blsCredentials: { publicKey: v.publicKey, proofOfPossession: v.proofOfPossession },
        remainingBalanceOwner: { addresses: v.remainingBalanceOwner, threshold: 1 },
        deactivationOwner: { addresses: v.deactivationOwner, threshold: 1 },
    };
}

export function pBlockView(p: PrimaryNetwork, b: PBlock): Record<string, unknown> {
    const out: Record<string, unknown> = {
        blockNumber: String(b.height),
        blockHash: b.hash,
        parentHash: b.parentHash,
        blockTimestamp: b.timestamp,
        blockType: b.blockType,
        txCount: b.txs.length,
        transactions: b.txs,
        blockSizeBytes: b.size,
    };
    if (b.timestamp >= upgradeTimes.etna) {
        out['l1ValidatorsAccruedFees'] = (b.height % 977) * 1_000_000;
        out['activeL1Validators'] = 40 + (b.height % 13);
    }
    out['currentSupply'] = String(461_000_000_000_000_000 + b.height * 1_234_567);
    out['proposerDetails'] = {
        proposerId: bytesToBlockId(b.hash),
        proposerParentId: b.parentHash,
        proposerNodeId: b.proposerNodeId,
        proposerPChainHeight: Math.max(0, b.height - 1),
        proposerTimestamp: b.timestamp,
    };
    void p;
    return out;
}

function bytesToBlockId(hash: string): string {
    // The proposervm wraps the inner block: a distinct id, derived so it is stable per block.
    return hash.split('').reverse().join('').replace(/^1+/, '') || hash;
}

export function assetAmount(asset: AssetRecord, amount: number): Record<string, unknown> {
    return {
        assetId: asset.assetId,
        name: asset.name,
        symbol: asset.symbol,
        denomination: asset.denomination,
        type: asset.type,
        amount: String(amount),
    };
}

export function pUtxoView(p: PrimaryNetwork, u: PUtxo): Record<string, unknown> {
    const avax = p.assets[0]!;
    const out: Record<string, unknown> = {
        addresses: u.addresses,
        asset: assetAmount(avax, u.amount),
        consumedOnChainId: wellKnown.pChainId,
        createdOnChainId: u.createdOnChainId,
        utxoId: u.utxoId,
        utxoBytes: `0x0000${u.utxoId.length.toString(16)}${bytesToHex(new TextEncoder().encode(u.utxoId), '')}`,
        amount: String(u.amount),
        assetId: avax.assetId,
        blockNumber: String(u.blockNumber),
        blockTimestamp: u.blockTimestamp,
        platformLocktime: 0,
        outputIndex: u.outputIndex,
        stakeableLocktime: 0,
        staked: u.staked,
        threshold: 1,
        txHash: u.txHash,
        utxoType: u.utxoType,
    };
    if (u.consumingTxHash !== undefined) {
        out['consumingTxHash'] = u.consumingTxHash;
        out['consumingBlockNumber'] = String(u.consumingBlockNumber);
        out['consumingBlockTimestamp'] = u.consumingBlockTimestamp;
    }
    if (u.rewardType !== undefined) out['rewardType'] = u.rewardType;
    if (u.startTimestamp !== undefined) {
        out['utxoStartTimestamp'] = u.startTimestamp;
        out['utxoEndTimestamp'] = u.endTimestamp;
    }
    return out;
}

/** The fee every generated P-Chain transaction burns, in nAVAX. */
const pTxFee = 1_000_000;

const pTxTypes: Record<PTxRecord['kind'], string> = {
    subnet: 'CreateSubnetTx',
    chain: 'CreateChainTx',
    convert: 'ConvertSubnetToL1Tx',
    base: 'BaseTx',
};

/**
 * A P-Chain transaction as `getTxByHash` shows it (OpenAPI `PChainTransaction`): the UTXOs it
 * made and spent are those of the UTXO lists, and what it created is the subnet list's.
 */
export function pTxView(p: PrimaryNetwork, txHash: string, tx: PTxRecord): Record<string, unknown> {
    const avax = p.assets[0]!;
    const all = [...p.pUtxos.values()].flat();
    const emitted = all.filter((u) => u.txHash === txHash);
    const consumed = all.filter((u) => u.consumingTxHash === txHash);
    const sum = (list: readonly PUtxo[]): number => list.reduce((t, u) => t + u.amount, 0);
    const staked = emitted.filter((u) => u.staked);
    const block = p.pBlock(tx.at)!;
    const out: Record<string, unknown> = {
        txHash,
        txType: pTxTypes[tx.kind],
        blockTimestamp: block.timestamp,
        blockNumber: String(block.height),
        blockHash: block.hash,
        consumedUtxos: consumed.map((u) => pUtxoView(p, u)),
        emittedUtxos: emitted.map((u) => pUtxoView(p, u)),
        value: emitted.length > 0 ? [assetAmount(avax, sum(emitted))] : [],
        amountBurned: [assetAmount(avax, pTxFee)],
        amountStaked: staked.length > 0 ? [assetAmount(avax, sum(staked))] : [],
        amountL1ValidatorBalanceBurned: [],
        memo: '0x',
    };
    if (tx.kind === 'subnet') {
        const subnet = p.subnet(p.subnetIndexOf(txHash)!);
        out['subnetId'] = subnet.subnetId;
        out['subnetOwnershipInfo'] = {
            locktime: subnet.locktime,
            threshold: subnet.threshold,
            addresses: subnet.owners,
        };
    } else if (tx.kind === 'chain') {
        const chain = [...Array(p.subnetCount).keys()]
            .flatMap((i) => p.subnet(i).blockchains)
            .find((c) => c.blockchainId === txHash)!;
        const view = blockchainView(chain);
        out['subnetId'] = chain.subnetId;
        out['blockchainInfo'] = {
            chainName: chain.name,
            vmId: chain.vmId,
            ...(view['genesisData'] === undefined ? {} : { genesisData: view['genesisData'] }),
        };
    } else if (tx.kind === 'convert') {
        const index = p.conversionSubnet(txHash)!;
        const subnet = p.subnet(index);
        const validators = p.l1Validators(index);
        out['subnetId'] = subnet.subnetId;
        out['l1ValidatorManagerDetails'] = {
            blockchainId: subnet.managerBlockchainId,
            contractAddress: subnet.managerContract,
        };
        out['l1ValidatorDetails'] = validators.map((v) => ({
            validationId: v.validationId,
            validationIdHex: v.validationIdHex,
            nodeId: v.nodeId,
            subnetId: v.subnetId,
            weight: v.weight,
            remainingBalance: v.remainingBalance,
        }));
        out['amountL1ValidatorBalanceBurned'] = [
            {
                ...assetAmount(avax, 0),
                amount: String(validators.reduce((t, v) => t + v.remainingBalance, 0n)),
            },
        ];
    }
    return out;
}

export function xUtxoView(p: PrimaryNetwork, u: XUtxo): Record<string, unknown> {
    const asset = p.asset(u.assetId) ?? p.assets[0]!;
    const out: Record<string, unknown> = {
        addresses: u.addresses,
        asset: assetAmount(asset, u.amount),
        consumedOnChainId: u.consumedOnChainId,
        createdOnChainId: u.createdOnChainId,
        utxoId: u.utxoId,
        creationTxHash: u.creationTxHash,
        locktime: 0,
        outputIndex: String(u.outputIndex),
        threshold: 1,
        timestamp: u.timestamp,
        utxoType: u.utxoType,
    };
    if (u.consumingTxHash !== undefined) {
        out['consumingTxHash'] = u.consumingTxHash;
        out['consumingTxTimestamp'] = u.consumingTxTimestamp;
    }
    if (u.credentials !== undefined) out['credentials'] = u.credentials;
    if (u.groupId !== undefined) out['groupId'] = u.groupId;
    if (u.payload !== undefined) out['payload'] = u.payload;
    return out;
}

function sumByAsset(p: PrimaryNetwork, utxos: readonly XUtxo[]): Record<string, unknown>[] {
    const sums = new Map<string, number>();
    for (const u of utxos) sums.set(u.assetId, (sums.get(u.assetId) ?? 0) + u.amount);
    return [...sums].map(([assetId, amount]) =>
        assetAmount(p.asset(assetId) ?? p.assets[0]!, amount),
    );
}

export function xTxView(p: PrimaryNetwork, tx: XTx): Record<string, unknown> {
    const out: Record<string, unknown> = {
        txHash: tx.txHash,
        chainFormat: tx.vertex ? 'non-linear' : 'linear',
        timestamp: tx.timestamp,
        txType: tx.txType,
        memo: tx.memo,
        consumedUtxos: tx.consumed.map((u) => xUtxoView(p, u)),
        emittedUtxos: tx.emitted.map((u) => xUtxoView(p, u)),
        amountUnlocked: sumByAsset(p, tx.consumed),
        amountCreated: sumByAsset(p, tx.emitted),
    };
    if (tx.sourceChain !== undefined) out['sourceChain'] = tx.sourceChain;
    if (tx.destinationChain !== undefined) out['destinationChain'] = tx.destinationChain;
    if (tx.assetCreated) {
        const a = tx.assetCreated;
        out['assetCreated'] = {
            assetId: a.assetId,
            name: a.name,
            symbol: a.symbol,
            denomination: a.denomination,
            type: a.type,
            createdAtTimestamp: a.createdAtTimestamp,
            cap: a.cap,
        };
    }
    if (tx.vertex) out['vertices'] = [tx.vertex];
    else {
        out['blockHeight'] = tx.block!.height;
        out['blockHash'] = tx.block!.hash;
    }
    return out;
}

export function vertexView(v: Vertex): Record<string, unknown> {
    return {
        vertexHash: v.hash,
        parentHashes: v.parents,
        vertexHeight: v.height,
        vertexIndex: v.index,
        vertexTimestamp: v.timestamp,
        txCount: v.txs.length,
        transactions: v.txs,
        vertexSizeBytes: v.size,
    };
}
