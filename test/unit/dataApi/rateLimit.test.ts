/**
 * The one rule for a 429: how long a caller waits (the server's hint, else 10 s, never under a
 * second) and when a Data API key is the remedy.
 */
import * as assert from 'node:assert/strict';

import { HttpError, RateLimitedError } from '../../../src/core';
import {
    isDataApiRateLimit,
    minRateLimitWaitMs,
    rateLimitWaitMs,
    retryAfterMs,
} from '../../../src/core/http/rateLimit';

describe('(unit) the 429 rule', () => {
    it('waits as long as the server says, in seconds or as a date', () => {
        assert.equal(retryAfterMs({ 'retry-after': '7' }), 7000);
        assert.equal(retryAfterMs({ 'ratelimit-reset': '3' }), 3000);
        assert.equal(retryAfterMs({ 'retry-after': '2', 'ratelimit-reset': '9' }), 2000);
        const date = new Date(Date.now() + 20_000).toUTCString();
        const fromDate = retryAfterMs({ 'retry-after': date }) ?? 0;
        assert.ok(fromDate > 18_000 && fromDate <= 20_000, String(fromDate));
        assert.equal(retryAfterMs({}), undefined);
        assert.equal(rateLimitWaitMs(7000), 7000);
    });

    it('waits 10 s without a hint and never less than a second', () => {
        assert.equal(rateLimitWaitMs(undefined), 10_000);
        assert.equal(rateLimitWaitMs(0), minRateLimitWaitMs);
        assert.equal(rateLimitWaitMs(200), 1000);
    });

    it('offers the key only for a Data API limit', () => {
        const limited = (service: 'Data API' | 'node'): RateLimitedError =>
            new RateLimitedError('429', 'u', '', undefined, service, undefined, 0, 1);
        assert.equal(isDataApiRateLimit(limited('Data API')), true);
        assert.equal(isDataApiRateLimit(limited('node')), false);
        assert.equal(
            isDataApiRateLimit(new HttpError('503', 'u', 503, '', undefined, 'Data API')),
            false,
        );
    });
});
