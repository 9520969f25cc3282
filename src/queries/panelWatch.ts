/**
 * A result panel's "Watch" button: adds the panel's subject to the watch list. The target comes
 * from the panel's own query and what the host resolves for it (the EVM chain id behind an alias,
 * the selected node), never from the page; the watch command checks it again.
 */
import * as vscode from 'vscode';

import type {
    PanelEvmChain,
    PanelWatchFacts,
    PanelWatchSubject,
    WatchNetwork,
} from '../core/index';
import { CommandId } from '../commands/commandIds';
import { loadCore } from '../platform/lazyCore';
import type { QueryRequest } from '../shared/query';
import type { QueryServices } from './queryServices';

/** Watches what `query` shows; `lastResult` is the panel's answer to it. */
export async function watchPanelSubject(
    query: QueryRequest,
    lastResult: unknown,
    services: QueryServices,
): Promise<void> {
    const core = loadCore();
    const subject = core.panelWatchSubject(query);
    if (!subject) return;
    const built = core.panelWatchTarget(subject, await watchFacts(subject, lastResult, services));
    if ('error' in built) {
        void vscode.window.showWarningMessage(built.error);
        return;
    }
    await vscode.commands.executeCommand(CommandId.WatchAdd, built.target);
    void vscode.window.setStatusBarMessage(
        `Avalanche: watching ${core.describeTarget(built.target)}`,
        3000,
    );
}

async function watchFacts(
    subject: PanelWatchSubject,
    lastResult: unknown,
    services: QueryServices,
): Promise<PanelWatchFacts> {
    const { clients, node } = services;
    const network = clients.network;
    return {
        network,
        nodeUrl: node.url,
        nodeName: node.name,
        result: lastResult,
        evmChain:
            'chain' in subject && typeof subject.chain === 'object'
                ? await evmChainOf(subject.chain, network, services)
                : undefined,
    };
}

/** The decimal EVM chain id, name and network of the chain a query names. */
async function evmChainOf(
    chain: PanelEvmChain,
    selected: WatchNetwork,
    services: QueryServices,
): Promise<PanelWatchFacts['evmChain']> {
    const core = loadCore();
    if (chain.via === 'node') {
        // The node says which chain answers under the alias the query used.
        const id = await services.clients
            .nodeRpc()
            .call(core.nodeRpcMethods.eth_chainId, [], chain.chain ? { chain: chain.chain } : {});
        const chainId = String(id);
        const known = await services.clients.nodeChains(selected).catch(() => []);
        const name = known.find((c) => c.chainId === chainId)?.chainName;
        return { chainId, network: selected, ...(name ? { name } : {}) };
    }
    // A Data API chain id belongs to the network whose chain list has it.
    const networks = [...new Set<WatchNetwork>([selected, 'mainnet', 'fuji'])];
    for (const network of networks) {
        const chains = await services.chains(network).catch(() => []);
        const found = chains.find(
            (c) => c.chainId === chain.chainId || c.platformChainId === chain.chainId,
        );
        if (found) return { chainId: found.chainId, name: found.chainName, network };
    }
    return /^[1-9][0-9]*$/.test(chain.chainId) ? { chainId: chain.chainId } : undefined;
}
