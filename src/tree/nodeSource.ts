/**
 * The Node view: rows built from the monitor's latest snapshot of the selected node. A part the
 * node would not give (admin API off, public server, older version) becomes a notice saying why
 * and how to change it, never an error row.
 */
import type { Part } from '../core/summaries/nodeSnapshot';
import type { NodeSnapshot } from '../core/summaries/nodeSnapshot';
import type { NodeProblem } from '../core/summaries/nodeProblems';
import type { TxFees } from '../core/index';
import { loadCore } from '../platform/lazyCore';
import { formatNAvax, formatPercent, formatTimestamp, shortenId } from '../core/format';
import { describeHeights } from '../core/nodeRpc/helicon';
import { formatStakeDuration } from '../core/stakingText';
import { filterPeers } from '../core/summaries/search';
import { timelineSummary, upgradeTimeline } from '../core/summaries/upgradeTimeline';
import { CommandId } from '../commands/commandIds';
import { nodeName } from '../platform/nodeCatalog';
import { SettingKey } from '../platform/settingKeys';
import type { NodeMonitor } from './nodeMonitor';
import { type FieldRow, type Row, rowsOrEmpty, under } from './rows';
import { field, group, section } from './rowBuilders';
import type { TreeServices } from './services';
import type { Children, TreeSource } from './treeProvider';
import { l10n, problemText, remedyText } from './treeL10n';

const view = 'node';

const txFeeLabels: Record<string, () => string> = {
    txFee: () => l10n.t('X-Chain transaction fee'),
    createAssetTxFee: () => l10n.t('Create asset'),
    createSubnetTxFee: () => l10n.t('Create subnet (unused)'),
    transformSubnetTxFee: () => l10n.t('Transform subnet (unused)'),
    createBlockchainTxFee: () => l10n.t('Create blockchain (unused)'),
    addPrimaryNetworkValidatorFee: () => l10n.t('Add primary validator (unused)'),
    addPrimaryNetworkDelegatorFee: () => l10n.t('Add primary delegator (unused)'),
    addSubnetValidatorFee: () => l10n.t('Add subnet validator (unused)'),
    addSubnetDelegatorFee: () => l10n.t('Add subnet delegator (unused)'),
};

export class NodeSource implements TreeSource {
    readonly view = view;

    constructor(
        private readonly services: TreeServices,
        private readonly monitor: NodeMonitor,
    ) {}

    /** `info.getTxFee` per node URL, read once (the fees it reports are static). */
    private readonly fees = new Map<string, Promise<TxFees>>();

    async children(parent: Row | undefined, signal?: AbortSignal): Promise<Children> {
        if (parent === undefined) {
            const snapshot = await this.monitor.ensure();
            // Undefined: a newer read replaced this one (the node changed); its rows follow.
            return { type: 'static', rows: snapshot ? this.rootRows(snapshot) : [] };
        }
        if (parent.kind === 'field') return { type: 'static', rows: parent.children ?? [] };
        if (parent.kind === 'group' && parent.group.type === 'txFees') {
            return { type: 'static', rows: await this.feeRows(parent, signal) };
        }
        if (parent.kind === 'peer') return { type: 'static', rows: peerRows(parent, parent.peer) };
        return { type: 'static', rows: [] };
    }

    /**
     * The static fees `info.getTxFee` reports (deprecated since AvalancheGo 1.12.2; most fees are
     * dynamic now). A failed read is not kept, so expanding the row again asks again.
     */
    private async feeRows(parent: Row, signal?: AbortSignal): Promise<Row[]> {
        const client = this.services.clients.nodeRpc();
        let read = this.fees.get(client.url);
        if (!read) {
            const { nodeRpcMethods } = loadCore();
            read = client.call(nodeRpcMethods['info.getTxFee'], {}, signal ? { signal } : {});
            this.fees.set(client.url, read);
            read.catch(() => this.fees.delete(client.url));
        }
        const fees = await read;
        return Object.entries(fees).map(([key, value]) =>
            field(view, parent, key, txFeeLabels[key]?.() ?? key, formatNAvax(value), {
                state: 'deprecated',
                icon: 'credit-card',
                detail: [
                    l10n.t(
                        'info.getTxFee is deprecated: only txFee and createAssetTxFee are still used; other fees are dynamic.',
                    ),
                ],
            }),
        );
    }

    private rootRows(s: NodeSnapshot): Row[] {
        const name = nodeName(s.url, this.services.config.get(SettingKey.NodeUrls));
        const r = s.reachability;
        const status: Row = {
            kind: 'nodeStatus',
            ...under(view, undefined, 'status'),
            url: s.url,
            name,
            reachable: r.reachable,
            ...(r.reachable ? { rttMs: r.rttMs } : { message: problemText(r.problem) }),
            fetchedAtMs: s.fetchedAtMs,
        };
        if (!r.reachable) {
            // A node the extension chose, not the user, is no error of theirs: the view stays
            // empty so that its welcome offers to choose or add one (#40).
            if (this.services.config.nodeIsAutomatic) return [];
            return [
                status,
                {
                    kind: 'notice',
                    ...under(view, undefined, 'unreachable'),
                    reason: 'unreachable',
                    message: l10n.t('No answer from {0}.', s.url),
                    ...(r.problem.remedy ? { remedy: remedyText(r.problem) } : {}),
                    action: { command: CommandId.ChooseNode, title: l10n.t('Choose Node…') },
                },
            ];
        }
        return [
            status,
            healthRow(s),
            this.versionRow(s),
            this.networkRow(s),
            this.identityRow(s),
            this.bootstrapRow(s),
            cChainHeadRow(s),
            this.peersRow(s),
            uptimeRow(s),
            // Deprecated and static: read once, when the row is first expanded, never per refresh.
            group(
                view,
                undefined,
                'fees',
                { type: 'txFees' },
                l10n.t('Transaction fees'),
                'warning',
                {
                    description: l10n.t('deprecated · read when expanded'),
                },
            ),
            upgradesRow(s),
            acpsRow(s),
            vmsRow(s),
            this.adminRow(s),
        ];
    }

    private versionRow(s: NodeSnapshot): Row {
        return partRow('version', l10n.t('Version'), s.version, (v) =>
            section(
                view,
                undefined,
                'version',
                l10n.t('Version'),
                v.version,
                (self) => {
                    const rows: Row[] = [];
                    if (v.databaseVersion)
                        rows.push(field(view, self, 'db', l10n.t('Database'), v.databaseVersion));
                    if (v.rpcProtocolVersion !== undefined)
                        rows.push(
                            field(
                                view,
                                self,
                                'rpc',
                                l10n.t('RPC protocol'),
                                String(v.rpcProtocolVersion),
                            ),
                        );
                    if (v.gitCommit)
                        rows.push(
                            field(view, self, 'commit', l10n.t('Git commit'), v.gitCommit, {
                                copy: v.gitCommit,
                            }),
                        );
                    rows.push(
                        section(
                            view,
                            self,
                            'vms',
                            l10n.t('VM versions'),
                            `${Object.keys(v.vmVersions).length}`,
                            (vms) =>
                                Object.entries(v.vmVersions).map(([vm, version]) =>
                                    field(view, vms, vm, vm, version),
                                ),
                        ),
                    );
                    return rows;
                },
                { icon: 'versions', json: v },
            ),
        );
    }

    private networkRow(s: NodeSnapshot): Row {
        const nameText = s.networkName.ok ? s.networkName.value : l10n.t('unknown');
        const idText = s.networkId.ok ? String(s.networkId.value) : '?';
        const selected = this.services.network;
        // `local` is whatever network the node runs, so only mainnet and Fuji can disagree.
        const mismatch =
            selected !== 'local' && s.networkName.ok && s.networkName.value !== selected;
        return field(
            view,
            undefined,
            'network',
            l10n.t('Network'),
            l10n.t('{0} (id {1})', nameText, idText),
            {
                icon: mismatch ? 'warning' : 'globe',
                ...(mismatch ? { state: 'warn' as const } : {}),
                detail: mismatch
                    ? [l10n.t('The views show {0}; this node runs on {1}.', selected, nameText)]
                    : [],
            },
        );
    }

    private identityRow(s: NodeSnapshot): Row {
        const id = s.nodeId;
        const label = id.ok
            ? id.value.nodeId
            : id.problem.kind === 'publicServer'
              ? l10n.t('not shown by public servers')
              : l10n.t('unknown');
        return section(
            view,
            undefined,
            'identity',
            l10n.t('Node id'),
            label,
            (self) => {
                const rows: Row[] = [];
                if (id.ok) {
                    rows.push(
                        field(view, self, 'nodeId', l10n.t('Node id'), id.value.nodeId, {
                            copy: id.value.nodeId,
                            icon: 'symbol-key',
                        }),
                    );
                    const pop = id.value.nodePop;
                    if (pop) {
                        rows.push(
                            field(view, self, 'bls', l10n.t('BLS public key'), pop.publicKey, {
                                copy: pop.publicKey,
                                icon: 'key',
                            }),
                        );
                        rows.push(
                            field(
                                view,
                                self,
                                'pop',
                                l10n.t('Proof of possession'),
                                pop.proofOfPossession,
                                {
                                    copy: pop.proofOfPossession,
                                    icon: 'key',
                                },
                            ),
                        );
                    }
                } else {
                    rows.push(notice(self, 'nodeIdProblem', id.problem));
                }
                if (s.ip.ok)
                    rows.push(
                        field(view, self, 'ip', l10n.t('IP'), s.ip.value.ip, {
                            copy: s.ip.value.ip,
                            icon: 'plug',
                        }),
                    );
                else rows.push(notice(self, 'ipProblem', s.ip.problem));
                return rows;
            },
            { icon: 'symbol-key', ...(id.ok ? { copy: id.value.nodeId } : {}) },
        );
    }

    private bootstrapRow(s: NodeSnapshot): Row {
        const done = s.chains.filter((c) => c.bootstrapped.ok && c.bootstrapped.value).length;
        const allDone = done === s.chains.length;
        return section(
            view,
            undefined,
            l10n.t('bootstrapped'),
            l10n.t('Bootstrapped'),
            l10n.t('{0} of {1} chains', done, s.chains.length),
            (self) =>
                s.chains.map((c) => {
                    const key = c.id ?? c.alias ?? c.name;
                    if (!c.bootstrapped.ok)
                        return notice(self, key, c.bootstrapped.problem, c.name);
                    return field(
                        view,
                        self,
                        key,
                        c.alias ? `${c.name}` : c.name,
                        c.bootstrapped.value ? l10n.t('bootstrapped') : l10n.t('bootstrapping…'),
                        {
                            icon: c.bootstrapped.value ? 'pass-filled' : 'sync',
                            state: c.bootstrapped.value ? 'ok' : 'warn',
                            ...(c.id ? { copy: c.id } : {}),
                        },
                    );
                }),
            {
                icon: allDone ? 'pass-filled' : 'sync',
                state: allDone ? 'ok' : 'warn',
                expanded: !allDone,
            },
        );
    }

    private peersRow(s: NodeSnapshot): Row {
        return partRow('peers', l10n.t('Peers'), s.peers, (p) => {
            const filter = this.monitor.peersFilter;
            const shown = filterPeers(p.peers, filter);
            const value = filter
                ? l10n.t('{0} of {1} (filter: {2})', shown.length, p.numPeers, filter)
                : `${p.numPeers}`;
            return section(
                view,
                undefined,
                'peers',
                l10n.t('Peers'),
                value,
                (self) => [
                    ...rowsOrEmpty(
                        view,
                        self,
                        shown.map((peer) => ({
                            kind: 'peer' as const,
                            ...under(view, self, peer.nodeId),
                            peer,
                        })),
                        filter
                            ? l10n.t('No peer matches the filter.')
                            : l10n.t('No peers connected.'),
                    ),
                ],
                { icon: 'remote-explorer', role: 'peers', json: p },
            );
        });
    }

    private adminRow(s: NodeSnapshot): Row {
        const url = s.url;
        const levels = s.loggerLevels;
        if (
            !levels.ok &&
            (levels.problem.kind === 'adminDisabled' || levels.problem.kind === 'publicServer')
        ) {
            return notice(undefined, 'admin', levels.problem, l10n.t('Admin API'));
        }
        const profiler = this.monitor.profiler(url);
        return section(
            view,
            undefined,
            'admin',
            l10n.t('Admin API'),
            l10n.t('aliases, loggers, profiler'),
            (self) => {
                const rows: Row[] = [
                    section(
                        view,
                        self,
                        'aliases',
                        l10n.t('Chain aliases'),
                        l10n.t('{0} chains', s.chainAliases.length),
                        (aliases) =>
                            s.chainAliases.map((a) =>
                                a.aliases.ok
                                    ? field(
                                          view,
                                          aliases,
                                          a.id,
                                          a.name,
                                          a.aliases.value.aliases
                                              .filter((x) => x !== a.id)
                                              .join(', ') || l10n.t('none'),
                                          { copy: a.id, icon: 'tag' },
                                      )
                                    : notice(aliases, a.id, a.aliases.problem, a.name),
                            ),
                    ),
                ];
                if (levels.ok) {
                    rows.push(
                        section(
                            view,
                            self,
                            'loggers',
                            l10n.t('Logger levels'),
                            l10n.t('{0} loggers', levels.value.loggerLevels.length),
                            (loggers) =>
                                levels.value.loggerLevels.map((logger) => ({
                                    kind: 'logger' as const,
                                    ...under(view, loggers, logger.loggerName),
                                    logger,
                                })),
                        ),
                    );
                } else {
                    rows.push(notice(self, 'loggers', levels.problem, l10n.t('Logger levels')));
                }
                rows.push({
                    kind: 'profiler',
                    ...under(view, self, 'profiler'),
                    state: profiler?.state ?? 'unknown',
                    ...(profiler ? { sinceMs: profiler.sinceMs } : {}),
                    nodeUrl: url,
                });
                return rows;
            },
            { icon: 'tools', role: 'admin' },
        );
    }
}

/**
 * The node's health checks (`health.health`), failing ones first: what fails, since when and how
 * many runs in a row, then the checks that pass; readiness and liveness beside them.
 */
function healthRow(s: NodeSnapshot): Row {
    return partRow('health', l10n.t('Health'), s.health, (h) => {
        const failing = h.report.checks.filter((c) => !c.healthy);
        const total = h.report.checks.length + h.report.omitted;
        const value = h.report.healthy
            ? l10n.t('healthy · {0} checks pass', total)
            : l10n.t('{0} of {1} checks failing', failing.length, total);
        return section(
            view,
            undefined,
            'health',
            l10n.t('Health'),
            value,
            (self) => {
                const rows: Row[] = h.report.checks.map((c) =>
                    field(
                        view,
                        self,
                        c.name,
                        c.name,
                        c.healthy ? l10n.t('passing') : (c.error ?? l10n.t('failing')),
                        {
                            icon: c.healthy ? 'pass-filled' : 'error',
                            state: c.healthy ? ('ok' as const) : ('bad' as const),
                            detail: [
                                ...(c.healthy
                                    ? []
                                    : [
                                          l10n.t(
                                              'Failing since {0}',
                                              c.failingSinceMs === undefined
                                                  ? l10n.t('unknown')
                                                  : formatTimestamp(c.failingSinceMs / 1000),
                                          ),
                                          l10n.t('{0} failures in a row', c.contiguousFailures),
                                      ]),
                                ...(c.message ? [l10n.t('Message: {0}', c.message)] : []),
                                ...(c.timestampMs === undefined
                                    ? [l10n.t('Not run yet')]
                                    : [
                                          l10n.t(
                                              'Last run {0}',
                                              formatTimestamp(c.timestampMs / 1000),
                                          ),
                                      ]),
                            ],
                        },
                    ),
                );
                if (h.report.omitted > 0) {
                    rows.push({
                        kind: 'empty',
                        ...under(view, self, '~omitted'),
                        message: l10n.t('{0} more checks not shown.', h.report.omitted),
                    });
                }
                rows.push(
                    field(
                        view,
                        self,
                        '~ready',
                        l10n.t('Readiness'),
                        flagText(h.ready, l10n.t('ready'), l10n.t('not ready')),
                        {
                            icon: h.ready === false ? 'sync' : 'pass',
                            ...(h.ready === false ? { state: 'warn' as const } : {}),
                        },
                    ),
                    field(
                        view,
                        self,
                        '~live',
                        l10n.t('Liveness'),
                        flagText(h.live, l10n.t('live'), l10n.t('needs a restart')),
                        {
                            icon: h.live === false ? 'error' : 'pass',
                            ...(h.live === false ? { state: 'bad' as const } : {}),
                        },
                    ),
                );
                return rows;
            },
            {
                icon: h.report.healthy ? 'heart' : 'error',
                state: h.report.healthy ? 'ok' : 'bad',
                expanded: !h.report.healthy,
                role: 'health',
                json: h.report,
                ...(h.via === 'get'
                    ? { detail: [l10n.t('Read from the GET form of /ext/health.')] }
                    : {}),
            },
        );
    });
}

function flagText(flag: boolean | undefined, yes: string, no: string): string {
    return flag === undefined ? l10n.t('not reported') : flag ? yes : no;
}

/**
 * The C-Chain's head: on Helicon's C-Chain both heights, executed and settled (ACP-194), so that
 * no block reads as final because the latest one passed it.
 */
function cChainHeadRow(s: NodeSnapshot): Row {
    return partRow('cChainHead', l10n.t('C-Chain head'), s.cChainHead, (h) =>
        h.settled === undefined
            ? field(view, undefined, 'cChainHead', l10n.t('C-Chain head'), `#${h.executed}`, {
                  icon: 'package',
              })
            : section(
                  view,
                  undefined,
                  'cChainHead',
                  l10n.t('C-Chain head'),
                  describeHeights(h),
                  (self) => [
                      field(view, self, 'executed', l10n.t('Executed (latest)'), `#${h.executed}`),
                      field(
                          view,
                          self,
                          'settled',
                          l10n.t('Settled (safe, finalized)'),
                          `#${h.settled}`,
                      ),
                      field(
                          view,
                          self,
                          'why',
                          l10n.t('Final'),
                          l10n.t(
                              'once settled: the chain executes blocks after accepting them (ACP-194)',
                          ),
                      ),
                  ],
                  { icon: 'package' },
              ),
    );
}

/**
 * How much stake sees the node up (`info.uptime`), judged by the requirement in force at the
 * node's `info.upgrades` (80%, 90% since Helicon: ACP-267), with the minimum staking duration
 * of the same rules (ACP-273) where the network's is known.
 */
function uptimeRow(s: NodeSnapshot): Row {
    const rules = loadCore().snapshotStakingRules(s, Date.now());
    return partRow('uptime', l10n.t('Uptime'), s.uptime, (u) => {
        const below =
            rules !== undefined && u.weightedAveragePercentage < rules.uptimeRequirementPercent;
        const ruleRows = (self: FieldRow): Row[] =>
            rules === undefined
                ? []
                : [
                      field(
                          view,
                          self,
                          'requirement',
                          l10n.t('Uptime requirement'),
                          l10n.t('{0}% ({1})', rules.uptimeRequirementPercent, rules.source),
                      ),
                      ...(rules.minStakeDurationSeconds === undefined
                          ? []
                          : [
                                field(
                                    view,
                                    self,
                                    'minStakeDuration',
                                    l10n.t('Minimum staking duration'),
                                    `${formatStakeDuration(rules.minStakeDurationSeconds)}${rules.helicon ? ' (ACP-273)' : ''}`,
                                ),
                            ]),
                  ];
        return section(
            view,
            undefined,
            'uptime',
            l10n.t('Uptime'),
            below
                ? l10n.t(
                      '{0} weighted average · below the {1}% requirement',
                      formatPercent(u.weightedAveragePercentage),
                      rules.uptimeRequirementPercent,
                  )
                : l10n.t('{0} weighted average', formatPercent(u.weightedAveragePercentage)),
            (self) => [
                field(
                    view,
                    self,
                    'rewarding',
                    l10n.t('Stake that sees it above the requirement'),
                    formatPercent(u.rewardingStakePercentage),
                ),
                field(
                    view,
                    self,
                    'weighted',
                    l10n.t('Stake-weighted average of observed uptime'),
                    formatPercent(u.weightedAveragePercentage),
                ),
                ...ruleRows(self),
            ],
            below ? { icon: 'warning', state: 'warn' } : { icon: 'pulse' },
        );
    });
}

/** The network upgrades as a timeline (`info.upgrades`). */
function upgradesRow(s: NodeSnapshot): Row {
    return partRow('upgrades', l10n.t('Network upgrades'), s.upgrades, (u) => {
        const entries = upgradeTimeline(u.upgrades);
        return section(
            view,
            undefined,
            'upgrades',
            l10n.t('Network upgrades'),
            timelineSummary(entries),
            (self) =>
                entries.map((entry) => ({
                    kind: 'upgrade' as const,
                    ...under(view, self, entry.key),
                    entry,
                })),
            { icon: 'milestone', json: u },
        );
    });
}

/** The ACPs the node supports or objects to (`info.acps`). */
function acpsRow(s: NodeSnapshot): Row {
    return partRow('acps', l10n.t('ACP preferences'), s.acps, (a) =>
        section(
            view,
            undefined,
            'acps',
            l10n.t('ACP preferences'),
            l10n.t('{0} proposals with support or objection', a.acps.length),
            (self) =>
                a.acps.map((acp) => ({
                    kind: 'acp' as const,
                    ...under(view, self, acp.acp),
                    acp,
                })),
            { icon: 'law', json: a },
        ),
    );
}

/** The VMs and feature extensions the node runs (`info.getVMs`). */
function vmsRow(s: NodeSnapshot): Row {
    return partRow('vms', l10n.t('VMs'), s.vms, (v) =>
        section(
            view,
            undefined,
            'vms',
            l10n.t('VMs'),
            l10n.t('{0} VMs, {1} feature extensions', v.vms.length, v.fxs.length),
            (self) => [
                ...v.vms.map((vm) =>
                    field(
                        view,
                        self,
                        vm.vmId,
                        vm.aliases.join(', ') || shortenId(vm.vmId),
                        vm.vmId,
                        { copy: vm.vmId, icon: 'symbol-class' },
                    ),
                ),
                section(view, self, 'fxs', l10n.t('Feature extensions'), `${v.fxs.length}`, (fx) =>
                    v.fxs.map((f) =>
                        field(view, fx, f.fxId, f.names.join(', ') || shortenId(f.fxId), f.fxId, {
                            copy: f.fxId,
                            icon: 'extensions',
                        }),
                    ),
                ),
            ],
            { icon: 'symbol-class', json: v },
        ),
    );
}

function notice(parent: Row | undefined, key: string, problem: NodeProblem, prefix?: string): Row {
    const publicServer = problem.kind === 'publicServer';
    return {
        kind: 'notice',
        ...under(view, parent, key),
        reason: problem.kind as never,
        message: prefix ? l10n.t('{0}: {1}', prefix, problemText(problem)) : problemText(problem),
        ...(problem.remedy ? { remedy: remedyText(problem) } : {}),
        ...(publicServer
            ? { action: { command: CommandId.ChooseNode, title: l10n.t('Choose Node…') } }
            : {}),
    };
}

/** The row of one snapshot part: built from its value, or a notice saying why it is missing. */
function partRow<T>(key: string, label: string, part: Part<T>, build: (value: T) => FieldRow): Row {
    return part.ok ? build(part.value) : notice(undefined, key, part.problem, label);
}

function peerRows(
    parent: Row,
    peer: { trackedSubnets: readonly string[]; benched: readonly string[] },
): Row[] {
    return [
        ...peer.trackedSubnets.map((s, i) =>
            field(view, parent, `t${i}`, l10n.t('Tracks subnet'), s, {
                copy: s,
                icon: 'type-hierarchy',
            }),
        ),
        ...peer.benched.map((c, i) =>
            field(view, parent, `b${i}`, l10n.t('Benched on chain'), c, {
                copy: c,
                icon: 'warning',
                state: 'warn' as const,
            }),
        ),
    ];
}
