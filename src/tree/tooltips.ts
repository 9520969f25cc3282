/**
 * Tooltips, built on demand in `resolveTreeItem` (STYLE.md rule 10). Everything that comes from a
 * chain, an API or a node goes through `escapeMarkdown` / `markdownCode` / `markdownLink`, so
 * hostile names, memos or URLs cannot turn into markup, images or `command:` links. Links to our
 * own commands are added only in notices, and then `isTrusted` names exactly those commands.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import {
    escapeMarkdown,
    formatInteger,
    formatNAvax,
    formatPercent,
    formatTimestamp,
    formatWei,
    markdownCode,
    markdownLink,
} from '../core/format';
import { displayText, formatGwei } from '../core/views/evmConfig';
import { describeAgreement } from '../core/views/validatorDiff';
import type { Row } from './rows';
import { primaryChainLabel } from './renderRow';

/** Collects Markdown lines; every value is escaped on the way in. */
class Tip {
    private readonly lines: string[] = [];
    private readonly commands: CommandId[] = [];

    title(text: string): this {
        this.lines.push(`**${escapeMarkdown(text)}**`);
        return this;
    }

    text(text: string): this {
        this.lines.push(escapeMarkdown(text, { maxLength: 1000 }));
        return this;
    }

    row(label: string, value: unknown): this {
        if (value === undefined || value === null || value === '') return this;
        this.lines.push(`${escapeMarkdown(label)}: ${escapeMarkdown(displayText(value))}`);
        return this;
    }

    code(label: string, value: unknown): this {
        if (value === undefined || value === null || value === '') return this;
        this.lines.push(`${escapeMarkdown(label)}: ${markdownCode(displayText(value))}`);
        return this;
    }

    list(label: string, values: readonly string[], max = 10): this {
        if (values.length === 0) return this;
        const shown = values.slice(0, max).map((v) => markdownCode(v));
        const more = values.length > max ? ` and ${values.length - max} more` : '';
        this.lines.push(`${escapeMarkdown(label)}: ${shown.join(', ')}${more}`);
        return this;
    }

    link(label: string, url: string | undefined): this {
        if (!url) return this;
        this.lines.push(`${escapeMarkdown(label)}: ${markdownLink(url, url)}`);
        return this;
    }

    /** A link to one of our commands (no arguments); the command joins `enabledCommands`. */
    command(title: string, command: CommandId): this {
        this.commands.push(command);
        this.lines.push(`[${escapeMarkdown(title)}](command:${command})`);
        return this;
    }

    build(): vscode.MarkdownString {
        const md = new vscode.MarkdownString(this.lines.join('\n\n'));
        md.supportThemeIcons = false;
        md.supportHtml = false;
        if (this.commands.length > 0) md.isTrusted = { enabledCommands: [...this.commands] };
        return md;
    }
}

function time(seconds: number | undefined): string | undefined {
    return seconds === undefined ? undefined : formatTimestamp(seconds);
}

/** The tooltip of a node, or undefined for rows whose label says it all. */
export function tooltipFor(node: Row): vscode.MarkdownString | undefined {
    const tip = new Tip();
    switch (node.kind) {
        case 'loadMore':
            return tip.text(`${node.loaded} loaded. Click to load the next page.`).build();
        case 'error':
            return tip.title('Could not load').text(node.message).text('Click to retry.').build();
        case 'signIn':
            return tip
                .text(node.message)
                .command('Set Data API Key', CommandId.SetDataApiKey)
                .build();
        case 'empty':
            return undefined;
        case 'notice':
            tip.text(node.message);
            if (node.remedy) tip.text(node.remedy);
            if (node.action) tip.command(node.action.title, node.action.command);
            return tip.build();
        case 'field':
            tip.title(node.label);
            if (node.copy !== undefined) tip.code('Value', node.copy);
            else tip.text(node.value);
            for (const line of node.detail ?? []) tip.text(line);
            return tip.build();
        case 'group':
            return tip
                .title(node.label)
                .text(node.description ?? '')
                .build();
        case 'primaryChain':
            return tip
                .title(primaryChainLabel(node.chain))
                .text('Latest blocks from the Data API, newest first.')
                .build();
        case 'primaryBlock': {
            const b = node.block;
            tip.title(`${primaryChainLabel(node.chain)} block ${b.blockNumber}`)
                .code('Hash', b.blockHash)
                .code('Parent', b.parentHash)
                .row('Type', b.blockType)
                .row('Time', time(b.blockTimestamp))
                .row('Transactions', b.txCount)
                .row('Size', `${formatInteger(b.blockSizeBytes)} bytes`);
            if (b.currentSupply !== undefined)
                tip.row('Current supply', formatNAvax(b.currentSupply));
            if (b.activeL1Validators !== undefined)
                tip.row('Active L1 validators', b.activeL1Validators);
            if (b.l1ValidatorsAccruedFees !== undefined) {
                tip.row('L1 validator fees accrued', formatNAvax(b.l1ValidatorsAccruedFees));
            }
            const p = b.proposerDetails;
            if (p)
                tip.code('Proposer', p.proposerNodeId).row(
                    'Proposer P-Chain height',
                    p.proposerPChainHeight,
                );
            return tip.build();
        }
        case 'primaryTx':
            return tip
                .title(`${primaryChainLabel(node.chain)} transaction`)
                .code('ID', node.txId)
                .build();
        case 'vertexHeight':
            return tip.title(`X-Chain vertices at height ${node.height}`).build();
        case 'vertex': {
            const v = node.vertex;
            return tip
                .title('X-Chain vertex')
                .code('Hash', v.vertexHash)
                .row('Height', v.vertexHeight)
                .row('Index', v.vertexIndex)
                .row('Time', time(v.vertexTimestamp))
                .row('Transactions', v.txCount)
                .row('Size', `${formatInteger(v.vertexSizeBytes)} bytes`)
                .list('Parents', v.parentHashes)
                .build();
        }
        case 'evmChain':
        case 'nodeChain': {
            const c = node.chain;
            return tip
                .title(c.chainName)
                .text(c.description)
                .row('EVM chain id', c.chainId)
                .code('Blockchain id', c.platformChainId)
                .code('Subnet id', c.subnetId)
                .row('VM', c.vmName)
                .code('VM id', c.vmId)
                .row('Status', c.status)
                .row('Native token', `${c.networkToken.name} (${c.networkToken.symbol})`)
                .link('Explorer', c.explorerUrl)
                .code('RPC URL', c.rpcUrl)
                .build();
        }
        case 'evmBlock': {
            const b = node.block;
            return tip
                .title(`${node.chain.chainName} block ${b.number}`)
                .code('Hash', b.hash)
                .code('Parent', b.parentHash)
                .row('Time', time(b.timestamp))
                .code('Miner', b.miner)
                .row('Gas used', `${formatInteger(b.gasUsed)} of ${formatInteger(b.gasLimit)}`)
                .row(
                    'Base fee',
                    b.baseFeePerGas === undefined ? undefined : formatGwei(b.baseFeePerGas),
                )
                .row('Transactions', b.transactions?.length ?? b.transactionHashes.length)
                .build();
        }
        case 'evmTx': {
            const t = node.tx;
            return tip
                .title(`${node.chain.chainName} transaction`)
                .code('Hash', t.txHash)
                .row(
                    'Status',
                    t.txStatus === '1' ? 'success' : t.txStatus === '0' ? 'failed' : t.txStatus,
                )
                .row('Block', t.blockNumber)
                .row('Time', time(t.blockTimestamp))
                .code('From', t.from.address)
                .code('To', t.to.address)
                .row('Value', formatWei(t.value, node.chain.networkToken.symbol))
                .row('Method', t.method?.methodName ?? t.method?.callType)
                .row('Gas used', `${formatInteger(t.gasUsed)} of ${formatInteger(t.gasLimit)}`)
                .build();
        }
        case 'subnet': {
            const s = node.subnet;
            tip.title(s.isL1 ? 'L1' : 'Subnet')
                .code('Subnet id', s.subnetId)
                .row('Created', time(s.createBlockTimestamp))
                .row('P-Chain block', s.createBlockIndex)
                .row(
                    'Owner threshold',
                    `${s.subnetOwnershipInfo.threshold} of ${s.subnetOwnershipInfo.addresses.length}`,
                )
                .list('Owners', s.subnetOwnershipInfo.addresses)
                .code('L1 conversion', s.l1ConversionTransactionHash);
            if (s.l1ValidatorManagerDetails) {
                tip.code('Validator manager chain', s.l1ValidatorManagerDetails.blockchainId).code(
                    'Validator manager contract',
                    s.l1ValidatorManagerDetails.contractAddress,
                );
            }
            return tip
                .list(
                    'Blockchains',
                    s.blockchains.map((b) => b.blockchainName),
                )
                .build();
        }
        case 'blockchain': {
            const b = node.blockchain;
            return tip
                .title(b.blockchainName)
                .code('Blockchain id', b.blockchainId)
                .code('VM id', b.vmId)
                .row('EVM chain id', b.evmChainId)
                .code('Subnet id', b.subnetId)
                .row('Created', time(b.createBlockTimestamp))
                .build();
        }
        case 'l1Validator': {
            const v = node.validator;
            const bls = v.blsCredentials;
            return tip
                .title('L1 validator')
                .code('Node id', v.nodeId)
                .code('Validation id', v.validationId)
                .code('Validation id (hex)', v.validationIdHex)
                .code('Subnet id', v.subnetId)
                .row('Weight', formatInteger(v.weight))
                .row('Remaining balance', formatNAvax(v.remainingBalance))
                .row('Created', time(v.creationTimestamp))
                .code(
                    'BLS public key',
                    typeof bls['publicKey'] === 'string' ? bls['publicKey'] : undefined,
                )
                .code(
                    'BLS proof of possession',
                    typeof bls['proofOfPossession'] === 'string'
                        ? bls['proofOfPossession']
                        : undefined,
                )
                .row('Balance owner threshold', v.remainingBalanceOwner.threshold)
                .list('Balance owners', v.remainingBalanceOwner.addresses)
                .row('Deactivation owner threshold', v.deactivationOwner.threshold)
                .list('Deactivation owners', v.deactivationOwner.addresses)
                .build();
        }
        case 'filter':
            return tip
                .title('L1 validator filter')
                .text(node.text)
                .command('Change Filters…', CommandId.FilterValidators)
                .build();
        case 'nodeValidator': {
            const { compared } = node;
            const n = compared.node;
            const d = compared.dataApi;
            tip.title(`${node.chain.chainName} validator`)
                .code('Node id', compared.nodeId)
                .code('Validation id', compared.validationId);
            const marker = node.comparable ? describeAgreement(compared) : undefined;
            if (marker) tip.text(`⚠ ${marker}`);
            if (!node.comparable)
                tip.text(
                    'The Data API indexes L1 validators only, so the primary network is not compared.',
                );
            if (n) {
                tip.row('Weight (node)', formatInteger(n.weight))
                    .row('Started', time(n.startTimestamp))
                    .row(
                        'Uptime',
                        n.uptimePercentage === undefined
                            ? undefined
                            : `${formatPercent(n.uptimePercentage)} (${formatInteger(n.uptimeSeconds ?? 0)} s)`,
                    )
                    .row(
                        'Connected',
                        n.isConnected === undefined ? undefined : n.isConnected ? 'yes' : 'no',
                    )
                    .row('Active', n.isActive === undefined ? undefined : n.isActive ? 'yes' : 'no')
                    .row(
                        'Kind',
                        n.isL1Validator === undefined
                            ? undefined
                            : n.isL1Validator
                              ? 'L1 validator'
                              : 'subnet validator',
                    );
            }
            if (d) {
                tip.row('Weight (Data API)', formatInteger(d.weight)).row(
                    'Remaining balance',
                    formatNAvax(d.remainingBalance),
                );
            }
            return tip.build();
        }
        case 'nodeStatus':
            tip.title(node.name)
                .code('URL', node.url)
                .row(
                    node.reachable ? 'Round trip of the info batch' : 'Problem',
                    node.reachable ? `${Math.round(node.rttMs ?? 0)} ms` : node.message,
                )
                .row('Checked', new Date(node.fetchedAtMs).toISOString());
            if (!node.reachable) tip.command('Choose Node…', CommandId.ChooseNode);
            return tip.build();
        case 'peer': {
            const p = node.peer;
            return tip
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
        case 'upgrade':
            return tip
                .title(node.entry.label)
                .row('Activation', node.entry.time)
                .row('Key', node.entry.key)
                .build();
        case 'acp': {
            const a = node.acp;
            return tip
                .title(`ACP-${a.acp}`)
                .row('Support', `${formatNAvax(a.supportWeight)} from ${a.supporters.length} peers`)
                .row('Objection', `${formatNAvax(a.objectWeight)} from ${a.objectors.length} peers`)
                .row('Abstaining', formatNAvax(a.abstainWeight))
                .build();
        }
        case 'logger':
            return tip
                .title(`Logger ${node.logger.loggerName}`)
                .row('Log level', node.logger.logLevel)
                .row('Display level', node.logger.displayLevel)
                .build();
        case 'profiler':
            return tip
                .title('CPU profiler')
                .text(
                    'The admin API can start and stop the profiler but cannot report whether it runs; this row shows what this window did. Stopping writes cpu.profile in the node’s working directory.',
                )
                .build();
    }
}
