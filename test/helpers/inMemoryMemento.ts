/**
 * An in-memory `vscode.Memento` (globalState / workspaceState) for tests. Values are stored as
 * JSON copies, as VS Code does, so a test cannot pass by mutating an object it stored earlier.
 */
import type * as vscode from 'vscode';

export class InMemoryMemento implements vscode.Memento {
    private readonly values = new Map<string, string>();
    /** Keys passed to `setKeysForSync`, for tests that check what is synced. */
    syncedKeys: readonly string[] = [];

    constructor(initial: Record<string, unknown> = {}) {
        for (const [key, value] of Object.entries(initial)) {
            this.values.set(key, JSON.stringify(value));
        }
    }

    keys(): readonly string[] {
        return [...this.values.keys()];
    }

    get<T>(key: string): T | undefined;
    get<T>(key: string, defaultValue: T): T;
    get<T>(key: string, defaultValue?: T): T | undefined {
        const stored = this.values.get(key);
        return stored === undefined ? defaultValue : (JSON.parse(stored) as T);
    }

    update(key: string, value: unknown): Thenable<void> {
        if (value === undefined) this.values.delete(key);
        else this.values.set(key, JSON.stringify(value));
        return Promise.resolve();
    }

    setKeysForSync(keys: readonly string[]): void {
        this.syncedKeys = [...keys];
    }
}
