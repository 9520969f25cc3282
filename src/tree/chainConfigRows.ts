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
import { l10n } from './treeL10n';

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
            l10n.t('Chain config'),
            'eth_getChainConfig',
            config,
            chainConfigContent,
        ),
        configSection(
            row,
            'feeConfig',
            l10n.t('Fee config now'),
            'eth_feeConfig',
            fees,
            feeContent,
        ),
        configSection(
            row,
            'rules',
            l10n.t('Active rules and precompiles now'),
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
        detail: [l10n.t('From {0} on the chain’s RPC.', method)],
    });
}

function precompileRow(parent: Row, key: string, p: PrecompileConfig): FieldRow {
    const summary = [
        p.disable ? l10n.t('disabled') : l10n.t('{0} admin(s)', p.adminAddresses.length),
        ...(p.blockTimestamp === undefined
            ? []
            : [l10n.t('from {0}', formatTimestamp(p.blockTimestamp))]),
    ].join(' · ');
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
        value: c.chainId === undefined ? '' : l10n.t('chain {0}', c.chainId),
        json: c.raw,
        rows: (self) => {
            const rows: Row[] = [];
            if (c.chainId !== undefined) {
                rows.push(
                    field(view, self, 'chainId', l10n.t('Chain id'), String(c.chainId), {
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
                        l10n.t('Fee recipients allowed'),
                        c.allowFeeRecipients ? l10n.t('yes') : l10n.t('no'),
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
                        l10n.t('Fee config (genesis)'),
                        `${fees.length} settings`,
                        (s) => fees.map((r) => field(view, s, r.key, r.label, r.value)),
                    ),
                );
            }
            if (c.forks.length > 0) {
                rows.push(
                    section(view, self, 'forks', l10n.t('Forks'), `${c.forks.length}`, (s) =>
                        c.forks.map((f) =>
                            field(
                                view,
                                s,
                                f.key,
                                splitWords(f.key),
                                f.kind === 'block'
                                    ? l10n.t('block {0}', formatInteger(f.at))
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
                    l10n.t('Precompiles in genesis'),
                    c.precompiles.length === 0 ? 'none' : `${c.precompiles.length}`,
                    (s) => c.precompiles.map((p) => precompileRow(s, p.name, p)),
                ),
                section(
                    view,
                    self,
                    'upgrades',
                    l10n.t('Precompile upgrades'),
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
        ? l10n.t('changed at block {0}', formatInteger(f.lastChangedAt))
        : l10n.t('genesis values');
    return {
        value: changed,
        json: f,
        rows: (self) => [
            ...feeConfigRows(f.feeConfig).map((r) => field(view, self, r.key, r.label, r.value)),
            field(
                view,
                self,
                'lastChangedAt',
                l10n.t('Last changed'),
                f.lastChangedAt
                    ? l10n.t('at block {0}', formatInteger(f.lastChangedAt))
                    : l10n.t('never (genesis values)'),
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
            l10n.t('{0} of {1} active', entries.filter(([, on]) => on).length, entries.length),
            (s) =>
                entries.map(([name, on]) =>
                    field(
                        view,
                        s,
                        name,
                        ruleLabel(name),
                        on ? l10n.t('active') : l10n.t('not active'),
                        {
                            icon: on ? 'pass-filled' : 'circle-large-outline',
                            state: on ? 'ok' : 'deprecated',
                        },
                    ),
                ),
        );
    };
    return {
        value: l10n.t('{0} precompiles active', r.precompiles.length),
        json: r,
        rows: (self) => [
            ruleSection(self, 'eth', l10n.t('Ethereum rules'), r.ethRules),
            ruleSection(self, 'network', l10n.t('Avalanche rules'), r.networkRules),
            section(
                view,
                self,
                'precompiles',
                l10n.t('Active precompiles'),
                `${r.precompiles.length}`,
                (s) =>
                    r.precompiles.map((p) =>
                        field(
                            view,
                            s,
                            p.name,
                            precompileLabel(p.name),
                            p.timestamp === undefined
                                ? l10n.t('active')
                                : l10n.t('since {0}', formatTimestamp(p.timestamp)),
                            {
                                icon: 'symbol-method',
                            },
                        ),
                    ),
            ),
        ],
    };
}
