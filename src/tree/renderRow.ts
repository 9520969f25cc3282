/**
 * Row data → TreeItem: one switch over the row's kind, each case delegating to the function of
 * that kind in its view's module under `render/`. Labels and descriptions are plain text (VS Code
 * does not read them as Markdown), so chain data appears as sent, its bidi and invisible
 * characters shown as markers; tooltips are Markdown and built
 * later, escaped, by `tooltips.ts`. Context values are `<kind>.<state>` so that `package.json`
 * menus match them with regular expressions (`viewItem =~ /^tx(\.|$)/`).
 */
import * as vscode from 'vscode';

import { inertLine } from '../core/text/inert';

import * as chains from './render/chainsRows';
import * as common from './render/commonRows';
import { type Look, None } from './render/look';
import * as nodeView from './render/nodeRows';
import * as subnets from './render/subnetsRows';
import * as validators from './render/validatorsRows';
import type { RenderContext, Row } from './rows';

/** Longest label or description of a row: a row is one line of a narrow sidebar. */
const maxLabelChars = 300;

/** The TreeItem of a row; the tooltip is added by `resolveTreeItem`. */
export function renderRow(row: Row, context: RenderContext): vscode.TreeItem {
    const look = lookOf(row, context);
    // Chain text goes through the rule every surface shares (`core/text/inert.ts`): one line,
    // bounded, bidi and invisible characters shown as markers: an L1 named
    // `\u202eevil.exe\u202c gnp.txt` must not read as `exe.live gnp.txt`.
    const item = new vscode.TreeItem(
        inertLine(look.label, maxLabelChars),
        look.collapsible ?? None,
    );
    item.id = row.id;
    item.contextValue = look.context;
    if (look.description !== undefined)
        item.description = inertLine(look.description, maxLabelChars);
    if (look.icon) item.iconPath = look.icon;
    if (look.command) item.command = look.command;
    return item;
}

function lookOf(row: Row, context: RenderContext): Look {
    switch (row.kind) {
        // Every view
        case 'loadMore':
            return common.loadMoreLook(row);
        case 'error':
            return common.errorLook(row);
        case 'signIn':
            return common.signInLook(row);
        case 'empty':
            return common.emptyLook(row);
        case 'notice':
            return common.noticeLook(row);
        case 'field':
            return common.fieldLook(row);
        case 'group':
            return common.groupLook(row);
        // Chains
        case 'primaryChain':
            return chains.primaryChainLook(row);
        case 'primaryBlock':
            return chains.primaryBlockLook(row);
        case 'primaryTx':
            return chains.primaryTxLook(row);
        case 'vertexHeight':
            return chains.vertexHeightLook(row);
        case 'vertex':
            return chains.vertexLook(row);
        case 'evmChain':
            return chains.evmChainLook(row);
        case 'evmBlock':
            return chains.evmBlockLook(row);
        case 'evmTx':
            return chains.evmTxLook(row);
        // Subnets & L1s
        case 'subnet':
            return subnets.subnetLook(row);
        case 'blockchain':
            return subnets.blockchainLook(row);
        // Validators
        case 'l1Validator':
            return validators.l1ValidatorLook(row, context);
        case 'filter':
            return validators.filterLook(row);
        case 'nodeChain':
            return validators.nodeChainLook(row);
        case 'nodeValidator':
            return validators.nodeValidatorLook(row);
        case 'primaryValidator':
            return validators.primaryValidatorLook(row);
        // Node
        case 'nodeStatus':
            return nodeView.nodeStatusLook(row);
        case 'peer':
            return nodeView.peerLook(row);
        case 'upgrade':
            return nodeView.upgradeLook(row);
        case 'acp':
            return nodeView.acpLook(row);
        case 'logger':
            return nodeView.loggerLook(row);
        case 'profiler':
            return nodeView.profilerLook(row);
    }
}
