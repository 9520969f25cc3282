/**
 * The extension's entry point (`dist/extension.js`, the manifest's `main`). It loads the three
 * Node bundles — `main.js` (the composition root, `extension.ts`) at activation, `core.js` and
 * `queries.js` on first use — through V8's code cache, kept per version in the extension's global
 * storage.
 *
 * Why: Node's `require` compiles a bundle's functions again at every start, and for the code that
 * activation runs that compilation was most of activation's cost (bench/results/host.md). A cache
 * taken right after a bundle has run holds the bytecode of every function it ran, so later starts
 * skip compiling them. The first start after an install or update compiles as before and writes
 * the cache once.
 *
 * V8 accepts a cache whose source merely has the same length, so each cache file is named after a
 * hash of its bundle's content: a cache is only ever offered to the exact source it was taken from.
 * It lives in the user's own global storage, never in a shared or workspace folder, because
 * whoever can write it decides what runs. Any failure to read or write it falls back to a plain
 * compile: the cache can make a start faster, never break one.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';

import type * as vscode from 'vscode';

/** How a bundle was compiled at its load. */
export type CodeCacheUse =
    /** No cache directory (tests, a non-file storage): a plain compile. */
    | 'off'
    /** No cache for this content yet: compiled, and a cache written after it ran. */
    | 'written'
    /** Compiled from the cache. */
    | 'used'
    /** V8 refused the cache (another V8 version or flags): compiled, and the cache rewritten. */
    | 'rejected';

export interface BundleLoad {
    readonly bundle: string;
    readonly cache: CodeCacheUse;
    /** The cache file offered or written; none when the cache is off. */
    readonly cacheFile?: string;
    /** Reading, compiling and running the bundle's top level. */
    readonly loadMs: number;
}

/** The arguments Node gives a CommonJS module, in Node's order. */
const wrapperHead = '(function (exports, require, module, __filename, __dirname) {\n';
const wrapperTail = '\n})';

export class BundleLoader {
    private readonly loaded = new Map<string, unknown>();
    private readonly records: BundleLoad[] = [];
    private readonly writes: Promise<void>[] = [];

    /**
     * @param dir where the bundles are.
     * @param requireFromDir the `require` the bundles get: it must resolve relative to `dir`, and
     *   VS Code's `require('vscode')` tells extensions apart by the module that asks.
     * @param cacheDir where the code caches go; none means plain compiles.
     */
    constructor(
        private readonly dir: string,
        private readonly requireFromDir: NodeJS.Require,
        public cacheDir?: string,
    ) {}

    /** The exports of `dir/<bundle>`, loaded once. */
    load(bundle: string): unknown {
        if (this.loaded.has(bundle)) return this.loaded.get(bundle);
        const started = performance.now();
        const file = path.join(this.dir, bundle);
        const bytes = fs.readFileSync(file);
        // Hashed as read: hashing the decoded string would encode it back to UTF-8 first.
        const cacheFile =
            this.cacheDir === undefined
                ? undefined
                : path.join(this.cacheDir, `${bundle}.${contentHash(bytes)}.cache`);
        const source = bytes.toString('utf8');
        const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
        const script = new vm.Script(wrapperHead + source + wrapperTail, {
            filename: file,
            // The wrapper's first line is not the bundle's: stack traces keep the file's lines.
            lineOffset: -1,
            ...(cachedData ? { cachedData } : {}),
        });
        const module = { exports: {} as unknown };
        const run = script.runInThisContext() as (...args: unknown[]) => void;
        run.call(module.exports, module.exports, this.requireFromDir, module, file, this.dir);
        this.loaded.set(bundle, module.exports);

        const cache: CodeCacheUse =
            cacheFile === undefined
                ? 'off'
                : !cachedData
                  ? 'written'
                  : script.cachedDataRejected
                    ? 'rejected'
                    : 'used';
        this.records.push({
            bundle,
            cache,
            ...(cacheFile === undefined ? {} : { cacheFile }),
            loadMs: performance.now() - started,
        });
        if (cacheFile !== undefined && cache !== 'used') {
            // After the caller's synchronous work (activation, a first request) has run, so that
            // the cache holds the bytecode of the functions it compiled, not only the top level.
            this.writes.push(
                new Promise((resolve) => {
                    setImmediate(() => {
                        writeCache(cacheFile, bundle, script);
                        resolve();
                    });
                }),
            );
        }
        return module.exports;
    }

    /** Every load so far, in order. */
    loads(): readonly BundleLoad[] {
        return this.records;
    }

    /** Resolves when every cache write scheduled so far has been tried. */
    async settled(): Promise<void> {
        await Promise.all(this.writes);
    }
}

function contentHash(bytes: Buffer): string {
    return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

function readIfPresent(file: string): Buffer | undefined {
    try {
        return fs.readFileSync(file);
    } catch {
        return undefined;
    }
}

/**
 * Writes the cache through a temporary file and a rename, so that a second window starting at the
 * same moment reads a whole cache or none; then removes this bundle's caches of other versions.
 */
function writeCache(cacheFile: string, bundle: string, script: vm.Script): void {
    const dir = path.dirname(cacheFile);
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(temporary, script.createCachedData());
        fs.renameSync(temporary, cacheFile);
        const current = path.basename(cacheFile);
        for (const name of fs.readdirSync(dir)) {
            if (name !== current && name.startsWith(`${bundle}.`) && name.endsWith('.cache')) {
                fs.rmSync(path.join(dir, name), { force: true });
            }
        }
    } catch {
        // A read-only or full disk: the next start compiles without a cache, as Node would.
        try {
            fs.rmSync(temporary, { force: true });
        } catch {
            // Nothing was created.
        }
    }
}

const bundles = new BundleLoader(__dirname, require);

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

let main: Main | undefined;

export function activate(context: vscode.ExtensionContext): unknown {
    const storage = context.globalStorageUri;
    bundles.cacheDir =
        storage.scheme === 'file' ? path.join(storage.fsPath, 'code-cache') : undefined;
    main = bundles.load('main.js') as Main;
    return main.activate(context);
}

export function deactivate(): unknown {
    return main?.deactivate();
}
