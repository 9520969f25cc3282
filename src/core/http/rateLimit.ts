/**
 * The one rule for a 429 Too Many Requests: how long to wait before asking the same service
 * again, and whether a Data API key is the remedy. Hovers (the calm line and the background
 * retry), tree rows and toasts all follow it, so a rate limit reads the same everywhere.
 *
 * Why the client does not retry a 429 itself: the wait is seconds to a minute, longer than a
 * request should hang, and a retry inside the client would spend the caller's quota again while
 * the user waits without being told. The caller decides instead: a hover says "retrying in 12 s"
 * and retries in the background when the limit lifts; a tree row and a toast say when to try
 * again and offer the key.
 */
import { isRateLimitedError } from './errors';
import type { HttpResponse } from './httpClient';

/**
 * Wait assumed after a 429 that names none. The Data API counts its limits per minute
 * (https://developers.avacloud.io/data-api/rate-limits); ten seconds lets a short burst drain
 * without leaving a hover stale for long.
 */
const defaultRateLimitWaitMs = 10_000;

/**
 * Shortest wait. Servers send `retry-after: 0` when the window has just reset; asking again at
 * once would, for a hover that retries in the background, turn a rate limit into a loop.
 */
export const minRateLimitWaitMs = 1_000;

/**
 * The server's hint in milliseconds: `retry-after` as seconds or an HTTP date (RFC 9110, section
 * 10.2.3, https://www.rfc-editor.org/rfc/rfc9110#field.retry-after), else `ratelimit-reset` as
 * seconds (the IETF RateLimit header fields draft,
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/). Undefined without one.
 */
export function retryAfterMs(headers: HttpResponse['headers']): number | undefined {
    for (const name of ['retry-after', 'ratelimit-reset']) {
        const raw = headers[name];
        const value = Array.isArray(raw) ? raw[0] : raw;
        if (value === undefined) continue;
        const seconds = Number(value);
        if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
        const date = Date.parse(value);
        if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
    }
    return undefined;
}

/**
 * How long to wait after a 429 before asking again: the server's hint (`retryAfterMs` above, as
 * `RateLimitedError.retryAfterMs` carries it), else {@link defaultRateLimitWaitMs}; never less
 * than {@link minRateLimitWaitMs}.
 */
export function rateLimitWaitMs(hintMs: number | undefined): number {
    return Math.max(minRateLimitWaitMs, hintMs ?? defaultRateLimitWaitMs);
}

/**
 * True when `error` is a Data API rate limit: a key raises the limit, so the remedy offered is
 * "Set an API key" (https://developers.avacloud.io/data-api/rate-limits). A node's limit is the
 * node operator's, and no key of ours changes it.
 */
export function isDataApiRateLimit(error: unknown): boolean {
    return isRateLimitedError(error) && error.service === 'Data API';
}
