/**
 * Rows of the Chains view: the primary network's chains, their blocks, vertices and transactions,
 * and the EVM chains with their blocks and transactions.
 */
import type * as vscode from 'vscode';

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

const primaryChainNames: Record<PrimaryChain, { label: string; description: string }> = {
    'p-chain': { label: 'P-Chain', description: 'Platform: staking, subnets, L1s' },
    'x-chain': { label: 'X-Chain', description: 'Exchange: assets' },
    'c-chain': { label: 'C-Chain', description: 'Contract: EVM' },
};

/** The display name of a primary-network chain. */
function primaryChainLabel(chain: PrimaryChain): string {
    return primaryChainNames[chain].label;
}

export function primaryChainLook(row: PrimaryChainRow): Look {
    const names = primaryChainNames[row.chain];
    return {
        label: names.label,
        description: names.description,
        icon: icon('circuit-board'),
        context: `primaryChain.${row.chain.charAt(0)}`,
        collapsible: Collapsed,
    };
}

export function primaryChainTip(row: PrimaryChainRow): vscode.MarkdownString {
    return new Tip()
        .title(primaryChainLabel(row.chain))
        .text('Latest blocks from the Data API, newest first.')
        .build();
}

export function primaryBlockLook(row: PrimaryBlockRow): Look {
    const b = row.block;
    return {
        label: `#${b.blockNumber}`,
        description: `${b.blockType} · ${b.txCount} tx · ${relativeTime(b.blockTimestamp)}`,
        icon: icon('package'),
        context: 'block.primary',
        collapsible: collapsedIf(b.transactions.length > 0),
    };
}

export function primaryBlockTip(row: PrimaryBlockRow): vscode.MarkdownString {
    const b = row.block;
    const tip = new Tip()
        .title(`${primaryChainLabel(row.chain)} block ${b.blockNumber}`)
        .code('Hash', b.blockHash)
        .code('Parent', b.parentHash)
        .row('Type', b.blockType)
        .row('Time', time(b.blockTimestamp))
        .row('Transactions', b.txCount)
        .row('Size', `${formatInteger(b.blockSizeBytes)} bytes`);
    if (b.currentSupply !== undefined) tip.row('Current supply', formatNAvax(b.currentSupply));
    if (b.activeL1Validators !== undefined) tip.row('Active L1 validators', b.activeL1Validators);
    if (b.l1ValidatorsAccruedFees !== undefined) {
        tip.row('L1 validator fees accrued', formatNAvax(b.l1ValidatorsAccruedFees));
    }
    const p = b.proposerDetails;
    if (p) {
        tip.code('Proposer', p.proposerNodeId).row(
            'Proposer P-Chain height',
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
        .title(`${primaryChainLabel(row.chain)} transaction`)
        .code('ID', row.txId)
        .build();
}

export function vertexHeightLook(row: VertexHeightRow): Look {
    return {
        label: `Height ${row.height}`,
        icon: icon('layers'),
        context: 'vertexHeight',
        collapsible: Collapsed,
    };
}

export function vertexHeightTip(row: VertexHeightRow): vscode.MarkdownString {
    return new Tip().title(`X-Chain vertices at height ${row.height}`).build();
}

export function vertexLook(row: VertexRow): Look {
    const v = row.vertex;
    return {
        label: shortenId(v.vertexHash, 12, 8),
        description: `index ${v.vertexIndex} · ${v.txCount} tx · ${relativeTime(v.vertexTimestamp)}`,
        icon: icon('symbol-structure'),
        context: 'vertex',
        collapsible: collapsedIf(v.transactions.length > 0),
    };
}

export function vertexTip(row: VertexRow): vscode.MarkdownString {
    const v = row.vertex;
    return new Tip()
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
        description: `${count} tx · gas ${formatInteger(b.gasUsed)} · ${relativeTime(b.timestamp)}${unsettled(row) ? ' · executed, not settled' : ''}`,
        icon: icon('package'),
        context: 'block.evm',
        collapsible: collapsedIf(count > 0),
    };
}

export function evmBlockTip(row: EvmBlockRow): vscode.MarkdownString {
    const b = row.block;
    return new Tip()
        .title(`${row.chain.chainName} block ${b.number}`)
        .code('Hash', b.hash)
        .code('Parent', b.parentHash)
        .row('Time', time(b.timestamp))
        .code('Miner', b.miner)
        .row('Gas used', `${formatInteger(b.gasUsed)} of ${formatInteger(b.gasLimit)}`)
        .row('Base fee', b.baseFeePerGas === undefined ? undefined : formatGwei(b.baseFeePerGas))
        .row(
            'Minimum gas price',
            b.minGasPriceWei === undefined
                ? undefined
                : `${formatGwei(b.minGasPriceWei)} (ACP-283)`,
        )
        .row(
            'Gas target',
            b.targetGasPerSecond === undefined
                ? undefined
                : `${formatInteger(b.targetGasPerSecond)} gas/s (ACP-176)`,
        )
        .row('Transactions', b.transactions?.length ?? b.transactionHashes.length)
        .row(
            'Finality',
            row.heights?.settled === undefined
                ? undefined
                : describeConfirmations(b.number, row.heights),
        )
        .row('Settles through', b.settlement ? `#${b.settlement.settledHeight}` : undefined)
        .build();
}

export function evmTxLook(row: EvmTxRow): Look {
    const t = row.tx;
    const failed = t.txStatus === '0';
    const method = t.method?.methodName || t.method?.callType || 'transaction';
    const symbol = row.chain.networkToken.symbol;
    return {
        label: shortenId(t.txHash, 10, 8),
        description: `${failed ? 'failed · ' : ''}${method} · ${formatWei(t.value, symbol)}`,
        icon: icon(failed ? 'error' : 'arrow-swap', failed ? 'list.errorForeground' : undefined),
        context: `tx.evm.${failed ? 'failed' : 'ok'}`,
    };
}

export function evmTxTip(row: EvmTxRow): vscode.MarkdownString {
    const t = row.tx;
    return new Tip()
        .title(`${row.chain.chainName} transaction`)
        .code('Hash', t.txHash)
        .row('Status', t.txStatus === '1' ? 'success' : t.txStatus === '0' ? 'failed' : t.txStatus)
        .row('Block', t.blockNumber)
        .row('Time', time(t.blockTimestamp))
        .code('From', t.from.address)
        .code('To', t.to.address)
        .row('Value', formatWei(t.value, row.chain.networkToken.symbol))
        .row('Method', t.method?.methodName ?? t.method?.callType)
        .row('Gas used', `${formatInteger(t.gasUsed)} of ${formatInteger(t.gasLimit)}`)
        .build();
}
