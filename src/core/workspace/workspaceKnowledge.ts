/**
 * The workspace's own knowledge of its contracts (Foundry and Hardhat artifacts, deployment
 * records of Foundry, Ignition and hardhat-deploy, avalanche-cli's L1 files), indexed on the first
 * question and kept current by watching the same files. Nothing is read while no feature asks:
 * most windows never show a transaction, and a monorepo can hold thousands of artifacts.
 *
 * Reading a file is allowed in an untrusted workspace (nothing in it runs: the files are parsed as
 * JSON and every string stays text). Every read is bounded: how many files, how large each, and
 * the parsing happens in a worker (`parsePool.ts`) so the host's thread stays free.
 *
 * Files are found through `WorkspaceFiles`: VS Code's `findFiles` and watchers in the extension
 * (`src/platform/vscodeWorkspaceFiles.ts`), a bounded directory walk in plain Node (tests and `npm run bench`).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { classify, workspaceFileByteLimits } from './classify';
import { WorkspaceIndex } from './index';
import { ContractKnowledge } from './knowledge';
import { emptyKnowledge, grewProblem, ParsePool, readAndParseHere, sizeProblem } from './parsePool';
import type { FileKnowledge } from './types';

/** A file the index may read. */
export interface KnowledgeFileRef {
    /** What `read` and `size` take (a URI string in VS Code, a path in plain Node). */
    readonly key: string;
    /** Workspace-relative path with forward slashes (the folder's name first in a multi-root). */
    readonly rel: string;
}

/** How the index finds, reads and watches files. */
export interface WorkspaceFiles {
    /** Files whose relative path `classify` accepts, at most `max`. */
    find(max: number, signal: AbortSignal): Promise<readonly KnowledgeFileRef[]>;
    size(file: KnowledgeFileRef): Promise<number | undefined>;
    read(file: KnowledgeFileRef): Promise<Uint8Array>;
    /**
     * The file's path on this machine's disk when the parse worker may read it itself (a `file:`
     * URI), else undefined and `size` and `read` are used.
     */
    localPath?(file: KnowledgeFileRef): string | undefined;
    /** Calls back for each created, changed or deleted file `classify` accepts. */
    watch(onChange: (file: KnowledgeFileRef, deleted: boolean) => void): { dispose(): void };
}

export interface WorkspaceKnowledgeLog {
    info(message: string, ...details: unknown[]): void;
    warn(message: string, ...details: unknown[]): void;
}

export interface WorkspaceKnowledgeOptions {
    /** The parse worker's bundle; none parses on the calling thread. */
    readonly workerScript?: string | undefined;
    /** Most files indexed. Default 20,000. */
    readonly maxFiles?: number;
    /**
     * Largest file read. Default 32 MB (a big contract's artifact with its AST is a few MB); each
     * kind of file has its own lower bound too (`workspaceFileByteLimits`).
     */
    readonly maxFileBytes?: number;
    /**
     * Files read at once (the worker parses one at a time; reading ahead keeps it busy). Default
     * 8 for files this thread reads; 64 for those the worker reads, where only their parsed
     * knowledge comes back here.
     */
    readonly readAhead?: number;
    /** Quiet time after the last file event before the changed files are read. Default 300 ms. */
    readonly debounceMs?: number;
    readonly log?: WorkspaceKnowledgeLog;
}

/** What the last build did, for the Output channel, `npm run bench` and the tests. */
export interface WorkspaceBuildStats {
    readonly files: number;
    readonly skipped: number;
    readonly problems: number;
    readonly buildMs: number;
    /** True when more files matched than `maxFiles`. */
    readonly truncated: boolean;
}

type Listener = () => unknown;

export class WorkspaceKnowledge {
    private building: Promise<WorkspaceIndex> | undefined;
    private index: WorkspaceIndex | undefined;
    private pool: ParsePool | undefined;
    private watcher: { dispose(): void } | undefined;
    private readonly changed = new Map<string, { file: KnowledgeFileRef; deleted: boolean }>();
    private debounce: ReturnType<typeof setTimeout> | undefined;
    private readonly listeners = new Set<Listener>();
    private readonly abort = new AbortController();
    private lastStats: WorkspaceBuildStats | undefined;
    private facade: ContractKnowledge | undefined;
    private disposed = false;
    private readonly readSlots: Slots;
    /** One file read and parsed on this thread per turn of the event loop. */
    private readonly hereSlot = new Slots(1);

    constructor(
        private readonly files: WorkspaceFiles,
        private readonly options: WorkspaceKnowledgeOptions = {},
    ) {
        this.readSlots = new Slots(options.readAhead ?? 8);
    }

    /** The index, built on the first call; later calls answer at once. */
    get(): Promise<WorkspaceIndex> {
        // A build that failed (the folder went away) is tried again on the next question.
        this.building ??= this.build().catch((error: unknown) => {
            this.building = undefined;
            throw error;
        });
        return this.building;
    }

    /** The decoder and namer over the index (built on the first call), as views use it. */
    async knowledge(): Promise<ContractKnowledge> {
        const index = await this.get();
        this.facade ??= new ContractKnowledge(index);
        return this.facade;
    }

    /** The decoder and namer if the index was built already; never starts a build. */
    knowledgeNow(): ContractKnowledge | undefined {
        if (!this.index) return undefined;
        this.facade ??= new ContractKnowledge(this.index);
        return this.facade;
    }

    /** The index if it was built already (features that must not start a build). */
    peek(): WorkspaceIndex | undefined {
        return this.index;
    }

    get stats(): WorkspaceBuildStats | undefined {
        return this.lastStats;
    }

    /** Fires after watched files changed the index. */
    onDidChange(listener: Listener): { dispose(): void } {
        this.listeners.add(listener);
        return { dispose: () => void this.listeners.delete(listener) };
    }

    dispose(): void {
        this.disposed = true;
        this.abort.abort();
        this.watcher?.dispose();
        this.watcher = undefined;
        if (this.debounce) clearTimeout(this.debounce);
        this.pool?.dispose();
        this.listeners.clear();
    }

    private async build(): Promise<WorkspaceIndex> {
        // A question that comes in after closing must not start watchers or a worker nobody ends.
        if (this.disposed) throw new Error('The workspace contracts index was closed.');
        const started = performance.now();
        const index = new WorkspaceIndex();
        // A build after a failed one replaces that one's watcher and pool, not adds to them.
        this.watcher?.dispose();
        this.pool?.dispose();
        this.pool = new ParsePool(this.options.workerScript);
        // The worker loads its bundle while the files are listed.
        this.pool.warm();
        // Watch before listing, so a file written during the build is read again afterwards.
        this.watcher = this.files.watch((file, deleted) => this.onFileEvent(file, deleted));
        const maxFiles = this.options.maxFiles ?? 20_000;
        const found = await this.files.find(maxFiles + 1, this.abort.signal);
        const truncated = found.length > maxFiles;
        const chosen = found.slice(0, maxFiles);
        let skipped = 0;
        let problems = 0;
        const local = this.files.localPath !== undefined && this.options.workerScript !== undefined;
        await forEachLimited(chosen, this.options.readAhead ?? (local ? 64 : 8), async (file) => {
            if (this.disposed) return;
            const knowledge = await this.readOne(file);
            if (knowledge.problems.length > 0) problems++;
            if (isEmpty(knowledge)) skipped++;
            index.set(knowledge);
        });
        this.index = index;
        this.lastStats = {
            files: chosen.length,
            skipped,
            problems,
            buildMs: performance.now() - started,
            truncated,
        };
        this.options.log?.info(
            `Workspace contracts indexed: ${chosen.length} files in ${Math.round(this.lastStats.buildMs)} ms (${problems} with problems${truncated ? `; only the first ${maxFiles} files` : ''}).`,
        );
        return index;
    }

    /** Reads and parses one file; a file too large or unreadable becomes a problem, not an error. */
    private async readOne(file: KnowledgeFileRef): Promise<FileKnowledge> {
        const kind = classify(file.rel);
        const max = Math.min(
            this.options.maxFileBytes ?? 32 * 1024 * 1024,
            kind ? workspaceFileByteLimits[kind] : 0,
        );
        const localPath = this.files.localPath?.(file);
        const inWorker =
            localPath === undefined ? undefined : this.pool?.readAndParse(file.rel, localPath, max);
        if (inWorker) return inWorker;
        if (localPath !== undefined) return this.readHere(file.rel, localPath, max);
        // Lanes meant for the worker's reads (64) would hold as many files here at once.
        await this.readSlots.acquire();
        try {
            const size = await this.files.size(file);
            if (size === undefined) return emptyKnowledge(file.rel, 'gone before it was read');
            const tooLarge = sizeProblem(size, max);
            if (tooLarge) return emptyKnowledge(file.rel, tooLarge);
            const bytes = await this.files.read(file);
            const grew = grewProblem(bytes.byteLength, max);
            if (grew) return emptyKnowledge(file.rel, grew);
            return await (this.pool ?? new ParsePool(undefined)).parse(file.rel, bytes);
        } catch (error) {
            return emptyKnowledge(
                file.rel,
                `not read: ${error instanceof Error ? error.message : String(error)}`,
            );
        } finally {
            this.readSlots.release();
        }
    }

    /**
     * Without a worker, a file on this disk is read and parsed on this thread as the worker would
     * (`readAndParseHere`, the same caps), one file per turn of the event loop. Synchronously:
     * this thread parses it anyway, and a build of 5,000 artifacts spent more of it on the
     * promises of five asynchronous calls per file (stat, open, fstat, read, close) than on
     * `JSON.parse`.
     */
    private async readHere(rel: string, localPath: string, max: number): Promise<FileKnowledge> {
        await this.hereSlot.acquire();
        try {
            await new Promise((resolve) => setImmediate(resolve));
            return readAndParseHere(rel, localPath, max);
        } finally {
            this.hereSlot.release();
        }
    }

    private onFileEvent(file: KnowledgeFileRef, deleted: boolean): void {
        if (this.disposed) return;
        this.changed.set(file.rel, { file, deleted });
        if (this.debounce) clearTimeout(this.debounce);
        this.debounce = setTimeout(() => void this.applyChanges(), this.options.debounceMs ?? 300);
    }

    private async applyChanges(): Promise<void> {
        this.debounce = undefined;
        // Events that arrive during the build are applied after it, in the order of the files.
        // When the build fails the events are dropped: the next question lists every file anew.
        const index = await this.get().catch((error: unknown) => {
            this.options.log?.warn('The workspace contracts could not be listed', error);
            return undefined;
        });
        if (!index) {
            this.changed.clear();
            return;
        }
        const batch = [...this.changed.values()];
        this.changed.clear();
        for (const { file, deleted } of batch) {
            if (this.disposed) return;
            if (deleted) index.delete(file.rel);
            else index.set(await this.readOne(file));
        }
        if (batch.length === 0) return;
        for (const listener of [...this.listeners]) {
            try {
                listener();
            } catch (error) {
                this.options.log?.warn('A workspace index listener failed', error);
            }
        }
    }
}

function isEmpty(k: FileKnowledge): boolean {
    return k.artifacts.length === 0 && k.deployments.length === 0 && k.transactions.length === 0;
}

/** At most `limit` holders at once; the others wait in turn. */
class Slots {
    private held = 0;
    private readonly waiting: (() => void)[] = [];

    constructor(private readonly limit: number) {}

    acquire(): Promise<void> {
        if (this.held < this.limit) {
            this.held++;
            return Promise.resolve();
        }
        return new Promise((resolve) => this.waiting.push(resolve));
    }

    release(): void {
        const next = this.waiting.shift();
        if (next) next();
        else this.held--;
    }
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function forEachLimited<T>(
    items: readonly T[],
    limit: number,
    task: (item: T) => Promise<void>,
): Promise<void> {
    let next = 0;
    const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (next < items.length) await task(items[next++]!);
    });
    await Promise.all(lanes);
}

/** Directory names never worth walking into. */
const skippedDirs = new Set([
    'node_modules',
    '.git',
    'cache',
    'lib',
    '.svn',
    '.hg',
    'typechain-types',
]);

/**
 * `WorkspaceFiles` over plain directories: a bounded walk (depth, entries) that keeps the paths
 * `classify` accepts, and files the parse worker reads itself. Used by the MCP server, the tests
 * and `npm run bench`; watching is not needed there.
 */
export function directoryWorkspaceFiles(root: string, maxEntries = 500_000): WorkspaceFiles {
    return {
        async find(max, signal) {
            const out: KnowledgeFileRef[] = [];
            let seen = 0;
            // Several folders listed at once, each in one call: a Foundry project has a folder per
            // source file, and listing them one by one through a directory handle took longer
            // than reading and parsing every artifact in them (1.4 s of 5,000).
            const folders: { dir: string; rel: string; depth: number }[] = [
                { dir: root, rel: '', depth: 0 },
            ];
            const listOne = async (): Promise<void> => {
                for (;;) {
                    const folder = folders.pop();
                    if (!folder || seen > maxEntries || out.length >= max || signal.aborted) return;
                    let entries;
                    try {
                        entries = await readdir(folder.dir, { withFileTypes: true });
                    } catch {
                        continue;
                    }
                    for (const entry of entries) {
                        if (++seen > maxEntries || out.length >= max) break;
                        const rel = folder.rel ? `${folder.rel}/${entry.name}` : entry.name;
                        if (entry.isDirectory()) {
                            if (folder.depth < 16 && !skippedDirs.has(entry.name)) {
                                const dir = path.join(folder.dir, entry.name);
                                folders.push({ dir, rel, depth: folder.depth + 1 });
                            }
                        } else if (entry.isFile() && classify(rel)) {
                            out.push({ key: path.join(folder.dir, entry.name), rel });
                        }
                    }
                    // Lanes that found the stack empty have ended; start them again.
                    while (lanes.size < listingLanes && folders.length > 0) startLane();
                }
            };
            const lanes = new Set<Promise<void>>();
            const startLane = (): void => {
                const lane: Promise<void> = listOne().finally(() => lanes.delete(lane));
                lanes.add(lane);
            };
            startLane();
            while (lanes.size > 0) await Promise.all([...lanes]);
            // The order of the listing's answers varies; the index's does not.
            return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
        },
        async size(file) {
            try {
                return (await stat(file.key)).size;
            } catch {
                return undefined;
            }
        },
        read: (file) => readFile(file.key),
        localPath: (file) => file.key,
        watch: () => ({ dispose() {} }),
    };
}

/** Folders listed at once by `directoryWorkspaceFiles`. */
const listingLanes = 16;
