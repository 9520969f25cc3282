/** Rows of the Subnets & L1s view: subnets and L1s, and their blockchains. */
import * as vscode from 'vscode';

import { relativeTime, shortenId } from '../../core/format';
import type { BlockchainRow, SubnetRow } from '../rows';
import { Collapsed, icon, type Look } from './look';
import { time, Tip } from './tip';

export function subnetLook(row: SubnetRow): Look {
    const s = row.subnet;
    const names = s.blockchains.map((b) => b.blockchainName).filter(Boolean);
    const label =
        names.length > 0
            ? names.join(', ')
            : vscode.l10n.t('Subnet {0}', shortenId(s.subnetId, 8, 6));
    return {
        label,
        // A subnet read from a node has no creation time (0): the Data API's index has it.
        description: [
            s.isL1 ? 'L1' : vscode.l10n.t('Subnet'),
            shortenId(s.subnetId, 8, 6),
            ...(s.createBlockTimestamp > 0 ? [relativeTime(s.createBlockTimestamp)] : []),
            ...(row.partial ? [vscode.l10n.t('partial')] : []),
        ].join(' · '),
        icon: row.partial
            ? icon('warning', 'list.warningForeground')
            : icon(row.pinned ? 'pinned' : s.isL1 ? 'globe' : 'type-hierarchy'),
        context: `subnet.${s.isL1 ? 'l1' : 'subnet'}${row.pinned ? '.pinned' : ''}`,
        collapsible: Collapsed,
    };
}

export function subnetTip(row: SubnetRow): vscode.MarkdownString {
    const s = row.subnet;
    const tip = new Tip()
        .title(s.isL1 ? 'L1' : vscode.l10n.t('Subnet'))
        .code(vscode.l10n.t('Subnet id'), s.subnetId)
        .row(
            vscode.l10n.t('Created'),
            s.createBlockTimestamp > 0 ? time(s.createBlockTimestamp) : undefined,
        )
        .row(vscode.l10n.t('P-Chain block'), s.createBlockIndex || undefined)
        .row(
            vscode.l10n.t('Owner threshold'),
            vscode.l10n.t(
                '{0} of {1}',
                s.subnetOwnershipInfo.threshold,
                s.subnetOwnershipInfo.addresses.length,
            ),
        )
        .list(vscode.l10n.t('Owners'), s.subnetOwnershipInfo.addresses)
        .code(vscode.l10n.t('L1 conversion'), s.l1ConversionTransactionHash);
    if (s.l1ValidatorManagerDetails) {
        tip.code(
            vscode.l10n.t('Validator manager chain'),
            s.l1ValidatorManagerDetails.blockchainId,
        ).code(
            vscode.l10n.t('Validator manager contract'),
            s.l1ValidatorManagerDetails.contractAddress,
        );
    }
    tip.list(
        vscode.l10n.t('Blockchains'),
        s.blockchains.map((b) => b.blockchainName),
    );
    if (row.partial) {
        // The Data API's item did not match its published shape: what is left out, and why.
        tip.list(vscode.l10n.t('Partial: shown without'), row.partial.removed).list(
            vscode.l10n.t('Did not match'),
            row.partial.problems,
        );
    }
    return tip.build();
}

export function blockchainLook(row: BlockchainRow): Look {
    const b = row.blockchain;
    return {
        label: b.blockchainName || shortenId(b.blockchainId),
        description:
            b.evmChainId !== undefined
                ? vscode.l10n.t('EVM chain {0}', b.evmChainId)
                : vscode.l10n.t('VM {0}', shortenId(b.vmId, 6, 4)),
        icon: icon('link'),
        context: `blockchain.${b.evmChainId !== undefined ? 'evm' : 'other'}`,
        collapsible: Collapsed,
    };
}

export function blockchainTip(row: BlockchainRow): vscode.MarkdownString {
    const b = row.blockchain;
    return new Tip()
        .title(b.blockchainName)
        .code(vscode.l10n.t('Blockchain id'), b.blockchainId)
        .code(vscode.l10n.t('VM id'), b.vmId)
        .row(vscode.l10n.t('EVM chain id'), b.evmChainId)
        .code(vscode.l10n.t('Subnet id'), b.subnetId)
        .row(
            vscode.l10n.t('Created'),
            b.createBlockTimestamp > 0 ? time(b.createBlockTimestamp) : undefined,
        )
        .build();
}
