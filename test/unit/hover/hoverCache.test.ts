/**
 * The hover cache: time to live, least-recently-used eviction, in-flight sharing, cancellation
 * that stops a lookup only when nobody waits for it any more, short-lived failures, and the one
 * background retry after a rate limit.
 */
import * as assert from 'node:assert/strict';

import { HoverCache, isAbortError, RateLimitedError } from '../../../src/core';

import { failure } from '../../helpers/failure';

interface Deferred<T> {
    promise: Promise<T>;
    resolve(value: T): void;
    reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
    let resolve!: (value: T) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
    });
    return { promise, resolve, reject };
}

/** A loader that counts its runs and records the signal of each. */
function counting<T>(answer: (run: number) => Promise<T>) {
    const signals: AbortSignal[] = [];
    const loader = (signal: AbortSignal): Promise<T> => {
        signals.push(signal);
        return answer(signals.length);
    };
    return {
        loader,
        signals,
        get runs() {
            return signals.length;
        },
    };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('(unit) hover cache', () => {
    let now = 1_000_000;
    const clock = (): number => now;
    beforeEach(() => {
        now = 1_000_000;
    });

    it('keeps a value for its time to live, then loads again', async () => {
        const cache = new HoverCache<string>({ maxEntries: 10, ttlMs: 1000, now: clock });
        const l = counting((run) => Promise.resolve(`v${run}`));
        assert.equal(await cache.load('k', l.loader), 'v1');
        assert.deepEqual(cache.peek('k'), { value: 'v1' });
        now += 999;
        assert.equal(await cache.load('k', l.loader), 'v1');
        now += 1;
        assert.equal(cache.peek('k'), undefined);
        assert.equal(await cache.load('k', l.loader), 'v2');
        assert.equal(l.runs, 2);
        assert.equal(cache.stats.loads, 2);
    });

    it('gives some values a shorter life', async () => {
        const cache = new HoverCache<string>({
            maxEntries: 10,
            ttlMs: 60_000,
            ttlFor: (v) => (v === 'partial' ? 100 : 60_000),
            now: clock,
        });
        await cache.load('a', () => Promise.resolve('partial'));
        await cache.load('b', () => Promise.resolve('full'));
        now += 100;
        assert.equal(cache.peek('a'), undefined);
        assert.deepEqual(cache.peek('b'), { value: 'full' });
    });

    it('evicts the least recently used entry first', async () => {
        const cache = new HoverCache<number>({ maxEntries: 3, ttlMs: 60_000, now: clock });
        for (const key of ['a', 'b', 'c'])
            await cache.load(key, () => Promise.resolve(key.charCodeAt(0)));
        cache.peek('a'); // a is now the most recent
        await cache.load('d', () => Promise.resolve(4));
        assert.equal(cache.size, 3);
        assert.equal(cache.peek('b'), undefined);
        assert.ok(cache.peek('a') && cache.peek('c') && cache.peek('d'));
    });

    it('shares one load between concurrent callers', async () => {
        const cache = new HoverCache<string>({ maxEntries: 10, ttlMs: 60_000, now: clock });
        const gate = deferred<string>();
        const l = counting(() => gate.promise);
        const first = cache.load('k', l.loader);
        const second = cache.load('k', l.loader);
        const third = cache.load('k', l.loader);
        assert.ok(cache.isLoading('k'));
        gate.resolve('shared');
        assert.deepEqual(await Promise.all([first, second, third]), ['shared', 'shared', 'shared']);
        assert.equal(l.runs, 1);
        assert.equal(cache.stats.shared, 2);
    });

    it('aborts a load only when every waiting caller was cancelled', async () => {
        const cache = new HoverCache<string>({ maxEntries: 10, ttlMs: 60_000, now: clock });
        const gate = deferred<string>();
        const l = counting(() => gate.promise);
        const a = new AbortController();
        const b = new AbortController();
        const first = cache.load('k', l.loader, a.signal);
        const second = cache.load('k', l.loader, b.signal);
        a.abort();
        assert.ok(isAbortError(await failure(first)));
        assert.equal(l.signals[0]!.aborted, false, 'the second caller still waits');
        b.abort();
        assert.ok(isAbortError(await failure(second)));
        assert.equal(l.signals[0]!.aborted, true, 'nobody waits: the requests stop');
        assert.equal(cache.isLoading('k'), false);
        assert.equal(cache.stats.aborted, 1);
        // The load's own abort rejection is not stored; the next hover starts afresh.
        gate.reject(new DOMException('aborted', 'AbortError'));
        await tick();
        const again = await cache.load('k', () => Promise.resolve('fresh'));
        assert.equal(again, 'fresh');
    });

    it('lets a caller that was not cancelled have the value another abandoned', async () => {
        const cache = new HoverCache<string>({ maxEntries: 10, ttlMs: 60_000, now: clock });
        const gate = deferred<string>();
        const impatient = new AbortController();
        const first = cache.load('k', () => gate.promise, impatient.signal);
        const patient = cache.load('k', () => gate.promise);
        impatient.abort();
        gate.resolve('value');
        assert.ok(isAbortError(await failure(first)));
        assert.equal(await patient, 'value');
        assert.deepEqual(cache.peek('k'), { value: 'value' });
    });

    it('rejects at once for a signal that is already aborted, and starts nothing', async () => {
        const cache = new HoverCache<string>({ maxEntries: 10, ttlMs: 60_000, now: clock });
        const l = counting(() => Promise.resolve('x'));
        const controller = new AbortController();
        controller.abort();
        assert.ok(isAbortError(await failure(cache.load('k', l.loader, controller.signal))));
        assert.equal(l.runs, 0);
    });

    it('keeps failures briefly when told to, and not at all otherwise', async () => {
        const brief = new HoverCache<string>({
            maxEntries: 10,
            ttlMs: 60_000,
            errorTtlMs: () => 5000,
            now: clock,
        });
        const l = counting<string>(() => Promise.reject(new Error('down')));
        await failure(brief.load('k', l.loader));
        await failure(brief.load('k', l.loader));
        assert.equal(l.runs, 1, 'the failure was answered from the cache');
        assert.ok(brief.peek('k') && 'error' in brief.peek('k')!);
        now += 5000;
        await failure(brief.load('k', l.loader));
        assert.equal(l.runs, 2);

        const none = new HoverCache<string>({ maxEntries: 10, ttlMs: 60_000, now: clock });
        const m = counting<string>(() => Promise.reject(new Error('down')));
        await failure(none.load('k', m.loader));
        await failure(none.load('k', m.loader));
        assert.equal(m.runs, 2);
    });

    it('retries a rate-limited load once in the background, after the wait it was given', async () => {
        const limited = new RateLimitedError('429', 'u', '', undefined, 'Data API', 30, 0, 1);
        const cache = new HoverCache<string>({
            maxEntries: 10,
            ttlMs: 60_000,
            errorTtlMs: () => 0,
            retryDelayMs: (answer) =>
                'error' in answer && answer.error instanceof RateLimitedError ? 30 : undefined,
        });
        const l = counting<string>((run) =>
            run <= 2 ? Promise.reject(limited) : Promise.resolve('after the limit'),
        );
        assert.equal(await failure(cache.load('k', l.loader)), limited);
        // Until the retry, the failure is the answer (the hover counts down to it).
        assert.equal(await failure(cache.load('k', l.loader)), limited);
        assert.equal(l.runs, 1);
        await new Promise((resolve) => setTimeout(resolve, 80));
        assert.equal(l.runs, 2, 'one background retry');
        assert.equal(cache.stats.retries, 1);
        // The background retry was limited again: it is not retried in turn.
        await new Promise((resolve) => setTimeout(resolve, 80));
        assert.equal(l.runs, 2);
        cache.dispose();
    });

    it('retries a value with a missing part and replaces it with the fuller one', async () => {
        const cache = new HoverCache<string>({
            maxEntries: 10,
            ttlMs: 60_000,
            retryDelayMs: (answer) =>
                'value' in answer && answer.value === 'partial' ? 20 : undefined,
        });
        const l = counting((run) => Promise.resolve(run === 1 ? 'partial' : 'complete'));
        assert.equal(await cache.load('k', l.loader), 'partial');
        await new Promise((resolve) => setTimeout(resolve, 60));
        assert.deepEqual(cache.peek('k'), { value: 'complete' });
        cache.dispose();
    });

    it('stops background retries on dispose and aborts loads on clear', async () => {
        const cache = new HoverCache<string>({
            maxEntries: 10,
            ttlMs: 60_000,
            retryDelayMs: () => 20,
        });
        const l = counting(() => Promise.resolve('v'));
        await cache.load('k', l.loader);
        cache.dispose();
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(l.runs, 1);

        const other = new HoverCache<string>({ maxEntries: 10, ttlMs: 60_000 });
        const gate = deferred<string>();
        const m = counting(() => gate.promise);
        const waiting = other.load('k', m.loader);
        other.clear();
        assert.equal(m.signals[0]!.aborted, true);
        gate.resolve('late');
        assert.equal(await waiting, 'late');
        assert.equal(other.peek('k'), undefined, 'a cleared load is not stored');
    });
});
