/**
 * Rows of the Node view that show the AvalancheGo node itself: its status, peers, upgrades, ACP
 * preferences, loggers and the CPU profiler.
 */
import * as vscode from 'vscode';

import { CommandId } from '../../commands/commandIds';
import { formatNAvax, formatPercent, formatTimestamp, relativeTime } from '../../core/format';
import type { AcpRow, LoggerRow, NodeStatusRow, PeerRow, ProfilerRow, UpgradeRow } from '../rows';
import { collapsedIf, icon, type Look } from './look';
import { Tip } from './tip';

export function nodeStatusLook(row: NodeStatusRow): Look {
    return {
        label: row.reachable ? vscode.l10n.t('Reachable') : vscode.l10n.t('Unreachable'),
        description: row.reachable
            ? vscode.l10n.t('{0} · {1} ms round trip', row.name, Math.round(row.rttMs ?? 0))
            : vscode.l10n.t('{0} · {1}', row.name, row.message ?? ''),
        icon: row.reachable
            ? icon('pass-filled', 'testing.iconPassed')
            : icon('debug-disconnect', 'list.errorForeground'),
        context: `nodeStatus.${row.reachable ? 'up' : 'down'}`,
        ...(row.reachable
            ? {}
            : { command: { command: CommandId.ChooseNode, title: vscode.l10n.t('Choose Node') } }),
    };
}

export function nodeStatusTip(row: NodeStatusRow): vscode.MarkdownString {
    const tip = new Tip()
        .title(row.name)
        .code(vscode.l10n.t('URL'), row.url)
        .row(
            row.reachable
                ? vscode.l10n.t('Round trip of the info batch')
                : vscode.l10n.t('Problem'),
            row.reachable ? vscode.l10n.t('{0} ms', Math.round(row.rttMs ?? 0)) : row.message,
        )
        .row(vscode.l10n.t('Checked'), formatTimestamp(row.fetchedAtMs / 1000));
    if (!row.reachable) tip.command(vscode.l10n.t('Choose Node…'), CommandId.ChooseNode);
    return tip.build();
}

export function peerLook(row: PeerRow): Look {
    const p = row.peer;
    const parts = [p.version ?? vscode.l10n.t('version unknown')];
    if (p.observedUptime !== undefined)
        parts.push(vscode.l10n.t('sees us up {0}', formatPercent(p.observedUptime)));
    if (p.benched.length > 0) parts.push(vscode.l10n.t('benched on {0}', p.benched.length));
    if (p.trackedSubnets.length > 0)
        parts.push(vscode.l10n.t('{0} subnets', p.trackedSubnets.length));
    return {
        label: p.nodeId,
        description: parts.join(' · '),
        icon: icon('remote', p.benched.length > 0 ? 'list.warningForeground' : undefined),
        context: `peer${p.benched.length > 0 ? '.benched' : ''}`,
        collapsible: collapsedIf(p.trackedSubnets.length + p.benched.length > 0),
    };
}

export function peerTip(row: PeerRow): vscode.MarkdownString {
    const p = row.peer;
    return new Tip()
        .title(vscode.l10n.t('Peer'))
        .code(vscode.l10n.t('Node id'), p.nodeId)
        .row(vscode.l10n.t('IP'), p.ip)
        .row(vscode.l10n.t('Public IP'), p.publicIp)
        .row(vscode.l10n.t('Version'), p.version)
        .row(
            vscode.l10n.t('Sees this node up'),
            p.observedUptime === undefined ? undefined : formatPercent(p.observedUptime),
        )
        .row(vscode.l10n.t('Last sent'), p.lastSent)
        .row(vscode.l10n.t('Last received'), p.lastReceived)
        .list(vscode.l10n.t('Tracked subnets'), p.trackedSubnets, 5)
        .list(vscode.l10n.t('Benched on'), p.benched, 5)
        .row(vscode.l10n.t('Supports ACPs'), p.supportedAcps.join(', '))
        .row(vscode.l10n.t('Objects to ACPs'), p.objectedAcps.join(', '))
        .build();
}

const upgradeWords = {
    past: () => vscode.l10n.t('active'),
    next: () => vscode.l10n.t('next'),
    future: () => vscode.l10n.t('scheduled'),
    unscheduled: () => '',
};

export function upgradeLook(row: UpgradeRow): Look {
    const e = row.entry;
    const when = e.state === 'unscheduled' ? vscode.l10n.t('not scheduled') : e.time.slice(0, 10);
    return {
        label: e.label,
        description: [when, upgradeWords[e.state]()].filter(Boolean).join(' · '),
        icon:
            e.state === 'past'
                ? icon('pass-filled', 'testing.iconPassed')
                : e.state === 'next'
                  ? icon('debug-stackframe', 'list.warningForeground')
                  : icon('circle-large-outline', 'disabledForeground'),
        context: `upgrade.${e.state}`,
    };
}

export function upgradeTip(row: UpgradeRow): vscode.MarkdownString {
    return new Tip()
        .title(row.entry.label)
        .row(vscode.l10n.t('Activation'), row.entry.time)
        .row(vscode.l10n.t('Key'), row.entry.key)
        .build();
}

export function acpLook(row: AcpRow): Look {
    const a = row.acp;
    return {
        label: `ACP-${a.acp}`,
        description: vscode.l10n.t(
            'support {0} ({1}) · objection {2} ({3})',
            formatNAvax(a.supportWeight, { maxFractionDigits: 0 }),
            a.supporters.length,
            formatNAvax(a.objectWeight, { maxFractionDigits: 0 }),
            a.objectors.length,
        ),
        icon: icon(a.objectors.length > 0 ? 'thumbsdown' : 'thumbsup'),
        context: 'acp',
    };
}

export function acpTip(row: AcpRow): vscode.MarkdownString {
    const a = row.acp;
    return new Tip()
        .title(`ACP-${a.acp}`)
        .row(
            vscode.l10n.t('Support'),
            vscode.l10n.t('{0} from {1} peers', formatNAvax(a.supportWeight), a.supporters.length),
        )
        .row(
            vscode.l10n.t('Objection'),
            vscode.l10n.t('{0} from {1} peers', formatNAvax(a.objectWeight), a.objectors.length),
        )
        .row(vscode.l10n.t('Abstaining'), formatNAvax(a.abstainWeight))
        .build();
}

export function loggerLook(row: LoggerRow): Look {
    return {
        label: row.logger.loggerName,
        description: vscode.l10n.t(
            'log {0} · display {1}',
            row.logger.logLevel,
            row.logger.displayLevel,
        ),
        icon: icon('output'),
        context: 'logger',
    };
}

export function loggerTip(row: LoggerRow): vscode.MarkdownString {
    return new Tip()
        .title(vscode.l10n.t('Logger {0}', row.logger.loggerName))
        .row(vscode.l10n.t('Log level'), row.logger.logLevel)
        .row(vscode.l10n.t('Display level'), row.logger.displayLevel)
        .build();
}

export function profilerLook(row: ProfilerRow): Look {
    const text =
        row.state === 'running'
            ? row.sinceMs
                ? vscode.l10n.t('running, started {0}', relativeTime(row.sinceMs / 1000))
                : vscode.l10n.t('running')
            : row.state === 'stopped'
              ? vscode.l10n.t('not running (stopped from this window)')
              : vscode.l10n.t('not started from this window');
    return {
        label: vscode.l10n.t('CPU profiler'),
        description: text,
        icon: icon(
            row.state === 'running' ? 'record' : 'debug-stop',
            row.state === 'running' ? 'list.errorForeground' : undefined,
        ),
        context: `profiler.${row.state}`,
    };
}

export function profilerTip(): vscode.MarkdownString {
    return new Tip()
        .title(vscode.l10n.t('CPU profiler'))
        .text(
            vscode.l10n.t(
                'The admin API can start and stop the profiler but cannot report whether it runs; this row shows what this window did. Stopping writes {0} in the node’s working directory.',
                'cpu.profile',
            ),
        )
        .build();
}
