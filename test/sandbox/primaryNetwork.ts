/**
 * The primary network of one sandbox network: P-Chain blocks, subnets and their blockchains, L1s
 * and L1 validators, P/X/C UTXOs, X-Chain assets, vertices, linear blocks and transactions.
 *
 * Subnets are a pure function of their index (ids, owners, blockchains and validators come from a
 * per-index PRNG), so 10,000 of them cost nothing until listed. Subnet and blockchain ids are the
 * ids of their creating transactions and sit in the P-Chain block at their creation height, as on
 * the real network; X-Chain UTXOs are emitted and consumed by generated X-Chain transactions.
 */
import { blsPublicKey } from './bls';
import {
    bech32Address,
    cb58Encode,
    checksumAddress,
    networkInfo,
    nodeIdFromBytes,
    wellKnown,
} from './ids';
import { bytesToHex, deriveSeed, Prng } from './prng';
import type { SandboxNetwork } from './types';

export const upgradeTimes = {
    cortina: 1682434800,
    etna: 1734368400,
    granite: 1763568000,
};

export interface BlockchainRecord {
    blockchainId: string;
    name: string;
    vmId: string;
    subnetId: string;
    createHeight: number;
    createTimestamp: number;
    evmChainId: number | undefined;
    /** Raw JSON genesis for non-EVM chains; EVM chains build theirs from evmChainId. */
    rawGenesis: string | undefined;
    /** Index into the network's materialized EVM chains, when the chain has data. */
    evmChainIndex: number | undefined;
}

export interface SubnetRecord {
    index: number;
    subnetId: string;
    createHeight: number;
    createTimestamp: number;
    owners: string[];
    threshold: number;
    locktime: number;
    isL1: boolean;
    conversionTxHash: string | undefined;
    conversionHeight: number | undefined;
    managerBlockchainId: string | undefined;
    managerContract: string | undefined;
    blockchains: BlockchainRecord[];
}

/** 2^53 + 1 and 2^53 + 3: what `JSON.parse` would turn into 2^53 and 2^53 + 4. */
export const bigWeight = 2n ** 53n + 1n;
export const bigRemainingBalance = 2n ** 53n + 3n;

export interface L1ValidatorRecord {
    validationId: string;
    validationIdHex: string;
    nodeId: string;
    subnetId: string;
    /** A uint64: both services send it as a plain JSON number, so it is a bigint here. */
    weight: bigint;
    /** nAVAX, a uint64; 0 means inactive. */
    remainingBalance: bigint;
    creationTimestamp: number;
    publicKey: string;
    proofOfPossession: string;
    remainingBalanceOwner: string[];
    deactivationOwner: string[];
    uptimeSeconds: number;
}

export interface AssetRecord {
    assetId: string;
    name: string;
    symbol: string;
    denomination: number;
    type: 'secp256k1' | 'nft';
    cap: 'fixed' | 'variable';
    createdAtTimestamp: number;
}

export interface XUtxo {
    utxoId: string;
    /** Bare bech32 addresses (no chain prefix). */
    addresses: string[];
    assetId: string;
    amount: number;
    createdOnChainId: string;
    consumedOnChainId: string;
    creationTxHash: string;
    outputIndex: number;
    timestamp: number;
    utxoType: string;
    consumingTxHash: string | undefined;
    consumingTxTimestamp: number | undefined;
    credentials: { signature: string; publicKey: string }[] | undefined;
    groupId: number | undefined;
    payload: string | undefined;
}

export type XTxType = 'BaseTx' | 'CreateAssetTx' | 'OperationTx' | 'ImportTx' | 'ExportTx';

export interface XTx {
    txHash: string;
    txType: XTxType;
    timestamp: number;
    memo: string;
    consumed: XUtxo[];
    emitted: XUtxo[];
    sourceChain: string | undefined;
    destinationChain: string | undefined;
    assetCreated: AssetRecord | undefined;
    /** Non-linear (pre-Cortina) transactions have a vertex, linear ones a block. */
    vertex: { hash: string; height: number; timestamp: number } | undefined;
    block: { height: number; hash: string } | undefined;
}

export interface Vertex {
    hash: string;
    parents: string[];
    height: number;
    index: number;
    timestamp: number;
    txs: string[];
    size: number;
}

export interface PUtxo {
    utxoId: string;
    addresses: string[];
    amount: number;
    txHash: string;
    blockNumber: number;
    blockTimestamp: number;
    outputIndex: number;
    utxoType: 'STAKE' | 'TRANSFER';
    staked: boolean;
    startTimestamp: number | undefined;
    endTimestamp: number | undefined;
    rewardType: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE' | undefined;
    consumingTxHash: string | undefined;
    consumingBlockNumber: number | undefined;
    consumingBlockTimestamp: number | undefined;
    createdOnChainId: string;
}

export interface XBlock {
    height: number;
    hash: string;
    parentHash: string;
    timestamp: number;
    txs: string[];
}

export interface PBlock {
    height: number;
    hash: string;
    parentHash: string;
    timestamp: number;
    blockType: string;
    txs: string[];
    size: number;
    proposerNodeId: string;
}

/** A P-Chain transaction the dataset names: what it did, and its block height. */
export interface PTxRecord {
    kind: 'subnet' | 'chain' | 'convert' | 'base';
    at: number;
}

export interface PrimarySpec {
    network: SandboxNetwork;
    seed: number;
    subnetCount: number;
    /** How many L1s get a Subnet-EVM chain with generated EVM data. */
    evmL1Count: number;
    addressCount: number;
    primaryValidatorCount: number;
    latestTimestamp: number;
    xTxCount: number;
    vertexHeights: number;
}

const pChainStart = 1600819200;
const pBase = 12;
const pTail = 240;

export class PrimaryNetwork {
    readonly hrp: string;
    readonly xChainId: string;
    readonly cChainBlockchainId: string;
    readonly avaxAssetId: string;
    readonly latestPHeight: number;
    private readonly etnaHeight: number;
    private readonly subnets = new Map<number, SubnetRecord>();
    private subnetIndexById: Map<string, number> | undefined;
    private conversionsByHeight: Map<number, number[]> | undefined;
    private readonly validatorsCache = new Map<number, L1ValidatorRecord[]>();
    private allValidators: L1ValidatorRecord[] | undefined;
    private readonly pBlocks = new Map<number, PBlock>();
    private readonly registeredPTxs = new Map<number, string[]>();
    private readonly pTxIndex = new Map<string, PTxRecord>();
    /** Bare bech32 addresses (without chain prefix) with UTXOs. */
    readonly addresses: string[] = [];
    readonly pUtxos = new Map<string, PUtxo[]>();
    readonly xUtxos: XUtxo[] = [];
    readonly xTxs: XTx[] = [];
    readonly vertices: Vertex[] = [];
    readonly assets: AssetRecord[] = [];
    readonly xBlocks: XBlock[] = [];
    readonly primaryValidators: {
        nodeId: string;
        txId: string;
        weight: number;
        start: number;
        uptime: number;
    }[] = [];
    /** Subnet indices of the materialized L1s, newest first; [0] is the known L1. */
    readonly evmL1Subnets: number[] = [];
    readonly plainSubnetIndex: number;
    readonly nodeKey: Uint8Array;

    constructor(readonly spec: PrimarySpec) {
        const info = networkInfo(spec.network);
        this.hrp = info.hrp;
        this.xChainId = info.xChainId;
        this.cChainBlockchainId = info.cChainBlockchainId;
        this.avaxAssetId = info.avaxAssetId;
        this.latestPHeight = pBase + spec.subnetCount * 3 + pTail;
        let h = this.latestPHeight;
        while (h > 0 && this.pTimestamp(h - 1) >= upgradeTimes.etna) h--;
        this.etnaHeight = h;
        const n = spec.subnetCount;
        for (let k = 0; k < spec.evmL1Count; k++) this.evmL1Subnets.push(n - 1 - k);
        this.plainSubnetIndex = n - 1 - spec.evmL1Count;
        const rng = new Prng(deriveSeed(spec.seed, 'primary'));
        this.nodeKey = rng.bytes(20);
        for (let i = 0; i < spec.addressCount; i++)
            this.addresses.push(bech32Address(this.hrp, rng.bytes(20)));
        for (let i = 0; i < spec.primaryValidatorCount; i++) {
            const key = i === 0 ? this.nodeKey : rng.bytes(20);
            this.primaryValidators.push({
                nodeId: nodeIdFromBytes(key),
                txId: cb58Encode(rng.bytes(32)),
                weight: rng.int(2000, 3_000_000) * 1e9,
                start: spec.latestTimestamp - rng.int(86_400, 86_400 * 300),
                uptime: 80 + rng.next() * 20,
            });
        }
        this.generatePUtxos(rng);
        this.generateXChain(new Prng(deriveSeed(spec.seed, 'xchain')));
    }

    // ---- P-Chain ------------------------------------------------------------------------

    pTimestamp(height: number): number {
        const span = this.spec.latestTimestamp - pChainStart;
        return pChainStart + Math.floor((span * height) / this.latestPHeight);
    }

    pBlock(height: number): PBlock | undefined {
        if (height < 0 || height > this.latestPHeight) return undefined;
        let block = this.pBlocks.get(height);
        if (block) return block;
        const rng = new Prng(deriveSeed(this.spec.seed, 'pblock', height));
        const hash = cb58Encode(rng.bytes(32));
        const parentHash =
            height === 0 ? cb58Encode(new Uint8Array(32)) : this.pBlockHash(height - 1);
        const txs: string[] = [];
        const rel = height - pBase;
        if (rel >= 0 && rel < this.spec.subnetCount * 3) {
            const subnet = this.subnet(Math.floor(rel / 3));
            if (rel % 3 === 0) txs.push(subnet.subnetId);
            if (rel % 3 === 1) for (const c of subnet.blockchains) txs.push(c.blockchainId);
        }
        for (const i of this.conversions().get(height) ?? [])
            txs.push(this.subnet(i).conversionTxHash!);
        txs.push(...(this.registeredPTxs.get(height) ?? []));
        const filler = rng.int(0, 3);
        for (let i = 0; i < filler; i++) txs.push(cb58Encode(rng.bytes(32)));
        const proposal = txs.length === 0 && rng.chance(0.3);
        block = {
            height,
            hash,
            parentHash,
            timestamp: this.pTimestamp(height),
            blockType: proposal
                ? 'BanffProposalBlock'
                : txs.length === 0
                  ? 'BanffCommitBlock'
                  : 'BanffStandardBlock',
            txs,
            size: 230 + txs.length * 310 + rng.int(0, 80),
            proposerNodeId: this.rngPick(rng, this.primaryValidators).nodeId,
        };
        if (this.pBlocks.size > 50_000) this.pBlocks.clear();
        this.pBlocks.set(height, block);
        return block;
    }

    /**
     * Every P-Chain transaction the dataset names (the Data API's `getTxByHash` and the node's
     * `platform.getTx` answer the same): subnet and chain creations, L1 conversions, and the
     * transactions of the P-Chain UTXOs.
     */
    pTransactions(): ReadonlyMap<string, PTxRecord> {
        const index = this.pTxIndex;
        if (index.size > 0) return index;
        for (let i = 0; i < this.spec.subnetCount; i++) {
            const subnet = this.subnet(i);
            index.set(subnet.subnetId, { kind: 'subnet', at: subnet.createHeight });
            for (const chain of subnet.blockchains) {
                index.set(chain.blockchainId, { kind: 'chain', at: chain.createHeight });
            }
            if (subnet.conversionTxHash) {
                index.set(subnet.conversionTxHash, {
                    kind: 'convert',
                    at: subnet.conversionHeight!,
                });
            }
        }
        for (const list of this.pUtxos.values()) {
            for (const u of list) {
                if (!index.has(u.txHash)) index.set(u.txHash, { kind: 'base', at: u.blockNumber });
            }
        }
        return index;
    }

    private pBlockHash(height: number): string {
        const rng = new Prng(deriveSeed(this.spec.seed, 'pblock', height));
        return cb58Encode(rng.bytes(32));
    }

    private rngPick<T>(rng: Prng, items: readonly T[]): T {
        return items[rng.int(0, items.length)]!;
    }

    /** Heights of L1 conversions: after creation, and never before Etna. */
    private conversions(): Map<number, number[]> {
        if (this.conversionsByHeight) return this.conversionsByHeight;
        const map = new Map<number, number[]>();
        for (let i = 0; i < this.spec.subnetCount; i++) {
            if (!this.isL1Index(i)) continue;
            const h = this.conversionHeightOf(i);
            let list = map.get(h);
            if (!list) map.set(h, (list = []));
            list.push(i);
        }
        this.conversionsByHeight = map;
        return map;
    }

    private conversionHeightOf(i: number): number {
        const created = pBase + i * 3 + 2;
        if (created >= this.etnaHeight) return created;
        const room = Math.max(1, Math.floor((this.latestPHeight - this.etnaHeight - 4) / 3));
        return this.etnaHeight + 2 + 3 * (i % room);
    }

    private isL1Index(i: number): boolean {
        const n = this.spec.subnetCount;
        if (i >= n - this.spec.evmL1Count) return true;
        if (i === this.plainSubnetIndex) return false;
        if (i === n - this.spec.evmL1Count - 2) return true;
        return i % 4 === 1;
    }

    // ---- subnets ------------------------------------------------------------------------

    get subnetCount(): number {
        return this.spec.subnetCount;
    }

    subnet(i: number): SubnetRecord {
        let s = this.subnets.get(i);
        if (s) return s;
        const rng = new Prng(deriveSeed(this.spec.seed, 'subnet', i));
        const subnetId = cb58Encode(rng.bytes(32));
        const createHeight = pBase + i * 3;
        const ownerCount = rng.chance(0.2) ? 3 : 1;
        const owners: string[] = [];
        for (let k = 0; k < ownerCount; k++) owners.push(bech32Address(this.hrp, rng.bytes(20)));
        const isL1 = this.isL1Index(i);
        const evmIndex = this.evmL1Subnets.indexOf(i);
        const blockchains: BlockchainRecord[] = [];
        const chainCount = evmIndex >= 0 ? 1 : rng.int(isL1 ? 1 : 0, 3);
        for (let c = 0; c < chainCount; c++) {
            const evm = evmIndex >= 0 || rng.chance(0.75);
            const blockchainId = cb58Encode(rng.bytes(32));
            const evmChainId =
                evmIndex >= 0
                    ? this.evmL1ChainId(evmIndex)
                    : evm
                      ? 10_000 + ((i * 7 + c * 13 + rng.int(0, 1000)) % 900_000)
                      : undefined;
            blockchains.push({
                blockchainId,
                name:
                    evmIndex >= 0
                        ? l1Names[evmIndex % l1Names.length]!
                        : `${rng.pick(nameWords)} ${rng.pick(nameSuffixes)} ${i}`,
                vmId: evm ? wellKnown.vms.subnetEvm : cb58Encode(rng.bytes(32)),
                subnetId,
                createHeight: createHeight + 1,
                createTimestamp: this.pTimestamp(createHeight + 1),
                evmChainId,
                rawGenesis: evm
                    ? undefined
                    : JSON.stringify({ name: `vm-${i}-${c}`, version: 1, alloc: {} }),
                evmChainIndex: evmIndex >= 0 ? evmIndex : undefined,
            });
        }
        const conversionHeight = isL1 ? this.conversionHeightOf(i) : undefined;
        const managerChain = blockchains.find((b) => b.evmChainId !== undefined);
        s = {
            index: i,
            subnetId,
            createHeight,
            createTimestamp: this.pTimestamp(createHeight),
            owners,
            threshold: ownerCount === 3 ? 2 : 1,
            locktime: 0,
            isL1,
            conversionTxHash: isL1 ? cb58Encode(rng.bytes(32)) : undefined,
            conversionHeight,
            managerBlockchainId: isL1 ? (managerChain ?? blockchains[0])?.blockchainId : undefined,
            managerContract: isL1
                ? checksumAddress(Uint8Array.of(0x0f, 0xee, ...rng.bytes(18)))
                : undefined,
            blockchains,
        };
        this.subnets.set(i, s);
        return s;
    }

    /** EVM chain id of the k-th materialized L1 (stable across seeds so configs can name them). */
    evmL1ChainId(k: number): number {
        return (this.spec.network === 'mainnet' ? 779_000 : 779_100) + k * 7 + 2;
    }

    subnetIndexOf(subnetId: string): number | undefined {
        if (!this.subnetIndexById) {
            const map = new Map<string, number>();
            for (let i = 0; i < this.spec.subnetCount; i++) map.set(this.subnet(i).subnetId, i);
            this.subnetIndexById = map;
        }
        return this.subnetIndexById.get(subnetId);
    }

    /** Subnet index of an L1 conversion transaction. */
    conversionSubnet(txHash: string): number | undefined {
        for (const list of this.conversions().values()) {
            for (const i of list) if (this.subnet(i).conversionTxHash === txHash) return i;
        }
        return undefined;
    }

    // ---- L1 validators ------------------------------------------------------------------

    l1Validators(subnetIndex: number): L1ValidatorRecord[] {
        const subnet = this.subnet(subnetIndex);
        if (!subnet.isL1) return [];
        let list = this.validatorsCache.get(subnetIndex);
        if (list) return list;
        const rng = new Prng(deriveSeed(this.spec.seed, 'l1validators', subnetIndex));
        const materialized = this.evmL1Subnets.includes(subnetIndex);
        const count = materialized ? 7 : rng.int(2, 7);
        const conversionTs = this.pTimestamp(subnet.conversionHeight!);
        list = [];
        for (let v = 0; v < count; v++) {
            list.push(
                this.makeL1Validator(
                    rng,
                    subnet,
                    conversionTs + v * 3600,
                    v === count - 1 && count > 2,
                ),
            );
        }
        if (subnetIndex === this.evmL1Subnets[0]) {
            // The known L1's second validator carries uint64s past 2^53 (the first integers a JS
            // number cannot hold), as a real L1 may: they must reach every view exactly.
            list[1]!.weight = bigWeight;
            list[1]!.remainingBalance = bigRemainingBalance;
        }
        this.validatorsCache.set(subnetIndex, list);
        return list;
    }

    /** A validator registered on the P-Chain after the Data API's indexer last ran. */
    unindexedValidator(subnetIndex: number): L1ValidatorRecord {
        const rng = new Prng(deriveSeed(this.spec.seed, 'l1validators-late', subnetIndex));
        const subnet = this.subnet(subnetIndex);
        return this.makeL1Validator(rng, subnet, this.spec.latestTimestamp - 600, false);
    }

    private makeL1Validator(
        rng: Prng,
        subnet: SubnetRecord,
        created: number,
        inactive: boolean,
    ): L1ValidatorRecord {
        const idBytes = rng.bytes(32);
        const owner = [bech32Address(this.hrp, rng.bytes(20))];
        const nodeId = nodeIdFromBytes(rng.bytes(20));
        const weight = BigInt(rng.int(1, 20) * 10);
        const remainingBalance = inactive ? 0n : BigInt(rng.int(1, 500) * 1e9 + rng.int(0, 1e9));
        // A G1 point costs a millisecond and tens of thousands of validators exist, few are read.
        const keyDraw = rng.bytes(48);
        let publicKey: string | undefined;
        return {
            validationId: cb58Encode(idBytes),
            validationIdHex: bytesToHex(idBytes),
            nodeId,
            subnetId: subnet.subnetId,
            weight,
            remainingBalance,
            creationTimestamp: Math.min(created, this.spec.latestTimestamp - 60),
            get publicKey(): string {
                return (publicKey ??= blsPublicKey(keyDraw));
            },
            proofOfPossession: bytesToHex(rng.bytes(96)),
            remainingBalanceOwner: owner,
            deactivationOwner: rng.chance(0.5) ? owner : [bech32Address(this.hrp, rng.bytes(20))],
            uptimeSeconds: rng.int(3600, 86_400 * 30),
        };
    }

    /** Every L1 validator of the network, newest L1 first. */
    allL1Validators(): L1ValidatorRecord[] {
        if (this.allValidators) return this.allValidators;
        const out: L1ValidatorRecord[] = [];
        for (let i = this.spec.subnetCount - 1; i >= 0; i--) {
            if (this.isL1Index(i)) out.push(...this.l1Validators(i));
        }
        this.allValidators = out;
        return out;
    }

    // ---- UTXOs --------------------------------------------------------------------------

    private generatePUtxos(rng: Prng): void {
        const pId = wellKnown.pChainId;
        for (let a = 0; a < this.addresses.length; a++) {
            const address = this.addresses[a]!;
            const list: PUtxo[] = [];
            const count = a === 0 ? 26 : rng.int(2, 8);
            for (let u = 0; u < count; u++) {
                const height = rng.int(pBase, this.latestPHeight - 2);
                const txHash = cb58Encode(rng.bytes(32));
                this.registerPTx(height, txHash);
                const ts = this.pTimestamp(height);
                const stake = rng.chance(0.3);
                const spent = !stake && rng.chance(0.25);
                const reward =
                    !stake && rng.chance(0.2)
                        ? rng.pick(['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE'] as const)
                        : undefined;
                let consumingBlockNumber: number | undefined;
                let consumingTxHash: string | undefined;
                if (spent) {
                    consumingBlockNumber = Math.min(this.latestPHeight, height + rng.int(1, 40));
                    consumingTxHash = cb58Encode(rng.bytes(32));
                    this.registerPTx(consumingBlockNumber, consumingTxHash);
                }
                list.push({
                    utxoId: cb58Encode(rng.bytes(32)),
                    addresses: [address],
                    amount: rng.int(1, 5000) * 1e8 + rng.int(0, 1e8),
                    txHash,
                    blockNumber: height,
                    blockTimestamp: ts,
                    outputIndex: rng.int(0, 3),
                    utxoType: stake ? 'STAKE' : 'TRANSFER',
                    staked: stake,
                    startTimestamp: stake ? ts : undefined,
                    endTimestamp: stake ? ts + rng.int(14, 365) * 86_400 : undefined,
                    rewardType: reward,
                    consumingTxHash,
                    consumingBlockNumber,
                    consumingBlockTimestamp:
                        consumingBlockNumber === undefined
                            ? undefined
                            : this.pTimestamp(consumingBlockNumber),
                    createdOnChainId: rng.chance(0.15) ? this.xChainId : pId,
                });
            }
            this.pUtxos.set(address, list);
        }
    }

    private registerPTx(height: number, txHash: string): void {
        let list = this.registeredPTxs.get(height);
        if (!list) this.registeredPTxs.set(height, (list = []));
        list.push(txHash);
    }

    // ---- X-Chain ------------------------------------------------------------------------

    private generateXChain(rng: Prng): void {
        const genesisTs = 1600819200;
        const xId = this.xChainId;
        const avax: AssetRecord = {
            assetId: this.avaxAssetId,
            name: 'Avalanche',
            symbol: 'AVAX',
            denomination: 9,
            type: 'secp256k1',
            cap: 'fixed',
            createdAtTimestamp: genesisTs,
        };
        this.assets.push(avax);
        // Vertices first: heights with 1-3 vertices, each pointing at vertices one height below.
        let vIndex = 0;
        const vSpan = upgradeTimes.cortina - genesisTs - 86_400;
        for (let h = 0; h < this.spec.vertexHeights; h++) {
            const count = h === 0 ? 1 : rng.int(1, 4);
            const below = this.vertices.filter((v) => v.height === h - 1);
            for (let k = 0; k < count; k++) {
                const parents: string[] = [];
                if (below.length > 0) {
                    parents.push(below[k % below.length]!.hash);
                    if (below.length > 1 && rng.chance(0.5)) {
                        const other = below[(k + 1) % below.length]!.hash;
                        if (!parents.includes(other)) parents.push(other);
                    }
                }
                this.vertices.push({
                    hash: cb58Encode(rng.bytes(32)),
                    parents,
                    height: h,
                    index: vIndex++,
                    timestamp:
                        genesisTs +
                        Math.floor((vSpan * (h + 1)) / (this.spec.vertexHeights + 1)) +
                        k,
                    txs: [],
                    size: 0,
                });
            }
        }
        const xBlockCount = Math.max(20, Math.floor(this.spec.xTxCount / 3));
        let parent = cb58Encode(rng.bytes(32));
        const bSpan = this.spec.latestTimestamp - upgradeTimes.cortina - 3600;
        for (let b = 0; b < xBlockCount; b++) {
            const hash = cb58Encode(rng.bytes(32));
            this.xBlocks.push({
                height: b,
                hash,
                parentHash: parent,
                timestamp: upgradeTimes.cortina + 60 + Math.floor((bSpan * b) / xBlockCount),
                txs: [],
            });
            parent = hash;
        }
        const unspent: XUtxo[] = [];
        const utxoRng = rng;
        const makeUtxo = (
            tx: { txHash: string; timestamp: number },
            address: string,
            asset: AssetRecord,
            amount: number,
            outputIndex: number,
            consumedOn = xId,
            createdOn = xId,
        ): XUtxo => ({
            utxoId: cb58Encode(utxoRng.bytes(32)),
            addresses: [address],
            assetId: asset.assetId,
            amount,
            createdOnChainId: createdOn,
            consumedOnChainId: consumedOn,
            creationTxHash: tx.txHash,
            outputIndex,
            timestamp: tx.timestamp,
            utxoType: asset.type === 'nft' ? 'nft' : 'transfer',
            consumingTxHash: undefined,
            consumingTxTimestamp: undefined,
            credentials: undefined,
            groupId: asset.type === 'nft' ? 0 : undefined,
            payload: asset.type === 'nft' ? bytesToHex(utxoRng.bytes(12)) : undefined,
        });
        const nonLinear = Math.floor(this.spec.xTxCount * 0.55);
        const allVertices = this.vertices;
        const assetNames: [string, string, number, 'secp256k1' | 'nft'][] = [
            ['Sandbox Dollar', 'SUSD', 6, 'secp256k1'],
            ['Mountain Token', 'MTN', 9, 'secp256k1'],
            ['Snow Collectible', 'SNOW', 0, 'nft'],
            ['Ice Credits', 'ICE', 2, 'secp256k1'],
            ['Glacier Gold', 'GGLD', 4, 'secp256k1'],
        ];
        let assetCursor = 0;
        let exportsToC = 0;
        const timestampOf = (
            i: number,
        ): { vertex: Vertex | undefined; block: XBlock | undefined; ts: number } => {
            if (i < nonLinear) {
                const v =
                    allVertices[
                        Math.min(
                            allVertices.length - 1,
                            Math.floor((i * allVertices.length) / nonLinear),
                        )
                    ]!;
                return { vertex: v, block: undefined, ts: v.timestamp };
            }
            const b =
                this.xBlocks[
                    Math.min(
                        this.xBlocks.length - 1,
                        Math.floor(
                            ((i - nonLinear) * this.xBlocks.length) /
                                (this.spec.xTxCount - nonLinear),
                        ),
                    )
                ]!;
            return { vertex: undefined, block: b, ts: b.timestamp };
        };
        for (let i = 0; i < this.spec.xTxCount; i++) {
            const place = timestampOf(i);
            const txHash = cb58Encode(rng.bytes(32));
            const tx: XTx = {
                txHash,
                txType: 'BaseTx',
                timestamp: place.ts,
                memo: '0x',
                consumed: [],
                emitted: [],
                sourceChain: undefined,
                destinationChain: undefined,
                assetCreated: undefined,
                vertex: place.vertex
                    ? {
                          hash: place.vertex.hash,
                          height: place.vertex.height,
                          timestamp: place.vertex.timestamp,
                      }
                    : undefined,
                block: place.block
                    ? { height: place.block.height, hash: place.block.hash }
                    : undefined,
            };
            const addr = (): string =>
                rng.chance(0.3) ? this.addresses[0]! : rng.pick(this.addresses);
            if (i === 0 || unspent.length === 0) {
                // Genesis-style allocation: an import from the P-Chain funds the addresses.
                tx.txType = 'ImportTx';
                tx.sourceChain = wellKnown.pChainId;
                const src = makeUtxo(
                    { txHash: cb58Encode(rng.bytes(32)), timestamp: place.ts - 60 },
                    this.addresses[0]!,
                    avax,
                    9e15,
                    0,
                    xId,
                    wellKnown.pChainId,
                );
                src.consumingTxHash = txHash;
                src.consumingTxTimestamp = place.ts;
                tx.consumed.push(src);
                for (let a = 0; a < this.addresses.length; a++) {
                    const u = makeUtxo(
                        tx,
                        this.addresses[a]!,
                        avax,
                        Math.floor(9e15 / (this.addresses.length + 1)),
                        a,
                    );
                    tx.emitted.push(u);
                    unspent.push(u);
                }
            } else if (assetCursor < assetNames.length && i % 4 === 1) {
                const [name, symbol, denomination, type] = assetNames[assetCursor++]!;
                const asset: AssetRecord = {
                    assetId: txHash,
                    name,
                    symbol,
                    denomination,
                    type,
                    cap: type === 'nft' ? 'variable' : 'fixed',
                    createdAtTimestamp: place.ts,
                };
                this.assets.push(asset);
                tx.txType = 'CreateAssetTx';
                tx.assetCreated = asset;
                tx.memo = bytesToHex(new TextEncoder().encode(`create ${symbol}`));
                this.spendAvax(tx, unspent, this.addresses[0]!, 10_000_000, makeUtxo, avax);
                for (let a = 0; a < Math.min(4, this.addresses.length); a++) {
                    const u = makeUtxo(
                        tx,
                        this.addresses[a]!,
                        asset,
                        type === 'nft' ? 1 : 1_000_000 * 10 ** Math.min(denomination, 6),
                        tx.emitted.length,
                    );
                    tx.emitted.push(u);
                    unspent.push(u);
                }
            } else {
                const kind = rng.weighted<XTxType>(
                    ['BaseTx', 'ExportTx', 'ImportTx', 'OperationTx'],
                    [70, 12, 8, 10],
                );
                const from = addr();
                const to = rng.pick(this.addresses);
                const own = unspent.filter(
                    (u) => u.addresses[0] === from && u.consumingTxHash === undefined,
                );
                const nonAvax = own.filter((u) => u.assetId !== this.avaxAssetId);
                if (
                    kind === 'OperationTx' ||
                    (kind === 'BaseTx' && nonAvax.length > 0 && rng.chance(0.5))
                ) {
                    const pickFrom = nonAvax.length > 0 ? nonAvax : own;
                    if (pickFrom.length === 0) continue;
                    const input = rng.pick(pickFrom);
                    const asset = this.assets.find((a) => a.assetId === input.assetId)!;
                    tx.txType = asset.type === 'nft' ? 'OperationTx' : 'BaseTx';
                    this.consume(tx, input, unspent, rng);
                    const sent =
                        asset.type === 'nft'
                            ? input.amount
                            : Math.max(1, Math.floor(input.amount * rng.next() * 0.5));
                    const out = makeUtxo(tx, to, asset, sent, 0);
                    tx.emitted.push(out);
                    unspent.push(out);
                    if (input.amount - sent > 0) {
                        const change = makeUtxo(tx, from, asset, input.amount - sent, 1);
                        tx.emitted.push(change);
                        unspent.push(change);
                    }
                    this.spendAvax(tx, unspent, from, 1_000_000, makeUtxo, avax);
                } else {
                    const amount = rng.int(1, 2000) * 1e8;
                    tx.txType = kind;
                    if (kind === 'ImportTx') {
                        tx.sourceChain = rng.chance(0.5)
                            ? wellKnown.pChainId
                            : this.cChainBlockchainId;
                        const src = makeUtxo(
                            { txHash: cb58Encode(rng.bytes(32)), timestamp: place.ts - 30 },
                            from,
                            avax,
                            amount + 1_000_000,
                            0,
                            xId,
                            tx.sourceChain,
                        );
                        src.consumingTxHash = txHash;
                        src.consumingTxTimestamp = place.ts;
                        tx.consumed.push(src);
                        const out = makeUtxo(tx, to, avax, amount, 0);
                        tx.emitted.push(out);
                        unspent.push(out);
                    } else {
                        const destination =
                            kind === 'ExportTx'
                                ? rng.chance(0.6)
                                    ? this.cChainBlockchainId
                                    : wellKnown.pChainId
                                : undefined;
                        tx.destinationChain = destination;
                        // The first exports to the C-Chain go to the known address, so it has atomic UTXOs.
                        const payee =
                            destination === this.cChainBlockchainId && exportsToC++ < 2
                                ? this.addresses[0]!
                                : to;
                        if (
                            !this.spendAvax(
                                tx,
                                unspent,
                                from,
                                amount + 1_000_000,
                                makeUtxo,
                                avax,
                                payee,
                                amount,
                                destination,
                            )
                        )
                            continue;
                    }
                    if (rng.chance(0.3))
                        tx.memo = bytesToHex(new TextEncoder().encode(rng.pick(memos)));
                }
            }
            this.xTxs.push(tx);
            if (tx.vertex) allVertices.find((v) => v.hash === tx.vertex!.hash)!.txs.push(txHash);
            if (tx.block) this.xBlocks[tx.block.height]!.txs.push(txHash);
        }
        for (const v of this.vertices) v.size = 140 + v.txs.length * 420 + v.parents.length * 32;
        for (const tx of this.xTxs) {
            for (const u of tx.emitted) this.xUtxos.push(u);
            for (const u of tx.consumed) {
                if (!u.credentials) {
                    u.credentials = [
                        {
                            signature: Buffer.from(rng.bytes(65)).toString('base64'),
                            publicKey: Buffer.from(rng.bytes(33)).toString('base64'),
                        },
                    ];
                }
            }
        }
    }

    private consume(tx: XTx, utxo: XUtxo, _unspent: XUtxo[], _rng: Prng): void {
        utxo.consumingTxHash = tx.txHash;
        utxo.consumingTxTimestamp = tx.timestamp;
        tx.consumed.push(utxo);
    }

    /**
     * Consumes AVAX UTXOs of `from` worth at least `total`, optionally pays `amount` to `to` (on
     * `destination` for an export) and returns the change; false when the owner cannot pay.
     */
    private spendAvax(
        tx: XTx,
        unspent: XUtxo[],
        from: string,
        total: number,
        makeUtxo: (
            tx: { txHash: string; timestamp: number },
            address: string,
            asset: AssetRecord,
            amount: number,
            outputIndex: number,
            consumedOn?: string,
            createdOn?: string,
        ) => XUtxo,
        avax: AssetRecord,
        to?: string,
        amount?: number,
        destination?: string,
    ): boolean {
        const own = unspent.filter(
            (u) =>
                u.addresses[0] === from &&
                u.assetId === this.avaxAssetId &&
                u.consumingTxHash === undefined,
        );
        let sum = 0;
        const picked: XUtxo[] = [];
        for (const u of own) {
            if (sum >= total) break;
            picked.push(u);
            sum += u.amount;
        }
        if (sum < total) return false;
        for (const u of picked) this.consume(tx, u, unspent, new Prng(0));
        let out = tx.emitted.length;
        if (to !== undefined && amount !== undefined) {
            const paid = makeUtxo(tx, to, avax, amount, out++, destination ?? this.xChainId);
            tx.emitted.push(paid);
            if (destination === undefined) unspent.push(paid);
        }
        const fee = 1_000_000;
        const change = sum - (amount ?? 0) - fee - (to === undefined ? total - fee : 0);
        if (change > 0) {
            const c = makeUtxo(tx, from, avax, change, out);
            tx.emitted.push(c);
            unspent.push(c);
        }
        return true;
    }

    /** Atomic UTXOs exported from the X-Chain to the C-Chain. */
    cChainUtxos(): XUtxo[] {
        return this.xUtxos.filter((u) => u.consumedOnChainId === this.cChainBlockchainId);
    }

    asset(assetId: string): AssetRecord | undefined {
        return this.assets.find((a) => a.assetId === assetId);
    }
}

const l1Names = [
    'Sandbox Gaming L1',
    'Sandbox DeFi L1',
    'Sandbox Enterprise L1',
    'Sandbox Social L1',
    'Sandbox Test L1',
];
const nameWords = [
    'Alpine',
    'Summit',
    'Glacier',
    'Avalanche',
    'Crystal',
    'Powder',
    'Ridge',
    'Frost',
    'Cascade',
    'Boreal',
];
const nameSuffixes = ['Chain', 'Network', 'L1', 'Testnet', 'Ledger', 'Hub'];
const memos = ['payment for invoice 42', 'gm', 'The Avalanche Project', 'rent', 'thanks!'];
