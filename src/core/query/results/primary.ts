/**
 * Views of the primary-network endpoints: UTXOs (`getUtxosByAddressesV2`), X-Chain asset
 * transactions (`listAssetTransactions`) and vertices (`getVertexByHeight`), latest blocks
 * (`listLatestPrimaryNetworkBlocks`), subnets and L1s (`listSubnets`, `getSubnetById`),
 * blockchains (`getBlockchainById`), L1 validators (`listL1Validators`). One P-, X- or C-Chain
 * transaction (`getTxByHash`) has its view in `primaryTransaction.ts`, which shows its UTXOs with
 * the columns of this file's UTXO table; the aggregated signatures of a Warp message have theirs
 * in `warp.ts`.
 */
import {
    type AssetAmount,
    type Blockchain,
    isPChainUtxo,
    type ListL1ValidatorsResult,
    ListUtxosResult,
    type L1Validator,
    type PrimaryNetworkBlock,
    type PrimaryNetworkUtxo,
    type Subnet,
    type XChainTransaction,
    type XChainVertex,
} from '../../dataApi/model';
import { nAvaxDecimals, shortenId } from '../../format';
import type { Cell } from '../../../shared/viewModel';
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
    primaryTxLink,
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

/** An amount of an asset, in its denomination and with its symbol. */
export function assetAmount(a: AssetAmount | undefined): Cell {
    if (!a) return empty;
    return amount(a.amount, a.denomination, a.symbol || undefined);
}

/** Amounts of several assets, one line each. */
export function assetAmounts(amounts: readonly AssetAmount[] | undefined): Cell {
    return list((amounts ?? []).map((a) => assetAmount(a)));
}

/**
 * Every field of a UTXO, in both shapes (P-Chain, and X- or C-Chain): the UTXO panel's table and
 * the UTXO tables of a transaction share these columns, so each field of the interface
 * documents shows somewhere besides the raw JSON.
 */
export const utxoColumns = [
    col('utxo', 'UTXO'),
    col('output', 'Output', 'end'),
    col('amount', 'Amount', 'end'),
    col('asset', 'Asset'),
    col('addresses', 'Addresses'),
    col('threshold', 'Threshold', 'end'),
    col('type', 'Type'),
    col('created', 'Created'),
    col('block', 'Block', 'end'),
    col('tx', 'Transaction'),
    col('chains', 'Created on · consumed on'),
    col('spentIn', 'Spent in'),
    col('spentAt', 'Spent at'),
    col('locktime', 'Locktime'),
    col('stakeable', 'Stakeable until'),
    col('staked', 'Staked'),
    col('staking', 'Staking window'),
    col('reward', 'Reward type'),
    col('credentials', 'Credentials'),
    col('group', 'Group', 'end'),
    col('payload', 'Payload'),
    col('bytes', 'UTXO bytes'),
];

/** A locktime in Unix seconds: 0 (or none) means the output is not locked. */
function locktime(seconds: number | undefined): Cell {
    if (seconds === undefined) return empty;
    return seconds === 0 ? text('none') : time(seconds);
}

/** The cells of one UTXO under `utxoColumns`; `chain` is the alias its addresses link on. */
export function utxoCells(u: PrimaryNetworkUtxo, net: string, chain: string): Cell[] {
    const isP = isPChainUtxo(u);
    return [
        id(u.utxoId),
        num(u.outputIndex),
        assetAmount(u.asset),
        list([
            assetLink(net, u.asset?.assetId, u.asset?.symbol),
            text(u.asset?.name),
            text(u.asset?.type),
            num(u.asset?.denomination),
        ]),
        list(u.addresses.map((a) => pnAddressLink(net, a, chain))),
        num(u.threshold),
        text(u.utxoType),
        time(isP ? u.blockTimestamp : u.timestamp),
        isP ? num(u.blockNumber) : empty,
        // A UTXO does not say which kind of transaction made or spent it.
        pnTxLink(net, isP ? u.txHash : u.creationTxHash, undefined),
        list([
            primaryChainLink(net, u.createdOnChainId),
            primaryChainLink(net, u.consumedOnChainId),
        ]),
        u.consumingTxHash ? pnTxLink(net, u.consumingTxHash, undefined) : badge('unspent', 'ok'),
        isP
            ? list([num(u.consumingBlockNumber), time(u.consumingBlockTimestamp)])
            : time(u.consumingTxTimestamp),
        locktime(isP ? u.platformLocktime : u.locktime),
        isP ? locktime(u.stakeableLocktime) : empty,
        isP ? bool(u.staked) : empty,
        isP ? list([time(u.utxoStartTimestamp), time(u.utxoEndTimestamp)]) : empty,
        isP ? text(u.rewardType) : empty,
        isP
            ? empty
            : list((u.credentials ?? []).flatMap((c) => [id(c.publicKey), id(c.signature)])),
        isP ? empty : num(u.groupId),
        isP ? empty : id(u.payload),
        id(u.utxoBytes),
    ];
}

/** `getUtxosByAddressesV2` */
export const utxosView: ResultBuilder = {
    columns: utxoColumns,
    row(item, request, context) {
        const u = item as PrimaryNetworkUtxo;
        const net = queryNetwork(request, context);
        return utxoCells(u, net, chainAlias(param(request, 'blockchainId')));
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
        col('format', 'Format'),
        col('unlocked', 'Unlocked'),
        col('created', 'Created'),
        col('consumed', 'UTXOs consumed'),
        col('emitted', 'UTXOs emitted'),
        col('source', 'Source chain'),
        col('destination', 'Destination chain'),
        col('placement', 'Block / vertex'),
        col('memo', 'Memo'),
        col('asset', 'Asset created'),
    ],
    row(item, request, context) {
        const t = item as XChainTransaction;
        const net = queryNetwork(request, context);
        const placement =
            'blockHeight' in t
                ? list([num(t.blockHeight), id(t.blockHash)])
                : list(
                      ('vertices' in t ? t.vertices : []).flatMap((v) => [
                          vertexHeightLink(net, v.height),
                          id(v.hash),
                          time(v.timestamp),
                      ]),
                  );
        const utxos = (all: readonly PrimaryNetworkUtxo[] | undefined) =>
            list((all ?? []).map((u) => id(u.utxoId)));
        const created = t.assetCreated;
        return [
            // The transaction's panel has every field of its UTXOs.
            primaryTxLink(net, 'x-chain', t.txHash),
            time(t.timestamp),
            text(t.txType),
            text(t.chainFormat),
            assetAmounts(t.amountUnlocked),
            assetAmounts(t.amountCreated),
            utxos(t.consumedUtxos),
            utxos(t.emittedUtxos),
            t.sourceChain ? primaryChainLink(net, t.sourceChain) : empty,
            t.destinationChain ? primaryChainLink(net, t.destinationChain) : empty,
            placement,
            text(t.memo),
            created
                ? list([
                      assetLink(net, created.assetId, created.symbol),
                      text(created.name),
                      num(created.denomination),
                      text(created.type),
                      text(created.cap),
                      time(created.createdAtTimestamp),
                  ])
                : empty,
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
                ['Asset type', text(created?.type)],
                ['Cap', text(created?.cap)],
                ['Created', time(created?.createdAtTimestamp)],
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
