/**
 * What the context-menu actions do with a row: which ids "Copy ID" offers, what "Open as JSON"
 * shows and where "Open in Explorer" goes. Pure (no `vscode`), so it is unit-tested in plain Node.
 */
import { safeLinkTarget } from '../core/format';
import { dataApiQuery as data, type QueryRequest } from '../shared/query';
import { buildExplorerUrl } from '../platform/explorerUrl';
import type { Network } from '../platform/settingKeys';
import type { Row } from './rows';
import { l10n } from './treeL10n';

export interface CopyValue {
    readonly label: string;
    readonly value: string;
}

function values(...pairs: [string, string | number | undefined][]): CopyValue[] {
    return pairs
        .filter((p): p is [string, string | number] => p[1] !== undefined && p[1] !== '')
        .map(([label, value]) => ({ label, value: String(value) }));
}

/** The ids and addresses of a row, most useful first; empty when it has none. */
export function copyValues(row: Row): CopyValue[] {
    switch (row.kind) {
        case 'subnet':
            return values(
                [l10n.t('Subnet id'), row.subnet.subnetId],
                [l10n.t('L1 conversion transaction'), row.subnet.l1ConversionTransactionHash],
            );
        case 'blockchain':
            return values(
                [l10n.t('Blockchain id'), row.blockchain.blockchainId],
                [l10n.t('VM id'), row.blockchain.vmId],
                [l10n.t('EVM chain id'), row.blockchain.evmChainId],
            );
        case 'l1Validator':
            return values(
                [l10n.t('Node id'), row.validator.nodeId],
                [l10n.t('Validation id'), row.validator.validationId],
                [l10n.t('Validation id (hex)'), row.validator.validationIdHex],
            );
        case 'nodeValidator':
            return values(
                [l10n.t('Node id'), row.compared.nodeId],
                [l10n.t('Validation id'), row.compared.validationId],
            );
        case 'primaryValidator':
            return values(
                [l10n.t('Node id'), row.validator.nodeId],
                [l10n.t('Transaction id'), row.validator.txId],
            );
        case 'primaryBlock':
            return values(
                [l10n.t('Block hash'), row.block.blockHash],
                [l10n.t('Block number'), row.block.blockNumber],
            );
        case 'primaryTx':
            return values([l10n.t('Transaction id'), row.txId]);
        case 'vertex':
            return values([l10n.t('Vertex hash'), row.vertex.vertexHash]);
        case 'evmChain':
        case 'nodeChain':
            return values(
                [l10n.t('EVM chain id'), row.chain.chainId],
                [l10n.t('Blockchain id'), row.chain.platformChainId],
                [l10n.t('Subnet id'), row.chain.subnetId],
                [l10n.t('RPC URL'), row.chain.rpcUrl],
            );
        case 'evmBlock':
            return values(
                [l10n.t('Block hash'), row.block.hash],
                [l10n.t('Block number'), row.block.number],
            );
        case 'evmTx':
            return values(
                [l10n.t('Transaction hash'), row.tx.txHash],
                [l10n.t('From'), row.tx.from.address],
                [l10n.t('To'), row.tx.to.address],
            );
        case 'peer':
            return values([l10n.t('Node id'), row.peer.nodeId], [l10n.t('IP'), row.peer.ip]);
        case 'nodeStatus':
            return values([l10n.t('Node URL'), row.url]);
        case 'logger':
            return values([l10n.t('Logger name'), row.logger.loggerName]);
        case 'field':
            return row.copy === undefined ? [] : values([row.label, row.copy]);
        default:
            return [];
    }
}

/**
 * The result panel "Open Details" opens for a row: the query that shows the row's own thing with
 * its related data (a transaction's transfers, an L1 validator's validation, a peer as the node
 * sees it). Undefined where no query says more than the row's JSON.
 */
export function panelQueryOf(row: Row, network: Network): QueryRequest | undefined {
    const rpc = (
        method: string,
        texts: Record<string, string> = {},
        chain?: string,
    ): QueryRequest =>
        chain === undefined
            ? { source: 'node', method, texts }
            : { source: 'node', method, texts, chain };
    switch (row.kind) {
        case 'evmTx':
            return data('getTransaction', { chainId: row.chain.chainId, txHash: row.tx.txHash });
        case 'evmBlock':
            return data('getTransactionsForBlock', {
                chainId: row.chain.chainId,
                blockId: row.block.hash,
            });
        case 'vertex':
            return data('getVertexByHeight', {
                network,
                blockchainId: 'x-chain',
                vertexHeight: row.vertex.vertexHeight,
            });
        case 'subnet':
            return row.subnet.isL1
                ? data('listL1Validators', { network, subnetId: row.subnet.subnetId })
                : undefined;
        case 'l1Validator':
            return data('listL1Validators', {
                network,
                l1ValidationId: row.validator.validationId,
            });
        case 'nodeValidator':
            return row.comparable
                ? data('listL1Validators', { network, nodeId: row.compared.nodeId })
                : undefined;
        case 'nodeChain':
            return row.chain.platformChainId
                ? rpc('eth_getChainConfig', {}, row.chain.platformChainId)
                : undefined;
        case 'peer':
            return rpc('info.peers', { nodeIDs: row.peer.nodeId });
        case 'primaryValidator':
            return rpc('platform.getCurrentValidators', { nodeIDs: row.validator.nodeId });
        case 'upgrade':
            return rpc('info.upgrades');
        case 'acp':
            return rpc('info.acps');
        case 'logger':
            return rpc('admin.getLoggerLevel', { loggerName: row.logger.loggerName });
        default:
            return undefined;
    }
}

/** The object "Open as JSON" shows, or undefined when the row has none. */
export function jsonOf(row: Row): unknown {
    switch (row.kind) {
        case 'subnet':
            return row.subnet;
        case 'blockchain':
            return row.blockchain;
        case 'l1Validator':
            return row.validator;
        case 'nodeValidator':
            return row.compared;
        case 'primaryValidator':
            return row.validator;
        case 'primaryBlock':
            return row.block;
        case 'vertex':
            return row.vertex;
        case 'evmChain':
        case 'nodeChain':
            return row.chain;
        case 'evmBlock':
            return row.block;
        case 'evmTx':
            return row.tx;
        case 'peer':
            return row.peer;
        case 'upgrade':
            return row.entry;
        case 'acp':
            return row.acp;
        case 'logger':
            return row.logger;
        case 'field':
            return row.json;
        default:
            return undefined;
    }
}

/** JSON text for a document: bigints as strings, two-space indent. */
export function jsonText(value: unknown): string {
    return JSON.stringify(
        value,
        (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
        2,
    );
}

/** A path under a chain's own explorer (`explorerUrl` from the Data API), if it is http(s). */
function chainExplorer(explorerUrl: string | undefined, path: string): string | undefined {
    if (!explorerUrl) return undefined;
    const base = safeLinkTarget(explorerUrl);
    return base === undefined ? undefined : `${base.replace(/\/+$/, '')}/${path}`;
}

function isCChain(chainId: string): boolean {
    return chainId === '43114' || chainId === '43113';
}

/**
 * The web page of a row: the Avalanche explorer through the URL template for primary-network
 * items, subnets and validators, and the chain's own explorer for other EVM chains.
 */
export function explorerUrlOf(row: Row, network: Network, template: string): string | undefined {
    const build = (kind: string, id: string): string =>
        buildExplorerUrl(template, { network, kind, id });
    switch (row.kind) {
        case 'subnet':
            return build('subnets', row.subnet.subnetId);
        case 'blockchain':
            return build('blockchains', row.blockchain.blockchainId);
        case 'l1Validator':
            return build('validators', row.validator.nodeId);
        case 'nodeValidator':
            return build('validators', row.compared.nodeId);
        case 'primaryValidator':
            return build('validators', row.validator.nodeId);
        case 'peer':
            return build('validators', row.peer.nodeId);
        case 'primaryBlock':
            return build(`${row.chain}/block`, row.block.blockNumber);
        case 'primaryTx':
            return build(`${row.chain}/tx`, row.txId);
        case 'evmChain':
        case 'nodeChain':
            return isCChain(row.chain.chainId)
                ? build('c-chain', '')
                : (chainExplorer(row.chain.explorerUrl, '') ?? undefined);
        case 'evmBlock':
            return isCChain(row.chain.chainId)
                ? build('c-chain/block', String(row.block.number))
                : chainExplorer(row.chain.explorerUrl, `block/${row.block.number}`);
        case 'evmTx':
            return isCChain(row.chain.chainId)
                ? build('c-chain/tx', row.tx.txHash)
                : chainExplorer(row.chain.explorerUrl, `tx/${encodeURIComponent(row.tx.txHash)}`);
        default:
            return undefined;
    }
}
