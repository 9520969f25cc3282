/**
 * Decoded values as plain text (src/core/abi/format.ts): checksummed addresses, exact integers,
 * shortened bytes with the whole value still copyable, strings quoted so that no character can
 * hide or reorder the text around it, and the line layout of a decoded call.
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';

import {
    copyValue,
    decodedLines,
    formatName,
    formatValue,
    quoteText,
} from '../../../src/core/abi/format';
import type { Decoded, DecodedValue } from '../../../src/core/abi/types';
import { fuzzRuns } from '../../reliability/record';

const bob = '0xab5801a7d398351b8be11c439e05c5b3259aec9b';
const origin = { tool: 'built-in', file: '' } as const;

describe('(unit) abi format', function () {
    it('checksums addresses and writes integers exactly', function () {
        assert.equal(
            formatValue({ k: 'address', value: bob }),
            '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
        );
        const max = (2n ** 256n - 1n).toString();
        assert.equal(formatValue({ k: 'int', type: 'uint256', value: max }), max);
        assert.equal(formatValue({ k: 'int', type: 'int8', value: '-128' }), '-128');
        assert.equal(formatValue({ k: 'bool', value: false }), 'false');
    });

    it('shortens long bytes for display and keeps them whole for copying', function () {
        const long = `0x${'ab'.repeat(8)}${'00'.repeat(88)}${'cd'.repeat(4)}`;
        const value: DecodedValue = { k: 'bytes', type: 'bytes', value: long };
        assert.equal(formatValue(value), `0x${'ab'.repeat(8)}…${'cd'.repeat(4)} (100 bytes)`);
        assert.equal(copyValue(value), long);
        assert.equal(formatValue(value, { bytesShownWhole: Infinity }), long);
        const word: DecodedValue = { k: 'bytes', type: 'bytes32', value: `0x${'12'.repeat(32)}` };
        assert.equal(formatValue(word), `0x${'12'.repeat(32)}`);
        const cut: DecodedValue = {
            k: 'bytes',
            type: 'bytes',
            value: `0x${'ee'.repeat(40)}`,
            more: 1000,
        };
        assert.equal(formatValue(cut), `0x${'ee'.repeat(8)}… (1,040 bytes)`);
    });

    it('quotes strings with every hiding or reordering character escaped', function () {
        assert.equal(quoteText('a"b\\c'), '"a\\"b\\\\c"');
        assert.equal(quoteText('line\nbreak\ttab'), '"line\\nbreak\\ttab"');
        assert.equal(quoteText('abc\u202edef'), '"abc\\u202edef"');
        assert.equal(quoteText('zero\u200bwidth\ufeff'), '"zero\\u200bwidth\\ufeff"');
        assert.equal(quoteText('\u2028\u2066\u0085\u0000'), '"\\u2028\\u2066\\u0085\\u0000"');
        assert.equal(quoteText('lone \ud800 surrogate'), '"lone \\ud800 surrogate"');
        assert.equal(quoteText('pair 😀 kept, ünïcödé kept'), '"pair 😀 kept, ünïcödé kept"');
        // Markup stays as text; the hover escapes it.
        assert.equal(quoteText('<b>**x**</b>'), '"<b>**x**</b>"');
        const cut: DecodedValue = { k: 'string', value: 'abc', more: 4093 };
        assert.equal(formatValue(cut), '"abc"… (4,093 more characters)');
        assert.equal(copyValue({ k: 'string', value: 'a\nb' }), 'a\nb');
    });

    it('leaves no unsafe character unescaped in any string', function () {
        const unsafe =
            /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
        fc.assert(
            fc.property(fc.string({ unit: 'binary' }), (text) => {
                const quoted = quoteText(text);
                assert.ok(!unsafe.test(quoted), JSON.stringify(quoted));
                assert.ok(
                    !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(
                        quoted,
                    ),
                );
            }),
            { numRuns: fuzzRuns(1000) },
        );
    });

    it('quotes names that are not identifiers', function () {
        assert.equal(formatName('transfer'), 'transfer');
        assert.equal(formatName('$x_1'), '$x_1');
        assert.equal(formatName('a b\u202e'), '"a b\\u202e"');
    });

    it('renders lists and tuples, counting what was left out', function () {
        const list: DecodedValue = {
            k: 'list',
            type: 'uint256[]',
            items: [
                { k: 'int', type: 'uint256', value: '1' },
                { k: 'int', type: 'uint256', value: '2' },
            ],
            more: 998,
        };
        assert.equal(formatValue(list), '[1, 2, … 998 more]');
        const tuple: DecodedValue = {
            k: 'tuple',
            type: '(address,bool)',
            fields: [
                { name: 'who', type: 'address', value: { k: 'address', value: bob } },
                { name: '', type: 'bool', value: { k: 'bool', value: true } },
            ],
        };
        assert.equal(formatValue(tuple), '(who: 0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B, true)');
        assert.equal(
            formatValue({ k: 'hashed', type: 'string', value: `0x${'ab'.repeat(32)}` }),
            `hash 0x${'ab'.repeat(32)}`,
        );
    });

    it('lays a call out on one line when it fits, else one argument per line', function () {
        const add: Decoded = {
            kind: 'function',
            name: 'add',
            signature: 'add(uint256)',
            args: [
                {
                    name: 'amount',
                    type: 'uint256',
                    value: { k: 'int', type: 'uint256', value: '5' },
                },
            ],
            origin,
        };
        assert.deepEqual(decodedLines(add), ['add(amount: 5)']);
        const long: Decoded = {
            kind: 'function',
            name: 'execute',
            signature: 'execute((address,bytes)[],string)',
            args: [
                {
                    name: 'calls',
                    type: '(address,bytes)[]',
                    value: {
                        k: 'list',
                        type: '(address,bytes)[]',
                        items: [1, 2].map(() => ({
                            k: 'tuple' as const,
                            type: '(address,bytes)',
                            fields: [
                                {
                                    name: 'target',
                                    type: 'address',
                                    value: { k: 'address' as const, value: bob },
                                },
                                {
                                    name: 'data',
                                    type: 'bytes',
                                    value: { k: 'bytes' as const, type: 'bytes', value: '0x1234' },
                                },
                            ],
                        })),
                    },
                },
                { name: 'label', type: 'string', value: { k: 'string', value: 'x' } },
            ],
            origin,
        };
        assert.deepEqual(decodedLines(long, { width: 80 }), [
            'execute(',
            '    calls: [',
            '        (target: 0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B, data: 0x1234),',
            '        (target: 0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B, data: 0x1234),',
            '    ],',
            '    label: "x",',
            ')',
        ]);
    });

    it('adds the note of a panic on its own line', function () {
        const panic: Decoded = {
            kind: 'error',
            name: 'Panic',
            signature: 'Panic(uint256)',
            args: [
                {
                    name: 'code',
                    type: 'uint256',
                    value: { k: 'int', type: 'uint256', value: '17' },
                },
            ],
            origin,
            group: 'Solidity',
            note: 'panic 0x11: arithmetic overflow or underflow',
        };
        assert.deepEqual(decodedLines(panic), [
            'Panic(code: 17)',
            'panic 0x11: arithmetic overflow or underflow',
        ]);
    });
});
