/**
 * The view builders on every published example (REST, Metrics and node JSON-RPC): each result
 * becomes a view whose links are queries that pass the client's own checks, whose amounts keep
 * their exact raw value, and whose text stays text when the data is hostile (the sandbox's
 * hostile strings: HTML, script, command links, bidi overrides, control characters).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';

import {
    buildRows,
    buildView,
    type DataApiOperation,
    findNodeRpcMethod,
    isReplayable,
    type NodeRpcMethod,
    paramsFromText,
    parseQueryRequest,
    parseResponse,
    validateParams,
    type ViewContext,
} from '../../../src/core';
import type { DataApiQuery, NodeQuery, QueryRequest } from '../../../src/shared/query';
import { cellRaw, type Cell, type ResultView } from '../../../src/shared/viewModel';
import { hostileStrings, makeHostile } from '../../sandbox/hostile';
import { realIds, validParams } from '../dataApi/dataApi.samples';
import {
    dataApiExampleFiles,
    dataApiFixtures,
    loadJson,
    nodeRpcFixtures,
    operationOf,
} from '../../helpers/fixtures';

const context: ViewContext = {
    network: 'mainnet',
    nativeToken: { symbol: 'AVAX', decimals: 18 },
    nowMs: Date.UTC(2026, 0, 1),
};

function dataQuery(operation: DataApiOperation): DataApiQuery {
    return {
        source: 'dataApi',
        operation,
        params: validParams[operation] as DataApiQuery['params'],
    };
}

function* cellsOf(view: ResultView): Generator<Cell> {
    function* walk(cell: Cell): Generator<Cell> {
        yield cell;
        if (cell.k === 'list') for (const item of cell.items) yield* walk(item);
    }
    for (const field of view.fields) yield* walk(field.value);
    for (const section of view.sections) {
        for (const field of section.fields ?? []) yield* walk(field.value);
        for (const row of section.table?.rows ?? []) for (const cell of row) yield* walk(cell);
    }
    for (const row of view.main?.rows ?? []) for (const cell of row) yield* walk(cell);
}

function textsOf(view: ResultView): string[] {
    const texts = [view.title, view.subtitle ?? '', view.notice?.text ?? ''];
    for (const cell of cellsOf(view)) {
        if (cell.k === 'text' || cell.k === 'badge') texts.push(cell.text);
        if (cell.k === 'id' || cell.k === 'num' || cell.k === 'amount' || cell.k === 'money')
            texts.push(cell.text);
        if (cell.k === 'action') texts.push(cell.label);
    }
    return texts;
}

/** Every link must be a read-only query that the client would accept as is. */
function checkLinks(view: ResultView): number {
    let links = 0;
    for (const cell of cellsOf(view)) {
        if (cell.k !== 'id' || !cell.link) continue;
        links++;
        const link: QueryRequest = cell.link;
        assert.deepEqual(
            parseQueryRequest(JSON.parse(JSON.stringify(link))),
            link,
            'links survive postMessage/JSON',
        );
        assert.ok(isReplayable(link), 'links only read');
        if (link.source === 'dataApi')
            validateParams(link.operation as DataApiOperation, link.params as never);
        if (link.source === 'node') {
            const method = findNodeRpcMethod(link.method) as NodeRpcMethod<string, unknown>;
            method.encodeParams(paramsFromText(method, link.texts));
        }
    }
    return links;
}

describe('(unit) query results', () => {
    const files = dataApiExampleFiles().filter(
        (f) => !f.includes('.docs.') && !f.includes('error'),
    );

    for (const file of files) {
        const operation = operationOf(file);
        it(`${file}: a view with working links`, () => {
            assert.ok(operation, `no operation for ${file}`);
            const result = parseResponse(operation, loadJson(dataApiFixtures, file));
            const query = dataQuery(operation);
            const { view, items } = buildView(query, result, context);
            assert.ok(view.title.length > 0);
            checkLinks(view);
            if (items) {
                assert.ok(view.main, 'a list has a main table');
                assert.equal(view.main.rows.length, items.length);
                for (const row of view.main.rows)
                    assert.equal(row.length, view.main.columns.length);
                assert.deepEqual(buildRows(query, items, context), view.main.rows);
            }
        });
    }

    it('a transaction shows amounts with decimals and unit, raw value kept', () => {
        const result = parseResponse(
            'getTransaction',
            loadJson(dataApiFixtures, 'rest-4.15-get-transaction.json'),
        );
        const { view } = buildView(dataQuery('getTransaction'), result, context);
        const value = view.fields.find((f) => f.label === 'Value')!.value;
        assert.equal(value.k, 'amount');
        assert.equal(cellRaw(value), '10000000000000000000');
        assert.match((value as { text: string }).text, /^10 /);
        const erc20 = view.sections.find((s) => s.title.startsWith('ERC-20 transfers'))!;
        assert.equal(erc20.table!.rows.length, 1);
        assert.match(JSON.stringify(erc20.table!.rows[0]), /10 WAVAX/);
        assert.ok(view.sections.some((s) => s.title === 'Network token'));
        assert.ok(checkLinks(view) >= 3, 'hash, block, parties and token link');
    });

    it('keeps hostile strings as inert text in every view', () => {
        for (const file of files) {
            const operation = operationOf(file)!;
            const result = parseResponse(operation, makeHostile(loadJson(dataApiFixtures, file)));
            const { view } = buildView(dataQuery(operation), result, context);
            for (const text of textsOf(view)) {
                assert.equal(typeof text, 'string');
                assert.doesNotMatch(
                    text,
                    /[\u0000-\u001f\u202e\u202c]/u,
                    `${file}: control or bidi characters survive`,
                );
            }
            checkLinks(view);
        }
        // The hostile strings are still there (as text), not dropped.
        const chains = buildView(
            dataQuery('supportedChains'),
            parseResponse(
                'supportedChains',
                makeHostile(loadJson(dataApiFixtures, 'rest-chains-list-supported-chains.json')),
            ),
            context,
        );
        assert.ok(
            textsOf(chains.view).some(
                (t) => t.includes('<img src=x onerror=alert(1)>') || t.includes('<script>'),
            ),
        );
        assert.ok(hostileStrings.length > 5);
    });

    const rpcFiles = fs
        .readdirSync(nodeRpcFixtures)
        .filter(
            (f) => /^rpc-[^.]*\..*\.json$|^rpc-eth_.*\.json$/.test(f) && !f.startsWith('rpc-error'),
        );
    for (const file of rpcFiles) {
        const method = file.replace(/^rpc-/, '').replace(/\.json$/, '');
        it(`${file}: a node view`, () => {
            const entry = findNodeRpcMethod(method);
            assert.ok(entry, `no method ${method}`);
            const body = loadJson<{ result: unknown }>(nodeRpcFixtures, file);
            const wire = entry.resultSchema().parse(body.result);
            const result = (entry.normalize as (w: unknown) => unknown)(wire);
            const query: NodeQuery = {
                source: 'node',
                method,
                texts: {},
                chain:
                    entry.endpoint === 'evm' || entry.endpoint === 'validators' ? 'C' : undefined,
            };
            const { view } = buildView(query, result, {
                ...context,
                nodeUrl: 'http://127.0.0.1:9650',
            });
            assert.ok(view.title.length > 0);
            assert.match(view.subtitle ?? '', /127\.0\.0\.1:9650/);
            assert.ok(view.fields.length + view.sections.length > 0, `${method} shows something`);
            checkLinks(view);
        });
    }

    it('peers, upgrades and validators get their own layout', () => {
        const peers = buildView(
            { source: 'node', method: 'info.peers', texts: {} },
            {
                numPeers: 1,
                peers: [
                    {
                        nodeId: realIds.nodeId,
                        ip: '1.2.3.4:9651',
                        version: 'avalanche/1.14.2',
                        observedUptime: 99.5,
                        trackedSubnets: [realIds.avaxAssetId],
                        supportedAcps: [23],
                        objectedAcps: [],
                        benched: [],
                        lastSent: '2026-01-01T00:00:00Z',
                    },
                ],
            },
            context,
        ).view;
        const table = peers.sections[0]!.table!;
        assert.deepEqual(table.columns.map((c) => c.label).slice(0, 4), [
            'Node',
            'IP',
            'Version',
            'Observed uptime',
        ]);
        assert.equal(table.rows[0]![5]!.k, 'empty');
        assert.equal(table.rows[0]![4]!.k, 'time');
        const upgrades = buildView(
            { source: 'node', method: 'info.upgrades', texts: {} },
            {
                upgrades: [
                    {
                        name: 'durango',
                        key: 'durangoTime',
                        time: '2024-03-06T16:00:00Z',
                        timeMs: Date.parse('2024-03-06T16:00:00Z'),
                    },
                    {
                        name: 'future',
                        key: 'futureTime',
                        time: '2030-01-01T00:00:00Z',
                        timeMs: Date.parse('2030-01-01T00:00:00Z'),
                    },
                ],
                other: {},
            },
            context,
        ).view;
        const states = upgrades.sections[0]!.table!.rows.map((r) => cellRaw(r[2]!));
        assert.deepEqual(states, ['active', 'scheduled']);
    });

    it('an empty node answer says the call succeeded', () => {
        const { view } = buildView(
            { source: 'node', method: 'admin.lockProfile', texts: {} },
            {},
            context,
        );
        assert.match(JSON.stringify(view.fields), /succeeded/);
    });
});
