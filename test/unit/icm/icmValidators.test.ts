/**
 * An ICM message's source L1 whose validators cannot sign: read from the sandbox's P-Chain over
 * HTTP by the watch list's own read of an L1, with a validator's balance set by the sandbox's
 * control route (inactive at 0, short of balance under a day at today's fee). Nothing is said of
 * an L1 whose validators are well, or of a subnet with no L1 validators; the tracker asks only
 * for an undelivered message, and the primary network (whose validators stake) is never asked.
 */
import * as assert from 'node:assert/strict';

import { request } from 'undici';

import { NodeRpcClient, sourceL1Warning } from '../../../src/core';
import { startSandbox } from '../../sandbox';
import type { KnownIds, Sandbox } from '../../sandbox/types';

describe('(unit) ICM: the source L1’s validators, from the P-Chain', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let node: NodeRpcClient;
    const signal = new AbortController().signal;

    const setBalance = async (validationId: string, balance: string): Promise<void> => {
        const response = await request(`${sandbox.dataApiUrl}/__sandbox/l1Validators/balance`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ validationId, balance }),
        });
        assert.equal(response.statusCode, 200);
        await response.body.dump();
    };

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        node = new NodeRpcClient({ url: sandbox.nodeUrl });
    });
    after(async () => {
        await node.close();
        await sandbox.close();
    });
    afterEach(async () => {
        const response = await request(`${sandbox.dataApiUrl}/__sandbox/holds`, {
            method: 'DELETE',
        });
        await response.body.dump();
    });

    it('names a validator that ran out of balance, and one short of it', async () => {
        // A year's balance at any sandbox price: not named (the generated L1 has others).
        await setBalance(known.l1ValidationId, '10000000000000000');
        const before = (await sourceL1Warning(node, known.l1SubnetId, signal, 60)) ?? '';
        assert.ok(!before.includes(known.l1NodeId), before);

        await setBalance(known.l1ValidationId, '0');
        const inactive = await sourceL1Warning(node, known.l1SubnetId, signal, 60);
        assert.match(
            inactive ?? '',
            new RegExp(`inactive \\(balance 0\\): [^.]*${known.l1NodeId}`),
        );
        assert.match(inactive ?? '', /quorum/);

        // 1,000 nAVAX at 512 nAVAX a second: seconds left, under a day.
        await setBalance(known.l1ValidationId, '1000');
        const short = await sourceL1Warning(node, known.l1SubnetId, signal);
        assert.match(
            short ?? '',
            new RegExp(`less than 24 h of balance left at today's fee \\([^)]*${known.l1NodeId}`),
        );
    });

    it('says nothing of a subnet without L1 validators', async () => {
        assert.equal(
            await sourceL1Warning(node, '11111111111111111111111111111111LpoYY', signal),
            undefined,
        );
    });
});
