/**
 * The extension's entry point (`dist/extension.js`, the manifest's `main`). It loads the Node
 * bundles through V8's code cache: `main.js` (the composition root, `extension.ts`) as VS Code
 * loads this file, the others (`core.js`, `undici.js`, `queries.js`, …) on first use.
 *
 * Why: Node's `require` compiles a bundle's functions again at every start, and for the code that
 * activation runs that compilation was most of activation's cost (bench/results/host.md). A cache
 * taken after a bundle has run holds the bytecode of every function it ran, so later starts skip
 * compiling them. The first start after an install or update compiles as before and writes the
 * cache once; `main.js`'s cache is taken after `activate()`, so that it holds activation's code,
 * and a worker writes those of the bundles a first view or hover needs (`warmedBundles`).
 *
 * Whoever can write a cache decides what runs, so the caches live next to the bundles themselves
 * (`dist/.code-cache`), which only those who could already change the code can write; never in a
 * shared or workspace folder. The folder goes with the extension's version when it is updated or
 * removed.
 */
import * as path from 'node:path';

import type * as vscode from 'vscode';

import { type BundleLoad, BundleLoader } from './bundleLoader';

const bundles = new BundleLoader(__dirname, require, path.join(__dirname, '.code-cache'));

/** Loads a lazily used bundle (`core.js`, `queries.js`); esbuild.mjs routes their requires here. */
export function loadBundle(bundle: string): unknown {
    return bundles.load(bundle);
}

/** How each bundle was loaded in this extension host (for the benchmarks and the tests). */
export function bundleLoads(): readonly BundleLoad[] {
    return bundles.loads();
}

/** Resolves when the cache writes scheduled so far have been tried (for the tests). */
export function codeCacheSettled(): Promise<void> {
    return bundles.settled();
}

interface Main {
    activate(context: vscode.ExtensionContext): unknown;
    deactivate(): unknown;
}

// Loaded with this file, as a single bundle would be: VS Code loads the code, then activates it.
const main = bundles.load('main.js', { writeCacheLater: true }) as Main;

/**
 * What the first view, hover or request loads: their caches are written on a worker after a
 * fresh install or an update (`BundleLoader.warm`), so that even the first use compiles them from
 * the cache.
 */
const warmedBundles = ['core.js', 'undici.js', 'hoverOffline.js', 'treeSources.js'];

export function activate(context: vscode.ExtensionContext): unknown {
    try {
        return main.activate(context);
    } finally {
        bundles.writeCaches();
        // After activation has returned: starting a worker takes this thread a few milliseconds.
        // Once per install, when the caches are missing; no timer and nothing over the network.
        setImmediate(() => bundles.warm(warmedBundles, path.join(__dirname, 'cacheWorker.js')));
    }
}

export function deactivate(): unknown {
    return main.deactivate();
}
