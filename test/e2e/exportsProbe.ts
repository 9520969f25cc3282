/**
 * A second, ordinary extension for the e2e tier: scripts/hostTest.mjs installs it next to
 * Avalanche Explorer in --extensions-dir (so both run in ExtensionMode.Production, as they would on
 * a person's machine), and test/e2e/secrets.e2e.ts runs its command after setting a Data API key
 * through the palette. It does what any installed extension can do to reach another one's key:
 * activate Avalanche Explorer through `vscode.extensions.getExtension()`, look at what that hands
 * out (`exports`, the value `activate()` resolved to) and call whatever key reader or test hook it
 * finds; and read the key's name from its own SecretStorage. It writes what it saw to the file
 * named in probe-config.json next to it.
 *
 * A control makes "nothing" mean something: the same calls on an extension that does export an
 * API (the built-in Git extension) must show that API.
 *
 * No import of project code: this file is copied alone into the staged extension. The e2e test
 * imports its types only (this module needs `vscode`, which plain Node does not have).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import * as vscode from 'vscode';

/** The extension whose exports are read. */
const targetId = 'avalanche-explorer.avalanche-explorer';
/** An extension that exports an API in every VS Code build, code-server's included. */
const controlId = 'vscode.git';
/** Avalanche Explorer's name for the key in its SecretStorage (src/platform/secrets.ts). */
const secretName = 'avalanche.dataApi.apiKey';

/** A value as seen from outside: its type and, for an object, its own keys (at most 40). */
export interface Seen {
    readonly type: string;
    readonly keys?: string[];
}

/** What the probe writes (JSON), one record per run of its command. */
export interface ExportsProbeRecord {
    /** This extension's own mode: 1 Production, 2 Development, 3 Test. */
    readonly probeMode: number;
    readonly target: {
        readonly found: boolean;
        readonly active: boolean;
        /** What `activate()` resolved to. */
        readonly activated: Seen;
        /** `getExtension(id).exports` after activation. */
        readonly exports: Seen;
        /** What `exports.secrets.getDataApiKey()` returned, when there was such a function. */
        readonly dataApiKey: string | null;
        /** Test hooks reachable through the exports (`queries.testing` and the like). */
        readonly testHooks: string[];
    };
    /** The key's name read from this extension's own SecretStorage. */
    readonly ownSecret: string | null;
    readonly control: { readonly found: boolean; readonly exports: Seen };
    readonly error?: string;
}

interface Config {
    resultsFile: string;
}

function seen(value: unknown): Seen {
    if (value === null) return { type: 'null' };
    if (typeof value !== 'object' && typeof value !== 'function') return { type: typeof value };
    return { type: typeof value, keys: Object.keys(value).slice(0, 40) };
}

/** The property at `path` (`a.b.c`) of `value`, or undefined. */
function at(value: unknown, dotted: string): unknown {
    let current = value;
    for (const part of dotted.split('.')) {
        if (current === null || (typeof current !== 'object' && typeof current !== 'function'))
            return undefined;
        current = (current as Record<string, unknown>)[part];
    }
    return current;
}

async function readKey(exports: unknown): Promise<string | null> {
    const secrets = at(exports, 'secrets');
    const reader = at(secrets, 'getDataApiKey');
    if (typeof reader !== 'function') return null;
    const value: unknown = await (reader as () => unknown).call(secrets);
    return typeof value === 'string' ? value : null;
}

async function probe(context: vscode.ExtensionContext): Promise<ExportsProbeRecord> {
    const target = vscode.extensions.getExtension(targetId);
    const activated: unknown = target ? await target.activate() : undefined;
    const exports: unknown = target?.exports;
    const control = vscode.extensions.getExtension(controlId);
    const controlExports: unknown = control ? await control.activate() : undefined;
    return {
        probeMode: context.extensionMode,
        target: {
            found: target !== undefined,
            active: target?.isActive ?? false,
            activated: seen(activated),
            exports: seen(exports),
            dataApiKey: await readKey(exports),
            testHooks: ['queries.testing', 'trees.testing', 'hovers.testing', 'debug'].filter(
                (hook) => at(exports, hook) !== undefined,
            ),
        },
        ownSecret: (await context.secrets.get(secretName)) ?? null,
        control: { found: control !== undefined, exports: seen(controlExports) },
    };
}

export function activate(context: vscode.ExtensionContext): void {
    const config = JSON.parse(
        readFileSync(path.join(__dirname, 'probe-config.json'), 'utf8'),
    ) as Config;
    context.subscriptions.push(
        vscode.commands.registerCommand('exportsProbe.readExports', async () => {
            let record: ExportsProbeRecord | { error: string };
            try {
                record = await probe(context);
            } catch (error) {
                record = {
                    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
                };
            }
            // Written then renamed, so the test never reads half a file.
            writeFileSync(`${config.resultsFile}.tmp`, JSON.stringify(record, null, 2));
            renameSync(`${config.resultsFile}.tmp`, config.resultsFile);
        }),
    );
}

export function deactivate(): void {
    // Its one command is in context.subscriptions.
}
