/**
 * The sandbox network over real HTTP (undici): REST validation and error paths, API key mode,
 * faults, export operations, the node's JSON-RPC endpoints (single and batch, every method, admin
 * state, public mode, bootstrapping), determinism, and cross-checks between the Data API and the
 * node that prove the generated data is internally consistent.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';

import { request } from 'undici';

import {
    cb58Decode,
    isNodeId,
    parseChainAddress,
    checksumAddress,
    hexToBytes,
} from '../../sandbox/ids';
import { hostileStrings } from '../../sandbox/hostile';
import { startSandbox, type KnownIds, type Sandbox } from '../../sandbox';
import { outRoot } from '../../helpers/paths';

type Json = Record<string, unknown>;

interface Reply {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    text: string;
    json: Json;
}

async function http(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
    const res = await request(url, {
        method: (init.method ?? 'GET') as 'GET',
        headers: init.headers ?? {},
        body: init.body ?? null,
    });
    const text = await res.body.text();
    let json: Json = {};
    try {
        json = JSON.parse(text) as Json;
    } catch {
        // Plain-text answers (405, 415, 404 page not found) are checked through `text`.
    }
    return { status: res.statusCode, headers: res.headers, text, json };
}

function items<T = Json>(body: Json, key: string): T[] {
    return body[key] as T[];
}

describe('(unit) sandbox network', function () {
    this.timeout(20_000);
    let sb: Sandbox;
    let k: KnownIds;
    let fuji: KnownIds;
    let startMs: number;

    const api = (path: string, init?: Parameters<typeof http>[1]): Promise<Reply> =>
        http(`${sb.dataApiUrl}${path}`, init);
    const post = (path: string, body: unknown): Promise<Reply> =>
        api(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
        });
    const rpc = async (
        path: string,
        body: unknown,
        contentType = 'application/json',
    ): Promise<Reply> =>
        http(`${sb.nodeUrl}${path}`, {
            method: 'POST',
            headers: { 'content-type': contentType },
            body: typeof body === 'string' ? body : JSON.stringify(body),
        });
    const call = async (path: string, method: string, params?: unknown): Promise<Json> => {
        const r = await rpc(
            path,
            params === undefined
                ? { jsonrpc: '2.0', id: 1, method }
                : { jsonrpc: '2.0', id: 1, method, params },
        );
        assert.equal(r.status, 200, `${method}: ${r.text}`);
        return r.json;
    };
    const result = async (path: string, method: string, params?: unknown): Promise<Json> => {
        const body = await call(path, method, params);
        assert.ok('result' in body, `${method}: ${JSON.stringify(body)}`);
        return body['result'] as Json;
    };
    /** Every item of a paged list, following nextPageToken. */
    const all = async (path: string, key: string): Promise<Json[]> => {
        const out: Json[] = [];
        let token: string | undefined;
        do {
            const sep = path.includes('?') ? '&' : '?';
            const r = await api(
                `${path}${token ? `${sep}pageToken=${encodeURIComponent(token)}` : ''}`,
            );
            assert.equal(r.status, 200, r.text);
            out.push(...items(r.json, key));
            token = r.json['nextPageToken'] as string | undefined;
        } while (token);
        return out;
    };

    before(async () => {
        const t = Date.now();
        sb = await startSandbox({ seed: 3, settings: { exportDelayMs: 150 } });
        startMs = Date.now() - t;
        k = sb.known.mainnet;
        fuji = sb.known.fuji;
    });
    after(async () => {
        await sb.close();
    });
    afterEach(() => {
        sb.clearFaults();
        Object.assign(sb.settings, {
            adminApi: true,
            publicNode: false,
            requireApiKey: undefined,
            hostile: false,
            nodeDown: false,
            exportDelayMs: 150,
        });
    });

    describe('ids and determinism', () => {
        it('starts fast and fills known ids with real formats for both networks', () => {
            assert.ok(startMs < 3000, `startup took ${startMs} ms`);
            for (const ids of [k, fuji]) {
                for (const key of [
                    'pChainId',
                    'xChainId',
                    'cChainBlockchainId',
                    'avaxAssetId',
                    'pChainTxHash',
                    'xChainTxHash',
                    'xAssetId',
                    'l1SubnetId',
                    'subnetId',
                    'l1BlockchainId',
                    'l1ValidationId',
                ] as const) {
                    assert.equal(cb58Decode(ids[key])?.length, 32, `${key} ${ids[key]}`);
                }
                assert.ok(isNodeId(ids.nodeId) && isNodeId(ids.l1NodeId));
                const hrp = ids.network === 'mainnet' ? 'avax' : 'fuji';
                assert.equal(parseChainAddress(ids.pChainAddress)?.hrp, hrp);
                assert.equal(parseChainAddress(ids.xChainAddress)?.chain, 'X');
                for (const key of [
                    'evmAddress',
                    'erc20Contract',
                    'erc721Contract',
                    'erc1155Contract',
                ] as const) {
                    assert.equal(
                        checksumAddress(hexToBytes(ids[key])),
                        ids[key],
                        `${key} is EIP-55`,
                    );
                }
                assert.match(ids.evmTxHash, /^0x[0-9a-f]{64}$/);
            }
            assert.equal(k.cChainId, '43114');
            assert.equal(fuji.cChainId, '43113');
            assert.equal(k.xChainId, '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM');
            assert.equal(fuji.avaxAssetId, 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK');
            assert.notEqual(k.evmAddress, fuji.evmAddress);
        });

        it('gives the same data for the same seed and different data for another seed', async () => {
            const twin = await startSandbox({ seed: 3 });
            const other = await startSandbox({ seed: 4 });
            try {
                assert.deepEqual(twin.known, sb.known);
                assert.notEqual(other.known.mainnet.evmTxHash, k.evmTxHash);
                for (const path of [
                    `/v1/chains/43114/addresses/${k.evmAddress}/transactions?pageSize=20`,
                    '/v1/networks/mainnet/subnets',
                    `/v1/networks/fuji/l1Validators?subnetId=${fuji.l1SubnetId}`,
                ]) {
                    const a = await api(path);
                    const b = await http(`${twin.dataApiUrl}${path}`);
                    assert.equal(b.text, a.text, path);
                }
            } finally {
                await twin.close();
                await other.close();
            }
        });
    });

    describe('Data API validation and errors', () => {
        const evm = (): string => `/v1/chains/43114/addresses/${k.evmAddress}`;
        it('rejects a bad network with a 400 message array and accepts testnet as fuji', async () => {
            const bad = await api('/v1/networks/devnet/subnets');
            assert.equal(bad.status, 400);
            assert.deepEqual(bad.json, {
                message: ['network must be one of the following values: mainnet, fuji, testnet'],
                statusCode: 400,
                error: 'Bad Request',
            });
            const testnet = await api('/v1/networks/testnet/subnets?pageSize=3');
            const fujiBody = await api('/v1/networks/fuji/subnets?pageSize=3');
            assert.equal(testnet.text, fujiBody.text);
        });

        it('enforces each endpoint page size range', async () => {
            const cases: [string, number, number, 'GET' | 'POST'][] = [
                [`${evm()}/transactions`, 1, 100, 'GET'],
                [`/v1/networks/mainnet/blockchains/p-chain/utxos`, 1, 1024, 'POST'],
                [
                    `/v1/networks/mainnet/blockchains/x-chain/assets/${k.avaxAssetId}/transactions`,
                    1,
                    100,
                    'GET',
                ],
                ['/v1/networks/mainnet/subnets', 1, 10000, 'GET'],
                [`${evm()}/transactions:listErc1155`, 1, 100, 'GET'],
                [`${evm()}/balances:listErc20`, 1, 500, 'GET'],
                [`/v1/chains/43114/tokens/${k.erc20Contract}/transfers`, 1, 100, 'GET'],
                [`${evm()}/transactions:listInternals`, 1, 100, 'GET'],
                [`${evm()}/balances:listErc1155`, 1, 500, 'GET'],
                [`/v1/chains/43114/blocks/${k.evmBlockNumber}/transactions`, 0, 100, 'GET'],
                [`${evm()}/balances:listCollectibles`, 1, 500, 'GET'],
                [
                    '/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=1',
                    1,
                    100,
                    'GET',
                ],
                ['/v1/networks/mainnet/blockchains/p-chain/blocks', 1, 100, 'GET'],
                ['/v1/networks/mainnet/l1Validators', 1, 100, 'GET'],
            ];
            for (const [path, min, max, method] of cases) {
                const sep = path.includes('?') ? '&' : '?';
                const send = (size: number): Promise<Reply> =>
                    method === 'POST'
                        ? post(`${path}${sep}pageSize=${size}`, { addresses: k.pChainAddress })
                        : api(`${path}${sep}pageSize=${size}`);
                const low = await send(min - 1);
                assert.equal(low.status, 400, `${path} below ${min}`);
                assert.deepEqual(low.json['message'], [`pageSize must not be less than ${min}`]);
                const high = await send(max + 1);
                assert.equal(high.status, 400, `${path} above ${max}`);
                assert.deepEqual(high.json['message'], [
                    `pageSize must not be greater than ${max}`,
                ]);
                assert.equal((await send(max)).status, 200, `${path} at ${max}`);
            }
            const metrics = await http(
                `${sb.metricsUrl}/v2/chains/43114/contracts/${k.erc20Contract}/balances?threshold=0&pageSize=5001`,
            );
            assert.equal(metrics.status, 400);
            const notInt = await api(`${evm()}/transactions?pageSize=ten`);
            assert.deepEqual(notInt.json['message'], ['pageSize must be an integer number']);
        });

        it('answers 404 for unknown ids and routes, 400 for malformed ones', async () => {
            const zeroHash = `0x${'0'.repeat(64)}`;
            const missingId = '2ZW6HUePBW2dP7dBGa5stjXe1uvK9LwEgrjebDwXEyL5bDMWWS';
            assert.equal(cb58Decode(missingId)?.length, 32);
            const notFound = [
                `/v1/chains/43114/transactions/${zeroHash}`,
                `/v1/chains/99999/addresses/${k.evmAddress}/transactions`,
                `/v1/chains/43114/blocks/${zeroHash}/transactions`,
                '/v1/chains/43114/blocks/99999999/transactions',
                `/v1/networks/mainnet/l1Validators?subnetId=${missingId}`,
                `/v1/networks/mainnet/blockchains/x-chain/assets/${missingId}/transactions`,
                `/v1/signatureAggregator/mainnet/aggregateSignatures/${missingId}`,
                '/v1/operations/2f1c6c1e-0000-4000-8000-000000000000',
                '/v1/unknown',
            ];
            for (const path of notFound) {
                const r = await api(path);
                assert.equal(r.status, 404, path);
                assert.equal(r.json['error'], 'Not Found');
                assert.equal(r.json['statusCode'], 404);
            }
            const badRequests = [
                '/v1/chains/43114/addresses/0x1234/transactions',
                '/v1/chains/43114/transactions/0xnothash',
                `${evm()}/transactions?pageToken=bm9wZQ`,
                `${evm()}/transactions?startBlock=50&endBlock=50`,
                `${evm()}/transactions?sortOrder=sideways`,
                `${evm()}/balances:listErc20?currency=xyz`,
                `/v1/networks/mainnet/blockchains/p-chain/assets/${k.avaxAssetId}/transactions`,
                '/v1/networks/mainnet/blockchains/p-chain/vertices:listByHeight?vertexHeight=1',
                '/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight',
                `/v1/networks/mainnet/blockchains/${fuji.xChainId}/blocks`,
                '/v1/networks/mainnet/l1Validators?nodeId=nope',
                `/v1/networks/mainnet/blockchains/x-chain/assets/${k.avaxAssetId}/transactions?txTypes=NoSuchTx`,
                `/v1/networks/mainnet/blockchains/p-chain/blocks?startTimestamp=10&endTimestamp=5`,
            ];
            for (const path of badRequests) {
                const r = await api(path);
                assert.equal(r.status, 400, `${path}: ${r.text}`);
                assert.ok(
                    Array.isArray(r.json['message']) || typeof r.json['message'] === 'string',
                );
                assert.equal(r.json['error'], 'Bad Request');
            }
            const otherNetwork = await post('/v1/networks/mainnet/blockchains/p-chain/utxos', {
                addresses: fuji.pChainAddress,
            });
            assert.equal(otherNetwork.status, 400);
            // Any of the three chain prefixes is accepted on any chain (4.3); another is not.
            const otherPrefix = await post('/v1/networks/mainnet/blockchains/p-chain/utxos', {
                addresses: k.xChainAddress,
            });
            assert.equal(otherPrefix.status, 200);
            const badPrefix = await post('/v1/networks/mainnet/blockchains/p-chain/utxos', {
                addresses: k.xChainAddress.replace(/^X-/, 'Q-'),
            });
            assert.equal(badPrefix.status, 400);
            const noBody = await post('/v1/networks/mainnet/blockchains/p-chain/utxos', {});
            assert.equal(noBody.status, 400);
        });

        it('filters and orders lists as the query asks', async () => {
            const desc = items(
                (await api(`${evm()}/transactions?pageSize=100`)).json,
                'transactions',
            );
            const asc = items(
                (await api(`${evm()}/transactions?pageSize=100&sortOrder=asc`)).json,
                'transactions',
            );
            assert.deepEqual(asc, [...desc].reverse());
            const ranged = items(
                (await api(`${evm()}/transactions?pageSize=100&startBlock=40&endBlock=90`)).json,
                'transactions',
            );
            assert.ok(ranged.length > 0);
            for (const t of ranged) {
                const n = Number((t['nativeTransaction'] as Json)['blockNumber']);
                assert.ok(n >= 40 && n < 90, `block ${n} in [40, 90)`);
            }
            const withSpam = items(
                (await api(`${evm()}/balances:listErc20?filterSpamTokens=false&pageSize=50`)).json,
                'erc20TokenBalances',
            );
            const filtered = items(
                (await api(`${evm()}/balances:listErc20?pageSize=50`)).json,
                'erc20TokenBalances',
            );
            assert.ok(withSpam.some((b) => b['tokenReputation'] === 'Malicious'));
            assert.ok(!filtered.some((b) => b['tokenReputation'] === 'Malicious'));
            assert.equal(withSpam.length, filtered.length + 1);
            const usd = items(
                (await api(`${evm()}/balances:listErc20`)).json,
                'erc20TokenBalances',
            )[0]!;
            const eur = items(
                (await api(`${evm()}/balances:listErc20?currency=eur`)).json,
                'erc20TokenBalances',
            )[0]!;
            assert.equal((eur['price'] as Json)['currencyCode'], 'eur');
            assert.ok(
                Math.abs(
                    ((eur['price'] as Json)['value'] as number) -
                        ((usd['price'] as Json)['value'] as number) * 0.92,
                ) < 1e-6,
            );
            const one = items(
                (await api(`${evm()}/balances:listErc20?contractAddresses=${k.erc20Contract}`))
                    .json,
                'erc20TokenBalances',
            );
            assert.deepEqual(
                one.map((b) => b['address']),
                [k.erc20Contract],
            );
            const inactive = items(
                (
                    await api(
                        `/v1/networks/mainnet/l1Validators?subnetId=${k.l1SubnetId}&includeInactiveL1Validators=true`,
                    )
                ).json,
                'validators',
            );
            const active = items(
                (await api(`/v1/networks/mainnet/l1Validators?subnetId=${k.l1SubnetId}`)).json,
                'validators',
            );
            assert.ok(inactive.length > active.length);
            assert.ok(active.every((v) => (v['remainingBalance'] as number) > 0));
            const byNode = items(
                (await api(`/v1/networks/mainnet/l1Validators?nodeId=${k.l1NodeId}`)).json,
                'validators',
            );
            assert.deepEqual(
                byNode.map((v) => v['validationId']),
                [k.l1ValidationId],
            );
            const byId = items(
                (await api(`/v1/networks/mainnet/l1Validators?l1ValidationId=${k.l1ValidationId}`))
                    .json,
                'validators',
            );
            assert.deepEqual(
                byId.map((v) => v['nodeId']),
                [k.l1NodeId],
            );
            const utxoPath = '/v1/networks/mainnet/blockchains/p-chain/utxos?pageSize=100';
            const unspent = items(
                (await post(utxoPath, { addresses: k.pChainAddress })).json,
                'utxos',
            );
            const withSpent = items(
                (await post(`${utxoPath}&includeSpent=true`, { addresses: k.pChainAddress })).json,
                'utxos',
            );
            assert.ok(
                withSpent.length > unspent.length &&
                    unspent.every((u) => u['consumingTxHash'] === undefined),
            );
            const byAmount = items(
                (
                    await post(
                        `${utxoPath}&sortBy=amount&sortOrder=asc&minUtxoAmount=100000000000`,
                        { addresses: k.pChainAddress },
                    )
                ).json,
                'utxos',
            );
            const amounts = byAmount.map((u) => Number(u['amount']));
            assert.deepEqual(
                amounts,
                [...amounts].sort((a, b) => a - b),
            );
            assert.ok(amounts.every((a) => a >= 100_000_000_000));
            const xAsset = items(
                (
                    await post(
                        `/v1/networks/mainnet/blockchains/x-chain/utxos?pageSize=100&assetId=${k.xAssetId}&includeSpent=true`,
                        { addresses: k.xChainAddress },
                    )
                ).json,
                'utxos',
            );
            assert.ok(
                xAsset.length > 0 &&
                    xAsset.every((u) => (u['asset'] as Json)['assetId'] === k.xAssetId),
            );
            const creates = items(
                (
                    await api(
                        `/v1/networks/mainnet/blockchains/x-chain/assets/${k.avaxAssetId}/transactions?txTypes=CreateAssetTx&pageSize=100`,
                    )
                ).json,
                'transactions',
            );
            assert.ok(creates.length > 0 && creates.every((t) => t['txType'] === 'CreateAssetTx'));
        });

        it('reads balances at an earlier block', async () => {
            const path = `${evm()}/balances:listErc20?contractAddresses=${k.erc20Contract}`;
            const before = await api(`${path}&blockNumber=${Number(k.evmBlockNumber) - 1}`);
            const after = await api(`${path}&blockNumber=${k.evmBlockNumber}`);
            const value = (r: Reply): bigint =>
                BigInt(
                    (items(r.json, 'erc20TokenBalances')[0]?.['balance'] as string | undefined) ??
                        '0',
                );
            const swapped = (await api(`/v1/chains/43114/transactions/${k.evmTxHash}`)).json;
            const sent = BigInt((swapped['erc20Transfers'] as Json[])[0]!['value'] as string);
            assert.equal(
                value(before) - value(after),
                sent,
                'the showcase swap sends USDC in that block',
            );
            assert.equal((await api(`${path}&blockNumber=999999999`)).status, 400);
        });

        it('requires the API key only on the Data API when configured, and reports rate limits', async () => {
            sb.settings.requireApiKey = 'secret-key';
            const missing = await api('/v1/chains');
            assert.equal(missing.status, 401);
            assert.deepEqual(Object.keys(missing.json).sort(), ['error', 'message', 'statusCode']);
            assert.equal(missing.json['error'], 'Unauthorized');
            const wrong = await api('/v1/chains', { headers: { 'x-glacier-api-key': 'nope' } });
            assert.equal(wrong.status, 401);
            const ok = await api('/v1/chains', { headers: { 'x-glacier-api-key': 'secret-key' } });
            assert.equal(ok.status, 200);
            assert.match(String(ok.headers['ratelimit-policy']), /^\d+;w=60$/);
            const remaining = Number(ok.headers['ratelimit-remaining']);
            const next = await api(`/v1/networks/mainnet/subnets`, {
                headers: { 'x-glacier-api-key': 'secret-key' },
            });
            assert.equal(Number(next.headers['ratelimit-remaining']), remaining - 20);
            assert.equal(next.headers['ratelimit-limit'], ok.headers['ratelimit-limit']);
            const metrics = await http(
                `${sb.metricsUrl}/v2/chains/43114/contracts/${k.erc20Contract}/balances?threshold=1`,
            );
            assert.equal(metrics.status, 200);
            assert.equal(
                (await call('/ext/info', 'info.getNetworkID'))['result'] !== undefined,
                true,
            );
        });
    });

    describe('export operations', () => {
        const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
        const poll = async (id: string): Promise<Json> => {
            for (let i = 0; i < 50; i++) {
                const r = await api(`/v1/operations/${id}`);
                assert.equal(r.status, 200);
                if (r.json['operationStatus'] !== 'RUNNING') return r.json;
                await wait(40);
            }
            throw new Error('operation never finished');
        };

        it('runs, completes and serves the CSV', async () => {
            const created = await post('/v1/operations/transactions:export', {
                type: 'TRANSACTION_EXPORT_EVM',
                firstDate: '2025-06-01',
                lastDate: '2026-01-01',
                options: { addresses: [k.evmAddress], includeChains: ['43114'] },
            });
            assert.equal(created.status, 201);
            assert.equal(created.json['operationStatus'], 'RUNNING');
            assert.equal(created.json['metadata'], undefined);
            const done = await poll(created.json['operationId'] as string);
            assert.equal(done['operationStatus'], 'COMPLETED');
            assert.ok(
                (done['updatedAtTimestamp'] as number) >=
                    (done['createdAtTimestamp'] as number) + 150,
            );
            const url = (done['metadata'] as Json)['downloadUrl'] as string;
            const csv = await http(url);
            assert.equal(csv.status, 200);
            assert.match(String(csv.headers['content-type']), /text\/csv/);
            assert.ok(csv.text.startsWith('chainId,txHash,'));
            assert.ok(csv.text.includes(k.evmTxHash));
        });

        it('fails invalid requests, truncates wide ranges and rejects malformed bodies', async () => {
            const cases: [Json, string, string | undefined][] = [
                [
                    {
                        type: 'TRANSACTION_EXPORT_EVM',
                        options: { addresses: ['0xnope'], includeChains: ['43114'] },
                    },
                    'FAILED',
                    'ErrInvalidRequest',
                ],
                [
                    {
                        type: 'TRANSACTION_EXPORT_EVM',
                        options: { addresses: [k.evmAddress], includeChains: ['1'] },
                    },
                    'FAILED',
                    'ErrInvalidRequest',
                ],
                [
                    {
                        type: 'TRANSACTION_EXPORT_EVM',
                        firstDate: '2025-05-02',
                        lastDate: '2025-05-01',
                        options: { addresses: [k.evmAddress], includeChains: ['43114'] },
                    },
                    'FAILED',
                    'ErrInvalidRequest',
                ],
                [
                    {
                        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
                        firstDate: '2021-01-01',
                        lastDate: '2025-12-31',
                        options: {
                            addresses: [k.pChainAddress],
                            includeChains: ['p-chain', 'x-chain'],
                        },
                    },
                    'COMPLETED_WITH_WARNING',
                    'WarnTruncatedExport',
                ],
                [
                    {
                        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
                        firstDate: '2025-01-01',
                        lastDate: '2025-03-01',
                        options: { addresses: [k.pChainAddress], includeChains: ['p-chain'] },
                    },
                    'COMPLETED',
                    undefined,
                ],
            ];
            sb.settings.exportDelayMs = 0;
            for (const [body, status, code] of cases) {
                const created = await post('/v1/operations/transactions:export', body);
                assert.equal(created.status, 201);
                const done = await poll(created.json['operationId'] as string);
                assert.equal(done['operationStatus'], status, JSON.stringify(body));
                assert.equal((done['metadata'] as Json | undefined)?.['code'], code);
                if (code === 'WarnTruncatedExport')
                    assert.equal((done['metadata'] as Json)['nextDate'], '2022-01-03');
                if (status === 'FAILED')
                    assert.equal((done['metadata'] as Json)['downloadUrl'], undefined);
            }
            assert.equal(
                (
                    await api('/v1/operations/transactions:export', {
                        method: 'POST',
                        headers: { 'content-type': 'application/json' },
                        body: '{',
                    })
                ).status,
                400,
            );
            assert.equal(
                (await post('/v1/operations/transactions:export', { type: 'NOPE', options: {} }))
                    .status,
                400,
            );
        });
    });

    describe('faults and recording', () => {
        it('delays, fails with real bodies and headers, then recovers after `times`', async () => {
            const path = `/v1/networks/mainnet/subnets?pageSize=1`;
            sb.addFault({ fault: { kind: 'latency', ms: 120 }, target: 'listSubnets', times: 1 });
            const t = Date.now();
            assert.equal((await api(path)).status, 200);
            assert.ok(Date.now() - t >= 110);
            sb.addFault({
                fault: { kind: 'status', status: 429, retryAfterSeconds: 7 },
                target: 'listSubnets',
                times: 1,
            });
            const limited = await api(path);
            assert.equal(limited.status, 429);
            assert.deepEqual(limited.json, {
                message: 'Rate limit exceeded. Please try again later.',
                statusCode: 429,
                error: 'Too Many Requests',
            });
            assert.equal(limited.headers['retry-after'], '7');
            assert.equal(limited.headers['ratelimit-reset'], '7');
            assert.equal(limited.headers['ratelimit-remaining'], '0');
            assert.ok(limited.headers['ratelimit-limit'] && limited.headers['ratelimit-policy']);
            for (const status of [500, 502, 503] as const) {
                sb.addFault({ fault: { kind: 'status', status }, service: 'dataApi', times: 1 });
                const r = await api(path);
                assert.equal(r.status, status);
                assert.equal(r.json['statusCode'], status);
                assert.equal(typeof r.json['error'], 'string');
            }
            assert.equal((await api(path)).status, 200);
        });

        it('breaks connections and bodies on demand', async () => {
            const path = `/v1/chains/43114/transactions/${k.evmTxHash}`;
            sb.addFault({
                fault: { kind: 'reset' },
                target: '/v1/chains/43114/transactions',
                times: 1,
            });
            await assert.rejects(api(path));
            sb.addFault({ fault: { kind: 'truncate' }, target: 'getTransaction', times: 1 });
            await assert.rejects(api(path));
            sb.addFault({ fault: { kind: 'invalidJson' }, target: 'getTransaction', times: 1 });
            const invalid = await api(path);
            assert.equal(invalid.status, 200);
            assert.throws(() => JSON.parse(invalid.text) as unknown);
            sb.addFault({ fault: { kind: 'schemaBreak' }, target: 'getTransaction', times: 1 });
            const broken = await api(path);
            const good = await api(path);
            assert.equal(typeof broken.json['erc20Transfers'], 'number');
            assert.ok(Array.isArray(good.json['erc20Transfers']));
            sb.addFault({ fault: { kind: 'schemaBreak' }, target: 'info.getNetworkID', times: 1 });
            assert.equal(
                typeof (await result('/ext/info', 'info.getNetworkID'))['networkID'],
                'number',
            );
            sb.addFault({ fault: { kind: 'status', status: 503 }, service: 'node', times: 1 });
            const down = await rpc('/ext/info', {
                jsonrpc: '2.0',
                id: 1,
                method: 'info.getNetworkID',
            });
            assert.equal(down.status, 503);
            sb.settings.nodeDown = true;
            await assert.rejects(
                rpc('/ext/info', { jsonrpc: '2.0', id: 1, method: 'info.getNetworkID' }),
            );
        });

        it('records every request with its operation ids and RPC methods', async () => {
            sb.clearRequests();
            await api(`/v1/chains/43114/transactions/${k.evmTxHash}`, {
                headers: { 'x-glacier-api-key': 'abc' },
            });
            await rpc('/ext/info', [
                { jsonrpc: '2.0', id: 1, method: 'info.getNodeID' },
                { jsonrpc: '2.0', id: 2, method: 'info.peers' },
            ]);
            await http(
                `${sb.metricsUrl}/v2/chains/43114/contracts/${k.erc20Contract}/balances?threshold=5`,
            );
            const seen = sb.requests.map((r) => [r.service, r.method, r.operations.join('+')]);
            assert.deepEqual(seen, [
                ['dataApi', 'GET', 'getTransaction'],
                ['node', 'POST', 'info.getNodeID+info.peers'],
                ['metrics', 'GET', 'getAddressesByBalanceOverTime'],
            ]);
            assert.equal(sb.requests[0]!.headers['x-glacier-api-key'], 'abc');
            assert.equal(sb.requests[1]!.url, '/ext/info');
        });

        it('exposes settings, faults, requests and known ids on the control route', async () => {
            const control = (path: string, method = 'GET', body?: unknown): Promise<Reply> =>
                api(`/__sandbox${path}`, {
                    method,
                    headers: { 'content-type': 'application/json' },
                    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
                });
            assert.deepEqual(
                (await control('/known')).json,
                JSON.parse(JSON.stringify(sb.known)) as Json,
            );
            assert.equal(
                (await control('/settings', 'POST', { hostile: true, requireApiKey: 'zz' })).status,
                200,
            );
            assert.equal(sb.settings.hostile, true);
            assert.equal((await api('/v1/chains')).status, 401);
            assert.equal(
                (await control('/settings', 'POST', { requireApiKey: null, hostile: false }))
                    .status,
                200,
            );
            assert.equal(sb.settings.requireApiKey, undefined);
            assert.equal((await control('/settings', 'POST', { nope: 1 })).status, 400);
            assert.equal(
                (
                    await control('/faults', 'POST', {
                        fault: { kind: 'status', status: 502 },
                        target: 'supportedChains',
                        times: 1,
                    })
                ).status,
                201,
            );
            assert.equal((await api('/v1/chains')).status, 502);
            assert.equal((await api('/v1/chains')).status, 200);
            await control('/faults', 'POST', { fault: { kind: 'status', status: 500 } });
            assert.equal((await control('/state')).json['faults'] instanceof Array, true);
            assert.equal((await control('/faults', 'DELETE')).status, 200);
            assert.equal((await api('/v1/chains')).status, 200);
            assert.equal(
                (await control('/faults', 'POST', { fault: { kind: 'boom' } })).status,
                400,
            );
            const recorded = (await control('/requests')).json as unknown as {
                operations: string[];
            }[];
            assert.ok(recorded.some((r) => r.operations.includes('supportedChains')));
            await control('/requests', 'DELETE');
            assert.equal(sb.requests.length, 0);
            const state = (await control('/state')).json;
            assert.equal(((state['stats'] as Json)['mainnet'] as Json)['subnets'], 24);
        });
    });

    describe('node JSON-RPC', () => {
        it('answers every info method, with AvalancheGo string numbers', async () => {
            const info = async (method: string, params?: unknown): Promise<Json> =>
                result('/ext/info', `info.${method}`, params);
            assert.deepEqual(await info('getNetworkID'), { networkID: '1' });
            assert.deepEqual(await info('getNetworkName'), { networkName: 'mainnet' });
            assert.equal((await info('getNodeID'))['nodeID'], k.nodeId);
            assert.match((await info('getNodeIP'))['ip'] as string, /^\d+\.\d+\.\d+\.\d+:\d+$/);
            assert.deepEqual(await info('getBlockchainID', { alias: 'X' }), {
                blockchainID: k.xChainId,
            });
            assert.deepEqual(await info('isBootstrapped', { chain: 'C' }), {
                isBootstrapped: true,
            });
            assert.match(
                (await info('getNodeVersion'))['version'] as string,
                /^avalanchego\/\d+\.\d+\.\d+$/,
            );
            const fee = await info('getTxFee');
            assert.equal(Object.keys(fee).length, 9);
            assert.ok(Object.values(fee).every((v) => typeof v === 'string' && /^\d+$/.test(v)));
            assert.ok(Object.keys((await info('getVMs'))['vms'] as Json).length >= 3);
            const peers = await info('peers');
            assert.equal(typeof peers['numPeers'], 'string');
            assert.equal(Number(peers['numPeers']), (peers['peers'] as Json[]).length);
            assert.ok(
                (peers['peers'] as Json[]).every(
                    (p) =>
                        typeof p['observedUptime'] === 'string' && isNodeId(p['nodeID'] as string),
                ),
            );
            const one = await info('peers', {
                nodeIDs: [(peers['peers'] as Json[])[0]!['nodeID']],
            });
            assert.equal(one['numPeers'], '1');
            const uptime = await info('uptime');
            assert.match(uptime['rewardingStakePercentage'] as string, /^\d+\.\d{4}$/);
            const acps = (await info('acps'))['acps'] as Record<string, Json>;
            assert.ok(Object.values(acps).every((a) => typeof a['abstainWeight'] === 'string'));
            assert.equal(
                (await info('upgrades'))['cortinaXChainStopVertexID'],
                'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
            );
        });

        it('refuses batches and reproduces gorilla json2 errors', async () => {
            // json2 decodes one request object per body: an array is a parse error, as a real
            // AvalancheGo answers (test/fixtures/realnode/info.json).
            const batch = await rpc('/ext/info', [
                { jsonrpc: '2.0', id: 7, method: 'info.getNetworkID' },
                { jsonrpc: '2.0', id: 'b', method: 'info.fooBar' },
            ]);
            assert.deepEqual(batch.json, {
                jsonrpc: '2.0',
                error: {
                    code: -32700,
                    message:
                        'json: cannot unmarshal array into Go value of type json2.serverRequest',
                    data: { jsonrpc: '', method: '', params: null, id: null },
                },
                id: null,
            });
            const unknown = await rpc('/ext/info', {
                jsonrpc: '2.0',
                id: 'b',
                method: 'info.fooBar',
            });
            assert.deepEqual(unknown.json, {
                jsonrpc: '2.0',
                error: {
                    code: -32000,
                    message: 'rpc: can\'t find method "info.FooBar"',
                    data: null,
                },
                id: 'b',
            });
            const badParams = await rpc('/ext/info', {
                jsonrpc: '2.0',
                id: 9,
                method: 'info.isBootstrapped',
                params: { chain: 42 },
            });
            assert.deepEqual(badParams.json['error'], {
                code: -32000,
                message:
                    "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
                data: null,
            });
            assert.equal(
                ((await call('/ext/info', 'info.GetNodeID'))['error'] as Json)['message'],
                'method must start with a non-uppercase letter',
            );
            assert.equal(
                ((await call('/ext/info', 'admin.alias'))['error'] as Json)['message'],
                'rpc: can\'t find service "admin.Alias"',
            );
            const parse = await rpc('/ext/info', '{"jsonrpc":');
            assert.equal((parse.json['error'] as Json)['code'], -32700);
            const version = await rpc('/ext/info', {
                jsonrpc: '1.0',
                id: 1,
                method: 'info.getNetworkID',
            });
            assert.equal((version.json['error'] as Json)['code'], -32600);
            assert.equal((version.json['error'] as Json)['message'], 'jsonrpc must be 2.0');
            const get = await http(`${sb.nodeUrl}/ext/info`);
            assert.equal(get.status, 405);
            assert.equal(get.text, 'rpc: POST method required, received GET');
            const type = await rpc(
                '/ext/info',
                { jsonrpc: '2.0', id: 1, method: 'info.getNetworkID' },
                'text/plain',
            );
            assert.equal(type.status, 415);
            assert.equal(type.text, 'rpc: unrecognized Content-Type: text/plain');
            assert.equal(
                ((await call('/ext/info', 'info.isBootstrapped', {}))['error'] as Json)['message'],
                "argument 'chain' not given",
            );
        });

        it('keeps admin state: aliases, chain aliases, logger levels, profiler', async () => {
            const admin = (method: string, params?: unknown): Promise<Json> =>
                call('/ext/admin', `admin.${method}`, params);
            assert.deepEqual(
                (await admin('alias', { endpoint: 'info', alias: 'myinfo' }))['result'],
                {},
            );
            assert.deepEqual(await result('/ext/myinfo', 'info.getNetworkID'), { networkID: '1' });
            assert.equal(
                (
                    (await admin('alias', { endpoint: 'info', alias: 'x'.repeat(513) }))[
                        'error'
                    ] as Json
                )['message'],
                'alias length is too long',
            );
            await admin('aliasChain', { chain: k.l1BlockchainId, alias: 'gaming' });
            assert.equal(
                await result('/ext/bc/gaming/rpc', 'eth_chainId'),
                `0x${Number(k.l1EvmChainId).toString(16)}`,
            );
            const aliases = (await admin('getChainAliases', { chain: k.l1BlockchainId }))[
                'result'
            ] as Json;
            assert.ok((aliases['aliases'] as string[]).includes('gaming'));
            assert.deepEqual(
                ((await admin('getChainAliases', { chain: k.xChainId }))['result'] as Json)[
                    'aliases'
                ],
                ['X', 'avm', k.xChainId],
            );
            assert.equal(
                ((await admin('setLoggerLevel', { loggerName: 'C' }))['error'] as Json)['message'],
                'need to specify either displayLevel or logLevel',
            );
            const bad = (await admin('setLoggerLevel', { logLevel: 'LOUD' }))['error'] as Json;
            assert.equal(bad['code'], -32000);
            assert.match(bad['message'] as string, /^couldn't unmarshal an argument/);
            await admin('setLoggerLevel', {
                loggerName: 'C',
                logLevel: 'debug',
                displayLevel: 'Verbo',
            });
            assert.deepEqual(
                ((await admin('getLoggerLevel', { loggerName: 'C' }))['result'] as Json)[
                    'loggerLevels'
                ],
                { C: { logLevel: 'DEBUG', displayLevel: 'VERBO' } },
            );
            assert.ok(
                Object.keys(
                    ((await admin('getLoggerLevel'))['result'] as Json)['loggerLevels'] as Json,
                ).length > 3,
            );
            assert.deepEqual((await admin('startCPUProfiler'))['result'], {});
            assert.equal(
                ((await admin('startCPUProfiler'))['error'] as Json)['message'],
                'cpu profiler already running',
            );
            assert.deepEqual((await admin('stopCPUProfiler'))['result'], {});
            assert.equal(
                ((await admin('stopCPUProfiler'))['error'] as Json)['message'],
                "cpu profiler doesn't exist",
            );
            assert.deepEqual((await admin('lockProfile'))['result'], {});
            assert.deepEqual((await admin('memoryProfile'))['result'], {});
            const loaded = (await admin('loadVMs'))['result'] as Json;
            assert.ok(Object.keys(loaded['newVMs'] as Json).length >= 0);
        });

        it('hides admin when disabled, refuses node-specific methods in public mode, rejects a bootstrapping chain', async () => {
            sb.settings.adminApi = false;
            const off = await rpc('/ext/admin', {
                jsonrpc: '2.0',
                id: 1,
                method: 'admin.lockProfile',
            });
            assert.equal(off.status, 404);
            assert.equal(off.text, '404 page not found\n');
            assert.match(String(off.headers['content-type']), /^text\/plain/);
            sb.settings.adminApi = true;
            sb.settings.publicNode = true;
            assert.equal(
                (await rpc('/ext/admin', { jsonrpc: '2.0', id: 1, method: 'admin.lockProfile' }))
                    .status,
                404,
            );
            for (const method of ['info.getNodeID', 'info.getNodeIP', 'info.getVMs']) {
                const refused = (await call('/ext/info', method))['error'] as Json;
                assert.equal(refused['code'], -32601);
                assert.equal(
                    refused['message'],
                    `the method ${method} does not exist/is not available`,
                );
            }
            assert.deepEqual(await result('/ext/info', 'info.getNetworkID'), { networkID: '1' });
            sb.settings.publicNode = false;
            const chains = items((await api('/v1/chains?network=mainnet')).json, 'chains');
            const unavailable = chains.find((c) => c['status'] === 'UNAVAILABLE')!;
            const busy = await http(`${unavailable['rpcUrl'] as string}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
            });
            assert.equal(busy.status, 503);
            assert.equal(busy.text, 'API call rejected because chain is not done bootstrapping\n');
            assert.deepEqual(
                await result('/ext/info', 'info.isBootstrapped', {
                    chain: unavailable['platformChainId'],
                }),
                { isBootstrapped: false },
            );
            assert.equal(
                (await http(`${sb.nodeUrl}/ext/bc/nowhere/rpc`, { method: 'POST' })).status,
                404,
            );
        });

        it('serves the EVM methods geth-style on the C-Chain and the L1s', async () => {
            const c = '/ext/bc/C/rpc';
            const l1 = `/ext/bc/${k.l1BlockchainId}/rpc`;
            assert.equal(await result(c, 'eth_chainId'), '0xa86a');
            const feeOnC = await call(c, 'eth_feeConfig', []);
            assert.deepEqual(feeOnC['error'], {
                code: -32601,
                message: 'the method eth_feeConfig does not exist/is not available',
            });
            assert.equal(
                typeof ((await result(l1, 'eth_feeConfig', []))['feeConfig'] as Json)['gasLimit'],
                'number',
            );
            const rules = await result(l1, 'eth_getActiveRulesAt', []);
            assert.deepEqual(Object.keys(rules), ['ethRules', 'avalancheRules', 'precompiles']);
            assert.equal((rules['avalancheRules'] as Json)['IsSubnetEVM'], true);
            assert.ok(
                'contractNativeMinterConfig' in
                    (await result(l1, 'eth_getActivePrecompilesAt', [])),
            );
            assert.equal(
                (await result(l1, 'eth_getChainConfig', []))['chainId'],
                Number(k.l1EvmChainId),
            );
            assert.equal((await result(c, 'eth_getChainConfig', []))['chainId'], 43114);
            assert.deepEqual((await call(c, 'eth_getBalance', []))['error'], {
                code: -32602,
                message: 'missing value for required argument 0',
            });
            assert.equal(((await call(c, 'eth_nope', []))['error'] as Json)['code'], -32601);
            const batch = await rpc(c, [
                { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
                { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
            ]);
            assert.deepEqual(
                (batch.json as unknown as Json[]).map((r) => r['id']),
                [1, 2],
            );
            assert.equal(((await rpc(c, [])).json['error'] as Json)['message'], 'empty batch');
            assert.equal(((await rpc(c, '{oops')).json['error'] as Json)['code'], -32700);
            assert.equal((await rpc(c, {}, 'text/plain')).status, 415);
            assert.equal(await result(c, 'eth_getCode', [k.evmAddress, 'latest']), '0x');
            assert.ok(
                ((await result(c, 'eth_getCode', [k.erc20Contract, 'latest'])) as unknown as string)
                    .length > 10,
            );
        });
    });

    describe('consistency between the Data API and the node', () => {
        it('transactions, blocks and balances agree', async () => {
            const c = '/ext/bc/C/rpc';
            const full = (await api(`/v1/chains/43114/transactions/${k.evmTxHash}`)).json;
            const native = full['nativeTransaction'] as Json;
            const tx = await result(c, 'eth_getTransactionByHash', [k.evmTxHash]);
            assert.equal(tx['blockHash'], native['blockHash']);
            assert.equal(Number(tx['blockNumber'] as string), Number(native['blockNumber']));
            assert.equal(tx['from'], ((native['from'] as Json)['address'] as string).toLowerCase());
            assert.equal(tx['to'], ((native['to'] as Json)['address'] as string).toLowerCase());
            assert.equal(BigInt(tx['value'] as string), BigInt(native['value'] as string));
            assert.equal(Number(tx['nonce'] as string), Number(native['nonce']));
            assert.equal(tx['input'], native['input']);
            const receipt = await result(c, 'eth_getTransactionReceipt', [k.evmTxHash]);
            assert.equal(Number(receipt['status'] as string), Number(native['txStatus']));
            assert.equal(Number(receipt['gasUsed'] as string), Number(native['gasUsed']));
            assert.equal(
                (receipt['logs'] as Json[]).length,
                (full['erc20Transfers'] as Json[]).length,
            );
            const block = await result(c, 'eth_getBlockByNumber', [
                `0x${Number(k.evmBlockNumber).toString(16)}`,
                false,
            ]);
            assert.equal(block['hash'], k.evmBlockHash);
            const listed = items(
                (await api(`/v1/chains/43114/blocks/${k.evmBlockNumber}/transactions`)).json,
                'transactions',
            ).map((t) => t['txHash']);
            assert.deepEqual(block['transactions'], listed);
            assert.ok(listed.includes(k.evmTxHash));
            const latest = items(
                (await api('/v1/networks/mainnet/blockchains/c-chain/blocks?pageSize=1')).json,
                'blocks',
            )[0]!;
            assert.equal(
                Number((await result(c, 'eth_blockNumber')) as unknown as string),
                Number(latest['blockNumber']),
            );
            const balances = (
                await api(`/v1/chains/43114/addresses/${k.evmAddress}/balances:listErc20`)
            ).json;
            const rpcBalance = (await result(c, 'eth_getBalance', [
                k.evmAddress,
                'latest',
            ])) as unknown as string;
            assert.equal(
                BigInt(rpcBalance),
                BigInt((balances['nativeTokenBalance'] as Json)['balance'] as string),
            );
            const earlier = (await result(c, 'eth_getBalance', [
                k.evmAddress,
                `0x${(Number(k.evmBlockNumber) - 1).toString(16)}`,
            ])) as unknown as string;
            const earlierRest = (
                await api(
                    `/v1/chains/43114/addresses/${k.evmAddress}/balances:listErc20?blockNumber=${Number(k.evmBlockNumber) - 1}`,
                )
            ).json;
            assert.equal(
                BigInt(earlier),
                BigInt((earlierRest['nativeTokenBalance'] as Json)['balance'] as string),
            );
        });

        it('ERC-20 balances follow the transfers', async () => {
            for (const ids of [k, fuji]) {
                const transfers = await all(
                    `/v1/chains/${ids.cChainId}/tokens/${ids.erc20Contract}/transfers?pageSize=100`,
                    'transfers',
                );
                const me = ids.evmAddress.toLowerCase();
                let sum = 0n;
                for (const t of transfers) {
                    if (((t['to'] as Json)['address'] as string).toLowerCase() === me)
                        sum += BigInt(t['value'] as string);
                    if (((t['from'] as Json)['address'] as string).toLowerCase() === me)
                        sum -= BigInt(t['value'] as string);
                }
                const balance = items(
                    (
                        await api(
                            `/v1/chains/${ids.cChainId}/addresses/${ids.evmAddress}/balances:listErc20?contractAddresses=${ids.erc20Contract}`,
                        )
                    ).json,
                    'erc20TokenBalances',
                )[0]!;
                assert.equal(BigInt(balance['balance'] as string), sum);
                const metrics = await http(
                    `${sb.metricsUrl}/v2/chains/${ids.cChainId}/contracts/${ids.erc20Contract}/balances?threshold=0&pageSize=5000`,
                );
                const mine = items<{ address: string; sortKey: string }>(
                    metrics.json,
                    'addresses',
                ).find((h) => h.address === ids.evmAddress);
                assert.equal(mine?.sortKey, String(sum));
            }
        });

        it('subnets own their blockchains and validators; UTXOs belong to their addresses; vertices chain to height-1', async () => {
            const subnets = await all('/v1/networks/mainnet/subnets?pageSize=10', 'subnets');
            assert.equal(subnets.length, 24);
            for (const s of subnets) {
                for (const b of s['blockchains'] as Json[])
                    assert.equal(b['subnetId'], s['subnetId']);
                if (s['isL1'] === true)
                    assert.equal(typeof s['l1ConversionTransactionHash'], 'string');
            }
            const l1 = subnets.find((s) => s['subnetId'] === k.l1SubnetId)!;
            assert.equal(l1['isL1'], true);
            assert.equal((l1['blockchains'] as Json[])[0]!['blockchainId'], k.l1BlockchainId);
            assert.ok(!subnets.find((s) => s['subnetId'] === k.subnetId)!['isL1']);
            const created = Number(l1['createBlockTimestamp']);
            const pBlocks = items(
                (
                    await api(
                        `/v1/networks/mainnet/blockchains/p-chain/blocks?startTimestamp=${created}&endTimestamp=${created}`,
                    )
                ).json,
                'blocks',
            );
            assert.ok(
                pBlocks.some(
                    (b) =>
                        b['blockNumber'] === l1['createBlockIndex'] &&
                        (b['transactions'] as string[]).includes(k.l1SubnetId),
                ),
            );
            const validators = await all(
                '/v1/networks/mainnet/l1Validators?pageSize=100&includeInactiveL1Validators=true',
                'validators',
            );
            const l1Ids = new Set(
                subnets.filter((s) => s['isL1'] === true).map((s) => s['subnetId']),
            );
            assert.ok(validators.every((v) => l1Ids.has(v['subnetId'])));
            for (const chain of ['p-chain', 'x-chain'] as const) {
                const address = chain === 'p-chain' ? k.pChainAddress : k.xChainAddress;
                const utxos = items(
                    (
                        await post(
                            `/v1/networks/mainnet/blockchains/${chain}/utxos?pageSize=1024&includeSpent=true`,
                            { addresses: address },
                        )
                    ).json,
                    'utxos',
                );
                assert.ok(utxos.length > 0);
                assert.ok(
                    utxos.every((u) => (u['addresses'] as string[]).includes(address.slice(2))),
                );
            }
            for (let h = 1; h <= 4; h++) {
                const here = items(
                    (
                        await api(
                            `/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${h}`,
                        )
                    ).json,
                    'vertices',
                );
                const below = new Set(
                    items(
                        (
                            await api(
                                `/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=${h - 1}`,
                            )
                        ).json,
                        'vertices',
                    ).map((v) => v['vertexHash']),
                );
                assert.ok(here.length > 0);
                for (const v of here)
                    assert.ok(
                        (v['parentHashes'] as string[]).length > 0 &&
                            (v['parentHashes'] as string[]).every((p) => below.has(p)),
                        `height ${h}`,
                    );
            }
        });

        it('the node agrees with the Data API on its network and L1s, except the documented differences', async () => {
            const chains = items((await api('/v1/chains?network=mainnet')).json, 'chains');
            for (const chain of chains.filter((c) => c['status'] === 'OK')) {
                const id = await http(chain['rpcUrl'] as string, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
                });
                assert.equal(Number(id.json['result'] as string), Number(chain['chainId']));
            }
            const rest = items(
                // Inactive ones too: the node lists a validator whose balance ran out, inactive.
                (
                    await api(
                        `/v1/networks/mainnet/l1Validators?subnetId=${k.l1SubnetId}&includeInactiveL1Validators=true`,
                    )
                ).json,
                'validators',
            );
            const node = (
                await result(
                    `/ext/bc/${k.l1BlockchainId}/validators`,
                    'validators.getCurrentValidators',
                    {},
                )
            )['validators'] as Json[];
            const restById = new Map(rest.map((v) => [v['validationId'] as string, v]));
            const nodeById = new Map(node.map((v) => [v['validationID'] as string, v]));
            const onlyRest = rest.filter((v) => !nodeById.has(v['validationId'] as string));
            const onlyNode = node.filter((v) => !restById.has(v['validationID'] as string));
            const weightDiffers = node.filter(
                (v) =>
                    restById.has(v['validationID'] as string) &&
                    restById.get(v['validationID'] as string)!['weight'] !== v['weight'],
            );
            assert.equal(onlyRest.length, 1, 'one validator missing on the node');
            assert.equal(onlyNode.length, 1, 'one validator missing in the Data API');
            assert.equal(weightDiffers.length, 1, 'one weight differs');
            for (const v of node) {
                const r = restById.get(v['validationID'] as string);
                if (r) assert.equal(r['nodeId'], v['nodeID']);
            }
            const filtered = (
                await result(
                    `/ext/bc/${k.l1BlockchainId}/validators`,
                    'validators.getCurrentValidators',
                    { nodeIDs: [k.l1NodeId] },
                )
            )['validators'] as Json[];
            assert.deepEqual(
                filtered.map((v) => v['validationID']),
                [k.l1ValidationId],
            );
            const peers = new Set(
                ((await result('/ext/info', 'info.peers'))['peers'] as Json[]).map(
                    (p) => p['nodeID'],
                ),
            );
            assert.ok(
                node.filter((v) => v['isConnected'] === true).every((v) => peers.has(v['nodeID'])),
            );
            assert.ok(node.some((v) => v['isConnected'] === false && !peers.has(v['nodeID'])));
            // The validators API is Subnet-EVM's: the C-Chain has none (404, as on a real node).
            const primary = await rpc('/ext/bc/C/validators', {
                jsonrpc: '2.0',
                id: 1,
                method: 'validators.getCurrentValidators',
            });
            assert.equal(primary.status, 404);
        });
    });

    describe('hostile strings', () => {
        it('replaces free text everywhere while ids stay navigable', async () => {
            sb.settings.hostile = true;
            const tx = (await api(`/v1/chains/43114/transactions/${k.evmTxHash}`)).json;
            const token = (tx['erc20Transfers'] as Json[])[0]!['erc20Token'] as Json;
            assert.ok(hostileStrings.includes(token['name'] as string));
            assert.equal(token['address'], k.erc20Contract);
            const method = (tx['nativeTransaction'] as Json)['method'] as Json;
            assert.ok(hostileStrings.includes(method['methodName'] as string));
            assert.match(method['methodHash'] as string, /^0x[0-9a-f]{8}$/);
            const subnets = items(
                (await api('/v1/networks/mainnet/subnets?pageSize=3')).json,
                'subnets',
            );
            const names = subnets.flatMap((s) =>
                (s['blockchains'] as Json[]).map((b) => b['blockchainName'] as string),
            );
            assert.ok(names.length > 0 && names.every((n) => hostileStrings.includes(n)));
            assert.ok(subnets.every((s) => cb58Decode(s['subnetId'] as string)?.length === 32));
            const chains = (await api('/v1/networks/mainnet/blockchains/x-chain/blocks?pageSize=1'))
                .json;
            assert.deepEqual(chains['chainInfo'], { chainName: 'x-chain', network: 'mainnet' });
            const allText =
                JSON.stringify(await result('/ext/info', 'info.getNodeVersion')) +
                JSON.stringify(await result('/ext/admin', 'admin.getLoggerLevel'));
            assert.ok(allText.includes('<script>') || allText.includes('onerror'));
            assert.ok(hostileStrings.some((h) => h.length >= 10_000));
            assert.deepEqual(await result('/ext/info', 'info.getNetworkID'), { networkID: '1' });
        });
    });
});

describe('(unit) sandbox command line', function () {
    this.timeout(20_000);
    it('starts with flags, prints URLs and ids, and stops on SIGTERM', async () => {
        const cli = path.join(outRoot, 'test', 'sandbox', 'cli.js');
        const child = spawn(
            process.execPath,
            [
                cli,
                '--seed',
                '5',
                '--no-admin',
                '--require-key',
                'k',
                '--node-network',
                'fuji',
                '--hostile',
            ],
            { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        await new Promise<void>((resolve, reject) => {
            child.stdout.on('data', (chunk: Buffer) => {
                out += chunk.toString();
                if (out.includes('nodeId')) resolve();
            });
            child.on('exit', (code) => reject(new Error(`exited ${String(code)}: ${out}`)));
        });
        try {
            const data = /Data API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
            const node = /Node\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
            assert.equal((await http(`${data}/v1/chains`)).status, 401);
            const state = (await http(`${data}/__sandbox/state`)).json;
            assert.deepEqual(
                [
                    state['seed'],
                    state['nodeNetwork'],
                    (state['settings'] as Json)['hostile'],
                    (state['settings'] as Json)['adminApi'],
                ],
                [5, 'fuji', true, false],
            );
            assert.equal(
                (
                    await http(`${node}/ext/admin`, {
                        method: 'POST',
                        headers: { 'content-type': 'application/json' },
                        body: '{}',
                    })
                ).status,
                404,
            );
            const id = await http(`${node}/ext/info`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}',
            });
            assert.deepEqual(id.json['result'], { networkID: '5' });
        } finally {
            const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            assert.equal(await exited, 0);
        }
    });
});

describe('(unit) sandbox network at large scale', function () {
    this.timeout(60_000);
    it('has >= 10,000 subnets and >= 100,000 EVM transactions and starts within a few seconds', async () => {
        const t = Date.now();
        const sb = await startSandbox({ scale: 'large', seed: 1 });
        const startMs = Date.now() - t;
        try {
            assert.ok(startMs < 15_000, `large startup took ${startMs} ms`);
            const first = await http(`${sb.dataApiUrl}/v1/networks/mainnet/subnets?pageSize=10000`);
            assert.equal((first.json['subnets'] as Json[]).length, 10_000);
            const second = await http(
                `${sb.dataApiUrl}/v1/networks/mainnet/subnets?pageSize=10000&pageToken=${first.json['nextPageToken'] as string}`,
            );
            assert.ok((second.json['subnets'] as Json[]).length > 0);
            const stats = (await http(`${sb.dataApiUrl}/__sandbox/stats`)).json['mainnet'] as Json;
            assert.ok((stats['subnets'] as number) >= 10_000);
            assert.ok(
                (stats['evmTransactions'] as number) >= 100_000,
                `EVM txs ${String(stats['evmTransactions'])}`,
            );
            const latest = await http(`${sb.nodeUrl}/ext/bc/C/rpc`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
            });
            const block = await http(
                `${sb.dataApiUrl}/v1/chains/43114/blocks/${Number(latest.json['result'])}/transactions`,
            );
            assert.equal(block.status, 200);
            console.log(
                `      large sandbox: startup ${startMs} ms, ${String(stats['subnets'])} subnets, ${String(stats['evmTransactions'])} EVM txs`,
            );
        } finally {
            await sb.close();
        }
    });
});
