/**
 * uint64s past 2^53 stay exact from the wire to the views (#18): the exact parse itself, then the
 * sandbox's known L1, whose second validator has weight 2^53 + 1 and balance 2^53 + 3, sent as
 * plain JSON numbers by the Data API (`listL1Validators`) and by the node (the validators API and
 * `platform.getTx` of the conversion), as Go sends a uint64 that is not a `json.Uint64`.
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';
import { isInteger, isSafeNumber, parse } from 'lossless-json';

import { nodeRpcMethods, NodeRpcClient } from '../../../src/core';
import { DataApiClient } from '../../../src/core/dataApi/dataApiClient';
import { parseJsonExact, quoteUnsafeIntegers } from '../../../src/core/http/exactJson';
import { l1ValidatorOf } from '../../../src/core/summaries/nodeNetwork';
import { compareValidators } from '../../../src/core/summaries/validatorDiff';
import { fuzzRuns } from '../../reliability/record';
import { startSandbox } from '../../sandbox';
import { bigRemainingBalance, bigWeight } from '../../sandbox/primaryNetwork';
import type { KnownIds, Sandbox } from '../../sandbox/types';

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

/**
 * What the exact parse answered while it re-read texts with `lossless-json` (until the native
 * parse of quoted literals replaced it): every integer literal beyond 2^53 as its text, every
 * other number as `Number` makes it. It refused a repeated key, which JSON.parse reads.
 */
function losslessExact(text: string): unknown {
    JSON.parse(text);
    return parse(text, null, (literal) =>
        isInteger(literal) && !isSafeNumber(literal) ? literal : Number(literal),
    );
}

/** JSON texts with long digit runs: integers, fractions, exponents, digits inside strings. */
function jsonText(): fc.Arbitrary<string> {
    const space = fc.constantFrom('', ' ', '\n', '\t', '\r\n  ');
    const digits = fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String);
    const number = fc.oneof(
        fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
        fc.constantFrom('9007199254740991', '9007199254740992', '-9007199254740993', '1e16'),
        fc.tuple(digits, digits).map(([whole, fraction]) => `${whole}.${fraction}`),
        fc.tuple(digits, fc.constantFrom('e', 'E-', 'e+'), digits).map((p) => p.join('')),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    );
    const string = fc
        .array(fc.oneof(digits, fc.constantFrom('\\"', '\\\\', ', ', ':[', '"'), fc.string()), {
            maxLength: 4,
        })
        .map((parts) => JSON.stringify(parts.join('')));
    const { value } = fc.letrec<{ value: string }>((tie) => ({
        value: fc.oneof(
            { depthSize: 'small', withCrossShrink: true },
            number,
            string,
            fc.constantFrom('true', 'false', 'null'),
            fc
                .array(fc.tuple(space, tie('value'), space), { maxLength: 5 })
                .map((items) => `[${items.map((i) => i.join('')).join(',')}]`),
            // Distinct keys: lossless-json refused a repeated key, where JSON.parse keeps the last.
            fc
                .uniqueArray(fc.tuple(string, space, tie('value')), {
                    maxLength: 5,
                    selector: ([key]) => JSON.parse(key) as string,
                })
                .map((entries) => `{${entries.map(([k, s, v]) => `${k}${s}:${s}${v}`).join(',')}}`),
        ),
    }));
    return fc.tuple(space, value, space).map((p) => p.join(''));
}

describe('(unit) exact uint64s: the quoting pass', () => {
    it('answers as the lossless-json re-read did, for any JSON text', () => {
        fc.assert(
            fc.property(jsonText(), (text) => {
                assert.deepEqual(parseJsonExact(text), losslessExact(text));
            }),
            { numRuns: fuzzRuns(2_000) },
        );
    });

    it('quotes only whole integer literals outside strings', () => {
        const text =
            '{"a":"x, 12345678901234567 ]","b":[12345678901234567 ,-12345678901234567],' +
            '"c":1.12345678901234567,"d":1e12345678901234567,"e":"\\\\","f":12345678901234567}';
        assert.equal(
            quoteUnsafeIntegers(text),
            '{"a":"x, 12345678901234567 ]","b":["12345678901234567" ,"-12345678901234567"],' +
                '"c":1.12345678901234567,"d":1e12345678901234567,"e":"\\\\","f":"12345678901234567"}',
        );
        const safe = '[9007199254740991,"9007199254740993"]';
        assert.equal(quoteUnsafeIntegers(safe), safe);
    });

    it('reads a repeated key as JSON.parse does, with or without a long number', () => {
        assert.deepEqual(parseJsonExact('{"a":1,"a":2}'), { a: 2 });
        assert.deepEqual(parseJsonExact('{"a":1,"a":9007199254740993}'), {
            a: '9007199254740993',
        });
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
