/**
 * Views of the primary network's subnets, L1s and blockchains, as the P-Chain registers them:
 * the subnets and L1s (`listSubnets`, `getSubnetById`), an L1's validators (`listL1Validators`)
 * and one blockchain (`getBlockchainById`). The primary network's UTXOs, blocks, vertices and
 * transactions are in `primary.ts`.
 */
import type { Blockchain, ListL1ValidatorsResult, L1Validator, Subnet } from '../../dataApi/model';
import { nAvaxDecimals, shortenId } from '../../format';
import type { Cell } from '../../../shared/viewModel';
import {
    amount,
    badge,
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
    subnetLink,
    text,
    time,
    validationLink,
} from '../cells';
import { col, param, queryNetwork, type ResultBuilder } from './types';

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
