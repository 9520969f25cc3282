/**
 * Counts what one user action cost on the wire, from the sandbox's request log: the dependent
 * round trips on its critical path, the requests, and the Data API compute units.
 *
 * Causality is read from the times alone, as a network observer would: request B *depends on*
 * request A when B was received after A's answer was finished (`B.startMs >= A.endMs`, within
 * {@link RoundTripOptions.toleranceMs}). This is the interval order of the requests' lifetimes;
 * the dependent round trips of an action are the length of its longest chain, i.e. the most
 * requests that stood one after another. Requests whose lifetimes overlap (a parallel fan-out)
 * are one round trip; a JSON-RPC batch is one request and one round trip whatever it carries.
 * The count is an upper bound of true causality: a request a timer starts after an unrelated
 * answer is counted as dependent on it, which is why the bench starts each action from a quiet
 * host and clears the log in between.
 */
import { createHash } from 'node:crypto';

import { dataApiComputeUnits } from '../../src/core/dataApi/endpoints';
import type { RecordedRequest } from './types';

/** The part of a {@link RecordedRequest} the counter reads. */
export type TimedRequest = Pick<RecordedRequest, 'service' | 'operations' | 'startMs' | 'endMs'> &
    Partial<Pick<RecordedRequest, 'askDigest'>>;

/** Knobs of {@link countRoundTrips}. */
export interface RoundTripOptions {
    /**
     * How far before A's end B may start and still count as waiting for it: 0 by default. The
     * sandbox's clock is the same for both ends, so only scheduling jitter needs it.
     */
    toleranceMs?: number;
}

/** What {@link countRoundTrips} measured. */
export interface RoundTripCount {
    /** The longest chain of requests each received after the previous one's answer ended. */
    dependentRoundTrips: number;
    /** Requests received (a batch is one). */
    requests: number;
    /** Requests per service. */
    byService: Record<RecordedRequest['service'], number>;
    /** Data API compute units: the OpenAPI's weight of each operation (1 when unknown). */
    computeUnits: number;
    /** The requests of one longest chain, in order, for the bench's note. */
    criticalPath: TimedRequest[];
    /**
     * Requests that asked what an earlier request of the log asked (same method, URL and body):
     * an action should share an answer in flight or kept, not ask twice.
     */
    repeated: TimedRequest[];
}

/**
 * The digest of what a request asks ({@link RecordedRequest.askDigest}): a JSON-RPC body's `id`
 * (of each call of a batch) is left out, as a client numbers every request anew.
 */
export function askDigest(method: string, url: string, body: string): string {
    let ask = body;
    if (body.startsWith('{') || body.startsWith('[')) {
        try {
            const parsed: unknown = JSON.parse(body);
            const withoutId = (call: unknown): unknown => {
                if (call === null || typeof call !== 'object' || Array.isArray(call)) return call;
                const rest = { ...(call as Record<string, unknown>) };
                delete rest['id'];
                return rest;
            };
            ask = JSON.stringify(Array.isArray(parsed) ? parsed.map(withoutId) : withoutId(parsed));
        } catch {
            // Not JSON: the body as sent.
        }
    }
    return createHash('sha256').update(`${method} ${url}\n${ask}`).digest('hex');
}

/**
 * Counts the dependent round trips, requests and compute units of a request log. A request
 * still unanswered (no `endMs`) ends at the log's last time: nothing after it waited for it.
 */
export function countRoundTrips(
    log: readonly TimedRequest[],
    options: RoundTripOptions = {},
): RoundTripCount {
    const tolerance = options.toleranceMs ?? 0;
    const last = log.reduce((m, r) => Math.max(m, r.startMs, r.endMs ?? r.startMs), 0);
    const items = log
        .map((r) => ({ r, start: r.startMs, end: r.endMs ?? last }))
        .sort((a, b) => a.start - b.start || a.end - b.end);
    // depth[i]: the longest chain ending with items[i]; prev[i] its predecessor on that chain.
    // O(n²) over one action's few hundred requests at most.
    const depth: number[] = [];
    const prev: number[] = [];
    let best = -1;
    for (let i = 0; i < items.length; i++) {
        const cur = items[i]!;
        let d = 1;
        let p = -1;
        for (let j = 0; j < i; j++) {
            const before = items[j]!;
            if (before.end <= cur.start + tolerance && depth[j]! + 1 > d) {
                d = depth[j]! + 1;
                p = j;
            }
        }
        depth.push(d);
        prev.push(p);
        if (best < 0 || d > depth[best]!) best = i;
    }
    const criticalPath: TimedRequest[] = [];
    for (let i = best; i >= 0; i = prev[i]!) criticalPath.unshift(items[i]!.r);
    const seen = new Set<string>();
    const repeated: TimedRequest[] = [];
    for (const { r } of items) {
        if (r.askDigest === undefined) continue;
        if (seen.has(r.askDigest)) repeated.push(r);
        seen.add(r.askDigest);
    }
    const byService = { dataApi: 0, metrics: 0, node: 0 };
    let computeUnits = 0;
    for (const r of log) {
        byService[r.service]++;
        if (r.service !== 'dataApi') continue;
        const op = r.operations[0];
        computeUnits += (op === undefined ? undefined : dataApiComputeUnits[op]) ?? 1;
    }
    return {
        dependentRoundTrips: best < 0 ? 0 : depth[best]!,
        requests: log.length,
        byService,
        computeUnits,
        criticalPath,
        repeated,
    };
}
