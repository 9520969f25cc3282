/**
 * The Data API key in VS Code's `SecretStorage`, never in settings. The storage
 * is injected so tests can pass an in-memory fake. `SecretStorage.onDidChange` also fires for
 * changes made in other windows, which is how every window re-creates its clients with a new key.
 */
import * as vscode from 'vscode';

import { Disposable } from './disposable';
import { log } from './log';

/** Namespaced SecretStorage keys. */
const SecretKey = {
    DataApiKey: 'avalanche.dataApi.apiKey',
} as const;
export type SecretKey = (typeof SecretKey)[keyof typeof SecretKey];

const knownKeys: ReadonlySet<string> = new Set(Object.values(SecretKey));
const logger = log.for('Secrets');

export class Secrets extends Disposable {
    private readonly emitter = this._register(new vscode.EventEmitter<SecretKey>());
    /** Fires with the key that changed, in this window or another. */
    readonly onDidChange: vscode.Event<SecretKey> = this.emitter.event;
    /** Cached reads; a change event drops the entry. */
    private readonly cache = new Map<SecretKey, Promise<string | undefined>>();

    constructor(private readonly storage: vscode.SecretStorage) {
        super();
        this._register(
            storage.onDidChange((e) => {
                if (!knownKeys.has(e.key)) return;
                const key = e.key as SecretKey;
                this.cache.delete(key);
                logger.info(`${key} changed`);
                this.emitter.fire(key);
            }),
        );
    }

    /** The stored Data API key, or undefined. The value is registered with the log's redaction. */
    getDataApiKey(): Promise<string | undefined> {
        return this.read(SecretKey.DataApiKey);
    }

    async setDataApiKey(value: string): Promise<void> {
        log.addSecret(value);
        this.cache.delete(SecretKey.DataApiKey);
        await this.storage.store(SecretKey.DataApiKey, value);
    }

    async clearDataApiKey(): Promise<void> {
        this.cache.delete(SecretKey.DataApiKey);
        await this.storage.delete(SecretKey.DataApiKey);
    }

    private read(key: SecretKey): Promise<string | undefined> {
        let pending = this.cache.get(key);
        if (!pending) {
            pending = Promise.resolve(this.storage.get(key)).then(
                (value) => {
                    log.addSecret(value);
                    return value;
                },
                (error: unknown) => {
                    // A broken keychain must not break every request: behave as if no key is set.
                    this.cache.delete(key);
                    logger.error(`Could not read ${key} from the secret storage`, error);
                    return undefined;
                },
            );
            this.cache.set(key, pending);
        }
        return pending;
    }
}
