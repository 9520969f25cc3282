/**
 * The workspace's files as the trace reads them (`TraceFiles`, core/trace/files.ts), and the
 * file a Solidity line of a trace names. Paths are the index's: workspace-relative with forward
 * slashes, the folder's name first in a multi-root workspace (`asRelativePath`, as
 * `vscodeWorkspaceFiles` makes them). Only folders on this disk (`file:`) are read: the trace
 * compares bytes and reads build infos, which a virtual workspace does not have in one piece.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';

import * as vscode from 'vscode';

import type { TraceFiles } from '../core/index';
import { loadCore } from './lazyCore';

/** The folder a workspace-relative path is in, and the path inside it; undefined when none. */
function resolve(rel: string): { root: string; inner: string } | undefined {
    const folders = (vscode.workspace.workspaceFolders ?? []).filter(
        (f) => f.uri.scheme === 'file',
    );
    const all = vscode.workspace.workspaceFolders ?? [];
    if (all.length === 1 && folders.length === 1) {
        return { root: folders[0]!.uri.fsPath, inner: rel };
    }
    const slash = rel.indexOf('/');
    if (slash <= 0) return undefined;
    const name = rel.slice(0, slash);
    const folder = folders.find((f) => f.name === name);
    return folder ? { root: folder.uri.fsPath, inner: rel.slice(slash + 1) } : undefined;
}

/** `TraceFiles` over the workspace's folders on this disk; undefined when there is none. */
export function workspaceTraceFiles(): TraceFiles | undefined {
    const folders = (vscode.workspace.workspaceFolders ?? []).filter(
        (f) => f.uri.scheme === 'file',
    );
    if (folders.length === 0) return undefined;
    const core = loadCore();
    const byRoot = new Map<string, TraceFiles>();
    const filesOf = (root: string): TraceFiles => {
        let files = byRoot.get(root);
        if (!files) {
            files = core.directoryTraceFiles(root);
            byRoot.set(root, files);
        }
        return files;
    };
    return {
        async read(rel, maxBytes) {
            const where = core.isWorkspacePath(rel) ? resolve(rel) : undefined;
            if (!where) return { refused: { reason: 'outside' } };
            return filesOf(where.root).read(where.inner, maxBytes);
        },
        async list(rel, max) {
            if (rel === '' && folders.length === 1)
                return filesOf(folders[0]!.uri.fsPath).list('', max);
            const where = core.isWorkspacePath(rel) ? resolve(rel) : undefined;
            if (!where) return [];
            return filesOf(where.root).list(where.inner, max);
        },
    };
}

/**
 * The URI of workspace file `rel` when it is a regular path inside a workspace folder on this
 * disk and its real path (links resolved) stays inside that folder; undefined otherwise. A trace's
 * file names come from compiler output in the workspace, which anyone could have written.
 */
export async function workspaceFileUri(rel: string): Promise<vscode.Uri | undefined> {
    if (!loadCore().isWorkspacePath(rel)) return undefined;
    const where = resolve(rel);
    if (!where) return undefined;
    const full = path.join(where.root, ...where.inner.split('/'));
    try {
        const [real, root] = await Promise.all([realpath(full), realpath(where.root)]);
        const inside = path.relative(root, real);
        if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
        return vscode.Uri.file(real);
    } catch {
        return undefined;
    }
}
