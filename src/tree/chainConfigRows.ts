/**
 * The "Configuration" row of an EVM chain in the Chains view (`chainsSource.ts`): the chain
 * config, the fee config now and the active rules and precompiles now, read in one batch from
 * the chain's RPC URL (`eth_getChainConfig`, `eth_feeConfig`, `eth_getActiveRulesAt`), each
 * section built from its own outcome so that one refused method leaves the others.
 */
import type {
    ActiveRules,
    ChainInfo,
    EvmChainConfig,
    FeeConfigResult,
    PrecompileConfig,
    Settled,
} from '../core/index';
import { formatInteger, formatTimestamp } from '../core/format';
import {
    displayText,
    feeConfigRows,
    precompileLabel,
    ruleLabel,
    splitWords,
} from '../core/summaries/evmConfig';
import { loadCore } from '../platform/lazyCore';
import type { FieldRow, GroupRow, Row } from './rows';
import { field, problemNotice, section } from './rowBuilders';
import type { TreeServices } from './services';

const view = 'chains';

/**
 * The three configuration sections of an EVM chain's "Configuration" row, read in one batch from
 * the chain's RPC; throws when the RPC URL is unusable or all three calls failed.
 */
export async function evmConfigRows(
    services: TreeServices,
    row: GroupRow,
    chain: ChainInfo,
    signal: AbortSignal,
): Promise<Row[]> {
    const target = services.rpcTarget(chain.rpcUrl);
    if (!target) throw new Error(`The RPC URL of ${chain.chainName} is not usable.`);
    const core = loadCore();
    const m = core.nodeRpcMethods;
    const [config, fees, rules] = await target.client.batch(
        [
            core.batchCall(m.eth_getChainConfig, []),
            core.batchCall(m.eth_feeConfig, []),
            core.batchCall(m.eth_getActiveRulesAt, []),
        ],
        { path: target.path, signal },
    );
    if ([config, fees, rules].every((s) => s.status === 'rejected')) {
        throw (config as { reason: Error }).reason;
    }
    return [
        configSection(
            row,
            'chainConfig',
            'Chain config',
            'eth_getChainConfig',
            config,
            chainConfigContent,
        ),
        configSection(row, 'feeConfig', 'Fee config now', 'eth_feeConfig', fees, feeContent),
        configSection(
            row,
            'rules',
            'Active rules and precompiles now',
            'eth_getActiveRulesAt',
            rules,
            rulesContent,
        ),
    ];
}

interface SectionContent {
    readonly value: string;
    readonly json: unknown;
    readonly rows: (self: FieldRow) => Row[];
}

/** A section built from one batch outcome: its rows, or a notice saying why the node gave none. */
function configSection<T>(
    parent: Row,
    key: string,
    label: string,
    method: string,
    settled: Settled<unknown>,
    content: (value: T) => SectionContent,
): Row {
    if (settled.status === 'rejected')
        return problemNotice(view, parent, key, settled.reason, label);
    const built = content(settled.value as T);
    return section(view, parent, key, label, built.value, built.rows, {
        icon: 'symbol-namespace',
        json: built.json,
        detail: [`From ${method} on the chain’s RPC.`],
    });
}

function precompileRow(parent: Row, key: string, p: PrecompileConfig): FieldRow {
    const when =
        p.blockTimestamp === undefined ? '' : ` · from ${formatTimestamp(p.blockTimestamp)}`;
    const summary = `${p.disable ? 'disabled' : `${p.adminAddresses.length} admin(s)`}${when}`;
    return section(
        view,
        parent,
        key,
        precompileLabel(p.name),
        summary,
        (self) => {
            const rows: Row[] = [];
            const addresses = (role: string, list: readonly string[]): void => {
                list.forEach((address, i) =>
                    rows.push(
                        field(view, self, `${role}${i}`, role, address, {
                            copy: address,
                            icon: 'account',
                            // An EVM address: "Watch" follows its balance on this chain.
                            role: 'address',
                        }),
                    ),
                );
            };
            addresses('Admin', p.adminAddresses);
            addresses('Manager', p.managerAddresses);
            addresses('Enabled', p.enabledAddresses);
            for (const [name, value] of Object.entries(p.extra)) {
                rows.push(field(view, self, `x-${name}`, splitWords(name), displayText(value)));
            }
            return rows;
        },
        { icon: 'symbol-method', json: p },
    );
}

function chainConfigContent(c: EvmChainConfig): SectionContent {
    return {
        value: c.chainId === undefined ? '' : `chain ${c.chainId}`,
        json: c.raw,
        rows: (self) => {
            const rows: Row[] = [];
            if (c.chainId !== undefined) {
                rows.push(
                    field(view, self, 'chainId', 'Chain id', String(c.chainId), {
                        copy: String(c.chainId),
                    }),
                );
            }
            if (c.allowFeeRecipients !== undefined) {
                rows.push(
                    field(
                        view,
                        self,
                        'feeRecipients',
                        'Fee recipients allowed',
                        c.allowFeeRecipients ? 'yes' : 'no',
                    ),
                );
            }
            const fees = c.feeConfig ? feeConfigRows(c.feeConfig) : [];
            if (fees.length > 0) {
                rows.push(
                    section(
                        view,
                        self,
                        'fees',
                        'Fee config (genesis)',
                        `${fees.length} settings`,
                        (s) => fees.map((r) => field(view, s, r.key, r.label, r.value)),
                    ),
                );
            }
            if (c.forks.length > 0) {
                rows.push(
                    section(view, self, 'forks', 'Forks', `${c.forks.length}`, (s) =>
                        c.forks.map((f) =>
                            field(
                                view,
                                s,
                                f.key,
                                splitWords(f.key),
                                f.kind === 'block'
                                    ? `block ${formatInteger(f.at)}`
                                    : formatTimestamp(f.at),
                            ),
                        ),
                    ),
                );
            }
            rows.push(
                section(
                    view,
                    self,
                    'precompiles',
                    'Precompiles in genesis',
                    c.precompiles.length === 0 ? 'none' : `${c.precompiles.length}`,
                    (s) => c.precompiles.map((p) => precompileRow(s, p.name, p)),
                ),
                section(
                    view,
                    self,
                    'upgrades',
                    'Precompile upgrades',
                    c.precompileUpgrades.length === 0 ? 'none' : `${c.precompileUpgrades.length}`,
                    (s) =>
                        c.precompileUpgrades.map((p, i) => precompileRow(s, `${i}-${p.name}`, p)),
                ),
            );
            return rows;
        },
    };
}

function feeContent(f: FeeConfigResult): SectionContent {
    const changed = f.lastChangedAt
        ? `changed at block ${formatInteger(f.lastChangedAt)}`
        : 'genesis values';
    return {
        value: changed,
        json: f,
        rows: (self) => [
            ...feeConfigRows(f.feeConfig).map((r) => field(view, self, r.key, r.label, r.value)),
            field(
                view,
                self,
                'lastChangedAt',
                'Last changed',
                f.lastChangedAt
                    ? `at block ${formatInteger(f.lastChangedAt)}`
                    : 'never (genesis values)',
            ),
        ],
    };
}

function rulesContent(r: ActiveRules): SectionContent {
    const ruleSection = (
        parent: FieldRow,
        key: string,
        label: string,
        rules: Record<string, boolean>,
    ): FieldRow => {
        const entries = Object.entries(rules);
        return section(
            view,
            parent,
            key,
            label,
            `${entries.filter(([, on]) => on).length} of ${entries.length} active`,
            (s) =>
                entries.map(([name, on]) =>
                    field(view, s, name, ruleLabel(name), on ? 'active' : 'not active', {
                        icon: on ? 'pass-filled' : 'circle-large-outline',
                        state: on ? 'ok' : 'deprecated',
                    }),
                ),
        );
    };
    return {
        value: `${r.precompiles.length} precompiles active`,
        json: r,
        rows: (self) => [
            ruleSection(self, 'eth', 'Ethereum rules', r.ethRules),
            ruleSection(self, 'network', 'Avalanche rules', r.networkRules),
            section(
                view,
                self,
                'precompiles',
                'Active precompiles',
                `${r.precompiles.length}`,
                (s) =>
                    r.precompiles.map((p) =>
                        field(
                            view,
                            s,
                            p.name,
                            precompileLabel(p.name),
                            p.timestamp === undefined
                                ? 'active'
                                : `since ${formatTimestamp(p.timestamp)}`,
                            {
                                icon: 'symbol-method',
                            },
                        ),
                    ),
            ),
        ],
    };
}
