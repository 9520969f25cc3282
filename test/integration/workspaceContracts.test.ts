/**
 * The workspace's contracts in the real extension host, over the sample workspace's `foundry/`
 * (the committed Foundry artifacts and a broadcast recording the sandbox's token and vault): a
 * hover names a deployed address from the broadcast and the Counter from its code alone; the
 * transaction panels decode the call, the events and both kinds of revert; the broadcast gets
 * lenses with each transaction's status and each contract's code verdict; the hostile artifact's
 * names stay text and its selector collision is not guessed; a link out of the folder, or a linked
 * folder that leads out of it, is not read however `findFiles` follows it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as vscode from 'vscode';

import { WorkspaceKnowledge } from '../../src/core/workspace/workspaceKnowledge';
import type { ExtensionApi } from '../../src/extension';
import { vscodeWorkspaceFiles } from '../../src/platform/vscodeWorkspaceFiles';
import type { QueryRequest } from '../../src/shared/query';
import type { KnownIds } from '../sandbox/types';
import { activated, eventually, extension } from './helpers';
import { renderedPanel, settledPanel } from './commandsScript';
import { testEnv } from './testEnv';

function markdownOf(hovers: readonly vscode.Hover[]): string {
    return hovers
        .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
        .join('\n')
        .replace(/\\/g, ''); // Markdown escapes are not what a person reads.
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

/** Every label and text of a panel's view, one per line, to match against. */
function viewText(view: unknown): string {
    return JSON.stringify(view, null, 1);
}

suite('(integration) workspace contracts', function () {
    this.timeout(90_000);
    let api: ExtensionApi;
    let known: KnownIds;
    let contractsFile: vscode.TextDocument;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
        contractsFile = await vscode.workspace.openTextDocument(
            path.join(testEnv().workspaceDir, 'src', 'contracts.ts'),
        );
    });

    test('the index reads the sample workspace: artifacts, the broadcast, the hostile file', async () => {
        const index = await api.contracts.index.get();
        const stats = index.stats();
        assert.ok(stats.artifacts >= 4, `artifacts: ${JSON.stringify(stats)}`);
        assert.ok(stats.transactions >= 4, `transactions: ${JSON.stringify(stats)}`);
        assert.equal(
            index.contractAt('43114', known.tokenContract)[0]?.contractName,
            'ExplorerToken',
        );
        assert.ok(index.artifactsNamed('Counter').length > 0);
    });

    test('a hover names the token from the broadcast and the counter from its code', async () => {
        await eventually(
            async () => {
                const md = await hoverOver(contractsFile, known.tokenContract);
                return /\*\*ExplorerToken\*\* · deployed, per .*broadcast.*Foundry broadcast/.test(
                    md,
                )
                    ? md
                    : undefined;
            },
            'the token named in its hover',
            20_000,
        );
        const counter = await eventually(
            async () => {
                const md = await hoverOver(contractsFile, known.counterContract);
                return /\*\*Counter\*\* · code matches .*Counter\.json \(Foundry artifact\)/.test(
                    md,
                )
                    ? md
                    : undefined;
            },
            'the counter named by its code',
            20_000,
        );
        assert.doesNotMatch(counter, /deployed, per/, 'no record names the counter');
        const vault = await hoverOver(contractsFile, known.vaultContract);
        assert.match(vault, /\*\*ExplorerVault\*\*/);
    });

    test('the node transaction panel decodes the call and its events', async () => {
        const query: QueryRequest = {
            source: 'node',
            method: 'eth_getTransactionByHash',
            texts: { hash: known.tokenTransferTxHash },
            chain: 'C',
        };
        await vscode.commands.executeCommand('avalanche.query.openPanel', query);
        const panel = await renderedPanel(
            (s) =>
                s.query.source === 'node' && viewText(s.query).includes(known.tokenTransferTxHash),
            'token transfer panel',
        );
        const text = viewText(panel.view);
        assert.match(text, /Call: transfer/);
        assert.match(text, /"to \(address\)"/);
        assert.match(text, /Log \d+: Transfer/);
        assert.match(text, /Foundry artifact/, 'says where the ABI came from');
        assert.match(text, /ExplorerToken · deployed, per/);
        assert.equal(panel.cspViolations, 0);
    });

    test('a call to a contract no record names: the panel names it by its code', async () => {
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'node',
            method: 'eth_getTransactionByHash',
            texts: { hash: known.counterAddTxHash },
            chain: 'C',
        } satisfies QueryRequest);
        const panel = await settledPanel(
            (s) => s.query.source === 'node' && viewText(s.query).includes(known.counterAddTxHash),
            'counter panel',
        );
        const text = viewText(panel.view);
        assert.match(text, /Call: add/);
        assert.match(
            text,
            /Counter · code matches foundry\/out\/Counter\.sol\/Counter\.json \(Foundry artifact\)/,
        );
    });

    test('a failed transaction shows its revert reason and its custom error', async () => {
        for (const [hash, reason] of [
            [known.vaultRevertTxHash, /ExplorerVault: insufficient deposit/],
            [known.vaultCustomErrorTxHash, /TooLarge/],
        ] as const) {
            await vscode.commands.executeCommand('avalanche.query.openPanel', {
                source: 'node',
                method: 'eth_getTransactionByHash',
                texts: { hash },
                chain: 'C',
            } satisfies QueryRequest);
            const panel = await settledPanel(
                (s) => s.query.source === 'node' && viewText(s.query).includes(hash),
                `revert panel of ${hash}`,
            );
            const text = viewText(panel.view);
            assert.match(text, /"Revert"/, `${hash}: a Revert section`);
            assert.match(text, reason);
        }
    });

    test('the Data API transaction panel decodes the call with the workspace ABI', async () => {
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: known.cChainId, txHash: known.vaultDepositTxHash },
        } satisfies QueryRequest);
        const panel = await settledPanel(
            (s) => s.kind === 'transaction' && viewText(s.query).includes(known.vaultDepositTxHash),
            'vault deposit panel',
        );
        const text = viewText(panel.view);
        assert.match(text, /Call: deposit/);
        assert.match(text, /ExplorerVault · deployed, per/);
    });

    test('the broadcast gets lenses: status, block and fee, and whether the code matches', async () => {
        const broadcast = await vscode.workspace.openTextDocument(
            path.join(
                testEnv().workspaceDir,
                'foundry',
                'broadcast',
                'Deploy.s.sol',
                '43114',
                'run-latest.json',
            ),
        );
        const titles = await eventually(
            async () => {
                const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                    'vscode.executeCodeLensProvider',
                    broadcast.uri,
                    100,
                );
                const all = lenses.map((l) => l.command?.title ?? '');
                return all.some((t) => /code matches/.test(t)) ? all : undefined;
            },
            'resolved lenses',
            20_000,
        );
        assert.ok(
            titles.some((t) => /^\$\(pass\) success · block \d+ · fee [\d.]+ AVAX · /.test(t)),
            titles.join('\n'),
        );
        assert.ok(
            titles.some((t) => /code matches .*ExplorerVault\.json \(Foundry artifact\)/.test(t)),
            titles.join('\n'),
        );
        const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
            'vscode.executeLinkProvider',
            broadcast.uri,
        );
        const ours = links.filter((l) => l.target?.scheme === 'command');
        assert.ok(ours.length >= 4, `links: ${ours.length}`);
        for (const link of ours) {
            assert.match(link.target!.path, /^avalanche\.hover\.openDetails$/);
        }
    });

    test('the hostile artifact: names stay text, a shared selector is ambiguous', async () => {
        const knowledge = await api.contracts.knowledge();
        // transferFrom(address,address,uint256) and Hostile's gasprice_bit_ether(int128) share
        // 0x23b872dd; an address no record names gets both readings, not a guess.
        const input = `0x23b872dd${'0'.repeat(64 * 3)}`;
        const unnamed = knowledge.decodeCall('43114', `0x${'1'.repeat(40)}`, input);
        assert.equal(unnamed.status, 'ambiguous');
        // The token's own record ABI decides for its address.
        const token = knowledge.decodeCall('43114', known.tokenContract, input);
        assert.equal(token.status, 'decoded');
        assert.match(JSON.stringify(token), /transferFrom/);
        // Hostile's names are not identifiers: its entries with them were dropped when read.
        const index = await api.contracts.index.get();
        const hostile = index.fileNames().find((f) => f.endsWith('Hostile.json'));
        assert.ok(hostile, 'the hostile artifact was read');
        const names = JSON.stringify(index.file(hostile)!.artifacts.map((a) => a.abi));
        assert.doesNotMatch(names, /<img|<script/);
    });

    test('links out of the folder are not read: a linked artifact and a linked folder are problems of their own', async () => {
        const folder = testEnv().workspaceDir;
        const linked = path.join(folder, 'linked-out');
        const outside = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-outside-'));
        const knowledge = new WorkspaceKnowledge(vscodeWorkspaceFiles(), {
            workerScript: path.join(extension().extensionPath, 'dist', 'workspaceWorker.js'),
        });
        try {
            // An artifact out of every workspace folder, whose names would show were it read.
            mkdirSync(path.join(outside, 'Secret.sol'));
            const secret = path.join(outside, 'Secret.sol', 'Secret.json');
            writeFileSync(
                secret,
                JSON.stringify({
                    abi: [{ type: 'function', name: 'leak', inputs: [] }],
                    deployedBytecode: { object: '0x6002' },
                }),
            );
            mkdirSync(path.join(linked, 'out', 'Leak.sol'), { recursive: true });
            symlinkSync(secret, path.join(linked, 'out', 'Leak.sol', 'Leak.json'));
            symlinkSync(path.join(outside, 'Secret.sol'), path.join(linked, 'out', 'Secret.sol'));

            const index = await knowledge.get();
            const outsideProblem = ['skipped: links outside the workspace'];
            assert.deepEqual(
                index.file('linked-out/out/Leak.sol/Leak.json')?.problems,
                outsideProblem,
            );
            // findFiles follows the linked folder (`search.followSymlinks` is on by default);
            // what it found there is not read.
            const underLink = index
                .fileNames()
                .filter((f) => f.startsWith('linked-out/out/Secret.sol/'));
            assert.deepEqual(underLink, ['linked-out/out/Secret.sol/Secret.json']);
            assert.deepEqual(index.file(underLink[0]!)?.problems, outsideProblem);
            assert.deepEqual(index.artifactsNamed('Secret'), []);
            assert.deepEqual(index.artifactsNamed('Leak'), []);
            // The rest of the workspace is read as the extension's own index reads it.
            const own = await api.contracts.index.get();
            for (const file of own.fileNames().filter((f) => !f.startsWith('linked-out/'))) {
                assert.deepEqual(index.file(file), own.file(file), file);
            }
        } finally {
            knowledge.dispose();
            rmSync(linked, { recursive: true, force: true });
            rmSync(outside, { recursive: true, force: true });
        }
    });
});
