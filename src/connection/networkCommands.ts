/**
 * Choosing the network, and the status bar's menu.
 */
import * as vscode from 'vscode';

import type { Config } from '../platform/config';
import { builtInNodes, nodeName } from '../platform/nodeCatalog';
import type { Secrets } from '../platform/secrets';
import { type Network, settingId, SettingKey } from '../platform/settingKeys';
import { CommandId } from '../commands/commandIds';
import { pickOne } from '../commands/quickPick';

const networkItems: readonly (vscode.QuickPickItem & { network: Network })[] = [
    {
        network: 'mainnet',
        label: 'mainnet',
        description: 'Avalanche Mainnet',
        detail: 'The production network: C-Chain 43114, real AVAX',
    },
    {
        network: 'fuji',
        label: 'fuji',
        description: 'Fuji testnet',
        detail: 'The public test network: C-Chain 43113, test AVAX from the faucet',
    },
];

/** Quick pick of mainnet/Fuji; writes the user setting `avalanche.network`. */
export async function chooseNetwork(config: Config): Promise<void> {
    const current = config.get(SettingKey.Network);
    const items = networkItems.map((item) =>
        item.network === current ? { ...item, description: `${item.description} (current)` } : item,
    );
    const picked = await pickOne(items, {
        title: 'Avalanche: Choose Network',
        placeholder: 'Network for the views, hovers and queries',
        active: items.find((i) => i.network === current),
    });
    if (!picked) return;
    await config.update(SettingKey.Network, picked.network);
    if (config.get(SettingKey.Network) !== picked.network) {
        void vscode.window.showWarningMessage(
            `This workspace sets ${settingId(SettingKey.Network)} to "${config.get(SettingKey.Network)}", which takes precedence over your choice. Change it in the workspace settings.`,
        );
        return;
    }
    await offerMatchingPublicNode(config, picked.network);
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
        `The selected node (${current.name}) serves ${current.network}, not ${network}.`,
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
            label: '$(globe) Choose Network…',
            description: snapshot[SettingKey.Network],
        },
        {
            command: CommandId.ChooseNode,
            label: '$(server) Choose Node…',
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
        { command: CommandId.ShowLogs, label: '$(output) Show Logs' },
    ];
    const picked = await pickOne(items, {
        title: 'Avalanche Explorer',
        placeholder: 'Choose the network or node, or manage the Data API key',
    });
    if (picked) await vscode.commands.executeCommand(picked.command);
}
