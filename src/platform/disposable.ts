/**
 * Disposable helpers in the style of VS Code's own `lifecycle.ts`: a base class that owns what it
 * `_register`s, so services and registrars release listeners in one place.
 */
import type * as vscode from 'vscode';

/** Disposes each item, continuing past failures, and rethrows the first failure at the end. */
export function disposeAll(items: Iterable<vscode.Disposable | { dispose(): unknown }>): void {
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

/** Wraps a callback as a disposable that runs at most once. */
export function toDisposable(dispose: () => void): vscode.Disposable {
    let done = false;
    return {
        dispose: () => {
            if (done) return;
            done = true;
            dispose();
        },
    };
}

export abstract class Disposable implements vscode.Disposable {
    private readonly disposables: { dispose(): unknown }[] = [];
    private disposed = false;

    protected get isDisposed(): boolean {
        return this.disposed;
    }

    /** Takes ownership of `item`: it is disposed with this object (at once if already disposed). */
    protected _register<T extends { dispose(): unknown }>(item: T): T {
        if (this.disposed) item.dispose();
        else this.disposables.push(item);
        return item;
    }

    dispose(): void {
        if (this.disposed) return;
        this.disposed = true;
        disposeAll(this.disposables.splice(0).reverse());
    }
}
