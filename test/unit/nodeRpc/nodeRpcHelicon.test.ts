/**
 * What Helicon (AvalancheGo 1.15) changes on the C-Chain and in info.upgrades, held to what a
 * real v1.15 node with Helicon active answered (test/fixtures/realnode-v1.15, recorded by
 * test/realnode/record.ts): the ACP-194 settlement of each block (`latest` is the last executed
 * block, `safe` and `finalized` the last settled one), the ACP-176 and ACP-283 exponents with the
 * gas target and minimum gas price they stand for, and the namespaces the C-Chain no longer serves.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

import {
    exponentialPrice,
    minGasPriceFromExponent,
    NodeRpcClient,
    nodeRpcMethods as m,
    normalizeUpgrades,
    RpcError,
    targetGasFromExponent,
    type RpcBlock,
} from '../../../src/core';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { repoRoot } from '../../helpers/paths';

interface Recorded {
    fixtures: {
        name: string;
        path: string;
        body: { method?: string; params?: unknown };
        response: { status: number; contentType: string; body: unknown };
    }[];
}

const fixtures = path.join(repoRoot, 'test/fixtures');
const load = (file: string): Recorded =>
    JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as Recorded;
const helicon = load('realnode-v1.15/cchain-helicon.json');

function resultOf(recorded: Recorded, name: string): unknown {
    const fixture = recorded.fixtures.find((f) => f.name === name);
    const body = fixture?.response.body as { result?: unknown } | undefined;
    assert.ok(body?.result !== undefined, `no recorded result for ${name}`);
    return body.result;
}

function block(recorded: Recorded, name: string): RpcBlock {
    const method = m.eth_getBlockByNumber;
    const parsed = method.resultSchema().safeParse(resultOf(recorded, name));
    if (!parsed.success) assert.fail(`${name}: ${JSON.stringify(parsed.error.issues)}`);
    const normalized = method.normalize(parsed.data);
    assert.ok(normalized, name);
    return normalized;
}

describe('(unit) nodeRpc on a Helicon C-Chain (AvalancheGo v1.15)', () => {
    it('reads what each block settles: safe and finalized are the block latest settles', () => {
        const latest = block(helicon, 'eth_getBlockByNumber latest');
        const safe = block(helicon, 'eth_getBlockByNumber safe');
        const finalized = block(helicon, 'eth_getBlockByNumber finalized');
        assert.ok(latest.settlement, 'latest carries its settlement');
        assert.equal(safe.number, latest.settlement.settledHeight);
        assert.ok(safe.number < latest.number, 'execution runs ahead of settlement');
        assert.deepEqual(finalized, safe);
        for (const key of ['settledGasUnix', 'settledGasNumerator', 'settledExcess'] as const) {
            assert.match(latest.settlement[key], /^\d+$/);
        }
        // The genesis block settles itself, at zero.
        const genesis = block(helicon, 'eth_getBlockByNumber earliest');
        assert.deepEqual(genesis.settlement, {
            settledHeight: 0,
            settledGasUnix: '0',
            settledGasNumerator: '0',
            settledExcess: '0',
        });
    });

    it('turns the exponents into the gas target and minimum gas price they stand for', () => {
        const latest = block(helicon, 'eth_getBlockByNumber with transactions');
        assert.equal(latest.targetExponent, '0');
        assert.equal(latest.targetGasPerSecond, '1000000');
        assert.equal(latest.minPriceExponent, '0');
        assert.equal(latest.minGasPriceWei, '1');
        assert.ok((latest.transactions ?? []).length > 0);
        // A block of v1.14.2 (before Helicon) has none of it.
        const before = block(load('realnode/cchain.json'), 'eth_getBlockByNumber');
        for (const key of [
            'settlement',
            'targetExponent',
            'targetGasPerSecond',
            'minPriceExponent',
            'minGasPriceWei',
        ] as const) {
            assert.equal(before[key], undefined, key);
        }
    });

    it("computes prices as AvalancheGo's gas.CalculatePrice does", () => {
        // Printed by a Go program over vms/saevm/cchain/dynamic at v1.15.0-fuji:
        // dynamic.PriceExponent(p).Price() and dynamic.TargetExponent(t).Target().
        const prices: [bigint, bigint][] = [
            [0n, 1n],
            [1n, 1n],
            [288_230_376_151_711_744n, 1n],
            [1_000_000_000_000_000_000n, 11n],
            [18_446_744_073_709_551_578n, 18_446_744_073_709_551_615n],
            [18_446_744_073_709_551_615n, 18_446_744_073_709_551_615n],
        ];
        for (const [exponent, price] of prices) {
            assert.equal(minGasPriceFromExponent(exponent), price, `price ${exponent}`);
        }
        const targets: [bigint, bigint][] = [
            [0n, 1_000_000n],
            [1n, 1_000_000n],
            [33_554_432n, 2_718_281n],
            [100_000_000n, 19_692_389n],
            [1_000_000_000n, 8_769_688_366_942_952_213n],
        ];
        for (const [exponent, target] of targets) {
            assert.equal(targetGasFromExponent(exponent), target, `target ${exponent}`);
        }
        // ACP-77's validator fee uses the same function: 512 nAVAX at an excess of 0.
        assert.equal(exponentialPrice(512n, 0n, 1_246_488_515n), 512n);
        assert.equal(exponentialPrice(1n, 5n, 0n), 0n);
    });

    it('refuses an exponent wider than 64 bits', () => {
        const wire = structuredClone(resultOf(helicon, 'eth_getBlockByNumber latest')) as Record<
            string,
            unknown
        >;
        wire['minPriceExponent'] = `0x1${'0'.repeat(16)}`;
        assert.equal(m.eth_getBlockByNumber.resultSchema().safeParse(wire).success, false);
    });

    it('shows Helicon in the upgrade timeline: active from genesis here, unscheduled in v1.14.2', () => {
        const now = normalizeUpgrades(
            resultOf(load('realnode-v1.15/info.json'), 'info.upgrades') as Record<string, unknown>,
        );
        const helicon15 = now.upgrades.find((u) => u.name === 'helicon');
        assert.equal(helicon15?.time, '2020-12-05T05:00:00Z');
        const before = normalizeUpgrades(
            resultOf(load('realnode/info.json'), 'info.upgrades') as Record<string, unknown>,
        );
        const helicon14 = before.upgrades.find((u) => u.name === 'helicon');
        // upgrade.UnscheduledActivationTime
        assert.equal(helicon14?.time, '9999-12-01T00:00:00Z');
    });

    it('says a removed namespace is not offered, from the exact answers a v1.15 node gave', async () => {
        const removed = helicon.fixtures.filter((f) => f.name.endsWith('(removed)'));
        assert.deepEqual(
            removed.map((f) => f.body.method),
            [
                'admin_nodeInfo',
                'admin_startCPUProfiler',
                'personal_listAccounts',
                'warp_getMessage',
                'eth_accounts',
                'eth_coinbase',
                'debug_dumpBlock',
            ],
        );
        // A loopback node that replays the recorded answers.
        const node = await listenOnLoopback(
            createServer((req, res) => {
                let text = '';
                req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
                req.on('end', () => {
                    const { method, id } = JSON.parse(text) as { method: string; id: unknown };
                    const fixture = removed.find((f) => f.body.method === method)!;
                    res.setHeader('content-type', fixture.response.contentType);
                    res.end(JSON.stringify({ ...(fixture.response.body as object), id }));
                });
            }),
        );
        try {
            const client = new NodeRpcClient({ url: node.url });
            for (const fixture of removed) {
                const method = fixture.body.method!;
                const recorded = (fixture.response.body as { error: { message: string } }).error;
                assert.equal(
                    recorded.message,
                    `the method ${method} does not exist/is not available`,
                );
                await assert.rejects(
                    client.callRaw('/ext/bc/C/rpc', method, fixture.body.params),
                    (error: Error) => {
                        assert.ok(error instanceof RpcError, String(error));
                        assert.equal(error.code, -32601);
                        assert.match(
                            error.message,
                            new RegExp(`^This node does not offer ${method} \\(`),
                        );
                        return true;
                    },
                );
            }
        } finally {
            await node.close();
        }
    });
});
