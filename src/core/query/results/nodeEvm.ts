/**
 * Views of a node's EVM answers: chain and fee config, active rules and precompiles, and the
 * standard eth_* answers (balances, code, logs, transactions, receipts and blocks).
 */
import { nodeTransactionExtras } from './decoded';
import type {
    ActivePrecompiles,
    ActiveRules,
    EvmChainConfig,
    FeeConfig,
    FeeConfigResult,
    PrecompileConfig,
    RpcBlock,
    RpcFilterLog,
    RpcReceipt,
    RpcTransaction,
} from '../../nodeRpc/schemas';
import { weiDecimals } from '../../format';
import { icmTopics } from '../../icm/events';
import type { IcmQuery } from '../../../shared/query';
import type { Field, Section } from '../../../shared/viewModel';
import {
    amount,
    bool,
    cleanText,
    empty,
    fields,
    id,
    list,
    num,
    text,
    traceLink,
    time,
} from '../cells';
import { genericHeader } from './generic';
import { col, type NodeBuilder } from './types';

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

/** The builders of the eth_* methods, by method. */
export const evmNodeBuilders: Readonly<Record<string, NodeBuilder>> = {
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
    eth_getBlockByHash: (result, ...rest) =>
        evmNodeBuilders['eth_getBlockByNumber']!(result, ...rest),
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
};
