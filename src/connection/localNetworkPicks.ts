/**
 * How local networks found on this machine show in the network and node pickers, the consent
 * asked before a discovered URL off this machine is used, and the user-started port probe.
 */
import * as vscode from 'vscode';

import type { LocalNetworks } from '../platform/localNetworks';
import { pickOne } from '../commands/quickPick';
import { plain } from './localNetworkModel';

/**
 * Asks before a discovered URL that leaves this machine is used: the file that names it may
 * have been written by anything, so it is not trusted to route requests on its own.
 */
export async function confirmOffLoopback(networkName: string, url: string): Promise<boolean> {
    const use = 'Use This Node';
    const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t(
            'The files of the local network "{0}" name a node that is not on this machine: {1}. Send requests there?',
            plain(networkName),
            url,
        ),
        { modal: true },
        use,
    );
    return choice === use;
}

/**
 * Probes the loopback ports with a cancellable progress notification and lets the user pick one
 * of the nodes that answered; resolves to its URL, or undefined.
 */
export async function probeLocalNodes(local: LocalNetworks): Promise<string | undefined> {
    const found = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: 'Looking for AvalancheGo nodes on this machine…',
            cancellable: true,
        },
        async (_progress, token) => {
            const controller = new AbortController();
            const listener = token.onCancellationRequested(() => controller.abort());
            try {
                return await local.probe(controller.signal);
            } finally {
                listener.dispose();
            }
        },
    );
    if (found.length === 0) {
        void vscode.window.showInformationMessage(
            vscode.l10n.t(
                'No AvalancheGo node answered on 127.0.0.1 ports 9650–9670. Start one, or add its URL with "Avalanche: Add Node URL…".',
            ),
        );
        return undefined;
    }
    const picked = await pickOne(
        found.map((node) => ({
            label: plain(node.uri),
            description: node.nodeId ?? '',
            uri: node.uri,
        })),
        {
            title: 'Avalanche: Nodes on This Machine',
            placeholder: 'The node to read the network from',
        },
    );
    return picked?.uri;
}
