/**
 * What the context-menu actions do with a row: which ids "Copy ID" offers, what "Open as JSON"
 * shows and where "Open in Explorer" goes. Pure (no `vscode`), so it is unit-tested in plain Node.
 */
import { safeLinkTarget } from '../core/format';
import { dataApiQuery as data, type QueryRequest } from '../shared/query';
import { buildExplorerUrl } from '../platform/explorerUrl';
import type { Network } from '../platform/settingKeys';
import type { TreeNode } from './nodes';

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
export function copyValues(node: TreeNode): CopyValue[] {
    switch (node.kind) {
        case 'subnet':
            return values(
                ['Subnet id', node.subnet.subnetId],
                ['L1 conversion transaction', node.subnet.l1ConversionTransactionHash],
            );
        case 'blockchain':
            return values(
                ['Blockchain id', node.blockchain.blockchainId],
                ['VM id', node.blockchain.vmId],
                ['EVM chain id', node.blockchain.evmChainId],
            );
        case 'l1Validator':
            return values(
                ['Node id', node.validator.nodeId],
                ['Validation id', node.validator.validationId],
                ['Validation id (hex)', node.validator.validationIdHex],
            );
        case 'nodeValidator':
            return values(
                ['Node id', node.compared.nodeId],
                ['Validation id', node.compared.validationId],
            );
        case 'primaryBlock':
            return values(
                ['Block hash', node.block.blockHash],
                ['Block number', node.block.blockNumber],
            );
        case 'primaryTx':
            return values(['Transaction id', node.txId]);
        case 'vertex':
            return values(['Vertex hash', node.vertex.vertexHash]);
        case 'evmChain':
        case 'nodeChain':
            return values(
                ['EVM chain id', node.chain.chainId],
                ['Blockchain id', node.chain.platformChainId],
                ['Subnet id', node.chain.subnetId],
                ['RPC URL', node.chain.rpcUrl],
            );
        case 'evmBlock':
            return values(['Block hash', node.block.hash], ['Block number', node.block.number]);
        case 'evmTx':
            return values(
                ['Transaction hash', node.tx.txHash],
                ['From', node.tx.from.address],
                ['To', node.tx.to.address],
            );
        case 'peer':
            return values(['Node id', node.peer.nodeId], ['IP', node.peer.ip]);
        case 'nodeStatus':
            return values(['Node URL', node.url]);
        case 'logger':
            return values(['Logger name', node.logger.loggerName]);
        case 'field':
            return node.copy === undefined ? [] : values([node.label, node.copy]);
        default:
            return [];
    }
}

/**
 * The result panel "Open Details" opens for a row: the query that shows the row's own thing with
 * its related data (a transaction's transfers, an L1 validator's validation, a peer as the node
 * sees it). Undefined where no query says more than the row's JSON.
 */
export function panelQueryOf(node: TreeNode, network: Network): QueryRequest | undefined {
    const rpc = (
        method: string,
        texts: Record<string, string> = {},
        chain?: string,
    ): QueryRequest =>
        chain === undefined
            ? { source: 'node', method, texts }
            : { source: 'node', method, texts, chain };
    switch (node.kind) {
        case 'evmTx':
            return data('getTransaction', { chainId: node.chain.chainId, txHash: node.tx.txHash });
        case 'evmBlock':
            return data('getTransactionsForBlock', {
                chainId: node.chain.chainId,
                blockId: node.block.hash,
            });
        case 'vertex':
            return data('getVertexByHeight', {
                network,
                blockchainId: 'x-chain',
                vertexHeight: node.vertex.vertexHeight,
            });
        case 'subnet':
            return node.subnet.isL1
                ? data('listL1Validators', { network, subnetId: node.subnet.subnetId })
                : undefined;
        case 'l1Validator':
            return data('listL1Validators', {
                network,
                l1ValidationId: node.validator.validationId,
            });
        case 'nodeValidator':
            return node.comparable
                ? data('listL1Validators', { network, nodeId: node.compared.nodeId })
                : undefined;
        case 'nodeChain':
            return node.chain.platformChainId
                ? rpc('eth_getChainConfig', {}, node.chain.platformChainId)
                : undefined;
        case 'peer':
            return rpc('info.peers', { nodeIDs: node.peer.nodeId });
        case 'upgrade':
            return rpc('info.upgrades');
        case 'acp':
            return rpc('info.acps');
        case 'logger':
            return rpc('admin.getLoggerLevel', { loggerName: node.logger.loggerName });
        default:
            return undefined;
    }
}

/** The object "Open as JSON" shows, or undefined when the row has none. */
export function jsonOf(node: TreeNode): unknown {
    switch (node.kind) {
        case 'subnet':
            return node.subnet;
        case 'blockchain':
            return node.blockchain;
        case 'l1Validator':
            return node.validator;
        case 'nodeValidator':
            return node.compared;
        case 'primaryBlock':
            return node.block;
        case 'vertex':
            return node.vertex;
        case 'evmChain':
        case 'nodeChain':
            return node.chain;
        case 'evmBlock':
            return node.block;
        case 'evmTx':
            return node.tx;
        case 'peer':
            return node.peer;
        case 'upgrade':
            return node.entry;
        case 'acp':
            return node.acp;
        case 'logger':
            return node.logger;
        case 'field':
            return node.json;
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
export function explorerUrlOf(
    node: TreeNode,
    network: Network,
    template: string,
): string | undefined {
    const build = (kind: string, id: string): string =>
        buildExplorerUrl(template, { network, kind, id });
    switch (node.kind) {
        case 'subnet':
            return build('subnets', node.subnet.subnetId);
        case 'blockchain':
            return build('blockchains', node.blockchain.blockchainId);
        case 'l1Validator':
            return build('validators', node.validator.nodeId);
        case 'nodeValidator':
            return build('validators', node.compared.nodeId);
        case 'peer':
            return build('validators', node.peer.nodeId);
        case 'primaryBlock':
            return build(`${node.chain}/block`, node.block.blockNumber);
        case 'primaryTx':
            return build(`${node.chain}/tx`, node.txId);
        case 'evmChain':
        case 'nodeChain':
            return isCChain(node.chain.chainId)
                ? build('c-chain', '')
                : (chainExplorer(node.chain.explorerUrl, '') ?? undefined);
        case 'evmBlock':
            return isCChain(node.chain.chainId)
                ? build('c-chain/block', String(node.block.number))
                : chainExplorer(node.chain.explorerUrl, `block/${node.block.number}`);
        case 'evmTx':
            return isCChain(node.chain.chainId)
                ? build('c-chain/tx', node.tx.txHash)
                : chainExplorer(node.chain.explorerUrl, `tx/${encodeURIComponent(node.tx.txHash)}`);
        default:
            return undefined;
    }
}
