/**
 * The remedy fits the service that refused (#34): only the Data API takes a key, so only its
 * 401/403 offers "Set Data API Key". The Metrics API is public: its refusal points at its URL
 * setting or what stands in front of it. A node's 401 points at the node URL (a provider's URL
 * carries its token). Toasts, hovers and the views' rows say the same. Each refusal comes from
 * the sandbox over real HTTP.
 */
import * as assert from 'node:assert/strict';

import { formatError } from '../../../src/commands/formatError';
import {
    calmErrorText,
    DataApiClient,
    isUnauthorizedError,
    NodeRpcClient,
    nodeRpcMethods,
    toCalmError,
} from '../../../src/core';
import { startSandbox, type Sandbox } from '../../sandbox';
import { validParams } from './dataApi.samples';

describe('(unit) refusals name the remedy of their own service (#34)', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let dataApi: DataApiClient;
    let node: NodeRpcClient;

    before(async () => {
        sandbox = await startSandbox();
        dataApi = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: { maxRetries: 0 },
        });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });
    after(async () => {
        await Promise.all([dataApi.close(), node.close()]);
        await sandbox.close();
    });
    afterEach(() => sandbox.clearFaults());

    async function refusal(
        service: 'dataApi' | 'metrics' | 'node',
        status: 401 | 403,
    ): Promise<unknown> {
        sandbox.addFault({ fault: { kind: 'status', status }, service });
        try {
            if (service === 'node') await node.call(nodeRpcMethods['info.getNodeVersion'], {});
            else if (service === 'metrics')
                await dataApi.getAddressesByBalanceOverTime(
                    validParams.getAddressesByBalanceOverTime,
                );
            else await dataApi.listSubnets({ network: 'mainnet' });
        } catch (error) {
            return error;
        }
        assert.fail('the call was refused');
    }

    const calm = (error: unknown, service: 'Data API' | 'node') =>
        toCalmError(error, { service, hasApiKey: false, nowMs: 0 });

    it('the Data API: a key is the remedy', async () => {
        for (const status of [401, 403] as const) {
            const error = await refusal('dataApi', status);
            assert.ok(isUnauthorizedError(error));
            assert.match(error.message, /Set Data API Key/);
            assert.deepEqual(formatError(error).actions, ['setApiKey']);
            assert.equal(calm(error, 'Data API').suggestApiKey, true);
        }
    });

    it('the Metrics API takes no key: its URL setting or a proxy in front is the remedy', async () => {
        for (const status of [401, 403] as const) {
            const error = await refusal('metrics', status);
            assert.ok(isUnauthorizedError(error));
            assert.doesNotMatch(error.message, /API key|Set Data API Key/i);
            assert.match(error.message, /public and takes no key/);
            assert.match(error.message, /avalanche\.metricsApi\.url/);
            assert.match(error.message, /proxy or gateway/);
            assert.deepEqual(formatError(error).actions, ['metricsApiSetting']);
        }
    });

    it('a node wants credentials of its own, carried by its URL', async () => {
        const error = await refusal('node', 401);
        assert.ok(isUnauthorizedError(error));
        assert.doesNotMatch(error.message, /API key/i);
        assert.match(error.message, /requires credentials/);
        assert.match(error.message, /node URL/);
        assert.deepEqual(formatError(error).actions, ['chooseNode']);
        const line = calm(error, 'node');
        assert.equal(line.suggestApiKey, false);
        const text = calmErrorText(line, 0);
        assert.doesNotMatch(text, /API key/i);
        assert.match(text, /^The node refused the request \(401 Unauthorized\): .*credentials/);
    });
});
