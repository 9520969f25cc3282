/**
 * Parses workspace files off the extension host's thread. A Foundry or Hardhat artifact is mostly
 * AST and bytecode, and a monorepo holds thousands of them: `JSON.parse` of each on the host's
 * thread would freeze hovers and the UI for seconds while the index builds. One worker parses them
 * one after another (a second one would only compete with the host for the same cores); if it
 * cannot start or dies, parsing falls back to the calling thread in small steps rather than fail.
 *
 * A file on this machine's disk is read by the worker too (`readAndParse`): profiling a build of
 * 5,000 artifacts showed the calling thread, not the worker, as the bottleneck, busy with a stat,
 * an open, an fstat, a read and a close per file, each a promise and a trip through libuv's pool,
 * and with handing the bytes over; the worker idled two thirds of the time. Requests made in one
 * turn of the event loop go as one message, and the worker answers in small groups, so neither
 * thread waits for the other's every file. The worker reads a file only when it is a regular file
 * inside the workspace's folders once its links are resolved, and never more than its cap
 * (`core/boundedRead.ts`): a FIFO named like an artifact would block it for good, and a link to
 * `/dev/zero` would be read until memory runs out.
 */
import { Worker } from 'node:worker_threads';

import { readBoundedSync, realPathsSync, type BoundedReadRefusal } from '../boundedRead';
import { parseWorkspaceFile } from './classify';
import type { AbiEntry, FileKnowledge } from './types';

/** A request to the worker: the file's workspace-relative path and its bytes. */
export interface ParseRequest {
    readonly id: number;
    readonly file: string;
    readonly bytes: Uint8Array;
}

/** A file of this machine's disk, and the folders it must not lead out of. */
export interface LocalFile {
    readonly path: string;
    /**
     * The folders the file must be in once its links are resolved (the workspace's folders, as
     * they are named: the reader resolves their links too). A file whose real path is in none of
     * them is a problem, not read.
     */
    readonly within: readonly string[];
}

/** A request to the worker to read a file of this machine's disk itself, then parse it. */
export interface ReadRequest extends LocalFile {
    readonly id: number;
    readonly file: string;
    /** Most bytes read; a larger file is a problem, not read. */
    readonly maxBytes: number;
}

/** What the worker is sent: one file's bytes, or files to read. */
export type WorkerRequest =
    | ({ readonly kind: 'parse' } & ParseRequest)
    | { readonly kind: 'read'; readonly files: readonly ReadRequest[] };

export interface ParseReply {
    readonly id: number;
    /** ABI entries the worker sent before are numbers: see `SentEntries`. */
    readonly knowledge: FileKnowledge;
}

/** One message of the worker: a few files' replies. */
export interface ReplyGroup {
    /** The worker forgot the entries it had sent: numbering starts again with this group. */
    readonly reset: boolean;
    readonly replies: readonly ParseReply[];
}

/**
 * Most ABI entries the worker remembers having sent. The entries of a project repeat across its
 * artifacts (interfaces, libraries, inherited functions); a build of 5,000 artifacts sent 130,000
 * entries for 19,000 distinct ones, and cloning, hashing and dropping the copies was most of the
 * calling thread's work. Past this many the worker starts afresh, so that a long session of
 * recompiles does not grow the table without end.
 */
const maxSentEntries = 50_000;

type WireEntry = AbiEntry | number;

/**
 * The worker's side of the entry numbering: the first time an entry (by its JSON, the index's own
 * key for it) is sent it goes whole and takes the next number; later it goes as that number.
 */
export class SentEntries {
    private readonly ids = new Map<string, number>();

    /** Starts a reply group: true when the numbering starts again. */
    startGroup(): boolean {
        if (this.ids.size < maxSentEntries) return false;
        this.ids.clear();
        return true;
    }

    encode(knowledge: FileKnowledge): FileKnowledge {
        const abi = (entries: readonly AbiEntry[]): WireEntry[] =>
            entries.map((entry) => {
                const key = JSON.stringify(entry);
                const id = this.ids.get(key);
                if (id !== undefined) return id;
                this.ids.set(key, this.ids.size);
                return entry;
            });
        return withAbis(knowledge, abi as (entries: readonly AbiEntry[]) => AbiEntry[]);
    }
}

/** The calling thread's side: the entries received, by number, the same objects each time. */
class ReceivedEntries {
    private entries: AbiEntry[] = [];

    decode(group: ReplyGroup): readonly ParseReply[] {
        if (group.reset) this.entries = [];
        const abi = (wire: readonly WireEntry[]): AbiEntry[] =>
            wire.map((entry) => {
                if (typeof entry !== 'number') {
                    this.entries.push(entry);
                    return entry;
                }
                const known = this.entries[entry];
                if (known === undefined) throw new Error(`the parser named an unknown entry`);
                return known;
            });
        return group.replies.map((reply) => ({
            id: reply.id,
            knowledge: withAbis(reply.knowledge, abi as (e: readonly AbiEntry[]) => AbiEntry[]),
        }));
    }
}

function withAbis(
    knowledge: FileKnowledge,
    map: (entries: readonly AbiEntry[]) => AbiEntry[],
): FileKnowledge {
    if (
        knowledge.artifacts.length === 0 &&
        knowledge.deployments.every((deployment) => deployment.abi === undefined)
    ) {
        return knowledge;
    }
    return {
        ...knowledge,
        artifacts: knowledge.artifacts.map((artifact) => ({
            ...artifact,
            abi: map(artifact.abi),
        })),
        deployments: knowledge.deployments.map((deployment) =>
            deployment.abi ? { ...deployment, abi: map(deployment.abi) } : deployment,
        ),
    };
}

/** Files per reply of the worker: small enough to keep each reply's handling short. */
const replyGroup = 16;

export class ParsePool {
    private worker: Worker | undefined;
    private failed = false;
    private nextId = 1;
    private readonly pending = new Map<number, (k: FileKnowledge) => void>();
    private readonly files = new Map<number, string>();
    private queued: ReadRequest[] = [];
    private readonly received = new ReceivedEntries();

    /** `workerScript`: the worker's bundle (`dist/workspaceWorker.js`), or none to parse here. */
    constructor(private readonly workerScript: string | undefined) {}

    /** Starts the worker ahead of the first file, so that it loads while the files are listed. */
    warm(): void {
        this.ensureWorker();
    }

    /** Parses one file; never rejects (a file that cannot be read as knowledge has problems). */
    parse(file: string, bytes: Uint8Array): Promise<FileKnowledge> {
        const worker = this.ensureWorker();
        if (!worker) return Promise.resolve(parseHere(file, bytes));
        const id = this.nextId++;
        return new Promise((resolve) => {
            this.pending.set(id, resolve);
            this.files.set(id, file);
            // The bytes are moved, not copied, when they own their buffer: a 30 MB artifact is not
            // held twice. A view into a shared buffer (Node's pooled small reads) is copied.
            const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
            const sent = owned ? bytes : bytes.slice();
            const request: WorkerRequest = { kind: 'parse', id, file, bytes: sent };
            worker.postMessage(request, [sent.buffer as ArrayBuffer]);
        });
    }

    /**
     * Reads the file on disk in the worker, at most `maxBytes`, and parses it there; never
     * rejects. Undefined when there is no worker: the caller reads the file itself.
     */
    readAndParse(
        file: string,
        local: LocalFile,
        maxBytes: number,
    ): Promise<FileKnowledge> | undefined {
        if (!this.ensureWorker()) return undefined;
        const id = this.nextId++;
        return new Promise((resolve) => {
            this.pending.set(id, resolve);
            this.files.set(id, file);
            if (this.queued.length === 0) queueMicrotask(() => this.flush());
            this.queued.push({ id, file, path: local.path, within: local.within, maxBytes });
        });
    }

    dispose(): void {
        const worker = this.worker;
        this.worker = undefined;
        this.failed = true;
        this.queued = [];
        void worker?.terminate();
        this.answerPending('the index was closed before this file was read');
    }

    private flush(): void {
        const files = this.queued;
        this.queued = [];
        if (files.length === 0) return;
        // Gone since (closed, or the worker died): `answerPending` answered these already.
        if (!this.worker) return;
        const request: WorkerRequest = { kind: 'read', files };
        this.worker.postMessage(request);
    }

    private ensureWorker(): Worker | undefined {
        if (this.worker || this.failed || !this.workerScript) return this.worker;
        try {
            const worker = new Worker(this.workerScript);
            // The host must be able to exit while the worker idles.
            worker.unref();
            worker.on('message', (group: ReplyGroup) => {
                let replies: readonly ParseReply[];
                try {
                    replies = this.received.decode(group);
                } catch {
                    // Never seen; were it to happen, the files are parsed here from then on.
                    this.fallBack();
                    void worker.terminate();
                    return;
                }
                for (const reply of replies) {
                    const resolve = this.pending.get(reply.id);
                    this.pending.delete(reply.id);
                    this.files.delete(reply.id);
                    resolve?.(reply.knowledge);
                }
            });
            worker.on('error', () => this.fallBack());
            worker.on('exit', () => this.fallBack());
            this.worker = worker;
        } catch {
            this.failed = true;
        }
        return this.worker;
    }

    /**
     * The worker is gone (out of memory on a crafted file, killed): the files it held are answered
     * with a problem, and later files are parsed here.
     */
    private fallBack(): void {
        if (!this.worker) return;
        this.worker = undefined;
        this.failed = true;
        this.queued = [];
        this.answerPending('the parser stopped while reading this file');
    }

    private answerPending(problem: string): void {
        for (const [id, resolve] of this.pending) {
            resolve(emptyKnowledge(this.files.get(id) ?? '', problem));
        }
        this.pending.clear();
        this.files.clear();
    }
}

/**
 * The body of the worker (`parseWorker.ts`): answers each message, files to read in groups of
 * `replyGroup`, through `post`.
 */
export function answerRequest(
    request: WorkerRequest,
    sent: SentEntries,
    post: (group: ReplyGroup) => void,
): void {
    let reset = sent.startGroup();
    let replies: ParseReply[] = [];
    const send = (): void => {
        post({ reset, replies });
        reset = sent.startGroup();
        replies = [];
    };
    if (request.kind === 'parse') {
        const knowledge = parseHere(request.file, request.bytes);
        replies.push({ id: request.id, knowledge: sent.encode(knowledge) });
        send();
        return;
    }
    // The workspace's folders are resolved once for the group, not once per file.
    const folders = new Map<string, string | undefined>();
    for (const file of request.files) {
        const knowledge = readAndParseHere(file.file, file, file.maxBytes, folders);
        replies.push({ id: file.id, knowledge: sent.encode(knowledge) });
        if (replies.length >= replyGroup) send();
    }
    if (replies.length > 0) send();
}

/**
 * Reads a file of this disk in this thread, within `maxBytes` and the folders it must not lead out
 * of, and parses it (the worker's body for `readAndParse`, and the fallback without a worker).
 * Synchronous: the worker has nothing else to do meanwhile. `folders` caches the folders' real
 * paths across the calls that share it.
 */
export function readAndParseHere(
    file: string,
    local: LocalFile,
    maxBytes: number,
    folders: Map<string, string | undefined> = new Map(),
): FileKnowledge {
    const read = readBoundedSync(local.path, {
        maxBytes,
        within: realPathsSync(local.within, folders),
    });
    if (read.refused) return emptyKnowledge(file, refusalProblem(read.refused, maxBytes));
    return parseHere(file, read.bytes);
}

/** The problem recorded for a file the bounded read refused. */
export function refusalProblem(refused: BoundedReadRefusal, maxBytes: number): string {
    switch (refused.reason) {
        case 'missing':
            return 'gone before it was read';
        case 'outside':
            return 'skipped: links outside the workspace';
        case 'not-a-file':
            return `skipped: not a regular file (${refused.kind})`;
        case 'too-large':
            return sizeProblem(refused.size, maxBytes) ?? 'skipped: too large';
        case 'grew':
            return grewProblem(maxBytes + 1, maxBytes) ?? 'skipped: too large';
        case 'failed':
            return `not read: ${refused.message}`;
    }
}

/** The problem of a file of `size` bytes when at most `max` are read, or undefined. */
export function sizeProblem(size: number, max: number): string | undefined {
    return size > max
        ? `skipped: ${formatSize(size)}, larger than the ${formatSize(max)} read for one file`
        : undefined;
}

/** The problem of a file that read longer than `max` (it grew after its size was taken). */
export function grewProblem(length: number, max: number): string | undefined {
    return length > max ? `skipped: grew past ${formatSize(max)}` : undefined;
}

/** A size in words; bytes below a megabyte, where "0.0 MB" would say nothing. */
function formatSize(bytes: number): string {
    if (bytes < 1024 * 1024) return `${bytes} bytes`;
    return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** Parses in this thread (the worker's body, and the fallback). */
export function parseHere(file: string, bytes: Uint8Array): FileKnowledge {
    try {
        const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
        return (
            parseWorkspaceFile(file, text) ??
            emptyKnowledge(file, 'not a file of a contract tool this index reads')
        );
    } catch (error) {
        return emptyKnowledge(
            file,
            `not read: ${error instanceof Error ? error.message : String(error)}`,
        );
    }
}

export function emptyKnowledge(file: string, problem: string): FileKnowledge {
    return { file, artifacts: [], deployments: [], transactions: [], problems: [problem] };
}
