import assert from 'node:assert/strict';

import * as vscode from 'vscode';

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
});
