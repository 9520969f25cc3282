/**
 * The sandbox against the published OpenAPI: every REST route, two pages each, over real HTTP,
 * validated with ajv (OpenAPI 3.1 = JSON Schema 2020-12) against the response schema of the
 * operation. Uses the shared reference specs when present, else the repo's extracted subset. The
 * schemas are taken as published, with no form relaxed: the sandbox answers as the real API does
 * (`Money.value` a number), so that a client held to the OpenAPI, such as the official SDK, reads
 * it too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { request } from 'undici';

import { startSandbox, type KnownIds, type Sandbox } from '../../sandbox';

import { dataApiFixtures, loadJson } from '../../helpers/fixtures';

interface Spec {
    responseRef(operationId: string): unknown;
    /** A component schema by name. */
    errorRef(name: string): unknown;
}

/**
 * The published OpenAPI documents when `OPENAPI_DIR` names a folder holding them (the whole
 * documents catch drift in schemas the subset leaves out), else the subset kept in the repository.
 */
function loadSpec(ajv: Ajv2020): Spec {
    const shared = process.env['OPENAPI_DIR'] ?? '';
    const dataFile = path.join(shared, 'data-api.openapi.json');
    if (shared && fs.existsSync(dataFile)) {
        const data = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as {
            paths: Record<
                string,
                Record<
                    string,
                    {
                        operationId: string;
                        responses: Record<
                            string,
                            { content?: Record<string, { schema: unknown }> }
                        >;
                    }
                >
            >;
        };
        const metrics = JSON.parse(
            fs.readFileSync(path.join(shared, 'metrics-api.openapi.json'), 'utf8'),
        ) as typeof data;
        ajv.addSchema(data, 'data');
        ajv.addSchema(metrics, 'metrics');
        const byOp = new Map<string, { doc: string; schema: unknown }>();
        for (const [doc, spec] of [
            ['data', data],
            ['metrics', metrics],
        ] as const) {
            for (const ops of Object.values(spec.paths)) {
                for (const op of Object.values(ops)) {
                    const ok = op.responses['200'] ?? op.responses['201'];
                    const schema = ok?.content?.['application/json']?.schema;
                    if (schema) byOp.set(op.operationId, { doc, schema });
                }
            }
        }
        const rebase = (doc: string, schema: unknown): unknown =>
            JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, `"${doc}#/components`));
        return {
            responseRef: (id) => {
                const hit = byOp.get(id);
                assert.ok(hit, `operation ${id} in the OpenAPI`);
                return rebase(hit.doc, hit.schema);
            },
            errorRef: (name) => ({ $ref: `data#/components/schemas/${name}` }),
        };
    }
    const subset = loadJson<{
        operations: Record<string, { response: unknown }>;
        schemas: Record<string, unknown>;
    }>(dataApiFixtures, 'openapi-subset.json');
    ajv.addSchema({ components: { schemas: subset.schemas } }, 'data');
    const rebase = (schema: unknown): unknown =>
        JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"data#/components'));
    return {
        responseRef: (id) => rebase(subset.operations[id]!.response),
        errorRef: (name) => ({ $ref: `data#/components/schemas/${name}` }),
    };
}

describe('(unit) sandbox conformance with the published OpenAPI', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let ajv: Ajv2020;
    let spec: Spec;
    const validators = new Map<string, ValidateFunction>();

    before(async () => {
        sandbox = await startSandbox({ seed: 7, settings: { exportDelayMs: 0 } });
        ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
        addFormats(ajv);
        spec = loadSpec(ajv);
    });
    after(async () => {
        await sandbox.close();
    });

    function validator(key: string, schema: () => unknown): ValidateFunction {
        let v = validators.get(key);
        if (!v) validators.set(key, (v = ajv.compile(schema() as object)));
        return v;
    }

    function assertValid(operationId: string, body: unknown, label: string): void {
        // The UTXO response is a oneOf whose branches both accept an empty list; check the branch.
        const utxoBranch =
            operationId === 'getUtxosByAddressesV2'
                ? (body as { chainInfo?: { chainName?: string } }).chainInfo?.chainName ===
                  'p-chain'
                    ? 'ListPChainUtxosResponse'
                    : 'ListUtxosResponse'
                : undefined;
        const validate = utxoBranch
            ? validator(utxoBranch, () => spec.errorRef(utxoBranch))
            : validator(operationId, () => spec.responseRef(operationId));
        if (utxoBranch)
            assert.ok((body as { utxos: unknown[] }).utxos.length > 0, `${label}: UTXOs listed`);
        assert.ok(
            validate(body),
            `${label}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`,
        );
    }

    async function call(
        method: 'GET' | 'POST',
        base: string,
        url: string,
        body?: unknown,
    ): Promise<{ status: number; json: Record<string, unknown> }> {
        const res = await request(`${base}${url}`, {
            method,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            body: body === undefined ? null : JSON.stringify(body),
        });
        return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
    }

    /** First page, then the page its token points at; both validated. */
    async function twoPages(
        operationId: string,
        url: string,
        expectNext = true,
        opts: { method?: 'GET' | 'POST'; body?: unknown; base?: string } = {},
    ): Promise<void> {
        const base = opts.base ?? sandbox.dataApiUrl;
        const method = opts.method ?? 'GET';
        const first = await call(method, base, url, opts.body);
        assert.equal(first.status, 200, `${url}: ${JSON.stringify(first.json).slice(0, 300)}`);
        assertValid(operationId, first.json, `${operationId} page 1`);
        const token = first.json['nextPageToken'];
        if (!expectNext) return;
        assert.equal(typeof token, 'string', `${operationId} has a second page`);
        const sep = url.includes('?') ? '&' : '?';
        const second = await call(
            method,
            base,
            `${url}${sep}pageToken=${encodeURIComponent(token as string)}`,
            opts.body,
        );
        assert.equal(second.status, 200);
        assertValid(operationId, second.json, `${operationId} page 2`);
        assert.notDeepEqual(second.json, first.json);
    }

    async function everyRoute(k: KnownIds): Promise<void> {
        const net = k.network;
        const c = k.cChainId;
        await twoPages('supportedChains', `/v1/chains?network=${net}`, false);
        await twoPages(
            'listTransactions',
            `/v1/chains/${c}/addresses/${k.evmAddress}/transactions?pageSize=3`,
        );
        await twoPages(
            'listErc1155Transactions',
            `/v1/chains/${c}/addresses/${k.evmAddress}/transactions:listErc1155?pageSize=1`,
        );
        await twoPages(
            'listInternalTransactions',
            `/v1/chains/${c}/addresses/${k.evmAddress}/transactions:listInternals?pageSize=1`,
        );
        await twoPages(
            'listErc20Balances',
            `/v1/chains/${c}/addresses/${k.evmAddress}/balances:listErc20?pageSize=1&currency=eur`,
        );
        await twoPages(
            'listErc20Balances',
            `/v1/chains/${c}/addresses/${k.evmAddress}/balances:listErc20?pageSize=2&filterSpamTokens=false`,
        );
        await twoPages(
            'listErc1155Balances',
            `/v1/chains/${c}/addresses/${k.evmAddress}/balances:listErc1155?pageSize=1`,
        );
        await twoPages(
            'listCollectibleBalances',
            `/v1/chains/${c}/addresses/${k.evmAddress}/balances:listCollectibles?pageSize=1`,
        );
        for (const token of [k.erc20Contract, k.erc721Contract, k.erc1155Contract]) {
            await twoPages('listTransfers', `/v1/chains/${c}/tokens/${token}/transfers?pageSize=2`);
        }
        await twoPages(
            'listTransactions',
            `/v1/chains/${k.l1EvmChainId}/addresses/${k.evmAddress}/transactions?pageSize=2`,
        );
        for (const hash of [k.evmTxHash, k.teleporterTxHash]) {
            const tx = await call(
                'GET',
                sandbox.dataApiUrl,
                `/v1/chains/${c}/transactions/${hash}`,
            );
            assert.equal(tx.status, 200);
            assertValid('getTransaction', tx.json, 'getTransaction');
        }
        await twoPages(
            'getTransactionsForBlock',
            `/v1/chains/${c}/blocks/${k.evmBlockNumber}/transactions?pageSize=1`,
        );
        await twoPages(
            'getTransactionsForBlock',
            `/v1/chains/${c}/blocks/${k.evmBlockHash}/transactions`,
            false,
        );
        const sig = await call(
            'GET',
            sandbox.dataApiUrl,
            `/v1/signatureAggregator/${net}/aggregateSignatures/${k.pChainTxHash}`,
        );
        assert.equal(sig.status, 201);
        assertValid('getAggregatedSignatures', sig.json, 'getAggregatedSignatures');
        await twoPages(
            'getUtxosByAddressesV2',
            `/v1/networks/${net}/blockchains/p-chain/utxos?pageSize=2&includeSpent=true`,
            true,
            { method: 'POST', body: { addresses: k.pChainAddress } },
        );
        await twoPages(
            'getUtxosByAddressesV2',
            `/v1/networks/${net}/blockchains/${k.xChainId}/utxos?pageSize=2&includeSpent=true&sortBy=amount`,
            true,
            { method: 'POST', body: { addresses: k.xChainAddress } },
        );
        await twoPages(
            'getUtxosByAddressesV2',
            `/v1/networks/${net}/blockchains/c-chain/utxos?pageSize=1&includeSpent=true`,
            false,
            { method: 'POST', body: { addresses: k.pChainAddress.replace(/^P-/, 'C-') } },
        );
        await twoPages(
            'listAssetTransactions',
            `/v1/networks/${net}/blockchains/x-chain/assets/${k.avaxAssetId}/transactions?pageSize=2`,
        );
        await twoPages(
            'listAssetTransactions',
            `/v1/networks/${net}/blockchains/${k.xChainId}/assets/${k.xAssetId}/transactions?pageSize=1`,
        );
        await twoPages(
            'getVertexByHeight',
            `/v1/networks/${net}/blockchains/x-chain/vertices:listByHeight?vertexHeight=${k.vertexHeight}&pageSize=1`,
            false,
        );
        for (const chain of ['p-chain', 'x-chain', 'c-chain', k.pChainId, k.cChainBlockchainId]) {
            await twoPages(
                'listLatestPrimaryNetworkBlocks',
                `/v1/networks/${net}/blockchains/${chain}/blocks?pageSize=3`,
            );
        }
        await twoPages('listSubnets', `/v1/networks/${net}/subnets?pageSize=5`);
        await twoPages('listSubnets', `/v1/networks/${net}/subnets?pageSize=4&sortOrder=asc`);
        await twoPages('listL1Validators', `/v1/networks/${net}/l1Validators?pageSize=2`);
        await twoPages(
            'listL1Validators',
            `/v1/networks/${net}/l1Validators?pageSize=2&subnetId=${k.l1SubnetId}&includeInactiveL1Validators=true`,
        );
        const byId = async (operation: string, path: string): Promise<void> => {
            const res = await call('GET', sandbox.dataApiUrl, path);
            assert.equal(res.status, 200, path);
            assertValid(operation, res.json, operation);
        };
        for (const subnetId of [k.l1SubnetId, k.subnetId]) {
            await byId('getSubnetById', `/v1/networks/${net}/subnets/${subnetId}`);
        }
        for (const blockchainId of [k.l1BlockchainId, k.cChainBlockchainId, k.xChainId]) {
            await byId('getBlockchainById', `/v1/networks/${net}/blockchains/${blockchainId}`);
        }
        // A subnet's creation, a chain's, an L1 conversion, and an X-Chain transaction.
        for (const [chain, txHash] of [
            ['p-chain', k.l1SubnetId],
            ['p-chain', k.l1BlockchainId],
            [k.pChainId, k.pChainTxHash],
            ['x-chain', k.xChainTxHash],
            [k.xChainId, k.xAssetId],
        ]) {
            await byId(
                'getTxByHash',
                `/v1/networks/${net}/blockchains/${chain}/transactions/${txHash}`,
            );
        }
        const created = await call(
            'POST',
            sandbox.dataApiUrl,
            '/v1/operations/transactions:export',
            {
                type: 'TRANSACTION_EXPORT_EVM',
                firstDate: '2025-01-01',
                lastDate: '2025-12-31',
                options: { addresses: [k.evmAddress], includeChains: [c] },
            },
        );
        assert.equal(created.status, 201);
        assertValid('postTransactionExportJob', created.json, 'postTransactionExportJob');
        const result = await call(
            'GET',
            sandbox.dataApiUrl,
            `/v1/operations/${String(created.json['operationId'])}`,
        );
        assert.equal(result.status, 200);
        assertValid('getOperationResult', result.json, 'getOperationResult');
        await twoPages(
            'getAddressesByBalanceOverTime',
            `/v2/chains/${c}/contracts/${k.erc20Contract}/balances?threshold=0&pageSize=2`,
            true,
            { base: sandbox.metricsUrl },
        );
    }

    it('every route of mainnet and fuji, two pages, matches the response schema', async () => {
        await everyRoute(sandbox.known.mainnet);
        await everyRoute(sandbox.known.fuji);
    });

    it('hostile strings keep every response valid', async () => {
        sandbox.settings.hostile = true;
        try {
            await everyRoute(sandbox.known.mainnet);
        } finally {
            sandbox.settings.hostile = false;
        }
    });

    it('error bodies match the declared error schemas', async () => {
        const k = sandbox.known.mainnet;
        const cases: [string, number, string][] = [
            [`/v1/networks/nowhere/subnets`, 400, 'BadRequest'],
            [
                `/v1/chains/43114/addresses/${k.evmAddress}/transactions?pageSize=101`,
                400,
                'BadRequest',
            ],
            [`/v1/chains/43114/transactions/0x${'ab'.repeat(32)}`, 404, 'NotFound'],
            [`/v1/networks/mainnet/subnets/${k.l1BlockchainId}`, 404, 'NotFound'],
            [`/v1/networks/mainnet/blockchains/${k.l1SubnetId}`, 404, 'NotFound'],
            [
                `/v1/networks/mainnet/blockchains/p-chain/transactions/${k.xChainTxHash}`,
                404,
                'NotFound',
            ],
            [`/v1/networks/mainnet/blockchains/x-chain/transactions/not-an-id`, 400, 'BadRequest'],
            ['/v1/nothing/here', 404, 'NotFound'],
        ];
        for (const [url, status, schema] of cases) {
            const res = await call('GET', sandbox.dataApiUrl, url);
            assert.equal(res.status, status, url);
            const validate = validator(`error:${schema}`, () => spec.errorRef(schema));
            assert.ok(validate(res.json), `${url}: ${ajv.errorsText(validate.errors)}`);
        }
        sandbox.settings.requireApiKey = 'k1';
        try {
            const res = await call('GET', sandbox.dataApiUrl, '/v1/chains');
            assert.equal(res.status, 401);
            const validate = validator('error:Unauthorized', () => spec.errorRef('Unauthorized'));
            assert.ok(validate(res.json), ajv.errorsText(validate.errors));
        } finally {
            sandbox.settings.requireApiKey = undefined;
        }
    });
});
