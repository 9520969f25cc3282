/**
 * uint64s past 2^53 stay exact from the wire to the views (#18): the exact parse itself, then the
 * sandbox's known L1, whose second validator has weight 2^53 + 1 and balance 2^53 + 3, sent as
 * plain JSON numbers by the Data API (`listL1Validators`) and by the node (the validators API and
 * `platform.getTx` of the conversion), as Go sends a uint64 that is not a `json.Uint64`.
 */
import * as assert from 'node:assert/strict';

import { nodeRpcMethods, NodeRpcClient } from '../../src/core';
import { DataApiClient } from '../../src/core/dataApi/dataApiClient';
import { parseJsonExact } from '../../src/core/http/exactJson';
import { l1ValidatorOf } from '../../src/core/views/nodeNetwork';
import { compareValidators } from '../../src/core/views/validatorDiff';
import { startSandbox } from '../sandbox';
import { bigRemainingBalance, bigWeight } from '../sandbox/primaryNetwork';
import type { KnownIds, Sandbox } from '../sandbox/types';

describe('(unit) exact uint64s: the parse', () => {
    it('keeps integers past 2^53 as decimal strings and everything else as JSON.parse does', () => {
        const text =
            '{"weight":9007199254740993,"small":9007199254740991,"fee":1.5,"big":[18446744073709551615,-9007199254740993],' +
            '"e":1e21,"s":"9007199254740993","nested":{"balance":  12345678901234567890}}';
        assert.deepEqual(parseJsonExact(text), {
            weight: '9007199254740993',
            small: 9007199254740991,
            fee: 1.5,
            big: ['18446744073709551615', '-9007199254740993'],
            e: 1e21,
            s: '9007199254740993',
            nested: { balance: '12345678901234567890' },
        });
    });

    it('answers like JSON.parse where no long number is present, and refuses what it refuses', () => {
        for (const text of ['{"a":1,"b":[true,null,"x"]}', '[]', '"123456789012345678"', '0']) {
            assert.deepEqual(parseJsonExact(text), JSON.parse(text));
        }
        assert.throws(() => parseJsonExact('{"a":12345678901234567890'));
        assert.throws(() => parseJsonExact('{"a":'));
    });

    it('finds a long number at the top, and reads nesting deeper than the call stack', () => {
        assert.equal(parseJsonExact('9007199254740993'), '9007199254740993');
        assert.equal(parseJsonExact('-9007199254740991'), -9007199254740991);
        assert.deepEqual(parseJsonExact('[1.5e300,-9007199254740993]'), [
            1.5e300,
            '-9007199254740993',
        ]);
        const depth = 200_000;
        // The native parse takes this depth; the search for a long number must too.
        let value = parseJsonExact(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
        for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
        assert.equal(value, 1);
    });

    it('keeps "__proto__" an own key, as JSON.parse does, in the exact parse too', () => {
        const parsed = parseJsonExact(
            '{"__proto__":{"polluted":true},"w":9007199254740993}',
        ) as Record<string, unknown>;
        assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
        assert.equal((parsed as { polluted?: unknown }).polluted, undefined);
        assert.deepEqual(Object.keys(parsed), ['__proto__', 'w']);
    });
});

describe('(unit) exact uint64s: from both services of the sandbox', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let node: NodeRpcClient;
    let dataApi: DataApiClient;
    const weight = bigWeight.toString();

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        node = new NodeRpcClient({ url: sandbox.nodeUrl });
        dataApi = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
        });
    });
    after(async () => {
        await node.close();
        await dataApi.close();
        await sandbox.close();
    });

    it('sends them as plain JSON numbers (what JSON.parse would round)', async () => {
        const response = await fetch(
            `${sandbox.dataApiUrl}/v1/networks/mainnet/l1Validators?subnetId=${known.l1SubnetId}`,
        );
        const body = await response.text();
        assert.ok(body.includes(`"weight":${weight},`), 'weight as a JSON number');
        assert.ok(body.includes(`"remainingBalance":${bigRemainingBalance},`));
        assert.ok(!body.includes(`"weight":"${weight}"`));
    });

    it('the Data API client, the node client and the validator comparison keep them exact', async () => {
        const fromDataApi = await dataApi.listL1Validators({
            network: 'mainnet',
            subnetId: known.l1SubnetId,
        });
        const big = fromDataApi.items.find((v) => v.weight === weight);
        assert.ok(
            big,
            `a validator of weight ${weight} in ${fromDataApi.items.map((v) => v.weight).join(', ')}`,
        );
        assert.equal(big.remainingBalance, bigRemainingBalance.toString());

        const fromNode = await node.call(
            nodeRpcMethods['validators.getCurrentValidators'],
            {},
            { chain: known.l1BlockchainId },
        );
        const same = fromNode.validators.find((v) => v.validationId === big.validationId);
        assert.equal(same?.weight, weight);
        const compared = compareValidators(fromDataApi.items, fromNode.validators);
        assert.equal(compared.find((c) => c.validationId === big.validationId)?.agreement, 'agree');

        const p = await node.call(nodeRpcMethods['platform.getCurrentValidators'], {
            subnetID: known.l1SubnetId,
        });
        const onP = p.validators.find((v) => v.validationId === big.validationId);
        assert.equal(onP?.weight, weight);
        const asRow = l1ValidatorOf(known.l1SubnetId, { ...onP, validationId: big.validationId });
        assert.equal(asRow.weight, weight);
        assert.equal(asRow.remainingBalance, bigRemainingBalance.toString());

        const tx = await node.call(nodeRpcMethods['platform.getTx'], {
            txID: known.pChainTxHash,
        });
        assert.ok(tx.validators.some((v) => v.weight === weight));
    });
});
