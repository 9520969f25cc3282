/**
 * Which panel shows a query and which instance: tabs of one subject share a panel, filters and
 * other subjects get their own; what may run again by itself (never a node change or an export);
 * the frame's tabs, drop-downs and page sizes.
 */
import * as assert from 'node:assert/strict';

import {
    controlsFor,
    frameFor,
    isReplayable,
    pageSizesFor,
    panelKey,
    panelKindFor,
    querySummary,
    stableJson,
    tabQuery,
    tabsFor,
    withParam,
} from '../../../src/core';
import type { QueryRequest } from '../../../src/shared/query';
import { realIds } from '../dataApi/dataApi.samples';

const address = (operation: string, extra: Record<string, string | number> = {}): QueryRequest => ({
    source: 'dataApi',
    operation,
    params: { chainId: '43114', address: realIds.evmAddress, ...extra },
});

describe('(unit) query panels', () => {
    it('maps every family of results to its panel kind', () => {
        assert.equal(panelKindFor(address('getTransaction')), 'transaction');
        assert.equal(panelKindFor(address('listErc20Balances')), 'address');
        assert.equal(panelKindFor(address('listTransfers')), 'token');
        assert.equal(
            panelKindFor({
                source: 'dataApi',
                operation: 'listLatestPrimaryNetworkBlocks',
                params: {},
            }),
            'block',
        );
        assert.equal(
            panelKindFor({ source: 'dataApi', operation: 'getVertexByHeight', params: {} }),
            'primaryNetwork',
        );
        assert.equal(
            panelKindFor({ source: 'dataApi', operation: 'listL1Validators', params: {} }),
            'subnets',
        );
        assert.equal(
            panelKindFor({ source: 'dataApi', operation: 'getAggregatedSignatures', params: {} }),
            'signatures',
        );
        assert.equal(panelKindFor({ source: 'node', method: 'info.peers', texts: {} }), 'node');
        assert.equal(
            panelKindFor({
                source: 'rawRpc',
                path: '/ext/info',
                method: 'info.peers',
                paramsJson: '',
            }),
            'generic',
        );
        assert.equal(panelKindFor({ source: 'operations' }), 'operations');
        assert.equal(
            panelKindFor({ source: 'dataApi', operation: 'supportedChains', params: {} }),
            'generic',
        );
    });

    it('the tabs of an address share one panel; page size, sort and currency do not split it', () => {
        const key = panelKey(address('listTransactions'));
        assert.equal(panelKey(address('listErc20Balances', { currency: 'eur' })), key);
        assert.equal(
            panelKey(address('listTransactions', { pageSize: 50, sortOrder: 'asc' })),
            key,
        );
        assert.notEqual(
            panelKey(address('listTransactions', { startBlock: '5' })),
            key,
            'a filter opens its own panel',
        );
        assert.notEqual(
            panelKey({
                source: 'dataApi',
                operation: 'listTransactions',
                params: { chainId: '43113', address: realIds.evmAddress },
            }),
            key,
        );
        // Holders' threshold is what the tab fills in: same token panel.
        assert.equal(
            panelKey(address('getAddressesByBalanceOverTime', { threshold: '0' })),
            panelKey(address('listTransfers')),
        );
        assert.equal(stableJson({ b: 1, a: [2, { d: 1, c: 2 }] }), '{"a":[2,{"c":2,"d":1}],"b":1}');
    });

    it('switches tabs keeping only the subject', () => {
        const start = address('listErc20Balances', { currency: 'eur', pageSize: 100 });
        assert.deepEqual(
            tabsFor(start).map((t) => t.id),
            [
                'listTransactions',
                'listErc20Balances',
                'listErc1155Balances',
                'listCollectibleBalances',
                'listErc1155Transactions',
                'listInternalTransactions',
            ],
        );
        assert.deepEqual(
            tabQuery(start, 'listInternalTransactions'),
            address('listInternalTransactions'),
        );
        assert.deepEqual(
            tabQuery(address('listTransfers'), 'getAddressesByBalanceOverTime'),
            address('getAddressesByBalanceOverTime', { threshold: '0' }),
        );
        assert.equal(tabQuery(start, 'getTransaction'), undefined);
        assert.deepEqual(tabsFor(address('getTransaction')), []);
    });

    it('never re-runs what creates or changes something', () => {
        assert.ok(isReplayable(address('listTransactions')));
        assert.ok(
            !isReplayable({ source: 'dataApi', operation: 'postTransactionExportJob', params: {} }),
        );
        assert.ok(isReplayable({ source: 'dataApi', operation: 'getOperationResult', params: {} }));
        assert.ok(isReplayable({ source: 'node', method: 'info.peers', texts: {} }));
        for (const method of [
            'admin.alias',
            'admin.setLoggerLevel',
            'admin.startCPUProfiler',
            'admin.loadVMs',
        ]) {
            assert.ok(!isReplayable({ source: 'node', method, texts: {} }), method);
        }
        assert.ok(!isReplayable({ source: 'node', method: 'no.suchMethod', texts: {} }));
        assert.ok(
            !isReplayable({
                source: 'rawRpc',
                path: '/ext/bc/P',
                method: 'platform.issueTx',
                paramsJson: '{}',
            }),
        );
        assert.ok(
            isReplayable({
                source: 'rawRpc',
                path: '/ext/bc/C/rpc',
                method: 'eth_blockNumber',
                paramsJson: '[]',
            }),
        );
    });

    it('offers page sizes within the endpoint limits and the sort / currency drop-downs', () => {
        assert.deepEqual(pageSizesFor(address('listTransactions')), [10, 25, 50, 100]);
        assert.deepEqual(
            pageSizesFor({ source: 'dataApi', operation: 'listSubnets', params: {} }),
            [10, 25, 50, 100, 250, 500, 1000, 5000, 10000],
        );
        assert.deepEqual(pageSizesFor(address('getTransaction')), []);
        assert.deepEqual(
            controlsFor(address('listTransactions', { sortOrder: 'asc' })).map((c) => [
                c.param,
                c.value,
            ]),
            [['sortOrder', 'asc']],
        );
        assert.deepEqual(
            controlsFor({ source: 'dataApi', operation: 'getUtxosByAddressesV2', params: {} }).map(
                (c) => c.param,
            ),
            ['sortBy', 'sortOrder'],
        );
        assert.equal(controlsFor(address('listErc20Balances'))[0]!.options.length, 14);
        assert.deepEqual(
            withParam(address('listTransactions', { sortOrder: 'asc' }), 'sortOrder', ''),
            address('listTransactions'),
        );
        assert.deepEqual(
            withParam(address('listTransactions'), 'pageSize', 50),
            address('listTransactions', { pageSize: 50 }),
        );
    });

    it('frames say what a panel can do', () => {
        const list = frameFor(address('listTransactions'), {
            pageSize: undefined,
            pageSizes: [10],
            hasMore: true,
            loadedRows: 10,
        });
        assert.deepEqual(list.can, { curl: true, csv: true, edit: true, refresh: true });
        assert.equal(list.activeTab, 'listTransactions');
        const change = frameFor({ source: 'node', method: 'admin.alias', texts: {} }, undefined);
        assert.deepEqual(change.can, { curl: true, csv: false, edit: false, refresh: false });
        assert.match(
            querySummary(address('listTransactions')),
            /^listTransactions · chainId 43114 · address 0x/,
        );
    });
});
