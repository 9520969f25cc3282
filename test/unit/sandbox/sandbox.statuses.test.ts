/**
 * Issue #18, point 3: the sandbox answers with every status the REST document declares (section 7:
 * 400, 401, 403, 404, 429, 500, 502, 503), and the client turns each into its typed error with a
 * sentence; the sandbox reads the key from the header it is told to, so a renamed
 * `avalanche.dataApi.apiKeyHeader` is tested end to end (here through the client, in the host
 * through the setting).
 */
import * as assert from 'node:assert/strict';

import {
    DataApiClient,
    isHttpError,
    isRateLimitedError,
    isUnauthorizedError,
} from '../../../src/core/index';
import { faultStatuses, type Sandbox, startSandbox } from '../../sandbox';

describe('(unit) sandbox: every documented status, and the key header it is told to read', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
    });

    afterEach(() => {
        sandbox.clearFaults();
        sandbox.settings.requireApiKey = undefined;
        sandbox.settings.apiKeyHeader = 'x-glacier-api-key';
    });

    after(async () => {
        await sandbox.close();
    });

    it('answers each documented status, and the client says what it means', async () => {
        assert.deepEqual([...faultStatuses], [400, 401, 403, 404, 429, 500, 502, 503]);
        const client = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            retry: { maxRetries: 0 },
        });
        try {
            for (const status of faultStatuses) {
                sandbox.clearFaults();
                sandbox.addFault({
                    fault: { kind: 'status', status, retryAfterSeconds: 30 },
                    target: 'listSubnets',
                });
                const error = await client.listSubnets({ network: 'mainnet' }).then(
                    () => assert.fail(`status ${status} answered`),
                    (e: unknown) => e as Error & { status?: number },
                );
                assert.ok(isHttpError(error), `${status}: ${String(error)}`);
                assert.equal(error.status, status);
                if (status === 401 || status === 403) assert.ok(isUnauthorizedError(error));
                if (status === 429) assert.ok(isRateLimitedError(error));
                assert.ok(error.message.length > 20, `${status}: ${error.message}`);
            }
        } finally {
            await client.close();
        }
    });

    it('reads the key from the header it is told to, as a renamed setting sends it', async () => {
        sandbox.settings.requireApiKey = 'renamed-header-key';
        sandbox.settings.apiKeyHeader = 'x-service-api-key';
        const renamed = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            apiKey: 'renamed-header-key',
            apiKeyHeader: 'x-service-api-key',
            retry: { maxRetries: 0 },
        });
        const usual = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            apiKey: 'renamed-header-key',
            retry: { maxRetries: 0 },
        });
        try {
            const page = await renamed.listSubnets({ network: 'mainnet', pageSize: 1 });
            assert.equal(page.items.length, 1);
            await assert.rejects(
                usual.listSubnets({ network: 'mainnet', pageSize: 1 }),
                (e: unknown) => isUnauthorizedError(e),
            );
        } finally {
            await Promise.all([renamed.close(), usual.close()]);
        }
    });

    it('sends Price.value as the JSON number the real API and the OpenAPI give, and the client reads it', async () => {
        const known = sandbox.known.mainnet;
        const url = `${sandbox.dataApiUrl}/v1/chains/${known.cChainId}/addresses/${known.evmAddress}/balances:listErc20?currency=usd`;
        const raw = (await (await fetch(url)).json()) as {
            erc20TokenBalances: { price?: { value: unknown } }[];
        };
        const priced = raw.erc20TokenBalances.find((b) => b.price !== undefined);
        assert.ok(priced, 'a priced balance');
        assert.equal(typeof priced.price!.value, 'number');
        assert.ok(Number.isFinite(priced.price!.value), String(priced.price!.value));
        const client = new DataApiClient({ baseUrl: sandbox.dataApiUrl });
        try {
            const page = await client.listErc20Balances({
                chainId: known.cChainId,
                address: known.evmAddress,
                currency: 'usd',
            });
            const price = page.items.find((b) => b.price !== undefined)?.price;
            assert.ok(price && Number.isFinite(Number(price.value)), JSON.stringify(price));
        } finally {
            await client.close();
        }
    });
});

describe('(unit) UTXO address prefixes, as the REST document gives them (4.3, #18)', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let client: DataApiClient;

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
        client = new DataApiClient({ baseUrl: sandbox.dataApiUrl, retry: { maxRetries: 0 } });
    });

    after(async () => {
        await client.close();
        await sandbox.close();
    });

    it('takes any of P-, X-, C- or none on any chain, and nothing else', async () => {
        const address = sandbox.known.mainnet.pChainAddress;
        const bare = address.slice(address.indexOf('-') + 1);
        const utxos = async (addresses: string) =>
            (
                await client.getUtxosByAddressesV2({
                    network: 'mainnet',
                    blockchainId: 'p-chain',
                    addresses,
                })
            ).items.length;
        const expected = await utxos(address);
        assert.ok(expected > 0);
        for (const prefix of ['X-', 'C-', ''])
            assert.equal(await utxos(`${prefix}${bare}`), expected, prefix);
        assert.equal(await utxos(`P-${bare}, X-${bare}`), expected);
        sandbox.clearRequests();
        await assert.rejects(utxos(`Q-${bare}`), (e: Error) => e.name === 'ValidationError');
        assert.equal(sandbox.requests.length, 0, 'a bad prefix was sent');
        const raw = await fetch(
            `${sandbox.dataApiUrl}/v1/networks/mainnet/blockchains/p-chain/utxos`,
            {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ addresses: `Q-${bare}` }),
            },
        );
        assert.equal(raw.status, 400);
    });
});
