/**
 * Counters of what the extension holds alive: timers, listeners on its own events, and
 * disposable objects with what they own. Leak tests read them through `ExtensionApi.debug` (the
 * Node view polling for ten minutes, views closing, deactivation); nothing else does. They count,
 * they never hold values, so exposing them is safe.
 *
 * The store lives on `globalThis` under a registered symbol: the extension is three bundles
 * (`dist/extension.js` and the lazily loaded `dist/core.js` and `dist/queries.js`), each with its
 * own copy of this module, and all must count into one place. Timers are counted by
 * `liveTimers.ts`, which the build injects in place of the global timer functions in every bundle.
 */

/** What is alive right now. */
export interface LiveCounts {
    /** Timeouts and intervals created and not yet fired (timeouts) or cleared. */
    readonly timers: number;
    /** Subscriptions to the extension's own events that are still attached. */
    readonly listeners: number;
    /** `Disposable` objects not yet disposed, plus the items they own (registrations, views). */
    readonly disposables: number;
}

/** The shared store; created on first use. */
export interface LiveStore {
    /** Each live timer's handle, with its callback: what a leak report names. */
    readonly timers: Map<unknown, { toString(): string }>;
    listeners: number;
    disposables: number;
}

const storeKey = Symbol.for('avalanche-explorer.liveCounters');

export function liveStore(): LiveStore {
    const holder = globalThis as unknown as Record<symbol, LiveStore | undefined>;
    return (holder[storeKey] ??= { timers: new Map(), listeners: 0, disposables: 0 });
}

/** A snapshot of the counters. */
export function liveCounts(): LiveCounts {
    const store = liveStore();
    return {
        timers: store.timers.size,
        listeners: store.listeners,
        disposables: store.disposables,
    };
}

/**
 * The live timers as short descriptions (delay and the start of the callback's source), for a
 * leak test's message: a count alone does not say which timer outlived its owner. Source text of
 * the extension's own bundles, never data.
 */
export function liveTimerSources(): string[] {
    const sources: string[] = [];
    for (const [handle, callback] of liveStore().timers) {
        const delay = (handle as { _idleTimeout?: unknown })._idleTimeout;
        const text = callback.toString().replace(/\s+/g, ' ').slice(0, 200);
        sources.push(`${typeof delay === 'number' ? `${delay} ms` : 'timer'}: ${text}`);
    }
    return sources;
}
