/**
 * "Look Up", "Watch" and "Trace" from the editor (#40), in the real extension host against the
 * sandbox: the cursor is put on an identifier in a document and the commands are run as the
 * context menu and the keybinding run them. The context key follows the cursor and the
 * selection; Look Up opens the hover's panel, Watch adds what the hover's Watch link adds, Trace
 * opens the trace panel; with nothing under the cursor each says so and sends nothing; and the
 * keybinding clashes with none of VS Code's own.
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { CommandId } from '../../src/commands/commandIds';
import { watchKey } from '../../src/core/watch/targets';
import type { ExtensionApi } from '../../src/extension';
import type { KnownIds } from '../sandbox/types';
import { activated, eventually, manifest } from './helpers';
import { clearSandboxRequests, sandboxRequests, testEnv } from './testEnv';

/** A node id whose cb58 checksum fails: the last character changed. */
function brokenNodeId(nodeId: string): string {
    return `${nodeId.slice(0, -1)}${nodeId.endsWith('a') ? 'b' : 'a'}`;
}

suite('(integration) editor: Look Up, Watch and Trace at the cursor', function () {
    this.timeout(90_000);
    let api: ExtensionApi;
    let known: KnownIds;
    let document: vscode.TextDocument;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
        const content = [
            'Nothing to see on this line, only words.',
            `tx ${known.evmTxHash} sent`,
            `subnet: ${known.l1SubnetId}`,
            `validator ${known.l1NodeId}`,
            `address ${known.pChainAddress}`,
            `broken ${brokenNodeId(known.l1NodeId)} here`,
        ].join('\n');
        document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    });

    suiteTeardown(async () => {
        api.queries.panels.closeAll();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    /** Puts the cursor two characters into `text` (or selects it) and waits for the key. */
    async function cursorOn(text: string, kind: string | false, select = false): Promise<void> {
        // Shown again each time: a panel opened over it disposes the editor object.
        const editor = await vscode.window.showTextDocument(document);
        const offset = document.getText().indexOf(text);
        assert.ok(offset >= 0, text);
        const start = document.positionAt(select ? offset : offset + 2);
        const end = select ? document.positionAt(offset + text.length) : start;
        editor.selection = new vscode.Selection(start, end);
        await eventually(
            () => (api.editorIds.value === kind ? true : undefined),
            `the context key ${String(kind)}`,
        );
    }

    test('the context key names the kind at the cursor or in the selection, and false elsewhere', async () => {
        await cursorOn(known.evmTxHash, 'hash32');
        await cursorOn('only words', false);
        await cursorOn(known.l1NodeId, 'nodeId');
        await cursorOn(known.pChainAddress, 'pnAddress');
        await cursorOn(known.l1SubnetId, 'cb58Id', true);
        // A selection of the id and its neighbours is not one id: the cursor's start decides.
        await cursorOn(`subnet: ${known.l1SubnetId}`, false, true);
    });

    test('with nothing under the cursor each command says so and sends nothing', async () => {
        await cursorOn('only words', false);
        await clearSandboxRequests();
        const before = api.editorIds.said.length;
        for (const id of [CommandId.EditorLookUp, CommandId.EditorWatch, CommandId.EditorTrace]) {
            await vscode.commands.executeCommand(id);
        }
        const said = api.editorIds.said.slice(before);
        assert.equal(said.length, 3, JSON.stringify(said));
        for (const message of said) assert.match(message, /Put the cursor on an Avalanche/);
        // A malformed id is named, and not looked up either.
        await cursorOn(brokenNodeId(known.l1NodeId), 'nodeId');
        await vscode.commands.executeCommand(CommandId.EditorLookUp);
        assert.match(api.editorIds.said.at(-1)!, /is malformed/);
        // An address of the P-Chain is not watched, and not traced; nothing is asked for it.
        await cursorOn(known.pChainAddress, 'pnAddress');
        await vscode.commands.executeCommand(CommandId.EditorWatch);
        assert.match(api.editorIds.said.at(-1)!, /The Watch List cannot follow/);
        await vscode.commands.executeCommand(CommandId.EditorTrace);
        assert.match(api.editorIds.said.at(-1)!, /Trace needs an EVM transaction hash/);
        assert.deepEqual(await sandboxRequests(), []);
    });

    test('Look Up opens the panel the hover opens for the id under the cursor', async () => {
        api.queries.panels.closeAll();
        await cursorOn(known.evmTxHash, 'hash32');
        await vscode.commands.executeCommand(CommandId.EditorLookUp);
        const panel = api.queries.panels.snapshots().find((p) => p.query.source === 'dataApi');
        assert.ok(panel, 'a result panel opened');
        assert.equal(panel.kind, 'transaction');
        assert.deepEqual(panel.query, {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: '43114', txHash: known.evmTxHash },
        });
        api.queries.panels.closeAll();
    });

    test('Watch adds what the hover would watch: a transaction, an L1, a selected id', async () => {
        const feature = api.watch.feature;
        const cases: { text: string; kind: string; select?: boolean }[] = [
            { text: known.evmTxHash, kind: 'evmTx' },
            { text: known.l1SubnetId, kind: 'l1', select: true },
        ];
        for (const { text, kind, select } of cases) {
            await cursorOn(text, select ? 'cb58Id' : 'hash32', select);
            const before = new Set(feature.list.items().map((e) => watchKey(e.target)));
            await vscode.commands.executeCommand(CommandId.EditorWatch);
            const added = feature.list.items().filter((e) => !before.has(watchKey(e.target)));
            assert.equal(added.length, 1, `${text}: ${JSON.stringify(api.editorIds.said)}`);
            const entry = added[0]!;
            assert.equal(entry.target.kind, kind);
            assert.ok(JSON.stringify(entry.target).includes(text), JSON.stringify(entry.target));
            await vscode.commands.executeCommand(CommandId.WatchRemove, watchKey(entry.target));
        }
    });

    test('Trace opens the trace panel of the EVM transaction under the cursor', async () => {
        api.queries.panels.closeAll();
        await cursorOn(known.evmTxHash, 'hash32');
        await vscode.commands.executeCommand(CommandId.EditorTrace);
        const panel = await eventually(
            () => api.queries.panels.snapshots().find((p) => p.kind === 'trace'),
            'the trace panel',
        );
        assert.deepEqual(panel.query, {
            source: 'trace',
            network: 'mainnet',
            chainId: '43114',
            hash: known.evmTxHash.toLowerCase(),
        });
        api.queries.panels.closeAll();
        // A cb58 id is no EVM transaction hash: said, nothing sent, nothing opens.
        await cursorOn(known.l1SubnetId, 'cb58Id');
        await vscode.commands.executeCommand(CommandId.EditorTrace);
        assert.match(api.editorIds.said.at(-1)!, /Trace needs an EVM transaction hash/);
        assert.equal(api.queries.panels.snapshots().length, 0);
    });

    test('the Look Up keybinding is the only binding of its chord among the defaults', async () => {
        const binding = manifest().contributes.keybindings?.find(
            (k) => k.command === CommandId.EditorLookUp,
        );
        assert.ok(binding, 'a keybinding for Look Up');
        await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
        const text = await eventually(() => {
            const document = vscode.window.activeTextEditor?.document;
            return document && /keybindings/i.test(document.uri.path)
                ? document.getText()
                : undefined;
        }, 'the default keybindings');
        assert.ok(text.length > 10_000, 'the default keybindings are listed');
        const clashes = [...text.matchAll(/"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)]
            .filter((m) => m[1] === binding.key && !m[2]!.startsWith('avalanche.'))
            .map((m) => m[2]);
        assert.deepEqual(clashes, []);
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });
});
