import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';

import { listFiles, PackageManager } from '@vscode/vsce';
import { repoRoot } from '../../helpers/paths';

// Compiled to out/test/unit: the repository root is three levels up.
const rootDir = repoRoot;

interface Manifest {
    version: string;
    icon?: string;
    galleryBanner?: { color?: string; theme?: string };
    categories?: string[];
    keywords?: string[];
    repository?: unknown;
    scripts: Record<string, string>;
}

interface PackageScript {
    vscePackageArguments: (
        manifest: unknown,
        extra?: string[],
    ) => { args: string[]; note: string | undefined };
}

interface IconScript {
    iconSizePx: number;
    drawIcon: () => Buffer;
}

/** A computed specifier keeps TypeScript from resolving (and typing) the .mjs script. */
async function importScript<T>(file: string): Promise<T> {
    return (await import(pathToFileURL(path.join(rootDir, file)).href)) as T;
}

function readManifest(): Manifest {
    return JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as Manifest;
}

/** The categories the Marketplace accepts (vsce 3.9 and the extension manifest schema). */
const marketplaceCategories = new Set([
    'AI',
    'Azure',
    'Chat',
    'Data Science',
    'Debuggers',
    'Education',
    'Extension Packs',
    'Formatters',
    'Keymaps',
    'Language Packs',
    'Linters',
    'Machine Learning',
    'Notebooks',
    'Other',
    'Programming Languages',
    'SCM Providers',
    'Snippets',
    'Testing',
    'Themes',
    'Visualization',
]);

/** The bundles esbuild.mjs writes, which VS Code, the MCP client and the panels load. */
const bundles = [
    'dist/extension.js',
    'dist/main.js',
    'dist/core.js',
    'dist/undici.js',
    'dist/undiciProxy.js',
    'dist/cacheWorker.js',
    'dist/hoverOffline.js',
    'dist/queries.js',
    'dist/contracts.js',
    'dist/treeActions.js',
    'dist/treeSources.js',
    'dist/dashboardPanel.js',
    'dist/agent.js',
    'dist/watch.js',
    'dist/workspaceWorker.js',
    'dist/mcp.js',
    'dist/webview/main.js',
    'dist/webview/main.css',
    'dist/webview/dashboard.js',
    'dist/webview/dashboard.css',
    'dist/webview/codicon.css',
    'dist/webview/codicon.ttf',
];

/** What may be in the .vsix besides the bundles: no node_modules, undici is bundled too. */
const allowedFiles: RegExp[] = [
    /^package\.json$/,
    /^package\.nls\.json$/,
    /^l10n\/bundle\.l10n(\.[a-z-]+)?\.json$/,
    /^README\.md$/,
    /^CHANGELOG\.md$/,
    /^LICENSE$/,
    /^media\/icon\.png$/,
    // The activity bar's icon, and the font of the status bar's product icon (contributes.icons).
    /^media\/icons\/[^/]+\.(svg|png|woff)$/,
    /^media\/[^/]+\.css$/,
    // The walkthrough's pages (contributes.walkthroughs), read by VS Code from the package.
    /^media\/walkthrough\/[a-z]+\.md$/,
];

/** Files that are never shipped: sources, tests, maps, tooling, the README's pictures. */
const forbidden =
    /^(src|test|out|bench|scripts|\.vscode-test|test-results)\/|\.map$|\.vsix$|^media\/screenshots\/|(^|\/)\.code-cache\//;

/** Width and height from a PNG's IHDR chunk, which the format puts first. */
function pngSize(png: Buffer): { width: number; height: number } {
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.toString('latin1', 12, 16), 'IHDR');
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The RGBA rows of a PNG written by scripts/makeIcon.mjs (8-bit RGBA, rows unfiltered). */
function pngPixels(png: Buffer): Buffer {
    const idat: Buffer[] = [];
    let width = 0;
    for (let at = 8; at < png.length;) {
        const length = png.readUInt32BE(at);
        const type = png.toString('latin1', at + 4, at + 8);
        const data = png.subarray(at + 8, at + 8 + length);
        if (type === 'IHDR') {
            width = data.readUInt32BE(0);
            assert.deepEqual([data[8], data[9]], [8, 6], '8-bit RGBA');
        }
        if (type === 'IDAT') idat.push(data);
        at += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const stride = width * 4 + 1;
    const rows: Buffer[] = [];
    for (let at = 0; at < raw.length; at += stride) {
        assert.equal(raw[at], 0, 'rows are unfiltered');
        rows.push(raw.subarray(at + 1, at + stride));
    }
    return Buffer.concat(rows);
}

describe('(unit) packaging: the manifest for the Marketplace and Open VSX', () => {
    const manifest = readManifest();

    it('has a 128×128 PNG icon, the one scripts/makeIcon.mjs draws', async () => {
        assert.ok(manifest.icon, 'package.json names an icon');
        assert.match(manifest.icon, /\.png$/, 'vsce refuses an SVG icon');
        const png = readFileSync(path.join(rootDir, manifest.icon));
        assert.deepEqual(pngSize(png), { width: 128, height: 128 });
        const { drawIcon, iconSizePx } = await importScript<IconScript>('scripts/makeIcon.mjs');
        assert.equal(iconSizePx, 128);
        assert.ok(pngPixels(png).equals(drawIcon()), 'run `node scripts/makeIcon.mjs` again');
    });

    it('has a CHANGELOG.md with a section for this version', () => {
        const changelog = readFileSync(path.join(rootDir, 'CHANGELOG.md'), 'utf8');
        const escaped = manifest.version.replace(/\./g, '\\.');
        assert.match(changelog, new RegExp(`^## \\[${escaped}\\]`, 'm'));
    });

    it('has a gallery banner, categories of the Marketplace list and at most 30 keywords', () => {
        assert.match(manifest.galleryBanner?.color ?? '', /^#[0-9a-f]{6}$/i);
        assert.ok(['dark', 'light'].includes(manifest.galleryBanner?.theme ?? ''));
        const categories = manifest.categories ?? [];
        assert.ok(
            categories.some((category) => category !== 'Other'),
            'a category that says what the extension is, not only "Other"',
        );
        for (const category of categories) {
            assert.ok(marketplaceCategories.has(category), `unknown category ${category}`);
        }
        const keywords = manifest.keywords ?? [];
        assert.ok(keywords.length > 0 && keywords.length <= 30, `${keywords.length} keywords`);
        assert.equal(new Set(keywords).size, keywords.length, 'no keyword twice');
    });

    it('packages through scripts/package.mjs, which says what a missing repository costs', async () => {
        assert.match(manifest.scripts['package'] ?? '', /node scripts\/package\.mjs/);
        const { vscePackageArguments } = await importScript<PackageScript>('scripts/package.mjs');

        const without = vscePackageArguments({});
        assert.ok(without.args.includes('--allow-missing-repository'));
        assert.ok(without.args.includes('--no-rewrite-relative-links'));
        assert.match(without.note ?? '', /repository\.url/);

        // With a base URL for the images, vsce can rewrite the README's links after all.
        const withBase = vscePackageArguments({}, ['--baseImagesUrl', 'https://example.org/x/']);
        assert.ok(!withBase.args.includes('--no-rewrite-relative-links'));

        const repository = { type: 'git', url: 'https://github.com/example/avalanche-explorer' };
        const withRepository = vscePackageArguments({ repository });
        assert.deepEqual(withRepository.args.slice(0, 1), ['package']);
        assert.ok(!withRepository.args.includes('--allow-missing-repository'));
        assert.ok(!withRepository.args.includes('--no-rewrite-relative-links'));
        assert.equal(withRepository.note, undefined);

        const bench = readFileSync(path.join(rootDir, 'scripts/bench.mjs'), 'utf8');
        assert.match(bench, /vscePackageArguments\(/, 'the bench packages with the same flags');
    });
});

describe('(unit) packaging: the files of the .vsix', function () {
    // vsce walks the whole checkout (about 10,000 files with .git and out/) and asks npm for the
    // production dependencies: several seconds.
    this.timeout(120_000);

    let packaged: string[];
    before(async () => {
        packaged = (await listFiles({ cwd: rootDir })).map((file) => file.replace(/\\/g, '/'));
    });

    it('holds only the bundles, the manifest and its documents and the icons', () => {
        const unexpected = packaged.filter(
            (file) =>
                forbidden.test(file) ||
                !(bundles.includes(file) || allowedFiles.some((pattern) => pattern.test(file))),
        );
        assert.deepEqual(unexpected, []);
    });

    it('holds the files the Marketplace page and the runtime need', () => {
        for (const file of [
            'package.json',
            'README.md',
            'CHANGELOG.md',
            'LICENSE',
            'media/icon.png',
            'media/icons/avalanche.svg',
            'media/icons/avalanche.woff',
            'l10n/bundle.l10n.json',
            'media/walkthrough/network.md',
        ]) {
            assert.ok(packaged.includes(file), `${file} is missing`);
        }
    });

    it('ships bundles that require no package at run time (undici included), when built', () => {
        // The .vsix has no node_modules: a bundle that required one would fail at its first use
        // on a user's machine while passing here, where node_modules is next to dist/. Only
        // Node's builtins, `vscode` and the bundles beside each other may be required. (ajv's
        // generated code names its runtime modules in strings and templates: not calls.)
        const allowed = (name: string): boolean =>
            name === 'vscode' ||
            name.startsWith('./') ||
            name.startsWith('node:') ||
            builtinModules.includes(name);
        const required: string[] = [];
        for (const bundle of bundles.filter((file) => file.endsWith('.js'))) {
            const file = path.join(rootDir, bundle);
            if (!existsSync(file)) continue;
            const text = readFileSync(file, 'utf8');
            for (const match of text.matchAll(/(?<![\w$.'"`])require\("([^"]+)"\)/g)) {
                const name = match[1] ?? '';
                if (!allowed(name)) required.push(`${bundle}: ${name}`);
            }
        }
        assert.deepEqual(required, []);
    });

    it('holds every bundle of the build in dist/, when there is one', () => {
        // A fresh checkout has no dist/ (the unit tier runs before any build); the next test
        // covers the whitelist for that case.
        const missing = bundles.filter(
            (file) => existsSync(path.join(rootDir, file)) && !packaged.includes(file),
        );
        assert.deepEqual(missing, []);
    });

    it('lets exactly the bundles out of a built dist/ (.vscodeignore through vsce)', async () => {
        const stage = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-vsix-'));
        try {
            for (const file of ['package.json', '.vscodeignore', 'README.md', 'LICENSE']) {
                writeFileSync(path.join(stage, file), readFileSync(path.join(rootDir, file)));
            }
            const decoys = [
                'dist/main.js.map',
                'dist/webview/main.js.map',
                'dist/.code-cache/main.js.cache',
                'dist/avalanche-explorer.vsix',
                'dist/stale.js',
                'media/screenshots/views.png',
                'src/extension.ts',
                'out/src/extension.js',
            ];
            for (const file of [...bundles, ...decoys]) {
                mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
                writeFileSync(path.join(stage, file), '');
            }
            const listed = await listFiles({ cwd: stage, packageManager: PackageManager.None });
            assert.deepEqual(
                listed.map((file) => file.replace(/\\/g, '/')).sort(),
                [...bundles, 'package.json', 'README.md', 'LICENSE'].sort(),
            );
        } finally {
            rmSync(stage, { recursive: true, force: true });
        }
    });
});
