/**
 * Choosing, adding and removing AvalancheGo node URLs. Lists are read from and written to the user
 * (global) layer only, so a workspace's node list is never copied into the user's settings.
 */
import * as vscode from 'vscode';

import { inertLabel } from '../core/text/inert';
import { redactUrlSecrets } from '../platform/redact';
import type { Config } from '../platform/config';
import type { LocalNetworks } from '../platform/localNetworks';
import { allNodes, builtInNodes, isKnownNodeUrl } from '../platform/nodeCatalog';
import { type NodeEntry, settingId, SettingKey } from '../platform/settingKeys';
import {
    maxNodeNameLength,
    parseServiceUrl,
    validateNodeNameInput,
    validateNodeUrlInput,
} from '../platform/urlRules';
import { CommandId } from '../commands/commandIds';
import { pickOne } from '../commands/quickPick';
import { discoveredNodes, plain } from './localNetworkModel';
import { confirmOffLoopback } from './localNetworkPicks';

type NodeItem = vscode.QuickPickItem & {
    url?: string;
    command?: CommandId;
    /** Set for a discovered node off this machine: its network's name, for the consent prompt. */
    offLoopbackOf?: string;
};

/**
 * Quick pick of the built-in and added nodes and the nodes of the local networks found on this
 * machine; writes `avalanche.node.selectedUrl`.
 */
export async function chooseNode(config: Config, local: LocalNetworks): Promise<void> {
    const current = config.get(SettingKey.SelectedNodeUrl);
    const userNodes = config.get(SettingKey.NodeUrls);
    const found = discoveredNodes(await local.list().catch(() => []));
    const items: NodeItem[] = allNodes(userNodes).map((node) => {
        const builtIn = builtInNodes.find((b) => b.url === node.url);
        return {
            label: `${node.url === current ? '$(check)' : '$(blank)'} ${inertLabel(node.name, 100)}`,
            description: inertLabel(redactUrlSecrets(node.url), 200),
            ...(builtIn ? { detail: builtIn.description } : {}),
            url: node.url,
        };
    });
    const listed = new Set(items.map((i) => i.url));
    const discovered = found.filter(({ node }) => !listed.has(node.uri));
    if (discovered.length > 0) {
        items.push({
            label: vscode.l10n.t('On this machine'),
            kind: vscode.QuickPickItemKind.Separator,
        });
        for (const { network, node } of discovered) {
            listed.add(node.uri);
            items.push({
                label: `${node.uri === current ? '$(check)' : '$(blank)'} ${plain(network.name)}`,
                description: node.uri,
                ...(node.nodeId ? { detail: node.nodeId } : {}),
                url: node.uri,
                ...(node.offLoopback ? { offLoopbackOf: network.name } : {}),
            });
        }
    }
    if (!isKnownNodeUrl(current, userNodes) && !listed.has(current)) {
        items.push({
            label: `$(check) ${new URL(current).host}`,
            description: current,
            url: current,
        });
    }
    items.push(
        { label: '', kind: vscode.QuickPickItemKind.Separator },
        { label: vscode.l10n.t('$(add) Add Node URL…'), command: CommandId.AddNodeUrl },
    );
    const picked = await pickOne(items, {
        title: vscode.l10n.t('Avalanche: Choose Node'),
        placeholder: 'AvalancheGo node for the Node view and JSON-RPC queries',
        active: items.find((i) => i.url === current),
    });
    if (!picked) return;
    if (picked.command) {
        await vscode.commands.executeCommand(picked.command);
        return;
    }
    if (picked.offLoopbackOf !== undefined && picked.url !== undefined) {
        if (!(await confirmOffLoopback(picked.offLoopbackOf, picked.url))) return;
    }
    if (picked.url !== undefined) await selectNode(config, picked.url);
}

/** Asks for a URL and an optional name, stores them in `avalanche.node.urls` and selects the node. */
export async function addNodeUrl(config: Config): Promise<void> {
    const text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Avalanche: Add Node URL (1/2)'),
        prompt: vscode.l10n.t('Base URL of an AvalancheGo node: the part before /ext/…'),
        placeHolder: 'http://127.0.0.1:9650',
        ignoreFocusOut: true,
        validateInput: validateNodeUrlInput,
    });
    if (text === undefined) return;
    const url = parseServiceUrl(text).url;
    if (url === undefined) return; // validateInput already refused it
    const builtIn = builtInNodes.find((n) => n.url === url);
    if (builtIn) {
        // Already in the list under its own name: just use it.
        await selectNode(config, url);
        return;
    }
    const host = new URL(url).host;
    const name = await vscode.window.showInputBox({
        title: vscode.l10n.t('Avalanche: Add Node URL (2/2)'),
        prompt: vscode.l10n.t(
            'Name shown in the node picker and the status bar (optional, up to {0} characters)',
            maxNodeNameLength,
        ),
        value: host,
        ignoreFocusOut: true,
        validateInput: validateNodeNameInput,
    });
    if (name === undefined) return;
    const entry: NodeEntry = { name: name.trim() || host, url };
    const existing = config.userValue(SettingKey.NodeUrls) ?? [];
    const next = existing.some((n) => n.url === url)
        ? existing.map((n) => (n.url === url ? entry : n))
        : [...existing, entry];
    await config.update(SettingKey.NodeUrls, next);
    await selectNode(config, url);
}

/** Removes user-added node URLs; built-in nodes cannot be removed. */
export async function removeNodeUrl(config: Config): Promise<void> {
    const existing = config.userValue(SettingKey.NodeUrls) ?? [];
    if (existing.length === 0) {
        const add = 'Add Node URL…';
        const choice = await vscode.window.showInformationMessage(
            vscode.l10n.t(
                'No node URLs were added to your user settings. The built-in nodes cannot be removed.',
            ),
            add,
        );
        if (choice === add) await vscode.commands.executeCommand(CommandId.AddNodeUrl);
        return;
    }
    const picked = await vscode.window.showQuickPick(
        existing.map((n) => ({
            label: inertLabel(n.name, 100),
            description: inertLabel(redactUrlSecrets(n.url), 200),
            url: n.url,
        })),
        {
            title: vscode.l10n.t('Avalanche: Remove Node URL'),
            placeHolder: vscode.l10n.t('Node URLs to remove from your user settings'),
            canPickMany: true,
            ignoreFocusOut: true,
        },
    );
    if (!picked || picked.length === 0) return;
    const removed = new Set(picked.map((p) => p.url));
    await config.update(
        SettingKey.NodeUrls,
        existing.filter((n) => !removed.has(n.url)),
    );
    const selected = config.userValue(SettingKey.SelectedNodeUrl);
    if (selected !== undefined && removed.has(selected)) {
        // The removed node was in use: fall back to the automatic choice (see Config).
        await config.update(SettingKey.SelectedNodeUrl, undefined);
        void vscode.window.showInformationMessage(
            vscode.l10n.t(
                'Removed the node in use; now using {0}.',
                config.get(SettingKey.SelectedNodeUrl),
            ),
        );
    }
}

/** Writes the selected node; false (with a warning) when a workspace value overrides it. */
export async function selectNode(config: Config, url: string): Promise<boolean> {
    await config.update(SettingKey.SelectedNodeUrl, url);
    if (config.get(SettingKey.SelectedNodeUrl) === url) return true;
    void vscode.window.showWarningMessage(
        vscode.l10n.t(
            'This workspace sets {0}, which takes precedence over your choice. Change it in the workspace settings.',
            settingId(SettingKey.SelectedNodeUrl),
        ),
    );
    return false;
}
