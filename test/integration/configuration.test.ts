import assert from 'node:assert/strict';

import * as vscode from 'vscode';

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
});
