/**
 * Loads a CommonJS bundle through V8's code cache (see `index.ts` for why and where). Node
 * builtins only, so that it is tested in plain Node.
 *
 * V8 accepts a cache whose source merely has the same length, so each cache file is named after a
 * hash of its bundle's content: a cache is only ever offered to the exact source it was taken from.
 * Any failure to read or write a cache (a read-only install, say) falls back to a plain compile:
 * the cache can make a start faster, never break one.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { threadId, Worker } from 'node:worker_threads';

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
    private readonly unwritten: { cacheFile: string; bundle: string; script: vm.Script }[] = [];
    private readonly writes: Promise<void>[] = [];
    /** The worker writing the caches of bundles not loaded yet (see {@link warm}), while it runs. */
    private warming:
        { worker: Worker; bundles: readonly string[]; done: Promise<void> } | undefined;

    /**
     * @param dir where the bundles are.
     * @param requireFromDir the `require` the bundles get: it must resolve relative to `dir`, and
     *   VS Code's `require('vscode')` tells extensions apart by the module that asks.
     * @param cacheDir where the code caches go; none means plain compiles.
     */
    constructor(
        private readonly dir: string,
        private readonly requireFromDir: NodeJS.Require,
        private readonly cacheDir?: string,
    ) {}

    /**
     * The exports of `dir/<bundle>`, loaded once. Its cache, when one is to be written, is taken
     * after the caller's synchronous work (a first request, say), or with `writeCacheLater` at the
     * next {@link writeCaches}.
     */
    load(bundle: string, { writeCacheLater = false } = {}): unknown {
        if (this.loaded.has(bundle)) return this.loaded.get(bundle);
        // Compiled here after all: the worker's copy would only take CPU from this thread.
        if (this.warming?.bundles.includes(bundle)) void this.warming.worker.terminate();
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
            this.unwritten.push({ cacheFile, bundle, script });
            if (!writeCacheLater) this.writeCaches();
        }
        return module.exports;
    }

    /**
     * Writes the caches still owed once the current synchronous work is done, so that they hold
     * the bytecode of the functions it compiled, not only the bundles' top level.
     */
    writeCaches(): void {
        const owed = this.unwritten.splice(0);
        if (owed.length === 0) return;
        this.writes.push(
            new Promise((resolve) => {
                setImmediate(() => {
                    for (const { cacheFile, bundle, script } of owed)
                        writeCache(cacheFile, bundle, script);
                    resolve();
                });
            }),
        );
    }

    /**
     * Writes the code caches that `bundles` do not have yet on a worker thread, which loads each
     * of them as {@link load} does (so the cache holds what their top level compiles) and exits.
     * Then the first use of a bundle on this thread compiles it from the cache, as on any later
     * start, instead of compiling it from source: what a fresh install or an update would
     * otherwise pay at the first hover or the first view opened. A bundle with a cache of any
     * content is skipped: the folder goes with the extension's version, so only a development
     * build can leave an older one, and its first load replaces it.
     *
     * @param workerFile the worker's script (`cacheWorker.ts`); it must load this module.
     * @returns the bundles being warmed (none when every cache is there or the cache is off).
     */
    warm(bundles: readonly string[], workerFile: string): readonly string[] {
        if (this.cacheDir === undefined || this.warming) return [];
        let present: string[];
        try {
            present = fs.readdirSync(this.cacheDir);
        } catch {
            present = [];
        }
        const missing = bundles.filter(
            (bundle) =>
                !this.loaded.has(bundle) &&
                !present.some((name) => name.startsWith(`${bundle}.`) && name.endsWith('.cache')),
        );
        if (missing.length === 0) return [];
        try {
            const request: CacheWorkerRequest = {
                dir: this.dir,
                cacheDir: this.cacheDir,
                bundles: missing,
            };
            const worker = new Worker(workerFile, { workerData: request });
            // Never keeps a host that is shutting down alive.
            worker.unref();
            const done = new Promise<void>((resolve) => {
                worker.once('exit', () => resolve());
                // A worker that cannot start or fails: the bundles compile on first use, as before.
                worker.once('error', () => resolve());
            }).then(() => {
                if (this.warming?.worker === worker) this.warming = undefined;
            });
            this.warming = { worker, bundles: missing, done };
            return missing;
        } catch {
            return [];
        }
    }

    /** Resolves when the worker of {@link warm}, if any, has exited (for the tests). */
    async warmed(): Promise<void> {
        await this.warming?.done;
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

/** What {@link BundleLoader.warm} asks its worker (`cacheWorker.ts`) to do. */
export interface CacheWorkerRequest {
    readonly dir: string;
    readonly cacheDir: string;
    readonly bundles: readonly string[];
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
    // The thread too: the warming worker writes from the same process.
    const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`;
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
