/**
 * Rows of the Chains view: the primary network's chains, their blocks, vertices and transactions,
 * and the EVM chains with their blocks and transactions.
 */
import * as vscode from 'vscode';

import { formatInteger, formatNAvax, formatWei, relativeTime, shortenId } from '../../core/format';
import type { ChainInfo } from '../../core/index';
import { blockFinality, describeConfirmations } from '../../core/nodeRpc/helicon';
import { formatGwei } from '../../core/summaries/evmConfig';
import type {
    EvmBlockRow,
    EvmChainRow,
    EvmTxRow,
    PrimaryBlockRow,
    PrimaryChain,
    PrimaryChainRow,
    PrimaryTxRow,
    VertexHeightRow,
    VertexRow,
} from '../rows';
import { Collapsed, collapsedIf, icon, type Look } from './look';
import { time, Tip } from './tip';

const primaryChainNames: Record<PrimaryChain, { label: string; description: () => string }> = {
    'p-chain': {
        label: 'P-Chain',
        description: () => vscode.l10n.t('Platform: staking, subnets, L1s'),
    },
    'x-chain': { label: 'X-Chain', description: () => vscode.l10n.t('Exchange: assets') },
    'c-chain': { label: 'C-Chain', description: () => vscode.l10n.t('Contract: EVM') },
};

/** The display name of a primary-network chain. */
function primaryChainLabel(chain: PrimaryChain): string {
    return primaryChainNames[chain].label;
}

export function primaryChainLook(row: PrimaryChainRow): Look {
    const names = primaryChainNames[row.chain];
    return {
        label: names.label,
        description: names.description(),
        icon: icon('circuit-board'),
        context: `primaryChain.${row.chain.charAt(0)}`,
        collapsible: Collapsed,
    };
}

export function primaryChainTip(row: PrimaryChainRow): vscode.MarkdownString {
    return new Tip()
        .title(primaryChainLabel(row.chain))
        .text(vscode.l10n.t('Latest blocks from the Data API, newest first.'))
        .build();
}

export function primaryBlockLook(row: PrimaryBlockRow): Look {
    const b = row.block;
    return {
        label: `#${b.blockNumber}`,
        description: vscode.l10n.t(
            '{0} · {1} tx · {2}',
            b.blockType,
            b.txCount,
            relativeTime(b.blockTimestamp),
        ),
        icon: icon('package'),
        context: 'block.primary',
        collapsible: collapsedIf(b.transactions.length > 0),
    };
}

export function primaryBlockTip(row: PrimaryBlockRow): vscode.MarkdownString {
    const b = row.block;
    const tip = new Tip()
        .title(vscode.l10n.t('{0} block {1}', primaryChainLabel(row.chain), b.blockNumber))
        .code(vscode.l10n.t('Hash'), b.blockHash)
        .code(vscode.l10n.t('Parent'), b.parentHash)
        .row(vscode.l10n.t('Type'), b.blockType)
        .row(vscode.l10n.t('Time'), time(b.blockTimestamp))
        .row(vscode.l10n.t('Transactions'), b.txCount)
        .row(vscode.l10n.t('Size'), vscode.l10n.t('{0} bytes', formatInteger(b.blockSizeBytes)));
    if (b.currentSupply !== undefined)
        tip.row(vscode.l10n.t('Current supply'), formatNAvax(b.currentSupply));
    if (b.activeL1Validators !== undefined)
        tip.row(vscode.l10n.t('Active L1 validators'), b.activeL1Validators);
    if (b.l1ValidatorsAccruedFees !== undefined) {
        tip.row(vscode.l10n.t('L1 validator fees accrued'), formatNAvax(b.l1ValidatorsAccruedFees));
    }
    const p = b.proposerDetails;
    if (p) {
        tip.code(vscode.l10n.t('Proposer'), p.proposerNodeId).row(
            vscode.l10n.t('Proposer P-Chain height'),
            p.proposerPChainHeight,
        );
    }
    return tip.build();
}

export function primaryTxLook(row: PrimaryTxRow): Look {
    return {
        label: shortenId(row.txId, 12, 8),
        icon: icon('arrow-swap'),
        context: `tx.primary.${row.chain.charAt(0)}`,
    };
}

export function primaryTxTip(row: PrimaryTxRow): vscode.MarkdownString {
    return new Tip()
        .title(vscode.l10n.t('{0} transaction', primaryChainLabel(row.chain)))
        .code(vscode.l10n.t('ID'), row.txId)
        .build();
}

export function vertexHeightLook(row: VertexHeightRow): Look {
    return {
        label: vscode.l10n.t('Height {0}', row.height),
        icon: icon('layers'),
        context: 'vertexHeight',
        collapsible: Collapsed,
    };
}

export function vertexHeightTip(row: VertexHeightRow): vscode.MarkdownString {
    return new Tip().title(vscode.l10n.t('X-Chain vertices at height {0}', row.height)).build();
}

export function vertexLook(row: VertexRow): Look {
    const v = row.vertex;
    return {
        label: shortenId(v.vertexHash, 12, 8),
        description: vscode.l10n.t(
            'index {0} · {1} tx · {2}',
            v.vertexIndex,
            v.txCount,
            relativeTime(v.vertexTimestamp),
        ),
        icon: icon('symbol-structure'),
        context: 'vertex',
        collapsible: collapsedIf(v.transactions.length > 0),
    };
}

export function vertexTip(row: VertexRow): vscode.MarkdownString {
    const v = row.vertex;
    return new Tip()
        .title(vscode.l10n.t('X-Chain vertex'))
        .code(vscode.l10n.t('Hash'), v.vertexHash)
        .row(vscode.l10n.t('Height'), v.vertexHeight)
        .row(vscode.l10n.t('Index'), v.vertexIndex)
        .row(vscode.l10n.t('Time'), time(v.vertexTimestamp))
        .row(vscode.l10n.t('Transactions'), v.txCount)
        .row(vscode.l10n.t('Size'), vscode.l10n.t('{0} bytes', formatInteger(v.vertexSizeBytes)))
        .list(vscode.l10n.t('Parents'), v.parentHashes)
        .build();
}

export function evmChainLook(row: EvmChainRow): Look {
    const c = row.chain;
    const status = c.status === 'OK' ? '' : ` · ${c.status}`;
    return {
        label: c.chainName,
        description: `${c.chainId} · ${c.vmName}${status}`,
        icon: icon('layers', c.status === 'OK' ? undefined : 'list.warningForeground'),
        context: `evmChain.${c.rpcUrl ? 'rpc' : 'noRpc'}`,
        collapsible: Collapsed,
    };
}

/** The tooltip of a chain, in the Chains view and in the Validators view's per-chain list. */
export function chainTip(c: ChainInfo): vscode.MarkdownString {
    return new Tip()
        .title(c.chainName)
        .text(c.description)
        .row(vscode.l10n.t('EVM chain id'), c.chainId)
        .code(vscode.l10n.t('Blockchain id'), c.platformChainId)
        .code(vscode.l10n.t('Subnet id'), c.subnetId)
        .row(vscode.l10n.t('VM'), c.vmName)
        .code(vscode.l10n.t('VM id'), c.vmId)
        .row(vscode.l10n.t('Status'), c.status)
        .row(vscode.l10n.t('Native token'), `${c.networkToken.name} (${c.networkToken.symbol})`)
        .link(vscode.l10n.t('Explorer'), c.explorerUrl)
        .code(vscode.l10n.t('RPC URL'), c.rpcUrl)
        .build();
}

/** True when the block is executed but not settled on an ACP-194 chain. */
function unsettled(row: EvmBlockRow): boolean {
    return (
        row.heights?.settled !== undefined &&
        blockFinality(row.block.number, row.heights) !== 'final'
    );
}

export function evmBlockLook(row: EvmBlockRow): Look {
    const b = row.block;
    const count = b.transactions?.length ?? b.transactionHashes.length;
    return {
        label: `#${b.number}`,
        description: unsettled(row)
            ? vscode.l10n.t(
                  '{0} tx · gas {1} · {2} · executed, not settled',
                  count,
                  formatInteger(b.gasUsed),
                  relativeTime(b.timestamp),
              )
            : vscode.l10n.t(
                  '{0} tx · gas {1} · {2}',
                  count,
                  formatInteger(b.gasUsed),
                  relativeTime(b.timestamp),
              ),
        icon: icon('package'),
        context: 'block.evm',
        collapsible: collapsedIf(count > 0),
    };
}

export function evmBlockTip(row: EvmBlockRow): vscode.MarkdownString {
    const b = row.block;
    return new Tip()
        .title(vscode.l10n.t('{0} block {1}', row.chain.chainName, b.number))
        .code(vscode.l10n.t('Hash'), b.hash)
        .code(vscode.l10n.t('Parent'), b.parentHash)
        .row(vscode.l10n.t('Time'), time(b.timestamp))
        .code(vscode.l10n.t('Miner'), b.miner)
        .row(
            vscode.l10n.t('Gas used'),
            vscode.l10n.t('{0} of {1}', formatInteger(b.gasUsed), formatInteger(b.gasLimit)),
        )
        .row(
            vscode.l10n.t('Base fee'),
            b.baseFeePerGas === undefined ? undefined : formatGwei(b.baseFeePerGas),
        )
        .row(
            vscode.l10n.t('Minimum gas price'),
            b.minGasPriceWei === undefined
                ? undefined
                : `${formatGwei(b.minGasPriceWei)} (ACP-283)`,
        )
        .row(
            vscode.l10n.t('Gas target'),
            b.targetGasPerSecond === undefined
                ? undefined
                : vscode.l10n.t('{0} gas/s ({1})', formatInteger(b.targetGasPerSecond), 'ACP-176'),
        )
        .row(vscode.l10n.t('Transactions'), b.transactions?.length ?? b.transactionHashes.length)
        .row(
            vscode.l10n.t('Finality'),
            row.heights?.settled === undefined
                ? undefined
                : describeConfirmations(b.number, row.heights),
        )
        .row(
            vscode.l10n.t('Settles through'),
            b.settlement ? `#${b.settlement.settledHeight}` : undefined,
        )
        .build();
}

export function evmTxLook(row: EvmTxRow): Look {
    const t = row.tx;
    const failed = t.txStatus === '0';
    const method = t.method?.methodName || t.method?.callType || 'transaction';
    const symbol = row.chain.networkToken.symbol;
    return {
        label: shortenId(t.txHash, 10, 8),
        description: failed
            ? vscode.l10n.t('failed · {0} · {1}', method, formatWei(t.value, symbol))
            : `${method} · ${formatWei(t.value, symbol)}`,
        icon: icon(failed ? 'error' : 'arrow-swap', failed ? 'list.errorForeground' : undefined),
        context: `tx.evm.${failed ? 'failed' : 'ok'}`,
    };
}

export function evmTxTip(row: EvmTxRow): vscode.MarkdownString {
    const t = row.tx;
    return new Tip()
        .title(vscode.l10n.t('{0} transaction', row.chain.chainName))
        .code(vscode.l10n.t('Hash'), t.txHash)
        .row(
            vscode.l10n.t('Status'),
            t.txStatus === '1'
                ? vscode.l10n.t('success')
                : t.txStatus === '0'
                  ? vscode.l10n.t('failed')
                  : t.txStatus,
        )
        .row(vscode.l10n.t('Block'), t.blockNumber)
        .row(vscode.l10n.t('Time'), time(t.blockTimestamp))
        .code(vscode.l10n.t('From'), t.from.address)
        .code(vscode.l10n.t('To'), t.to.address)
        .row(vscode.l10n.t('Value'), formatWei(t.value, row.chain.networkToken.symbol))
        .row(vscode.l10n.t('Method'), t.method?.methodName ?? t.method?.callType)
        .row(
            vscode.l10n.t('Gas used'),
            vscode.l10n.t('{0} of {1}', formatInteger(t.gasUsed), formatInteger(t.gasLimit)),
        )
        .build();
}
