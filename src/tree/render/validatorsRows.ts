/**
 * Rows of the Validators view: the filter line, L1 validators as the Data API indexes them (marked
 * when their balance lasts less than the watch list's warning threshold at today's fee), and
 * each chain's validators as the connected node reports them, compared with the Data API.
 */
import type * as vscode from 'vscode';

import { CommandId } from '../../commands/commandIds';
import {
    formatInteger,
    formatNAvax,
    formatPercent,
    isPositiveAmount,
    relativeTime,
} from '../../core/format';
import { autoRenewFields, autoRenewSummary } from '../../core/summaries/primaryValidators';
import { describeOwner } from '../../core/stakingText';
import { describeAgreement } from '../../core/summaries/validatorDiff';
import type {
    FilterRow,
    L1ValidatorRow,
    NodeChainRow,
    NodeValidatorRow,
    PrimaryValidatorRow,
    RenderContext,
} from '../rows';
import { isUnderThreshold } from '../runwayMarks';
import { Collapsed, icon, type Look } from './look';
import { time, Tip } from './tip';

export function l1ValidatorLook(row: L1ValidatorRow, context: RenderContext): Look {
    const v = row.validator;
    const inactive = !isPositiveAmount(v.remainingBalance);
    const low = isUnderThreshold(row, context);
    const left = low && row.runway ? ` · ${row.runway.duration} left` : '';
    return {
        label: v.nodeId,
        description: `weight ${formatInteger(v.weight)} · ${formatNAvax(v.remainingBalance)} · ${relativeTime(v.creationTimestamp)}${inactive ? ' · inactive' : ''}${left}`,
        icon: low
            ? icon('warning', 'list.warningForeground')
            : icon(
                  inactive ? 'circle-slash' : 'server',
                  inactive ? 'disabledForeground' : undefined,
              ),
        context: `validator.l1.${inactive ? 'inactive' : 'active'}${low ? '.low' : ''}`,
    };
}

export function l1ValidatorTip(row: L1ValidatorRow, context: RenderContext): vscode.MarkdownString {
    const v = row.validator;
    const bls = v.blsCredentials;
    const tip = new Tip().title('L1 validator');
    if (isUnderThreshold(row, context)) {
        tip.text(
            `⚠ Its balance lasts less than the warning threshold of ${context.runwayWarningSeconds / 86_400} days (avalanche.watch.runwayWarningDays).`,
        );
    }
    return tip
        .code('Node id', v.nodeId)
        .code('Validation id', v.validationId)
        .code('Validation id (hex)', v.validationIdHex)
        .code('Subnet id', v.subnetId)
        .row('Weight', formatInteger(v.weight))
        .row('Remaining balance', formatNAvax(v.remainingBalance))
        .row(
            'Fee now',
            row.fees
                ? `${formatNAvax(row.fees.state.price, { maxFractionDigits: 9 })} per second (platform.getValidatorFeeState)`
                : undefined,
        )
        .row('Runway', row.runway?.text)
        .row('Created', time(v.creationTimestamp))
        .code('BLS public key', typeof bls['publicKey'] === 'string' ? bls['publicKey'] : undefined)
        .code(
            'BLS proof of possession',
            typeof bls['proofOfPossession'] === 'string' ? bls['proofOfPossession'] : undefined,
        )
        .row('Balance owner threshold', v.remainingBalanceOwner.threshold)
        .list('Balance owners', v.remainingBalanceOwner.addresses)
        .row('Deactivation owner threshold', v.deactivationOwner.threshold)
        .list('Deactivation owners', v.deactivationOwner.addresses)
        .build();
}

export function filterLook(row: FilterRow): Look {
    return {
        label: 'Filter',
        description: row.text,
        icon: icon(row.active ? 'filter-filled' : 'filter'),
        context: `filter.${row.active ? 'set' : 'none'}`,
        command: { command: CommandId.FilterValidators, title: 'Filter L1 Validators' },
    };
}

export function filterTip(row: FilterRow): vscode.MarkdownString {
    return new Tip()
        .title('L1 validator filter')
        .text(row.text)
        .command('Change Filters…', CommandId.FilterValidators)
        .build();
}

export function nodeChainLook(row: NodeChainRow): Look {
    const c = row.chain;
    return {
        label: c.chainName,
        description: `chain ${c.chainId} · as the node sees it`,
        icon: icon('server-environment'),
        context: 'chain.node',
        collapsible: Collapsed,
    };
}

export function nodeValidatorLook(row: NodeValidatorRow): Look {
    const { compared } = row;
    const n = compared.node;
    const d = compared.dataApi;
    const parts: string[] = [];
    const marker = row.comparable ? describeAgreement(compared) : undefined;
    if (marker) parts.push(`⚠ ${marker}`);
    if (n) {
        parts.push(`weight ${formatInteger(n.weight)}`);
        if (n.uptimePercentage !== undefined) {
            parts.push(`uptime ${formatPercent(n.uptimePercentage)}`);
        }
        if (n.isConnected !== undefined) parts.push(n.isConnected ? 'connected' : 'not connected');
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
        context: `validator.node.${row.comparable ? compared.agreement : 'uncompared'}`,
    };
}

export function nodeValidatorTip(row: NodeValidatorRow): vscode.MarkdownString {
    const { compared } = row;
    const n = compared.node;
    const d = compared.dataApi;
    const tip = new Tip()
        .title(`${row.chain.chainName} validator`)
        .code('Node id', compared.nodeId)
        .code('Validation id', compared.validationId);
    const marker = row.comparable ? describeAgreement(compared) : undefined;
    if (marker) tip.text(`⚠ ${marker}`);
    if (!row.comparable) {
        tip.text(
            'The Data API indexes L1 validators only, so the primary network is not compared.',
        );
    }
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

function seconds(decimal: string | undefined): number | undefined {
    return decimal !== undefined && /^\d{1,15}$/.test(decimal) ? Number(decimal) : undefined;
}

export function primaryValidatorLook(row: PrimaryValidatorRow): Look {
    const v = row.validator;
    const parts = [formatNAvax(v.weight)];
    if (v.uptime !== undefined) parts.push(`uptime ${formatPercent(v.uptime)}`);
    if (v.connected === false) parts.push('not connected');
    const end = seconds(v.endTime);
    if (v.autoRenewed) {
        parts.push(autoRenewSummary(v.autoRenewed));
        if (end !== undefined) parts.push(`cycle ends ${relativeTime(end)}`);
    } else if (end !== undefined) {
        parts.push(`ends ${relativeTime(end)}`);
    }
    return {
        label: v.nodeId,
        description: parts.join(' · '),
        icon: v.autoRenewed
            ? icon('sync', v.connected === false ? 'disabledForeground' : 'testing.iconPassed')
            : icon(
                  v.connected === false ? 'vm-outline' : 'vm-active',
                  v.connected === false ? 'disabledForeground' : 'testing.iconPassed',
              ),
        context: `validator.primary.${v.autoRenewed ? 'autoRenewed' : 'fixed'}`,
    };
}

export function primaryValidatorTip(row: PrimaryValidatorRow): vscode.MarkdownString {
    const v = row.validator;
    const tip = new Tip()
        .title(
            v.autoRenewed ? 'Auto-renewed primary network validator' : 'Primary network validator',
        )
        .code('Node id', v.nodeId)
        .code('Added by', v.txId)
        .row('Weight', formatNAvax(v.weight))
        .row(v.autoRenewed ? 'Cycle started' : 'Started', time(seconds(v.startTime)))
        .row(v.autoRenewed ? 'Cycle ends' : 'Ends', time(seconds(v.endTime)))
        .row('Uptime', v.uptime === undefined ? undefined : formatPercent(v.uptime))
        .row('Connected', v.connected === undefined ? undefined : v.connected ? 'yes' : 'no')
        .row(
            'Potential reward',
            v.potentialReward === undefined ? undefined : formatNAvax(v.potentialReward),
        )
        .row(
            'Delegation fees accrued',
            v.accruedDelegateeReward === undefined
                ? undefined
                : formatNAvax(v.accruedDelegateeReward),
        )
        .row(
            'Delegation fee',
            v.delegationFee === undefined ? undefined : formatPercent(v.delegationFee),
        )
        .row(
            'Delegators',
            v.delegatorCount === undefined
                ? undefined
                : `${formatInteger(v.delegatorCount)} (${formatNAvax(v.delegatorWeight ?? '0')})`,
        )
        .row(
            'Validation reward owner',
            v.validationRewardOwner ? describeOwner(v.validationRewardOwner) : undefined,
        )
        .row(
            'Delegation reward owner',
            v.delegationRewardOwner ? describeOwner(v.delegationRewardOwner) : undefined,
        )
        .code('BLS public key', v.publicKey);
    if (v.autoRenewed) {
        tip.text(
            'Auto-renewed staking (ACP-236): a new cycle starts when this one ends, until the authority sets the next cycle to none.',
        );
        for (const field of autoRenewFields(v.autoRenewed)) tip.row(field.label, field.value);
    }
    return tip.build();
}
