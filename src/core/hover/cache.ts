/**
 * The hover cache: small, bounded (LRU), with a time to live, and with in-flight sharing. Two
 * hovers over one identifier share one request; the request is aborted only when every hover
 * waiting for it has been cancelled (a moved mouse), so one impatient hover cannot starve another.
 * Failures are kept briefly too, so that moving the mouse back and forth over an id whose lookup
 * failed does not hammer the service; a rate limit is kept until its retry time and then retried
 * once in the background, so that the hover's "retrying in 12 s" is true.
 */
import { abortError, isAbortError } from '../http/errors';

/** Options of `HoverCache`. */
export interface HoverCacheOptions<V> {
    /** Most entries kept; the least recently used goes first. */
    readonly maxEntries: number;
    /** How long a value stays fresh. */
    readonly ttlMs: number;
    /** A shorter life for some values (results with missing parts, for example). */
    readonly ttlFor?: ((value: V) => number) | undefined;
    /** How long a failure stays cached; undefined or 0: not cached. */
    readonly errorTtlMs?: ((error: unknown) => number | undefined) | undefined;
    /**
     * When set and it returns a delay for an answer (a failure, or a value with a part missing),
     * the load is run again once, in the background, after that delay; its result replaces the
     * answer. A background load is never retried in turn.
     */
    readonly retryDelayMs?: ((answer: CachedAnswer<V>) => number | undefined) | undefined;
    /** Clock, injectable for tests. */
    readonly now?: (() => number) | undefined;
}

/** Counters for tests and benchmarks. */
export interface HoverCacheStats {
    /** Loader runs (each is one resolution, whatever it costs in requests). */
    loads: number;
    /** Answers from a fresh entry. */
    hits: number;
    /** Callers that joined a load already under way. */
    shared: number;
    /** Loads aborted because every waiting caller was cancelled. */
    aborted: number;
    /** Background retries started. */
    retries: number;
}

interface Pending<V> {
    readonly state: 'pending';
    readonly promise: Promise<V>;
    readonly controller: AbortController;
    waiters: number;
}
interface Settled<V> {
    readonly state: 'value' | 'error';
    readonly value?: V;
    readonly error?: unknown;
    expiresAt: number;
    retryTimer?: ReturnType<typeof setTimeout> | undefined;
}
type Entry<V> = Pending<V> | Settled<V>;

/** A fresh cached answer: a value or a failure. */
export type CachedAnswer<V> = { readonly value: V } | { readonly error: unknown };

/** See the file comment. Keys are opaque strings (`network|kind|value`). */
export class HoverCache<V> {
    private readonly entries = new Map<string, Entry<V>>();
    private readonly now: () => number;
    private disposed = false;
    readonly stats: HoverCacheStats = { loads: 0, hits: 0, shared: 0, aborted: 0, retries: 0 };

    constructor(private readonly options: HoverCacheOptions<V>) {
        this.now = options.now ?? Date.now;
    }

    /** Entries held (settled and pending). */
    get size(): number {
        return this.entries.size;
    }

    /**
     * The fresh answer for `key`, synchronously, or undefined (missing, expired or still
     * loading). Marks the entry as recently used.
     */
    peek(key: string): CachedAnswer<V> | undefined {
        const entry = this.entries.get(key);
        if (entry === undefined || entry.state === 'pending') return undefined;
        if (entry.expiresAt <= this.now()) {
            // An expired failure whose background retry is due stays until the retry replaces it.
            if (entry.retryTimer === undefined) this.entries.delete(key);
            return undefined;
        }
        this.touch(key, entry);
        this.stats.hits++;
        return entry.state === 'value' ? { value: entry.value as V } : { error: entry.error };
    }

    /** True while a load for `key` is under way. */
    isLoading(key: string): boolean {
        return this.entries.get(key)?.state === 'pending';
    }

    /**
     * The value for `key`: a fresh cached one, the load already under way, or a new load.
     * Rejects with an AbortError as soon as `signal` fires (the load itself goes on while other
     * callers wait for it), and with the loader's failure otherwise.
     */
    load(
        key: string,
        loader: (signal: AbortSignal) => Promise<V>,
        signal?: AbortSignal,
    ): Promise<V> {
        if (signal?.aborted) return Promise.reject(abortError(signal));
        const cached = this.peek(key);
        if (cached !== undefined) {
            if ('value' in cached) return Promise.resolve(cached.value);
            const { error } = cached;
            return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
        let entry = this.entries.get(key);
        if (entry?.state === 'pending') {
            this.stats.shared++;
        } else {
            entry = this.start(key, loader);
        }
        return this.join(key, entry, signal);
    }

    /** Forgets `key` (a running load goes on for its current waiters but is not stored). */
    delete(key: string): void {
        const entry = this.entries.get(key);
        if (entry?.state !== 'pending' && entry?.retryTimer !== undefined) {
            clearTimeout(entry.retryTimer);
        }
        this.entries.delete(key);
    }

    /** Forgets everything (settings or network changed). Running loads are aborted. */
    clear(): void {
        for (const entry of this.entries.values()) {
            if (entry.state === 'pending') entry.controller.abort();
            else if (entry.retryTimer !== undefined) clearTimeout(entry.retryTimer);
        }
        this.entries.clear();
    }

    /** Clears and refuses background retries from now on. */
    dispose(): void {
        this.disposed = true;
        this.clear();
    }

    private start(
        key: string,
        loader: (signal: AbortSignal) => Promise<V>,
        background = false,
    ): Pending<V> {
        const controller = new AbortController();
        this.stats.loads++;
        const promise = loader(controller.signal);
        const entry: Pending<V> = { state: 'pending', promise, controller, waiters: 0 };
        this.entries.set(key, entry);
        promise.then(
            (value) => {
                if (this.entries.get(key) !== entry) return;
                const ttl = this.options.ttlFor?.(value) ?? this.options.ttlMs;
                const settled: Settled<V> = { state: 'value', value, expiresAt: this.now() + ttl };
                this.settle(key, settled, { value }, loader, background);
            },
            (error: unknown) => {
                if (this.entries.get(key) !== entry) return;
                if (isAbortError(error)) {
                    this.entries.delete(key);
                    return;
                }
                const ttl = this.options.errorTtlMs?.(error) ?? 0;
                const settled: Settled<V> = { state: 'error', error, expiresAt: this.now() + ttl };
                this.settle(key, settled, { error }, loader, background);
            },
        );
        this.evict();
        return entry;
    }

    private settle(
        key: string,
        settled: Settled<V>,
        answer: CachedAnswer<V>,
        loader: (signal: AbortSignal) => Promise<V>,
        background: boolean,
    ): void {
        const retryMs =
            this.disposed || background ? undefined : this.options.retryDelayMs?.(answer);
        if (retryMs !== undefined && settled.expiresAt < this.now() + retryMs) {
            // Kept until the retry replaces it, so the hover can count down to it.
            settled.expiresAt = this.now() + retryMs;
        }
        this.entries.delete(key);
        if (settled.expiresAt <= this.now()) return;
        this.entries.set(key, settled);
        this.evict();
        if (retryMs === undefined) return;
        settled.retryTimer = setTimeout(() => {
            settled.retryTimer = undefined;
            if (this.disposed || this.entries.get(key) !== settled) return;
            this.stats.retries++;
            // No caller waits: the answer is kept for the next hover.
            const retry = this.start(key, loader, true);
            retry.promise.catch(() => undefined);
        }, retryMs);
        // A pending retry must not keep a test process or the extension host alive.
        (settled.retryTimer as { unref?: () => void }).unref?.();
    }

    private join(key: string, entry: Pending<V>, signal: AbortSignal | undefined): Promise<V> {
        entry.waiters++;
        return new Promise<V>((resolve, reject) => {
            let done = false;
            const leave = (): void => {
                if (done) return;
                done = true;
                signal?.removeEventListener('abort', onAbort);
                entry.waiters--;
            };
            const onAbort = (): void => {
                if (done) return;
                leave();
                if (entry.waiters === 0 && this.entries.get(key) === entry) {
                    // Nobody wants the answer any more: stop the requests.
                    this.entries.delete(key);
                    this.stats.aborted++;
                    entry.controller.abort(abortError(signal));
                }
                reject(abortError(signal));
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            entry.promise.then(
                (value) => {
                    if (done) return;
                    leave();
                    resolve(value);
                },
                (error: unknown) => {
                    if (done) return;
                    leave();
                    reject(error instanceof Error ? error : new Error(String(error)));
                },
            );
        });
    }

    private touch(key: string, entry: Entry<V>): void {
        this.entries.delete(key);
        this.entries.set(key, entry);
    }

    private evict(): void {
        let excess = this.entries.size - this.options.maxEntries;
        if (excess <= 0) return;
        // Oldest first; a load under way is skipped, as its waiters expect it to be shared.
        for (const [key, entry] of this.entries) {
            if (excess <= 0) return;
            if (entry.state === 'pending') continue;
            if (entry.retryTimer !== undefined) clearTimeout(entry.retryTimer);
            this.entries.delete(key);
            excess--;
        }
    }
}
