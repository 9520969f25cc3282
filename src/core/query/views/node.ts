/**
 * Views of node JSON-RPC results: peers, upgrades, ACP preferences, versions, chain config, fee
 * config, active rules, current validators, and the P-/X-Chain subnets, blockchains, validators,
 * transactions, blocks and balances have their own layout (their ids link to the P-Chain method
 * that reads them on the same node: the Data API does not index local networks); logger levels, aliases, VMs
 * and the standard eth_* answers a small one; everything else falls back to the generic view.
 */
import { nodeTransactionExtras } from './decoded';
import { describeAutoRenew, describeOwner, formatPeriod, formatShares } from '../../stakingText';
import type { HealthReport } from '../../nodeRpc/healthSchemas';
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
import type {
    Acps,
    ActivePrecompiles,
    ActiveRules,
    ChainAliases,
    CurrentValidators,
    EvmChainConfig,
    FeeConfig,
    FeeConfigResult,
    LoadVmsResult,
    LoggerLevels,
    NetworkUpgrades,
    NodeVersion,
    Peers,
    PrecompileConfig,
    RpcBlock,
    RpcFilterLog,
    RpcReceipt,
    RpcTransaction,
    SetLoggerLevelResult,
    Vms,
} from '../../nodeRpc/schemas';
import { weiDecimals } from '../../format';
import { isCb58Id } from '../../ids/cb58';
import { icmTopics } from '../../icm/events';
import type { IcmQuery, NodeQuery, QueryRequest } from '../../../shared/query';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import {
    amount,
    badge,
    bool,
    cleanText,
    decimal,
    empty,
    fields,
    fullId,
    id,
    isoTime,
    list,
    num,
    peerLink,
    subnetLink,
    text,
    traceLink,
    time,
    timeMs,
} from '../cells';
import { nodeQuery } from '../nodeQueries';
import { genericHeader, labelOf, valueCell } from './generic';
import { col, type ViewContext, type ViewHeader } from './types';

function nodeSubtitle(request: NodeQuery, context: ViewContext): string {
    const chain = request.chain ? ` · chain ${cleanText(request.chain)}` : '';
    return `${request.method} on ${context.nodeUrl ?? 'the selected node'}${chain}`;
}

function titleOf(request: NodeQuery): string {
    const entry = nodeQuery(request.method);
    return entry ? entry.title.replace(/^Node: /, '').replace(/ \([^)]*\)…?$/, '') : request.method;
}

function feeConfigFields(fee: FeeConfig): Field[] {
    return fields(
        ['Gas limit', num(fee.gasLimit)],
        ['Target block rate (s)', num(fee.targetBlockRate)],
        ['Min base fee', amount(fee.minBaseFee, 9, 'gwei')],
        ['Target gas', num(fee.targetGas)],
        ['Base fee change denominator', num(fee.baseFeeChangeDenominator)],
        ['Min block gas cost', num(fee.minBlockGasCost)],
        ['Max block gas cost', num(fee.maxBlockGasCost)],
        ['Block gas cost step', num(fee.blockGasCostStep)],
    );
}

function precompileTable(configs: readonly PrecompileConfig[]): Section['table'] {
    return {
        columns: [
            col('name', 'Precompile'),
            col('at', 'Activates'),
            col('disable', 'Disables'),
            col('admins', 'Admins'),
            col('managers', 'Managers'),
            col('enabled', 'Enabled'),
        ],
        rows: configs.map((c) => [
            text(c.name),
            c.blockTimestamp === undefined ? empty : time(c.blockTimestamp),
            bool(c.disable),
            list(c.adminAddresses.map((a) => id(a, undefined, 8, 6))),
            list(c.managerAddresses.map((a) => id(a, undefined, 8, 6))),
            list(c.enabledAddresses.map((a) => id(a, undefined, 8, 6))),
        ]),
        empty: 'None.',
    };
}

function ruleTable(rules: Record<string, boolean>): Section['table'] {
    return {
        columns: [col('rule', 'Rule'), col('active', 'Active')],
        rows: Object.entries(rules).map(([rule, on]) => [text(rule), bool(on)]),
        empty: 'None reported.',
    };
}

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

type NodeBuilder = (
    result: unknown,
    request: NodeQuery,
    context: ViewContext,
) => Omit<ViewHeader, 'title' | 'subtitle'> & { title?: string };

/** health.health, health.readiness and health.liveness: every check, failing ones first. */
function healthView(result: unknown): { fields: Field[]; sections: Section[] } {
    const r = result as HealthReport;
    const failing = r.checks.filter((c) => !c.healthy).length;
    return {
        fields: fields(
            ['Healthy', badge(r.healthy ? 'healthy' : 'unhealthy', r.healthy ? 'ok' : 'error')],
            ['Failing checks', num(failing)],
            ['Checks', num(r.checks.length + r.omitted)],
        ),
        sections: [
            {
                title: `Checks (${r.checks.length}${r.omitted > 0 ? `, ${r.omitted} more not shown` : ''})`,
                table: {
                    columns: [
                        col('name', 'Check'),
                        col('status', 'Status'),
                        col('error', 'Error'),
                        col('since', 'Failing since'),
                        col('failures', 'Failures in a row', 'end'),
                        col('message', 'Message'),
                        col('last', 'Last run'),
                        col('duration', 'Took (ms)', 'end'),
                    ],
                    rows: r.checks.map((c) => [
                        text(c.name),
                        badge(c.healthy ? 'passing' : 'failing', c.healthy ? 'ok' : 'error'),
                        c.error ? text(c.error) : empty,
                        timeMs(c.failingSinceMs),
                        num(c.contiguousFailures),
                        text(c.message),
                        timeMs(c.timestampMs),
                        decimal(Math.round(c.durationMs * 1000) / 1000),
                    ]),
                    empty: 'The node reports no check for this request.',
                },
            },
        ],
    };
}

const builders: Readonly<Record<string, NodeBuilder>> = {
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
    'health.health': healthView,
    'health.readiness': healthView,
    'health.liveness': healthView,
    'info.peers': (result, _request, context) => {
        const r = result as Peers;
        return {
            fields: fields(['Peers', num(r.numPeers)]),
            sections: [
                {
                    title: `Peers (${r.peers.length})`,
                    table: {
                        columns: [
                            col('node', 'Node'),
                            col('ip', 'IP'),
                            col('version', 'Version'),
                            col('uptime', 'Observed uptime', 'end'),
                            col('sent', 'Last sent'),
                            col('received', 'Last received'),
                            col('subnets', 'Tracked subnets'),
                            col('benched', 'Benched on'),
                            col('acps', 'Supports ACPs'),
                        ],
                        rows: r.peers.map((p) => [
                            peerLink(p.nodeId),
                            text(p.ip),
                            text(p.version),
                            decimal(p.observedUptime, '%'),
                            isoTime(p.lastSent),
                            isoTime(p.lastReceived),
                            list(p.trackedSubnets.map((s) => subnetLink(context.network, s))),
                            list(p.benched.map((b) => id(b))),
                            text(p.supportedAcps.join(', ')),
                        ]),
                        empty: 'No peers connected.',
                    },
                },
            ],
        };
    },
    'info.upgrades': (result, _request, context) => {
        const r = result as NetworkUpgrades;
        const now = context.nowMs ?? Date.now();
        const other = Object.entries(r.other).map(([k, v]) => ({
            label: labelOf(k),
            value: valueCell(v),
        }));
        return {
            fields: [
                ...fields(
                    ['Apricot Phase 4 min P-Chain height', num(r.apricotPhase4MinPChainHeight)],
                    ['Cortina X-Chain stop vertex', id(r.cortinaXChainStopVertexId)],
                    ['Granite epoch duration (ms)', num(r.graniteEpochDurationMs)],
                ),
                ...other,
            ],
            sections: [
                {
                    title: `Upgrades (${r.upgrades.length})`,
                    table: {
                        columns: [
                            col('name', 'Upgrade'),
                            col('time', 'Activation'),
                            col('state', 'State'),
                        ],
                        rows: r.upgrades.map((u) => [
                            text(u.name),
                            timeMs(u.timeMs, u.time),
                            u.timeMs <= now ? badge('active', 'ok') : badge('scheduled', 'warn'),
                        ]),
                    },
                },
            ],
        };
    },
    'info.acps': (result) => {
        const r = result as Acps;
        return {
            fields: [],
            sections: [
                {
                    title: `ACP preferences (${r.acps.length})`,
                    table: {
                        columns: [
                            col('acp', 'ACP', 'end'),
                            col('support', 'Support weight', 'end'),
                            col('supporters', 'Supporters', 'end'),
                            col('object', 'Objection weight', 'end'),
                            col('objectors', 'Objectors', 'end'),
                            col('abstain', 'Abstain weight', 'end'),
                        ],
                        rows: r.acps.map((a) => [
                            num(a.acp),
                            num(a.supportWeight),
                            num(a.supporters.length),
                            num(a.objectWeight),
                            num(a.objectors.length),
                            num(a.abstainWeight),
                        ]),
                        empty: 'No peer expressed a preference.',
                    },
                },
            ],
        };
    },
    'info.getNodeVersion': (result) => {
        const r = result as NodeVersion;
        return {
            fields: fields(
                ['Version', text(r.version)],
                ['Database', text(r.databaseVersion)],
                ['Git commit', id(r.gitCommit)],
                ['RPC protocol', num(r.rpcProtocolVersion)],
            ),
            sections: [
                {
                    title: 'VM versions',
                    table: {
                        columns: [col('vm', 'VM'), col('version', 'Version')],
                        rows: Object.entries(r.vmVersions).map(([vm, v]) => [text(vm), text(v)]),
                    },
                },
            ],
        };
    },
    eth_getChainConfig: (result) => {
        const r = result as EvmChainConfig;
        const sections: Section[] = [];
        if (r.feeConfig)
            sections.push({ title: 'Fee config', fields: feeConfigFields(r.feeConfig) });
        sections.push({
            title: `Forks (${r.forks.length})`,
            table: {
                columns: [col('fork', 'Fork'), col('at', 'Activates at')],
                rows: r.forks.map((f) => [
                    text(f.key),
                    f.kind === 'block' ? num(f.at) : time(f.at),
                ]),
            },
        });
        sections.push({
            title: `Precompiles in genesis (${r.precompiles.length})`,
            table: precompileTable(r.precompiles),
        });
        sections.push({
            title: `Precompile upgrades (${r.precompileUpgrades.length})`,
            table: precompileTable(r.precompileUpgrades),
        });
        return {
            fields: fields(
                ['Chain id', num(r.chainId)],
                ['Fee recipients allowed', bool(r.allowFeeRecipients)],
            ),
            sections,
        };
    },
    eth_feeConfig: (result) => {
        const r = result as FeeConfigResult;
        return {
            fields: fields([
                'Last changed at block',
                r.lastChangedAt === undefined ? text('never (genesis)') : num(r.lastChangedAt),
            ]),
            sections: [{ title: 'Fee config', fields: feeConfigFields(r.feeConfig) }],
        };
    },
    eth_getActiveRulesAt: (result) => {
        const r = result as ActiveRules;
        return {
            fields: [],
            sections: [
                { title: 'Ethereum rules', table: ruleTable(r.ethRules) },
                { title: 'Avalanche rules', table: ruleTable(r.networkRules) },
                {
                    title: `Active precompiles (${r.precompiles.length})`,
                    table: {
                        columns: [col('name', 'Precompile'), col('since', 'Active since')],
                        rows: r.precompiles.map((p) => [
                            text(p.name),
                            p.timestamp === undefined ? empty : time(p.timestamp),
                        ]),
                        empty: 'None.',
                    },
                },
            ],
        };
    },
    eth_getActivePrecompilesAt: (result) => {
        const r = result as ActivePrecompiles;
        return {
            fields: [],
            sections: [{ title: 'Active precompiles', table: precompileTable(r.precompiles) }],
        };
    },
    'validators.getCurrentValidators': (result, _request, context) => {
        const r = result as CurrentValidators;
        return {
            fields: fields(['Validators', num(r.validators.length)]),
            sections: [
                {
                    title: 'Validators',
                    table: {
                        columns: [
                            col('validation', 'Validation id'),
                            col('node', 'Node'),
                            col('weight', 'Weight', 'end'),
                            col('start', 'Since'),
                            col('active', 'Active'),
                            col('l1', 'L1'),
                            col('connected', 'Connected'),
                            col('uptime', 'Uptime', 'end'),
                            col('uptimeSeconds', 'Uptime (s)', 'end'),
                        ],
                        rows: r.validators.map((v) => [
                            id(v.validationId),
                            peerLink(v.nodeId),
                            num(v.weight),
                            v.startTimestamp === undefined ? empty : time(v.startTimestamp),
                            bool(v.isActive),
                            bool(v.isL1Validator),
                            bool(v.isConnected),
                            decimal(v.uptimePercentage, '%'),
                            num(v.uptimeSeconds),
                        ]),
                        empty: `No validators (network ${context.network}).`,
                    },
                },
            ],
        };
    },
    'admin.getLoggerLevel': (result) => loggerLevels((result as LoggerLevels).loggerLevels),
    'admin.setLoggerLevel': (result) =>
        loggerLevels((result as SetLoggerLevelResult).loggerLevels ?? []),
    'admin.getChainAliases': (result) => ({
        fields: fields(['Aliases', list((result as ChainAliases).aliases.map((a) => text(a)))]),
        sections: [],
    }),
    'admin.loadVMs': (result) => {
        const r = result as LoadVmsResult;
        return {
            fields: fields(['New VMs', num(r.newVms.length)], ['Failed', num(r.failedVms.length)]),
            sections: [
                {
                    title: 'Loaded VMs',
                    table: {
                        columns: [col('vm', 'VM id'), col('aliases', 'Aliases')],
                        rows: r.newVms.map((v) => [
                            id(v.vmId),
                            list(v.aliases.map((a) => text(a))),
                        ]),
                        empty: 'No new VM was found.',
                    },
                },
                {
                    title: 'VMs that failed to load',
                    table: {
                        columns: [col('vm', 'VM id'), col('error', 'Error')],
                        rows: r.failedVms.map((v) => [id(v.vmId), text(v.error)]),
                        empty: 'None.',
                    },
                },
            ],
        };
    },
    'info.getVMs': (result) => {
        const r = result as Vms;
        return {
            fields: [],
            sections: [
                {
                    title: `VMs (${r.vms.length})`,
                    table: {
                        columns: [col('vm', 'VM id'), col('aliases', 'Aliases')],
                        rows: r.vms.map((v) => [id(v.vmId), list(v.aliases.map((a) => text(a)))]),
                    },
                },
                {
                    title: `Feature extensions (${r.fxs.length})`,
                    table: {
                        columns: [col('fx', 'Fx id'), col('names', 'Names')],
                        rows: r.fxs.map((f) => [id(f.fxId), list(f.names.map((n) => text(n)))]),
                    },
                },
            ],
        };
    },
    eth_getBalance: (result) => ({
        fields: fields(
            ['Balance', amount(result as string, weiDecimals)],
            ['Balance (wei)', num(result as string)],
        ),
        sections: [],
    }),
    eth_chainId: (result) => ({
        fields: fields(['Chain id', num(result as number)]),
        sections: [],
    }),
    eth_getTransactionCount: (result) => ({
        fields: fields(['Nonce (transactions sent)', num(result as number)]),
        sections: [],
    }),
    eth_blockNumber: (result) => ({
        fields: fields(['Block number', num(result as number)]),
        sections: [],
    }),
    eth_getCode: (result) => {
        const code = cleanText(result);
        return {
            fields: fields(
                ['Size (bytes)', num(Math.max(0, (code.length - 2) / 2))],
                [
                    'Code',
                    code === '0x'
                        ? text('0x (no code: not a contract)')
                        : id(code, undefined, 24, 12),
                ],
            ),
            sections: [],
        };
    },
    eth_getLogs: (result) => {
        const logs = result as RpcFilterLog[];
        return {
            fields: fields(['Logs', num(logs.length)]),
            sections: [
                {
                    title: `Logs (${logs.length})`,
                    table: {
                        columns: [
                            col('block', 'Block'),
                            col('tx', 'Transaction'),
                            col('index', 'Log index'),
                            col('address', 'Address'),
                            col('topic0', 'Topic 0'),
                            col('data', 'Data'),
                        ],
                        rows: logs.map((log) => [
                            num(log.blockNumber),
                            id(log.transactionHash),
                            num(log.logIndex),
                            id(log.address),
                            id(log.topics[0]),
                            id(log.data, undefined, 18, 8),
                        ]),
                        empty: 'No log in this range matches the filter.',
                    },
                },
            ],
        };
    },
    eth_getTransactionByHash: (result, _request, context) => {
        if (result === null)
            return {
                fields: [],
                sections: [],
                notice: { tone: 'warn', text: 'The node does not know this transaction.' },
            };
        const tx = result as RpcTransaction;
        const extras = nodeTransactionExtras(tx, context);
        return {
            notice: extras.notice,
            fields: fields(
                ['Hash', id(tx.hash)],
                ...extras.overview,
                [
                    'Call trace',
                    tx.blockNumber === null
                        ? empty
                        : traceLink(context.network, context.evmChainId, tx.hash),
                ],
                ['Block', num(tx.blockNumber)],
                ['Block hash', id(tx.blockHash)],
                ['From', id(tx.from)],
                ['To', tx.to ? id(tx.to) : text('contract creation')],
                ['Value', amount(tx.value, weiDecimals)],
                ['Gas', num(tx.gas)],
                ['Gas price', amount(tx.gasPrice, 9, 'gwei')],
                ['Max fee', amount(tx.maxFeePerGas, 9, 'gwei')],
                ['Max priority fee', amount(tx.maxPriorityFeePerGas, 9, 'gwei')],
                ['Nonce', num(tx.nonce)],
                ['Type', num(tx.type)],
                ['Input', id(tx.input, undefined, 18, 8)],
            ),
            sections: extras.sections,
        };
    },
    eth_getTransactionReceipt: (result, request) => {
        if (result === null)
            return {
                fields: [],
                sections: [],
                notice: { tone: 'warn', text: 'No receipt: unknown or not yet mined.' },
            };
        const r = result as RpcReceipt;
        const head = genericHeader('', undefined, r);
        // A transaction that sent ICM messages opens their timeline across chains (#37).
        const send = icmTopics().SendCrossChainMessage;
        const sends = r.logs.filter((log) => log.topics[0]?.toLowerCase() === send).slice(0, 16);
        const chain = request.chain ?? 'C';
        const timeline: IcmQuery = { source: 'icm', chain, txHash: r.transactionHash };
        const icm: Section[] =
            sends.length === 0 || r.status === 'failed'
                ? []
                : [
                      {
                          title: `ICM messages sent (${sends.length})`,
                          table: {
                              columns: [col('id', 'Message id (opens its timeline)')],
                              rows: sends.map((log) => [id(log.topics[1], timeline, 66, 0)]),
                          },
                      },
                  ];
        return { fields: head.fields, sections: [...icm, ...head.sections] };
    },
    // The same block whichever way it was found.
    eth_getBlockByHash: (result, ...rest) => builders['eth_getBlockByNumber']!(result, ...rest),
    eth_getBlockByNumber: (result) => {
        if (result === null)
            return {
                fields: [],
                sections: [],
                notice: { tone: 'warn', text: 'The node has no such block.' },
            };
        const b = result as RpcBlock;
        return {
            fields: fields(
                ['Number', num(b.number)],
                ['Hash', id(b.hash)],
                ['Parent', id(b.parentHash)],
                ['Time', time(b.timestamp)],
                ['Miner', id(b.miner)],
                ['Gas used / limit', text(`${b.gasUsed} / ${b.gasLimit}`)],
                ['Base fee', amount(b.baseFeePerGas, 9, 'gwei')],
                ['Minimum gas price (ACP-283)', amount(b.minGasPriceWei, 9, 'gwei')],
                [
                    'Gas target (ACP-176)',
                    b.targetGasPerSecond === undefined
                        ? empty
                        : text(`${b.targetGasPerSecond} gas/s`),
                ],
                ['Settles through (ACP-194)', num(b.settlement?.settledHeight)],
                ['Block gas cost', num(b.blockGasCost)],
                ['Size (bytes)', num(b.sizeBytes)],
                ['Transactions', num(b.transactionHashes.length)],
            ),
            sections: [
                {
                    title: 'Transactions',
                    table: {
                        columns: [col('hash', 'Hash')],
                        rows: b.transactionHashes.map((h) => [id(h)]),
                        empty: 'No transactions.',
                    },
                },
            ],
        };
    },
    'info.getNodeID': (result, _request, context) => {
        const r = result as {
            nodeId: string;
            nodePop?: { publicKey: string; proofOfPossession: string };
        };
        return {
            fields: fields(
                ['Node id', fullId(r.nodeId)],
                ['BLS public key', id(r.nodePop?.publicKey, undefined, 18, 8)],
                ['Proof of possession', id(r.nodePop?.proofOfPossession, undefined, 18, 8)],
                [
                    'L1 validators of this node',
                    fullId(r.nodeId, {
                        source: 'dataApi',
                        operation: 'listL1Validators',
                        params: { network: context.network, nodeId: r.nodeId },
                    }),
                ],
            ),
            sections: [],
        };
    },
};

function loggerLevels(
    levels: readonly { loggerName: string; logLevel: string; displayLevel: string }[],
) {
    return {
        fields: [],
        sections: [
            {
                title: `Loggers (${levels.length})`,
                table: {
                    columns: [
                        col('logger', 'Logger'),
                        col('log', 'Log level'),
                        col('display', 'Display level'),
                    ],
                    rows: levels.map((l) => [
                        text(l.loggerName),
                        text(l.logLevel),
                        text(l.displayLevel),
                    ]),
                    empty: 'The node reported no levels.',
                },
            },
        ],
    };
}

/** The header of any node result. */
export function nodeHeader(result: unknown, request: NodeQuery, context: ViewContext): ViewHeader {
    const title = titleOf(request);
    const subtitle = nodeSubtitle(request, context);
    const build = builders[request.method];
    if (!build) return genericHeader(title, subtitle, result);
    const built = build(result, request, context);
    return { ...built, title: built.title ?? title, subtitle };
}

/** The header of a raw JSON-RPC answer. */
export function rawHeader(
    result: unknown,
    request: QueryRequest & { source: 'rawRpc' },
    context: ViewContext,
): ViewHeader {
    return genericHeader(
        `${cleanText(request.method)}`,
        `raw JSON-RPC to ${cleanText(request.path)} on ${context.nodeUrl ?? 'the selected node'}`,
        result,
    );
}
