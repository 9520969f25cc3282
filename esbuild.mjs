// The extension (Node, CommonJS): the entry point `dist/extension.js` (src/bootstrap/index.ts), which
// loads the other bundles through V8's code cache; `dist/main.js`, what activation runs; then the
// core and the palette queries with their panels on first use. And the webview UI (browser).
// undici is bundled, never required from node_modules at run time, so the .vsix carries no copy of
// its 119 files: the dispatcher modules every request uses are a lazily loaded bundle of their own
// (`dist/undici.js`, see `undiciParts`), and the proxy agent another (`dist/undiciProxy.js`), loaded
// only when a proxy is in use. VS Code's proxy support patches a runtime `require('undici')` only
// to record an Agent's options for its patched `fetch`, which these clients do not use
// (src/core/http/httpClient.ts), so a bundled copy behaves as the module does.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Builds of the watch's contexts under way: the lines below frame all of them, not each one. */
let buildsRunning = 0;
/**
 * Prints esbuild's errors in the format of VS Code's `$esbuild-watch` problem matcher (the one in
 * .vscode/tasks.json reads the same lines). "build finished" comes once every context that started
 * has ended, so F5's pre-launch task does not start the window while `dist/extension.js` is still
 * being written by another context.
 */
const problemMatcherPlugin = {
    name: 'problem-matcher',
    setup(build) {
        build.onStart(() => {
            if (buildsRunning++ === 0) console.log('[watch] build started');
        });
        build.onEnd((result) => {
            for (const { text, location } of result.errors) {
                console.error(`✘ [ERROR] ${text}`);
                if (location)
                    console.error(`    ${location.file}:${location.line}:${location.column}:`);
            }
            if (--buildsRunning === 0) console.log('[watch] build finished');
        });
    },
};

/**
 * The lazily loaded bundles: a `require` of the entry module from its loader file becomes a
 * `loadBundle()` of the bundle built from that entry (through the code cache of
 * `src/bootstrap/index.ts`), so that activation loads only the thin VS Code glue in `dist/main.js`.
 * - `src/platform/lazyCore.ts` requires `../core/index`: `dist/core.js`, holding zod, the schemas
 *   and the clients; and `../core/hover/offlineEntry`: `dist/hoverOffline.js`, what the first
 *   hover's offline part needs (identifiers and Markdown, a tenth of the core).
 * - `src/queries/lazyQueries.ts` requires `./queryFeature`: `dist/queries.js`, holding the
 *   palette queries, their prompts, the exports and the panel hosts.
 * - `src/tree/registerTrees.ts` requires `./treeSources`: `dist/treeSources.js`, the four views'
 *   sources and the drawing of their rows, loaded on the first rows a view asks for.
 * - `src/dashboard/registerDashboard.ts` requires `./dashboardPanel`: `dist/dashboardPanel.js`, the
 *   node dashboard's panel, loaded with the first dashboard shown or restored.
 * - `src/tree/treeCommands.ts` requires `./treeActions`: `dist/treeActions.js`, the tree commands
 *   that ask or open something.
 * - `src/agent/registerAgent.ts` requires `./agentTools`: `dist/agent.js`, the agent tools.
 * - `src/contracts/deploymentLenses.ts` requires `./lensTitles`: `dist/contracts.js`.
 * - `src/watch/lazyWatch.ts` requires `./watchFeature`: `dist/watch.js`, the watch list.
 */
const lazyBundles = [
    { loader: 'lazyCore.ts', request: '../core/index', entry: 'src/core/index.ts', out: 'core.js' },
    {
        loader: 'lazyCore.ts',
        request: '../core/hover/offlineEntry',
        entry: 'src/core/hover/offlineEntry.ts',
        out: 'hoverOffline.js',
    },
    {
        loader: 'lazyQueries.ts',
        request: './queryFeature',
        entry: 'src/queries/queryFeature.ts',
        out: 'queries.js',
    },
    {
        loader: 'registerTrees.ts',
        request: './treeSources',
        entry: 'src/tree/treeSources.ts',
        out: 'treeSources.js',
    },
    {
        loader: 'registerDashboard.ts',
        request: './dashboardPanel',
        entry: 'src/dashboard/dashboardPanel.ts',
        out: 'dashboardPanel.js',
    },
    {
        loader: 'treeCommands.ts',
        request: './treeActions',
        entry: 'src/tree/treeActions.ts',
        out: 'treeActions.js',
    },
    {
        loader: 'registerAgent.ts',
        request: './agentTools',
        entry: 'src/agent/agentTools.ts',
        out: 'agent.js',
    },
    {
        loader: 'deploymentLenses.ts',
        request: './lensTitles',
        entry: 'src/contracts/lensTitles.ts',
        out: 'contracts.js',
    },
    {
        loader: 'lazyWatch.ts',
        request: './watchFeature',
        entry: 'src/watch/watchFeature.ts',
        out: 'watch.js',
    },
];
/**
 * The undici modules the clients' requests go through (`loadUndici` in
 * src/core/http/httpClient.ts: the Agent, the Dispatcher base and the connector), bundled as
 * `dist/undici.js` so that the first request loads one file through the code cache instead of
 * Node resolving and compiling about forty of undici's files on every start. VS Code's proxy
 * support does not patch these modules (only a runtime `require('undici')`, which records an
 * Agent's options for its patched `fetch`), so a copy behaves as they do.
 */
const undiciParts = [
    { request: 'undici/lib/dispatcher/agent.js', name: 'Agent' },
    { request: 'undici/lib/dispatcher/dispatcher.js', name: 'Dispatcher' },
    { request: 'undici/lib/core/connect.js', name: 'buildConnector' },
];
const undiciEntry = undiciParts
    .map(({ request, name }) => `exports.${name} = require(${JSON.stringify(request)});`)
    .join('\n');

/**
 * What `require('undici').ProxyAgent` in src/core/http/httpClient.ts needs of undici's index: the
 * proxy agent, and the `connect` API (with `request`, `stream`…) that the index adds to every
 * dispatcher and the agent tunnels with: `dist/undiciProxy.js`, for the extension and the MCP
 * server alike.
 */
const undiciProxyEntry = [
    "const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');",
    "Object.assign(Dispatcher.prototype, require('undici/lib/api/index.js'));",
    "exports.ProxyAgent = require('undici/lib/dispatcher/proxy-agent.js');",
].join('\n');

/** The bare `require('undici')` of httpClient.ts, the one importer allowed to name it. */
const bareUndici = /^undici$/;
const fromHttpClient = (args) => args.importer.endsWith('httpClient.ts');

/**
 * For the MCP server, a process of its own started from the same `dist/`: httpClient.ts's undici
 * modules come from the bundles beside it (`./undici.js`, `./undiciProxy.js`), plainly required,
 * so that the .vsix holds each of them once.
 */
const undiciSiblingPlugin = {
    name: 'undici-sibling',
    setup(build) {
        for (const { request, name } of undiciParts) {
            const filter = new RegExp(`^${request.replace(/[./]/g, (c) => `\\${c}`)}$`);
            build.onResolve({ filter }, (args) =>
                fromHttpClient(args)
                    ? { path: `undici.js#${name}`, namespace: 'sibling' }
                    : undefined,
            );
        }
        build.onResolve({ filter: bareUndici }, (args) =>
            fromHttpClient(args) ? { path: 'undiciProxy.js', namespace: 'sibling' } : undefined,
        );
        build.onResolve({ filter: /^\.\/undici(Proxy)?\.js$/, namespace: 'sibling' }, (args) => ({
            path: args.path,
            external: true,
        }));
        build.onLoad({ filter: /.*/, namespace: 'sibling' }, (args) => {
            const [bundle, part] = args.path.split('#');
            const load = `require(${JSON.stringify(`./${bundle}`)})`;
            return { contents: `module.exports = ${load}${part ? `.${part}` : ''};`, loader: 'js' };
        });
    },
};

const lazyBundlesPlugin = {
    name: 'lazy-bundles',
    setup(build) {
        for (const { request, name } of undiciParts) {
            const filter = new RegExp(`^${request.replace(/[./]/g, (c) => `\\${c}`)}$`);
            build.onResolve({ filter }, (args) =>
                args.importer.endsWith('httpClient.ts')
                    ? { path: `undici.js#${name}`, namespace: 'lazy-bundle' }
                    : undefined,
            );
        }
        build.onResolve({ filter: bareUndici }, (args) =>
            fromHttpClient(args) ? { path: 'undiciProxy.js', namespace: 'lazy-bundle' } : undefined,
        );
        for (const { loader, request, out } of lazyBundles) {
            const filter = new RegExp(`^${request.replace(/[./]/g, (c) => `\\${c}`)}$`);
            build.onResolve({ filter }, (args) =>
                args.importer.endsWith(loader)
                    ? { path: out, namespace: 'lazy-bundle' }
                    : undefined,
            );
        }
        // The entry point is already loaded (VS Code required it), so this is its module, not a copy.
        build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'lazy-bundle' }, () => ({
            path: './extension.js',
            external: true,
        }));
        build.onLoad({ filter: /.*/, namespace: 'lazy-bundle' }, (args) => {
            const [bundle, part] = args.path.split('#');
            const load = `require('./extension.js').loadBundle(${JSON.stringify(bundle)})`;
            return {
                contents: `module.exports = ${load}${part ? `.${part}` : ''};`,
                loader: 'js',
            };
        });
    },
};

/**
 * Every `import * as vscode from 'vscode'` of an external module becomes its own
 * `__toESM(require("vscode"))`, which copies each of the API's few hundred names onto a new
 * object: 27 copies at every load of the bundle. Routing them through one `export * from 'vscode'`
 * module makes it one copy per bundle.
 */
const vscodeOncePlugin = {
    name: 'vscode-once',
    setup(build) {
        build.onResolve({ filter: /^vscode$/ }, (args) =>
            args.namespace === 'vscode-once'
                ? { path: 'vscode', external: true }
                : { path: 'vscode', namespace: 'vscode-once' },
        );
        build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
            contents: "export * from 'vscode';",
            loader: 'js',
        }));
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
                await copyFile(
                    `node_modules/@vscode/codicons/dist/${file}`,
                    `dist/webview/${file}`,
                );
            }
        });
    },
};

/**
 * All Node bundles count their timers (src/platform/liveTimers.ts stands in for the global timer
 * functions) so that leak tests can see, through the extension's API, that none is left behind.
 */
const liveTimers = ['src/platform/liveTimers.ts'];

const common = {
    bundle: true,
    // Every input of every bundle, merged into dist/metafile.json: scripts/audit.mjs audits the
    // npm packages whose code is in dist/ (most are devDependencies because they are bundled).
    metafile: true,
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
    legalComments: 'none',
    plugins: watch ? [problemMatcherPlugin] : [],
};

/** A Node bundle: the activation entry or one of the lazily loaded ones. */
const nodeContext = (entry, outfile) =>
    esbuild.context({
        ...common,
        entryPoints: [entry],
        outfile,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: ['vscode', 'undici'],
        inject: liveTimers,
        plugins: [...common.plugins, lazyBundlesPlugin, vscodeOncePlugin],
    });

const contexts = await Promise.all([
    // Node builtins only: no timers to count, and nothing to share with the bundles it loads.
    esbuild.context({
        ...common,
        entryPoints: ['src/bootstrap/index.ts'],
        outfile: 'dist/extension.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: ['vscode'],
    }),
    // The worker that writes the lazily loaded bundles' code caches after a fresh install.
    esbuild.context({
        ...common,
        entryPoints: ['src/bootstrap/cacheWorker.ts'],
        outfile: 'dist/cacheWorker.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
    }),
    nodeContext('src/extension.ts', 'dist/main.js'),
    ...lazyBundles.map(({ entry, out }) => nodeContext(entry, `dist/${out}`)),
    // Node builtins only, like undici itself: no timers of the extension's to count.
    esbuild.context({
        ...common,
        stdin: { contents: undiciEntry, resolveDir: '.', sourcefile: 'undici-parts.js' },
        outfile: 'dist/undici.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
    }),
    // The proxy agent, loaded only when a request goes through a proxy.
    esbuild.context({
        ...common,
        stdin: { contents: undiciProxyEntry, resolveDir: '.', sourcefile: 'undici-proxy.js' },
        outfile: 'dist/undiciProxy.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
    }),
    // The worker that parses the workspace's artifacts off the extension host's thread.
    nodeContext('src/core/workspace/parseWorker.ts', 'dist/workspaceWorker.js'),
    // The MCP server (`node dist/mcp.js`): its own process, with the MCP SDK and the core inside,
    // and undici from the bundles beside it (no node_modules in the .vsix). `vscode` is not
    // external, so importing it fails the build.
    esbuild.context({
        ...common,
        entryPoints: ['src/mcp/server.ts'],
        outfile: 'dist/mcp.js',
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        plugins: [...common.plugins, undiciSiblingPlugin],
    }),
    esbuild.context({
        ...common,
        // Two pages: the result panels' and the node dashboard's, which alone carries uPlot.
        entryPoints: { main: 'src/webview-ui/main.ts', dashboard: 'src/webview-ui/dashboard.ts' },
        outdir: 'dist/webview',
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        loader: { '.ttf': 'file', '.css': 'css' },
        plugins: [...common.plugins, codiconsPlugin],
    }),
]);

const metafileOut = 'dist/metafile.json';

/**
 * One metafile for the whole of dist/: the inputs and outputs of every context, plus the files the
 * codicons plugin copies (they reach dist/ without being an input of a bundle). Not packaged
 * (`.vscodeignore` is a whitelist) nor staged for the test hosts (scripts/codeServer.mjs).
 */
async function writeMetafile(results) {
    const { stat, writeFile } = await import('node:fs/promises');
    const merged = { inputs: {}, outputs: {} };
    for (const { metafile } of results) {
        Object.assign(merged.inputs, metafile.inputs);
        Object.assign(merged.outputs, metafile.outputs);
    }
    for (const file of ['codicon.css', 'codicon.ttf']) {
        const input = `node_modules/@vscode/codicons/dist/${file}`;
        merged.inputs[input] = { bytes: (await stat(input)).size, imports: [] };
    }
    await writeFile(metafileOut, JSON.stringify(merged));
}

if (watch) {
    // No metafile here: watch rebuilds report one context at a time. scripts/audit.mjs builds.
    await Promise.all(contexts.map((c) => c.watch()));
} else {
    const results = await Promise.all(contexts.map((c) => c.rebuild()));
    await Promise.all(contexts.map((c) => c.dispose()));
    await writeMetafile(results);
}
