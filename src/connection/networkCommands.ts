/**
 * Choosing the network, and the status bar's menu.
 */
import * as vscode from 'vscode';

import type { LocalNetwork } from '../core/local/localNetwork';
import type { Config } from '../platform/config';
import type { LocalNetworks } from '../platform/localNetworks';
import { builtInNodes, nodeName } from '../platform/nodeCatalog';
import type { Secrets } from '../platform/secrets';
import { type Network, settingId, SettingKey } from '../platform/settingKeys';
import { CommandId } from '../commands/commandIds';
import { pickOne } from '../commands/quickPick';
import type { LocalNetworkFollower } from './localNetworkFollower';
import { describeLocalNetwork } from './localNetworkModel';
import { confirmOffLoopback, probeLocalNodes } from './localNetworkPicks';
import { selectNode } from './nodeCommands';

type NetworkItem = vscode.QuickPickItem & {
    network?: Network;
    local?: LocalNetwork;
    probe?: true;
};

const networkItems: readonly (NetworkItem & { network: Network })[] = [
    {
        network: 'mainnet',
        label: 'mainnet',
        description: 'Avalanche Mainnet',
        detail: vscode.l10n.t('The production network: C-Chain 43114, real AVAX'),
    },
    {
        network: 'fuji',
        label: 'fuji',
        description: 'Fuji testnet',
        detail: vscode.l10n.t('The public test network: C-Chain 43113, test AVAX from the faucet'),
    },
];

/** What the network picker needs besides the settings: the local networks found on this machine. */
export interface LocalNetworkServices {
    readonly local: LocalNetworks;
    readonly follower: LocalNetworkFollower;
}

/**
 * Quick pick of mainnet, Fuji, the local networks found on this machine and the selected node's
 * own network; writes the user setting `avalanche.network` (and, for a local network, the node).
 */
export async function chooseNetwork(config: Config, services: LocalNetworkServices): Promise<void> {
    const current = config.get(SettingKey.Network);
    const followed = services.follower.followed;
    const found = await services.local.list().catch(() => []);
    const items: NetworkItem[] = networkItems.map((item) =>
        item.network === current ? { ...item, description: `${item.description} (current)` } : item,
    );
    items.push({
        label: vscode.l10n.t('Local networks'),
        kind: vscode.QuickPickItemKind.Separator,
    });
    for (const network of found) {
        const isCurrent = current === 'local' && network.key === followed;
        const described = describeLocalNetwork(network);
        items.push({
            label: `$(vm) ${described.label}`,
            description: `${described.description}${isCurrent ? ' (current)' : ''}`,
            detail: described.detail,
            local: network,
        });
    }
    items.push(
        {
            network: 'local',
            label: vscode.l10n.t('$(server) The selected node’s network'),
            description: `${nodeName(config.get(SettingKey.SelectedNodeUrl), config.get(SettingKey.NodeUrls))}${current === 'local' && !followed ? ' (current)' : ''}`,
            detail: vscode.l10n.t(
                'Read every view from the node itself: a devnet or a local network not found above',
            ),
        },
        {
            label: vscode.l10n.t('$(search) Look for Nodes on This Machine…'),
            detail: vscode.l10n.t(
                'Asks 127.0.0.1 ports 9650–9670 for a node id (a few hundred milliseconds)',
            ),
            probe: true,
        },
    );
    const picked = await pickOne(items, {
        title: vscode.l10n.t('Avalanche: Choose Network'),
        placeholder: 'Network for the views, hovers and queries',
        active: items.find((i) =>
            current === 'local' && followed
                ? i.local?.key === followed
                : i.network === current && !i.local,
        ),
    });
    if (!picked) return;
    if (picked.probe) {
        const node = await probeLocalNodes(services.local);
        if (node) await useLocalNetwork(config, services, undefined, node);
        return;
    }
    if (picked.local) {
        const node = picked.local.nodes[0];
        if (!node) {
            void vscode.window.showWarningMessage(
                vscode.l10n.t(
                    'No node of {0} is running. Start the network, then choose it again.',
                    picked.local.name,
                ),
            );
            return;
        }
        if (node.offLoopback && !(await confirmOffLoopback(picked.local.name, node.uri))) return;
        await useLocalNetwork(config, services, picked.local, node.uri);
        return;
    }
    if (!picked.network) return;
    if (picked.network === 'local') await services.follower.follow(undefined);
    if (!(await setNetwork(config, picked.network))) return;
    if (picked.network !== 'local') await offerMatchingPublicNode(config, picked.network);
}

/** Selects a local network: its node, then the network, so the views ask the right node. */
async function useLocalNetwork(
    config: Config,
    services: LocalNetworkServices,
    network: LocalNetwork | undefined,
    nodeUrl: string,
): Promise<void> {
    await services.follower.follow(network);
    if (await selectNode(config, nodeUrl)) await setNetwork(config, 'local');
}

/** Writes the network; false (with a warning) when a workspace value overrides it. */
async function setNetwork(config: Config, network: Network): Promise<boolean> {
    await config.update(SettingKey.Network, network);
    if (config.get(SettingKey.Network) === network) return true;
    void vscode.window.showWarningMessage(
        vscode.l10n.t(
            'This workspace sets {0} to "{1}", which takes precedence over your choice. Change it in the workspace settings.',
            settingId(SettingKey.Network),
            config.get(SettingKey.Network),
        ),
    );
    return false;
}

/** A public node serves one network only: offer the matching one after a network switch. */
async function offerMatchingPublicNode(config: Config, network: Network): Promise<void> {
    const nodeUrl = config.get(SettingKey.SelectedNodeUrl);
    const current = builtInNodes.find((n) => n.url === nodeUrl);
    if (!current?.network || current.network === network) return;
    const match = builtInNodes.find((n) => n.network === network);
    if (!match) return;
    const switchLabel = `Use ${match.name}`;
    const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t(
            'The selected node ({0}) serves {1}, not {2}.',
            current.name,
            current.network,
            network,
        ),
        switchLabel,
    );
    if (choice === switchLabel) await config.update(SettingKey.SelectedNodeUrl, match.url);
}

type MenuItem = vscode.QuickPickItem & { command: CommandId };

/** What the status bar item opens: network, node, API key and logs in one place. */
export async function showStatusMenu(config: Config, secrets: Secrets): Promise<void> {
    const snapshot = config.snapshot;
    const hasKey = (await secrets.getDataApiKey()) !== undefined;
    const items: MenuItem[] = [
        {
            command: CommandId.ChooseNetwork,
            label: vscode.l10n.t('$(globe) Choose Network…'),
            description: snapshot[SettingKey.Network],
        },
        {
            command: CommandId.ChooseNode,
            label: vscode.l10n.t('$(server) Choose Node…'),
            description: nodeName(
                snapshot[SettingKey.SelectedNodeUrl],
                snapshot[SettingKey.NodeUrls],
            ),
        },
        {
            command: hasKey ? CommandId.ClearDataApiKey : CommandId.SetDataApiKey,
            label: hasKey ? '$(key) Clear Data API Key' : '$(key) Set Data API Key…',
            description: hasKey ? 'a key is stored' : 'no key: lower rate limits',
        },
        { command: CommandId.ShowLogs, label: vscode.l10n.t('$(output) Show Logs') },
    ];
    const picked = await pickOne(items, {
        title: 'Avalanche Explorer',
        placeholder: 'Choose the network or node, or manage the Data API key',
    });
    if (picked) await vscode.commands.executeCommand(picked.command);
}
