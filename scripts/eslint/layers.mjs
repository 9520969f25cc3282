// The import rule of ARCHITECTURE.md as an ESLint rule: each folder of src/ has a layer, and a file
// may import only from its own folder or from a lower layer. Folders of the same layer (the features)
// never import each other, so no two folders can import each other in a loop. It resolves relative
// specifiers itself instead of using a plugin's resolver: src/ has no path aliases, and a table of
// folders is all it needs.
import path from 'node:path';

/** Layers from the bottom up. A folder not named here takes the layer of its nearest named parent. */
const layers = [
    // Pure, used by both the extension host and the webview page.
    ['src/shared'],
    // The page bundle: it sees only what it is sent (see `only` below).
    ['src/webview-ui'],
    // core: no vscode. Leaves first, then what is built on them. `text` (the inert-text rule for
    // every string from a peer) is below everything that raises or shows such a string.
    ['src/core/text'],
    ['src/core/ids', 'src/core/http', 'src/core/model'],
    ['src/core'],
    // Inside core, in this order: the local-network files (avalanche-cli, Interchain Kit) and the
    // Warp message codec, then the ABI decoder, then the workspace's contract knowledge, which
    // reads ABIs and the local files. No two of them import each other.
    ['src/core/local', 'src/core/warp'],
    ['src/core/abi'],
    ['src/core/workspace'],
    ['src/core/nodeRpc', 'src/core/dataApi'],
    // The chain-list cache and the chains' RPC-client pool, shared by the extension, the MCP
    // server and the tests.
    ['src/core/clients'],
    // `icm` follows an ICM message across chains through their JSON-RPC; the views show it.
    ['src/core/icm'],
    // A transaction's call trace decoded and put on Solidity lines: the node client and the
    // workspace's contracts below, and what the features show of it above.
    ['src/core/trace'],
    ['src/core/summaries', 'src/core/hover', 'src/core/query', 'src/core/metrics'],
    // What agents ask, answered with the hover engine, the query tables and the views; and the
    // watch list, which reads what the views and queries show and tells when it changes.
    ['src/core/agent', 'src/core/watch'],
    ['src/core/index.ts'],
    // VS Code adapters shared by the features.
    ['src/platform'],
    // The command id table, runCommand and the error sentences every feature uses.
    ['src/commands'],
    // The features: each owns its VS Code objects and commands.
    [
        'src/agent',
        'src/connection',
        'src/contracts',
        'src/dashboard',
        'src/hover',
        'src/queries',
        'src/tree',
        'src/watch',
    ],
    // The composition root and the entry point.
    // The composition root, the entry point, and the MCP server's entry (no vscode).
    ['src/extension.ts', 'src/bootstrap', 'src/mcp'],
];
/** Folders that may import only the folders listed. */
const only = { 'src/webview-ui': ['src/shared'] };

const rank = new Map(layers.flatMap((folders, i) => folders.map((f) => [f, i])));

/** The named folder (or file) that owns a path under src/, or undefined outside src/. */
function owner(relPath) {
    let p = relPath.replace(/\\/g, '/');
    if (!p.startsWith('src/')) return undefined;
    for (;;) {
        if (rank.has(p)) return p;
        const cut = p.lastIndexOf('/');
        if (cut <= 3) return undefined;
        p = p.slice(0, cut);
    }
}

export const layersRule = {
    meta: {
        type: 'problem',
        docs: { description: 'Imports in src/ go only down the layers of ARCHITECTURE.md.' },
        schema: [],
    },
    create(context) {
        const root = context.cwd;
        const from = path.relative(root, context.filename);
        const source = owner(from);
        if (!source) return {};
        function check(node, specifier) {
            if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
            const resolved = path.relative(
                root,
                path.resolve(path.dirname(context.filename), specifier),
            );
            let target = owner(resolved);
            if (!target && rank.has(`${resolved}.ts`)) target = `${resolved}.ts`;
            target ??= owner(`${resolved}.ts`);
            if (!target || target === source) return;
            const allowed = only[source];
            const ok = allowed
                ? allowed.includes(target)
                : rank.get(target) < rank.get(source) && !only[target];
            if (!ok) {
                context.report({
                    node,
                    message: `${source} may not import ${target}: imports go down the layers of ARCHITECTURE.md, and features do not import each other (wire them in src/extension.ts).`,
                });
            }
        }
        const literal = (node) => (node?.type === 'Literal' ? node.value : undefined);
        return {
            ImportDeclaration: (node) => check(node, node.source.value),
            ExportAllDeclaration: (node) => check(node, node.source.value),
            ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
            ImportExpression: (node) => check(node, literal(node.source)),
            TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
            CallExpression: (node) => {
                if (node.callee.type === 'Identifier' && node.callee.name === 'require')
                    check(node, literal(node.arguments[0]));
            },
        };
    },
};

/**
 * The `src/core` modules that code outside core may import at run time (not `import type`): they
 * load without the core bundle, at activation (`dist/main.js`) or with a feature's bundle that
 * comes before the core (the views' sources in `dist/treeSources.js`, the first hover's part…),
 * before `platform/lazyCore.ts` brings in the core bundle, so they and everything they import must
 * stay free of the heavy packages below. Anything else in
 * core is reached through `loadCore()`. The activation benchmark (scripts/bench.mjs) measures the
 * cost; this list keeps a slip from reaching it.
 */
export const activationModules = [
    'src/core/abort.ts',
    'src/core/boundedRead.ts',
    'src/core/clients/clientPool.ts',
    'src/core/format.ts',
    'src/core/http/errors.ts',
    'src/core/httpUrl.ts',
    'src/core/http/rateLimit.ts',
    'src/core/ids/evmPatterns.ts',
    'src/core/ids/primaryNetwork.ts',
    'src/core/nodeRpc/helicon.ts',
    'src/core/nodeRpc/rpcUrl.ts',
    'src/core/stakingText.ts',
    'src/core/text/inert.ts',
    'src/core/text/phrase.ts',
    'src/core/summaries/evmConfig.ts',
    'src/core/summaries/genesisSummary.ts',
    'src/core/summaries/nodeProblems.ts',
    'src/core/summaries/primaryValidators.ts',
    'src/core/summaries/search.ts',
    'src/core/summaries/upgradeTimeline.ts',
    'src/core/summaries/validatorDiff.ts',
    'src/core/workspace/avalancheFiles.ts',
];
/** Packages too heavy to load at activation: the schemas, the HTTP stack, the EVM codec. */
export const heavyPackages = ['zod', 'undici', 'viem'];

const activation = new Set(activationModules);
/** Outside core, but not the extension host's activation path: the MCP server and the page. */
const notActivated = ['src/core/', 'src/mcp/', 'src/webview-ui/', 'src/shared/'];

function typeOnly(node) {
    if (node.importKind === 'type' || node.exportKind === 'type') return true;
    const specifiers = node.specifiers ?? [];
    return (
        specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
    );
}

export const activationRule = {
    meta: {
        type: 'problem',
        docs: {
            description:
                'Code outside core imports at run time only the activation modules, and they import nothing heavy.',
        },
        schema: [],
    },
    create(context) {
        const root = context.cwd;
        const from = path.relative(root, context.filename).replace(/\\/g, '/');
        if (!from.startsWith('src/')) return {};
        const isActivationModule = activation.has(from);
        const outsideCore = !notActivated.some((p) => from.startsWith(p));
        if (!isActivationModule && !outsideCore) return {};
        function check(node) {
            const specifier = node.source?.value;
            if (typeof specifier !== 'string' || typeOnly(node)) return;
            if (!specifier.startsWith('.')) {
                const pkg = specifier.split('/')[0];
                if (isActivationModule && heavyPackages.includes(pkg)) {
                    context.report({
                        node,
                        message: `${from} loads at activation (activationModules in scripts/eslint/layers.mjs) and may not import ${pkg}: reach it through loadCore() in platform/lazyCore.ts.`,
                    });
                }
                return;
            }
            const resolved = path
                .relative(root, path.resolve(path.dirname(context.filename), specifier))
                .replace(/\\/g, '/');
            if (!resolved.startsWith('src/core/') && resolved !== 'src/core') return;
            const file = resolved.endsWith('.ts') ? resolved : `${resolved}.ts`;
            if (activation.has(file)) return;
            context.report({
                node,
                message: `${from} imports ${file} at run time, which would load at activation: use \`import type\`, loadCore() (platform/lazyCore.ts), or add a zod/undici/viem-free module to activationModules in scripts/eslint/layers.mjs.`,
            });
        }
        return {
            ImportDeclaration: check,
            ExportAllDeclaration: check,
            ExportNamedDeclaration: (node) => node.source && check(node),
        };
    },
};
