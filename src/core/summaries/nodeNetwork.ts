/**
 * A network read from one of its nodes rather than from the Data API: a local network, a devnet,
 * any network the Data API does not index. The answers take the Data API's shapes (`ChainInfo`,
 * `Subnet`, `L1Validator`, `PrimaryNetworkBlock`, `NativeTransaction`) so the views show them
 * with the same rows; what the node cannot say (creation times, USD values) is left out or zero.
 *
 * Methods, as AvalancheGo v1.14 serves them
 * (https://build.avax.network/docs/api-reference/p-chain/api,
 * https://build.avax.network/docs/api-reference/x-chain/api):
 * - chains: `platform.getBlockchains`, then `eth_chainId` on each chain's `/ext/bc/<id>/rpc`
 *   (a chain that answers is an EVM chain, whatever its VM);
 * - subnets: `platform.getSubnets`, `platform.getBlockchains`, `platform.getSubnet` per subnet;
 * - P-/X-Chain blocks: `platform.getHeight` / `avm.getHeight`, then `…getBlockByHeight` per block;
 * - L1 validators: `platform.getCurrentValidators` with the L1's `subnetID`;
 * - EVM block transactions: `eth_getBlockByNumber` with full transactions, and a receipt each.
 */
import type {
    ChainInfo,
    L1Validator,
    NativeTransaction,
    PrimaryNetworkBlock,
    Subnet,
} from '../dataApi/model';
import { cb58Decode } from '../ids/cb58';
import { bytesToHex } from '../ids/hex';
import { pChainId } from '../ids/primaryNetwork';
import { type NodeRpcMethod, nodeRpcMethods } from '../nodeRpc/methods';
import { batchCall, type NodeRpcClient } from '../nodeRpc/rpcClient';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import type {
    PlatformBlockchain,
    PlatformOwner,
    PlatformValidator,
    PrimaryBlock,
    SubnetDetails,
    SubnetSummary,
} from '../nodeRpc/primarySchemas';
import type { RpcBlock, RpcReceipt, RpcTransaction } from '../nodeRpc/schemas';
import { compactSubnet, type CompactSubnet } from './genesisSummary';

/** What the discovery files add to a chain the node lists (names, token, ICM contracts). */
export interface ChainHint {
    readonly blockchainId?: string | undefined;
    readonly name: string;
    readonly tokenSymbol?: string | undefined;
}

/** Call options with the signal only when there is one (`exactOptionalPropertyTypes`). */
function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
    return signal ? { signal } : {};
}

/** One call to a chain's RPC endpoint (a target's path, which `call` cannot take). */
async function callAt<P, R>(
    target: RpcTarget,
    method: NodeRpcMethod<string, P, R>,
    params: P,
    signal: AbortSignal | undefined,
): Promise<R> {
    const [settled] = await target.client.batch([batchCall(method, params)], {
        path: target.path,
        ...withSignal(signal),
    });
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
}

/** Most EVM chains asked for their chain id at once (a node may track many). */
const maxEvmProbes = 32;
/** Most subnets read in detail (`platform.getSubnet` each). */
const maxSubnets = 200;

/** A cb58 id's bytes as `0x…` hex (the form Solidity and the Data API's `validationIdHex` use). */
function cb58ToHex(id: string): string {
    const bytes = cb58Decode(id);
    return bytes ? bytesToHex(bytes) : '';
}

/** An integer from a decimal string; 0 when the node left it out. */
function int(value: string | number | undefined): number {
    if (value === undefined) return 0;
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : 0;
}

/** The primary network's C-Chain and the node's EVM chains as the views' `ChainInfo`. */
export function evmChainInfo(input: {
    readonly blockchainId: string;
    readonly name: string;
    readonly subnetId: string;
    readonly vmId: string;
    readonly evmChainId: string;
    readonly rpcUrl: string;
    readonly hint?: ChainHint | undefined;
}): ChainInfo {
    const isC = input.subnetId === pChainId;
    const symbol = isC ? 'AVAX' : (input.hint?.tokenSymbol ?? 'native token');
    return {
        chainId: input.evmChainId,
        status: 'OK',
        chainName: input.hint?.name ?? input.name,
        description: isC
            ? 'The primary network’s C-Chain, read from the node'
            : `A chain of subnet ${input.subnetId}, read from the node`,
        platformChainId: input.blockchainId,
        subnetId: input.subnetId,
        vmId: input.vmId,
        vmName: 'EVM',
        rpcUrl: input.rpcUrl,
        isTestnet: true,
        networkToken: { name: isC ? 'Avalanche' : symbol, symbol, decimals: 18 },
    };
}

/** A P-Chain or X-Chain block from `getBlockByHeight` (encoding json) as the views show one. */
export function primaryBlockOf(block: PrimaryBlock): PrimaryNetworkBlock {
    const txIds = block.txs.flatMap((tx) => (tx.txId ? [tx.txId] : []));
    const types = [...new Set(block.txs.map((tx) => tx.typeName))];
    return {
        blockNumber: block.height,
        blockHash: block.blockId ?? '',
        parentHash: block.parentId,
        blockTimestamp: int(block.time),
        blockType: types.join(', '),
        txCount: block.txs.length,
        transactions: txIds,
        blockSizeBytes: 0,
    };
}

/** An L1 validator from `platform.getCurrentValidators` (with a subnet id) as a view row's. */
export function l1ValidatorOf(
    subnetId: string,
    v: PlatformValidator & { validationId: string },
): L1Validator {
    return {
        validationId: v.validationId,
        validationIdHex: cb58ToHex(v.validationId),
        nodeId: v.nodeId,
        subnetId,
        weight: v.weight,
        remainingBalance: v.balance ?? '0',
        creationTimestamp: int(v.startTime),
        blsCredentials: v.publicKey ? { publicKey: v.publicKey } : {},
        remainingBalanceOwner: ownerOf(v.remainingBalanceOwner),
        deactivationOwner: ownerOf(v.deactivationOwner),
    };
}

function ownerOf(owner: PlatformOwner | undefined): { addresses: string[]; threshold: number } {
    return { addresses: [...(owner?.addresses ?? [])], threshold: int(owner?.threshold) };
}

/** A subnet from `platform.getSubnets` / `getSubnet` and its chains, as the Subnets view's. */
export function subnetOf(
    subnet: SubnetSummary & Partial<SubnetDetails>,
    blockchains: readonly PlatformBlockchain[],
    evmChainIds: ReadonlyMap<string, string>,
): CompactSubnet {
    const isL1 = subnet.isL1 ?? false;
    const owner = {
        locktime: int(subnet.locktime),
        threshold: int(subnet.threshold),
        addresses: [...subnet.controlKeys],
    };
    const value: Subnet = {
        createBlockTimestamp: 0,
        createBlockIndex: '',
        subnetId: subnet.subnetId,
        ownerAddresses: owner.addresses,
        threshold: owner.threshold,
        locktime: owner.locktime,
        subnetOwnershipInfo: owner,
        isL1,
        ...(isL1 && subnet.managerChainId && subnet.managerAddress
            ? {
                  l1ValidatorManagerDetails: {
                      blockchainId: subnet.managerChainId,
                      contractAddress: subnet.managerAddress,
                  },
              }
            : {}),
        blockchains: blockchains
            .filter((b) => b.subnetId === subnet.subnetId)
            .map((b) => {
                const evm = evmChainIds.get(b.blockchainId);
                return {
                    createBlockTimestamp: 0,
                    createBlockNumber: '',
                    blockchainId: b.blockchainId,
                    vmId: b.vmId,
                    subnetId: b.subnetId,
                    blockchainName: b.name,
                    ...(evm !== undefined && Number.isSafeInteger(Number(evm))
                        ? { evmChainId: Number(evm) }
                        : {}),
                };
            }),
    };
    return compactSubnet(value);
}

/** An EVM transaction with its receipt, as the Chains view's transaction rows show one. */
function evmTxOf(
    chainId: string,
    block: Pick<RpcBlock, 'number' | 'hash' | 'timestamp'>,
    index: number,
    tx: RpcTransaction,
    receipt: RpcReceipt | null | undefined,
): NativeTransaction {
    const selector = tx.input.length >= 10 ? tx.input.slice(0, 10) : undefined;
    return {
        blockNumber: String(block.number),
        blockTimestamp: block.timestamp,
        blockHash: block.hash,
        chainId,
        blockIndex: index,
        txHash: tx.hash,
        // The Data API's statuses: 1 succeeded, 0 failed (a pending one has no receipt yet).
        txStatus: receipt?.status === undefined ? '' : receipt.status === 'success' ? '1' : '0',
        txType: tx.type ?? 0,
        gasLimit: tx.gas,
        gasUsed: receipt?.gasUsed ?? '0',
        gasPrice: receipt?.effectiveGasPrice ?? tx.gasPrice ?? '0',
        nonce: String(tx.nonce),
        from: { address: tx.from },
        to: { address: tx.to ?? receipt?.contractAddress ?? '' },
        ...(selector
            ? { method: { callType: 'CONTRACT_CALL', methodHash: selector, methodName: '' } }
            : {}),
        value: tx.value,
    };
}

/** One page of a node's chain, newest first. */
export interface BlockPage {
    readonly blocks: readonly PrimaryNetworkBlock[];
    /** The height to read the next page from, when there is one. */
    readonly next?: string | undefined;
}

/**
 * Reads one network through `node` (its P-Chain and X-Chain APIs) and the EVM chains' RPC.
 * Nothing is kept here: callers cache what they show.
 */
export class NodeNetwork {
    constructor(
        private readonly node: NodeRpcClient,
        private readonly nodeUrl: string,
        private readonly rpcFor: (rpcUrl: string) => RpcTarget | undefined,
        private readonly hints: readonly ChainHint[] = [],
    ) {}

    private hintFor(blockchainId: string): ChainHint | undefined {
        return this.hints.find((h) => h.blockchainId === blockchainId);
    }

    /** The node's blockchains (`platform.getBlockchains`). */
    async blockchains(signal?: AbortSignal) {
        const result = await this.node.call(
            nodeRpcMethods['platform.getBlockchains'],
            {},
            withSignal(signal),
        );
        return result.blockchains;
    }

    /**
     * The EVM chains of the network: every chain but the P- and X-Chain that answers `eth_chainId`
     * on this node, the C-Chain first. A chain the node does not serve (not tracked) is left out.
     */
    async chains(signal?: AbortSignal): Promise<ChainInfo[]> {
        const all = await this.blockchains(signal);
        const candidates = all
            .filter((b) => !(b.subnetId === pChainId && b.name === 'X-Chain'))
            .slice(0, maxEvmProbes);
        const found = await Promise.all(
            candidates.map(async (b) => {
                const rpcUrl = `${this.nodeUrl}/ext/bc/${b.blockchainId}/rpc`;
                const target = this.rpcFor(rpcUrl);
                if (!target) return undefined;
                try {
                    const id = await callAt(target, nodeRpcMethods.eth_chainId, [], signal);
                    return evmChainInfo({
                        blockchainId: b.blockchainId,
                        name: b.name,
                        subnetId: b.subnetId,
                        vmId: b.vmId,
                        evmChainId: String(id),
                        rpcUrl,
                        hint: this.hintFor(b.blockchainId),
                    });
                } catch (error) {
                    if (signal?.aborted) throw error;
                    return undefined;
                }
            }),
        );
        const chains = found.filter((c): c is ChainInfo => c !== undefined);
        return chains.sort(
            (a, b) => Number(b.subnetId === pChainId) - Number(a.subnetId === pChainId),
        );
    }

    /** Every subnet but the primary network, with its chains, newest id order as the node gives. */
    async subnets(signal?: AbortSignal): Promise<CompactSubnet[]> {
        const [subnets, blockchains, chains] = await Promise.all([
            this.node.call(nodeRpcMethods['platform.getSubnets'], {}, withSignal(signal)),
            this.blockchains(signal),
            this.chains(signal).catch((error: unknown) => {
                if (signal?.aborted) throw error;
                return [] as ChainInfo[];
            }),
        ]);
        const evmIds = new Map(chains.map((c) => [c.platformChainId ?? '', c.chainId]));
        const listed = subnets.subnets.filter((s) => s.subnetId !== pChainId).slice(0, maxSubnets);
        return Promise.all(
            listed.map(async (s) => {
                const detail = await this.node
                    .call(
                        nodeRpcMethods['platform.getSubnet'],
                        { subnetID: s.subnetId },
                        withSignal(signal),
                    )
                    .catch((error: unknown) => {
                        if (signal?.aborted) throw error;
                        return undefined;
                    });
                return subnetOf({ ...s, ...(detail ?? {}) }, blockchains, evmIds);
            }),
        );
    }

    /** The validators of an L1 (`platform.getCurrentValidators` with its subnet id). */
    async l1Validators(subnetId: string, signal?: AbortSignal): Promise<L1Validator[]> {
        const result = await this.node.call(
            nodeRpcMethods['platform.getCurrentValidators'],
            { subnetID: subnetId },
            withSignal(signal),
        );
        return result.validators.flatMap((v) =>
            v.kind === 'l1' && v.validationId
                ? [l1ValidatorOf(subnetId, { ...v, validationId: v.validationId })]
                : [],
        );
    }

    /**
     * Blocks of the P- or X-Chain, newest first, `count` at a time from `from` (a height; the
     * tip when undefined).
     */
    async blocks(
        chain: 'p-chain' | 'x-chain',
        from: string | undefined,
        count: number,
        signal?: AbortSignal,
    ): Promise<BlockPage> {
        const heightMethod =
            chain === 'p-chain'
                ? nodeRpcMethods['platform.getHeight']
                : nodeRpcMethods['avm.getHeight'];
        const tip =
            from === undefined
                ? Number((await this.node.call(heightMethod, {}, withSignal(signal))).height)
                : Number(from);
        const heights: number[] = [];
        for (let h = tip; h >= 0 && heights.length < count; h--) heights.push(h);
        const blocks = await Promise.all(
            heights.map(async (height) => {
                const block =
                    chain === 'p-chain'
                        ? await this.node.call(
                              nodeRpcMethods['platform.getBlockByHeight'],
                              { height },
                              withSignal(signal),
                          )
                        : await this.node.call(
                              nodeRpcMethods['avm.getBlockByHeight'],
                              { height },
                              withSignal(signal),
                          );
                return primaryBlockOf(block);
            }),
        );
        const last = heights[heights.length - 1];
        return { blocks, next: last !== undefined && last > 0 ? String(last - 1) : undefined };
    }

    /** An EVM block's transactions with their receipts, through the chain's RPC. */
    async evmBlockTransactions(
        chain: ChainInfo,
        blockNumber: number,
        signal?: AbortSignal,
    ): Promise<NativeTransaction[]> {
        const target = this.rpcFor(chain.rpcUrl);
        if (!target) return [];
        const block = await callAt(
            target,
            nodeRpcMethods.eth_getBlockByNumber,
            [blockNumber, true],
            signal,
        );
        if (!block) return [];
        const txs = block.transactions ?? [];
        const receipts = txs.length
            ? await target.client.batch(
                  txs.map((tx) => batchCall(nodeRpcMethods.eth_getTransactionReceipt, [tx.hash])),
                  { path: target.path, ...withSignal(signal) },
              )
            : [];
        return txs.map((tx, i) => {
            const receipt = receipts[i];
            return evmTxOf(
                chain.chainId,
                block,
                i,
                tx,
                receipt?.status === 'fulfilled' ? receipt.value : undefined,
            );
        });
    }
}
