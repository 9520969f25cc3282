/**
 * Rows of the Validators view: the filter line, L1 validators as the Data API indexes them (marked
 * when their balance lasts less than the watch list's warning threshold at today's fee), and
 * each chain's validators as the connected node reports them, compared with the Data API.
 */
import * as vscode from 'vscode';

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
    const left = low && row.runway ? [vscode.l10n.t('{0} left', row.runway.duration)] : [];
    return {
        label: v.nodeId,
        description: [
            vscode.l10n.t('weight {0}', formatInteger(v.weight)),
            formatNAvax(v.remainingBalance),
            relativeTime(v.creationTimestamp),
            ...(inactive ? [vscode.l10n.t('inactive')] : []),
            ...left,
        ].join(' · '),
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
    const tip = new Tip().title(vscode.l10n.t('L1 validator'));
    if (isUnderThreshold(row, context)) {
        tip.text(
            vscode.l10n.t(
                '⚠ Its balance lasts less than the warning threshold of {0} days ({1}).',
                context.runwayWarningSeconds / 86_400,
                'avalanche.watch.runwayWarningDays',
            ),
        );
    }
    return tip
        .code(vscode.l10n.t('Node id'), v.nodeId)
        .code(vscode.l10n.t('Validation id'), v.validationId)
        .code(vscode.l10n.t('Validation id (hex)'), v.validationIdHex)
        .code(vscode.l10n.t('Subnet id'), v.subnetId)
        .row(vscode.l10n.t('Weight'), formatInteger(v.weight))
        .row(vscode.l10n.t('Remaining balance'), formatNAvax(v.remainingBalance))
        .row(
            vscode.l10n.t('Fee now'),
            row.fees
                ? vscode.l10n.t(
                      '{0} per second ({1})',
                      formatNAvax(row.fees.state.price, { maxFractionDigits: 9 }),
                      'platform.getValidatorFeeState',
                  )
                : undefined,
        )
        .row(vscode.l10n.t('Runway'), row.runway?.text)
        .row(vscode.l10n.t('Created'), time(v.creationTimestamp))
        .code(
            vscode.l10n.t('BLS public key'),
            typeof bls['publicKey'] === 'string' ? bls['publicKey'] : undefined,
        )
        .code(
            vscode.l10n.t('BLS proof of possession'),
            typeof bls['proofOfPossession'] === 'string' ? bls['proofOfPossession'] : undefined,
        )
        .row(vscode.l10n.t('Balance owner threshold'), v.remainingBalanceOwner.threshold)
        .list(vscode.l10n.t('Balance owners'), v.remainingBalanceOwner.addresses)
        .row(vscode.l10n.t('Deactivation owner threshold'), v.deactivationOwner.threshold)
        .list(vscode.l10n.t('Deactivation owners'), v.deactivationOwner.addresses)
        .build();
}

export function filterLook(row: FilterRow): Look {
    return {
        label: vscode.l10n.t('Filter'),
        description: row.text,
        icon: icon(row.active ? 'filter-filled' : 'filter'),
        context: `filter.${row.active ? 'set' : 'none'}`,
        command: {
            command: CommandId.FilterValidators,
            title: vscode.l10n.t('Filter L1 Validators'),
        },
    };
}

export function filterTip(row: FilterRow): vscode.MarkdownString {
    return new Tip()
        .title(vscode.l10n.t('L1 validator filter'))
        .text(row.text)
        .command(vscode.l10n.t('Change Filters…'), CommandId.FilterValidators)
        .build();
}

export function nodeChainLook(row: NodeChainRow): Look {
    const c = row.chain;
    return {
        label: c.chainName,
        description: vscode.l10n.t('chain {0} · as the node sees it', c.chainId),
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
        parts.push(vscode.l10n.t('weight {0}', formatInteger(n.weight)));
        if (n.uptimePercentage !== undefined) {
            parts.push(vscode.l10n.t('uptime {0}', formatPercent(n.uptimePercentage)));
        }
        if (n.isConnected !== undefined)
            parts.push(n.isConnected ? vscode.l10n.t('connected') : vscode.l10n.t('not connected'));
        if (n.isActive === false) parts.push(vscode.l10n.t('inactive'));
        if (n.isL1Validator !== undefined)
            parts.push(
                n.isL1Validator ? vscode.l10n.t('L1 validator') : vscode.l10n.t('subnet validator'),
            );
    } else if (d) {
        parts.push(vscode.l10n.t('weight {0}', formatInteger(d.weight)));
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
        .title(vscode.l10n.t('{0} validator', row.chain.chainName))
        .code(vscode.l10n.t('Node id'), compared.nodeId)
        .code(vscode.l10n.t('Validation id'), compared.validationId);
    const marker = row.comparable ? describeAgreement(compared) : undefined;
    if (marker) tip.text(`⚠ ${marker}`);
    if (!row.comparable) {
        tip.text(
            vscode.l10n.t(
                'The Data API indexes L1 validators only, so the primary network is not compared.',
            ),
        );
    }
    if (n) {
        tip.row(vscode.l10n.t('Weight (node)'), formatInteger(n.weight))
            .row(vscode.l10n.t('Started'), time(n.startTimestamp))
            .row(
                vscode.l10n.t('Uptime'),
                n.uptimePercentage === undefined
                    ? undefined
                    : `${formatPercent(n.uptimePercentage)} (${formatInteger(n.uptimeSeconds ?? 0)} s)`,
            )
            .row(
                vscode.l10n.t('Connected'),
                n.isConnected === undefined ? undefined : n.isConnected ? 'yes' : 'no',
            )
            .row(
                vscode.l10n.t('Active'),
                n.isActive === undefined ? undefined : n.isActive ? 'yes' : 'no',
            )
            .row(
                vscode.l10n.t('Kind'),
                n.isL1Validator === undefined
                    ? undefined
                    : n.isL1Validator
                      ? 'L1 validator'
                      : 'subnet validator',
            );
    }
    if (d) {
        tip.row(vscode.l10n.t('Weight (Data API)'), formatInteger(d.weight)).row(
            vscode.l10n.t('Remaining balance'),
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
    if (v.uptime !== undefined) parts.push(vscode.l10n.t('uptime {0}', formatPercent(v.uptime)));
    if (v.connected === false) parts.push(vscode.l10n.t('not connected'));
    const end = seconds(v.endTime);
    if (v.autoRenewed) {
        parts.push(autoRenewSummary(v.autoRenewed));
        if (end !== undefined) parts.push(vscode.l10n.t('cycle ends {0}', relativeTime(end)));
    } else if (end !== undefined) {
        parts.push(vscode.l10n.t('ends {0}', relativeTime(end)));
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
            v.autoRenewed
                ? vscode.l10n.t('Auto-renewed primary network validator')
                : vscode.l10n.t('Primary network validator'),
        )
        .code(vscode.l10n.t('Node id'), v.nodeId)
        .code(vscode.l10n.t('Added by'), v.txId)
        .row(vscode.l10n.t('Weight'), formatNAvax(v.weight))
        .row(
            v.autoRenewed ? vscode.l10n.t('Cycle started') : vscode.l10n.t('Started'),
            time(seconds(v.startTime)),
        )
        .row(
            v.autoRenewed ? vscode.l10n.t('Cycle ends') : vscode.l10n.t('Ends'),
            time(seconds(v.endTime)),
        )
        .row(vscode.l10n.t('Uptime'), v.uptime === undefined ? undefined : formatPercent(v.uptime))
        .row(
            vscode.l10n.t('Connected'),
            v.connected === undefined
                ? undefined
                : v.connected
                  ? vscode.l10n.t('yes')
                  : vscode.l10n.t('no'),
        )
        .row(
            vscode.l10n.t('Potential reward'),
            v.potentialReward === undefined ? undefined : formatNAvax(v.potentialReward),
        )
        .row(
            vscode.l10n.t('Delegation fees accrued'),
            v.accruedDelegateeReward === undefined
                ? undefined
                : formatNAvax(v.accruedDelegateeReward),
        )
        .row(
            vscode.l10n.t('Delegation fee'),
            v.delegationFee === undefined ? undefined : formatPercent(v.delegationFee),
        )
        .row(
            vscode.l10n.t('Delegators'),
            v.delegatorCount === undefined
                ? undefined
                : `${formatInteger(v.delegatorCount)} (${formatNAvax(v.delegatorWeight ?? '0')})`,
        )
        .row(
            vscode.l10n.t('Validation reward owner'),
            v.validationRewardOwner ? describeOwner(v.validationRewardOwner) : undefined,
        )
        .row(
            vscode.l10n.t('Delegation reward owner'),
            v.delegationRewardOwner ? describeOwner(v.delegationRewardOwner) : undefined,
        )
        .code(vscode.l10n.t('BLS public key'), v.publicKey);
    if (v.autoRenewed) {
        tip.text(
            vscode.l10n.t(
                'Auto-renewed staking (ACP-236): a new cycle starts when this one ends, until the authority sets the next cycle to none.',
            ),
        );
        for (const field of autoRenewFields(v.autoRenewed)) tip.row(field.label, field.value);
    }
    return tip.build();
}
