/**
 * Reads a file of this machine's disk that someone else wrote (a workspace's artifacts and
 * deployment records, the files avalanche-cli and tmpnet keep in the home folder) without trusting
 * what its path names:
 *
 * - Only a regular file is read. `fstat` reports 0 bytes for `/dev/zero`, which never ends, and
 *   for a FIFO, whose read waits for a writer forever; opening with O_NONBLOCK returns at once on a
 *   FIFO with no writer, where a plain open waits for one (https://man7.org/linux/man-pages/man7/fifo.7.html).
 * - The cap holds on the bytes actually read, not on the size `fstat` reports: a file can grow
 *   while it is read, and a special file's size says nothing.
 * - When the caller names the folders it reads (`within`), the path's links are resolved first
 *   and a file whose real path is outside all of them is refused before it is opened; the real
 *   path is then opened with O_NOFOLLOW, so a link put in its place meanwhile is not followed
 *   (https://man7.org/linux/man-pages/man2/open.2.html). Every such path is resolved, not only
 *   those that are links themselves: an `lstat` of the file would miss a linked folder above it,
 *   and `realpath` costs about 5 µs a file (25 ms over 5,000 artifacts, in the parse worker).
 *
 * Nothing here throws: every outcome is bytes or the reason they were refused.
 */
import {
    closeSync,
    constants,
    fstatSync,
    openSync,
    readSync,
    realpathSync,
    statSync,
    type Stats,
} from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** What a file is when it is not a regular file. */
export type SpecialFileKind =
    | 'a directory'
    | 'a FIFO'
    | 'a socket'
    | 'a character device'
    | 'a block device'
    | 'a special file';

/** Why a file's bytes were not read. */
export type BoundedReadRefusal =
    | { readonly reason: 'missing' }
    | { readonly reason: 'outside' }
    | { readonly reason: 'not-a-file'; readonly kind: SpecialFileKind }
    /** `fstat` said it is larger than the cap. */
    | { readonly reason: 'too-large'; readonly size: number }
    /** It said it fits, and more than the cap was there to read. */
    | { readonly reason: 'grew' }
    | { readonly reason: 'failed'; readonly message: string };

/** The bytes read (at most the cap), or why there are none. */
export type BoundedRead =
    | { readonly bytes: Uint8Array; readonly refused?: undefined }
    | { readonly refused: BoundedReadRefusal };

export interface BoundedReadOptions {
    /** Most bytes read; a file with more is refused. */
    readonly maxBytes: number;
    /**
     * Real paths (links resolved: `realPathsSync`, `realPaths`) of the folders the file must be
     * in once its own links are resolved. Absent: links are followed wherever they lead.
     */
    readonly within?: readonly string[] | undefined;
}

// Windows has neither flag (the constants are undefined there); it has no FIFOs to block on.
const readFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const noFollow = constants.O_NOFOLLOW ?? 0;

/** The first read's buffer grows by doubling from at least this, for a size that said too little. */
const minGrowth = 64 * 1024;

/**
 * Reads `file` synchronously within the options' bounds (the parse worker's reads, which have
 * nothing else to do meanwhile, and its fallback on the calling thread, one file per turn).
 */
export function readBoundedSync(file: string, options: BoundedReadOptions): BoundedRead {
    const steps = boundedReadSteps(file, options, syncCalls);
    let step = steps.next();
    while (!step.done) step = steps.next(step.value);
    return step.value;
}

/** Reads `file` within the options' bounds through libuv's thread pool. */
export async function readBounded(file: string, options: BoundedReadOptions): Promise<BoundedRead> {
    const steps = boundedReadSteps(file, options, asyncCalls);
    let step = steps.next();
    while (!step.done) {
        let value: unknown;
        try {
            value = await step.value;
        } catch (error) {
            step = steps.throw(error);
            continue;
        }
        step = steps.next(value);
    }
    return step.value;
}

/** The file-system calls of a read: `fs`'s synchronous ones, or `fs/promises`' on a handle. */
interface FileCalls<Handle> {
    realpath(file: string): string | Promise<string>;
    open(file: string, flags: number): Handle | Promise<Handle>;
    stat(handle: Handle): Stats | Promise<Stats>;
    read(handle: Handle, slot: Slot): number | Promise<number>;
    close(handle: Handle): void | Promise<void>;
}

type Slot = NonNullable<ReturnType<Reader['slot']>>;

const syncCalls: FileCalls<number> = {
    realpath: (file) => realpathSync.native(file),
    open: (file, flags) => openSync(file, flags),
    stat: (fd) => fstatSync(fd),
    read: (fd, slot) => readSync(fd, slot.buffer, slot.offset, slot.length, slot.offset),
    close: (fd) => {
        closeSync(fd);
    },
};

const asyncCalls: FileCalls<FileHandle> = {
    realpath: (file) => realpath(file),
    open: (file, flags) => open(file, flags),
    stat: (handle) => handle.stat(),
    read: async (handle, slot) =>
        (await handle.read(slot.buffer, slot.offset, slot.length, slot.offset)).bytesRead,
    close: (handle) => handle.close(),
};

/**
 * The read, written once for both drivers: each call's result is yielded, and the driver sends it
 * back as it is (synchronous) or awaited, or throws its error in here, where the read catches it.
 */
function* boundedReadSteps<Handle>(
    file: string,
    options: BoundedReadOptions,
    calls: FileCalls<Handle>,
): Generator<unknown, BoundedRead, unknown> {
    let target = file;
    let flags = readFlags;
    if (options.within) {
        try {
            target = (yield calls.realpath(file)) as string;
        } catch (error) {
            return { refused: refusalOf(error) };
        }
        if (!insideAny(target, options.within)) return { refused: { reason: 'outside' } };
        flags |= noFollow;
    }
    let handle: Handle;
    try {
        handle = (yield calls.open(target, flags)) as Handle;
    } catch (error) {
        return { refused: refusalOf(error, target) };
    }
    try {
        const info = (yield calls.stat(handle)) as Stats;
        const refused = statsRefusal(info, options.maxBytes);
        if (refused) return { refused };
        const reader = new Reader(info.size, options.maxBytes);
        for (;;) {
            const slot = reader.slot();
            if (!slot) return { refused: { reason: 'grew' } };
            const count = (yield calls.read(handle, slot)) as number;
            if (count === 0) return { bytes: reader.bytes() };
            reader.advance(count);
        }
    } catch (error) {
        return { refused: refusalOf(error) };
    } finally {
        try {
            yield calls.close(handle);
        } catch {
            // Nothing was written through it; the read's outcome stands.
        }
    }
}

/**
 * The real paths of `folders` (links resolved), for `within`; a folder that cannot be resolved
 * (gone, unreadable) is left out, so that nothing is read through it. `cache` lets a group of
 * reads resolve each folder once.
 */
export function realPathsSync(
    folders: readonly string[],
    cache: Map<string, string | undefined> = new Map(),
): string[] {
    const real: string[] = [];
    for (const folder of folders) {
        if (!cache.has(folder)) {
            try {
                cache.set(folder, realpathSync.native(folder));
            } catch {
                cache.set(folder, undefined);
            }
        }
        const resolved = cache.get(folder);
        if (resolved !== undefined) real.push(resolved);
    }
    return real;
}

/** `realPathsSync` through libuv's thread pool, without a cache. */
export async function realPaths(folders: readonly string[]): Promise<string[]> {
    const real = await Promise.all(folders.map((f) => realpath(f).catch(() => undefined)));
    return real.filter((r): r is string => r !== undefined);
}

/** True when `file` is `folder` or inside it (both absolute, links already resolved). */
export function isInside(file: string, folder: string): boolean {
    const relative = path.relative(folder, file);
    return (
        relative === '' ||
        (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
    );
}

function insideAny(file: string, folders: readonly string[]): boolean {
    return folders.some((folder) => isInside(file, folder));
}

function statsRefusal(info: Stats, maxBytes: number): BoundedReadRefusal | undefined {
    if (!info.isFile()) return { reason: 'not-a-file', kind: specialKind(info) };
    if (info.size > maxBytes) return { reason: 'too-large', size: info.size };
    return undefined;
}

function specialKind(info: Stats): SpecialFileKind {
    if (info.isDirectory()) return 'a directory';
    if (info.isFIFO()) return 'a FIFO';
    if (info.isSocket()) return 'a socket';
    if (info.isCharacterDevice()) return 'a character device';
    if (info.isBlockDevice()) return 'a block device';
    return 'a special file';
}

/** Why a read failed; `opened` names the file whose open failed, to say what it is. */
function refusalOf(error: unknown, opened?: string): BoundedReadRefusal {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'missing' };
    // Windows cannot open a directory as a file.
    if (code === 'EISDIR') return { reason: 'not-a-file', kind: 'a directory' };
    // A socket cannot be opened at all, nor a device without its driver. Rare enough for a
    // synchronous stat (which opens nothing) to say which it is.
    if (code === 'ENXIO') {
        let kind: SpecialFileKind = 'a special file';
        try {
            if (opened !== undefined) kind = specialKind(statSync(opened));
        } catch {
            // Gone meanwhile: still not a file that was read.
        }
        return { reason: 'not-a-file', kind };
    }
    return { reason: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The buffer one read fills: sized from what `fstat` said, plus one byte to see that there is
 * more than the cap, and grown (never past the cap and that byte) when the size said too little.
 */
class Reader {
    private buffer: Buffer;
    private length = 0;

    constructor(
        size: number,
        private readonly maxBytes: number,
    ) {
        // Unsafe: only the bytes read are ever handed on (`bytes()`).
        this.buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
    }

    /** Where the next read goes, or undefined when the cap and its extra byte are full. */
    slot(): { buffer: Buffer; offset: number; length: number } | undefined {
        if (this.length === this.buffer.length) {
            if (this.length > this.maxBytes) return undefined;
            const grown = Buffer.allocUnsafe(
                Math.min(this.maxBytes + 1, Math.max(this.buffer.length * 2, minGrowth)),
            );
            this.buffer.copy(grown, 0, 0, this.length);
            this.buffer = grown;
        }
        return {
            buffer: this.buffer,
            offset: this.length,
            length: this.buffer.length - this.length,
        };
    }

    advance(count: number): void {
        this.length += count;
    }

    /** The bytes read: at most the cap, since a full buffer is refused before the next read. */
    bytes(): Uint8Array {
        return this.buffer.subarray(0, this.length);
    }
}
