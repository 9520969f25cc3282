/**
 * The smaller pieces behind panels and commands: CSV and JSON exports, curl for node calls, the
 * history and recent-value bounds, export operation rules, node-change confirmations and reports,
 * the page-message schemas and the webview HTML with its CSP.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';

import {
    addHistoryEntry,
    checkTarget,
    addRecentValue,
    confirmationText,
    continuationRequest,
    csvField,
    DataApiClient,
    describeNodeChange,
    describeOperation,
    epochToMs,
    exportFileName,
    historyOfPanel,
    isFinalOutcome,
    isOperationFinal,
    jsonRpcCurl,
    maxHistoryEntries,
    notificationText,
    operationOutcome,
    operationsToResume,
    parsePageMessage,
    parsePersistedState,
    parseQueryRequest,
    pollDelayMs,
    profilerStateAfter,
    rawRpcBody,
    readHistory,
    readRecentValues,
    rememberOperation,
    type StoredOperation,
    storeOperation,
    toCsv,
    toJson,
    updateStored,
    type WatchSources,
} from '../../../src/core';
import type { QueryRequest } from '../../../src/shared/query';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import type { Cell } from '../../../src/shared/viewModel';
import {
    contentSecurityPolicy,
    createNonce,
    getWebviewHtml,
} from '../../../src/platform/webviewHtml';
import { realIds } from '../dataApi/dataApi.samples';

const tx: QueryRequest = {
    source: 'dataApi',
    operation: 'getTransaction',
    params: { chainId: '43114', txHash: realIds.evmTxHash },
};

describe('(unit) query exports', () => {
    it('writes RFC 4180 CSV of raw values, neutralising formulas', () => {
        const rows: Cell[][] = [
            [
                { k: 'amount', text: '1.5 AVAX', raw: '1500000000000000000' },
                { k: 'text', text: '=HYPERLINK("http://x","y")' },
            ],
            [
                { k: 'id', text: '0x12…34', raw: realIds.evmAddress },
                { k: 'text', text: 'a, "b"\nc' },
            ],
            [{ k: 'num', text: '-5', raw: '-5' }, { k: 'empty' }],
        ];
        const csv = toCsv(
            [
                { key: 'v', label: 'Value' },
                { key: 'n', label: 'Name' },
            ],
            rows,
        );
        assert.equal(
            csv,
            'Value,Name\r\n1500000000000000000,"\'=HYPERLINK(""http://x"",""y"")"\r\n' +
                `${realIds.evmAddress},"a, ""b""\nc"\r\n-5,\r\n`,
        );
        assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)");
        assert.equal(csvField('+1'), "'+1");
        assert.equal(csvField('-1.5'), '-1.5');
        assert.equal(csvField(' padded '), '" padded "');
    });

    it('writes JSON with bigints as digits and safe file names', () => {
        assert.equal(toJson({ a: 1n }), '{\n  "a": "1"\n}\n');
        assert.equal(
            exportFileName(
                'list/Transactions:../x',
                'csv',
                new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
            ),
            'avalanche-list-transactions-x-2026-01-02-03-04-05.csv',
        );
        assert.equal(
            exportFileName('', 'json', new Date(0)),
            'avalanche-result-1970-01-01-00-00-00.json',
        );
    });

    it('copies node calls as curl with every value single-quoted', () => {
        const body = rawRpcBody("it's", { a: 1 });
        assert.equal(body, '{"jsonrpc":"2.0","id":1,"method":"it\'s","params":{"a":1}}');
        assert.equal(
            jsonRpcCurl('http://127.0.0.1:9650/ext/info', body),
            `curl -X POST 'http://127.0.0.1:9650/ext/info' -H 'content-type: application/json' --data-raw '{"jsonrpc":"2.0","id":1,"method":"it'\\''s","params":{"a":1}}'`,
        );
        assert.equal(
            rawRpcBody('info.peers', undefined),
            '{"jsonrpc":"2.0","id":1,"method":"info.peers"}',
        );
    });
});

describe('(unit) query history', () => {
    it('keeps the newest first, once, bounded, and never a query that changes something', () => {
        let list = addHistoryEntry([], { query: tx, title: 'a', atMs: 1 });
        list = addHistoryEntry(list, {
            query: { source: 'node', method: 'info.peers', texts: {} },
            title: 'b',
            atMs: 2,
        });
        list = addHistoryEntry(list, {
            query: { ...tx, params: { txHash: realIds.evmTxHash, chainId: '43114' } },
            title: 'a again',
            atMs: 3,
        });
        assert.deepEqual(
            list.map((e) => e.title),
            ['a again', 'b'],
        );
        list = addHistoryEntry(list, {
            query: {
                source: 'node',
                method: 'admin.alias',
                texts: { endpoint: 'bc/X', alias: 'x' },
            },
            title: 'alias',
            atMs: 4,
        });
        list = addHistoryEntry(list, {
            query: { source: 'dataApi', operation: 'postTransactionExportJob', params: {} },
            title: 'export',
            atMs: 5,
        });
        assert.deepEqual(
            list.map((e) => e.title),
            ['a again', 'b'],
        );
        for (let i = 0; i < 80; i++)
            list = addHistoryEntry(list, {
                query: {
                    ...tx,
                    params: { chainId: '43114', txHash: `0x${i.toString(16).padStart(64, '0')}` },
                },
                title: `t${i}`,
                atMs: i,
            });
        assert.equal(list.length, maxHistoryEntries);
        assert.equal(list[0]!.title, 't79');
        assert.equal(
            historyOfPanel(list, {
                ...tx,
                params: { chainId: '43114', txHash: `0x${(5).toString(16).padStart(64, '0')}` },
            }).length,
            0,
        );
        assert.equal(historyOfPanel(list, list[3]!.query).length, 1);
    });

    it('reads back only well-formed stored data', () => {
        assert.deepEqual(readHistory('junk'), []);
        assert.deepEqual(
            readHistory([{ title: 'x', atMs: 1, query: tx }, { title: 2 }, null]).length,
            1,
        );
        let recent = addRecentValue({}, 'evmAddress', ` ${realIds.evmAddress} `);
        recent = addRecentValue(recent, 'evmAddress', '0xabc');
        recent = addRecentValue(recent, 'evmAddress', realIds.evmAddress);
        assert.deepEqual(recent['evmAddress'], [realIds.evmAddress, '0xabc']);
        assert.deepEqual(addRecentValue(recent, 'x', 'y'.repeat(3000))['x'], undefined);
        for (let i = 0; i < 20; i++) recent = addRecentValue(recent, 'n', String(i));
        assert.equal(recent['n']!.length, 10);
        assert.deepEqual(readRecentValues({ a: ['x', 1, 'y'], b: 'no' }), { a: ['x', 'y'] });
        assert.deepEqual(readRecentValues(null), {});
    });
});

describe('(unit) export operations', () => {
    const request = {
        type: 'TRANSACTION_EXPORT_EVM',
        firstDate: '2024-01-01',
        lastDate: '2025-06-30',
        options: { addresses: [realIds.evmAddress], includeChains: ['43114'] },
    };
    const running = {
        operationId: 'aa22054a-cb7c-4a4e-9b83-59f2ede74138',
        operationType: 'TRANSACTION_EXPORT_EVM',
        operationStatus: 'RUNNING',
        createdAtTimestamp: 1_767_000_000_000,
        updatedAtTimestamp: 1_767_000_000_000,
    };

    it('reads statuses, including a truncated export', () => {
        assert.equal(operationOutcome(running), 'running');
        assert.equal(operationOutcome({ operationStatus: 'COMPLETED' }), 'completed');
        assert.equal(
            operationOutcome({
                operationStatus: 'COMPLETED_WITH_WARNING',
                metadata: { code: 'WarnTruncatedExport' },
            }),
            'truncated',
        );
        assert.equal(operationOutcome({ operationStatus: 'COMPLETED_WITH_WARNING' }), 'warning');
        assert.equal(operationOutcome({ operationStatus: 'FAILED' }), 'failed');
        assert.equal(operationOutcome({ operationStatus: 'PAUSED' }), 'unknown');
        assert.ok(!isFinalOutcome('running') && isFinalOutcome('failed'));
    });

    it('stores, updates and bounds the list of exports', () => {
        const stored = storeOperation(running, request);
        assert.equal(stored.status, 'RUNNING');
        assert.equal(stored.createdAtMs, 1_767_000_000_000);
        const done = updateStored(stored, {
            ...running,
            operationStatus: 'COMPLETED_WITH_WARNING',
            updatedAtTimestamp: 1_767_000_100,
            metadata: {
                code: 'WarnTruncatedExport',
                downloadUrl: 'https://x/y.csv',
                nextDate: '2025-01-01',
            },
        });
        assert.equal(done.updatedAtMs, 1_767_000_100_000, 'seconds are read as seconds');
        assert.equal(done.nextDate, '2025-01-01');
        assert.match(describeOperation(done), /cut short.*2025-01-01/);
        let list: StoredOperation[] = [];
        for (let i = 0; i < 60; i++)
            list = rememberOperation(list, { ...stored, operationId: `op${i}` });
        list = rememberOperation(list, { ...stored, operationId: 'op59', status: 'COMPLETED' });
        assert.equal(list.length, 50);
        assert.equal(list.filter((o) => o.operationId === 'op59').length, 1);
        assert.equal(epochToMs(undefined), undefined);
    });

    it('continues a truncated export from nextDate, with the same options', () => {
        assert.deepEqual(continuationRequest(request, '2025-01-01'), {
            ...request,
            firstDate: '2025-01-01',
        });
        assert.equal(continuationRequest(request, undefined), undefined);
        assert.equal(continuationRequest(request, '2026-01-01'), undefined, 'past lastDate');
        assert.equal(continuationRequest(request, 'soon'), undefined);
    });

    it('an operation looked up by id is stored without a request, and offers no continuation', () => {
        const op = {
            operationId: 'by-id',
            operationType: 'TRANSACTION_EXPORT_EVM',
            operationStatus: 'COMPLETED_WITH_WARNING',
            metadata: { code: 'WarnTruncatedExport', nextDate: '2025-01-01' },
            createdAtTimestamp: 1_700_000_000_000,
            updatedAtTimestamp: 1_700_000_000_000,
        };
        const stored = storeOperation(op, undefined);
        assert.equal(stored.request, undefined);
        assert.equal(stored.nextDate, '2025-01-01');
        assert.equal(continuationRequest(stored.request, stored.nextDate), undefined);
    });

    it('after a reload, follows again the exports last seen running within a day (#18)', () => {
        const now = 1_800_000_000_000;
        const at = (status: string, agoMs: number) => ({
            operationId: `${status}-${agoMs}`,
            operationType: 'TRANSACTION_EXPORT_EVM',
            status,
            createdAtMs: now - agoMs,
            updatedAtMs: now - agoMs,
        });
        const list = [
            at('RUNNING', 60_000),
            at('COMPLETED', 60_000),
            at('RUNNING', 25 * 3_600_000),
            at('FAILED', 1_000),
            at('RUNNING', 23 * 3_600_000),
        ];
        assert.deepEqual(
            operationsToResume(list, now).map((o) => o.operationId),
            ['RUNNING-60000', `RUNNING-${23 * 3_600_000}`],
        );
    });

    it('one rule says when an export is over; a status it does not know is not (#34)', async () => {
        const final = (operationStatus: string) => isOperationFinal({ operationStatus });
        assert.deepEqual(
            ['RUNNING', 'COMPLETED', 'COMPLETED_WITH_WARNING', 'FAILED', 'PAUSED', 'QUEUED'].map(
                final,
            ),
            [false, true, true, true, false, false],
        );
        const now = 1_800_000_000_000;
        const paused = {
            operationId: 'paused',
            operationType: 'TRANSACTION_EXPORT_EVM',
            status: 'PAUSED',
            createdAtMs: now,
            updatedAtMs: now,
        };
        assert.deepEqual(
            operationsToResume([paused], now).map((o) => o.operationId),
            ['paused'],
            'followed again after a reload',
        );
        // The watch list reads the same answer the same way: it keeps polling.
        const server = createServer((_req, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ ...running, operationStatus: 'PAUSED' }));
        });
        const loopback = await listenOnLoopback(server);
        const dataApi = new DataApiClient({ baseUrl: loopback.url });
        try {
            const observed = await checkTarget(
                { kind: 'export', network: 'mainnet', operationId: running.operationId },
                { dataApi: () => Promise.resolve(dataApi) } as unknown as WatchSources,
                86_400,
                new AbortController().signal,
            );
            assert.equal(observed.final, false);
            assert.equal(observed.status, 'unknown');
        } finally {
            await dataApi.close();
            await loopback.close();
        }
    });

    it('what a call tells of the CPU profiler, whoever made it (#34)', () => {
        const refused = (rpcMessage: string) =>
            Object.assign(new Error(rpcMessage), { rpcMessage });
        assert.equal(profilerStateAfter('admin.startCPUProfiler'), 'running');
        assert.equal(
            profilerStateAfter('admin.startCPUProfiler', refused('CPU profiler already running')),
            'running',
        );
        assert.equal(profilerStateAfter('admin.startCPUProfiler', refused('boom')), undefined);
        assert.equal(profilerStateAfter('admin.stopCPUProfiler'), 'stopped');
        assert.equal(
            profilerStateAfter('admin.stopCPUProfiler', refused("CPU profiler doesn't exist")),
            'stopped',
        );
        assert.equal(profilerStateAfter('admin.stopCPUProfiler', new Error('timeout')), undefined);
        assert.equal(profilerStateAfter('admin.memoryProfile'), undefined);
    });

    it('polls quickly at first, then every 5 s', () => {
        assert.deepEqual(
            [0, 1, 2, 3, 4, 5, 50].map(pollDelayMs),
            [300, 500, 1000, 2000, 3000, 5000, 5000],
        );
    });
});

describe('(unit) node changes', () => {
    const node = { name: 'Local node', url: 'http://127.0.0.1:9650' };

    it('confirmations name the node and say what will happen', () => {
        const alias = confirmationText('admin.alias', { endpoint: 'bc/X', alias: 'xchain' }, node);
        assert.match(
            alias.message,
            /admin\.alias changes the node Local node \(http:\/\/127\.0\.0\.1:9650\)/,
        );
        assert.match(alias.detail, /\/ext\/bc\/X .*\/ext\/xchain/);
        const levels = confirmationText('admin.setLoggerLevel', { logLevel: 'DEBUG' }, node);
        assert.match(levels.detail, /log level DEBUG for every logger/);
        const hostile = confirmationText(
            'admin.aliasChain',
            { chain: 'C', alias: '[x](command:evil)\u202e' },
            node,
        );
        assert.doesNotMatch(hostile.detail, /\[|\]|\u202e/);
    });

    it('reports what changed: logger levels before and after, aliases, VMs', () => {
        const lines = describeNodeChange(
            'admin.setLoggerLevel',
            { logLevel: 'DEBUG' },
            {},
            {
                nodeName: 'Local node',
                levelsBefore: [
                    { loggerName: 'C', logLevel: 'INFO', displayLevel: 'INFO' },
                    { loggerName: 'P', logLevel: 'DEBUG', displayLevel: 'INFO' },
                ],
                levelsAfter: [
                    { loggerName: 'C', logLevel: 'DEBUG', displayLevel: 'INFO' },
                    { loggerName: 'P', logLevel: 'DEBUG', displayLevel: 'INFO' },
                ],
            },
        );
        assert.deepEqual(lines, ['On Local node, 1 logger changed.', 'C: log INFO → DEBUG']);
        assert.match(
            describeNodeChange(
                'admin.aliasChain',
                { chain: 'C', alias: 'cee' },
                {},
                { nodeName: 'n', aliasesAfter: ['C', 'cee'] },
            ).join(' '),
            /now also answers to "cee".*C, cee/,
        );
        assert.match(
            describeNodeChange(
                'admin.loadVMs',
                {},
                { newVms: [{ vmId: 'vm1', aliases: ['a'] }], failedVms: [] },
                { nodeName: 'n' },
            )[0]!,
            /1 new VM loaded/,
        );
        assert.match(
            describeNodeChange('admin.stopCPUProfiler', {}, {}, { nodeName: 'n' })[0]!,
            /cpu\.profile/,
        );
        assert.equal(notificationText('[go](command:x) \u0007ok'), 'go(command:x) ok');
    });
});

describe('(unit) page messages', () => {
    it('accepts each message the page sends', () => {
        for (const message of [
            { type: 'ready' },
            { type: 'rendered', requestId: 3, rows: 100, renderMs: 12.5, sinceResponseMs: 20 },
            { type: 'loadMore', requestId: 2 },
            { type: 'setPageSize', pageSize: 100 },
            { type: 'setControl', param: 'sortOrder', value: 'asc' },
            { type: 'selectTab', tab: 'listErc20Balances' },
            { type: 'open', query: tx },
            { type: 'action', action: { kind: 'operation', operationId: 'x', verb: 'forget' } },
            { type: 'action', action: { kind: 'openUrl', url: 'https://x/y.csv' } },
            { type: 'copy', text: '1' },
            { type: 'copyCurl', includeKey: false },
            { type: 'export', format: 'csv' },
            { type: 'watch' },
            { type: 'requestRaw', requestId: 1 },
            { type: 'cspViolation', directive: 'img-src' },
        ]) {
            assert.deepEqual(parsePageMessage(message), message, JSON.stringify(message));
        }
    });

    it('refuses malformed, oversized or unknown messages', () => {
        for (const message of [
            null,
            'ready',
            { type: 'nope' },
            { type: 'ready', extra: 1 },
            { type: 'loadMore', requestId: -1 },
            { type: 'setPageSize', pageSize: 1.5 },
            { type: 'export', format: 'xml' },
            { type: 'copy', text: 'x'.repeat(70_000) },
            { type: 'open', query: { source: 'shell', command: 'rm' } },
            {
                type: 'open',
                query: { source: 'dataApi', operation: 'x', params: { a: { nested: 1 } } },
            },
            { type: 'action', action: { kind: 'command', id: 'workbench.action.terminal.new' } },
            // The host derives what a panel watches; a page cannot name a target.
            { type: 'watch', target: { kind: 'node', url: 'http://evil.example' } },
        ]) {
            assert.equal(
                parsePageMessage(message),
                undefined,
                JSON.stringify(message)?.slice(0, 80),
            );
        }
        assert.equal(
            parseQueryRequest({ source: 'node', method: 'info.peers', texts: { a: 1 } }),
            undefined,
        );
    });

    it('revives only the state this version persists', () => {
        assert.deepEqual(parsePersistedState({ v: 1, query: tx, title: 'T' }), {
            v: 1,
            query: tx,
            title: 'T',
        });
        assert.equal(parsePersistedState({ title: 'old' }), undefined);
        assert.equal(parsePersistedState(undefined), undefined);
    });
});

describe('(unit) webview html', () => {
    const fakeWebview = {
        cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
        asWebviewUri: (uri: { toString(): string }) => ({
            toString: () => `https://res/${uri.toString()}`,
        }),
    };

    it('has a strict CSP with a fresh nonce and no inline script', () => {
        const uri = (p: string) => ({ toString: () => p });
        const html = getWebviewHtml(fakeWebview as never, {
            scriptUri: uri('main.js') as never,
            styleUris: [uri('main.css') as never],
            title: '<b>"x"</b>',
        });
        const nonce = /nonce-([^&']+)/.exec(html)![1]!;
        assert.equal(Buffer.from(nonce, 'base64').length, 16);
        assert.ok(html.includes(`<script nonce="${nonce}" src="https://res/main.js"></script>`));
        assert.equal((html.match(/<script/g) ?? []).length, 1);
        assert.ok(!html.includes('<b>'), 'the title is escaped');
        assert.match(
            html,
            /default-src &#39;none&#39;; style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net; img-src \S+ data:; font-src \S+; script-src &#39;nonce-/,
        );
        assert.notEqual(createNonce(), createNonce());
        assert.ok(!contentSecurityPolicy('x', 'n').includes('unsafe'));
        assert.ok(!contentSecurityPolicy('x', 'n').includes('https:'), 'no remote images');
    });
});
