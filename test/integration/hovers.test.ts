/**
 * Hovers in the real extension host, over the sample workspace generated from the sandbox's
 * known ids: every kind in every language shows the sandbox's data; a broken checksum gets its
 * quick fix; failures and rate limits are one calm line beside the offline part; text that is not
 * an identifier sends nothing; concurrent hovers share one request; settings turn hovers off.
 */
import assert from 'node:assert/strict';
import path from 'node:path';

import * as vscode from 'vscode';

import { CommandId } from '../../src/commands/commandIds';
import { checkWatchTarget, describeTarget, watchKey } from '../../src/core/watch/targets';
import type { ExtensionApi } from '../../src/extension';
import { breakChecksum } from '../fixtures/sampleWorkspace';
import type { KnownIds } from '../sandbox/types';
import { activated } from './helpers';
import {
    addSandboxFault,
    clearSandboxFaults,
    clearSandboxRequests,
    sandboxRequests,
    setSandboxSettings,
    testEnv,
} from './testEnv';

const files = [
    'Samples.sol',
    'samples.ts',
    'samples.go',
    'samples.rs',
    'samples.py',
    'samples.json',
    'samples.yaml',
    '.env',
    'samples.md',
];

/** One sample per kind, with what its hover must say (offline, then live). */
function samples(k: KnownIds): { name: string; text: string; offline: RegExp; live: RegExp }[] {
    return [
        {
            name: 'account',
            text: k.evmAddress,
            offline: /\*\*EVM address\*\* · EIP\\-55 checksum valid/,
            live: /\*\*On Avalanche C\\-Chain\*\* · account \(no code\)[\s\S]*Balance: [\d,]+/,
        },
        {
            name: 'ERC-20 contract',
            text: k.erc20Contract,
            offline: /EVM address/,
            live: /ERC\\-20 token USD Coin \(USDC\), 6 decimals/,
        },
        {
            name: 'transaction',
            text: k.evmTxHash,
            offline: /\*\*32\\-byte hash\*\*/,
            live: new RegExp(
                `\\*\\*Transaction on Avalanche C\\\\-Chain\\*\\* · ✓ success[\\s\\S]*Block ${k.evmBlockNumber} ·`,
            ),
        },
        {
            name: 'block',
            text: k.evmBlockHash,
            offline: /32\\-byte hash/,
            live: new RegExp(`\\*\\*Block ${k.evmBlockNumber} on Avalanche C\\\\-Chain\\*\\*`),
        },
        {
            name: 'P-Chain address',
            text: k.pChainAddress,
            offline: /\*\*P\\-Chain address\*\* · bech32 checksum valid[\s\S]*Network: mainnet/,
            live: /\*\*P-Chain\*\* · \d+ UTXOs: [\d,.\\]+ AVAX/,
        },
        {
            name: 'X-Chain address',
            text: k.xChainAddress,
            offline: /X\\-Chain address/,
            live: /\*\*X-Chain\*\* · \d+ UTXOs/,
        },
        {
            name: 'node id',
            text: k.nodeId,
            offline: /\*\*Node ID\*\* · cb58 checksum valid/,
            // The node's own peer view (a real node has no validators API on the C-Chain).
            live: /Peer of the connected node|Not a peer of the connected node/,
        },
        {
            name: 'L1 validator',
            text: k.l1NodeId,
            offline: /Node ID/,
            live: /\*\*L1 validations\*\* \(1\)/,
        },
        {
            name: 'L1 subnet',
            text: k.l1SubnetId,
            offline: /\*\*cb58 id\*\*/,
            live: /\*\*L1\*\* on mainnet[\s\S]*Active L1 validators: \d+/,
        },
        {
            name: 'L1 blockchain',
            text: k.l1BlockchainId,
            offline: /cb58 id/,
            live: new RegExp(`VM Subnet\\\\-EVM · EVM chain id ${k.l1EvmChainId}`),
        },
        {
            name: 'C-Chain id',
            text: k.cChainBlockchainId,
            offline: /\*\*C\\-Chain \\\(mainnet\\\)\*\*/,
            live: /EVM chain id 43114 · Primary Network/,
        },
        { name: 'asset', text: k.xAssetId, offline: /cb58 id/, live: /\*\*X-Chain asset\*\*/ },
        {
            name: 'P-Chain transaction',
            text: k.pChainTxHash,
            offline: /cb58 id/,
            live: /\*\*P-Chain transaction\*\* on mainnet/,
        },
    ];
}

function workspaceUri(file: string): vscode.Uri {
    return vscode.Uri.file(path.join(testEnv().workspaceDir, 'hovers', file));
}

/** The hovers at the first occurrence of `text` in `document` (two characters into it). */
async function hoversOver(document: vscode.TextDocument, text: string): Promise<vscode.Hover[]> {
    const offset = document.getText().indexOf(text);
    assert.ok(offset >= 0, `${text} is not in ${document.uri.fsPath}`);
    const position = document.positionAt(offset + 2);
    return vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        position,
    );
}

function markdownOf(hovers: readonly vscode.Hover[]): string[] {
    return hovers.flatMap((h) =>
        h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')),
    );
}

/** Our hover parts: the ones that carry our markers. */
function ours(hovers: readonly vscode.Hover[]): string[] {
    return markdownOf(hovers).filter((m) =>
        /avalanche\.hover\.|\*\*On |\*\*Transaction|\*\*Block|UTXO|L1 validations|Primary network|\*\*L1\*\*|\*\*Blockchain|X-Chain asset|transaction\*\*|⚠|Not found/.test(
            m,
        ),
    );
}

async function config(key: string, value: unknown): Promise<void> {
    await vscode.workspace
        .getConfiguration('avalanche')
        .update(key, value, vscode.ConfigurationTarget.Global);
}

suite('(integration) hovers', function () {
    this.timeout(60_000);
    let api: ExtensionApi;
    let known: KnownIds;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
    });

    setup(async () => {
        await clearSandboxFaults();
        await setSandboxSettings({ nodeDown: false, hostile: false });
    });

    teardown(async () => {
        await clearSandboxFaults();
        await setSandboxSettings({ nodeDown: false, hostile: false });
        for (const key of ['hovers.enabled', 'hovers.disabledLanguages', 'hovers.liveKinds']) {
            await config(key, undefined);
        }
    });

    for (const file of files) {
        test(`every kind in ${file} shows the sandbox's data`, async () => {
            const document = await vscode.workspace.openTextDocument(workspaceUri(file));
            for (const sample of samples(known)) {
                const hovers = await hoversOver(document, sample.text);
                const parts = ours(hovers);
                const all = parts.join('\n\n---\n\n');
                assert.match(
                    all,
                    sample.offline,
                    `${file} ${sample.name} (${document.languageId}):\n${all}`,
                );
                assert.match(
                    all,
                    sample.live,
                    `${file} ${sample.name} (${document.languageId}):\n${all}`,
                );
                assert.ok(!/⚠/.test(all), `${file} ${sample.name}: ${all}`);
                // The range is the whole identifier.
                const own = hovers.find((h) => ours([h]).length > 0);
                assert.equal(document.getText(own?.range), sample.text);
            }
        });
    }

    test('a Watch link adds what the hover is about to the watch list, trusting only that command', async () => {
        const document = await vscode.workspace.openTextDocument(workspaceUri('samples.md'));
        const feature = api.watch.feature;
        const cases = [
            { text: known.evmTxHash, kind: 'evmTx' },
            { text: known.l1SubnetId, kind: 'l1' },
            { text: known.l1NodeId, kind: 'l1Validator' },
        ];
        for (const { text, kind } of cases) {
            const parts = (await hoversOver(document, text))
                .flatMap((h) => h.contents)
                .filter(
                    (c): c is vscode.MarkdownString =>
                        c instanceof vscode.MarkdownString &&
                        c.value.includes(`command:${CommandId.WatchAdd}?`),
                );
            assert.equal(parts.length, 1, `one hover part of ${text} links Watch`);
            const part = parts[0]!;
            assert.ok(typeof part.isTrusted === 'object', 'scoped trust, never all commands');
            assert.ok(part.isTrusted.enabledCommands.includes(CommandId.WatchAdd));
            const encoded = new RegExp(`\\]\\(command:${CommandId.WatchAdd}\\?([^\\s)]+)`).exec(
                part.value,
            )?.[1];
            assert.ok(encoded, part.value);
            const args = JSON.parse(decodeURIComponent(encoded)) as unknown[];
            const checked = checkWatchTarget(args[0]);
            assert.ok('target' in checked, JSON.stringify(args));
            assert.equal(checked.target.kind, kind);
            // What following the link runs: the command with the link's arguments.
            await vscode.commands.executeCommand(CommandId.WatchAdd, ...args);
            const key = watchKey(checked.target);
            try {
                assert.ok(feature.list.get(key), `${key} is watched`);
                assert.ok(
                    feature.snapshot().some((row) => row.label === describeTarget(checked.target)),
                    JSON.stringify(feature.snapshot()),
                );
            } finally {
                await vscode.commands.executeCommand(CommandId.WatchRemove, key);
            }
            assert.equal(feature.list.get(key), undefined);
        }
    });

    test('hover Markdown trusts only our own commands and shows no images or HTML', async () => {
        const document = await vscode.workspace.openTextDocument(workspaceUri('samples.md'));
        const allowed = new Set<string>(Object.values(CommandId));
        for (const sample of samples(known)) {
            for (const hover of await hoversOver(document, sample.text)) {
                for (const content of hover.contents) {
                    if (!(content instanceof vscode.MarkdownString)) continue;
                    if (!ours([new vscode.Hover(content)]).length) continue;
                    assert.notEqual(content.isTrusted, true);
                    if (typeof content.isTrusted === 'object') {
                        for (const c of content.isTrusted.enabledCommands)
                            assert.ok(allowed.has(c), c);
                    }
                    assert.ok(!content.supportHtml);
                    assert.ok(!content.value.includes('!['));
                    for (const m of content.value.matchAll(/\]\(command:([\w.-]+)/g)) {
                        assert.ok(allowed.has(m[1]!), m[1]);
                    }
                }
            }
        }
    });

    test('a broken checksum is reported with the fixed form, and the quick fix rewrites it', async () => {
        const broken = breakChecksum(known.evmAddress);
        const sample = await vscode.workspace.openTextDocument(workspaceUri('Samples.sol'));
        const hover = ours(await hoversOver(sample, broken)).join('\n');
        assert.match(hover, /EIP\\-55 checksum does not match/);
        assert.ok(hover.includes(`Checksummed: \`${known.evmAddress}\``));
        assert.match(hover, /\[Fix checksum\]\(command:avalanche\.hover\.fixChecksum\?/);
        assert.doesNotMatch(hover, /\*\*On /, 'a broken address is not looked up');

        // The fix itself runs on a scratch copy, so the sample file stays as generated.
        const document = await vscode.workspace.openTextDocument({
            language: 'solidity',
            content: `address constant A = ${broken};\n`,
        });
        const at = document.getText().indexOf(broken);
        const range = new vscode.Range(document.positionAt(at + 3), document.positionAt(at + 3));
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            document.uri,
            range,
            vscode.CodeActionKind.QuickFix.value,
        );
        const fix = actions.find((a) => a.title === `Fix EIP-55 checksum: ${known.evmAddress}`);
        assert.ok(fix?.edit, `actions: ${actions.map((a) => a.title).join(', ')}`);
        assert.ok(await vscode.workspace.applyEdit(fix.edit));
        assert.equal(document.getText(), `address constant A = ${known.evmAddress};\n`);
        // No fix is offered for a correct address.
        const after = await vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            document.uri,
            range,
            vscode.CodeActionKind.QuickFix.value,
        );
        assert.ok(!after.some((a) => a.title.startsWith('Fix EIP-55')));

        // The hover's own link does the same through our command.
        const other = await vscode.workspace.openTextDocument({ content: `x = "${broken}"\n` });
        await vscode.commands.executeCommand(CommandId.HoverFixChecksum, {
            text: broken,
            uri: other.uri.toString(),
            line: 0,
            character: 5,
        });
        assert.equal(other.getText(), `x = "${known.evmAddress}"\n`);

        // An argument naming a document that is not open (another extension, a crafted link)
        // opens and edits nothing (#33).
        const folder = vscode.workspace.workspaceFolders![0]!.uri;
        const closed = vscode.Uri.joinPath(folder, 'not-open-checksum.txt');
        await vscode.workspace.fs.writeFile(closed, Buffer.from(`x = "${broken}"\n`));
        try {
            await vscode.commands.executeCommand(CommandId.HoverFixChecksum, {
                text: broken,
                uri: closed.toString(),
                line: 0,
                character: 5,
            });
            const bytes = await vscode.workspace.fs.readFile(closed);
            assert.equal(Buffer.from(bytes).toString('utf8'), `x = "${broken}"\n`);
            assert.ok(
                !vscode.workspace.textDocuments.some((d) => d.uri.toString() === closed.toString()),
            );
        } finally {
            await vscode.workspace.fs.delete(closed);
        }
    });

    test('text that is not an identifier shows nothing of ours and sends nothing', async () => {
        const document = await vscode.workspace.openTextDocument({
            language: 'markdown',
            content:
                'Plain words, a UUID 123e4567-e89b-12d3-a456-426614174000, a git sha 4b825dc642cb6eb9a060e54bf8d69288fbee4904, and 0x1234.\n',
        });
        const loads = api.hovers.engine.stats.loads;
        for (const needle of ['Plain', 'UUID', '123e4567', '4b825dc6', '0x1234']) {
            assert.deepEqual(ours(await hoversOver(document, needle)), [], needle);
        }
        assert.equal(api.hovers.engine.stats.loads, loads, 'no lookup started');
    });

    test('concurrent hovers over one identifier share one request', async () => {
        api.hovers.engine.forget();
        await clearSandboxRequests();
        const document = await vscode.workspace.openTextDocument({
            content: `bridge = "${known.teleporterTxHash}"\n`,
        });
        const results = await Promise.all(
            [1, 2, 3].map(() => hoversOver(document, known.teleporterTxHash)),
        );
        for (const hovers of results) assert.match(ours(hovers).join('\n'), /Teleporter message/);
        const requests = (await sandboxRequests()).filter((r) =>
            r.operations.includes('getTransaction'),
        );
        assert.equal(requests.length, 1);
    });

    test('a rate-limited Data API: the node answers and says why; with the node down, one calm line', async () => {
        api.hovers.engine.forget();
        await addSandboxFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 12 },
            target: 'getTransaction',
        });
        const document = await vscode.workspace.openTextDocument(workspaceUri('samples.py'));
        const fromNode = ours(await hoversOver(document, known.evmTxHash)).join('\n');
        assert.match(fromNode, /because the Data API is rate\\?-limiting requests/);
        assert.match(fromNode, /From the node's JSON\\?-RPC/);

        api.hovers.engine.forget();
        await setSandboxSettings({ nodeDown: true });
        const parts = ours(await hoversOver(document, known.evmTxHash));
        assert.ok(
            parts.some((p) => /\*\*32\\-byte hash\*\*/.test(p)),
            'the offline part still shows',
        );
        const calm = parts.find((p) => p.startsWith('⚠'));
        assert.match(
            calm ?? '',
            /^⚠ Data API rate limit reached, retrying in 1[12] s · \[Set an API key for higher limits\]\(command:avalanche\.dataApi\.setKey\)$/,
        );
    });

    test('a Data API that fails and a node that is down are calm lines too', async () => {
        api.hovers.engine.forget();
        await addSandboxFault({ fault: { kind: 'status', status: 503 }, service: 'dataApi' });
        const document = await vscode.workspace.openTextDocument(workspaceUri('samples.yaml'));
        const failing = ours(await hoversOver(document, known.l1SubnetId)).join('\n');
        assert.match(failing, /⚠ The Data API answered 503 Service Unavailable; try again later/);
        assert.match(failing, /\*\*cb58 id\*\*/);

        await clearSandboxFaults();
        api.hovers.engine.forget();
        await setSandboxSettings({ nodeDown: true });
        const down = ours(await hoversOver(document, known.erc20Contract)).join('\n');
        assert.match(down, /ERC\\-20 token USD Coin/, 'the Data API parts still show');
        assert.match(down, /⚠ The node cannot be reached.*contract check skipped/);
    });

    test('settings turn hovers off, per language, and choose which kinds are looked up', async () => {
        const md = await vscode.workspace.openTextDocument(workspaceUri('samples.md'));
        const go = await vscode.workspace.openTextDocument(workspaceUri('samples.go'));

        await config('hovers.enabled', false);
        assert.deepEqual(ours(await hoversOver(go, known.evmAddress)), []);
        await config('hovers.enabled', undefined);

        // Language-overridable, as `editor.hover.enabled` is: off for Markdown only.
        await vscode.workspace
            .getConfiguration('avalanche', { languageId: md.languageId })
            .update('hovers.enabled', false, vscode.ConfigurationTarget.Global, true);
        assert.deepEqual(ours(await hoversOver(md, known.evmAddress)), []);
        assert.notDeepEqual(ours(await hoversOver(go, known.evmAddress)), []);
        await vscode.workspace
            .getConfiguration('avalanche', { languageId: md.languageId })
            .update('hovers.enabled', undefined, vscode.ConfigurationTarget.Global, true);
        assert.notDeepEqual(ours(await hoversOver(md, known.evmAddress)), []);

        // The older list is still read, for the people who set it.
        await config('hovers.disabledLanguages', [md.languageId]);
        assert.deepEqual(ours(await hoversOver(md, known.evmAddress)), []);
        assert.notDeepEqual(ours(await hoversOver(go, known.evmAddress)), []);
        await config('hovers.disabledLanguages', undefined);

        api.hovers.engine.forget();
        await config('hovers.liveKinds', ['hash32']);
        await clearSandboxRequests();
        const address = ours(await hoversOver(go, known.evmAddress)).join('\n');
        assert.match(address, /Live lookups are off for this kind/);
        assert.doesNotMatch(address, /\*\*On /);
        const about = (await sandboxRequests()).filter((r) => r.url.includes(known.evmAddress));
        assert.deepEqual(about, []);
        assert.match(ours(await hoversOver(go, known.evmTxHash)).join('\n'), /\*\*Transaction on/);
    });

    test('another chain chosen for an identifier is where its hover looks', async () => {
        const document = await vscode.workspace.openTextDocument(workspaceUri('samples.rs'));
        api.hovers.engine.chooseChain(known.evmAddress, known.l1EvmChainId);
        try {
            const parts = ours(await hoversOver(document, known.evmAddress)).join('\n');
            assert.match(parts, /\*\*On Sandbox Gaming L1\*\*/);
            // The offline part names the chain once an answer or the chain list said it.
            assert.match(parts, /Looked up on (Sandbox Gaming L1|EVM chain 779002)/);
            const again = ours(await hoversOver(document, known.evmAddress)).join('\n');
            assert.match(again, /Looked up on Sandbox Gaming L1/);
        } finally {
            api.hovers.engine.chooseChain(known.evmAddress, undefined);
        }
        assert.match(
            ours(await hoversOver(document, known.evmAddress)).join('\n'),
            /\*\*On Avalanche C\\-Chain\*\*/,
        );
    });

    test('the hover commands copy, and open a panel or the answer as JSON', async () => {
        // A headless browser refuses the system clipboard: record what the command copies.
        const copied: string[] = [];
        const testing = api.hovers.testing;
        testing.clipboard = { writeText: (text) => Promise.resolve(void copied.push(text)) };
        try {
            await vscode.commands.executeCommand(CommandId.HoverCopy, known.l1SubnetId);
            await vscode.commands.executeCommand(CommandId.HoverCopy, { text: known.evmTxHash });
            await vscode.commands.executeCommand(CommandId.HoverCopy, { text: 42 });
        } finally {
            testing.clipboard = undefined;
        }
        assert.deepEqual(copied, [known.l1SubnetId, known.evmTxHash]);

        api.queries.panels.closeAll();
        await vscode.commands.executeCommand(CommandId.HoverOpenDetails, { text: known.evmTxHash });
        const panel = api.queries.panels.snapshots().find((p) => p.query.source === 'dataApi');
        assert.ok(panel, 'a result panel opened');
        assert.equal(panel.kind, 'transaction');
        assert.deepEqual(panel.query, {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: '43114', txHash: known.evmTxHash },
        });
        api.queries.panels.closeAll();

        await vscode.commands.executeCommand(CommandId.HoverOpenDetails, {
            text: known.l1BlockchainId,
        });
        const editor = vscode.window.activeTextEditor;
        assert.equal(editor?.document.languageId, 'json');
        assert.equal(editor.document.uri.scheme, 'avalanche-details', 'read-only, never dirty');
        assert.equal(editor.document.isDirty, false);
        const json = JSON.parse(editor.document.getText()) as {
            live: { kind: string; name: string };
        };
        assert.equal(json.live.kind, 'blockchain');
        assert.equal(json.live.name, 'Sandbox Gaming L1');
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    test('hovers over a cached identifier take at most 2 ms inside the providers', async () => {
        const document = await vscode.workspace.openTextDocument(workspaceUri('samples.json'));
        await hoversOver(document, known.evmTxHash);
        const { timings } = api.hovers.testing;
        const before = {
            offline: timings.offline.length,
            cached: timings.liveCached.length,
        };
        for (let i = 0; i < 20; i++) await hoversOver(document, known.evmTxHash);
        const offline = timings.offline.slice(before.offline);
        const cached = timings.liveCached.slice(before.cached);
        assert.equal(cached.length, 20);
        const median = (xs: number[]): number =>
            [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
        assert.ok(median(offline) <= 2, `offline median ${median(offline)} ms`);
        assert.ok(median(cached) <= 2, `cached median ${median(cached)} ms`);
    });
});
