/**
 * What "Watch" follows for a row: an L1 validator, an L1, the node, a pending transaction or an
 * address, as the watch list's target. Pure (no `vscode`), so it is unit-tested in plain Node. The
 * tree hands the target to `avalanche.watch.add`, which checks it again: the two features meet
 * only through that command.
 */
import type { WatchTarget } from '../core/index';
import type { Network } from '../platform/settingKeys';
import type { Row } from './rows';

/** The longest name a watched L1 keeps (the watch list's limit). */
const maxNameLength = 80;

/** The target of `row` on `network`, or undefined when the row shows nothing to watch. */
export function watchTargetOf(row: Row, network: Network): WatchTarget | undefined {
    switch (row.kind) {
        case 'l1Validator': {
            const v = row.validator;
            return {
                kind: 'l1Validator',
                network,
                validationId: v.validationId,
                subnetId: v.subnetId,
                nodeId: v.nodeId,
            };
        }
        case 'nodeValidator': {
            // Only an L1's validators have a validation id; a subnet's or the primary network's
            // have no balance to follow.
            const validationId = row.compared.validationId;
            if (!row.comparable || !validationId) return undefined;
            return {
                kind: 'l1Validator',
                network,
                validationId,
                subnetId: row.chain.subnetId,
                nodeId: row.compared.nodeId,
            };
        }
        case 'subnet': {
            const s = row.subnet;
            if (!s.isL1) return undefined;
            const name = s.blockchains
                .map((b) => b.blockchainName)
                .filter(Boolean)
                .join(', ');
            return {
                kind: 'l1',
                network,
                subnetId: s.subnetId,
                ...(name ? { name: shorten(name) } : {}),
            };
        }
        case 'nodeStatus':
            return { kind: 'node', url: row.url, name: row.name };
        case 'primaryTx':
            // The watch list follows P-Chain transactions only (platform.getTxStatus).
            return row.chain === 'p-chain' ? { kind: 'pTx', network, txId: row.txId } : undefined;
        case 'evmTx':
            return {
                kind: 'evmTx',
                network,
                chainId: row.chain.chainId,
                hash: row.tx.txHash,
                chainName: row.chain.chainName,
            };
        case 'field':
            return row.role === 'address' ? addressTarget(row, network) : undefined;
        default:
            return undefined;
    }
}

/** An address field's balance on the EVM chain whose section holds it. */
function addressTarget(row: Extract<Row, { kind: 'field' }>, network: Network) {
    const address = row.copy;
    if (address === undefined) return undefined;
    for (let up = row.parent; up; up = up.parent) {
        const chain =
            up.kind === 'evmChain'
                ? up.chain
                : up.kind === 'group' && up.group.type === 'evmConfig'
                  ? up.group.chain
                  : undefined;
        if (chain) {
            return {
                kind: 'evmAddress' as const,
                network,
                chainId: chain.chainId,
                address,
                chainName: chain.chainName,
            };
        }
    }
    return undefined;
}

function shorten(name: string): string {
    return name.length <= maxNameLength ? name : `${name.slice(0, maxNameLength - 1)}…`;
}
