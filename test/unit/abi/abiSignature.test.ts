/**
 * Canonical signatures, selectors and topics (src/core/abi/signature.ts) against viem's, and the
 * human-readable signature reader (src/core/abi/parseSignature.ts) against viem's `parseAbiItem`.
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';
import {
    type AbiEvent,
    type AbiFunction,
    parseAbiItem,
    toEventSelector,
    toFunctionSelector,
} from 'viem';

import { parseSignature } from '../../../src/core/abi/parseSignature';
import {
    canonicalSignature,
    canonicalType,
    selectorOf,
    topicOf,
} from '../../../src/core/abi/signature';
import { wellKnownGroups } from '../../../src/core/abi/wellKnown';
import type { AbiEntry, AbiParam } from '../../../src/core/workspace/types';
import { fuzzRuns } from '../../reliability/record';

import { paramArb, paramName } from '../../helpers/abiArbitraries';

interface Plain {
    name: string;
    type: string;
    indexed: boolean;
    components: Plain[] | undefined;
}

interface Loose {
    name?: string | undefined;
    type: string;
    indexed?: boolean | undefined;
    components?: readonly Loose[] | undefined;
    inputs?: readonly Loose[] | undefined;
    outputs?: readonly Loose[] | undefined;
    stateMutability?: string | undefined;
    anonymous?: boolean | undefined;
}

/** A parameter as both readers agree to show it (abitype leaves out empty names and `indexed: false`). */
function plain(p: Loose): Plain {
    return {
        name: p.name ?? '',
        type: p.type,
        indexed: p.indexed === true,
        components: p.components?.map(plain),
    };
}

function plainEntry(item: unknown): unknown {
    const entry = item as Loose;
    return {
        type: entry.type,
        name: entry.name,
        inputs: (entry.inputs ?? []).map(plain),
        outputs: entry.type === 'function' ? (entry.outputs ?? []).map(plain) : undefined,
        stateMutability: entry.type === 'function' ? entry.stateMutability : undefined,
        anonymous: entry.type === 'event' ? entry.anonymous === true : undefined,
    };
}

describe('(unit) abi signatures', function () {
    it('expands tuples and names aliases in full', function () {
        const entry: AbiEntry = {
            type: 'function',
            name: 'execute',
            inputs: [
                {
                    name: 'calls',
                    type: 'tuple[]',
                    components: [
                        { name: 'target', type: 'address' },
                        { name: 'value', type: 'uint' },
                        {
                            name: 'inner',
                            type: 'tuple[2]',
                            components: [{ name: '', type: 'int' }],
                        },
                    ],
                },
                { name: 'flag', type: 'bool' },
            ],
        };
        assert.equal(canonicalSignature(entry), 'execute((address,uint256,(int256)[2])[],bool)');
        assert.equal(canonicalType({ name: '', type: 'byte' }), 'bytes1');
        assert.equal(canonicalType({ name: '', type: 'fixed[3]' }), 'fixed128x18[3]');
        assert.equal(
            selectorOf(entry),
            toFunctionSelector('execute((address,uint256,(int256)[2])[],bool)'),
        );
    });

    it('gives the well-known constants', function () {
        const transfer = parseSignature('function transfer(address to, uint256 value)');
        assert.equal(selectorOf(transfer), '0xa9059cbb');
        const event = parseSignature(
            'event Transfer(address indexed from, address indexed to, uint256 value)',
        );
        assert.equal(
            topicOf(event),
            '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        );
    });

    it('agrees with viem on random entries', function () {
        fc.assert(
            fc.property(
                fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/),
                fc.array(fc.tuple(paramName, paramArb(3)), { maxLength: 5 }),
                (name, fields) => {
                    const inputs = fields.map(([n, p]) => ({ ...p, name: n }));
                    const fn: AbiEntry = { type: 'function', name, inputs, outputs: [] };
                    assert.equal(selectorOf(fn), toFunctionSelector(fn as unknown as AbiFunction));
                    const ev: AbiEntry = { type: 'event', name, inputs, anonymous: false };
                    assert.equal(topicOf(ev), toEventSelector(ev as unknown as AbiEvent));
                },
            ),
            { numRuns: fuzzRuns(300) },
        );
    });

    it('refuses tuples nested past any real ABI instead of exhausting the stack', function () {
        let param: AbiParam = { name: '', type: 'uint256' };
        for (let i = 0; i < 100; i++) param = { name: '', type: 'tuple', components: [param] };
        assert.throws(
            () => canonicalSignature({ type: 'function', name: 'f', inputs: [param] }),
            /nested/,
        );
    });
});

describe('(unit) abi human-readable signatures', function () {
    const samples = [
        'function transfer(address to, uint256 amount) returns (bool)',
        'function deposit() payable',
        'function balanceOf(address) view returns (uint256)',
        'function f((address target, uint256 value, bytes data)[] calls, uint8[3] flags, bytes32[][] groups) returns ((bool ok, bytes32 id)[] results)',
        'function g(((uint256 a, uint256 b) inner, address c) nested) pure',
        'event Transfer(address indexed from, address indexed to, uint256 value)',
        'event Moved(address indexed who, (uint64 a, bytes b) data)',
        'event URI(string value, uint256 indexed id)',
        'error Unauthorized(address account)',
        'error Empty()',
    ];

    it('reads what viem reads', function () {
        for (const text of samples)
            assert.deepEqual(
                plainEntry(parseSignature(text)),
                plainEntry(parseAbiItem(text)),
                text,
            );
    });

    it('reads the whole built-in table as viem does', function () {
        let count = 0;
        for (const { signatures } of wellKnownGroups)
            for (const text of signatures) {
                assert.deepEqual(
                    plainEntry(parseSignature(text)),
                    plainEntry(parseAbiItem(text)),
                    text,
                );
                count++;
            }
        assert.ok(count > 150, `${count} signatures`);
    });

    it('reads anonymous events, which viem’s reader does not', function () {
        const entry = parseSignature('event Moved(address indexed who, uint256 amount) anonymous');
        assert.equal(entry.anonymous, true);
        assert.deepEqual(
            entry.inputs.map((p) => p.indexed),
            [true, false],
        );
    });

    it('throws on what is not a signature', function () {
        for (const text of [
            '',
            'constructor(uint256 a)',
            'function (uint256)',
            'function f(',
            'function f(uint256 a b)',
            'event E(uint256) returns (bool)',
        ])
            assert.throws(() => parseSignature(text), text);
    });
});
