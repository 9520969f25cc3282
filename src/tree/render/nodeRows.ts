/**
 * Rows of the Node view that show the AvalancheGo node itself: its status, peers, upgrades, ACP
 * preferences, loggers and the CPU profiler.
 */
import type * as vscode from 'vscode';

import { CommandId } from '../../commands/commandIds';
import { formatNAvax, formatPercent, formatTimestamp, relativeTime } from '../../core/format';
import type { AcpRow, LoggerRow, NodeStatusRow, PeerRow, ProfilerRow, UpgradeRow } from '../rows';
import { collapsedIf, icon, type Look } from './look';
import { Tip } from './tip';

export function nodeStatusLook(row: NodeStatusRow): Look {
    return {
        label: row.reachable ? 'Reachable' : 'Unreachable',
        description: row.reachable
            ? `${row.name} · ${Math.round(row.rttMs ?? 0)} ms round trip`
            : `${row.name} · ${row.message ?? ''}`,
        icon: row.reachable
            ? icon('pass-filled', 'testing.iconPassed')
            : icon('debug-disconnect', 'list.errorForeground'),
        context: `nodeStatus.${row.reachable ? 'up' : 'down'}`,
        ...(row.reachable
            ? {}
            : { command: { command: CommandId.ChooseNode, title: 'Choose Node' } }),
    };
}

export function nodeStatusTip(row: NodeStatusRow): vscode.MarkdownString {
    const tip = new Tip()
        .title(row.name)
        .code('URL', row.url)
        .row(
            row.reachable ? 'Round trip of the info batch' : 'Problem',
            row.reachable ? `${Math.round(row.rttMs ?? 0)} ms` : row.message,
        )
        .row('Checked', formatTimestamp(row.fetchedAtMs / 1000));
    if (!row.reachable) tip.command('Choose Node…', CommandId.ChooseNode);
    return tip.build();
}

export function peerLook(row: PeerRow): Look {
    const p = row.peer;
    const parts = [p.version ?? 'version unknown'];
    if (p.observedUptime !== undefined) parts.push(`sees us up ${formatPercent(p.observedUptime)}`);
    if (p.benched.length > 0) parts.push(`benched on ${p.benched.length}`);
    if (p.trackedSubnets.length > 0) parts.push(`${p.trackedSubnets.length} subnets`);
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
        .title('Peer')
        .code('Node id', p.nodeId)
        .row('IP', p.ip)
        .row('Public IP', p.publicIp)
        .row('Version', p.version)
        .row(
            'Sees this node up',
            p.observedUptime === undefined ? undefined : formatPercent(p.observedUptime),
        )
        .row('Last sent', p.lastSent)
        .row('Last received', p.lastReceived)
        .list('Tracked subnets', p.trackedSubnets, 5)
        .list('Benched on', p.benched, 5)
        .row('Supports ACPs', p.supportedAcps.join(', '))
        .row('Objects to ACPs', p.objectedAcps.join(', '))
        .build();
}

const upgradeWords = { past: 'active', next: 'next', future: 'scheduled', unscheduled: '' };

export function upgradeLook(row: UpgradeRow): Look {
    const e = row.entry;
    const when = e.state === 'unscheduled' ? 'not scheduled' : e.time.slice(0, 10);
    return {
        label: e.label,
        description: [when, upgradeWords[e.state]].filter(Boolean).join(' · '),
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
        .row('Activation', row.entry.time)
        .row('Key', row.entry.key)
        .build();
}

export function acpLook(row: AcpRow): Look {
    const a = row.acp;
    return {
        label: `ACP-${a.acp}`,
        description: `support ${formatNAvax(a.supportWeight, { maxFractionDigits: 0 })} (${a.supporters.length}) · objection ${formatNAvax(a.objectWeight, { maxFractionDigits: 0 })} (${a.objectors.length})`,
        icon: icon(a.objectors.length > 0 ? 'thumbsdown' : 'thumbsup'),
        context: 'acp',
    };
}

export function acpTip(row: AcpRow): vscode.MarkdownString {
    const a = row.acp;
    return new Tip()
        .title(`ACP-${a.acp}`)
        .row('Support', `${formatNAvax(a.supportWeight)} from ${a.supporters.length} peers`)
        .row('Objection', `${formatNAvax(a.objectWeight)} from ${a.objectors.length} peers`)
        .row('Abstaining', formatNAvax(a.abstainWeight))
        .build();
}

export function loggerLook(row: LoggerRow): Look {
    return {
        label: row.logger.loggerName,
        description: `log ${row.logger.logLevel} · display ${row.logger.displayLevel}`,
        icon: icon('output'),
        context: 'logger',
    };
}

export function loggerTip(row: LoggerRow): vscode.MarkdownString {
    return new Tip()
        .title(`Logger ${row.logger.loggerName}`)
        .row('Log level', row.logger.logLevel)
        .row('Display level', row.logger.displayLevel)
        .build();
}

export function profilerLook(row: ProfilerRow): Look {
    const text =
        row.state === 'running'
            ? `running${row.sinceMs ? `, started ${relativeTime(row.sinceMs / 1000)}` : ''}`
            : row.state === 'stopped'
              ? 'not running (stopped from this window)'
              : 'not started from this window';
    return {
        label: 'CPU profiler',
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
        .title('CPU profiler')
        .text(
            'The admin API can start and stop the profiler but cannot report whether it runs; this row shows what this window did. Stopping writes cpu.profile in the node’s working directory.',
        )
        .build();
}
