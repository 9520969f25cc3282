/**
 * Views of what a node says about itself: health checks, peers, upgrades, ACP preferences,
 * version, node id, the validators it tracks, its logger levels, chain aliases and VMs.
 */
import type { HealthReport } from '../../nodeRpc/healthSchemas';
import type {
    Acps,
    ChainAliases,
    CurrentValidators,
    LoadVmsResult,
    LoggerLevels,
    NetworkUpgrades,
    NodeVersion,
    Peers,
    SetLoggerLevelResult,
    Vms,
} from '../../nodeRpc/schemas';
import type { Field, Section } from '../../../shared/viewModel';
import {
    badge,
    bool,
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
    time,
    timeMs,
} from '../cells';
import { labelOf, valueCell } from './generic';
import { col, type NodeBuilder } from './types';

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

/** The builders of the health, info, admin and validators methods, by method. */
export const infoNodeBuilders: Readonly<Record<string, NodeBuilder>> = {
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
