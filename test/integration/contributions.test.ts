import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { activated, manifest } from './helpers';

const expectedViews = [
    'avalanche.chains',
    'avalanche.subnets',
    'avalanche.validators',
    'avalanche.node',
    'avalanche.watchList',
];

suite('(integration) contributions', () => {
    suiteSetup(async () => {
        await activated();
    });

    test('every command in package.json is registered', async () => {
        const declared = (manifest().contributes.commands ?? []).map((c) => c.command);
        assert.ok(declared.length > 0, 'package.json contributes no command');
        const registered = new Set(await vscode.commands.getCommands(true));
        const missing = declared.filter((command) => !registered.has(command));
        assert.deepEqual(missing, [], `declared but not registered: ${missing.join(', ')}`);
    });

    test('every palette command has a title and the Avalanche category', () => {
        const hidden = new Set(
            (manifest().contributes.menus?.['commandPalette'] ?? [])
                .filter((m) => m.when === 'false')
                .map((m) => m.command),
        );
        const shown = (manifest().contributes.commands ?? []).filter((c) => !hidden.has(c.command));
        assert.ok(shown.length > 0, 'no command is shown in the palette');
        for (const command of shown) {
            assert.ok(command.title.trim(), `${command.command} has no title`);
            assert.equal(command.category, 'Avalanche', `${command.command} category`);
        }
    });

    test('the Avalanche container holds the five views', () => {
        const containers = manifest().contributes.viewsContainers?.['activitybar'] ?? [];
        assert.ok(
            containers.some((c) => c.id === 'avalanche'),
            'no activity bar container "avalanche"',
        );
        const views = (manifest().contributes.views?.['avalanche'] ?? []).map((v) => v.id);
        assert.deepEqual(views, expectedViews);
    });

    test('the container opens', async () => {
        await vscode.commands.executeCommand('workbench.view.extension.avalanche');
    });

    for (const view of expectedViews) {
        test(`view ${view} can be focused`, async () => {
            await vscode.commands.executeCommand(`${view}.focus`);
        });
    }
});
