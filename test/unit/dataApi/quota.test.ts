/**
 * Issue #18, point 8: the Data API's rate-limit quota, as each keyed answer reports it in its
 * `ratelimit-*` headers, reaches whoever asked for it (the status bar and the log), in words.
 */
import * as assert from 'node:assert/strict';

import { DataApiClient, type RateLimitQuota } from '../../../src/core/index';
import { describeQuota } from '../../../src/platform/quota';
import { type Sandbox, startSandbox } from '../../sandbox';

describe('(unit) the Data API quota (#18)', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
    });

    after(async () => {
        await sandbox.close();
    });

    it('is reported from the headers of each keyed answer, and spent by each request', async () => {
        const seen: RateLimitQuota[] = [];
        const client = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            apiKey: 'quota-test-key',
            onQuota: (q) => seen.push(q),
        });
        try {
            await client.listSubnets({ network: 'mainnet', pageSize: 1 });
            await client.listSubnets({ network: 'mainnet', pageSize: 2 });
        } finally {
            await client.close();
        }
        assert.equal(seen.length, 2);
        assert.equal(seen[0]!.limit, 20_000);
        assert.ok(seen[1]!.remaining < seen[0]!.remaining, JSON.stringify(seen));
        assert.ok(seen[0]!.resetSeconds! >= 1 && seen[0]!.resetSeconds! <= 60);
    });

    it('reads as the figures, with when it resets', () => {
        const atMs = Date.UTC(2026, 10, 24, 14, 2, 25);
        assert.equal(
            describeQuota({ remaining: 19_850, limit: 20_000, resetSeconds: 42, atMs }, atMs),
            '19,850 of 20,000 left, resets in 42 s (at 14:03:07 UTC)',
        );
        assert.equal(describeQuota({ remaining: 5, atMs }, atMs), '5 left');
    });
});
