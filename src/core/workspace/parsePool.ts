/**
 * Parses workspace files off the extension host's thread. A Foundry or Hardhat artifact is mostly
 * AST and bytecode, and a monorepo holds thousands of them: `JSON.parse` of each on the host's
 * thread would freeze hovers and the UI for seconds while the index builds. One worker parses them
 * one after another (a second one would only compete with the host for the same cores); if it
 * cannot start or dies, parsing falls back to the calling thread in small steps rather than fail.
 */
import { Worker } from 'node:worker_threads';

import { parseWorkspaceFile } from './classify';
import type { FileKnowledge } from './types';

/** A request to the worker: the file's workspace-relative path and its bytes. */
export interface ParseRequest {
    readonly id: number;
    readonly file: string;
    readonly bytes: Uint8Array;
}

export interface ParseReply {
    readonly id: number;
    readonly knowledge: FileKnowledge;
}

export class ParsePool {
    private worker: Worker | undefined;
    private failed = false;
    private nextId = 1;
    private readonly pending = new Map<number, (k: FileKnowledge) => void>();
    private readonly files = new Map<number, ParseRequest>();

    /** `workerScript`: the worker's bundle (`dist/workspaceWorker.js`), or none to parse here. */
    constructor(private readonly workerScript: string | undefined) {}

    /** Parses one file; never rejects (a file that cannot be read as knowledge has problems). */
    parse(file: string, bytes: Uint8Array): Promise<FileKnowledge> {
        const worker = this.ensureWorker();
        if (!worker) return Promise.resolve(parseHere(file, bytes));
        const id = this.nextId++;
        const request: ParseRequest = { id, file, bytes };
        return new Promise((resolve) => {
            this.pending.set(id, resolve);
            this.files.set(id, request);
            // The bytes are moved, not copied, when they own their buffer: a 30 MB artifact is not
            // held twice. A view into a shared buffer (Node's pooled small reads) is copied.
            const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
            const sent = owned ? request : { ...request, bytes: bytes.slice() };
            worker.postMessage(sent, [sent.bytes.buffer as ArrayBuffer]);
        });
    }

    dispose(): void {
        const worker = this.worker;
        this.worker = undefined;
        this.failed = true;
        void worker?.terminate();
        for (const [id, resolve] of this.pending) {
            const file = this.files.get(id)?.file ?? '';
            resolve(emptyKnowledge(file, 'the index was closed before this file was read'));
        }
        this.pending.clear();
        this.files.clear();
    }

    private ensureWorker(): Worker | undefined {
        if (this.worker || this.failed || !this.workerScript) return this.worker;
        try {
            const worker = new Worker(this.workerScript);
            // The host must be able to exit while the worker idles.
            worker.unref();
            worker.on('message', (reply: ParseReply) => {
                const resolve = this.pending.get(reply.id);
                this.pending.delete(reply.id);
                this.files.delete(reply.id);
                resolve?.(reply.knowledge);
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
        for (const [id, resolve] of this.pending) {
            const file = this.files.get(id)?.file ?? '';
            resolve(emptyKnowledge(file, 'the parser stopped while reading this file'));
        }
        this.pending.clear();
        this.files.clear();
    }
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
