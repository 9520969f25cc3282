/**
 * The extension in a VS Code whose display language is not English (scripts/test.mjs runs this
 * suite alone with HOST_LOCALE=de; elsewhere it skips): a translation is a file. The only German
 * in the run is test/integration/translation.ts, staged as `l10n/bundle.l10n.de.json` beside the
 * English bundle; the messages come out translated (core's error sentences too, through their
 * phrases: src/core/text/phrase.ts) and numbers take German separators, with no code of the
 * extension changed.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import { CommandId } from '../../src/commands/commandIds';
import type { ExtensionApi } from '../../src/extension';
import { SettingKey } from '../../src/platform/settingKeys';
import { activated, eventually } from './helpers';
import { setSandboxSettings, testEnv } from './testEnv';
import {
    descriptionOf,
    labelOf,
    resetSandbox,
    rowByLabel,
    rows,
    tooltipText,
} from './treesSupport';
import { testLocale, testTranslation } from './translation';

/** A node id whose cb58 checksum fails: the last character changed. */
function brokenNodeId(nodeId: string): string {
    return `${nodeId.slice(0, -1)}${nodeId.endsWith('a') ? 'b' : 'a'}`;
}

suite('(integration) localised host', function () {
    this.timeout(90_000);
    let api: ExtensionApi;
    let extensionPath: string;

    suiteSetup(async function () {
        if (testEnv().locale !== testLocale) this.skip();
        const extension = await activated();
        api = extension.exports as ExtensionApi;
        extensionPath = extension.extensionPath;
    });

    suiteTeardown(async () => {
        if (testEnv().locale !== testLocale) return;
        await api.secrets.clearDataApiKey();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('VS Code runs in German and the staged bundle is a real bundle of English keys', () => {
        assert.equal(vscode.env.language, testLocale);
        const english = JSON.parse(
            readFileSync(path.join(extensionPath, 'l10n', 'bundle.l10n.json'), 'utf8'),
        ) as Record<string, string>;
        const staged = JSON.parse(
            readFileSync(
                path.join(extensionPath, 'l10n', `bundle.l10n.${testLocale}.json`),
                'utf8',
            ),
        ) as Record<string, string>;
        assert.deepEqual(staged, testTranslation);
        for (const key of Object.keys(staged)) assert.equal(english[key], key);
    });

    test('the editor commands speak German from the bundle file, placeholders filled', async () => {
        const known = testEnv().known.mainnet;
        const document = await vscode.workspace.openTextDocument({
            language: 'markdown',
            content: `only words\nbroken ${brokenNodeId(known.l1NodeId)} here`,
        });
        const editor = await vscode.window.showTextDocument(document);
        editor.selection = new vscode.Selection(0, 2, 0, 2);
        await eventually(() => (api.editorIds.value === false ? true : undefined), 'no id');
        const before = api.editorIds.said.length;
        await vscode.commands.executeCommand(CommandId.EditorLookUp);
        assert.deepEqual(api.editorIds.said.slice(before), [
            testTranslation[
                'Put the cursor on an Avalanche address, hash, NodeID or id, or select one, first.'
            ],
        ]);
        editor.selection = new vscode.Selection(1, 10, 1, 10);
        await eventually(() => (api.editorIds.value === 'nodeId' ? true : undefined), 'a node id');
        await vscode.commands.executeCommand(CommandId.EditorLookUp);
        assert.match(
            api.editorIds.said.at(-1)!,
            /^\S+ ist fehlerhaft \(die Prüfsumme stimmt nicht\) und wurde daher nicht nachgeschlagen\.$/,
        );
    });

    test("core's error sentences reach the person in German: a refused value, a Data API 404", async () => {
        const txQuery = (txHash: string) =>
            ({
                source: 'dataApi',
                operation: 'getTransaction',
                params: { chainId: '43114', txHash },
            }) as const;
        const errorOf = (panel: ReturnType<typeof api.queries.panels.open>) =>
            eventually(() => panel.snapshot().error, 'the panel to fail', 30_000);
        // Checked before anything is sent: a ValidationError of core, its `allowed` nested.
        const refused = api.queries.panels.open(txQuery('0xbad'));
        assert.equal(
            await errorOf(refused),
            'Ungültiger Wert für txHash: "0xbad" ist nicht zulässig; erwartet: ein EVM-Transaktionshash: 0x und 64 Hexadezimalziffern.',
        );
        refused.close();
        // From the sandbox over HTTP: the sentence German, the Data API's own text as it came.
        const hash = `0x${'ab'.repeat(32)}`;
        const missing = api.queries.panels.open(txQuery(hash));
        assert.match(
            await errorOf(missing),
            new RegExp(
                `^Nicht gefunden bei der Data API: Transaction ${hash} not found on chain 43114\\. Prüfen Sie ID, Chain und Netzwerk\\.$`,
            ),
        );
        missing.close();
    });

    test("a hover's words are German, its Markdown as safe and the peer's values as they came", async () => {
        const known = testEnv().known.mainnet;
        const document = await vscode.workspace.openTextDocument(
            vscode.Uri.file(path.join(testEnv().workspaceDir, 'hovers', 'samples.ts')),
        );
        const offset = document.getText().indexOf(known.evmAddress);
        const text = await eventually(
            async () => {
                const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
                    'vscode.executeHoverProvider',
                    document.uri,
                    document.positionAt(offset + 2),
                );
                const all = hovers
                    .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
                    .join('\n');
                return /Guthaben|Balance/.test(all) ? all : undefined;
            },
            'a live hover',
            30_000,
        );
        // The title keeps its bold around the translated words; the translation's own colon is
        // escaped like a peer's text (src/core/hover/markdownBuilder.ts, `sentence`).
        assert.match(text, /\*\*Auf Avalanche C\\-Chain\*\* · /);
        assert.match(text, /Guthaben\\: [\d\\.,]+ AVAX \(/);
        assert.doesNotMatch(text, /Balance|\*\*On /);
        // The offline part too, whether the first hover's small bundle or the engine wrote it.
        assert.match(text, /\*\*EVM\\-Adresse\*\*/);
    });

    test("the Node view's rows, tooltip and notices speak German, core's problem sentences too", async () => {
        await api.config.update(SettingKey.SelectedNodeUrl, testEnv().nodeUrl);
        try {
            await resetSandbox();
            await setSandboxSettings({ adminApi: false });
            await api.trees.refresh('node');
            const top = await rows('node');
            const status = top.find((r) => r.id === 'node/status');
            assert.ok(status, 'the status row');
            assert.equal(await labelOf(status), 'Erreichbar');
            assert.match(await descriptionOf(status), / · \d+ ms Umlaufzeit$/);
            assert.match(await tooltipText(status), /Geprüft: /);
            await rowByLabel(top, 'Netzwerk-Upgrades');
            const admin = top.find((r) => r.id === 'node/admin');
            assert.ok(admin?.kind === 'notice', 'the admin notice');
            assert.equal(
                await labelOf(admin),
                'Admin-API: Die Admin-API ist auf diesem Knoten ausgeschaltet.',
            );
            assert.equal(
                await descriptionOf(admin),
                'Starten Sie AvalancheGo mit --api-admin-enabled=true (oder "api-admin-enabled": true in seiner Konfigurationsdatei) und aktualisieren Sie dann.',
            );
        } finally {
            await resetSandbox();
            await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        }
    });

    test('the Chains and Validators views name their groups in German', async () => {
        await api.config.update(SettingKey.SelectedNodeUrl, testEnv().nodeUrl);
        try {
            await resetSandbox();
            const chains = await rows('chains');
            assert.deepEqual(await Promise.all(chains.map((r) => labelOf(r))), [
                'Primärnetzwerk',
                'EVM-Chains',
            ]);
            await api.trees.refresh('validators');
            const perChain = await rowByLabel(await rows('validators'), 'Validatoren pro Chain');
            assert.match(await descriptionOf(perChain), /^wie .+ sie sieht$/);
        } finally {
            await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        }
    });

    test('numbers for people take German separators (the status bar quota)', async () => {
        await api.secrets.setDataApiKey('integration-test-key-0123456789');
        const dataApi = await api.clients.dataApi();
        await dataApi.supportedChains({ network: 'mainnet' });
        const tooltip = api.statusBar.shown.tooltip.replace(/\\/g, '');
        assert.match(tooltip, /Data API quota: [\d.]+ of 20\.000 left/);
    });
});
