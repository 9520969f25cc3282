// Two bundles: the extension (Node, CommonJS) and the webview UI (browser).
// `undici` stays external on purpose: VS Code's proxy and certificate support patches a runtime
// `require('undici')`, not a copy inlined into the bundle, and leaving it out keeps activation light.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints esbuild's errors in the format of VS Code's `$esbuild-watch` problem matcher. */
const problemMatcherPlugin = {
    name: 'problem-matcher',
    setup(build) {
        build.onStart(() => console.log('[watch] build started'));
        build.onEnd((result) => {
            for (const { text, location } of result.errors) {
                console.error(`✘ [ERROR] ${text}`);
                if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
            }
            console.log('[watch] build finished');
        });
    },
};

/**
 * `src/platform/lazyCore.ts` requires `../core/index` on first use. In the bundle that require is
 * pointed at `dist/core.js`, a second bundle holding zod, the schemas and the clients, so that
 * activation loads only the thin VS Code glue in `dist/extension.js`.
 */
const lazyCorePlugin = {
    name: 'lazy-core',
    setup(build) {
        build.onResolve({ filter: /^\.\.\/core\/index$/ }, (args) =>
            args.importer.endsWith('lazyCore.ts') ? { path: './core.js', external: true } : undefined,
        );
    },
};

/**
 * The panels draw their icons with @vscode/codicons. Its stylesheet and font are copied next to
 * the page bundle, so that the page loads them from `dist/webview` (a `localResourceRoots` entry)
 * and the packaged extension carries them (`.vscodeignore` lets `dist/webview/*.css|*.ttf` in).
 */
const codiconsPlugin = {
    name: 'codicons',
    setup(build) {
        build.onEnd(async () => {
            const { copyFile, mkdir } = await import('node:fs/promises');
            await mkdir('dist/webview', { recursive: true });
            for (const file of ['codicon.css', 'codicon.ttf']) {
                await copyFile(`node_modules/@vscode/codicons/dist/${file}`, `dist/webview/${file}`);
            }
        });
    },
};

/**
 * Both Node bundles count their timers (src/platform/liveTimers.ts stands in for the global timer
 * functions) so that leak tests can see, through the extension's API, that none is left behind.
 */
const liveTimers = ['src/platform/liveTimers.ts'];

const common = {
    bundle: true,
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
    legalComments: 'none',
    plugins: watch ? [problemMatcherPlugin] : [],
};

const contexts = await Promise.all([
    esbuild.context({
        ...common,
        entryPoints: ['src/extension.ts'],
        outfile: 'dist/extension.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: ['vscode', 'undici'],
        inject: liveTimers,
        plugins: [...common.plugins, lazyCorePlugin],
    }),
    esbuild.context({
        ...common,
        entryPoints: ['src/core/index.ts'],
        outfile: 'dist/core.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: ['vscode', 'undici'],
        inject: liveTimers,
    }),
    esbuild.context({
        ...common,
        entryPoints: { main: 'src/webview-ui/main.ts' },
        outdir: 'dist/webview',
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        loader: { '.ttf': 'file', '.css': 'css' },
        plugins: [...common.plugins, codiconsPlugin],
    }),
]);

if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
} else {
    await Promise.all(contexts.map((c) => c.rebuild()));
    await Promise.all(contexts.map((c) => c.dispose()));
}
