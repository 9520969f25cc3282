import assert from 'node:assert/strict';

import type { ExtensionApi } from '../../src/extension';
import { SettingKey } from '../../src/platform/settingKeys';
import { activated } from './helpers';
import { clearSandboxRequests, sandboxRequests, setSandboxSettings, testEnv } from './testEnv';

const apiKey = 'integration-test-key-0123456789';

suite('(integration) traffic to the sandbox', () => {
    let api: ExtensionApi;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
    });

    setup(async () => {
        await clearSandboxRequests();
    });

    teardown(async () => {
        await setSandboxSettings({ requireApiKey: undefined, apiKeyHeader: 'x-glacier-api-key' });
        await api.config.update(SettingKey.DataApiKeyHeader, undefined);
        await api.secrets.clearDataApiKey();
    });

    test('the node client answers from the sandbox node', async () => {
        assert.equal(api.clients.nodeUrl, testEnv().nodeUrl);
        const result = await api.clients.nodeRpc().callRaw('/ext/info', 'info.getNetworkID', {});
        assert.deepEqual(result, { networkID: '1' });
        const requests = await sandboxRequests();
        assert.ok(
            requests.some(
                (r) => r.service === 'node' && r.operations.includes('info.getNetworkID'),
            ),
            'the sandbox node did not record info.getNetworkID',
        );
    });

    test('a key set through the extension reaches the Data API and no other server', async () => {
        await api.secrets.setDataApiKey(apiKey);
        const dataApi = await api.clients.dataApi();
        const chains = await dataApi.supportedChains({ network: 'mainnet' });
        assert.ok(chains.chains.length > 0, 'the sandbox listed no chain');
        await api.clients.nodeRpc().callRaw('/ext/info', 'info.getNetworkID', {});
        const requests = await sandboxRequests();
        const toDataApi = requests.filter((r) => r.service === 'dataApi');
        const elsewhere = requests.filter((r) => r.service !== 'dataApi');
        assert.ok(
            toDataApi.length > 0 && elsewhere.length > 0,
            'expected requests to both servers',
        );
        for (const request of toDataApi) assert.equal(request.headers['x-glacier-api-key'], apiKey);
        for (const request of elsewhere)
            assert.equal(request.headers['x-glacier-api-key'], undefined);
    });

    test('a Data API that requires another key answers 401 as UnauthorizedError', async () => {
        await setSandboxSettings({ requireApiKey: 'the-right-key' });
        await api.secrets.setDataApiKey(apiKey);
        const dataApi = await api.clients.dataApi();
        await assert.rejects(dataApi.supportedChains({ network: 'mainnet' }), (error: Error) => {
            assert.equal(error.name, 'UnauthorizedError');
            return true;
        });
    });

    test('a renamed avalanche.dataApi.apiKeyHeader carries the key in that header, end to end (#18)', async () => {
        // The interface document names x-service-api-key; the published API reads x-glacier-api-key.
        await setSandboxSettings({ requireApiKey: apiKey, apiKeyHeader: 'x-service-api-key' });
        await api.secrets.setDataApiKey(apiKey);
        const before = await api.clients.dataApi();
        await assert.rejects(before.supportedChains({ network: 'mainnet' }), (error: Error) => {
            assert.equal(error.name, 'UnauthorizedError');
            return true;
        });
        await api.config.update(SettingKey.DataApiKeyHeader, 'x-service-api-key');
        await clearSandboxRequests();
        const after = await api.clients.dataApi();
        assert.notEqual(after, before, 'the client was rebuilt for the new header');
        const chains = await after.supportedChains({ network: 'mainnet' });
        assert.ok(chains.chains.length > 0);
        const toDataApi = (await sandboxRequests()).filter((r) => r.service === 'dataApi');
        assert.ok(toDataApi.length > 0);
        for (const request of toDataApi) {
            assert.equal(request.headers['x-service-api-key'], apiKey);
            assert.equal(request.headers['x-glacier-api-key'], undefined);
        }
    });

    test('the status bar shows the Data API quota the answers report (#18)', async () => {
        await api.secrets.setDataApiKey(apiKey);
        const dataApi = await api.clients.dataApi();
        await dataApi.supportedChains({ network: 'mainnet' });
        assert.ok(api.clients.quota, 'the keyed answer reported no quota');
        assert.equal(api.clients.quota.limit, 20_000);
        const tooltip = api.statusBar.shown.tooltip.replace(/\\/g, '');
        assert.match(
            tooltip,
            /Data API quota: [\d,]+ of 20,000 left, resets in \d+ s \(at \d\d:\d\d:\d\d UTC\)/,
        );
    });
});
