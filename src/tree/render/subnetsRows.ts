/** Rows of the Subnets & L1s view: subnets and L1s, and their blockchains. */
import type * as vscode from 'vscode';

import { relativeTime, shortenId } from '../../core/format';
import type { BlockchainRow, SubnetRow } from '../rows';
import { Collapsed, icon, type Look } from './look';
import { time, Tip } from './tip';

export function subnetLook(row: SubnetRow): Look {
    const s = row.subnet;
    const names = s.blockchains.map((b) => b.blockchainName).filter(Boolean);
    const label = names.length > 0 ? names.join(', ') : `Subnet ${shortenId(s.subnetId, 8, 6)}`;
    return {
        label,
        // A subnet read from a node has no creation time (0): the Data API's index has it.
        description: `${s.isL1 ? 'L1' : 'Subnet'} · ${shortenId(s.subnetId, 8, 6)}${s.createBlockTimestamp > 0 ? ` · ${relativeTime(s.createBlockTimestamp)}` : ''}${row.partial ? ' · partial' : ''}`,
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
        .title(s.isL1 ? 'L1' : 'Subnet')
        .code('Subnet id', s.subnetId)
        .row('Created', s.createBlockTimestamp > 0 ? time(s.createBlockTimestamp) : undefined)
        .row('P-Chain block', s.createBlockIndex || undefined)
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
    tip.list(
        'Blockchains',
        s.blockchains.map((b) => b.blockchainName),
    );
    if (row.partial) {
        // The Data API's item did not match its published shape: what is left out, and why.
        tip.list('Partial: shown without', row.partial.removed).list(
            'Did not match',
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
                ? `EVM chain ${b.evmChainId}`
                : `VM ${shortenId(b.vmId, 6, 4)}`,
        icon: icon('link'),
        context: `blockchain.${b.evmChainId !== undefined ? 'evm' : 'other'}`,
        collapsible: Collapsed,
    };
}

export function blockchainTip(row: BlockchainRow): vscode.MarkdownString {
    const b = row.blockchain;
    return new Tip()
        .title(b.blockchainName)
        .code('Blockchain id', b.blockchainId)
        .code('VM id', b.vmId)
        .row('EVM chain id', b.evmChainId)
        .code('Subnet id', b.subnetId)
        .row('Created', b.createBlockTimestamp > 0 ? time(b.createBlockTimestamp) : undefined)
        .build();
}
