/**
 * The index of a workspace's contract files as the extension builds it
 * (src/core/workspace/workspaceKnowledge.ts, parsePool.ts): over a real directory, parsed on this
 * thread or in the parse worker (parseWorker.ts as tsc compiles it into out/: the unit tier does
 * not build dist/), each file bounded by size, a bad file a problem rather than an error, one build
 * however many ask at once, a failed listing tried again, and closing at any time.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
    cpSync,
    existsSync,
    mkdirSync,
    mkdtempSync,
    readFileSync,
    rmSync,
    symlinkSync,
    writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
    ContractKnowledge,
    directoryWorkspaceFiles,
    ParsePool,
    WorkspaceKnowledge,
    type KnowledgeFileRef,
    type WorkspaceFiles,
} from '../../../src/core';
import { parseHere } from '../../../src/core/workspace/parsePool';
import { failure } from '../../helpers/failure';
import { classifiedFiles, contractsWorkspaceDir, knowledgeOf } from '../../helpers/workspaceTree';
import { outRoot } from '../../helpers/paths';

/** The worker's body as tsc writes it (this file runs as out/test/unit/…). */
const workerScript = path.join(outRoot, 'src', 'core', 'workspace', 'parseWorker.js');

const vaultFile = 'foundry/out/ExplorerVault.sol/ExplorerVault.json';
const treeFiles = classifiedFiles(contractsWorkspaceDir);
const treeBytes = (file: string): Uint8Array =>
    new Uint8Array(readFileSync(path.join(contractsWorkspaceDir, file)));

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, failing after `ms`: a loaded machine may run timers late. */
async function until(done: () => boolean, ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
        assert.ok(Date.now() < deadline, 'timed out');
        await tick(5);
    }
}

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
    let open = (): void => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
}

/**
 * `WorkspaceFiles` in memory, counting what the index asks of it: listings, reads, watchers alive.
 */
class MemoryFiles implements WorkspaceFiles {
    readonly files = new Map<string, Uint8Array>();
    /** Sizes `size()` reports instead of the bytes' own (a file that grows or shrinks). */
    readonly sizes = new Map<string, number | undefined>();
    readonly readErrors = new Map<string, Error>();
    finds = 0;
    readonly reads: string[] = [];
    /** What `read` answered, to see whether the worker took it. */
    readonly given: Uint8Array[] = [];
    /** Listings that fail before one succeeds. */
    failFinds = 0;
    findGate: Promise<void> | undefined;
    readGate: Promise<void> | undefined;
    watchers = 0;
    onChange: ((file: KnowledgeFileRef, deleted: boolean) => void) | undefined;

    constructor(files: readonly string[] = treeFiles) {
        for (const file of files) this.files.set(file, treeBytes(file));
    }

    async find(max: number): Promise<readonly KnowledgeFileRef[]> {
        this.finds++;
        await this.findGate;
        if (this.failFinds > 0) {
            this.failFinds--;
            throw new Error('the folder went away');
        }
        return [...this.files.keys()].slice(0, max).map((rel) => ({ key: rel, rel }));
    }

    size(file: KnowledgeFileRef): Promise<number | undefined> {
        if (this.sizes.has(file.rel)) return Promise.resolve(this.sizes.get(file.rel));
        return Promise.resolve(this.files.get(file.rel)?.byteLength);
    }

    async read(file: KnowledgeFileRef): Promise<Uint8Array> {
        this.reads.push(file.rel);
        await this.readGate;
        const error = this.readErrors.get(file.rel);
        if (error) throw error;
        const bytes = this.files.get(file.rel);
        if (!bytes) throw new Error(`ENOENT: ${file.rel}`);
        // A copy: the worker takes the buffer it is given.
        const copy = bytes.slice();
        this.given.push(copy);
        return copy;
    }

    watch(onChange: (file: KnowledgeFileRef, deleted: boolean) => void): { dispose(): void } {
        this.watchers++;
        this.onChange = onChange;
        let disposed = false;
        return {
            dispose: () => {
                if (!disposed) this.watchers--;
                disposed = true;
            },
        };
    }

    /** A file event as a watcher reports it. */
    fire(rel: string, deleted = false): void {
        assert.ok(this.onChange, 'the index watches');
        this.onChange({ key: rel, rel }, deleted);
    }
}

/** Records unhandled rejections while `run` runs and a little after. */
async function withoutUnhandledRejections(run: () => Promise<void>): Promise<void> {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
        await run();
        await tick(20);
    } finally {
        process.off('unhandledRejection', listener);
    }
    assert.deepEqual(unhandled, []);
}

describe('(unit) workspace knowledge: building the index', function () {
    this.timeout(20_000);
    const opened: WorkspaceKnowledge[] = [];
    const open = (files: WorkspaceFiles, options = {}): WorkspaceKnowledge => {
        const made = new WorkspaceKnowledge(files, options);
        opened.push(made);
        return made;
    };
    afterEach(() => opened.splice(0).forEach((k) => k.dispose()));

    it('the worker’s body is where tsc writes it', () => {
        assert.ok(existsSync(workerScript), workerScript);
    });

    for (const mode of ['on this thread', 'in the worker'] as const) {
        it(`reads the contracts workspace ${mode}: every classified file, each as its parser reads it`, async () => {
            const k = open(directoryWorkspaceFiles(contractsWorkspaceDir), {
                workerScript: mode === 'in the worker' ? workerScript : undefined,
            });
            assert.equal(k.peek(), undefined);
            const index = await k.get();
            assert.equal(k.peek(), index);
            // build-info and .dbg.json are not read, nor the Solidity and JavaScript sources.
            assert.deepEqual(index.fileNames().sort(), treeFiles);
            assert.ok(treeFiles.includes(vaultFile) && treeFiles.length === 8, treeFiles.join());
            for (const file of treeFiles) {
                assert.deepEqual(index.file(file), knowledgeOf(contractsWorkspaceDir, file), file);
            }
            assert.deepEqual(
                { ...k.stats, buildMs: 0 },
                { files: 8, skipped: 0, problems: 0, buildMs: 0, truncated: false },
            );
            const knowledge = await k.knowledge();
            assert.ok(knowledge instanceof ContractKnowledge);
            assert.equal(await k.knowledge(), knowledge);
            assert.equal(knowledge.hasArtifact('ExplorerVault'), true);
        });
    }

    it('the worker parses the bytes it is given: moved when they own their buffer, copied when not', async () => {
        const pool = new ParsePool(workerScript);
        try {
            const expected = parseHere(vaultFile, treeBytes(vaultFile));
            const owned = treeBytes(vaultFile);
            const parsed = pool.parse(vaultFile, owned);
            // Transferred to the worker: this side no longer holds the artifact.
            assert.equal(owned.byteLength, 0);
            assert.deepEqual(await parsed, expected);

            const bytes = treeBytes(vaultFile);
            const shared = new Uint8Array(bytes.byteLength + 16);
            shared.set(bytes, 8);
            const view = shared.subarray(8, 8 + bytes.byteLength);
            assert.deepEqual(await pool.parse(vaultFile, view), expected);
            assert.equal(view.byteLength, bytes.byteLength);
            assert.equal(shared.byteLength, bytes.byteLength + 16);
        } finally {
            pool.dispose();
        }
    });

    it('a parse the worker still holds when the pool closes is answered, and later ones run here', async () => {
        const pool = new ParsePool(workerScript);
        const held = pool.parse(vaultFile, treeBytes(vaultFile));
        pool.dispose();
        assert.deepEqual(await held, {
            file: vaultFile,
            artifacts: [],
            deployments: [],
            transactions: [],
            problems: ['the index was closed before this file was read'],
        });
        const bytes = treeBytes(vaultFile);
        const here = await pool.parse(vaultFile, bytes);
        assert.equal(bytes.byteLength > 0, true, 'parsed on this thread, not sent');
        assert.equal(here.artifacts[0]?.contractName, 'ExplorerVault');
    });

    it('a worker that cannot start: the file it held is a problem, the next is parsed here', async () => {
        const pool = new ParsePool(path.join(contractsWorkspaceDir, 'no-such-worker.js'));
        try {
            const first = await pool.parse(vaultFile, treeBytes(vaultFile));
            assert.deepEqual(first.problems, ['the parser stopped while reading this file']);
            const next = await pool.parse(vaultFile, treeBytes(vaultFile));
            assert.deepEqual(next, parseHere(vaultFile, treeBytes(vaultFile)));
        } finally {
            pool.dispose();
        }
    });

    it('a file over its size cap is a problem and is not read; one that grew, vanished or failed too', async () => {
        const files = new MemoryFiles();
        // A hardhat-deploy .chainId is read up to 64 bytes whatever the overall cap.
        const chainIdFile = 'deployments/fuji/.chainId';
        files.files.set(chainIdFile, new TextEncoder().encode(`43113${' '.repeat(95)}`));
        const grew = 'foundry/out/Deploy.s.sol/Deploy.json';
        const gone = 'foundry/out/ExplorerToken.sol/ExplorerToken.json';
        const denied = 'hardhat/artifacts/contracts/Counter.sol/Counter.json';
        files.sizes.set(grew, 100);
        files.sizes.set(gone, undefined);
        files.readErrors.set(denied, new Error('EACCES: permission denied'));
        const cap = files.files.get(vaultFile)!.byteLength - 1;
        const over = treeFiles.filter(
            (f) => ![grew, gone].includes(f) && files.files.get(f)!.byteLength > cap,
        );
        assert.ok(over.includes(vaultFile) && over.length < treeFiles.length - 3, over.join());
        const k = open(files, { maxFileBytes: cap });
        const index = await k.get();
        const problems = (file: string): readonly string[] => index.file(file)?.problems ?? [];
        for (const file of over) {
            assert.deepEqual(problems(file), [
                `skipped: ${files.files.get(file)!.byteLength} bytes, larger than the ${cap} bytes read for one file`,
            ]);
            assert.equal(index.file(file)?.artifacts.length, 0);
            assert.ok(!files.reads.includes(file), `${file} was not read`);
        }
        assert.deepEqual(problems(chainIdFile), [
            'skipped: 100 bytes, larger than the 64 bytes read for one file',
        ]);
        assert.ok(!files.reads.includes(chainIdFile));
        // Said to be 100 bytes, and more when read.
        assert.deepEqual(problems(grew), [`skipped: grew past ${cap} bytes`]);
        assert.deepEqual(problems(gone), ['gone before it was read']);
        assert.deepEqual(problems(denied), ['not read: EACCES: permission denied']);
        // The others are read as usual.
        const fine = treeFiles.filter((f) => ![...over, grew, gone, denied].includes(f));
        assert.ok(fine.length > 0);
        for (const file of fine) assert.deepEqual(problems(file), [], file);
        assert.equal(k.stats?.problems, over.length + 4);
        assert.equal(k.stats?.files, treeFiles.length + 1);
        // Megabytes for what is that large.
        const big = new MemoryFiles([vaultFile]);
        big.sizes.set(vaultFile, 40 * 1024 * 1024);
        const bigIndex = await open(big).get();
        assert.deepEqual(bigIndex.file(vaultFile)?.problems, [
            'skipped: 40 MB, larger than the 32 MB read for one file',
        ]);
    });

    it('files on disk are read by the worker, within the same caps, and equal what this thread reads', async () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-workspace-'));
        try {
            cpSync(contractsWorkspaceDir, dir, { recursive: true });
            const chainIdFile = 'deployments/fuji/.chainId';
            mkdirSync(path.join(dir, 'deployments', 'fuji'), { recursive: true });
            writeFileSync(path.join(dir, chainIdFile), `43113${' '.repeat(95)}`);
            const broken = 'foundry/out/Broken.sol/Broken.json';
            mkdirSync(path.dirname(path.join(dir, broken)), { recursive: true });
            writeFileSync(path.join(dir, broken), '{"abi": [');
            const cap = treeBytes(vaultFile).byteLength - 1;
            const files = directoryWorkspaceFiles(dir);
            const reads: string[] = [];
            const counted: WorkspaceFiles = {
                ...files,
                read: (file) => {
                    reads.push(file.rel);
                    return files.read(file);
                },
            };
            const inWorker = await open(counted, { workerScript, maxFileBytes: cap }).get();
            assert.deepEqual(reads, [], 'this thread read nothing');
            const here = await open(files, { maxFileBytes: cap }).get();
            assert.deepEqual(inWorker.fileNames().sort(), here.fileNames().sort());
            for (const file of here.fileNames()) {
                assert.deepEqual(inWorker.file(file), here.file(file), file);
            }
            assert.deepEqual(inWorker.file(chainIdFile)?.problems, [
                'skipped: 100 bytes, larger than the 64 bytes read for one file',
            ]);
            assert.deepEqual(inWorker.file(vaultFile)?.problems, [
                `skipped: ${cap + 1} bytes, larger than the ${cap} bytes read for one file`,
            ]);
            assert.ok((inWorker.file(broken)?.problems.length ?? 0) > 0);
            assert.deepEqual(inWorker.stats(), here.stats());
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });

    it('the directory walk: links inside the folder are followed once, links out of it are problems, not walked', async () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-workspace-'));
        const outside = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-outside-'));
        try {
            cpSync(contractsWorkspaceDir, path.join(dir, 'real'), { recursive: true });
            mkdirSync(path.join(outside, 'Far.sol'));
            writeFileSync(path.join(outside, 'Far.sol', 'Far.json'), treeBytes(vaultFile));
            // A folder linked inside the root, a loop back to the root, a link to a file inside,
            // a folder and a file out of it, a dangling link, and a FIFO named like an artifact.
            symlinkSync(path.join(dir, 'real', 'hardhat'), path.join(dir, 'linked-hardhat'));
            symlinkSync(dir, path.join(dir, 'real', 'loop'));
            mkdirSync(path.join(dir, 'out', 'Linked.sol'), { recursive: true });
            symlinkSync(
                path.join(dir, 'real', vaultFile),
                path.join(dir, 'out', 'Linked.sol', 'Linked.json'),
            );
            symlinkSync(path.join(outside, 'Far.sol'), path.join(dir, 'out', 'Far.sol'));
            symlinkSync(
                path.join(outside, 'Far.sol', 'Far.json'),
                path.join(dir, 'out', 'Linked.sol', 'Far.json'),
            );
            symlinkSync(path.join(dir, 'gone'), path.join(dir, 'out', 'Linked.sol', 'Gone.json'));
            mkdirSync(path.join(dir, 'out', 'Pipe.sol'));
            execFileSync('mkfifo', [path.join(dir, 'out', 'Pipe.sol', 'Pipe.json')]);

            const files = directoryWorkspaceFiles(dir);
            const found = await files.find(1_000, new AbortController().signal);
            const rels = found.map((f) => f.rel);
            // The hardhat tree once, under whichever name the walk reached it by first.
            const hardhat = treeFiles.filter((f) => f.startsWith('hardhat/'));
            const viaLink = rels.filter((r) => r.startsWith('linked-hardhat/'));
            const direct = rels.filter((r) => r.startsWith('real/hardhat/'));
            assert.equal(viaLink.length + direct.length, hardhat.length, rels.join());
            assert.ok(!rels.some((r) => r.includes('/loop/')), rels.join());
            assert.deepEqual(
                found.filter((f) => f.problem !== undefined),
                [
                    {
                        key: path.join(dir, 'out', 'Far.sol'),
                        rel: 'out/Far.sol',
                        problem: 'skipped: links outside the workspace',
                    },
                ],
            );
            assert.ok(!rels.includes('out/Linked.sol/Gone.json'), 'a dangling link leads nowhere');

            for (const workerScriptOrNot of [workerScript, undefined]) {
                const index = await open(files, { workerScript: workerScriptOrNot }).get();
                const problems = (file: string): readonly string[] | undefined =>
                    index.file(file)?.problems;
                assert.deepEqual(problems('out/Far.sol'), ['skipped: links outside the workspace']);
                assert.deepEqual(problems('out/Linked.sol/Far.json'), [
                    'skipped: links outside the workspace',
                ]);
                assert.deepEqual(problems('out/Pipe.sol/Pipe.json'), [
                    'skipped: not a regular file (a FIFO)',
                ]);
                // A link to a file inside the folder is read like the file.
                assert.deepEqual(
                    index.file('out/Linked.sol/Linked.json')?.artifacts.map((a) => a.contractName),
                    ['ExplorerVault'],
                );
                assert.deepEqual(index.artifactsNamed('Far'), []);
                assert.equal(index.stats().problems, 3);
            }
            // `read`, for a caller without the worker's path, is bounded the same way.
            const far = found.find((f) => f.rel === 'out/Linked.sol/Far.json')!;
            assert.match((await failure(files.read(far))).message, /links outside the workspace/);
            const pipe = found.find((f) => f.rel === 'out/Pipe.sol/Pipe.json')!;
            assert.match((await failure(files.read(pipe))).message, /not a regular file/);
        } finally {
            rmSync(dir, { recursive: true, force: true });
            rmSync(outside, { recursive: true, force: true });
        }
    });

    it('a worker that cannot start: the files on disk it held are problems, the rest are parsed here', async () => {
        const files = directoryWorkspaceFiles(contractsWorkspaceDir);
        const k = open(files, {
            workerScript: path.join(contractsWorkspaceDir, 'no-such-worker.js'),
        });
        const index = await k.get();
        assert.deepEqual(index.fileNames().sort(), treeFiles);
        // The worker's failure is known only once it tried to load: what it held is a problem
        // (the file is read again on the next change), the rest is read here, synchronously
        // (the test above holds that reading to the worker's).
        const here = await open(files, {}).get();
        for (const file of index.fileNames()) {
            const problems = index.file(file)?.problems ?? [];
            if (problems.length > 0) {
                assert.deepEqual(problems, ['the parser stopped while reading this file'], file);
            } else {
                assert.deepEqual(index.file(file), here.file(file), file);
            }
        }
    });

    it('a malformed file is a problem of its own; the rest of the workspace is indexed', async () => {
        const files = new MemoryFiles();
        const broken = 'foundry/broadcast/Deploy.s.sol/43114/run-latest.json';
        files.files.set(broken, new TextEncoder().encode('{"transactions": [ {"hash": '));
        files.files.set(
            'foundry/out/Broken.sol/Broken.json',
            new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x80]),
        );
        const k = open(files, { workerScript });
        const index = await k.get();
        assert.equal(index.file(broken)?.transactions.length, 0);
        assert.ok((index.file(broken)?.problems.length ?? 0) > 0);
        assert.ok((index.file('foundry/out/Broken.sol/Broken.json')?.problems.length ?? 0) > 0);
        assert.equal(k.stats?.problems, 2);
        assert.equal(k.stats?.skipped, 2);
        assert.equal(index.stats().artifacts, 8);
    });

    it('more files than the cap: the first are read and the stats say it was cut', async () => {
        const k = open(new MemoryFiles(), { maxFiles: 3 });
        const index = await k.get();
        assert.equal(index.fileNames().length, 3);
        assert.equal(k.stats?.truncated, true);
    });

    it('concurrent questions share one build: one listing, each file read once', async () => {
        const files = new MemoryFiles();
        const k = open(files, { workerScript });
        const [a, b, c] = await Promise.all([k.get(), k.get(), k.knowledge()]);
        assert.equal(a, b);
        assert.equal(files.finds, 1);
        assert.deepEqual([...files.reads].sort(), treeFiles);
        assert.ok(
            files.given.every((bytes) => bytes.byteLength === 0),
            'every file went to the worker',
        );
        assert.equal(c.hasWorkspace, true);
        assert.equal(await k.get(), a);
        assert.equal(files.finds, 1);
        assert.equal(files.watchers, 1);
    });

    it('a listing that failed is tried again on the next question, with one watcher', async () => {
        const files = new MemoryFiles();
        files.failFinds = 1;
        const k = open(files);
        assert.match((await failure(k.get())).message, /the folder went away/);
        assert.equal(k.peek(), undefined);
        const index = await k.get();
        assert.equal(files.finds, 2);
        assert.equal(index.fileNames().length, 8);
        assert.equal(
            files.watchers,
            1,
            'the failed build’s watcher is not kept beside the new one',
        );
        k.dispose();
        assert.equal(files.watchers, 0);
    });

    it('a file event while the listing fails does not leave a rejection unhandled', async () => {
        await withoutUnhandledRejections(async () => {
            const files = new MemoryFiles();
            files.failFinds = 2;
            const k = open(files, { debounceMs: 1 });
            await failure(k.get());
            files.fire(vaultFile);
            await tick(30);
            // The event's own attempt failed too; the next question succeeds.
            assert.equal(files.finds, 2);
            assert.equal((await k.get()).fileNames().length, 8);
        });
    });

    it('closing while the files are listed or read throws nothing and stops reading', async () => {
        await withoutUnhandledRejections(async () => {
            const listing = gate();
            const files = new MemoryFiles();
            files.findGate = listing.promise;
            const k = open(files, { workerScript });
            const building = k.get();
            assert.equal(files.watchers, 1);
            k.dispose();
            assert.equal(files.watchers, 0);
            listing.open();
            const index = await building;
            assert.deepEqual(files.reads, []);
            assert.deepEqual(index.fileNames(), []);

            const reading = gate();
            const more = new MemoryFiles();
            more.readGate = reading.promise;
            const k2 = open(more, { workerScript, readAhead: 2 });
            const building2 = k2.get();
            await until(() => more.reads.length >= 2);
            k2.dispose();
            reading.open();
            const index2 = await building2;
            // The two reads under way end; no further file is read.
            assert.equal(more.reads.length, 2);
            assert.ok(index2.fileNames().length <= 2);
        });
    });

    it('a question after closing starts no build, watcher or worker', async () => {
        const files = new MemoryFiles();
        const k = open(files, { workerScript });
        k.dispose();
        await failure(k.get());
        assert.equal(files.finds, 0);
        assert.equal(files.watchers, 0);
    });
});

describe('(unit) workspace knowledge: watched changes', function () {
    this.timeout(20_000);
    const opened: WorkspaceKnowledge[] = [];
    afterEach(() => opened.splice(0).forEach((k) => k.dispose()));

    it('changes are applied once after a quiet time, in one batch, and listeners hear once', async () => {
        const files = new MemoryFiles();
        const k = new WorkspaceKnowledge(files, { debounceMs: 50 });
        opened.push(k);
        const index = await k.get();
        let heard = 0;
        k.onDidChange(() => heard++);
        k.onDidChange(() => {
            throw new Error('a listener that fails does not stop the others');
        });
        const token = 'foundry/out/ExplorerToken.sol/ExplorerToken.json';
        const added = 'foundry/out/Copy.sol/ExplorerVault.json';
        files.files.set(added, files.files.get(vaultFile)!);
        files.files.delete(token);
        const readsBefore = files.reads.length;
        files.fire(added);
        files.fire(added);
        files.fire(token, true);
        files.fire(added);
        await tick(5);
        assert.equal(heard, 0, 'not before the quiet time');
        await until(() => heard > 0);
        await tick(40);
        assert.equal(heard, 1);
        assert.equal(files.reads.length - readsBefore, 1, 'the changed file read once');
        assert.equal(index.file(token), undefined);
        assert.equal(index.file(added)?.artifacts[0]?.contractName, 'ExplorerVault');
        assert.equal(index.artifactsNamed('ExplorerVault').length, 3);
    });

    it('an event during the build is applied after it; none after closing', async () => {
        const listing = gate();
        const files = new MemoryFiles();
        files.findGate = listing.promise;
        const k = new WorkspaceKnowledge(files, { debounceMs: 1 });
        opened.push(k);
        const building = k.get();
        // Said while the listing is under way; the build still reads the file, the event then
        // takes it out.
        files.fire(vaultFile, true);
        await tick(10);
        listing.open();
        const index = await building;
        await tick(20);
        assert.equal(index.file(vaultFile), undefined);

        let heard = 0;
        k.onDidChange(() => heard++);
        const reads = files.reads.length;
        k.dispose();
        files.fire('foundry/out/Counter.sol/Counter.json');
        await tick(20);
        assert.equal(heard, 0);
        assert.equal(files.reads.length, reads);
    });
});
