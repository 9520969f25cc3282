import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import { activated } from './helpers';
import { testEnv } from './testEnv';

suite('(integration) configuration', () => {
    suiteSetup(async () => {
        await activated();
    });

    test('the endpoints point at the sandbox through user settings', () => {
        const config = vscode.workspace.getConfiguration('avalanche');
        const env = testEnv();
        assert.equal(config.get('dataApi.url'), env.dataApiUrl);
        assert.equal(config.get('metricsApi.url'), env.metricsUrl);
        assert.equal(config.get('node.selectedUrl'), env.nodeUrl);
        // The defaults stay the public endpoints: the sandbox is reached through settings only.
        const dataApi = config.inspect<string>('dataApi.url');
        assert.equal(dataApi?.defaultValue, 'https://data-api.avax.network');
        assert.equal(dataApi?.globalValue, env.dataApiUrl);
    });

    test('the network setting is contributed with mainnet and fuji', () => {
        const network = vscode.workspace.getConfiguration('avalanche').inspect<string>('network');
        assert.equal(network?.defaultValue, 'mainnet');
    });

    test('changing the network setting is seen by the host and can be undone', async () => {
        const config = () => vscode.workspace.getConfiguration('avalanche');
        const changed = new Promise<void>((resolve) => {
            const listener = vscode.workspace.onDidChangeConfiguration((event) => {
                if (event.affectsConfiguration('avalanche.network')) {
                    listener.dispose();
                    resolve();
                }
            });
        });
        await config().update('network', 'fuji', vscode.ConfigurationTarget.Global);
        await changed;
        assert.equal(config().get('network'), 'fuji');
        await config().update('network', undefined, vscode.ConfigurationTarget.Global);
        assert.equal(config().get('network'), 'mainnet');
    });

    test('the extension follows a network change made in settings', async () => {
        const api = (await activated()).exports as ExtensionApi;
        assert.equal(api.clients.network, 'mainnet');
        const notified = new Promise<boolean>((resolve) => {
            const listener = api.clients.onDidChange((event) => {
                listener.dispose();
                resolve(event.network);
            });
        });
        const config = vscode.workspace.getConfiguration('avalanche');
        try {
            await config.update('network', 'fuji', vscode.ConfigurationTarget.Global);
            assert.equal(
                await notified,
                true,
                'the clients were not told that the network changed',
            );
            assert.equal(api.clients.network, 'fuji');
            assert.equal(api.config.snapshot.network, 'fuji');
            // The endpoints set by the user stay: only the network of the queries changes.
            assert.equal(api.config.snapshot['dataApi.url'], testEnv().dataApiUrl);
        } finally {
            await config.update('network', undefined, vscode.ConfigurationTarget.Global);
        }
        assert.equal(api.clients.network, 'mainnet');
    });
});
