/**
 * The rules the views judge by since Helicon (core/nodeRpc/helicon.ts), decided from what a real
 * node answered: v1.15.0-fuji with Helicon active (test/fixtures/realnode-v1.15) and v1.14.2
 * (test/fixtures/realnode), whose info.upgrades schedules Helicon at the placeholder date.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    blockFinality,
    chainHeights,
    describeConfirmations,
    describeHeights,
    formatStakeDuration,
    heliconActivationMs,
    heliconActive,
    isCChainRpcPath,
    nodeRpcMethods as m,
    normalizeUpgrades,
    removedOnHeliconCChain,
    stakingRules,
    type RpcBlock,
} from '../../../src/core';
import { repoRoot } from '../../helpers/paths';

interface Recorded {
    fixtures: {
        name: string;
        body: { method?: string };
        response: { body: unknown };
    }[];
}

const fixtures = path.join(repoRoot, 'test/fixtures');
const load = (file: string): Recorded =>
    JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as Recorded;

function resultOf(recorded: Recorded, name: string): unknown {
    const body = recorded.fixtures.find((f) => f.name === name)?.response.body as
        { result?: unknown } | undefined;
    assert.ok(body?.result !== undefined, `no recorded result for ${name}`);
    return body.result;
}

const upgradesOf = (file: string) =>
    normalizeUpgrades(
        m['info.upgrades'].resultSchema().parse(resultOf(load(file), 'info.upgrades')),
    );

function blockOf(recorded: Recorded, name: string): RpcBlock {
    const block = m.eth_getBlockByNumber.normalize(
        m.eth_getBlockByNumber.resultSchema().parse(resultOf(recorded, name)),
    );
    assert.ok(block);
    return block;
}

describe('(unit) Helicon rules from the node’s own answers', () => {
    const now = Date.UTC(2026, 10, 28);

    it('reads heliconTime from info.upgrades: active on v1.15, unscheduled on v1.14.2', () => {
        const v115 = upgradesOf('realnode-v1.15/info.json');
        const v114 = upgradesOf('realnode/info.json');
        assert.equal(heliconActivationMs(v115), Date.parse('2020-12-05T05:00:00Z'));
        assert.equal(heliconActive(v115, now), true);
        assert.equal(heliconActivationMs(v114), undefined, 'the 9999 placeholder is no date');
        assert.equal(heliconActive(v114, now), false);
        assert.equal(heliconActive(undefined, now), false);
        // Scheduled but not reached yet: the rules before it still hold.
        const later = {
            upgrades: [{ name: 'helicon', key: 'heliconTime', time: '', timeMs: now + 1 }],
            other: {},
        };
        assert.equal(heliconActive(later, now), false);
        assert.equal(heliconActive(later, now + 1), true);
    });

    it('uses the uptime requirement and staking duration in force (ACP-267, ACP-273)', () => {
        assert.deepEqual(
            [
                stakingRules(1, false).uptimeRequirementPercent,
                stakingRules(1, true).uptimeRequirementPercent,
            ],
            [80, 90],
        );
        assert.equal(
            formatStakeDuration(stakingRules(1, false).minStakeDurationSeconds!),
            '14 days',
        );
        assert.equal(formatStakeDuration(stakingRules(1, true).minStakeDurationSeconds!), '48 h');
        assert.equal(formatStakeDuration(stakingRules(5, false).minStakeDurationSeconds!), '24 h');
        assert.equal(formatStakeDuration(stakingRules(5, true).minStakeDurationSeconds!), '12 h');
        // The recorded network (id 88888) is custom: the extension does not know its genesis.
        assert.equal(stakingRules(88888, true).minStakeDurationSeconds, undefined);
        assert.equal(stakingRules(88888, true).uptimeRequirementPercent, 90);
    });

    it('tells executed from settled on the recorded Helicon C-Chain, never final by depth', () => {
        const helicon = load('realnode-v1.15/cchain-helicon.json');
        const latest = blockOf(helicon, 'eth_getBlockByNumber latest');
        const finalized = blockOf(helicon, 'eth_getBlockByNumber finalized');
        const heights = chainHeights(latest);
        assert.deepEqual(heights, { executed: latest.number, settled: finalized.number });
        assert.ok(heights.settled < heights.executed);
        assert.equal(
            describeHeights(heights),
            `executed #${latest.number} · settled #${finalized.number}`,
        );
        assert.equal(blockFinality(finalized.number, heights), 'final');
        assert.equal(blockFinality(latest.number, heights), 'executed');
        assert.equal(blockFinality(latest.number + 1, heights), 'unknown');
        const depth = latest.number - (finalized.number + 1);
        assert.equal(
            describeConfirmations(finalized.number + 1, heights),
            `${depth} block${depth === 1 ? '' : 's'} on top, executed, not yet settled (settled through #${finalized.number})`,
        );
        assert.doesNotMatch(describeConfirmations(latest.number, heights), /confirmation/);
    });

    it('keeps one height and plain confirmations on the recorded v1.14.2 C-Chain', () => {
        const before = load('realnode/cchain.json');
        const name = before.fixtures.find((f) => /^eth_getBlockByNumber/.test(f.name))!.name;
        const latest = blockOf(before, name);
        const heights = chainHeights(latest);
        assert.deepEqual(heights, { executed: latest.number });
        assert.equal(describeHeights(heights), `#${latest.number}`);
        assert.equal(blockFinality(latest.number, heights), 'final');
        assert.equal(describeConfirmations(latest.number, heights), '0 confirmations');
        assert.equal(
            describeConfirmations(latest.number - 1, { executed: latest.number }),
            '1 confirmation',
        );
    });

    it('knows every method the recorded Helicon C-Chain refused, and no method it served', () => {
        const helicon = load('realnode-v1.15/cchain-helicon.json');
        const refused = helicon.fixtures.filter((f) => f.name.endsWith('(removed)'));
        assert.ok(refused.length >= 7);
        for (const f of refused) {
            const method = f.body.method!;
            assert.equal(removedOnHeliconCChain(method), true, method);
            const error = (f.response.body as { error?: { code: number } }).error;
            assert.equal(error?.code, -32601, method);
        }
        const served = helicon.fixtures.filter(
            (f) => (f.response.body as { result?: unknown }).result !== undefined,
        );
        for (const f of served) assert.equal(removedOnHeliconCChain(f.body.method!), false, f.name);
        assert.equal(removedOnHeliconCChain('debug_traceTransaction'), false);
        assert.equal(removedOnHeliconCChain('eth_blockNumber'), false);
    });

    it('knows the C-Chain’s RPC path by alias and by id only', () => {
        assert.equal(isCChainRpcPath('/ext/bc/C/rpc'), true);
        assert.equal(isCChainRpcPath('/ext/bc/abc/rpc', 'abc'), true);
        assert.equal(isCChainRpcPath('/ext/bc/abc/rpc'), false);
        assert.equal(isCChainRpcPath('/ext/bc/C/avax'), false);
        assert.equal(isCChainRpcPath('/ext/bc/P'), false);
    });
});

describe('(unit) Helicon rules: a hostile header stays bounded', () => {
    it('a settled height above the block, or the largest exponents, read as nothing odd', () => {
        const parse = (extra: Record<string, string>): RpcBlock => {
            const block = m.eth_getBlockByNumber.normalize(
                m.eth_getBlockByNumber.resultSchema().parse({
                    number: '0x10',
                    hash: `0x${'11'.repeat(32)}`,
                    parentHash: `0x${'22'.repeat(32)}`,
                    timestamp: '0x1',
                    miner: `0x${'00'.repeat(20)}`,
                    gasUsed: '0x0',
                    gasLimit: '0x1',
                    transactions: [],
                    settledGasUnix: '0x0',
                    settledGasNumerator: '0x0',
                    settledExcess: '0xffffffffffffffff',
                    ...extra,
                }),
            );
            assert.ok(block);
            return block;
        };
        // A peer that claims to have settled past its own head: no settled height is believed.
        const ahead = parse({ settledHeight: '0x20' });
        assert.deepEqual(chainHeights(ahead), { executed: 16 });
        // The largest exponents cap at 2^64 − 1, as gas.CalculatePrice does, and quickly.
        const started = Date.now();
        const huge = parse({
            settledHeight: '0x1',
            targetExponent: '0xffffffffffffffff',
            minPriceExponent: '0xffffffffffffffff',
        });
        assert.ok(Date.now() - started < 500);
        assert.equal(huge.targetGasPerSecond, String((1n << 64n) - 1n));
        assert.ok(BigInt(huge.minGasPriceWei!) <= (1n << 64n) - 1n);
    });
});
