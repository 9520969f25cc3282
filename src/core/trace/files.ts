/**
 * How the trace reads the workspace's files beyond the index: an artifact's source map and code
 * (the index keeps neither), a build info's source ids, and the Solidity file a revert points at.
 * Paths are the index's: workspace-relative with forward slashes (the folder's name first in a
 * multi-root workspace). The extension reads them through its workspace folders; plain Node (the
 * MCP server, the tests, the benchmarks) through `directoryTraceFiles`.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { readBounded, realPaths, type BoundedRead } from '../boundedRead';

/** Reads files of the workspace for the trace, each within a byte cap. */
export interface TraceFiles {
    /**
     * The bytes of `rel`, at most `maxBytes` (a larger file is refused, never cut), or why not.
     * Only regular files inside the workspace are read (`core/boundedRead.ts`).
     */
    read(rel: string, maxBytes: number): Promise<BoundedRead>;
    /** Names of the regular files directly in folder `rel`, at most `max`; none when it is missing. */
    list(rel: string, max: number): Promise<readonly string[]>;
}

/** True for a workspace-relative path that stays inside the workspace. */
export function isWorkspacePath(rel: string): boolean {
    if (typeof rel !== 'string' || rel.length === 0 || rel.length > 4096) return false;
    if (rel.startsWith('/') || /^[A-Za-z]:/.test(rel) || rel.includes('\\') || rel.includes('\0'))
        return false;
    return !rel.split('/').some((part) => part === '..' || part === '');
}

/**
 * `TraceFiles` over a folder of this disk: paths resolve under `root`, and a file whose real path
 * (links resolved) is outside it is not read.
 */
export function directoryTraceFiles(root: string): TraceFiles {
    let within: Promise<string[]> | undefined;
    const inside = (): Promise<string[]> => (within ??= realPaths([root]));
    return {
        async read(rel, maxBytes) {
            if (!isWorkspacePath(rel)) return { refused: { reason: 'outside' } };
            return readBounded(path.join(root, ...rel.split('/')), {
                maxBytes,
                within: await inside(),
            });
        },
        async list(rel, max) {
            if (rel !== '' && !isWorkspacePath(rel)) return [];
            try {
                const entries = await readdir(path.join(root, ...rel.split('/')), {
                    withFileTypes: true,
                });
                return entries
                    .filter((entry) => entry.isFile())
                    .map((entry) => entry.name)
                    .sort()
                    .slice(0, max);
            } catch {
                return [];
            }
        },
    };
}
