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
 * (`src/platform/vscodeWorkspaceFiles.ts`), a bounded directory walk in plain Node (the MCP
 * server, tests and `npm run bench`). A file on this machine's disk is read only when it is a
 * regular file inside the workspace's folders once its links are resolved (`core/boundedRead.ts`):
 * a cloned repository may hold a FIFO or a link to `/dev/zero` or to the user's home named like an
 * artifact, and each of those is a problem of its own file, not a read.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import { isInside, readBounded, realPaths } from '../boundedRead';
import { classify, isSkippedInterchainKitFolder, workspaceFileByteLimits } from './classify';
import { WorkspaceIndex } from './index';
import { ContractKnowledge } from './knowledge';
import {
    emptyKnowledge,
    grewProblem,
    ParsePool,
    readAndParseHere,
    refusalProblem,
    sizeProblem,
    type LocalFile,
} from './parsePool';
import type { FileKnowledge } from './types';

export type { LocalFile } from './parsePool';

/** A file the index may read. */
export interface KnowledgeFileRef {
    /** What `read` and `size` take (a URI string in VS Code, a path in plain Node). */
    readonly key: string;
    /** Workspace-relative path with forward slashes (the folder's name first in a multi-root). */
    readonly rel: string;
    /**
     * Why the listing already knows this entry is not read (a link out of the workspace that it
     * did not follow): recorded as the entry's problem, and nothing is read.
     */
    readonly problem?: string | undefined;
}

/** How the index finds, reads and watches files. */
export interface WorkspaceFiles {
    /** Files whose relative path `classify` accepts, at most `max`. */
    find(max: number, signal: AbortSignal): Promise<readonly KnowledgeFileRef[]>;
    size(file: KnowledgeFileRef): Promise<number | undefined>;
    read(file: KnowledgeFileRef): Promise<Uint8Array>;
    /**
     * The file's path on this machine's disk, with the folders it must not lead out of, when the
     * parse worker may read it itself (a `file:` URI); else undefined and `size` and `read` are
     * used.
     */
    localFile?(file: KnowledgeFileRef): LocalFile | undefined;
    /**
     * Calls back for each created, changed or deleted file `classify` accepts, and for a deleted
     * folder that may hold such files (its files are then dropped with it).
     */
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
        const local = this.files.localFile !== undefined && this.options.workerScript !== undefined;
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
        if (file.problem !== undefined) return emptyKnowledge(file.rel, file.problem);
        const kind = classify(file.rel);
        const max = Math.min(
            this.options.maxFileBytes ?? 32 * 1024 * 1024,
            kind ? workspaceFileByteLimits[kind] : 0,
        );
        const local = this.files.localFile?.(file);
        const inWorker =
            local === undefined ? undefined : this.pool?.readAndParse(file.rel, local, max);
        if (inWorker) return inWorker;
        if (local !== undefined) return this.readHere(file.rel, local, max);
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
    private async readHere(rel: string, local: LocalFile, max: number): Promise<FileKnowledge> {
        await this.hereSlot.acquire();
        try {
            await new Promise((resolve) => setImmediate(resolve));
            return readAndParseHere(rel, local, max);
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
            if (deleted) {
                index.delete(file.rel);
                // A folder deleted is reported as the folder alone: its files go with it.
                const under = `${file.rel}/`;
                for (const name of index.fileNames())
                    if (name.startsWith(under)) index.delete(name);
            } else index.set(await this.readOne(file));
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

/** The problem of an entry whose links lead out of the folders the index reads. */
const outsideProblem = 'skipped: links outside the workspace';

/**
 * `WorkspaceFiles` over plain directories: a bounded walk (depth, entries) that keeps the paths
 * `classify` accepts, and files the parse worker reads itself. Used by the MCP server, the tests
 * and `npm run bench`; watching is not needed there.
 *
 * A linked directory is walked only when its real path is inside the root (each real directory
 * once, so a link to an ancestor is no loop); one that leads out is an entry with a problem, not
 * walked. A link or a special file named like a workspace file is listed and left to the read,
 * which refuses it with its problem unless it is a regular file inside the root.
 */
export function directoryWorkspaceFiles(root: string, maxEntries = 500_000): WorkspaceFiles {
    return {
        async find(max, signal) {
            const out: KnowledgeFileRef[] = [];
            let realRoot: string;
            try {
                realRoot = await realpath(root);
            } catch {
                return out;
            }
            let seen = 0;
            // Several folders listed at once, each in one call: a Foundry project has a folder per
            // source file, and listing them one by one through a directory handle took longer
            // than reading and parsing every artifact in them (1.4 s of 5,000).
            const folders: { dir: string; real: string; rel: string; depth: number }[] = [
                { dir: root, real: realRoot, rel: '', depth: 0 },
            ];
            const walked = new Set([realRoot]);
            const enter = (dir: string, real: string, rel: string, depth: number): void => {
                if (walked.has(real)) return;
                walked.add(real);
                folders.push({ dir, real, rel, depth });
            };
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
                        const full = path.join(folder.dir, entry.name);
                        const deeper =
                            folder.depth < 16 &&
                            !skippedDirs.has(entry.name) &&
                            !isSkippedInterchainKitFolder(folder.rel, entry.name);
                        if (entry.isDirectory()) {
                            // Not a link: its real path is its parent's and its name.
                            if (deeper) {
                                const real = path.join(folder.real, entry.name);
                                enter(full, real, rel, folder.depth + 1);
                            }
                        } else if (entry.isSymbolicLink()) {
                            const link = await linkTarget(full);
                            if (link?.directory) {
                                if (!deeper) continue;
                                if (isInside(link.real, realRoot)) {
                                    enter(full, link.real, rel, folder.depth + 1);
                                } else {
                                    out.push({ key: full, rel, problem: outsideProblem });
                                }
                            } else if (link && classify(rel)) {
                                out.push({ key: full, rel });
                            }
                        } else if (classify(rel)) {
                            out.push({ key: full, rel });
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
        async read(file) {
            const maxBytes = Math.max(...Object.values(workspaceFileByteLimits));
            const read = await readBounded(file.key, { maxBytes, within: await realPaths([root]) });
            if (read.refused) throw new Error(refusalProblem(read.refused, maxBytes));
            return read.bytes;
        },
        localFile: (file) => ({ path: file.key, within: [root] }),
        watch: () => ({ dispose() {} }),
    };
}

/**
 * Where a link leads: its real path and whether that is a directory; undefined when it leads
 * nowhere (broken, a loop).
 */
async function linkTarget(link: string): Promise<{ real: string; directory: boolean } | undefined> {
    try {
        const real = await realpath(link);
        return { real, directory: (await stat(real)).isDirectory() };
    } catch {
        return undefined;
    }
}

/** Folders listed at once by `directoryWorkspaceFiles`. */
const listingLanes = 16;
