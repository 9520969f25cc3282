/**
 * The entry point's bundle loader (src/bootstrap/bundleLoader.ts) against real files and V8's real code cache:
 * a cache is written once per content, used by the next start, never offered to other content
 * (V8 itself would accept any source of the same length), refused caches are replaced, and a
 * cache that cannot be written or read never stops a bundle from loading.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { CodeCacheUse } from '../../../src/bootstrap/bundleLoader';

const loaderModule = require.resolve('../../../src/bootstrap/bundleLoader');
const workerModule = require.resolve('../../../src/bootstrap/cacheWorker');

/** A bundle with some functions to compile lazily and a relative require, as esbuild emits. */
function bundleSource(answer: number): string {
    return [
        '"use strict";',
        "const dep = require('./dep.js');",
        `function inner(n) { return n * ${answer}; }`,
        'exports.compute = (n) => inner(n) + dep.offset;',
        "exports.fail = () => { throw new Error('from the bundle'); };",
        'exports.compute(1);',
    ].join('\n');
}

describe('(unit) code cache of the bundle loader', () => {
    let dir: string;
    let cacheDir: string;

    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avalanche-bundles-'));
        cacheDir = path.join(dir, 'storage', 'code-cache');
        fs.writeFileSync(path.join(dir, 'dep.js'), 'exports.offset = 1000;');
        fs.writeFileSync(path.join(dir, 'bundle.js'), bundleSource(7));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    /**
     * One extension host start: a process of its own, as in VS Code, because within one process
     * V8 compiles a source it has already seen from memory and never looks at the code cache.
     */
    const start = (
        withCache = true,
        { later = false, flush = true } = {},
    ): { cache: CodeCacheUse; loads: number; computed: number; failStack: string } => {
        const script = `
            const { BundleLoader } = require(${JSON.stringify(loaderModule)});
            const { createRequire } = require('node:module');
            const dir = ${JSON.stringify(dir)};
            const loader = new BundleLoader(dir, createRequire(dir + '/entry.js'), ${withCache ? JSON.stringify(cacheDir) : 'undefined'});
            const bundle = loader.load('bundle.js', { writeCacheLater: ${later} });
            if (${flush && later}) loader.writeCaches();
            const again = loader.load('bundle.js');
            let failStack = '';
            try { bundle.fail(); } catch (error) { failStack = error.stack; }
            loader.settled().then(() => process.stdout.write(JSON.stringify({
                cache: loader.loads()[0].cache,
                loads: again === bundle ? loader.loads().length : -1,
                computed: bundle.compute(6),
                failStack,
            })));`;
        const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        return JSON.parse(run.stdout) as ReturnType<typeof start>;
    };
    const cacheFiles = (): string[] => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

    it('writes a cache at the first start and compiles from it at the next', () => {
        const first = start();
        assert.equal(first.computed, 1042);
        assert.equal(first.cache, 'written');
        assert.equal(cacheFiles().length, 1);
        assert.match(cacheFiles()[0]!, /^bundle\.js\.[\da-f]{16}\.cache$/);

        const second = start();
        assert.equal(second.computed, 1042);
        assert.equal(second.cache, 'used');
        assert.equal(cacheFiles().length, 1, 'a used cache is not written again');
    });

    it('writes a deferred cache only when asked to', () => {
        assert.equal(start(true, { later: true, flush: false }).cache, 'written');
        assert.deepEqual(cacheFiles(), [], 'nothing written before writeCaches()');
        start(true, { later: true, flush: true });
        assert.equal(cacheFiles().length, 1);
        assert.equal(start().cache, 'used');
    });

    it('loads a bundle once per start', () => {
        assert.equal(start().loads, 1);
    });

    it('never offers a cache to other content of the same length, and drops the old one', () => {
        start();
        const before = cacheFiles();

        const changed = bundleSource(9);
        assert.equal(changed.length, bundleSource(7).length);
        fs.writeFileSync(path.join(dir, 'bundle.js'), changed);
        const second = start();
        assert.equal(second.computed, 1054, 'the new source runs, not the cached one');
        assert.equal(second.cache, 'written');
        assert.equal(cacheFiles().length, 1);
        assert.notDeepEqual(cacheFiles(), before);
        assert.equal(start().cache, 'used');
    });

    it('replaces a cache V8 refuses, and still loads', () => {
        start();
        const file = path.join(cacheDir, cacheFiles()[0]!);
        fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 0x5a));

        const second = start();
        assert.equal(second.computed, 1042);
        assert.equal(second.cache, 'rejected');
        assert.equal(start().cache, 'used');
    });

    it('loads without a cache when the cache folder cannot be written', () => {
        fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
        fs.writeFileSync(cacheDir, 'a file where the folder should be');
        assert.equal(start().computed, 1042);
        const again = start();
        assert.equal(again.computed, 1042);
        assert.equal(again.cache, 'written');
        assert.deepEqual(fs.readdirSync(path.dirname(cacheDir)), ['code-cache']);
    });

    it('writes nothing without a cache folder', () => {
        const run = start(false);
        assert.equal(run.computed, 1042);
        assert.equal(run.cache, 'off');
        assert.deepEqual(cacheFiles(), []);
    });

    it('keeps the bundle’s own file and line numbers in stack traces', () => {
        start();
        assert.match(start().failStack, /bundle\.js:5:/);
    });

    /** A start that loads nothing but warms `bundles`, and waits for the worker to exit. */
    const warmStart = (bundles: string[]): string[] => {
        const script = `
            const { BundleLoader } = require(${JSON.stringify(loaderModule)});
            const { createRequire } = require('node:module');
            const dir = ${JSON.stringify(dir)};
            const loader = new BundleLoader(dir, createRequire(dir + '/entry.js'), ${JSON.stringify(cacheDir)});
            const warming = loader.warm(${JSON.stringify(bundles)}, ${JSON.stringify(workerModule)});
            // The worker is unref'd, as in the host: this start stays until it is done.
            const alive = setInterval(() => {}, 1000);
            loader.warmed().then(() => {
                clearInterval(alive);
                process.stdout.write(JSON.stringify(warming));
            });`;
        const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        return JSON.parse(run.stdout) as string[];
    };

    it('writes a missing cache on a worker, which the next start compiles from', () => {
        assert.deepEqual(warmStart(['bundle.js']), ['bundle.js']);
        assert.equal(cacheFiles().length, 1);
        assert.match(cacheFiles()[0]!, /^bundle\.js\.[\da-f]{16}\.cache$/);
        const next = start();
        assert.equal(next.cache, 'used');
        assert.equal(next.computed, 1042);
    });

    it('starts no worker when the caches are there, and none without a cache folder', () => {
        start();
        assert.deepEqual(warmStart(['bundle.js']), []);
        fs.rmSync(cacheDir, { recursive: true });
        const run = spawnSync(
            process.execPath,
            [
                '-e',
                `const { BundleLoader } = require(${JSON.stringify(loaderModule)});
                 const loader = new BundleLoader(${JSON.stringify(dir)}, require);
                 process.stdout.write(JSON.stringify(loader.warm(['bundle.js'], ${JSON.stringify(workerModule)})));`,
            ],
            { encoding: 'utf8' },
        );
        assert.deepEqual(JSON.parse(run.stdout), []);
    });

    it('loads on without the caches when the worker cannot start', () => {
        fs.writeFileSync(path.join(dir, 'broken-worker.js'), 'throw new Error("no worker");');
        const script = `
            const { BundleLoader } = require(${JSON.stringify(loaderModule)});
            const { createRequire } = require('node:module');
            const dir = ${JSON.stringify(dir)};
            const loader = new BundleLoader(dir, createRequire(dir + '/entry.js'), ${JSON.stringify(cacheDir)});
            loader.warm(['bundle.js'], dir + '/broken-worker.js');
            const alive = setInterval(() => {}, 1000);
            loader.warmed().then(() => {
                clearInterval(alive);
                process.stdout.write(String(loader.load('bundle.js').compute(6)));
            });`;
        const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
        assert.equal(run.stdout, '1042', run.stderr);
    });
});
