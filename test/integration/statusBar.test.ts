/**
 * The status bar item (#40) in the real extension host: it carries the Avalanche mark (the product
 * icon of media/icons/avalanche.woff), shows in the sample workspace because its Foundry broadcast
 * is on the C-Chain, and in a window that does not work with Avalanche it stays hidden until a
 * view of the extension is shown or a network is chosen. (The error colour only for a node the
 * user chose: test/integration/firstRun.test.ts.)
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { AvalancheStatusBar, workspaceHasAvalancheFiles } from '../../src/connection/statusBarItem';
import type { ExtensionApi } from '../../src/extension';
import { SettingKey } from '../../src/platform/settingKeys';
import { activated, eventually, manifest } from './helpers';
import { testEnv } from './testEnv';

suite('(integration) status bar: where the user works with Avalanche', function () {
    this.timeout(60_000);
    let api: ExtensionApi;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
    });

    teardown(async () => {
        await api.config.update(SettingKey.Network, undefined);
        await api.config.update(SettingKey.SelectedNodeUrl, testEnv().nodeUrl);
    });

    test('the item carries the Avalanche mark and shows in a workspace with an Avalanche file', async () => {
        const icons = (manifest().contributes as { icons?: Record<string, unknown> }).icons;
        assert.deepEqual(icons?.['avalanche-mark'], {
            description: 'The Avalanche mark, shown in the status bar item.',
            default: { fontPath: './media/icons/avalanche.woff', fontCharacter: '\\E000' },
        });
        // The sample workspace's foundry/broadcast/Deploy.s.sol/43114/run-latest.json.
        assert.equal(await workspaceHasAvalancheFiles(), true);
        await eventually(
            () => (api.statusBar.shownBecause.includes('workspace') ? true : undefined),
            'the workspace search',
        );
        assert.equal(api.statusBar.shown.visible, true);
        assert.match(api.statusBar.shown.text, /^\$\(avalanche-mark\) \w+ · /);
    });

    test('elsewhere it stays hidden until a view is shown or a network is chosen', async () => {
        // No view of ours on screen, no choice in settings, and a workspace without such files.
        await vscode.commands.executeCommand('workbench.view.explorer');
        await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        await api.config.update(SettingKey.Network, undefined);
        const views = [...Object.values(api.trees.views), api.watch.view];
        await eventually(
            () => (views.every((v) => !v.visible) ? true : undefined),
            'our views hidden',
        );
        const bar = new AvalancheStatusBar(api.config, api.secrets, {
            hasAvalancheFiles: () => Promise.resolve(false),
        });
        try {
            bar.followViews(views);
            await new Promise((resolve) => setTimeout(resolve, 200));
            assert.equal(bar.shown.visible, false, JSON.stringify(bar.shownBecause));

            await api.config.update(SettingKey.Network, 'fuji');
            await eventually(() => (bar.shown.visible ? true : undefined), 'shown on a choice');
            assert.deepEqual(bar.shownBecause, ['choice']);
            await api.config.update(SettingKey.Network, undefined);
            await eventually(() => (bar.shown.visible ? undefined : true), 'hidden again');

            await vscode.commands.executeCommand('avalanche.chains.focus');
            await eventually(() => (bar.shown.visible ? true : undefined), 'shown with a view');
            assert.deepEqual(bar.shownBecause, ['view']);
            // A view once shown keeps it, as the user has met the extension in this window.
            await vscode.commands.executeCommand('workbench.view.explorer');
            await new Promise((resolve) => setTimeout(resolve, 200));
            assert.equal(bar.shown.visible, true);
        } finally {
            bar.dispose();
        }
    });
});
