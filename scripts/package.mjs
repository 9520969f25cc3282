#!/usr/bin/env node
// `npm run package` (after the production build): the .vsix from dist/, with vsce's flags chosen
// here so that scripts/bench.mjs packages the same way. Arguments after `--` go to vsce as they are,
// for example `npm run package -- --baseImagesUrl https://example.org/avalanche-explorer/`.
//
// The one thing vsce cannot be told from inside this repository is where the project is published.
// vsce 3.9 reads it from package.json's `repository`: without it, it warns and asks whether to go on
// (it goes on silently when stdout is not a terminal), the .vsix links to no source or issues page,
// and it cannot turn README.md's relative image paths into URLs, so it refuses to package unless
// told not to rewrite them (`--no-rewrite-relative-links`). The Marketplace and Open VSX then show
// README.md without its pictures. Rather than invent a URL or stop every local build, this script
// packages with those two flags stated explicitly and says what is missing, once, in one place.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Where the .vsix is written, relative to the folder being packaged. */
export const vsixPath = 'dist/avalanche-explorer.vsix';

/** vsce's own options for the images' base URL; with one of them, links can be rewritten. */
const baseUrlOptions = ['--baseContentUrl', '--baseImagesUrl'];

/** `repository` as vsce reads it: a string, or an object with a string `url`. */
export function repositoryUrl(manifest) {
    const repository = manifest.repository;
    if (typeof repository === 'string') return repository || undefined;
    if (repository && typeof repository.url === 'string') return repository.url || undefined;
    return undefined;
}

/**
 * The arguments of `vsce package` for `manifest`, plus `extra` from the command line, and the note
 * to print when the package cannot be complete.
 */
export function vscePackageArguments(manifest, extra = []) {
    const args = ['package', '--out', vsixPath];
    if (repositoryUrl(manifest)) return { args: [...args, ...extra], note: undefined };
    args.push('--allow-missing-repository');
    const hasBaseUrl = extra.some((arg) => baseUrlOptions.some((option) => arg.startsWith(option)));
    if (!hasBaseUrl) args.push('--no-rewrite-relative-links');
    const note = hasBaseUrl
        ? 'package.json has no repository.url: the .vsix links to no source or issues page until it is filled in.'
        : 'package.json has no repository.url: fill it in with the public GitHub or GitLab URL, or the ' +
          'README images will not show on the Marketplace or Open VSX (they stay relative paths) and the ' +
          '.vsix links to no source or issues page.';
    return { args: [...args, ...extra], note };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const { args, note } = vscePackageArguments(manifest, process.argv.slice(2));
    const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    console.log(`vsce ${args.join(' ')}`);
    const result = spawnSync(process.execPath, [vsce, ...args], { cwd: root, stdio: 'inherit' });
    if (note) console.log(`note: ${note}`);
    process.exit(result.status ?? 1);
}
