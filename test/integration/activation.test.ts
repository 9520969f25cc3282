import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

import * as vscode from 'vscode';

import type * as Entry from '../../src/bootstrap/index';
import type { ExtensionApi } from '../../src/extension';
import { activated, extension, manifest } from './helpers';
import { testEnv } from './testEnv';

suite('(integration) activation', () => {
    test('the extension is installed with its manifest', () => {
        const ext = extension();
        assert.equal((ext.packageJSON as { name: string }).name, 'avalanche-explorer');
        assert.match(manifest().version, /^\d+\.\d+\.\d+/);
    });

    test('it activates without error', async () => {
        const ext = await activated();
        assert.equal(ext.isActive, true);
    });

    test('the host runs a VS Code release the manifest accepts', () => {
        const minimum = /(\d+)\.(\d+)\.(\d+)/.exec(manifest().engines.vscode);
        assert.ok(minimum, `engines.vscode "${manifest().engines.vscode}" has no version`);
        const [major, minor] = vscode.version.split('.').map(Number);
        assert.ok(
            (major ?? 0) > Number(minimum[1]) ||
                ((major ?? 0) === Number(minimum[1]) && (minor ?? 0) >= Number(minimum[2])),
            `VS Code ${vscode.version} is older than ${manifest().engines.vscode}`,
        );
    });

    test('the sample workspace is the opened folder', () => {
        const folder = vscode.workspace.workspaceFolders?.[0];
        assert.ok(folder, 'no workspace folder is open');
        assert.equal(folder.uri.fsPath, testEnv().workspaceDir);
    });

    test('the bundles load through V8’s code cache, kept next to the bundles', async () => {
        const ext = await activated();
        // The module VS Code loaded: a require of the same file returns it from Node's cache.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const entry = require(path.join(ext.extensionPath, 'dist', 'extension.js')) as typeof Entry;
        // Reading the panels loads the queries bundle, and it the core bundle.
        assert.ok((ext.exports as ExtensionApi).queries.panels);
        const loads = entry.bundleLoads();
        assert.equal(loads[0]?.bundle, 'main.js', 'activation loads the composition root first');
        assert.equal(
            new Set(loads.map((l) => l.bundle)).size,
            loads.length,
            'a bundle loaded twice',
        );
        for (const bundle of ['main.js', 'queries.js']) {
            const load = loads.find((l) => l.bundle === bundle);
            assert.ok(load, `${bundle} was not loaded through the entry point`);
            assert.ok(['written', 'used'].includes(load.cache), `${bundle}: ${load.cache}`);
            assert.equal(
                load.cacheFile && path.dirname(load.cacheFile),
                path.join(ext.extensionPath, 'dist', '.code-cache'),
                `${bundle}'s cache is not next to the bundles`,
            );
        }
        await entry.codeCacheSettled();
        for (const load of loads) {
            assert.ok(load.cacheFile && existsSync(load.cacheFile), `no cache for ${load.bundle}`);
        }
    });

    test('the views’ sources and row drawing are a bundle of their own, loaded once for all four', async () => {
        const ext = await activated();
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const entry = require(path.join(ext.extensionPath, 'dist', 'extension.js')) as typeof Entry;
        const { trees } = ext.exports as ExtensionApi;
        for (const provider of Object.values(trees.providers)) {
            const rows = await provider.getChildren();
            assert.ok(rows.length > 0, `the ${provider.view} view has no rows`);
            for (const row of rows) assert.ok(provider.getTreeItem(row).label !== undefined);
        }
        const loads = entry.bundleLoads().filter((l) => l.bundle === 'treeSources.js');
        assert.equal(loads.length, 1, 'dist/treeSources.js is not loaded once');
        assert.ok(['written', 'used'].includes(loads[0]!.cache), loads[0]!.cache);
        // What activation runs (main.js, a development build here, names kept) defines none of
        // them, and the bundle of their own does (esbuild writes `var ChainsSource = class`).
        const read = (bundle: string): string =>
            readFileSync(path.join(ext.extensionPath, 'dist', bundle), 'utf8');
        const [main, sources] = [read('main.js'), read('treeSources.js')];
        for (const name of ['ChainsSource', 'SubnetsSource', 'ValidatorsSource', 'NodeSource']) {
            const definition = new RegExp(`\\b(class|var|let|const) ${name}\\b`);
            assert.doesNotMatch(main, definition, `${name} is in main.js`);
            assert.match(sources, definition, `${name} is not in treeSources.js`);
        }
    });

    test('the node dashboard’s panel is a bundle of its own, loaded with the first dashboard', async () => {
        const ext = await activated();
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const entry = require(path.join(ext.extensionPath, 'dist', 'extension.js')) as typeof Entry;
        const { dashboards } = ext.exports as ExtensionApi;
        const loadsOf = (): number =>
            entry.bundleLoads().filter((l) => l.bundle === 'dashboardPanel.js').length;
        assert.equal(loadsOf(), 0, 'dist/dashboardPanel.js loaded before a dashboard was shown');
        assert.deepEqual(dashboards.all(), [], 'asking what is open loads nothing');
        await vscode.commands.executeCommand('avalanche.node.openDashboard');
        try {
            assert.equal(dashboards.all().length, 1);
            assert.equal(loadsOf(), 1, 'dist/dashboardPanel.js is not loaded once');
        } finally {
            for (const panel of dashboards.all()) panel.close();
        }
        const main = readFileSync(path.join(ext.extensionPath, 'dist', 'main.js'), 'utf8');
        assert.doesNotMatch(main, /\b(class|var|let|const) NodeDashboardPanel\b/);
    });
});
