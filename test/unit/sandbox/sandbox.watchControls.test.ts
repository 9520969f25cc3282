/**
 * The sandbox's control routes for the watch list (test/sandbox/README.md, "Control route"),
 * driven over real HTTP and read back by the core's `checkTarget`, the way the extension reads:
 * a validator's balance on the node and on the Data API, an EVM or P-Chain transaction held
 * pending then accepted or failed, an export held running then finished, the node stopped (its
 * port refuses connections) and started again.
 */
import * as assert from 'node:assert/strict';

import { request } from 'undici';

import {
    checkTarget,
    describeChange,
    NodeMetricsStore,
    NodeRpcClient,
    nodeRpcMethods as m,
    type WatchObservation,
    type WatchSources,
    type WatchTarget,
} from '../../../src/core';
import { DataApiClient } from '../../../src/core/dataApi/dataApiClient';
import { startSandbox } from '../../sandbox';
import type { KnownIds, Sandbox } from '../../sandbox/types';

type Json = Record<string, unknown>;

describe('(unit) sandbox: watch-list control routes', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let node: NodeRpcClient;
    let dataApi: DataApiClient;
    let sources: WatchSources;
    const threshold = 3 * 86_400;

    const control = async (
        method: 'POST' | 'DELETE',
        route: string,
        body?: unknown,
    ): Promise<{ status: number; json: Json }> => {
        const response = await request(`${sandbox.dataApiUrl}/__sandbox${route}`, {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body ?? {}),
        });
        return { status: response.statusCode, json: (await response.body.json()) as Json };
    };
    const ok = async (route: string, body?: unknown): Promise<Json> => {
        const r = await control('POST', route, body);
        assert.equal(r.status, 200, JSON.stringify(r.json));
        return r.json;
    };
    const check = (target: WatchTarget): Promise<WatchObservation> =>
        checkTarget(target, sources, threshold, new AbortController().signal);

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        node = new NodeRpcClient({
            url: sandbox.nodeUrl,
            retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetries: 1 },
        });
        dataApi = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
        });
        sources = {
            pChain: () => Promise.resolve(node),
            validatorFees: async (_network, signal) => ({
                state: await node.call(m['platform.getValidatorFeeState'], {}, { signal }),
                config: await node.call(m['platform.getValidatorFeeConfig'], {}, { signal }),
            }),
            evmChain: (_network, chainId) =>
                Promise.resolve(
                    chainId === known.cChainId
                        ? {
                              target: { client: node, path: '/ext/bc/C/rpc' },
                              name: 'C-Chain',
                              symbol: 'AVAX',
                          }
                        : undefined,
                ),
            dataApi: () => Promise.resolve(dataApi),
            node: () => node,
        };
    });
    afterEach(async () => {
        assert.equal((await control('DELETE', '/holds')).status, 200);
    });
    after(async () => {
        await node?.close();
        await dataApi?.close();
        await sandbox?.close();
    });

    it("sets an L1 validator's balance on the node and on the Data API, and reset restores it", async function () {
        const target: WatchTarget = {
            kind: 'l1Validator',
            network: 'mainnet',
            validationId: known.l1ValidationId,
            subnetId: known.l1SubnetId,
        };
        const before = await check(target);
        assert.equal(before.status, 'ok');
        // One hour at the sandbox's price of 512 nAVAX per second.
        const set = await ok('/l1Validators/balance', {
            validationId: known.l1ValidationId,
            balance: String(512 * 3600),
        });
        assert.equal(set['network'], 'mainnet');
        assert.equal(set['previous'], before.balance);
        const low = await check(target);
        assert.equal(low.status, 'warning');
        assert.equal(low.balance, String(512 * 3600));
        assert.equal(low.runwaySeconds, 3600);

        const l1 = await check({ kind: 'l1', network: 'mainnet', subnetId: known.l1SubnetId });
        // Under the threshold now, with the L1's inactive validator (balance 0) that already was.
        assert.ok(l1.under?.includes(known.l1NodeId), JSON.stringify(l1.under));
        const listed = await request(
            `${sandbox.dataApiUrl}/v1/networks/mainnet/l1Validators?l1ValidationId=${known.l1ValidationId}`,
        );
        const page = (await listed.body.json()) as { validators: Json[] };
        assert.equal(String(page.validators[0]?.['remainingBalance']), String(512 * 3600));

        // Zero: inactive, and gone from the Data API's list of active validators.
        await ok('/l1Validators/balance', { validationId: known.l1ValidationId, balance: '0' });
        assert.equal((await check(target)).value, 'inactive:0');
        const active = await request(
            `${sandbox.dataApiUrl}/v1/networks/mainnet/l1Validators?l1ValidationId=${known.l1ValidationId}`,
        );
        assert.deepEqual(((await active.body.json()) as { validators: Json[] }).validators, []);

        await control('DELETE', '/holds');
        assert.equal((await check(target)).balance, before.balance);
    });

    it('refuses a malformed or unknown balance change', async function () {
        const bad = await control('POST', '/l1Validators/balance', {
            validationId: known.l1ValidationId,
            balance: '-1',
        });
        assert.equal(bad.status, 400);
        const unknown = await control('POST', '/l1Validators/balance', {
            validationId: known.pChainTxHash,
            balance: '1',
        });
        assert.equal(unknown.status, 404);
    });

    it('holds an EVM transaction in the mempool, then accepts it', async function () {
        const target: WatchTarget = {
            kind: 'evmTx',
            network: 'mainnet',
            chainId: known.cChainId,
            hash: known.evmTxHash,
        };
        const held = await ok('/evmTxs/pending', { hash: known.evmTxHash });
        assert.equal(held['pending'], true);
        assert.equal(held['receiptStatus'], '0x1');
        const raw = (await (
            await request(`${sandbox.nodeUrl}/ext/bc/C/rpc`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                    jsonrpc: '2.0',
                    id: 1,
                    method: 'eth_getTransactionByHash',
                    params: [known.evmTxHash],
                }),
            })
        ).body.json()) as { result: Json };
        assert.equal(raw.result['blockHash'], null);
        assert.equal(raw.result['blockNumber'], null);
        assert.equal(raw.result['transactionIndex'], null);
        assert.equal(raw.result['hash'], known.evmTxHash.toLowerCase());
        const pending = await check(target);
        assert.equal(pending.status, 'pending');
        assert.equal(pending.final, false);

        await ok('/evmTxs/accept', { hash: known.evmTxHash });
        const accepted = await check(target);
        assert.equal(accepted.status, 'done');
        assert.equal(accepted.final, true);
        assert.match(accepted.summary, /^accepted in block \d+/);
    });

    it('a held transaction that reverted is seen failed once accepted', async function () {
        const target: WatchTarget = {
            kind: 'evmTx',
            network: 'mainnet',
            chainId: known.cChainId,
            hash: known.vaultRevertTxHash,
        };
        assert.equal(
            (await ok('/evmTxs/pending', { hash: known.vaultRevertTxHash }))['receiptStatus'],
            '0x0',
        );
        assert.equal((await check(target)).status, 'pending');
        await ok('/evmTxs/accept', { hash: known.vaultRevertTxHash });
        const failed = await check(target);
        assert.equal(failed.status, 'failed');
        assert.equal(failed.final, true);
        const unknownHash = `0x${'ab'.repeat(32)}`;
        assert.equal((await control('POST', '/evmTxs/pending', { hash: unknownHash })).status, 404);
    });

    it('sets what platform.getTxStatus answers: Processing, then Committed or Dropped with its reason', async function () {
        const target: WatchTarget = { kind: 'pTx', network: 'mainnet', txId: known.pChainTxHash };
        assert.equal((await check(target)).value, 'Committed');
        await ok('/pTxs/status', { txId: known.pChainTxHash, status: 'Processing' });
        const processing = await check(target);
        assert.equal(processing.status, 'pending');
        assert.equal(processing.final, false);
        await ok('/pTxs/status', { txId: known.pChainTxHash, status: 'Committed' });
        const committed = await check(target);
        assert.equal(committed.status, 'done');
        assert.equal(committed.final, true);

        await ok('/pTxs/status', {
            txId: known.pChainTxHash,
            status: 'Dropped',
            reason: 'failed to verify: insufficient funds',
        });
        const dropped = await check(target);
        assert.equal(dropped.status, 'failed');
        assert.equal(dropped.summary, 'dropped: failed to verify: insufficient funds');
        // The answer has AvalancheGo's shape: `reason` only for a dropped transaction.
        await ok('/pTxs/status', { txId: known.pChainTxHash, status: 'Aborted' });
        const raw = await node.call(m['platform.getTxStatus'], { txID: known.pChainTxHash });
        assert.deepEqual({ ...raw }, { status: 'Aborted' });
        assert.equal(
            (await control('POST', '/pTxs/status', { txId: known.pChainTxHash, status: 'Done' }))
                .status,
            400,
        );
    });

    it('keeps an export RUNNING, then finishes it COMPLETED or FAILED', async function () {
        const start = async (): Promise<string> => {
            const created = await request(
                `${sandbox.dataApiUrl}/v1/operations/transactions:export`,
                {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({
                        type: 'TRANSACTION_EXPORT_EVM',
                        firstDate: '2025-06-01',
                        lastDate: '2026-01-01',
                        options: { addresses: [known.evmAddress], includeChains: ['43114'] },
                    }),
                },
            );
            const id = ((await created.body.json()) as Json)['operationId'] as string;
            await ok('/operations/hold', { operationId: id });
            return id;
        };
        const completing = await start();
        const target = (operationId: string): WatchTarget => ({
            kind: 'export',
            network: 'mainnet',
            operationId,
        });
        const running = await check(target(completing));
        assert.equal(running.status, 'pending');
        assert.equal(running.value, 'RUNNING');
        await ok('/operations/finish', { operationId: completing, status: 'COMPLETED' });
        const completed = await check(target(completing));
        assert.equal(completed.value, 'COMPLETED');
        assert.equal(completed.final, true);
        assert.ok(completed.details.some((d) => d.label === 'Download'));

        const failing = await start();
        assert.equal((await check(target(failing))).value, 'RUNNING');
        await ok('/operations/finish', {
            operationId: failing,
            status: 'FAILED',
            message: 'The export could not be completed',
        });
        const failed = await check(target(failing));
        assert.equal(failed.status, 'failed');
        assert.equal(failed.final, true);
        assert.match(failed.summary, /could not be completed/);
        assert.equal(
            (await control('POST', '/operations/finish', { operationId: 'nope-nope-nope' })).status,
            404,
        );
    });

    it('stops the node (connections refused) and starts it again on the same URL', async function () {
        const target: WatchTarget = { kind: 'node', url: sandbox.nodeUrl };
        assert.equal((await check(target)).value, 'up');
        await ok('/node/stop');
        const refused = await request(`${sandbox.nodeUrl}/ext/health`).then(
            () => undefined,
            (error: unknown) => error as Error & { code?: string },
        );
        assert.equal(refused?.code, 'ECONNREFUSED');
        const down = await check(target);
        assert.equal(down.status, 'down');
        assert.equal(down.value, 'down');
        // The control route lives on the Data API's server, which keeps answering.
        await ok('/node/start');
        const up = await check(target);
        assert.equal(up.value, 'up');
        // DELETE /holds starts a stopped node too.
        await ok('/node/stop');
        await control('DELETE', '/holds');
        assert.equal((await check(target)).value, 'up');
    });

    it('calls a node that answers but fails a health check unhealthy, and back', async () => {
        const target: WatchTarget = { kind: 'node', url: sandbox.nodeUrl };
        const up = await check(target);
        assert.equal(up.value, 'up');
        sandbox.settings.failingHealthChecks = ['network'];
        try {
            const sick = await check(target);
            assert.equal(sick.status, 'warning');
            assert.equal(sick.value, 'unhealthy:network');
            assert.equal(sick.summary, 'up but unhealthy: network');
            assert.ok(sick.details.some((d) => d.value === 'network: network check failed'));
            const change = describeChange(target, up, sick, threshold);
            assert.equal(change?.severity, 'warning');
            // Only the bootstrapped check failing: still starting, not sick.
            sandbox.settings.failingHealthChecks = ['bootstrapped'];
            const starting = await check(target);
            assert.equal(starting.value, 'bootstrapping');
            assert.equal(starting.summary, 'up, still bootstrapping');
        } finally {
            sandbox.settings.failingHealthChecks = [];
        }
        const back = await check(target);
        assert.equal(back.value, 'up');
    });

    it("scrapes a watched node's metrics and warns past the Key Metrics thresholds", async () => {
        const store = new NodeMetricsStore();
        const withMetrics: WatchSources = { ...sources, nodeMetrics: (url) => store.for(url) };
        const target: WatchTarget = { kind: 'node', url: sandbox.nodeUrl };
        const read = (): Promise<WatchObservation> =>
            checkTarget(target, withMetrics, threshold, new AbortController().signal);
        const first = await read();
        assert.equal(first.value, 'up');
        assert.ok(first.details.some((d) => d.label === 'Metrics' && /series/.test(d.value)));
        sandbox.settings.diskFreePercent = 3;
        try {
            const low = await read();
            assert.equal(low.status, 'warning');
            assert.equal(low.value, 'alert:diskFree/page');
            assert.match(low.summary, /Disk space free 3\.00% \(page below 5\.00%\)/);
            assert.equal(describeChange(target, first, low, threshold)?.severity, 'warning');
            sandbox.settings.diskFreePercent = 50;
            const ok2 = await read();
            assert.equal(ok2.value, 'up');
            assert.match(describeChange(target, low, ok2, threshold)?.text ?? '', /healthy again/);
            // One ring per node, shared: three rows now.
            assert.equal(store.for(node.url).history.size, 3);
        } finally {
            sandbox.settings.diskFreePercent = 29;
        }
    });

    it('does not count health checks not yet run after a start against the failing-checks threshold', async () => {
        const store = new NodeMetricsStore();
        const withMetrics: WatchSources = { ...sources, nodeMetrics: (url) => store.for(url) };
        const target: WatchTarget = { kind: 'node', url: sandbox.nodeUrl };
        const read = (): Promise<WatchObservation> =>
            checkTarget(target, withMetrics, threshold, new AbortController().signal);
        // Three checks registered, none run: the gauge reads 3, past the page threshold of 2.
        sandbox.settings.unrunHealthChecks = ['bls', 'network', 'router'];
        try {
            const fresh = await read();
            assert.equal(fresh.value, 'up', fresh.summary);
            // One of them run and failing, the others still unrun: one failing, under 2.
            sandbox.settings.failingHealthChecks = ['network'];
            sandbox.settings.unrunHealthChecks = ['bls', 'router'];
            const one = await read();
            assert.equal(one.value, 'unhealthy:network');
            assert.ok(!one.details.some((d) => d.label === 'Alert'), JSON.stringify(one.details));
            // Three run and failing: the threshold holds.
            sandbox.settings.failingHealthChecks = ['bls', 'network', 'router'];
            sandbox.settings.unrunHealthChecks = [];
            const three = await read();
            assert.ok(
                three.details.some(
                    (d) => d.label === 'Alert' && /Failing health checks 3/.test(d.value),
                ),
                JSON.stringify(three.details),
            );
        } finally {
            sandbox.settings.unrunHealthChecks = [];
            sandbox.settings.failingHealthChecks = [];
        }
    });
});
