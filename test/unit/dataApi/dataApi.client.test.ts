/**
 * DataApiClient against the sandbox network over real HTTP: every method, paging to the end,
 * every fault, the API key's reach, cancellation, sharing of identical GETs, and request
 * descriptions for "Copy as curl".
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
    collectPages,
    DataApiClient,
    type DataApiClientOptions,
    escapeMarkdown,
    formatAmount,
    isAbortError,
    isHttpError,
    isNetworkError,
    isPChainUtxo,
    isRateLimitedError,
    isResponseFormatError,
    isTimeoutError,
    isUnauthorizedError,
    iteratePages,
    toCurl,
    transferKind,
} from '../../../src/core';
import { type KnownIds, type RecordedRequest, type Sandbox, startSandbox } from '../../sandbox';

import { failure } from '../../helpers/failure';

const fastRetry = { baseDelayMs: 2, maxDelayMs: 10, maxTotalMs: 5_000 };

describe('(unit) dataApi client against the sandbox', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    const clients: DataApiClient[] = [];

    function client(options: DataApiClientOptions = {}): DataApiClient {
        const c = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: fastRetry,
            ...options,
        });
        clients.push(c);
        return c;
    }

    function requestsFor(operation: string): RecordedRequest[] {
        return sandbox.requests.filter((r) => r.operations.includes(operation));
    }

    before(async () => {
        sandbox = await startSandbox({ settings: { exportDelayMs: 50 } });
        known = sandbox.known.mainnet;
    });

    afterEach(async () => {
        sandbox.clearFaults();
        sandbox.clearRequests();
        sandbox.settings.requireApiKey = undefined;
        sandbox.settings.hostile = false;
        await Promise.all(clients.splice(0).map((c) => c.close()));
    });

    after(async () => {
        await sandbox.close();
    });

    describe('every method returns parsed data', () => {
        it('EVM: transactions, transfers, internals, balances, collectibles, blocks, one transaction', async () => {
            const c = client();
            const { cChainId: chainId, evmAddress: address } = known;

            const txs = await c.listTransactions({ chainId, address, pageSize: 5 });
            assert.equal(txs.items.length, 5);
            assert.ok(txs.nextPageToken);
            for (const t of txs.items) assert.match(t.nativeTransaction.txHash, /^0x[0-9a-f]{64}$/);

            const tx = await c.getTransaction({ chainId, txHash: known.evmTxHash });
            assert.equal(tx.nativeTransaction.txHash, known.evmTxHash);
            assert.ok((tx.erc20Transfers?.length ?? 0) > 0, 'the known tx has ERC-20 transfers');
            assert.ok((tx.internalTransactions?.length ?? 0) > 0, 'and internal transactions');
            assert.match(tx.nativeTransaction.value, /^\d+$/);
            assert.equal(typeof tx.networkTokenDetails.networkToken.decimals, 'number');

            const teleporter = await c.getTransaction({ chainId, txHash: known.teleporterTxHash });
            assert.ok(teleporter.teleporterMessageInfo?.teleporterMessageId);

            const erc1155 = await c.listErc1155Transactions({ chainId, address });
            assert.ok(erc1155.items.length > 0);
            assert.ok(erc1155.items.every((t) => t.erc1155Token.ercType === 'ERC-1155'));

            const transfers = await c.listTransfers({ chainId, address: known.erc20Contract });
            assert.ok(transfers.items.length > 0);
            assert.ok(transfers.items.every((t) => transferKind(t) === 'erc20'));

            const internals = await c.listInternalTransactions({ chainId, address });
            assert.ok(internals.items.length > 0);

            const erc20 = await c.listErc20Balances({ chainId, address, currency: 'usd' });
            assert.ok(erc20.items.length > 0);
            assert.match(erc20.nativeTokenBalance.balance, /^\d+$/);
            const usdc = erc20.items[0]!;
            assert.ok(formatAmount(usdc.balance, usdc.decimals, usdc.symbol).endsWith(usdc.symbol));

            const erc1155Balances = await c.listErc1155Balances({ chainId, address });
            assert.ok(erc1155Balances.items.length > 0);
            assert.equal(erc1155Balances.nativeTokenBalance.chainId, chainId);

            const collectibles = await c.listCollectibleBalances({ chainId, address });
            assert.ok(collectibles.items.length > 0);

            const byNumber = await c.getTransactionsForBlock({
                chainId,
                blockId: known.evmBlockNumber,
            });
            const byHash = await c.getTransactionsForBlock({
                chainId,
                blockId: known.evmBlockHash,
            });
            assert.ok(byNumber.items.length > 0);
            assert.deepEqual(byHash.items, byNumber.items);
            assert.ok(byNumber.items.every((t) => t.blockNumber === known.evmBlockNumber));

            const chains = await c.supportedChains();
            assert.ok(chains.chains.some((ch) => ch.chainId === chainId));
            const filtered = await c.supportedChains({ network: 'mainnet', feature: 'teleporter' });
            assert.ok(filtered.chains.length > 0);
        });

        it('primary network: UTXOs, asset transactions, vertices, blocks, subnets, L1 validators, signatures', async () => {
            const c = client();
            const pUtxos = await c.getUtxosByAddressesV2({
                network: 'mainnet',
                blockchainId: 'p-chain',
                addresses: known.pChainAddress,
            });
            assert.ok(pUtxos.items.length > 0);
            assert.ok(pUtxos.items.every(isPChainUtxo));
            assert.equal(pUtxos.chainInfo.chainName, 'p-chain');

            const xUtxos = await c.getUtxosByAddressesV2({
                network: 'mainnet',
                blockchainId: known.xChainId,
                addresses: [known.xChainAddress],
                sortBy: 'amount',
                sortOrder: 'desc',
            });
            assert.ok(xUtxos.items.length > 0);
            assert.ok(xUtxos.items.every((u) => !isPChainUtxo(u)));
            const recorded = requestsFor('getUtxosByAddressesV2');
            assert.equal(recorded.length, 2);
            assert.ok(recorded.every((r) => r.method === 'POST'));

            const assets = await c.listAssetTransactions({
                network: 'mainnet',
                blockchainId: 'x-chain',
                assetId: known.xAssetId,
            });
            assert.ok(assets.items.length > 0);
            assert.equal(assets.chainInfo.chainName, 'x-chain');

            const vertices = await c.getVertexByHeight({
                network: 'mainnet',
                blockchainId: 'x-chain',
                vertexHeight: known.vertexHeight,
            });
            assert.ok(vertices.items.length > 0);
            assert.ok(vertices.items.every((v) => v.vertexHeight === known.vertexHeight));

            const blocks = await c.listLatestPrimaryNetworkBlocks({
                network: 'mainnet',
                blockchainId: known.pChainId,
                pageSize: 3,
            });
            assert.equal(blocks.items.length, 3);

            const subnets = await c.listSubnets({ network: 'mainnet' });
            const l1 = subnets.items.find((s) => s.subnetId === known.l1SubnetId);
            assert.ok(l1?.isL1);
            assert.ok(l1.blockchains.some((b) => b.blockchainId === known.l1BlockchainId));

            const validators = await c.listL1Validators({
                network: 'mainnet',
                subnetId: known.l1SubnetId,
            });
            assert.ok(validators.items.some((v) => v.nodeId === known.l1NodeId));
            assert.match(validators.blockHeight, /^\d+$/);
            const one = await c.listL1Validators({ network: 'mainnet', nodeId: known.l1NodeId });
            assert.ok(one.items.every((v) => v.nodeId === known.l1NodeId));

            const signed = await c.getAggregatedSignatures({
                network: 'mainnet',
                txHash: known.pChainTxHash,
            });
            assert.match(signed.signedMessage, /^[0-9a-f]+$/);
        });

        it('export job: created once (POST), then polled by operation id until it completes', async () => {
            const c = client();
            const created = await c.postTransactionExportJob({
                type: 'TRANSACTION_EXPORT_EVM',
                firstDate: '2024-01-01',
                lastDate: '2024-12-31',
                options: { addresses: [known.evmAddress], includeChains: [known.cChainId] },
            });
            assert.equal(created.operationStatus, 'RUNNING');
            assert.equal(created.operationType, 'TRANSACTION_EXPORT_EVM');
            let state = await c.getOperationResult({ operationId: created.operationId });
            for (let i = 0; i < 50 && state.operationStatus === 'RUNNING'; i++) {
                await new Promise((resolve) => setTimeout(resolve, 20));
                state = await c.getOperationResult({ operationId: created.operationId });
            }
            assert.equal(state.operationStatus, 'COMPLETED');
            assert.ok(state.metadata?.downloadUrl);
        });

        it('Metrics API: token holders above a threshold', async () => {
            const c = client();
            const holders = await c.getAddressesByBalanceOverTime({
                chainId: known.cChainId,
                address: known.erc20Contract,
                threshold: '0',
            });
            assert.ok(holders.items.length > 0);
            assert.ok(holders.items.every((h) => typeof h.sortKey === 'string'));
            assert.equal(requestsFor('getAddressesByBalanceOverTime')[0]?.service, 'metrics');
        });

        it('still parses when every string of every answer is hostile text', async () => {
            sandbox.settings.hostile = true;
            const c = client();
            const tx = await c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash });
            const balances = await c.listErc20Balances({
                chainId: known.cChainId,
                address: known.evmAddress,
            });
            const subnets = await c.listSubnets({ network: 'mainnet', pageSize: 5 });
            for (const text of [
                tx.nativeTransaction.from.name ?? '',
                balances.items[0]?.symbol ?? '',
                subnets.items[0]?.blockchains[0]?.blockchainName ?? '',
            ]) {
                const safe = escapeMarkdown(text);
                assert.doesNotMatch(safe.replace(/\\[\s\S]/g, ''), /[[\]()<>`*_]/);
            }
            // Quantities turned into hostile text do not crash formatting; they show as they came.
            assert.equal(
                typeof formatAmount(balances.nativeTokenBalance.balance, 18, 'AVAX'),
                'string',
            );
        });
    });

    describe('paging', () => {
        it('collects every page to the end with collectPages, in order and without repeats', async () => {
            const c = client();
            const all = await c.listSubnets({ network: 'mainnet', pageSize: 10_000 });
            assert.equal(all.nextPageToken, undefined);
            assert.ok(all.items.length > 5, 'enough subnets to page through');
            const paged = await collectPages(
                c.pages('listSubnets', { network: 'mainnet', pageSize: 2 }),
            );
            assert.equal(paged.nextPageToken, undefined);
            assert.deepEqual(
                paged.items.map((s) => s.subnetId),
                all.items.map((s) => s.subnetId),
            );
            assert.equal(requestsFor('listSubnets').length, 1 + Math.ceil(all.items.length / 2));
        });

        it('stops at the bound and hands back the cursor to continue from', async () => {
            const c = client();
            const first = await collectPages(
                c.pages('listTransactions', {
                    chainId: known.cChainId,
                    address: known.evmAddress,
                    pageSize: 3,
                }),
                { maxPages: 2 },
            );
            assert.equal(first.items.length, 6);
            assert.ok(first.nextPageToken);
            const next = await c.listTransactions({
                chainId: known.cChainId,
                address: known.evmAddress,
                pageSize: 3,
                pageToken: first.nextPageToken,
            });
            const seen = new Set(first.items.map((t) => t.nativeTransaction.txHash));
            assert.ok(next.items.every((t) => !seen.has(t.nativeTransaction.txHash)));
            let pages = 0;
            for await (const page of iteratePages(
                c.pages('getVertexByHeight', {
                    network: 'mainnet',
                    blockchainId: 'x-chain',
                    vertexHeight: known.vertexHeight,
                    pageSize: 1,
                }),
            )) {
                pages++;
                assert.equal(page.items.length, 1);
            }
            assert.ok(pages >= 1);
        });
    });

    describe('faults', () => {
        it('429 becomes RateLimitedError with the wait and the remaining quota, not retried', async () => {
            sandbox.addFault({
                fault: { kind: 'status', status: 429, retryAfterSeconds: 7 },
                target: 'getTransaction',
            });
            const error = await failure(
                client().getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash }),
            );
            assert.ok(isRateLimitedError(error), String(error));
            assert.equal(error.status, 429);
            assert.equal(error.retryAfterMs, 7000);
            assert.equal(error.rateLimitRemaining, 0);
            assert.equal(error.rateLimitLimit, 20000);
            assert.match(error.message, /Try again in 7 s/);
            assert.equal(requestsFor('getTransaction').length, 1);
        });

        it('500 becomes HttpError at once (not retried)', async () => {
            sandbox.addFault({ fault: { kind: 'status', status: 500 }, target: 'listSubnets' });
            const error = await failure(client().listSubnets({ network: 'mainnet' }));
            assert.ok(isHttpError(error));
            assert.equal(error.status, 500);
            assert.equal(error.apiMessage, 'Internal server error');
            assert.equal(requestsFor('listSubnets').length, 1);
        });

        for (const status of [502, 503] as const) {
            it(`${status} once is retried and then succeeds`, async () => {
                sandbox.addFault({
                    fault: { kind: 'status', status },
                    target: 'getTransaction',
                    times: 1,
                });
                const tx = await client().getTransaction({
                    chainId: known.cChainId,
                    txHash: known.evmTxHash,
                });
                assert.equal(tx.nativeTransaction.txHash, known.evmTxHash);
                assert.equal(requestsFor('getTransaction').length, 2);
            });
        }

        it('a persistent 502 is retried a bounded number of times, then reported', async () => {
            sandbox.addFault({ fault: { kind: 'status', status: 502 }, target: 'getTransaction' });
            const c = client({ retry: { ...fastRetry, maxRetries: 2 } });
            const error = await failure(
                c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash }),
            );
            assert.ok(isHttpError(error));
            assert.equal(error.status, 502);
            assert.equal(requestsFor('getTransaction').length, 3, 'first attempt + 2 retries');
        });

        it('the export POST is never retried, even on 503', async () => {
            sandbox.addFault({
                fault: { kind: 'status', status: 503 },
                target: 'postTransactionExportJob',
                times: 1,
            });
            const error = await failure(
                client().postTransactionExportJob({
                    type: 'TRANSACTION_EXPORT_EVM',
                    options: { addresses: [known.evmAddress], includeChains: ['43114'] },
                }),
            );
            assert.ok(isHttpError(error));
            assert.equal(error.status, 503);
            assert.equal(requestsFor('postTransactionExportJob').length, 1);
        });

        it('the UTXO POST reads, so it is retried like a GET', async () => {
            sandbox.addFault({
                fault: { kind: 'status', status: 503 },
                target: 'getUtxosByAddressesV2',
                times: 1,
            });
            const page = await client().getUtxosByAddressesV2({
                network: 'mainnet',
                blockchainId: 'p-chain',
                addresses: [known.pChainAddress],
            });
            assert.ok(page.items.length > 0);
            assert.equal(requestsFor('getUtxosByAddressesV2').length, 2);
        });

        it('a reset connection is retried; when it persists it becomes NetworkError', async () => {
            sandbox.addFault({ fault: { kind: 'reset' }, target: 'getTransaction', times: 1 });
            const c = client();
            const tx = await c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash });
            assert.equal(tx.nativeTransaction.txHash, known.evmTxHash);
            sandbox.addFault({ fault: { kind: 'reset' }, target: 'getTransaction' });
            const error = await failure(
                c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash }),
            );
            assert.ok(isNetworkError(error), String(error));
        });

        it('closing the client ends a wait between attempts: the last failure stands, and no attempt follows', async () => {
            sandbox.addFault({ fault: { kind: 'status', status: 503 }, target: 'listSubnets' });
            const c = client({
                retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxTotalMs: 600_000 },
            });
            const pending = failure(c.listSubnets({ network: 'mainnet' }));
            while (requestsFor('listSubnets').length === 0)
                await new Promise((r) => setTimeout(r, 5));
            await c.close();
            const error = await pending;
            assert.ok(isHttpError(error) && error.status === 503, String(error));
            // Within the test's timeout, so the minute-long wait was cut short.
            assert.equal(requestsFor('listSubnets').length, 1);
            // Still usable after closing, with its retries.
            sandbox.clearFaults();
            const page = await c.listSubnets({ network: 'mainnet' });
            assert.ok(page.items.length > 0);
        });

        it('a truncated body becomes NetworkError (after the retries), never half-parsed data', async () => {
            sandbox.addFault({ fault: { kind: 'truncate' }, target: 'listSubnets' });
            const c = client({ retry: { ...fastRetry, maxRetries: 1 } });
            const error = await failure(c.listSubnets({ network: 'mainnet' }));
            assert.ok(isNetworkError(error), String(error));
            assert.equal(requestsFor('listSubnets').length, 2);
        });

        it('invalid JSON becomes ResponseFormatError', async () => {
            sandbox.addFault({ fault: { kind: 'invalidJson' }, target: 'getTransaction' });
            const error = await failure(
                client().getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash }),
            );
            assert.ok(isResponseFormatError(error), String(error));
            assert.match(error.message, /not valid JSON/);
        });

        it('a schema break becomes ResponseFormatError naming the broken field', async () => {
            sandbox.addFault({ fault: { kind: 'schemaBreak' }, target: 'listL1Validators' });
            const error = await failure(client().listL1Validators({ network: 'mainnet' }));
            assert.ok(isResponseFormatError(error), String(error));
            assert.match(
                error.message,
                /^The Data API sent an answer in an unexpected shape: validators: expected array, got number\.$/,
            );
            assert.ok(error.issues.length > 0);
            assert.match(error.url, /\/v1\/networks\/mainnet\/l1Validators$/);
        });

        it('latency past the headers timeout becomes TimeoutError', async () => {
            sandbox.addFault({
                fault: { kind: 'latency', ms: 1500 },
                target: 'getTransaction',
                times: 1,
            });
            const c = client({ timeouts: { headersMs: 100 } });
            const started = Date.now();
            const error = await failure(
                c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash }),
            );
            assert.ok(isTimeoutError(error), String(error));
            assert.equal(error.phase, 'headers');
            assert.ok(Date.now() - started < 1000);
        });

        it('a body that stalls past the body timeout becomes TimeoutError', async () => {
            // The sandbox delays whole answers; a stall in the middle of a body needs a server
            // that sends the headers and the first bytes, then nothing.
            const stalling = createServer((_req, res) => {
                res.writeHead(200, { 'content-type': 'application/json' });
                res.write('{"chains":[');
            });
            await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
            const { port } = stalling.address() as AddressInfo;
            try {
                const c = client({
                    baseUrl: `http://127.0.0.1:${port}`,
                    timeouts: { bodyMs: 100 },
                });
                const error = await failure(c.supportedChains());
                assert.ok(isTimeoutError(error), String(error));
                assert.equal(error.phase, 'body');
            } finally {
                stalling.closeAllConnections();
                await new Promise((resolve) => stalling.close(resolve));
            }
        });

        it('latency within the timeouts is just slow', async () => {
            sandbox.addFault({
                fault: { kind: 'latency', ms: 50 },
                target: 'getTransaction',
                times: 1,
            });
            const c = client({ timeouts: { headersMs: 2000, bodyMs: 2000 } });
            const tx = await c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash });
            assert.equal(tx.nativeTransaction.txHash, known.evmTxHash);
        });
    });

    describe('API key', () => {
        it('401 without a key when the service requires one; success with it', async () => {
            sandbox.settings.requireApiKey = 'secret-key-1';
            const anonymous = await failure(client().listSubnets({ network: 'mainnet' }));
            assert.ok(isUnauthorizedError(anonymous));
            assert.equal(anonymous.status, 401);
            assert.match(anonymous.message, /API key/);

            const wrong = await failure(
                client({ apiKey: 'wrong' }).listSubnets({ network: 'mainnet' }),
            );
            assert.ok(isUnauthorizedError(wrong));

            const keyed = client({ apiKey: 'secret-key-1' });
            const page = await keyed.listSubnets({ network: 'mainnet' });
            assert.ok(page.items.length > 0);

            const later = client();
            assert.equal(later.hasApiKey, false);
            later.setApiKey('secret-key-1');
            assert.ok(
                (await later.listSubnets({ network: 'mainnet', pageSize: 1 })).items.length === 1,
            );
            later.setApiKey('');
            assert.ok(
                isUnauthorizedError(
                    await failure(later.listSubnets({ network: 'mainnet', pageSize: 2 })),
                ),
            );
        });

        it('the key header is sent to the Data API and never to the Metrics API', async () => {
            const c = client({ apiKey: 'secret-key-2' });
            await c.getTransaction({ chainId: known.cChainId, txHash: known.evmTxHash });
            await c.getAddressesByBalanceOverTime({
                chainId: known.cChainId,
                address: known.erc20Contract,
                threshold: '1',
            });
            const data = sandbox.requests.filter((r) => r.service === 'dataApi');
            const metrics = sandbox.requests.filter((r) => r.service === 'metrics');
            assert.equal(data.length, 1);
            assert.equal(metrics.length, 1);
            assert.equal(data[0]!.headers['x-glacier-api-key'], 'secret-key-2');
            assert.equal(metrics[0]!.headers['x-glacier-api-key'], undefined);
            assert.ok(
                Object.values(metrics[0]!.headers).every(
                    (v) => !String(v).includes('secret-key-2'),
                ),
                'no header of the Metrics request carries the key',
            );
        });

        it('refuses a key header name that is not a header name', () => {
            for (const name of ['x api key', 'x-key:', '', 'ключ']) {
                assert.throws(() => client({ apiKey: 'k', apiKeyHeader: name }), TypeError, name);
            }
        });

        it('a custom key header name is honoured', async () => {
            const c = client({ apiKey: 'k3', apiKeyHeader: 'X-Api-Key' });
            await c.listSubnets({ network: 'mainnet', pageSize: 1 });
            const [request] = sandbox.requests;
            assert.equal(request!.headers['x-api-key'], 'k3');
            assert.equal(request!.headers['x-glacier-api-key'], undefined);
        });
    });

    describe('cancellation and sharing', () => {
        it('an aborted call rejects with AbortError promptly', async () => {
            sandbox.addFault({
                fault: { kind: 'latency', ms: 3000 },
                target: 'getTransaction',
                times: 1,
            });
            const controller = new AbortController();
            const started = Date.now();
            const pending = client().getTransaction(
                { chainId: known.cChainId, txHash: known.evmTxHash },
                { signal: controller.signal },
            );
            setTimeout(() => controller.abort(), 50);
            const error = await failure(pending);
            assert.ok(isAbortError(error), String(error));
            assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
        });

        it('an already aborted signal sends nothing', async () => {
            const controller = new AbortController();
            controller.abort();
            const error = await failure(
                client().listSubnets({ network: 'mainnet' }, { signal: controller.signal }),
            );
            assert.ok(isAbortError(error));
            assert.equal(sandbox.requests.length, 0);
        });

        it('identical concurrent GETs share one request; different ones do not', async () => {
            sandbox.addFault({
                fault: { kind: 'latency', ms: 100 },
                target: 'getTransaction',
                times: 2,
            });
            const c = client();
            const params = { chainId: known.cChainId, txHash: known.evmTxHash };
            const results = await Promise.all([
                c.getTransaction(params),
                c.getTransaction(params),
                c.getTransaction({ ...params }),
                c.getTransaction(params),
                c.getTransaction({ chainId: known.cChainId, txHash: known.teleporterTxHash }),
            ]);
            assert.equal(results[0].nativeTransaction.txHash, known.evmTxHash);
            assert.deepEqual(results[1], results[0]);
            assert.equal(requestsFor('getTransaction').length, 2);
        });

        it('one caller cancelling a shared GET does not cancel the others', async () => {
            sandbox.addFault({
                fault: { kind: 'latency', ms: 150 },
                target: 'getTransaction',
                times: 1,
            });
            const c = client();
            const params = { chainId: known.cChainId, txHash: known.evmTxHash };
            const controller = new AbortController();
            const cancelled = c.getTransaction(params, { signal: controller.signal });
            const kept = c.getTransaction(params);
            controller.abort();
            assert.ok(isAbortError(await failure(cancelled)));
            assert.equal((await kept).nativeTransaction.txHash, known.evmTxHash);
            assert.equal(requestsFor('getTransaction').length, 1);
        });
    });

    describe('request descriptions', () => {
        it('describes exactly what is sent, with the key redacted unless asked', async () => {
            const c = client({ apiKey: 'secret-key-4' });
            const params = {
                chainId: known.cChainId,
                address: known.evmAddress,
                pageSize: 2,
                sortOrder: 'asc',
            } as const;
            const described = c.describeRequest('listTransactions', params);
            await c.listTransactions(params);
            const [sent] = sandbox.requests;
            assert.equal(described.url, sandbox.dataApiUrl + sent!.url);
            assert.equal(described.method, 'GET');
            assert.equal(described.headers['x-glacier-api-key'], '<API_KEY>');
            assert.deepEqual(described.secretHeaders, ['x-glacier-api-key']);
            assert.equal(
                c.describeRequest('listTransactions', params, { includeKey: true }).headers[
                    'x-glacier-api-key'
                ],
                'secret-key-4',
            );

            const curl = toCurl(described);
            assert.ok(curl.startsWith(`curl '${described.url}'`));
            assert.ok(curl.includes(`-H 'x-glacier-api-key: <API_KEY>'`));
            assert.ok(!curl.includes('secret-key-4'));
            const withKey = toCurl(
                c.describeRequest('listTransactions', params, { includeKey: true }),
                { includeKey: true },
            );
            assert.ok(withKey.includes(`-H 'x-glacier-api-key: secret-key-4'`));
            assert.ok(
                !toCurl(
                    c.describeRequest('listTransactions', params, { includeKey: true }),
                ).includes('secret-key-4'),
            );
        });

        it('describes POST bodies and Metrics requests (which never carry the key)', () => {
            const c = client({ apiKey: 'secret-key-5' });
            const utxos = c.describeRequest('getUtxosByAddressesV2', {
                network: 'mainnet',
                blockchainId: 'p-chain',
                addresses: [known.pChainAddress, known.pChainAddress],
            });
            assert.equal(utxos.method, 'POST');
            assert.equal(
                utxos.body,
                JSON.stringify({ addresses: `${known.pChainAddress},${known.pChainAddress}` }),
            );
            assert.equal(utxos.headers['content-type'], 'application/json');
            assert.match(
                toCurl(utxos),
                /^curl -X POST '.*\/utxos' .* --data-raw '\{"addresses":"P-avax1/,
            );

            const holders = c.describeRequest('getAddressesByBalanceOverTime', {
                chainId: known.cChainId,
                address: known.erc20Contract,
                threshold: '5',
            });
            assert.equal(holders.service, 'Metrics API');
            assert.ok(holders.url.startsWith(sandbox.metricsUrl));
            assert.deepEqual(holders.secretHeaders, []);
            assert.ok(!toCurl(holders, { includeKey: true }).includes('secret-key-5'));
            assert.equal(sandbox.requests.length, 0, 'describing sends nothing');
        });

        it('quotes hostile text so that the shell expands nothing', () => {
            // Harmless payloads: if quoting failed, the shell would print INJECTED or SUBST.
            const key = `k'; echo INJECTED; echo '$(echo SUBST)\`echo SUBST\``;
            const c = client({ apiKey: key });
            const described = c.describeRequest(
                'listSubnets',
                { network: 'mainnet', pageToken: `x'; $(id) "y"` },
                { includeKey: true },
            );
            // The page token is percent-encoded into the URL; the key keeps its quotes.
            assert.ok(
                described.url.endsWith('pageToken=x%27%3B+%24%28id%29+%22y%22'),
                described.url,
            );
            const curl = toCurl(described, { includeKey: true });
            // The shell itself splits the command: printf in place of curl shows each argument.
            const printed = execFileSync(
                'bash',
                ['-c', curl.replace(/^curl /, "printf '%s\\n' ")],
                {
                    encoding: 'utf8',
                },
            );
            assert.deepEqual(printed.split('\n').slice(0, -1), [
                described.url,
                '-H',
                'accept: application/json',
                '-H',
                `x-glacier-api-key: ${key}`,
            ]);
        });
    });
});
