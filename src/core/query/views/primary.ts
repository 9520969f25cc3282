/**
 * Views of the primary-network endpoints: UTXOs (`getUtxosByAddressesV2`), X-Chain asset
 * transactions (`listAssetTransactions`) and vertices (`getVertexByHeight`), latest blocks
 * (`listLatestPrimaryNetworkBlocks`), subnets and L1s (`listSubnets`, `getSubnetById`),
 * blockchains (`getBlockchainById`), L1 validators (`listL1Validators`), one P-, X- or C-Chain
 * transaction (`getTxByHash`). The aggregated signatures of a Warp message have their own view
 * (`warp.ts`).
 */
import {
    type AssetAmount,
    type Blockchain,
    isPChainTransaction,
    isXChainTransaction,
    type ListL1ValidatorsResult,
    ListUtxosResult,
    type L1Validator,
    type PrimaryNetworkBlock,
    type PrimaryNetworkTransaction,
    type PrimaryNetworkUtxo,
    type Subnet,
    type XChainTransaction,
    type XChainVertex,
} from '../../dataApi/model';
import { nAvaxDecimals, shortenId } from '../../format';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import {
    amount,
    assetLink,
    badge,
    bool,
    cleanText,
    empty,
    evmAddressLink,
    evmChainConfigLink,
    fields,
    id,
    list,
    nodeIdLink,
    num,
    pnAddressLink,
    pnTxLink,
    primaryChainLink,
    subnetLink,
    text,
    time,
    validationLink,
    vertexHeightLink,
} from '../cells';
import { col, param, queryNetwork, type ResultBuilder } from './types';

function chainAlias(blockchainId: string, chainName?: string): string {
    if (chainName === 'x-chain' || chainName === 'c-chain' || chainName === 'p-chain')
        return chainName;
    return ['x-chain', 'c-chain', 'p-chain'].includes(blockchainId) ? blockchainId : 'p-chain';
}

function assetAmount(a: AssetAmount | undefined): Cell {
    if (!a) return empty;
    return amount(a.amount, a.denomination, a.symbol || undefined);
}

function assetAmounts(amounts: readonly AssetAmount[] | undefined): Cell {
    return list((amounts ?? []).map((a) => assetAmount(a)));
}

/** `getUtxosByAddressesV2` */
export const utxosView: ResultBuilder = {
    columns: [
        col('utxo', 'UTXO'),
        col('amount', 'Amount', 'end'),
        col('asset', 'Asset'),
        col('addresses', 'Addresses'),
        col('type', 'Type'),
        col('created', 'Created'),
        col('tx', 'Transaction'),
        col('spentIn', 'Spent in'),
        col('staked', 'Staked'),
    ],
    row(item, request, context) {
        const u = item as PrimaryNetworkUtxo;
        const net = queryNetwork(request, context);
        const chain = chainAlias(param(request, 'blockchainId'));
        const isP = 'txHash' in u;
        return [
            id(u.utxoId),
            assetAmount(u.asset),
            assetLink(net, u.asset?.assetId, u.asset?.symbol),
            list(u.addresses.map((a) => pnAddressLink(net, a, chain))),
            text(u.utxoType),
            time(isP ? u.blockTimestamp : u.timestamp),
            // A UTXO does not say which kind of transaction made or spent it.
            pnTxLink(net, isP ? u.txHash : u.creationTxHash, undefined),
            u.consumingTxHash
                ? pnTxLink(net, u.consumingTxHash, undefined)
                : badge('unspent', 'ok'),
            isP ? bool(u.staked) : empty,
        ];
    },
    header(result, request, context) {
        const net = queryNetwork(request, context);
        const r = result as ListUtxosResult;
        const addresses = request.source === 'dataApi' ? request.params['addresses'] : undefined;
        const addressList: readonly string[] = Array.isArray(addresses)
            ? (addresses as readonly string[])
            : typeof addresses === 'string'
              ? addresses.split(',').map((a) => a.trim())
              : [];
        const chain = chainAlias(param(request, 'blockchainId'), r.chainInfo?.chainName);
        return {
            title: `UTXOs of ${addressList.length === 1 ? shortenId(addressList[0]!, 12, 6) : `${addressList.length} addresses`}`,
            subtitle: `${cleanText(r.chainInfo?.chainName ?? param(request, 'blockchainId'))} · ${net}`,
            fields: fields(
                ['Chain', primaryChainLink(net, param(request, 'blockchainId'))],
                ['Addresses', list(addressList.map((a) => pnAddressLink(net, a, chain)))],
            ),
            sections: [],
            mainTitle: 'UTXOs',
            empty: 'No UTXOs.',
        };
    },
};

/** `listAssetTransactions` */
export const assetTransactionsView: ResultBuilder = {
    columns: [
        col('tx', 'Transaction'),
        col('time', 'Time'),
        col('type', 'Type'),
        col('unlocked', 'Unlocked'),
        col('created', 'Created'),
        col('utxos', 'UTXOs in/out', 'end'),
        col('placement', 'Block / vertex'),
        col('memo', 'Memo'),
    ],
    row(item, request, context) {
        const t = item as XChainTransaction;
        const net = queryNetwork(request, context);
        const placement =
            'blockHeight' in t
                ? num(t.blockHeight)
                : list(
                      ('vertices' in t ? t.vertices : []).map((v) =>
                          vertexHeightLink(net, v.height),
                      ),
                  );
        return [
            pnTxLink(net, t.txHash, t.txType),
            time(t.timestamp),
            text(t.txType),
            assetAmounts(t.amountUnlocked),
            assetAmounts(t.amountCreated),
            text(`${t.consumedUtxos?.length ?? 0} / ${t.emittedUtxos?.length ?? 0}`),
            placement,
            text(t.memo),
        ];
    },
    header(result, request, context) {
        const net = queryNetwork(request, context);
        const assetId = param(request, 'assetId');
        const first = (result as { items?: XChainTransaction[] }).items?.[0];
        const created = first?.assetCreated;
        return {
            title: `Asset ${created?.symbol ? cleanText(created.symbol).slice(0, 24) : shortenId(assetId, 10, 8)}`,
            subtitle: `X-Chain · ${net} · asset transactions`,
            fields: fields(
                ['Asset id', assetLink(net, assetId)],
                ['Name', text(created?.name)],
                ['Denomination', num(created?.denomination)],
                ['Cap', text(created?.cap)],
                [
                    'Transaction types',
                    request.source === 'dataApi' && Array.isArray(request.params['txTypes'])
                        ? text((request.params['txTypes'] as string[]).join(', '))
                        : text('all'),
                ],
            ),
            sections: [],
            mainTitle: 'Transactions',
            empty: 'No transactions of this asset.',
        };
    },
};

/** `getVertexByHeight` */
export const verticesView: ResultBuilder = {
    columns: [
        col('hash', 'Vertex'),
        col('height', 'Height', 'end'),
        col('index', 'Index', 'end'),
        col('time', 'Time'),
        col('txs', 'Transactions', 'end'),
        col('size', 'Size (bytes)', 'end'),
        col('parents', 'Parents'),
    ],
    row(item) {
        const v = item as XChainVertex;
        return [
            id(v.vertexHash),
            num(v.vertexHeight),
            num(v.vertexIndex),
            time(v.vertexTimestamp),
            num(v.txCount),
            num(v.vertexSizeBytes),
            list(v.parentHashes.map((h) => id(h))),
        ];
    },
    header(_result, request, context) {
        const net = queryNetwork(request, context);
        const height = request.source === 'dataApi' ? request.params['vertexHeight'] : undefined;
        const h = typeof height === 'number' ? height : 0;
        return {
            title: `X-Chain vertices at height ${h}`,
            subtitle: `X-Chain · ${net}`,
            fields: fields(
                ['Height', num(h)],
                ['Previous height', h > 0 ? vertexHeightLink(net, h - 1) : empty],
                ['Next height', vertexHeightLink(net, h + 1)],
            ),
            sections: [],
            mainTitle: 'Vertices',
            empty: 'No vertices at this height.',
        };
    },
};

/** `listLatestPrimaryNetworkBlocks` */
export const primaryBlocksView: ResultBuilder = {
    columns: [
        col('number', 'Number', 'end'),
        col('hash', 'Hash'),
        col('time', 'Time'),
        col('type', 'Type'),
        col('txs', 'Txs', 'end'),
        col('size', 'Size (bytes)', 'end'),
        col('proposer', 'Proposer'),
        col('l1', 'Active L1 validators', 'end'),
        col('fees', 'L1 fees accrued', 'end'),
    ],
    row(item, request, context) {
        const b = item as PrimaryNetworkBlock;
        const net = queryNetwork(request, context);
        return [
            num(b.blockNumber),
            id(b.blockHash),
            time(b.blockTimestamp),
            text(b.blockType),
            num(b.txCount),
            num(b.blockSizeBytes),
            b.proposerDetails?.proposerNodeId
                ? nodeIdLink(net, b.proposerDetails.proposerNodeId)
                : empty,
            num(b.activeL1Validators),
            b.l1ValidatorsAccruedFees === undefined
                ? empty
                : amount(b.l1ValidatorsAccruedFees, nAvaxDecimals, 'AVAX'),
        ];
    },
    header(result, request, context) {
        const net = queryNetwork(request, context);
        const info = (result as { chainInfo?: { chainName?: string } }).chainInfo;
        const blockchainId = param(request, 'blockchainId');
        const first = (result as { items?: PrimaryNetworkBlock[] }).items?.[0];
        return {
            title: `Latest blocks of ${cleanText(info?.chainName ?? blockchainId)}`,
            subtitle: `${net} · primary network`,
            fields: fields(
                ['Chain', primaryChainLink(net, blockchainId)],
                [
                    'Current supply',
                    first?.currentSupply
                        ? amount(first.currentSupply, nAvaxDecimals, 'AVAX')
                        : empty,
                ],
            ),
            sections: [],
            mainTitle: 'Blocks',
            empty: 'No blocks in this time range.',
        };
    },
};

function blockchainCell(b: Subnet['blockchains'][number]): Cell {
    const name = cleanText(b.blockchainName);
    const link =
        b.evmChainId !== undefined ? evmChainConfigLink(b.blockchainId) : id(b.blockchainId);
    if (link.k !== 'id') return link;
    return {
        ...link,
        text: name
            ? `${name.slice(0, 40)}${b.evmChainId !== undefined ? ` (${b.evmChainId})` : ''}`
            : link.text,
    };
}

/** `listSubnets` */
export const subnetsView: ResultBuilder = {
    columns: [
        col('subnet', 'Subnet'),
        col('l1', 'Kind'),
        col('created', 'Created'),
        col('blockchains', 'Blockchains'),
        col('owners', 'Owners'),
        col('manager', 'Validator manager'),
        col('conversion', 'Conversion tx'),
    ],
    row(item, request, context) {
        const s = item as Subnet;
        const net = queryNetwork(request, context);
        const manager = s.l1ValidatorManagerDetails;
        const owners = s.subnetOwnershipInfo ?? {
            threshold: s.threshold,
            addresses: s.ownerAddresses,
        };
        return [
            subnetLink(net, s.subnetId),
            s.isL1 ? badge('L1', 'ok') : badge('subnet', 'info'),
            time(s.createBlockTimestamp),
            list((s.blockchains ?? []).map(blockchainCell)),
            text(`${owners.threshold ?? '?'} of ${owners.addresses?.length ?? 0}`),
            manager ? evmAddressLink(manager.blockchainId, manager.contractAddress) : empty,
            s.l1ConversionTransactionHash
                ? pnTxLink(net, s.l1ConversionTransactionHash, 'ConvertSubnetToL1Tx')
                : empty,
        ];
    },
    header(_result, request, context) {
        const net = queryNetwork(request, context);
        return {
            title: `Subnets and L1s of ${net}`,
            subtitle: 'P-Chain',
            fields: [],
            sections: [],
            mainTitle: 'Subnets',
            empty: 'No subnets.',
        };
    },
};

/** `listL1Validators` */
export const l1ValidatorsView: ResultBuilder = {
    columns: [
        col('validation', 'Validation id'),
        col('node', 'Node'),
        col('subnet', 'Subnet'),
        col('weight', 'Weight', 'end'),
        col('balance', 'Remaining balance', 'end'),
        col('created', 'Created'),
        col('owner', 'Balance owner'),
    ],
    row(item, request, context) {
        const v = item as L1Validator;
        const net = queryNetwork(request, context);
        return [
            validationLink(net, v.validationId),
            nodeIdLink(net, v.nodeId),
            subnetLink(net, v.subnetId),
            num(v.weight),
            amount(v.remainingBalance, nAvaxDecimals, 'AVAX'),
            time(v.creationTimestamp),
            list((v.remainingBalanceOwner?.addresses ?? []).map((a) => pnAddressLink(net, a))),
        ];
    },
    header(result, request, context) {
        const net = queryNetwork(request, context);
        const r = result as ListL1ValidatorsResult;
        return {
            title: param(request, 'subnetId')
                ? `L1 validators of ${shortenId(param(request, 'subnetId'), 10, 8)}`
                : `L1 validators of ${net}`,
            subtitle: 'P-Chain',
            fields: fields(
                ['P-Chain height', num(r.blockHeight)],
                [
                    'Subnet',
                    param(request, 'subnetId')
                        ? subnetLink(net, param(request, 'subnetId'))
                        : empty,
                ],
                [
                    'Node',
                    param(request, 'nodeId') ? nodeIdLink(net, param(request, 'nodeId')) : empty,
                ],
                [
                    'Validation id',
                    param(request, 'l1ValidationId')
                        ? validationLink(net, param(request, 'l1ValidationId'))
                        : empty,
                ],
            ),
            sections: [],
            mainTitle: 'Validators',
            empty: 'No L1 validators match.',
        };
    },
};

/** `getSubnetById` */
export const subnetView: ResultBuilder = {
    header(result, request, context) {
        const s = result as Subnet;
        const net = queryNetwork(request, context);
        const manager = s.l1ValidatorManagerDetails;
        const owners = s.subnetOwnershipInfo;
        return {
            title: `${s.isL1 ? 'L1' : 'Subnet'} ${shortenId(cleanText(s.subnetId), 10, 8)}`,
            subtitle: `P-Chain · ${net}`,
            fields: fields(
                ['Subnet id', subnetLink(net, s.subnetId)],
                ['Kind', s.isL1 ? badge('L1', 'ok') : badge('subnet', 'info')],
                ['Created', time(s.createBlockTimestamp)],
                ['Owners', list((owners?.addresses ?? []).map((a) => pnAddressLink(net, a)))],
                ['Threshold', num(owners?.threshold)],
                [
                    'Validator manager',
                    manager ? evmAddressLink(manager.blockchainId, manager.contractAddress) : empty,
                ],
                [
                    'Conversion tx',
                    s.l1ConversionTransactionHash
                        ? pnTxLink(net, s.l1ConversionTransactionHash, 'ConvertSubnetToL1Tx')
                        : empty,
                ],
            ),
            sections: [
                {
                    title: 'Blockchains',
                    table: {
                        columns: [
                            col('chain', 'Blockchain'),
                            col('vm', 'VM'),
                            col('created', 'Created'),
                        ],
                        rows: (s.blockchains ?? []).map((b) => [
                            blockchainCell(b),
                            id(b.vmId),
                            time(b.createBlockTimestamp),
                        ]),
                        empty: 'No blockchains.',
                    },
                },
            ],
        };
    },
};

/** `getBlockchainById` */
export const blockchainView: ResultBuilder = {
    header(result, request, context) {
        const b = result as Blockchain;
        const net = queryNetwork(request, context);
        return {
            title: `Blockchain ${cleanText(b.blockchainName).slice(0, 40) || shortenId(cleanText(b.blockchainId), 10, 8)}`,
            subtitle: `P-Chain · ${net}`,
            fields: fields(
                ['Blockchain id', blockchainCell(b)],
                ['Subnet', subnetLink(net, b.subnetId)],
                ['VM', id(b.vmId)],
                ['EVM chain id', num(b.evmChainId)],
                ['Created', time(b.createBlockTimestamp)],
                ['Created in block', num(b.createBlockNumber)],
            ),
            sections: [],
        };
    },
};

function utxoTable(
    net: string,
    utxos: readonly PrimaryNetworkUtxo[] | undefined,
    empty: string,
): Section['table'] {
    return {
        columns: [
            col('utxo', 'UTXO'),
            col('amount', 'Amount', 'end'),
            col('addresses', 'Addresses'),
        ],
        rows: (utxos ?? []).map((u) => [
            id(u.utxoId),
            assetAmount(u.asset),
            list(u.addresses.map((a) => pnAddressLink(net, a))),
        ]),
        empty,
    };
}

/** `getTxByHash`: one P-Chain, X-Chain or C-Chain (atomic) transaction. */
export const primaryTransactionView: ResultBuilder = {
    header(result, request, context) {
        const tx = result as PrimaryNetworkTransaction;
        const net = queryNetwork(request, context);
        const chain = isPChainTransaction(tx) ? 'P' : isXChainTransaction(tx) ? 'X' : 'C';
        const common: [string, Cell][] = [
            ['Transaction', pnTxLink(net, tx.txHash, tx.txType)],
            ['Type', text(tx.txType)],
        ];
        const sections: Section[] = [];
        let details: [string, Cell][];
        if (isPChainTransaction(tx)) {
            details = [
                ['Block', num(tx.blockNumber)],
                ['Block hash', id(tx.blockHash)],
                ['Time', time(tx.blockTimestamp)],
                ['Value', assetAmounts(tx.value)],
                ['Burned', assetAmounts(tx.amountBurned)],
                ['Staked', assetAmounts(tx.amountStaked)],
                ['L1 validator balances', assetAmounts(tx.amountL1ValidatorBalanceBurned)],
                ['Node', tx.nodeId ? nodeIdLink(net, tx.nodeId) : empty],
                ['Subnet', tx.subnetId ? subnetLink(net, tx.subnetId) : empty],
                ['Blockchain created', text(tx.blockchainInfo?.chainName)],
                ['Start', time(tx.startTimestamp)],
                ['End', time(tx.endTimestamp)],
                ['Source chain', tx.sourceChain ? primaryChainLink(net, tx.sourceChain) : empty],
                [
                    'Destination chain',
                    tx.destinationChain ? primaryChainLink(net, tx.destinationChain) : empty,
                ],
                ['Memo', text(tx.memo)],
            ];
            if (tx.l1ValidatorDetails?.length) {
                sections.push({
                    title: 'L1 validators',
                    table: {
                        columns: [
                            col('validation', 'Validation id'),
                            col('node', 'Node'),
                            col('weight', 'Weight', 'end'),
                            col('balance', 'Remaining balance', 'end'),
                        ],
                        rows: tx.l1ValidatorDetails.map((v) => [
                            validationLink(net, v.validationId),
                            nodeIdLink(net, v.nodeId),
                            num(v.weight),
                            amount(v.remainingBalance, nAvaxDecimals, 'AVAX'),
                        ]),
                    },
                });
            }
            sections.push(
                { title: 'Consumed UTXOs', table: utxoTable(net, tx.consumedUtxos, 'None.') },
                { title: 'Emitted UTXOs', table: utxoTable(net, tx.emittedUtxos, 'None.') },
            );
        } else {
            details = [
                [
                    'Block / vertex',
                    'blockHeight' in tx
                        ? num(tx.blockHeight)
                        : list(
                              ('vertices' in tx ? tx.vertices : []).map((v) =>
                                  vertexHeightLink(net, v.height),
                              ),
                          ),
                ],
                ['Time', time(tx.timestamp)],
                ['Unlocked', assetAmounts(tx.amountUnlocked)],
                ['Created', assetAmounts(tx.amountCreated)],
                ['Source chain', tx.sourceChain ? primaryChainLink(net, tx.sourceChain) : empty],
                [
                    'Destination chain',
                    tx.destinationChain ? primaryChainLink(net, tx.destinationChain) : empty,
                ],
                ['Memo', text(tx.memo)],
            ];
            if ('consumedUtxos' in tx) {
                sections.push({
                    title: 'Consumed UTXOs',
                    table: utxoTable(net, tx.consumedUtxos, 'None.'),
                });
            }
            if ('emittedUtxos' in tx) {
                sections.push({
                    title: 'Emitted UTXOs',
                    table: utxoTable(net, tx.emittedUtxos, 'None.'),
                });
            }
        }
        const overview: Field[] = fields(...common, ...details);
        return {
            title: `${chain}-Chain transaction ${shortenId(cleanText(tx.txHash), 10, 8)}`,
            subtitle: `${cleanText(tx.txType)} · ${net}`,
            fields: overview,
            sections,
        };
    },
};
