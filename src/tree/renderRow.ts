/**
 * Node data → TreeItem, in one switch (STYLE.md rule 6). Labels and descriptions are plain text
 * (VS Code does not read them as Markdown), so chain data appears as sent; tooltips are Markdown
 * and built later, escaped, in `tooltips.ts`. Context values are `<kind>.<state>` so that menus
 * match them with regular expressions (rule 7).
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import {
    formatInteger,
    formatNAvax,
    formatPercent,
    formatWei,
    relativeTime,
    shortenId,
} from '../core/format';
import { describeAgreement } from '../core/views/validatorDiff';
import type { PrimaryChain, Row } from './rows';

const primaryChainNames: Record<PrimaryChain, { label: string; description: string }> = {
    'p-chain': { label: 'P-Chain', description: 'Platform: staking, subnets, L1s' },
    'x-chain': { label: 'X-Chain', description: 'Exchange: assets' },
    'c-chain': { label: 'C-Chain', description: 'Contract: EVM' },
};

/** The display name of a primary-network chain. */
export function primaryChainLabel(chain: PrimaryChain): string {
    return primaryChainNames[chain].label;
}

const icons = new Map<string, vscode.ThemeIcon>();

/** Icons are shared: VS Code keeps every rendered item, and a list can have ten thousand rows. */
function icon(id: string, color?: string): vscode.ThemeIcon {
    const key = `${id}|${color ?? ''}`;
    let themeIcon = icons.get(key);
    if (!themeIcon) {
        themeIcon = new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
        icons.set(key, themeIcon);
    }
    return themeIcon;
}

const stateColors = {
    ok: 'testing.iconPassed',
    warn: 'list.warningForeground',
    bad: 'list.errorForeground',
    deprecated: 'disabledForeground',
} as const;

const noticeIcons: Record<string, string> = {
    adminDisabled: 'lock',
    publicServer: 'globe',
    bootstrapping: 'sync',
    notOffered: 'circle-slash',
    unreachable: 'debug-disconnect',
    error: 'error',
    info: 'info',
};

interface Rendered {
    label: string;
    description?: string;
    icon?: vscode.ThemeIcon;
    context: string;
    collapsible?: vscode.TreeItemCollapsibleState;
    command?: vscode.Command;
}

const { None, Collapsed, Expanded } = vscode.TreeItemCollapsibleState;

function ago(seconds: number): string {
    return relativeTime(seconds);
}

function collapsedIf(condition: boolean): vscode.TreeItemCollapsibleState {
    return condition ? Collapsed : None;
}

/** The TreeItem of a node; the tooltip is added by `resolveTreeItem`. */
export function renderRow(node: Row): vscode.TreeItem {
    const r = render(node);
    const item = new vscode.TreeItem(r.label, r.collapsible ?? None);
    item.id = node.id;
    item.contextValue = r.context;
    if (r.description !== undefined) item.description = r.description;
    if (r.icon) item.iconPath = r.icon;
    if (r.command) item.command = r.command;
    return item;
}

function render(node: Row): Rendered {
    switch (node.kind) {
        case 'loadMore':
            return {
                label: 'Load more…',
                description: `${formatInteger(node.loaded)} loaded`,
                icon: icon('fold-down'),
                context: 'loadMore',
                command: { command: CommandId.LoadMore, title: 'Load More', arguments: [node] },
            };
        case 'error':
            return {
                label: node.message,
                icon: icon('error', 'list.errorForeground'),
                context: 'error',
                command: { command: CommandId.Retry, title: 'Retry', arguments: [node] },
            };
        case 'signIn':
            return {
                label: node.message,
                icon: icon('key', 'list.warningForeground'),
                context: 'signIn',
                command: { command: CommandId.SetDataApiKey, title: 'Set Data API Key' },
            };
        case 'empty':
            return { label: node.message, icon: icon('info'), context: 'empty' };
        case 'notice':
            return {
                label: node.message,
                ...(node.remedy ? { description: node.remedy } : {}),
                icon: icon(noticeIcons[node.reason] ?? 'info', 'list.warningForeground'),
                context: `notice.${node.reason}`,
                ...(node.action
                    ? { command: { command: node.action.command, title: node.action.title } }
                    : {}),
            };
        case 'field':
            return {
                label: node.label,
                description: node.value,
                ...(node.icon
                    ? { icon: icon(node.icon, node.state ? stateColors[node.state] : undefined) }
                    : {}),
                context: [
                    'field',
                    node.role ?? '',
                    node.copy !== undefined ? 'copy' : '',
                    node.json !== undefined ? 'json' : '',
                    node.state ?? '',
                ]
                    .filter(Boolean)
                    .join('.'),
                collapsible:
                    node.children && node.children.length > 0
                        ? node.expanded
                            ? Expanded
                            : Collapsed
                        : None,
            };
        case 'group':
            return {
                label: node.label,
                ...(node.description !== undefined ? { description: node.description } : {}),
                icon: icon(node.icon),
                context: `group.${node.group.type}`,
                collapsible: node.expanded ? Expanded : Collapsed,
            };
        case 'primaryChain': {
            const names = primaryChainNames[node.chain];
            return {
                label: names.label,
                description: names.description,
                icon: icon('circuit-board'),
                context: `primaryChain.${node.chain.charAt(0)}`,
                collapsible: Collapsed,
            };
        }
        case 'primaryBlock': {
            const b = node.block;
            return {
                label: `#${b.blockNumber}`,
                description: `${b.blockType} · ${b.txCount} tx · ${ago(b.blockTimestamp)}`,
                icon: icon('package'),
                context: 'block.primary',
                collapsible: collapsedIf(b.transactions.length > 0),
            };
        }
        case 'primaryTx':
            return {
                label: shortenId(node.txId, 12, 8),
                icon: icon('arrow-swap'),
                context: 'tx.primary',
            };
        case 'vertexHeight':
            return {
                label: `Height ${node.height}`,
                icon: icon('layers'),
                context: 'vertexHeight',
                collapsible: Collapsed,
            };
        case 'vertex': {
            const v = node.vertex;
            return {
                label: shortenId(v.vertexHash, 12, 8),
                description: `index ${v.vertexIndex} · ${v.txCount} tx · ${ago(v.vertexTimestamp)}`,
                icon: icon('symbol-structure'),
                context: 'vertex',
                collapsible: collapsedIf(v.transactions.length > 0),
            };
        }
        case 'evmChain': {
            const c = node.chain;
            const status = c.status === 'OK' ? '' : ` · ${c.status}`;
            return {
                label: c.chainName,
                description: `${c.chainId} · ${c.vmName}${status}`,
                icon: icon('layers', c.status === 'OK' ? undefined : 'list.warningForeground'),
                context: `evmChain.${c.rpcUrl ? 'rpc' : 'noRpc'}`,
                collapsible: Collapsed,
            };
        }
        case 'evmBlock': {
            const b = node.block;
            const count = b.transactions?.length ?? b.transactionHashes.length;
            return {
                label: `#${b.number}`,
                description: `${count} tx · gas ${formatInteger(b.gasUsed)} · ${ago(b.timestamp)}`,
                icon: icon('package'),
                context: 'block.evm',
                collapsible: collapsedIf(count > 0),
            };
        }
        case 'evmTx': {
            const t = node.tx;
            const failed = t.txStatus === '0';
            const method = t.method?.methodName || t.method?.callType || 'transaction';
            const symbol = node.chain.networkToken.symbol;
            return {
                label: shortenId(t.txHash, 10, 8),
                description: `${failed ? 'failed · ' : ''}${method} · ${formatWei(t.value, symbol)}`,
                icon: icon(
                    failed ? 'error' : 'arrow-swap',
                    failed ? 'list.errorForeground' : undefined,
                ),
                context: `tx.evm.${failed ? 'failed' : 'ok'}`,
            };
        }
        case 'subnet': {
            const s = node.subnet;
            const names = s.blockchains.map((b) => b.blockchainName).filter(Boolean);
            const label =
                names.length > 0 ? names.join(', ') : `Subnet ${shortenId(s.subnetId, 8, 6)}`;
            return {
                label,
                description: `${s.isL1 ? 'L1' : 'Subnet'} · ${shortenId(s.subnetId, 8, 6)} · ${ago(s.createBlockTimestamp)}`,
                icon: icon(node.pinned ? 'pinned' : s.isL1 ? 'globe' : 'type-hierarchy'),
                context: `subnet.${s.isL1 ? 'l1' : 'subnet'}${node.pinned ? '.pinned' : ''}`,
                collapsible: Collapsed,
            };
        }
        case 'blockchain': {
            const b = node.blockchain;
            return {
                label: b.blockchainName || shortenId(b.blockchainId),
                description:
                    b.evmChainId !== undefined
                        ? `EVM chain ${b.evmChainId}`
                        : `VM ${shortenId(b.vmId, 6, 4)}`,
                icon: icon('link'),
                context: `blockchain.${b.evmChainId !== undefined ? 'evm' : 'other'}`,
                collapsible: Collapsed,
            };
        }
        case 'l1Validator': {
            const v = node.validator;
            const inactive = v.remainingBalance <= 0;
            return {
                label: v.nodeId,
                description: `weight ${formatInteger(v.weight)} · ${formatNAvax(v.remainingBalance)} · ${ago(v.creationTimestamp)}${inactive ? ' · inactive' : ''}`,
                icon: icon(
                    inactive ? 'circle-slash' : 'server',
                    inactive ? 'disabledForeground' : undefined,
                ),
                context: `validator.l1.${inactive ? 'inactive' : 'active'}`,
            };
        }
        case 'filter':
            return {
                label: 'Filter',
                description: node.text,
                icon: icon(node.active ? 'filter-filled' : 'filter'),
                context: `filter.${node.active ? 'set' : 'none'}`,
                command: { command: CommandId.FilterValidators, title: 'Filter L1 Validators' },
            };
        case 'nodeChain': {
            const c = node.chain;
            return {
                label: c.chainName,
                description: `chain ${c.chainId} · as the node sees it`,
                icon: icon('server-environment'),
                context: 'chain.node',
                collapsible: Collapsed,
            };
        }
        case 'nodeValidator': {
            const { compared } = node;
            const n = compared.node;
            const d = compared.dataApi;
            const parts: string[] = [];
            const marker = node.comparable ? describeAgreement(compared) : undefined;
            if (marker) parts.push(`⚠ ${marker}`);
            if (n) {
                parts.push(`weight ${formatInteger(n.weight)}`);
                if (n.uptimePercentage !== undefined) {
                    parts.push(`uptime ${formatPercent(n.uptimePercentage)}`);
                }
                if (n.isConnected !== undefined)
                    parts.push(n.isConnected ? 'connected' : 'not connected');
                if (n.isActive === false) parts.push('inactive');
                if (n.isL1Validator !== undefined)
                    parts.push(n.isL1Validator ? 'L1 validator' : 'subnet validator');
            } else if (d) {
                parts.push(`weight ${formatInteger(d.weight)}`);
            }
            const warn = marker !== undefined;
            return {
                label: compared.nodeId,
                description: parts.join(' · '),
                icon: warn
                    ? icon('warning', 'list.warningForeground')
                    : icon(
                          n?.isConnected === false ? 'vm-outline' : 'vm-active',
                          n?.isConnected === false ? 'disabledForeground' : 'testing.iconPassed',
                      ),
                context: `validator.node.${node.comparable ? compared.agreement : 'uncompared'}`,
            };
        }
        case 'nodeStatus':
            return {
                label: node.reachable ? 'Reachable' : 'Unreachable',
                description: node.reachable
                    ? `${node.name} · ${Math.round(node.rttMs ?? 0)} ms round trip`
                    : `${node.name} · ${node.message ?? ''}`,
                icon: node.reachable
                    ? icon('pass-filled', 'testing.iconPassed')
                    : icon('debug-disconnect', 'list.errorForeground'),
                context: `nodeStatus.${node.reachable ? 'up' : 'down'}`,
                ...(node.reachable
                    ? {}
                    : { command: { command: CommandId.ChooseNode, title: 'Choose Node' } }),
            };
        case 'peer': {
            const p = node.peer;
            const parts = [p.version ?? 'version unknown'];
            if (p.observedUptime !== undefined)
                parts.push(`sees us up ${formatPercent(p.observedUptime)}`);
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
        case 'upgrade': {
            const e = node.entry;
            const when = e.state === 'unscheduled' ? 'not scheduled' : e.time.slice(0, 10);
            const words = { past: 'active', next: 'next', future: 'scheduled', unscheduled: '' };
            return {
                label: e.label,
                description: [when, words[e.state]].filter(Boolean).join(' · '),
                icon:
                    e.state === 'past'
                        ? icon('pass-filled', 'testing.iconPassed')
                        : e.state === 'next'
                          ? icon('debug-stackframe', 'list.warningForeground')
                          : icon('circle-large-outline', 'disabledForeground'),
                context: `upgrade.${e.state}`,
            };
        }
        case 'acp': {
            const a = node.acp;
            return {
                label: `ACP-${a.acp}`,
                description: `support ${formatNAvax(a.supportWeight, { maxFractionDigits: 0 })} (${a.supporters.length}) · objection ${formatNAvax(a.objectWeight, { maxFractionDigits: 0 })} (${a.objectors.length})`,
                icon: icon(a.objectors.length > 0 ? 'thumbsdown' : 'thumbsup'),
                context: 'acp',
            };
        }
        case 'logger':
            return {
                label: node.logger.loggerName,
                description: `log ${node.logger.logLevel} · display ${node.logger.displayLevel}`,
                icon: icon('output'),
                context: 'logger',
            };
        case 'profiler': {
            const text =
                node.state === 'running'
                    ? `running${node.sinceMs ? `, started ${relativeTime(node.sinceMs / 1000)}` : ''}`
                    : node.state === 'stopped'
                      ? 'not running (stopped from this window)'
                      : 'not started from this window';
            return {
                label: 'CPU profiler',
                description: text,
                icon: icon(
                    node.state === 'running' ? 'record' : 'debug-stop',
                    node.state === 'running' ? 'list.errorForeground' : undefined,
                ),
                context: `profiler.${node.state}`,
            };
        }
    }
}
