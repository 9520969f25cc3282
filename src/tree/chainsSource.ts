/**
 * The Chains view: the primary network's P-, X- and C-Chain (latest blocks from the Data API's
 * `listLatestPrimaryNetworkBlocks`; X-Chain vertices by height, `getVertexByHeight`) and the EVM
 * chains of the supported-chains list.
 *
 * EVM latest blocks: the Data API in scope has no EVM block list, so the newest blocks come from
 * the chain's own RPC URL (`eth_blockNumber`, then one batch of `eth_getBlockByNumber` per page of
 * ten), and each block's transactions from the Data API (`getTransactionsForBlock`), which adds decoded method names.
 * The chain configuration (eth_getChainConfig, eth_feeConfig, eth_getActiveRulesAt) is read in one
 * batch from the same RPC URL when the "Configuration" row is expanded (`chainConfigRows.ts`).
 */
import type { ChainHeights, ChainInfo, RpcBlock, Settled } from '../core/index';
import { pChainId } from '../core/ids/primaryNetwork';
import { loadCore } from '../platform/lazyCore';
import { type GroupRow, type PrimaryChain, type Row, rowsOrEmpty, under } from './rows';
import { group } from './rowBuilders';
import { evmConfigRows } from './chainConfigRows';
import type { TreeServices } from './services';
import type { Children, RowPage, TreeSource } from './treeProvider';
import { l10n } from './treeL10n';

const view = 'chains';
/** Primary-network blocks per page (the endpoint allows 1..100). */
const blocksPageSize = 10;
/** EVM blocks read per batch from the chain's RPC. */
const evmBlocksPageSize = 10;
const txPageSize = 25;
const vertexPageSize = 25;
const heightsPerPage = 10;

export class ChainsSource implements TreeSource {
    readonly view = view;
    /** First vertex height shown, per "Vertices by height" row. */
    private readonly vertexStart = new Map<string, number>();

    constructor(private readonly services: TreeServices) {}

    /** The heights each "Latest blocks" list was read at, per row id, for its later pages. */
    private readonly evmHeights = new Map<string, ChainHeights | undefined>();

    /** Makes the vertices row start at `height` (the tree is refreshed by the caller). */
    setVertexStart(group: GroupRow, height: number): void {
        this.vertexStart.set(group.id, height);
    }

    children(parent: Row | undefined, signal: AbortSignal): Promise<Children> | Children {
        if (parent === undefined) return this.root(signal);
        switch (parent.kind) {
            case 'group':
                return this.groupChildren(parent, signal);
            case 'primaryChain':
                if (this.services.isLocal) return this.localPrimaryChain(parent, parent.chain);
                return this.primaryBlocks(parent, parent.chain);
            case 'primaryBlock':
                return staticRows(
                    parent.block.transactions.map((txId) => ({
                        kind: 'primaryTx' as const,
                        ...under(view, parent, 'tx', txId),
                        chain: parent.chain,
                        txId,
                    })),
                );
            case 'vertexHeight':
                return this.vertices(parent, parent.height);
            case 'vertex':
                return staticRows(
                    parent.vertex.transactions.map((txId) => ({
                        kind: 'primaryTx' as const,
                        ...under(view, parent, 'tx', txId),
                        chain: 'x-chain' as const,
                        txId,
                    })),
                );
            case 'evmChain':
                return staticRows(this.evmChainRows(parent, parent.chain));
            case 'evmBlock':
                return this.evmBlockTransactions(parent, parent.chain, parent.block);
            case 'field':
                return staticRows(parent.children ?? []);
            default:
                return staticRows([]);
        }
    }

    /** The two groups, or nothing (the welcome) when there is nothing to read from. */
    private async root(signal: AbortSignal): Promise<Children> {
        if (await this.services.nothingToRead(signal)) return staticRows([]);
        return staticRows([
            group(
                view,
                undefined,
                'primary',
                { type: 'primaryNetwork' },
                l10n.t('Primary Network'),
                'globe',
                {
                    expanded: true,
                    description: this.services.networkLabel,
                },
            ),
            group(view, undefined, 'evm', { type: 'evmChains' }, l10n.t('EVM chains'), 'layers', {
                expanded: true,
                description: this.services.isLocal
                    ? l10n.t('served by the node')
                    : l10n.t('supported by the Data API'),
            }),
        ]);
    }

    private async groupChildren(row: GroupRow, signal: AbortSignal): Promise<Children> {
        const spec = row.group;
        switch (spec.type) {
            case 'primaryNetwork':
                return staticRows(
                    (['p-chain', 'x-chain', 'c-chain'] as const).map((chain) => ({
                        kind: 'primaryChain' as const,
                        ...under(view, row, chain),
                        chain,
                    })),
                );
            case 'evmChains': {
                const chains = await this.services.supportedChains(this.services.network, signal);
                return {
                    type: 'static',
                    rows: rowsOrEmpty(
                        view,
                        row,
                        chains.map((chain) => ({
                            kind: 'evmChain' as const,
                            ...under(view, row, chain.chainId),
                            chain,
                        })),
                        this.services.isLocal
                            ? l10n.t('The node serves no EVM chain.')
                            : l10n.t('The Data API lists no EVM chain for this network.'),
                    ),
                };
            }
            case 'vertexHeights':
                return this.vertexHeights(row);
            case 'evmBlocks':
                return this.evmBlocks(row, spec.chain);
            case 'evmConfig':
                return staticRows(await evmConfigRows(this.services, row, spec.chain, signal));
            default:
                return staticRows([]);
        }
    }

    private primaryBlocks(parent: Row, chain: PrimaryChain): Children {
        const network = this.services.network;
        const head: Row[] =
            chain === 'x-chain'
                ? [
                      group(
                          view,
                          parent,
                          'vertices',
                          { type: 'vertexHeights' },
                          l10n.t('Vertices by height'),
                          'layers',
                          {
                              description: l10n.t('pre-Cortina X-Chain'),
                          },
                      ),
                  ]
                : [];
        return {
            type: 'paged',
            head,
            empty: l10n.t('No blocks yet.'),
            fetch: async (pageToken, signal): Promise<RowPage> => {
                const api = await this.services.clients.dataApi();
                const page = await api.listLatestPrimaryNetworkBlocks(
                    { network, blockchainId: chain, pageSize: blocksPageSize, pageToken },
                    { signal },
                );
                return {
                    rows: page.items.map((block) => ({
                        kind: 'primaryBlock' as const,
                        ...under(view, parent, 'block', block.blockNumber),
                        chain,
                        block,
                    })),
                    next: page.nextPageToken,
                };
            },
        };
    }

    private vertexHeights(row: GroupRow): Children {
        const start = this.vertexStart.get(row.id) ?? 0;
        return {
            type: 'paged',
            empty: l10n.t('No heights.'),
            fetch: (token): Promise<RowPage> => {
                const from = token === undefined ? start : Number(token);
                const rows: Row[] = [];
                for (let h = from; h < from + heightsPerPage; h++) {
                    rows.push({
                        kind: 'vertexHeight',
                        ...under(view, row, 'height', h),
                        height: h,
                    });
                }
                return Promise.resolve({ rows, next: String(from + heightsPerPage) });
            },
        };
    }

    private vertices(parent: Row, height: number): Children {
        const network = this.services.network;
        return {
            type: 'paged',
            empty: l10n.t(
                'No vertices at height {0} (the X-Chain stopped using vertices at the Cortina upgrade).',
                height,
            ),
            fetch: async (pageToken, signal): Promise<RowPage> => {
                const api = await this.services.clients.dataApi();
                const page = await api.getVertexByHeight(
                    {
                        network,
                        blockchainId: 'x-chain',
                        vertexHeight: height,
                        pageSize: vertexPageSize,
                        pageToken,
                    },
                    { signal },
                );
                return {
                    rows: page.items.map((vertex) => ({
                        kind: 'vertex' as const,
                        ...under(view, parent, 'vertex', vertex.vertexHash),
                        vertex,
                    })),
                    next: page.nextPageToken,
                };
            },
        };
    }

    private evmChainRows(parent: Row, chain: ChainInfo): Row[] {
        if (!chain.rpcUrl || !this.services.rpcTarget(chain.rpcUrl)) {
            return [
                {
                    kind: 'notice',
                    ...under(view, parent, '~noRpc'),
                    reason: 'info',
                    message: l10n.t('The Data API lists no usable RPC URL for this chain.'),
                    remedy: l10n.t(
                        'Its latest blocks and configuration come from the chain’s RPC.',
                    ),
                },
            ];
        }
        return [
            group(
                view,
                parent,
                'blocks',
                { type: 'evmBlocks', chain },
                l10n.t('Latest blocks'),
                'package',
                {
                    description: l10n.t('from the chain’s RPC'),
                },
            ),
            group(
                view,
                parent,
                'config',
                { type: 'evmConfig', chain },
                l10n.t('Configuration'),
                'settings-gear',
                {
                    description: l10n.t('chain config, fees, rules'),
                },
            ),
        ];
    }

    private evmBlocks(row: GroupRow, chain: ChainInfo): Children {
        return {
            type: 'paged',
            empty: l10n.t('The chain has no blocks yet.'),
            fetch: async (token, signal): Promise<RowPage> => {
                const target = this.services.rpcTarget(chain.rpcUrl);
                if (!target) throw new Error(`The RPC URL of ${chain.chainName} is not usable.`);
                const core = loadCore();
                const m = core.nodeRpcMethods;
                let top: number;
                if (token === undefined) {
                    const [latest] = await target.client.batch(
                        [core.batchCall(m.eth_blockNumber, [])],
                        { path: target.path, signal },
                    );
                    if (latest.status === 'rejected') throw latest.reason;
                    top = latest.value;
                } else {
                    top = Number(token);
                }
                const numbers: number[] = [];
                for (let n = top; n >= 0 && numbers.length < evmBlocksPageSize; n--)
                    numbers.push(n);
                const settled: Settled<RpcBlock | null>[] = await target.client.batch(
                    numbers.map((n) => core.batchCall(m.eth_getBlockByNumber, [n, false])),
                    { path: target.path, signal },
                );
                const failure = settled.find((s) => s.status === 'rejected');
                if (
                    failure?.status === 'rejected' &&
                    settled.every((s) => s.status === 'rejected')
                ) {
                    throw failure.reason;
                }
                const rows: Row[] = [];
                if (token === undefined) {
                    // The head read first names the settled height on Helicon's C-Chain
                    // (ACP-194); later pages are marked against the same heights.
                    const head = settled[0];
                    const heights =
                        head?.status === 'fulfilled' && head.value
                            ? core.chainHeights(head.value)
                            : undefined;
                    this.evmHeights.set(row.id, heights);
                    if (heights?.settled !== undefined) {
                        rows.push({
                            kind: 'notice',
                            ...under(view, row, '~heights'),
                            reason: 'info',
                            message: l10n.t(
                                'Executed through #{0}, settled through #{1}',
                                heights.executed,
                                heights.settled,
                            ),
                            remedy: l10n.t(
                                'This chain executes blocks after accepting them ({0}): a block is final once settled, not when later blocks follow it.',
                                'ACP-194',
                            ),
                        });
                    }
                }
                const heights = this.evmHeights.get(row.id);
                for (const s of settled) {
                    if (s.status !== 'fulfilled' || s.value === null) continue;
                    rows.push({
                        kind: 'evmBlock',
                        ...under(view, row, 'block', s.value.number),
                        chain,
                        block: s.value,
                        heights,
                    });
                }
                const lowest = numbers[numbers.length - 1] ?? 0;
                return { rows, next: lowest > 0 ? String(lowest - 1) : undefined };
            },
        };
    }

    /**
     * A primary-network chain of a network only the node knows: the P- and X-Chain's blocks from
     * their own APIs, and the C-Chain as the EVM chain it is.
     */
    private async localPrimaryChain(parent: Row, chain: PrimaryChain): Promise<Children> {
        if (chain === 'c-chain') {
            const chains = await this.services.supportedChains('local');
            const cChain = chains.find((c) => c.subnetId === pChainId);
            if (!cChain) throw new Error('The node does not serve the C-Chain.');
            return staticRows(this.evmChainRows(parent, cChain));
        }
        return {
            type: 'paged',
            empty: l10n.t('No blocks yet.'),
            fetch: async (from, signal): Promise<RowPage> => {
                const page = await this.services.clients
                    .nodeNetwork()
                    .blocks(chain, from, blocksPageSize, signal);
                return {
                    rows: page.blocks.map((block) => ({
                        kind: 'primaryBlock' as const,
                        ...under(view, parent, 'block', block.blockNumber),
                        chain,
                        block,
                    })),
                    next: page.next,
                };
            },
        };
    }

    private evmBlockTransactions(parent: Row, chain: ChainInfo, block: RpcBlock): Children {
        if (this.services.isLocal) {
            return {
                type: 'paged',
                empty: l10n.t('No transactions in this block.'),
                fetch: async (_token, signal): Promise<RowPage> => {
                    const txs = await this.services.clients
                        .nodeNetwork()
                        .evmBlockTransactions(chain, block.number, signal);
                    return {
                        rows: txs.map((tx) => ({
                            kind: 'evmTx' as const,
                            ...under(view, parent, 'tx', tx.txHash),
                            chain,
                            tx,
                        })),
                    };
                },
            };
        }
        return {
            type: 'paged',
            empty: l10n.t('The Data API lists no transactions for this block.'),
            fetch: async (pageToken, signal): Promise<RowPage> => {
                const api = await this.services.clients.dataApi();
                const page = await api.getTransactionsForBlock(
                    {
                        chainId: chain.chainId,
                        blockId: block.number,
                        pageSize: txPageSize,
                        pageToken,
                    },
                    { signal },
                );
                return {
                    rows: page.items.map((tx) => ({
                        kind: 'evmTx' as const,
                        ...under(view, parent, 'tx', tx.txHash),
                        chain,
                        tx,
                    })),
                    next: page.nextPageToken,
                };
            },
        };
    }
}

function staticRows(rows: readonly Row[]): Children {
    return { type: 'static', rows };
}
