/**
 * Views of the node's P- and X-Chain answers: subnets, blockchains, validators (current and L1),
 * transactions (ACP-236 auto-renewal fields by name), blocks and balances. Their ids link to the
 * P-Chain method that reads them on the same node: the Data API does not index local networks.
 */
import { describeAutoRenew, describeOwner, formatPeriod, formatShares } from '../../stakingText';
import type {
    AutoRenewedTxFields,
    L1ValidatorResult,
    PlatformBalance,
    PlatformBlockchains,
    PlatformOwner,
    PlatformValidator,
    PlatformValidators,
    PrimaryBlock,
    PrimaryTx,
    SubnetDetails,
    Subnets,
    XAllBalances,
} from '../../nodeRpc/primarySchemas';
import { isCb58Id } from '../../ids/cb58';
import type { NodeQuery } from '../../../shared/query';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import {
    amount,
    badge,
    bool,
    decimal,
    empty,
    fields,
    fullId,
    id,
    list,
    num,
    peerLink,
    text,
    time,
} from '../cells';
import { genericHeader } from './generic';
import { col, type NodeBuilder } from './types';

/** A link that asks the same node: P-Chain ids open the P-Chain method that reads them. */
function nodeLink(method: string, param: string, value: unknown, head = 10, tail = 8): Cell {
    if (typeof value !== 'string' || !isCb58Id(value)) return id(value, undefined, head, tail);
    const link: NodeQuery = { source: 'node', method, texts: { [param]: value } };
    return id(value, link, head, tail);
}

const avaxDecimals = 9;

function validatorRows(validators: readonly PlatformValidator[]): Cell[][] {
    return validators.map((v) => [
        badge(v.kind === 'l1' ? 'L1' : 'staker'),
        peerLink(v.nodeId),
        v.validationId
            ? nodeLink('platform.getL1Validator', 'validationID', v.validationId)
            : nodeLink('platform.getTx', 'txID', v.txId),
        num(v.weight),
        time(v.startTime),
        time(v.endTime),
        amount(v.balance, avaxDecimals, 'AVAX'),
        decimal(v.uptime, '%'),
        bool(v.connected),
        v.autoRenewed ? text(describeAutoRenew(v.autoRenewed)) : empty,
    ]);
}

const validatorColumns = [
    col('kind', 'Kind'),
    col('node', 'Node'),
    col('id', 'Validation or tx id'),
    col('weight', 'Weight', 'end'),
    col('start', 'Since'),
    col('end', 'Until'),
    col('balance', 'Balance', 'end'),
    col('uptime', 'Uptime', 'end'),
    col('connected', 'Connected'),
    col('autoRenew', 'Auto-renew'),
];

function txFields(tx: PrimaryTx): Field[] {
    return fields(
        ['Transaction', fullId(tx.txId)],
        ['Type', badge(tx.typeName)],
        ['Subnet', nodeLink('platform.getSubnet', 'subnetID', tx.subnetId)],
        ['Chain name', text(tx.chainName)],
        ['VM', id(tx.vmId)],
        [
            'Validator manager chain',
            nodeLink('platform.validatedBy', 'blockchainID', tx.managerChainId),
        ],
        ['Validator manager address', id(tx.managerAddress)],
        [
            tx.typeName === 'SetAutoRenewedValidatorConfigTx'
                ? 'Changes the validator added by'
                : 'Rewards the validator added by',
            nodeLink('platform.getTx', 'txID', tx.stakerTxId),
        ],
        ...autoRenewedTxFields(tx.autoRenewed),
        ['Memo', id(tx.memo, undefined, 18, 8)],
    );
}

function ownerCell(owner: PlatformOwner | undefined): Cell {
    return owner === undefined ? empty : text(describeOwner(owner));
}

/** What an ACP-236 transaction sets, by name: never left to the raw body alone. */
function autoRenewedTxFields(a: AutoRenewedTxFields | undefined): [string, Cell][] {
    if (!a) return [];
    return [
        ['Node', a.nodeId ? peerLink(a.nodeId) : empty],
        ['BLS public key', id(a.publicKey, undefined, 18, 8)],
        ['Stake', amount(a.stakeAmount, avaxDecimals, 'AVAX')],
        [
            'Cycle length',
            a.periodSeconds === undefined ? empty : text(formatPeriod(a.periodSeconds)),
        ],
        [
            'Rewards restaked',
            a.autoCompoundRewardShares === undefined
                ? empty
                : text(formatShares(a.autoCompoundRewardShares)),
        ],
        [
            'Delegation fee',
            a.delegationShares === undefined ? empty : text(formatShares(a.delegationShares)),
        ],
        ['Validator authority', ownerCell(a.validatorAuthority)],
        ['Validation rewards owner', ownerCell(a.validationRewardsOwner)],
        ['Delegation rewards owner', ownerCell(a.delegationRewardsOwner)],
        ['Rewarded cycle ended', a.cycleEndTime === undefined ? empty : time(a.cycleEndTime)],
    ];
}

function txSections(tx: PrimaryTx): Section[] {
    const sections: Section[] = [
        {
            title: `Outputs (${tx.outputs.length})`,
            table: {
                columns: [
                    col('asset', 'Asset'),
                    col('amount', 'Amount', 'end'),
                    col('owners', 'Owners'),
                    col('locked', 'Stake-locked'),
                ],
                rows: tx.outputs.map((o) => [
                    id(o.assetId),
                    num(o.amount),
                    list(o.addresses.map((a) => id(a, undefined, 14, 6))),
                    bool(o.locked),
                ]),
                empty: 'No outputs.',
            },
        },
    ];
    if (tx.validators.length > 0) {
        sections.push({
            title: `Validators (${tx.validators.length})`,
            table: {
                columns: [
                    col('node', 'Node id (bytes)'),
                    col('weight', 'Weight', 'end'),
                    col('balance', 'Balance', 'end'),
                ],
                rows: tx.validators.map((v) => [
                    id(v.nodeId),
                    num(v.weight),
                    amount(v.balance, avaxDecimals, 'AVAX'),
                ]),
            },
        });
    }
    const body = genericHeader('', undefined, tx.body);
    sections.push({ title: 'Unsigned transaction', fields: body.fields }, ...body.sections);
    return sections;
}

function blockView(block: PrimaryBlock, txMethod: string) {
    return {
        fields: fields(
            ['Height', num(block.height)],
            ['Block', fullId(block.blockId)],
            ['Parent', id(block.parentId)],
            ['Time', time(block.time)],
            ['Transactions', num(block.txs.length)],
        ),
        sections: [
            {
                title: 'Transactions',
                table: {
                    columns: [
                        col('tx', 'Transaction'),
                        col('type', 'Type'),
                        col('subnet', 'Subnet'),
                        col('outputs', 'Outputs', 'end'),
                    ],
                    rows: block.txs.map((tx) => [
                        nodeLink(txMethod, 'txID', tx.txId),
                        badge(tx.typeName),
                        nodeLink('platform.getSubnet', 'subnetID', tx.subnetId),
                        num(tx.outputs.length),
                    ]),
                    empty: 'No transactions.',
                },
            },
        ],
    };
}

function amountsTable(title: string, record: Record<string, string>): Section {
    return {
        title,
        table: {
            columns: [col('asset', 'Asset'), col('amount', 'Amount (smallest unit)', 'end')],
            rows: Object.entries(record).map(([asset, value]) => [id(asset), num(value)]),
            empty: 'None.',
        },
    };
}

/** The builders of the P- and X-Chain methods, by method. */
export const primaryNodeBuilders: Readonly<Record<string, NodeBuilder>> = {
    'platform.getCurrentValidators': (result) => {
        const r = result as PlatformValidators;
        return {
            fields: fields(['Validators', num(r.validators.length)]),
            sections: [
                {
                    title: 'Validators',
                    table: {
                        columns: validatorColumns,
                        rows: validatorRows(r.validators),
                        empty: 'No current validators.',
                    },
                },
            ],
        };
    },
    'platform.getL1Validator': (result) => {
        const r = result as L1ValidatorResult;
        const v = r.validator;
        return {
            fields: fields(
                ['Validation id', fullId(v.validationId)],
                ['Subnet', nodeLink('platform.getSubnet', 'subnetID', r.subnetId)],
                ['Node', peerLink(v.nodeId)],
                ['Weight', num(v.weight)],
                ['Since', time(v.startTime)],
                ['Balance', amount(v.balance, avaxDecimals, 'AVAX')],
                ['Min nonce', num(v.minNonce)],
                ['BLS public key', id(v.publicKey, undefined, 18, 8)],
                ['Read at P-Chain height', num(r.height)],
            ),
            sections: [],
        };
    },
    'platform.getSubnets': (result) => {
        const r = result as Subnets;
        return {
            fields: fields(['Subnets', num(r.subnets.length)]),
            sections: [
                {
                    title: 'Subnets',
                    table: {
                        columns: [
                            col('subnet', 'Subnet'),
                            col('keys', 'Control keys'),
                            col('threshold', 'Threshold', 'end'),
                        ],
                        rows: r.subnets.map((x) => [
                            nodeLink('platform.getSubnet', 'subnetID', x.subnetId),
                            list(x.controlKeys.map((k) => id(k, undefined, 14, 6))),
                            num(x.threshold),
                        ]),
                        empty: 'No subnets.',
                    },
                },
            ],
        };
    },
    'platform.getSubnet': (result, request) => {
        const r = result as SubnetDetails;
        const subnetId = request.texts?.['subnetID'];
        return {
            fields: fields(
                ['Kind', badge(r.isL1 ? 'L1' : r.isPermissioned ? 'permissioned' : 'elastic')],
                ['Blockchains', nodeLink('platform.validates', 'subnetID', subnetId)],
                ['Control keys', list(r.controlKeys.map((k) => id(k, undefined, 14, 6)))],
                ['Threshold', num(r.threshold)],
                ['Locktime', num(r.locktime)],
                [
                    'Transformation tx',
                    nodeLink('platform.getTx', 'txID', r.subnetTransformationTxId),
                ],
                ['Conversion id', id(r.conversionId)],
                [
                    'Validator manager chain',
                    nodeLink('platform.validatedBy', 'blockchainID', r.managerChainId),
                ],
                ['Validator manager address', id(r.managerAddress)],
                [
                    'Validators',
                    r.isL1
                        ? nodeLink('platform.getCurrentValidators', 'subnetID', subnetId)
                        : empty,
                ],
            ),
            sections: [],
        };
    },
    'platform.getBlockchains': (result) => {
        const r = result as PlatformBlockchains;
        return {
            fields: fields(['Blockchains', num(r.blockchains.length)]),
            sections: [
                {
                    title: 'Blockchains',
                    table: {
                        columns: [
                            col('name', 'Name'),
                            col('chain', 'Blockchain'),
                            col('subnet', 'Subnet'),
                            col('vm', 'VM'),
                        ],
                        rows: r.blockchains.map((b) => [
                            text(b.name),
                            nodeLink('platform.getTx', 'txID', b.blockchainId),
                            nodeLink('platform.getSubnet', 'subnetID', b.subnetId),
                            id(b.vmId),
                        ]),
                        empty: 'No blockchains.',
                    },
                },
            ],
        };
    },
    'platform.getTx': (result) => {
        const tx = result as PrimaryTx;
        return { fields: txFields(tx), sections: txSections(tx) };
    },
    'avm.getTx': (result) => {
        const tx = result as PrimaryTx;
        return { fields: txFields(tx), sections: txSections(tx) };
    },
    'platform.getBlockByHeight': (result) => blockView(result as PrimaryBlock, 'platform.getTx'),
    'avm.getBlockByHeight': (result) => blockView(result as PrimaryBlock, 'avm.getTx'),
    'platform.getBalance': (result) => {
        const r = result as PlatformBalance;
        return {
            fields: fields(
                ['Balance', amount(r.balance, avaxDecimals, 'AVAX')],
                ['Unlocked', amount(r.unlocked, avaxDecimals, 'AVAX')],
                ['Locked, stakeable', amount(r.lockedStakeable, avaxDecimals, 'AVAX')],
                ['Locked, not stakeable', amount(r.lockedNotStakeable, avaxDecimals, 'AVAX')],
                ['UTXOs', num(r.utxoIds.length)],
            ),
            sections: [
                amountsTable('Balances by asset', r.balances),
                amountsTable('Unlocked by asset', r.unlockeds),
            ],
        };
    },
    'avm.getAllBalances': (result) => {
        const r = result as XAllBalances;
        return {
            fields: [],
            sections: [
                {
                    title: `Assets (${r.balances.length})`,
                    table: {
                        columns: [
                            col('asset', 'Asset'),
                            col('balance', 'Balance (smallest unit)', 'end'),
                        ],
                        rows: r.balances.map((b) => [
                            b.asset === 'AVAX' ? text('AVAX') : id(b.asset),
                            num(b.balance),
                        ]),
                        empty: 'No assets.',
                    },
                },
            ],
        };
    },
};
