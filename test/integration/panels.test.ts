/**
 * Result panels in the extension host, driven the way their pages drive them (every message goes
 * through the same validation as a real page's): what the page receives and draws, "Load more",
 * page size, sort and currency drop-downs, tabs, links between panels (never to a query that
 * changes something), exports through the save dialog, copy, curl, Raw JSON, history, edit, one
 * panel per subject, restore by query identity, and hostile data.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import type { DataApiQuery, QueryRequest } from '../../src/shared/query';
import type { QueryPanel } from '../../src/queries/queryPanel';
import type { KnownIds } from '../sandbox/types';
import { queryApi, renderedPanel, ScriptedInputs, settledPanel } from './commandsScript';
import { eventually } from './helpers';
import { clearSandboxRequests, sandboxRequests, setSandboxSettings, testEnv } from './testEnv';

async function requestedOperations(): Promise<string[]> {
    return (await sandboxRequests()).flatMap((r) => r.operations);
}

suite('(integration) query panels', function () {
    this.timeout(60_000);
    let api: ExtensionApi;
    let known: KnownIds;
    let folder: string;

    const open = (query: QueryRequest) =>
        vscode.commands.executeCommand('avalanche.query.openPanel', query);
    /** What the panels copied (a headless browser refuses clipboard reads). */
    let copied: string[] = [];
    const panelOf = (match: (p: QueryPanel) => boolean): QueryPanel => {
        const found = api.queries.panels.all().find(match);
        assert.ok(found, 'the panel is open');
        return found;
    };
    const transactions = (): DataApiQuery => ({
        source: 'dataApi',
        operation: 'listTransactions',
        params: { chainId: known.cChainId, address: known.evmAddress, pageSize: 10 },
    });

    /** The known L1's validators, two a page: a list with more pages to export. */
    const pagedValidators = async (): Promise<QueryPanel> => {
        await open({
            source: 'dataApi',
            operation: 'listL1Validators',
            params: { network: 'mainnet', subnetId: known.l1SubnetId, pageSize: 2 },
        });
        const validators = (q: QueryRequest) =>
            q.source === 'dataApi' && q.operation === 'listL1Validators';
        await settledPanel((s) => validators(s.query), 'L1 validators panel');
        return panelOf((p) => validators(p.currentQuery));
    };

    suiteSetup(async () => {
        api = await queryApi();
        known = testEnv().known.mainnet;
        folder = mkdtempSync(path.join(os.tmpdir(), 'avalanche-panels-'));
    });

    suiteTeardown(() => {
        rmSync(folder, { recursive: true, force: true });
    });

    setup(async () => {
        copied = [];
        api.queries.testing.clipboard = {
            writeText: (text: string) => Promise.resolve(void copied.push(text)),
        };
        api.queries.panels.closeAll();
        await clearSandboxRequests();
    });

    teardown(async () => {
        api.queries.testing.inputs = undefined;
        api.queries.testing.clipboard = undefined;
        await setSandboxSettings({ hostile: false });
    });

    test('"Watch" adds the subject the host derives from the panel\'s own query', async () => {
        const feature = api.watch.feature;
        const before = new Set(feature.list.items().map((e) => e.key));
        const added = () => feature.list.items().filter((e) => !before.has(e.key));
        const cases: { query: QueryRequest; kind: string; check: (t: object) => void }[] = [
            {
                query: {
                    source: 'dataApi',
                    operation: 'getTransaction',
                    params: { chainId: known.cChainId, txHash: known.evmTxHash },
                },
                kind: 'evmTx',
                check: (t) =>
                    assert.deepEqual(
                        [(t as { chainId: string }).chainId, (t as { hash: string }).hash],
                        [known.cChainId, known.evmTxHash.toLowerCase()],
                    ),
            },
            {
                query: {
                    source: 'node',
                    method: 'eth_getTransactionByHash',
                    texts: { hash: known.evmTxHash },
                    chain: 'C',
                },
                kind: 'evmTx',
                // The chain id the node answers eth_chainId with, not one the page named.
                check: (t) => assert.match((t as { chainId: string }).chainId, /^[1-9]\d*$/),
            },
            {
                query: {
                    source: 'node',
                    method: 'platform.getTx',
                    texts: { txID: known.pChainTxHash },
                },
                kind: 'pTx',
                check: (t) => assert.equal((t as { txId: string }).txId, known.pChainTxHash),
            },
            {
                query: { source: 'node', method: 'info.getNodeVersion', texts: {} },
                kind: 'node',
                check: (t) => assert.equal((t as { url: string }).url, testEnv().nodeUrl),
            },
        ];
        try {
            for (const { query, kind, check } of cases) {
                api.queries.panels.closeAll();
                await open(query);
                const shown = await settledPanel(
                    (s) => JSON.stringify(s.query) === JSON.stringify(query),
                    `${kind} panel`,
                );
                assert.match(shown.watch ?? '', /^Watch /, 'the page shows the Watch button');
                const panel = panelOf((p) => p.key === shown.key);
                // A page cannot name what is watched: a message carrying a target is refused.
                await panel.deliver({
                    type: 'watch',
                    target: { kind: 'node', url: 'http://evil' },
                });
                assert.deepEqual(added(), []);
                await panel.deliver({ type: 'watch' });
                const [entry, ...more] = added();
                assert.ok(entry, `${kind}: an item was added`);
                assert.equal(more.length, 0);
                assert.equal(entry.target.kind, kind);
                check(entry.target);
                assert.ok(feature.snapshot().some((row) => row.label.length > 0));
                await vscode.commands.executeCommand('avalanche.watch.remove', entry.key);
                assert.deepEqual(added(), []);
            }
            // A panel whose subject cannot be watched offers no button and adds nothing.
            api.queries.panels.closeAll();
            await open({
                source: 'dataApi',
                operation: 'listSubnets',
                params: { network: 'mainnet' },
            });
            const subnets = await settledPanel((s) => s.kind === 'subnets', 'subnets panel');
            assert.equal(subnets.watch, undefined);
            await panelOf((p) => p.key === subnets.key).deliver({ type: 'watch' });
            assert.deepEqual(added(), []);
        } finally {
            for (const entry of added())
                await vscode.commands.executeCommand('avalanche.watch.remove', entry.key);
        }
    });

    test('the page receives the result and draws every row', async () => {
        await open(transactions());
        const panel = await renderedPanel((s) => s.kind === 'address', 'address panel');
        assert.equal(panel.rows, 10);
        assert.equal(panel.rendered!.rows, 10, 'the page drew the rows it received');
        assert.ok(panel.hasMore, 'the known address has more than one page');
        assert.equal(panel.cspViolations, 0);
        assert.ok(panel.posted.includes('result'));
        assert.match(panel.title, /^Address 0x/);
    });

    test('"Load more", page size and the sort drop-down re-query the endpoint', async () => {
        await open(transactions());
        await renderedPanel((s) => s.kind === 'address', 'address panel');
        const panel = panelOf((p) => p.kind === 'address');
        const first = panel.snapshot();
        await panel.deliver({ type: 'loadMore', requestId: first.requestId });
        const more = await eventually(
            () =>
                panel.snapshot().rows === 20 && !panel.snapshot().loading
                    ? panel.snapshot()
                    : undefined,
            '20 rows',
        );
        assert.equal(more.view!.main!.rows.length, 20);
        await eventually(
            () => (panel.snapshot().rendered?.rows === 20 ? true : undefined),
            'the page appended the rows',
        );
        // A stale "Load more" (an older request) is ignored.
        await clearSandboxRequests();
        await panel.deliver({ type: 'loadMore', requestId: first.requestId - 1 });
        assert.ok(!(await requestedOperations()).includes('listTransactions'));

        await panel.deliver({ type: 'setPageSize', pageSize: 25 });
        await eventually(
            () => (panel.snapshot().rows === 25 && !panel.snapshot().loading ? true : undefined),
            '25 rows',
        );
        assert.equal((panel.currentQuery as DataApiQuery).params['pageSize'], 25);
        // A size the picker does not offer is refused; 0 goes back to the server's default.
        await panel.deliver({ type: 'setPageSize', pageSize: 7 });
        assert.equal((panel.currentQuery as DataApiQuery).params['pageSize'], 25);
        await panel.deliver({ type: 'setPageSize', pageSize: 0 });
        assert.equal((panel.currentQuery as DataApiQuery).params['pageSize'], undefined);
        await eventually(() => (!panel.snapshot().loading ? true : undefined), 'default page size');

        await panel.deliver({ type: 'setControl', param: 'sortOrder', value: 'asc' });
        const sorted = await eventually(
            () =>
                (panel.currentQuery as DataApiQuery).params['sortOrder'] === 'asc' &&
                !panel.snapshot().loading
                    ? panel.snapshot()
                    : undefined,
            'ascending',
        );
        const times = sorted.view!.main!.rows.map((r) => (r[1]!.k === 'time' ? r[1].ms : 0));
        assert.deepEqual(
            [...times].sort((a, b) => a - b),
            times,
            'oldest first',
        );
        // A value outside the drop-down is refused.
        await panel.deliver({ type: 'setControl', param: 'sortOrder', value: 'sideways' });
        await panel.deliver({ type: 'setControl', param: 'address', value: known.erc20Contract });
        assert.equal((panel.currentQuery as DataApiQuery).params['sortOrder'], 'asc');
        assert.equal((panel.currentQuery as DataApiQuery).params['address'], known.evmAddress);
    });

    test("tabs switch between an address's lists in one panel", async () => {
        await open(transactions());
        await settledPanel((s) => s.kind === 'address', 'address panel');
        const panel = panelOf((p) => p.kind === 'address');
        assert.equal(panel.snapshot().view!.main!.title, 'Transactions');
        for (const [tab, title] of [
            ['listErc20Balances', 'ERC-20 balances'],
            ['listCollectibleBalances', 'Collectibles'],
            ['listInternalTransactions', 'Internal transactions'],
        ] as const) {
            await panel.deliver({ type: 'selectTab', tab });
            const shown = await eventually(
                () =>
                    panel.snapshot().view?.main?.title === title && !panel.snapshot().loading
                        ? panel.snapshot()
                        : undefined,
                `${tab} tab`,
            );
            assert.equal((shown.query as DataApiQuery).operation, tab);
            assert.equal(api.queries.panels.all().filter((p) => p.kind === 'address').length, 1);
        }
        // The currency drop-down of the balances tab.
        await panel.deliver({ type: 'selectTab', tab: 'listErc20Balances' });
        await panel.deliver({ type: 'setControl', param: 'currency', value: 'jpy' });
        await eventually(
            () =>
                (panel.currentQuery as DataApiQuery).params['currency'] === 'jpy' &&
                !panel.snapshot().loading
                    ? true
                    : undefined,
            'currency',
        );
        assert.ok((await sandboxRequests()).some((r) => r.url.includes('currency=jpy')));
    });

    test('links open their own panel; links to queries that change something are refused', async () => {
        await open({
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: known.cChainId, txHash: known.evmTxHash },
        });
        const tx = await settledPanel((s) => s.kind === 'transaction', 'transaction panel');
        const from = tx.view!.fields.find((f) => f.label === 'From')!.value;
        assert.equal(from.k, 'id');
        const link = (from as { link: QueryRequest }).link;
        const panel = panelOf((p) => p.kind === 'transaction');
        await panel.deliver({ type: 'open', query: link });
        await settledPanel((s) => s.kind === 'address', 'address panel from the link');

        await clearSandboxRequests();
        await panel.deliver({
            type: 'open',
            query: {
                source: 'node',
                method: 'admin.alias',
                texts: { endpoint: 'bc/X', alias: 'evil' },
            },
        });
        await panel.deliver({
            type: 'open',
            query: {
                source: 'rawRpc',
                path: '/ext/admin',
                method: 'admin.lockProfile',
                paramsJson: '{}',
            },
        });
        await panel.deliver({
            type: 'open',
            query: { source: 'dataApi', operation: 'postTransactionExportJob', params: {} },
        });
        await panel.deliver({
            type: 'action',
            action: { kind: 'openUrl', url: 'command:workbench.action.terminal.new' },
        });
        await panel.deliver({ type: 'open', query: { source: 'shell', command: 'x' } });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const sent = await requestedOperations();
        assert.deepEqual(
            sent.filter((op) =>
                ['admin.alias', 'admin.lockProfile', 'postTransactionExportJob'].includes(op),
            ),
            [],
        );
        assert.equal(
            api.queries.panels.all().filter((p) => p.kind === 'node' || p.kind === 'generic')
                .length,
            0,
        );
    });

    test('one panel per subject: the same query reveals its panel', async () => {
        const query: QueryRequest = {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: known.cChainId, txHash: known.evmTxHash },
        };
        await open(query);
        await settledPanel((s) => s.kind === 'transaction', 'transaction panel');
        await open(query);
        await open({
            source: 'dataApi',
            operation: 'listErc1155Balances',
            params: { chainId: known.cChainId, address: known.evmAddress },
        });
        await open({
            source: 'dataApi',
            operation: 'listTransactions',
            params: { chainId: known.cChainId, address: known.evmAddress },
        });
        assert.equal(api.queries.panels.all().filter((p) => p.kind === 'transaction').length, 1);
        assert.equal(api.queries.panels.all().filter((p) => p.kind === 'address').length, 1);
    });

    test('exports the loaded rows as CSV and JSON through the save dialog', async () => {
        await open(transactions());
        await settledPanel((s) => s.kind === 'address', 'address panel');
        const panel = panelOf((p) => p.kind === 'address');
        const csvFile = path.join(folder, 'rows.csv');
        const jsonFile = path.join(folder, 'rows.json');
        const inputs = new ScriptedInputs({
            exportScope: 'loaded',
            'export-csv': csvFile,
            'export-json': jsonFile,
        });
        api.queries.testing.inputs = inputs;
        await panel.deliver({ type: 'export', format: 'csv' });
        await panel.deliver({ type: 'export', format: 'json' });
        const lines = readFileSync(csvFile, 'utf8').trimEnd().split('\r\n');
        assert.equal(lines.length, 11, 'a header and 10 rows');
        assert.match(
            lines[0]!,
            /^Hash,Time,Block,From,To,Method,Value,Status,Transfers with this address$/,
        );
        assert.match(lines[1]!, /^0x[0-9a-f]{64},\d+,\d+,/);
        const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
            nativeTransaction: { txHash: string };
        }[];
        assert.equal(json.length, 10);
        assert.match(json[0]!.nativeTransaction.txHash, /^0x/);
        assert.match(inputs.of('export-csv')[0]!.value!, /^avalanche-listtransactions-.*\.csv$/);
    });

    test('"All pages" exports every page after the loaded ones, exactly, and says so (#18)', async () => {
        const panel = await pagedValidators();
        assert.equal(panel.snapshot().rows, 2);
        assert.ok(panel.snapshot().hasMore);
        const jsonFile = path.join(folder, 'all-validators.json');
        const csvFile = path.join(folder, 'all-validators.csv');
        const inputs = new ScriptedInputs({
            exportScope: 'all',
            'export-json': jsonFile,
            'export-csv': csvFile,
        });
        api.queries.testing.inputs = inputs;
        await panel.deliver({ type: 'export', format: 'json' });
        const every = await fetch(
            `${testEnv().dataApiUrl}/v1/networks/mainnet/l1Validators?subnetId=${known.l1SubnetId}&pageSize=100`,
        );
        const expected = ((await every.json()) as { validators: unknown[] }).validators.length;
        const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as { weight: string }[];
        assert.equal(json.length, expected, 'every validator, not the 2 loaded');
        assert.ok(expected > 2);
        // uint64s stay exact through the export (2^53 + 1 on the sandbox's known L1).
        assert.ok(json.some((v) => v.weight === '9007199254740993'));
        assert.match(
            inputs.of('export-json')[0]!.title,
            new RegExp(`Export ${expected} rows, every page as JSON`),
        );
        assert.equal(panel.snapshot().rows, 2, 'the panel keeps what it showed');

        await panel.deliver({ type: 'export', format: 'csv' });
        const lines = readFileSync(csvFile, 'utf8').trimEnd().split('\r\n');
        assert.equal(lines.length, expected + 1, 'a header and every row');
    });

    test('"All pages" warns first when the Data API quota could run out, and no means nothing is read (#18)', async () => {
        const panel = await pagedValidators();
        const saved = api.clients.quota;
        api.clients.quota = { remaining: 30, limit: 20_000, resetSeconds: 50, atMs: Date.now() };
        try {
            const inputs = new ScriptedInputs({ exportScope: 'all', exportQuota: false });
            api.queries.testing.inputs = inputs;
            await clearSandboxRequests();
            await panel.deliver({ type: 'export', format: 'json' });
            const warned = inputs.of('exportQuota')[0];
            assert.ok(warned, 'the quota warning was asked');
            assert.match(warned.message!, /compute units/);
            assert.match(
                warned.message!,
                /has 30 left until \d\d:\d\d:\d\d UTC, enough for 1 page\./,
            );
            assert.equal(inputs.of('export-json').length, 0, 'no save dialog after no');
            assert.ok(
                !(await requestedOperations()).includes('listL1Validators'),
                'no page read after no',
            );
        } finally {
            api.clients.quota = saved;
        }
    });

    test('copy JSON, copy as curl (key redacted unless confirmed) and the Raw JSON tab', async () => {
        const key = 'panel-test-key-0123456789';
        await api.secrets.setDataApiKey(key);
        try {
            await open(transactions());
            await settledPanel((s) => s.kind === 'address', 'address panel');
            const panel = panelOf((p) => p.kind === 'address');
            await panel.deliver({ type: 'copyJson' });
            const json = JSON.parse(copied.at(-1)!) as { items: unknown[] };
            assert.equal(json.items.length, 10);

            await panel.deliver({ type: 'copyCurl', includeKey: false });
            const redacted = copied.at(-1)!;
            assert.match(
                redacted,
                /^curl '.*\/v1\/chains\/43114\/addresses\/0x[0-9a-fA-F]{40}\/transactions\?pageSize=10' -H 'accept: application\/json' -H 'x-glacier-api-key: <API_KEY>'$/,
            );
            assert.ok(!redacted.includes(key));

            api.queries.testing.inputs = new ScriptedInputs({ curlWithKey: false });
            const count = copied.length;
            await panel.deliver({ type: 'copyCurl', includeKey: true });
            assert.equal(copied.length, count, 'declined: nothing copied');
            api.queries.testing.inputs = new ScriptedInputs({ curlWithKey: true });
            await panel.deliver({ type: 'copyCurl', includeKey: true });
            assert.ok(copied.at(-1)!.includes(key));

            await panel.deliver({ type: 'copy', text: known.evmAddress });
            assert.equal(copied.at(-1), known.evmAddress);

            await panel.deliver({ type: 'requestRaw', requestId: 7 });
            assert.ok(panel.snapshot().posted.includes('raw'));
        } finally {
            await api.secrets.clearDataApiKey();
        }
    });

    test('node panels copy their JSON-RPC call as curl', async () => {
        await open({ source: 'node', method: 'info.peers', texts: {} });
        await settledPanel((s) => s.kind === 'node', 'node panel');
        const panel = panelOf((p) => p.kind === 'node');
        await panel.deliver({ type: 'copyCurl', includeKey: false });
        assert.equal(
            copied.at(-1),
            `curl -X POST '${testEnv().nodeUrl}/ext/info' -H 'content-type: application/json' --data-raw '{"jsonrpc":"2.0","id":1,"method":"info.peers","params":{}}'`,
        );
    });

    test('"Edit Query…" asks again, pre-filled, and History reopens a query', async () => {
        await open({
            source: 'dataApi',
            operation: 'getVertexByHeight',
            params: {
                network: 'mainnet',
                blockchainId: 'x-chain',
                vertexHeight: known.vertexHeight,
            },
        });
        await settledPanel((s) => s.kind === 'primaryNetwork', 'vertices panel');
        const panel = panelOf((p) => p.kind === 'primaryNetwork');
        const inputs = new ScriptedInputs({
            network: 'mainnet',
            blockchainId: 'x-chain',
            vertexHeight: String(known.vertexHeight + 1),
            optional: [],
        });
        api.queries.testing.inputs = inputs;
        await panel.deliver({ type: 'edit' });
        assert.equal(
            inputs.of('vertexHeight')[0]!.value,
            String(known.vertexHeight),
            'pre-filled with the current value',
        );
        await settledPanel(
            (s) =>
                s.query.source === 'dataApi' &&
                s.query.params['vertexHeight'] === known.vertexHeight + 1,
            'edited query',
        );

        const history = new ScriptedInputs({
            history: (asked) =>
                asked.items!.find((i) => /Transaction|Address|vertices/i.test(i.label))?.label,
        });
        api.queries.testing.inputs = history;
        await panel.deliver({ type: 'history' });
        assert.ok(history.of('history')[0]!.items!.length > 0);
    });

    test('a restored panel runs its query again; a bad or changing one does not', async () => {
        const state = { v: 1, query: transactions(), title: 'Address' };
        const restored = vscode.window.createWebviewPanel(
            'avalanche.panel',
            'Restoring',
            vscode.ViewColumn.Active,
        );
        api.queries.panels.revive(restored, state);
        const panel = await settledPanel((s) => s.kind === 'address', 'revived panel');
        assert.equal(panel.rows, 10);
        assert.ok((await requestedOperations()).includes('listTransactions'));

        const bad = vscode.window.createWebviewPanel(
            'avalanche.panel',
            'Bad',
            vscode.ViewColumn.Active,
        );
        let disposed = false;
        bad.onDidDispose(() => (disposed = true));
        api.queries.panels.revive(bad, {
            v: 1,
            query: { source: 'shell' },
        });
        await eventually(() => (disposed ? true : undefined), 'an invalid state closes the panel');

        await clearSandboxRequests();
        const change = vscode.window.createWebviewPanel(
            'avalanche.panel',
            'Change',
            vscode.ViewColumn.Active,
        );
        api.queries.panels.revive(change, {
            v: 1,
            query: { source: 'node', method: 'admin.startCPUProfiler', texts: {} },
            title: 'x',
        });
        const notRun = await settledPanel((s) => s.kind === 'node', 'changing panel');
        assert.match(notRun.view!.notice!.text, /not sent again after a reload/);
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.ok(!(await requestedOperations()).includes('admin.startCPUProfiler'));

        // A raw call that may change something, restored with the answer its page kept: the
        // answer is shown with "Send Again…", and nothing is sent (#33).
        const rawChange = vscode.window.createWebviewPanel(
            'avalanche.panel',
            'Raw',
            vscode.ViewColumn.Active,
        );
        api.queries.panels.revive(rawChange, {
            v: 1,
            query: {
                source: 'rawRpc',
                path: '/ext/bc/C/rpc',
                method: 'anvil_mine',
                paramsJson: '',
            },
            title: 'x',
            answer: {
                title: 'anvil_mine',
                fields: [{ label: 'Result', value: { k: 'text', text: 'kept answer' } }],
                sections: [],
            },
        });
        const kept = await settledPanel(
            (s) => s.query.source === 'rawRpc' && s.query.method === 'anvil_mine',
            'restored raw panel',
        );
        const shown = JSON.stringify(kept.view);
        assert.match(shown, /kept answer/);
        assert.match(shown, /Send Again…/);
        assert.match(kept.view!.notice!.text, /from before the reload/);
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.ok(!(await requestedOperations()).includes('anvil_mine'));
    });

    test('hostile strings stay text: the page draws them with no CSP violation', async () => {
        await setSandboxSettings({ hostile: true });
        // One at a time: a page loads only while its panel is visible.
        await open({
            source: 'dataApi',
            operation: 'supportedChains',
            params: { network: 'mainnet' },
        });
        const chains = await renderedPanel((s) => s.kind === 'generic', 'chains panel');
        await open({
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: known.cChainId, txHash: known.evmTxHash },
        });
        const tx = await renderedPanel((s) => s.kind === 'transaction', 'transaction panel');
        await open({ source: 'node', method: 'info.getNodeVersion', texts: {} });
        const node = await renderedPanel((s) => s.kind === 'node', 'node panel');
        const texts = JSON.stringify([chains.view, tx.view, node.view]);
        assert.ok(
            texts.includes('<img src=x onerror=alert(1)>') || texts.includes('<script>'),
            'hostile text reached the view as text',
        );
        assert.ok(!/[\u202e\u0000]/u.test(texts));
        for (const panel of [chains, tx, node])
            assert.equal(
                panel.cspViolations,
                0,
                `The ${panel.kind} panel reported a CSP violation`,
            );
        // A malformed message from a page changes nothing.
        const host = panelOf((p) => p.kind === 'transaction');
        const before = host.snapshot().requestId;
        for (const message of [
            null,
            { type: 'refresh', evil: true },
            { type: 'setPageSize', pageSize: 'all' },
            '<script>',
        ])
            await host.deliver(message);
        assert.equal(host.snapshot().requestId, before);
    });
});
