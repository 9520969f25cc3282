/**
 * The first minute (#40): with `avalanche.node.selectedUrl` unset, the node is chosen for the
 * user (a local network found on this machine, else the network's public node), said once in the
 * Node view's description, and its failure is no error: the view shows its welcome and the status
 * bar keeps its colour. A node the user chose is reported as before. On the local network, such
 * a node that does not answer leaves Chains, Subnets and Validators empty, so their welcome shows.
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { SettingKey } from '../../src/platform/settingKeys';
import { screenshot, testEnv } from './testEnv';
import { extensionApi, labelOf, resetSandbox, rows, until } from './treesSupport';
import { setSandboxSettings } from './testEnv';

suite('(integration) first run', function () {
    this.timeout(60_000);
    const sandboxNode = () => testEnv().nodeUrl.replace(/\/+$/, '');

    teardown(async () => {
        const api = await extensionApi();
        await resetSandbox();
        api.config.setAutomaticNode(undefined);
        await api.config.update(SettingKey.SelectedNodeUrl, testEnv().nodeUrl);
        await api.config.update(SettingKey.Network, undefined);
    });

    test('unset, the node is the public node of the network, or a local network found on this machine', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        assert.equal(api.config.nodeIsAutomatic, true);
        // The test home names the sandbox's node as a running local network (scripts/hostTest.mjs).
        // Unset after a view was shown (earlier suites), the look has begun already; else it
        // begins here.
        await api.local.automatic.viewShown();
        assert.equal(api.config.get(SettingKey.SelectedNodeUrl), sandboxNode());
        assert.match(api.trees.views.node.description ?? '', /chosen automatically/);
        assert.equal(await labelOf((await rows('node'))[0]!), 'Reachable');

        // Nothing found: the network's public node, never the local default that fails.
        api.config.setAutomaticNode(undefined);
        assert.equal(api.config.get(SettingKey.SelectedNodeUrl), 'https://api.avax.network');
        await api.config.update(SettingKey.Network, 'fuji');
        assert.equal(api.config.get(SettingKey.SelectedNodeUrl), 'https://api.avax-test.network');
        await api.config.update(SettingKey.Network, undefined);
    });

    test('a failing node the extension chose is no error; the same node chosen by the user is', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        await api.local.automatic.viewShown();
        assert.equal(api.config.get(SettingKey.SelectedNodeUrl), sandboxNode());
        await setSandboxSettings({ nodeDown: true });
        await api.trees.refresh('node');
        // Empty, so the view's welcome (Choose Node, Add Node URL) shows instead of an error row.
        await until(async () => (await rows('node')).length === 0, 'the Node view empty');
        await until(() => api.statusBar.shown.health.kind === 'unreachable', 'the health report');
        assert.equal(api.statusBar.shown.background, undefined);
        // The README's picture of the first minute: the views with the Node view's welcome.
        await vscode.commands.executeCommand('avalanche.node.focus');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await screenshot('first-run');

        await api.config.update(SettingKey.SelectedNodeUrl, sandboxNode());
        assert.equal(api.config.nodeIsAutomatic, false);
        assert.doesNotMatch(api.trees.views.node.description ?? '', /automatically/);
        await until(async () => (await rows('node')).length > 0, 'the error row');
        const labels = await Promise.all((await rows('node')).map(labelOf));
        assert.match(labels.join('\n'), /No answer from/);
        await until(
            () => api.statusBar.shown.background === 'statusBarItem.errorBackground',
            'the error colour',
        );
    });

    test('on the local network through a node chosen for you that does not answer, Chains, Subnets and Validators are empty: their welcome shows', async () => {
        const api = await extensionApi();
        const views = ['chains', 'subnets', 'validators'] as const;
        const refreshAll = async (): Promise<void> => {
            for (const view of views) await api.trees.refresh(view);
        };
        await api.config.update(SettingKey.Network, 'local');
        await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        await api.local.automatic.viewShown();
        assert.equal(api.config.nodeIsAutomatic, true);
        // Answering, the views show the local network.
        await refreshAll();
        for (const view of views) {
            await until(async () => (await rows(view)).length > 0, `${view} with rows`);
        }

        await setSandboxSettings({ nodeDown: true });
        await refreshAll();
        // Empty roots: VS Code shows the view's welcome (what it lists, Choose Network, and Set
        // Data API Key while no key is stored) instead of error rows.
        for (const view of views) {
            await until(async () => (await rows(view)).length === 0, `${view} empty`, 20_000);
        }

        // The same node chosen by the user is theirs to fix: its failures are rows again.
        await api.config.update(SettingKey.SelectedNodeUrl, sandboxNode());
        await refreshAll();
        for (const view of views) {
            await until(async () => (await rows(view)).length > 0, `${view} rows`, 20_000);
        }
        const subnets = await rows('subnets');
        assert.ok(
            subnets.some((r) => r.kind === 'error'),
            JSON.stringify(subnets.map((r) => r.kind)),
        );
    });
});
