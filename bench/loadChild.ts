/**
 * Child process of loadBench.ts. Injects a stand-in `vscode` module (VS Code's extension host
 * provides the real one), then, depending on argv[2]:
 *   baseline   nothing more (the cost of a Node process with the stand-in alone);
 *   extension  loads dist/main.js as the entry point does: what VS Code loads before activation;
 *   core       the same, then dist/core.js: what the first request adds.
 * Prints one JSON line: the milliseconds each require took, measured inside the process.
 */
import * as fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';

import { BundleLoader } from '../src/bootstrap/bundleLoader';

const mode = process.argv[2] ?? 'baseline';
const dist = process.argv[3] ?? path.join(__dirname, '..', '..', 'dist');

/**
 * Any property is a callable, constructible stand-in with a prototype, so that top-level code
 * such as `class X extends vscode.TreeItem` or `vscode.TreeItemCollapsibleState.None` loads.
 */
function standIn(name: string): unknown {
    const target = function () {
        /* stand-in */
    };
    return new Proxy(target, {
        get(t, key) {
            if (key === 'prototype') return t.prototype as unknown;
            if (key === Symbol.toPrimitive) return () => name;
            if (key === 'then') return undefined; // not a thenable
            return standIn(`${name}.${String(key)}`);
        },
        construct: () => ({}),
        apply: () => standIn(`${name}()`),
    });
}

/**
 * The module object: every top-level name the vscode API declares (read from @types/vscode, where
 * they are indented by one tab) is an own property, as in the real module, so that bundlers'
 * `__toESM` copies find them.
 */
function standInModule(): Record<string, unknown> {
    const declarations = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
    const names = new Set<string>();
    for (const match of declarations.matchAll(
        /^\texport (?:class|enum|namespace|function|const|let|var) (\w+)/gm,
    )) {
        names.add(match[1]!);
    }
    const api: Record<string, unknown> = {};
    for (const name of names) api[name] = standIn(name);
    return api;
}

const stubFile = path.join(__dirname, '__vscode_stand_in__.js');
const stub = new Module(stubFile);
stub.filename = stubFile;
stub.loaded = true;
stub.exports = standInModule();
(require.cache as Record<string, unknown>)[stubFile] = stub;
const internals = Module as unknown as {
    _resolveFilename: (request: string, ...rest: unknown[]) => string;
};
const resolve = internals._resolveFilename;
internals._resolveFilename = function (request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? stubFile : resolve.call(this, request, ...rest);
};

const timings: Record<string, number> = {};
function timed(label: string, load: () => unknown): void {
    const started = performance.now();
    load();
    timings[label] = performance.now() - started;
}
// The bundles load as the entry point (src/bootstrap/index.ts) loads them, with its loader; without
// a cache folder (argv[4]) that is what a first start compiles. With one, the first such run
// writes the caches there, and later ones compile from them, as later starts do.
const loader = new BundleLoader(
    dist,
    createRequire(path.join(dist, 'extension.js')),
    process.argv[4],
);
if (mode === 'extension' || mode === 'core') timed('extensionMs', () => loader.load('main.js'));
if (mode === 'core') timed('coreMs', () => loader.load('core.js'));
void loader.settled().then(() => process.stdout.write(`${JSON.stringify({ mode, ...timings })}\n`));
