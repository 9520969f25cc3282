/**
 * Disposable helpers in the style of VS Code's own `lifecycle.ts`: a base class that owns what it
 * `_register`s, so services and registrars release listeners in one place.
 */
import type * as vscode from 'vscode';

import { liveStore } from './liveCounters';

/** Disposes each item, continuing past failures, and rethrows the first failure at the end. */
function disposeAll(items: Iterable<vscode.Disposable | { dispose(): unknown }>): void {
    let first: unknown;
    for (const item of items) {
        try {
            item.dispose();
        } catch (error) {
            first ??= error;
        }
    }
    if (first !== undefined) {
        throw first instanceof Error ? first : new Error('A dispose call failed', { cause: first });
    }
}

/** An event emitter: an `event` to subscribe with and a `fire`. */
interface EmitterLike {
    event: (
        listener: (e: unknown) => unknown,
        thisArgs?: unknown,
        disposables?: unknown,
    ) => {
        dispose(): unknown;
    };
    fire(event: unknown): void;
    dispose(): void;
}

function isEmitter(item: unknown): item is EmitterLike {
    const candidate = item as Partial<EmitterLike> | null;
    return (
        typeof candidate === 'object' &&
        candidate !== null &&
        typeof candidate.fire === 'function' &&
        typeof candidate.event === 'function'
    );
}

/**
 * Counts the subscriptions to an emitter the extension owns (`liveCounters.ts`): each one is
 * live until it is disposed or the emitter is. A subscriber that never lets go shows up there.
 */
function countSubscriptions(emitter: EmitterLike): void {
    const store = liveStore();
    const original = emitter.event;
    const live = new Set<{ dispose(): unknown }>();
    const event: EmitterLike['event'] = (listener, thisArgs, disposables) => {
        const subscription = original(listener, thisArgs);
        store.listeners++;
        const counted = {
            dispose: (): void => {
                if (live.delete(counted)) store.listeners--;
                subscription.dispose();
            },
        };
        live.add(counted);
        if (Array.isArray(disposables)) disposables.push(counted);
        return counted;
    };
    Object.defineProperty(emitter, 'event', { value: event, configurable: true });
    const dispose = emitter.dispose.bind(emitter);
    emitter.dispose = () => {
        store.listeners -= live.size;
        live.clear();
        dispose();
    };
}

export abstract class Disposable implements vscode.Disposable {
    private readonly disposables: { dispose(): unknown }[] = [];
    private disposed = false;

    constructor() {
        liveStore().disposables++;
    }

    protected get isDisposed(): boolean {
        return this.disposed;
    }

    /** Takes ownership of `item`: it is disposed with this object (at once if already disposed). */
    protected _register<T extends { dispose(): unknown }>(item: T): T {
        if (this.disposed) {
            item.dispose();
            return item;
        }
        if (isEmitter(item)) countSubscriptions(item);
        liveStore().disposables++;
        this.disposables.push(item);
        return item;
    }

    dispose(): void {
        if (this.disposed) return;
        this.disposed = true;
        const owned = this.disposables.splice(0).reverse();
        liveStore().disposables -= owned.length + 1;
        disposeAll(owned);
    }
}
