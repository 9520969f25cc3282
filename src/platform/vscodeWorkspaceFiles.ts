/**
 * `WorkspaceFiles` over VS Code's workspace: `findFiles` with the index's patterns in each folder (so `files.exclude` and search excludes apply, and remote and virtual workspaces work the
 * same), `workspace.fs` to read, and one file system watcher per folder. A file on the extension
 * host's disk (a `file:` URI; in a remote window the host runs where the files are) is read by
 * the parse worker itself, which spares the host's thread a read and a copy per file.
 *
 * `findFiles` follows links into and out of the folders as `search.followSymlinks` says (on by
 * default), and a watcher reports a link created later like any file, so the check is made where
 * the file is read: the worker resolves each file's links, and one whose real path is in none of
 * the workspace's `file:` folders is a problem of its own, not read (`core/boundedRead.ts`). There
 * it costs the host's thread nothing, and it holds for a file a watcher reports as well as for one
 * `findFiles` found. A virtual workspace's files are read through `workspace.fs` as before: they
 * are not on this disk.
 */
import * as vscode from 'vscode';

import { loadCore } from './lazyCore';
import type { KnowledgeFileRef, WorkspaceFiles } from '../core/index';

/** The folders whose files the index reads, by the names the patterns give them. */
const createdFoldersGlob =
    '**/{out,artifacts,broadcast,deployments,ignition,subnets,.interchain-kit,*.sol,*.s.sol}';
/** Most files reported from one folder that appeared at once. */
const maxFoundInCreatedFolder = 2000;

export function vscodeWorkspaceFiles(): WorkspaceFiles {
    const relativePath = (uri: vscode.Uri): string =>
        vscode.workspace.asRelativePath(
            uri,
            vscode.workspace.workspaceFolders !== undefined &&
                vscode.workspace.workspaceFolders.length > 1,
        );
    const refFor = (uri: vscode.Uri): KnowledgeFileRef | undefined => {
        const rel = relativePath(uri);
        return loadCore().classify(rel) ? { key: uri.toString(), rel } : undefined;
    };
    /** The index's files under `base` (a folder of the workspace or a folder in one), at most `max`. */
    const filesUnder = async (
        base: vscode.WorkspaceFolder | vscode.Uri,
        max: number,
    ): Promise<{ uri: vscode.Uri; ref: KnowledgeFileRef }[]> => {
        const core = loadCore();
        const uris = await vscode.workspace.findFiles(
            new vscode.RelativePattern(base, core.workspaceFilesGlob),
            core.workspaceExcludeGlob,
            max,
        );
        return uris.flatMap((uri) => {
            const ref = refFor(uri);
            return ref ? [{ uri, ref }] : [];
        });
    };
    return {
        async find(max) {
            const found = new Map<string, KnowledgeFileRef>();
            for (const folder of vscode.workspace.workspaceFolders ?? []) {
                if (found.size >= max) break;
                for (const { ref } of await filesUnder(folder, max - found.size)) {
                    found.set(ref.key, ref);
                }
            }
            return [...found.values()].slice(0, max);
        },
        async size(file) {
            try {
                return (await vscode.workspace.fs.stat(vscode.Uri.parse(file.key))).size;
            } catch {
                return undefined;
            }
        },
        read: async (file) => vscode.workspace.fs.readFile(vscode.Uri.parse(file.key)),
        localFile(file) {
            const uri = vscode.Uri.parse(file.key);
            if (uri.scheme !== 'file') return undefined;
            // Every folder of the workspace: a link from one folder into another stays inside it.
            const within = (vscode.workspace.workspaceFolders ?? [])
                .filter((folder) => folder.uri.scheme === 'file')
                .map((folder) => folder.uri.fsPath);
            return { path: uri.fsPath, within };
        },
        watch(onChange) {
            const core = loadCore();
            const disposables: vscode.Disposable[] = [];
            for (const folder of vscode.workspace.workspaceFolders ?? []) {
                const watcher = vscode.workspace.createFileSystemWatcher(
                    new vscode.RelativePattern(folder, core.workspaceFilesGlob),
                );
                const on = (deleted: boolean) => (uri: vscode.Uri) => {
                    const ref = refFor(uri);
                    if (ref) onChange(ref, deleted);
                };
                // A folder that appears with its files already in it (`cp -r`, an unpacked
                // archive, a tool that writes its directory at once) may be reported as the
                // folder alone: the watcher adds the new folder after its files were written.
                // So the folders the patterns name are searched when they appear.
                const folders = vscode.workspace.createFileSystemWatcher(
                    new vscode.RelativePattern(folder, createdFoldersGlob),
                    false,
                    true,
                    false,
                );
                const searchCreated = async (uri: vscode.Uri): Promise<void> => {
                    try {
                        const stat = await vscode.workspace.fs.stat(uri);
                        if (stat.type !== vscode.FileType.Directory) return;
                        const parent = vscode.Uri.joinPath(uri, '..');
                        const inside = `${uri.toString()}/`;
                        for (const found of await filesUnder(parent, maxFoundInCreatedFolder)) {
                            if (found.uri.toString().startsWith(inside)) onChange(found.ref, false);
                        }
                    } catch {
                        // Gone again, or not readable: the file watcher reports what stays.
                    }
                };
                disposables.push(
                    watcher,
                    watcher.onDidCreate(on(false)),
                    watcher.onDidChange(on(false)),
                    watcher.onDidDelete(on(true)),
                    folders,
                    folders.onDidCreate((uri) => void searchCreated(uri)),
                    // Deleted, such a folder is reported alone too: the index drops what it held.
                    folders.onDidDelete((uri) =>
                        onChange({ key: uri.toString(), rel: relativePath(uri) }, true),
                    ),
                );
            }
            return {
                dispose: () => {
                    for (const d of disposables) d.dispose();
                },
            };
        },
    };
}
