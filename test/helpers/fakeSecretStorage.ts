/**
 * An in-memory `vscode.SecretStorage` for tests. Like the real one, `onDidChange` fires after
 * `store` and `delete` (also when another "window" shares the same instance), and `get` of a
 * missing key resolves to undefined. `failReads` simulates a broken keychain.
 */
import type * as vscode from 'vscode';

type Listener = (event: vscode.SecretStorageChangeEvent) => unknown;

export class FakeSecretStorage implements vscode.SecretStorage {
    private readonly values = new Map<string, string>();
    private readonly listeners = new Set<Listener>();
    /** When set, `get` rejects with this error. */
    failReads: Error | undefined;
    /** Every call, in order, for assertions ("get:key", "store:key", "delete:key"). */
    readonly calls: string[] = [];

    constructor(initial: Record<string, string> = {}) {
        for (const [key, value] of Object.entries(initial)) this.values.set(key, value);
    }

    get(key: string): Thenable<string | undefined> {
        this.calls.push(`get:${key}`);
        if (this.failReads) return Promise.reject(this.failReads);
        return Promise.resolve(this.values.get(key));
    }

    store(key: string, value: string): Thenable<void> {
        this.calls.push(`store:${key}`);
        this.values.set(key, value);
        this.fire(key);
        return Promise.resolve();
    }

    delete(key: string): Thenable<void> {
        this.calls.push(`delete:${key}`);
        const existed = this.values.delete(key);
        if (existed) this.fire(key);
        return Promise.resolve();
    }

    readonly onDidChange: vscode.Event<vscode.SecretStorageChangeEvent> = (
        listener: Listener,
        thisArgs?: unknown,
        disposables?: vscode.Disposable[],
    ) => {
        const bound: Listener = (e) => listener.call(thisArgs, e);
        this.listeners.add(bound);
        const disposable = { dispose: () => this.listeners.delete(bound) };
        disposables?.push(disposable);
        return disposable;
    };

    /** Number of subscribed listeners, to check that disposal unsubscribes. */
    get listenerCount(): number {
        return this.listeners.size;
    }

    private fire(key: string): void {
        // Asynchronous like VS Code's event, which arrives over IPC after the call resolved.
        queueMicrotask(() => {
            for (const listener of [...this.listeners]) listener({ key });
        });
    }
}
