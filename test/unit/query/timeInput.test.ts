/**
 * Issue #18, point 7: wherever a timestamp is asked, a date, a date and time, or a span back from
 * now is accepted besides Unix seconds, and the input box shows the Unix seconds it becomes.
 */
import * as assert from 'node:assert/strict';

import {
    checkPromptText,
    describeTimeInput,
    parsePromptText,
    parseTimeInput,
} from '../../../src/core/index';

const nowMs = Date.UTC(2026, 10, 24, 15, 30, 0); // 2026-11-24 15:30 UTC
const now = nowMs / 1000;
const day = 86_400;

describe('(unit) time input (#18)', () => {
    it('keeps Unix seconds as they are', () => {
        assert.equal(parseTimeInput('1700000000', nowMs), 1_700_000_000);
        assert.equal(parseTimeInput('0', nowMs), 0);
    });

    it('reads dates and date-times, UTC unless an offset is given', () => {
        assert.equal(parseTimeInput('2024-11-24', nowMs), Date.UTC(2024, 10, 24) / 1000);
        assert.equal(parseTimeInput('2024-11-24T13:00', nowMs), Date.UTC(2024, 10, 24, 13) / 1000);
        assert.equal(
            parseTimeInput('2024-11-24 13:00:30Z', nowMs),
            Date.UTC(2024, 10, 24, 13, 0, 30) / 1000,
        );
        assert.equal(
            parseTimeInput('2024-11-24T13:00+01:00', nowMs),
            Date.UTC(2024, 10, 24, 12) / 1000,
        );
    });

    it('reads spans back from now', () => {
        assert.equal(parseTimeInput('7d', nowMs), now - 7 * day);
        assert.equal(parseTimeInput('12h ago', nowMs), now - 12 * 3600);
        assert.equal(parseTimeInput('30m', nowMs), now - 1800);
        assert.equal(parseTimeInput('2w', nowMs), now - 14 * day);
        assert.equal(parseTimeInput('now', nowMs), now);
        assert.equal(parseTimeInput('today', nowMs), Date.UTC(2026, 10, 24) / 1000);
        assert.equal(parseTimeInput('Yesterday', nowMs), Date.UTC(2026, 10, 23) / 1000);
    });

    it('refuses what is no time', () => {
        for (const bad of [
            '2024-02-30',
            '2024-11-24T25:00',
            'tomorrow',
            '7x',
            '-',
            '1e9',
            '99999999999999999',
            '1960-01-01',
        ]) {
            assert.equal(parseTimeInput(bad, nowMs), undefined, bad);
        }
    });

    it('is what the prompts check and keep, and says what a time becomes', () => {
        const prompt = { kind: 'timestamp' as const, optional: false };
        assert.equal(checkPromptText(prompt, '7d', { nowMs }), undefined);
        assert.match(checkPromptText(prompt, 'soon', { nowMs }) ?? '', /a date \(2024-11-24\)/);
        assert.equal(parsePromptText('timestamp', '7d', nowMs), now - 7 * day);
        assert.equal(parsePromptText('timestamp', '1700000000', nowMs), 1_700_000_000);
        assert.equal(
            describeTimeInput('2024-11-24', nowMs),
            '= 1732406400 Unix seconds (2024-11-24 00:00:00 UTC)',
        );
    });
});
