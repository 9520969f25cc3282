/**
 * The Data API's rate-limit quota in words, for the status bar and the log. Pure, so it is
 * unit-tested; the figures are what the API's `ratelimit-*` headers said
 * (https://developers.avacloud.io/introduction/rate-limits).
 */
import type { RateLimitQuota } from '../core/index';
import { formatNumber } from '../core/format';

/** `19,850 of 20,000 left, resets in 42 s (at 14:03:07)`. */
export function describeQuota(quota: RateLimitQuota, nowMs: number = Date.now()): string {
    const left = formatNumber(quota.remaining);
    const of = quota.limit === undefined ? '' : ` of ${formatNumber(quota.limit)}`;
    if (quota.resetSeconds === undefined) return `${left}${of} left`;
    const resetAtMs = quota.atMs + quota.resetSeconds * 1000;
    const inSeconds = Math.max(0, Math.ceil((resetAtMs - nowMs) / 1000));
    const at = new Date(resetAtMs).toISOString().slice(11, 19);
    return `${left}${of} left, resets in ${inSeconds} s (at ${at} UTC)`;
}
