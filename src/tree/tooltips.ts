/**
 * Tooltips, built on demand in `resolveTreeItem`
 * (https://code.visualstudio.com/api/references/vscode-api#TreeDataProvider): one switch over the
 * row's kind, each case delegating to its view's module under `render/`. Every tooltip is built
 * with `render/tip.ts`, which escapes what chains, APIs and nodes send.
 */
import type * as vscode from 'vscode';

import * as chains from './render/chainsRows';
import * as common from './render/commonRows';
import * as nodeView from './render/nodeRows';
import * as subnets from './render/subnetsRows';
import * as validators from './render/validatorsRows';
import type { RenderContext, Row } from './rows';

/** The tooltip of a row, or undefined for rows whose label says it all. */
export function tooltipFor(row: Row, context: RenderContext): vscode.MarkdownString | undefined {
    switch (row.kind) {
        // Every view
        case 'loadMore':
            return common.loadMoreTip(row);
        case 'error':
            return common.errorTip(row);
        case 'signIn':
            return common.signInTip(row);
        case 'empty':
            return undefined;
        case 'notice':
            return common.noticeTip(row);
        case 'field':
            return common.fieldTip(row);
        case 'group':
            return common.groupTip(row);
        // Chains
        case 'primaryChain':
            return chains.primaryChainTip(row);
        case 'primaryBlock':
            return chains.primaryBlockTip(row);
        case 'primaryTx':
            return chains.primaryTxTip(row);
        case 'vertexHeight':
            return chains.vertexHeightTip(row);
        case 'vertex':
            return chains.vertexTip(row);
        case 'evmChain':
            return chains.chainTip(row.chain);
        case 'evmBlock':
            return chains.evmBlockTip(row);
        case 'evmTx':
            return chains.evmTxTip(row);
        // Subnets & L1s
        case 'subnet':
            return subnets.subnetTip(row);
        case 'blockchain':
            return subnets.blockchainTip(row);
        // Validators
        case 'l1Validator':
            return validators.l1ValidatorTip(row, context);
        case 'filter':
            return validators.filterTip(row);
        case 'nodeChain':
            return chains.chainTip(row.chain);
        case 'nodeValidator':
            return validators.nodeValidatorTip(row);
        case 'primaryValidator':
            return validators.primaryValidatorTip(row);
        // Node
        case 'nodeStatus':
            return nodeView.nodeStatusTip(row);
        case 'peer':
            return nodeView.peerTip(row);
        case 'upgrade':
            return nodeView.upgradeTip(row);
        case 'acp':
            return nodeView.acpTip(row);
        case 'logger':
            return nodeView.loggerTip(row);
        case 'profiler':
            return nodeView.profilerTip();
    }
}
