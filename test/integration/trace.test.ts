/**
 * Why a transaction reverted, in the real extension host against the sandbox (whose nodes serve
 * `debug_traceTransaction` with the callTracer) and the sample workspace's Foundry tree (#35): the
 * hover over a failed transaction says why and its "Trace" link opens the trace panel; the
 * palette's "Trace Transaction…" checks the hash before anything is sent; the transaction panel
 * links its trace; the page may name a frame only, and a frame without a line opens nothing; the
 * panel comes back from its saved state; and a Solidity line opens in the editor, marked with
 * the failure until the panel closes.
 */
import assert from 'node:assert/strict';
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import type { KnownIds } from '../sandbox/types';
import { activated, eventually } from './helpers';
import { renderedPanel, runScripted, settledPanel } from './commandsScript';
import { clearSandboxRequests, sandboxRequests, testEnv } from './testEnv';

function markdownOf(hovers: readonly vscode.Hover[]): string {
    return hovers
        .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
        .join('\n');
}

async function hoverOver(document: vscode.TextDocument, text: string): Promise<string> {
    const offset = document.getText().indexOf(text);
    assert.ok(offset >= 0, `${text} is not in ${document.uri.fsPath}`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        document.positionAt(offset + 2),
    );
    return markdownOf(hovers);
}

const traceRequests = async (): Promise<number> =>
    (await sandboxRequests())
        .flatMap((r) => r.operations)
        .filter((o) => o === 'debug_traceTransaction').length;

suite('(integration) trace: why a transaction reverted', function () {
    this.timeout(120_000);
    let api: ExtensionApi;
    let known: KnownIds;
    let contractsFile: vscode.TextDocument;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
        contractsFile = await vscode.workspace.openTextDocument(
            path.join(testEnv().workspaceDir, 'src', 'contracts.ts'),
        );
        await api.contracts.knowledge();
    });

    suiteTeardown(() => {
        api.queries.panels.closeAll();
    });

    test('the hover of a failed transaction says why, and its Trace link opens the trace panel', async () => {
        const md = await eventually(
            async () => {
                const text = await hoverOver(contractsFile, known.vaultCustomErrorTxHash);
                return /✗ reverted: TooLarge/.test(text.replace(/\\/g, '')) ? text : undefined;
            },
            'the hover saying why',
            30_000,
        );
        const plain = md.replace(/\\/g, '');
        assert.match(plain, /✗ reverted: TooLarge\(.*1001.*1000.*\) in ExplorerVault/);
        // The link is the hover's command link: its argument is parsed back as VS Code would.
        const link = /\[Trace\]\(command:(avalanche\.query\.openPanel)\?([^ )]+)/.exec(md);
        assert.ok(link, md);
        const args = JSON.parse(decodeURIComponent(link[2]!)) as unknown[];
        await vscode.commands.executeCommand(link[1]!, ...args);
        const panel = await renderedPanel(
            (s) =>
                s.kind === 'trace' &&
                JSON.stringify(s.query).includes(known.vaultCustomErrorTxHash),
            'the trace panel',
        );
        assert.equal(panel.view?.notice?.tone, 'error');
        assert.match(panel.view.notice.text, /^Reverted: TooLarge\(.*\) in ExplorerVault/);
        assert.equal(panel.view?.main?.rows.length, 1);
        assert.equal(panel.cspViolations, 0);
        // The sandbox serves the real node's step trace of this call
        // (test/fixtures/trace/vault.json): the revert's pc maps to its Solidity line.
        const why = panel.view?.fields.find((f) => f.label === 'Why')?.value;
        assert.match(
            why?.k === 'text' ? why.text : '',
            /^TooLarge\(amount: 1001, max: 1000\) in ExplorerVault at foundry\/src\/ExplorerVault\.sol:25$/,
        );
    });

    test('a failed call into a contract no record names: the hover names it by its code', async () => {
        // The broadcast is the vault's only record; set aside, the vault is known by its code.
        const broadcast = path.join(
            testEnv().workspaceDir,
            'foundry',
            'broadcast',
            'Deploy.s.sol',
            '43114',
            'run-latest.json',
        );
        const aside = `${broadcast}.aside`;
        const recordNames = async (): Promise<boolean> =>
            (await api.contracts.knowledge()).nameOf(known.cChainId, known.vaultContract)?.how ===
            'deployment';
        assert.ok(await recordNames(), 'the broadcast names the vault');
        renameSync(broadcast, aside);
        try {
            await eventually(
                async () => ((await recordNames()) ? undefined : true),
                'the index without the broadcast',
                30_000,
            );
            const knowledge = await api.contracts.knowledge();
            assert.equal(knowledge.nameOf(known.cChainId, known.vaultContract), undefined);
            const md = await eventually(
                async () => {
                    const text = (
                        await hoverOver(contractsFile, known.vaultCustomErrorTxHash)
                    ).replace(/\\/g, '');
                    return /✗ reverted: TooLarge\(.*\) in ExplorerVault/.test(text)
                        ? text
                        : undefined;
                },
                'the hover naming the vault by its code',
                30_000,
            );
            assert.match(md, /✗ reverted: TooLarge\(.*1001.*1000.*\) in ExplorerVault/);
        } finally {
            if (existsSync(aside)) renameSync(aside, broadcast);
            await eventually(
                async () => ((await recordNames()) ? true : undefined),
                'the broadcast indexed again',
                30_000,
            );
        }
    });

    test('Trace Transaction… asks the chain and the hash, and refuses a bad hash before any request', async () => {
        await clearSandboxRequests();
        const refused = await runScripted('avalanche.query.traceTransaction', {
            chainId: known.cChainId,
            hash: '0x1234',
        });
        assert.ok(
            refused.asked.some((a) => a.key === 'hash' && a.refused !== undefined),
            'the hash was refused by the prompt',
        );
        assert.equal(await traceRequests(), 0, 'nothing was traced for a bad hash');
        await runScripted('avalanche.query.traceTransaction', {
            chainId: known.cChainId,
            hash: known.vaultRevertTxHash,
        });
        const panel = await settledPanel(
            (s) => s.kind === 'trace' && JSON.stringify(s.query).includes(known.vaultRevertTxHash),
            'the palette’s trace panel',
        );
        assert.match(panel.view?.notice?.text ?? '', /insufficient deposit/);
        // The call tree and the step trace.
        assert.ok((await traceRequests()) >= 2);
    });

    test('the page names a frame only: its line opens, marked; a frame without a line, or a forged file, opens nothing', async () => {
        const instance = api.queries.panels
            .all()
            .find(
                (p) =>
                    p.kind === 'trace' &&
                    JSON.stringify(p.snapshot().query).includes(known.vaultRevertTxHash),
            );
        assert.ok(instance);
        // The failed require of `withdraw`, from the step trace and the Foundry source map.
        const vault = path.join(testEnv().workspaceDir, 'foundry', 'src', 'ExplorerVault.sol');
        await instance.deliver({ type: 'action', action: { kind: 'openSource', frame: 0 } });
        const editor = await eventually(
            () =>
                Promise.resolve(
                    vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === vault),
                ),
            'the vault’s source open',
        );
        assert.equal(editor.selection.active.line, 32);
        assert.match(editor.document.lineAt(32).text, /require\(total >= amount/);
        assert.deepEqual(
            api.queries.panels.marks.marked(editor.document.uri).map((m) => m.line),
            [33],
        );
        const shown = vscode.window.visibleTextEditors.length;
        await instance.deliver({ type: 'action', action: { kind: 'openSource', frame: 99 } });
        await instance.deliver({
            type: 'action',
            action: { kind: 'openSource', frame: 0, file: '/etc/passwd', line: 1 },
        });
        assert.equal(vscode.window.visibleTextEditors.length, shown);
        assert.ok(
            vscode.window.visibleTextEditors.every((e) => e.document.uri.fsPath !== '/etc/passwd'),
        );
    });

    test('a node transaction panel links its trace, and a revived trace panel runs again', async () => {
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'node',
            method: 'eth_getTransactionByHash',
            texts: { hash: known.vaultRevertTxHash },
            chain: 'C',
        });
        const tx = await settledPanel(
            (s) => s.kind === 'node' && JSON.stringify(s.query).includes(known.vaultRevertTxHash),
            'the transaction panel',
        );
        const link = tx.view?.fields.find((f) => f.label === 'Call trace')?.value;
        assert.ok(link?.k === 'id' && link.link?.source === 'trace', JSON.stringify(link));
        const query = link.link;
        assert.equal(query.hash, known.vaultRevertTxHash);
        // A restored panel: the serializer's path with a panel of our own and the saved state.
        api.queries.panels.closeAll();
        const webview = vscode.window.createWebviewPanel('avalanche.panel', 'restored', {
            viewColumn: vscode.ViewColumn.Active,
        });
        api.queries.panels.revive(webview, { v: 1, query, title: 'restored' });
        const revived = await settledPanel(
            (s) => s.kind === 'trace' && JSON.stringify(s.query).includes(known.vaultRevertTxHash),
            'the revived trace panel',
        );
        assert.match(revived.view?.notice?.text ?? '', /^Reverted: /);
        // A saved state naming another kind of trace (a bad hash) is closed, not run.
        const bad = vscode.window.createWebviewPanel('avalanche.panel', 'bad', {
            viewColumn: vscode.ViewColumn.Active,
        });
        let closed = false;
        bad.onDidDispose(() => (closed = true));
        api.queries.panels.revive(bad, { v: 1, query: { ...query, hash: '0x12' }, title: 'bad' });
        assert.equal(closed, true);
    });

    test('a Solidity line opens beside the panel, marked with the failure until the panel closes', async () => {
        const file = path.join(testEnv().workspaceDir, 'foundry', 'src', 'ExplorerVault.sol');
        const uri = vscode.Uri.file(file);
        const owner = 'trace:test';
        const opened = await api.queries.panels.marks.open(owner, {
            file: 'foundry/src/ExplorerVault.sol',
            line: 3,
            column: 5,
            endLine: 3,
            endColumn: 20,
            message: 'ExplorerVault.deposit(amount: 1001): TooLarge(amount: 1001, max: 1000)',
        });
        assert.equal(opened, true);
        const editor = await eventually(
            () =>
                Promise.resolve(
                    vscode.window.visibleTextEditors.find(
                        (e) => e.document.uri.fsPath === uri.fsPath,
                    ),
                ),
            'the file open',
        );
        assert.equal(editor.selection.active.line, 2);
        assert.deepEqual(api.queries.panels.marks.marked(editor.document.uri), [
            {
                line: 3,
                message: 'ExplorerVault.deposit(amount: 1001): TooLarge(amount: 1001, max: 1000)',
            },
        ]);
        api.queries.panels.marks.clear(owner);
        assert.deepEqual(api.queries.panels.marks.marked(editor.document.uri), []);
        // Outside the workspace, or climbing out of it: nothing opens.
        for (const outside of ['../outside.sol', '/etc/passwd', 'foundry/../../x.sol']) {
            assert.equal(
                await api.queries.panels.marks.open(owner, {
                    file: outside,
                    line: 1,
                    column: 1,
                    endLine: 1,
                    endColumn: 1,
                    message: 'x',
                }),
                false,
                outside,
            );
        }
    });
});
