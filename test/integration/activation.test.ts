import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
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
});
