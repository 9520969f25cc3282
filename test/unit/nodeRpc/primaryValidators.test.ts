import * as assert from 'node:assert/strict';

import {
    autoRenewFields,
    autoRenewSummary,
    NodeRpcClient,
    nodeRpcMethods as m,
    orderPrimaryValidators,
    type PlatformValidator,
} from '../../../src/core';
import { shapeDiff } from '../../realnode/answerShape';
import { type Sandbox, startSandbox } from '../../sandbox';
import { loadRecorded } from '../../helpers/recordedNode';

const owner = { locktime: '0', threshold: 1, addresses: ['P-avax1a', 'P-avax1b'] };

describe('(unit) Validators view: primary network validators and ACP-236 settings', () => {
    it('names every auto-renew setting; the restaked sums only when the node sends them', () => {
        const base = {
            validatorAuthority: owner,
            nextPeriodSeconds: String(14 * 86_400),
            autoCompoundRewardShares: 500_000,
        };
        assert.deepEqual(autoRenewFields(base), [
            { label: 'Authority', value: '1 of P-avax1a, P-avax1b' },
            { label: 'Next cycle', value: '14 days' },
            { label: 'Compounding share', value: "50% of each cycle's rewards restaked" },
        ]);
        const v1152 = autoRenewFields({
            ...base,
            nextPeriodSeconds: '0',
            restakedValidationRewards: '28049283',
            restakedDelegateeRewards: '1000000000',
        });
        assert.deepEqual(v1152.slice(1), [
            { label: 'Next cycle', value: 'none: leaves at the end of this cycle' },
            { label: 'Compounding share', value: "50% of each cycle's rewards restaked" },
            { label: 'Restaked validation rewards', value: '0.028049283 AVAX' },
            { label: 'Restaked delegatee rewards', value: '1 AVAX' },
        ]);
        assert.equal(autoRenewSummary(base), 'auto-renews every 14 days · 50% restaked');
        assert.equal(
            autoRenewSummary({ ...base, nextPeriodSeconds: '0' }),
            'auto-renewed, leaves after this cycle · 50% restaked',
        );
    });

    it('lists auto-renewed validators first, then by weight, and never an L1 entry', () => {
        const v = (nodeId: string, weight: string, renewed = false): PlatformValidator => ({
            kind: 'staker',
            nodeId,
            weight,
            ...(renewed
                ? {
                      autoRenewed: {
                          validatorAuthority: owner,
                          nextPeriodSeconds: '1',
                          autoCompoundRewardShares: 0,
                      },
                  }
                : {}),
        });
        const ordered = orderPrimaryValidators([
            v('NodeID-a', '5'),
            v('NodeID-b', '900000000000000000000'),
            v('NodeID-c', '1', true),
            { kind: 'l1', nodeId: 'NodeID-l1', weight: '7', validationId: 'x' },
            v('NodeID-d', '5'),
            v('NodeID-e', '2', true),
        ]);
        assert.deepEqual(
            ordered.map((x) => x.nodeId),
            ['NodeID-e', 'NodeID-c', 'NodeID-b', 'NodeID-a', 'NodeID-d'],
        );
    });
});

describe('(unit) sandbox: Helicon mode lists auto-renewed primary validators as v1.15 does', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let client: NodeRpcClient;

    before(async () => {
        sandbox = await startSandbox({ settings: { helicon: true } });
        client = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });

    after(async () => {
        await client.close();
        await sandbox.close();
    });

    it('in the recorded shape, plus only the two keys v1.15.2 adds', async () => {
        const recorded = loadRecorded('realnode-v1.15/primary-helicon.json').fixtures.find(
            (f) => f.name === 'platform.getCurrentValidators auto-renewed',
        )!;
        const all = (await client.callRaw('/ext/bc/P', 'platform.getCurrentValidators', {})) as {
            validators: Record<string, unknown>[];
        };
        const renewed = all.validators.filter((x) => 'validatorAuthority' in x);
        assert.equal(renewed.length, 3, "every fifth of the node network's 12, from the second");
        // Asked alone, as the recording asked its validator (so with its delegators).
        const alone = await client.callRaw('/ext/bc/P', 'platform.getCurrentValidators', {
            nodeIDs: [renewed[0]!['nodeID']],
        });
        assert.deepEqual(
            shapeDiff((recorded.response.body as { result: unknown }).result, alone, '', []),
            [
                'validators.*.restakedValidationRewards: only in the sandbox',
                'validators.*.restakedDelegateeRewards: only in the sandbox',
            ],
        );
        // Same settings alone as among all.
        assert.deepEqual(
            (alone as typeof all).validators[0]!['nextPeriod'],
            renewed[0]!['nextPeriod'],
        );
        assert.equal(renewed[0]!['connected'], (alone as typeof all).validators[0]!['connected']);
    });

    it('parses into the settings the view shows; the current cycle is the listed one', async () => {
        const { validators } = await client.call(m['platform.getCurrentValidators'], {});
        const renewed = validators.filter((v) => v.autoRenewed);
        assert.equal(renewed.length, 3);
        const first = renewed[0]!.autoRenewed!;
        assert.equal(first.nextPeriodSeconds, String(14 * 86_400));
        assert.equal(first.autoCompoundRewardShares, 500_000);
        assert.match(first.restakedValidationRewards ?? '', /^\d+$/);
        assert.equal(first.restakedDelegateeRewards, '0');
        assert.ok(renewed.some((v) => v.autoRenewed?.nextPeriodSeconds === '0'));
        for (const v of renewed) {
            assert.equal(BigInt(v.endTime!) - BigInt(v.startTime!), BigInt(14 * 86_400));
        }
    });

    it('before Helicon (the default) no validator is auto-renewed', async () => {
        sandbox.settings.helicon = false;
        try {
            const { validators } = await client.call(m['platform.getCurrentValidators'], {});
            assert.ok(validators.length > 0);
            assert.ok(validators.every((v) => v.autoRenewed === undefined));
        } finally {
            sandbox.settings.helicon = true;
        }
    });
});
