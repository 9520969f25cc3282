/**
 * The decoder of calls, event logs and revert data (src/core/abi/decode.ts), with viem's encoders
 * as the oracle: what viem encodes must decode to the same values, by property over random types
 * and values; hostile data (truncation, offsets and lengths past the end, shared tails, dirty
 * words, sizes past the bounds) must end in a result, never a throw, a hang or a heap of values;
 * selector collisions are reported as ambiguous, never guessed.
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';
import {
    type Abi,
    type AbiEvent,
    type AbiFunction,
    encodeAbiParameters,
    encodeErrorResult,
    encodeEventTopics,
    encodeFunctionData,
    keccak256,
    toEventSelector,
    toFunctionSelector,
    toHex,
} from 'viem';

import { decodeCall, decodeLog, decodeRevert } from '../../../src/core/abi/decode';
import { decodeLimits } from '../../../src/core/abi/values';
import { parseSignature } from '../../../src/core/abi/parseSignature';
import { selectorOf, topicOf } from '../../../src/core/abi/signature';
import type {
    Candidate,
    Decoded,
    DecodedArg,
    DecodedValue,
    DecodeResult,
} from '../../../src/core/abi/types';
import type { AbiEntry, AbiParam, Origin } from '../../../src/core/workspace/types';
import { fuzzRuns } from '../../reliability/record';

import { canonical, paramArb, paramName, sampleArb, valueOf } from '../../helpers/abiArbitraries';

const artifact: Origin = { tool: 'foundry', file: 'out/Token.sol/Token.json' };
const other: Origin = { tool: 'hardhat', file: 'artifacts/contracts/Other.sol/Other.json' };

const candidate = (text: string, origin: Origin = artifact): Candidate => ({
    entry: parseSignature(text),
    origin,
});

/** viem's view of an entry, or of an ABI of that one entry (its types are stricter than ours). */
const asViem = <T>(entry: AbiEntry, wrap = false): T => (wrap ? [entry] : entry) as unknown as T;

const alice = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const bob = '0xab5801a7d398351b8be11c439e05c5b3259aec9b';
const word = (n: bigint | number): string => BigInt(n).toString(16).padStart(64, '0');

function decoded(result: DecodeResult): Decoded {
    assert.equal(result.status, 'decoded', JSON.stringify(result));
    return result.decoded;
}

function invalid(result: DecodeResult): string {
    assert.equal(result.status, 'invalid', JSON.stringify(result));
    return result.reason;
}

/** The value of the argument named `name`. */
const arg = (d: Decoded, name: string): DecodedValue | undefined =>
    d.args.find((a) => a.name === name)?.value;

/** Runs `run`, failing if it takes longer than `ms` (a hostile input must not make it work hard). */
function quickly<T>(ms: number, run: () => T): T {
    const started = performance.now();
    const value = run();
    const took = performance.now() - started;
    assert.ok(took < ms, `took ${took.toFixed(0)} ms`);
    return value;
}

const transfer = candidate('function transfer(address to, uint256 amount) returns (bool)');
const transferData = encodeFunctionData({
    abi: [asViem<AbiFunction>(transfer.entry)],
    args: [bob, 10n ** 21n],
});

describe('(unit) abi decode: calls', function () {
    it('decodes an ERC-20 transfer, keeping the candidate’s names and origin', function () {
        const d = decoded(decodeCall(transferData, [transfer]));
        assert.equal(d.kind, 'function');
        assert.equal(d.name, 'transfer');
        assert.equal(d.signature, 'transfer(address,uint256)');
        assert.deepEqual(d.origin, artifact);
        assert.deepEqual(d.args, [
            { name: 'to', type: 'address', value: { k: 'address', value: bob } },
            {
                name: 'amount',
                type: 'uint256',
                value: { k: 'int', type: 'uint256', value: '1000000000000000000000' },
            },
        ]);
    });

    it('answers empty, unknown and invalid for what has nothing to decode', function () {
        assert.deepEqual(decodeCall('0x', [transfer]), { status: 'empty' });
        assert.deepEqual(decodeCall('', [transfer]), { status: 'empty' });
        assert.deepEqual(decodeCall('0x12345678', [transfer]), {
            status: 'unknown',
            selector: '0x12345678',
        });
        assert.match(invalid(decodeCall('0xa905', [transfer])), /shorter than a 4-byte selector/);
        assert.match(invalid(decodeCall('0xzz', [transfer])), /not 0x-prefixed hex/);
        assert.match(invalid(decodeCall('0xa9059cbb0', [transfer])), /odd number/);
        assert.match(invalid(decodeCall(transferData.slice(0, -2), [transfer])), /data ends/);
        // A selector in upper case is the same selector.
        assert.equal(
            decodeCall(transferData.toUpperCase().replace('0X', '0x'), [transfer]).status,
            'decoded',
        );
    });

    it('leaves out candidates whose selector or kind does not match', function () {
        const approve = candidate('function approve(address spender, uint256 value)');
        const event = candidate(
            'event Transfer(address indexed from, address indexed to, uint256 value)',
        );
        assert.deepEqual(decodeCall(transferData, [approve, event]), {
            status: 'unknown',
            selector: '0xa9059cbb',
        });
    });

    it('decodes one signature once, with the first candidate’s names and origin', function () {
        const renamed = candidate('function transfer(address recipient, uint256 value)', other);
        const d = decoded(decodeCall(transferData, [renamed, transfer]));
        assert.deepEqual(d.origin, other);
        assert.deepEqual(
            d.args.map((a) => a.name),
            ['recipient', 'value'],
        );
    });

    it('accepts trailing bytes after the arguments, as Solidity does (ERC-2771 appends the sender)', function () {
        const d = decoded(decodeCall(`${transferData}${alice.slice(2)}`, [transfer]));
        assert.equal(arg(d, 'to')?.k, 'address');
    });

    it('refuses dirty words: address high bytes, out-of-range integers, bytesN padding, bools', function () {
        const body = transferData.slice(10);
        assert.match(
            invalid(decodeCall(`0xa9059cbb${'ff'.repeat(12)}${body.slice(24)}`, [transfer])),
            /address has non-zero high bytes/,
        );
        const small = candidate('function f(uint8 a)');
        const sel = toFunctionSelector('f(uint8)');
        assert.match(invalid(decodeCall(`${sel}${word(256)}`, [small])), /uint8 is out of range/);
        const signed = candidate('function f(int8 a)');
        const sel8 = toFunctionSelector('f(int8)');
        assert.equal(
            decoded(decodeCall(`${sel8}${'f'.repeat(64)}`, [signed])).args[0]?.value.k,
            'int',
        );
        assert.match(invalid(decodeCall(`${sel8}${word(128)}`, [signed])), /int8 is out of range/);
        const b4 = candidate('function f(bytes4 a)');
        assert.match(
            invalid(
                decodeCall(`${toFunctionSelector('f(bytes4)')}${'ab'.repeat(5)}${'0'.repeat(54)}`, [
                    b4,
                ]),
            ),
            /bytes4 has non-zero padding/,
        );
        const flag = candidate('function f(bool a)');
        assert.match(
            invalid(decodeCall(`${toFunctionSelector('f(bool)')}${word(2)}`, [flag])),
            /bool/,
        );
    });

    it('reads one-word types in place, answering what viem answers for the same words in a tuple', function () {
        // A tuple of one-word types is encoded as those words in a row, but is decoded by viem;
        // the types alone are read in place (decodeWords).
        const types = [
            'address',
            'bool',
            'uint8',
            'uint48',
            'uint256',
            'int8',
            'int48',
            'int256',
            'bytes1',
            'bytes4',
            'bytes32',
            'function',
        ];
        const max = (1n << 256n) - 1n;
        const wordArb = fc.oneof(
            fc.constantFrom(0n, 1n, 2n, 127n, 128n, 255n, 256n, max, max - 127n, max - 128n),
            fc.bigInt({ min: 0n, max }),
            fc.bigInt({ min: 0n, max: (1n << 160n) - 1n }),
            fc.bigInt({ min: 0n, max: (1n << 32n) - 1n }).map((high) => high << 224n),
            fc.bigInt({ min: 0n, max: (1n << 48n) - 1n }),
        );
        // viem reads an integer of 48 bits or fewer as a number and refuses a word past 2^53 as
        // an offset would be refused; read in place, that word is the dirty word it is.
        const viemOffset = 'an offset or a length is larger than any data can be';
        const outcome = (result: DecodeResult): unknown =>
            result.status === 'decoded'
                ? result.decoded.args
                : result.status === 'invalid'
                  ? result.reason.replace(
                        /^a u?int\d+ is out of range \(a dirty word\)$/,
                        viemOffset,
                    )
                  : result.status;
        fc.assert(
            fc.property(
                fc.array(fc.tuple(fc.constantFrom(...types), wordArb), {
                    minLength: 1,
                    maxLength: 5,
                }),
                fc.option(fc.nat({ max: 330 })),
                (fields, cut) => {
                    const params = fields.map(([type], i) => ({ name: `a${i}`, type }));
                    const inPlace: AbiEntry = { type: 'function', name: 'f', inputs: params };
                    const inTuple: AbiEntry = {
                        type: 'function',
                        name: 'g',
                        inputs: [{ name: 't', type: 'tuple', components: params }],
                    };
                    let body = fields.map(([, w]) => word(w)).join('');
                    if (cut !== null) body = body.slice(0, cut - (cut % 2));
                    const viaViem = decodeCall(`${selectorOf(inTuple)}${body}`, [
                        { entry: inTuple, origin: artifact },
                    ]);
                    const expected =
                        viaViem.status === 'decoded' && viaViem.decoded.args[0]?.value.k === 'tuple'
                            ? viaViem.decoded.args[0].value.fields
                            : outcome(viaViem);
                    const result = decodeCall(`${selectorOf(inPlace)}${body}`, [
                        { entry: inPlace, origin: artifact },
                    ]);
                    if (body.length < fields.length * 64 && result.status === 'invalid') {
                        // Cut short, the tuple can decode where the words are refused, or for
                        // another reason: `checkHead` looks for dirty padding in a tuple only
                        // when all of it is there, and in each word that is.
                    } else {
                        assert.deepEqual(outcome(result), expected);
                    }
                    // An indexed value is one word too, read from its topic.
                    const [type, first] = fields[0]!;
                    const event: AbiEntry = {
                        type: 'event',
                        name: 'E',
                        inputs: [{ name: 'a0', type, indexed: true }],
                    };
                    const logged = decodeLog([topicOf(event), `0x${word(first)}`], '0x', [
                        { entry: event, origin: artifact },
                    ]);
                    const one: AbiEntry = {
                        type: 'function',
                        name: 'g',
                        inputs: [{ name: 't', type: 'tuple', components: [params[0]!] }],
                    };
                    const oneViaViem = decodeCall(`${selectorOf(one)}${word(first)}`, [
                        { entry: one, origin: artifact },
                    ]);
                    assert.deepEqual(
                        outcome(logged),
                        oneViaViem.status === 'decoded' &&
                            oneViaViem.decoded.args[0]?.value.k === 'tuple'
                            ? oneViaViem.decoded.args[0].value.fields
                            : outcome(oneViaViem),
                    );
                },
            ),
            { numRuns: fuzzRuns(1_000) },
        );
    });

    it('decodes a function-type parameter as its 24 bytes', function () {
        const entry = candidate('function f(function callback)');
        const data = `${toFunctionSelector('f(function)')}${alice.slice(2)}a9059cbb${'0'.repeat(16)}`;
        const value = decoded(decodeCall(data, [entry])).args[0]?.value;
        assert.deepEqual(value, { k: 'bytes', type: 'function', value: `${alice}a9059cbb` });
    });

    it('decodes what viem encodes, for random types and values', function () {
        fc.assert(
            fc.property(fc.array(fc.tuple(paramName, sampleArb(3)), { maxLength: 5 }), (fields) => {
                const inputs = fields.map(([name, s]) => ({ ...s.param, name }));
                const entry: AbiEntry = { type: 'function', name: 'f', inputs, outputs: [] };
                const data = encodeFunctionData({
                    abi: [asViem<AbiFunction>(entry)],
                    args: fields.map(([, s]) => s.value),
                });
                const result = decodeCall(data, [{ entry, origin: artifact }]);
                const expected: DecodedArg[] = fields.map(([name, s]) => ({
                    name,
                    type: canonical(s.param),
                    value: s.expected,
                }));
                assert.deepEqual(decoded(result).args, expected);
            }),
            { numRuns: fuzzRuns(300) },
        );
    });

    it('never throws on random bytes after a known selector, with random entries', function () {
        fc.assert(
            fc.property(
                fc.array(paramArb(3), { maxLength: 4 }),
                fc.uint8Array({ maxLength: 400 }),
                fc.array(fc.nat({ max: 400 }), { maxLength: 6 }),
                (inputs, bytes, offsets) => {
                    const entry: AbiEntry = { type: 'function', name: 'g', inputs, outputs: [] };
                    const sel = toFunctionSelector(asViem<AbiFunction>(entry));
                    // Small numbers scattered in the data look like offsets and lengths.
                    const body = Buffer.from(bytes);
                    for (const at of offsets)
                        if (at + 32 <= body.length) body.writeUInt32BE(at % 512, at + 28);
                    const result = decodeCall(`${sel}${body.toString('hex')}`, [
                        { entry, origin: artifact },
                    ]);
                    assert.ok(['decoded', 'invalid'].includes(result.status));
                },
            ),
            { numRuns: fuzzRuns(500) },
        );
    });

    it('never throws on hostile entries: unknown types, bad arrays, names that are not strings', function () {
        const types = [
            'fixed128x18',
            'uint7',
            'bytes33',
            'int0',
            'uint256[x]',
            '[]',
            'tuple',
            'address]',
            'string[99999999999]',
            '',
        ];
        for (const type of types) {
            const entry = {
                type: 'function',
                name: 'h',
                inputs: [{ name: 'a', type }],
            } as AbiEntry;
            const sel = selectorOf(entry);
            const result = decodeCall(`${sel}${word(1)}`, [{ entry, origin: artifact }]);
            assert.ok(
                ['invalid', 'decoded', 'unknown'].includes(result.status),
                `${type}: ${result.status}`,
            );
        }
        const weird = {
            type: 'function',
            name: 'h',
            inputs: [{ name: 7, type: 'uint256' }],
        } as unknown as AbiEntry;
        const d = decoded(
            decodeCall(`${toFunctionSelector('h(uint256)')}${word(1)}`, [
                { entry: weird, origin: artifact },
            ]),
        );
        assert.equal(d.args[0]?.name, '');
    });
});

describe('(unit) abi decode: selector collisions', function () {
    // Real collisions (4byte.directory): transferFrom(address,address,uint256) and
    // gasprice_bit_ether(int128) are both 0x23b872dd; burn(uint256) and
    // collate_propagate_storage(bytes16) are both 0x42966c68.
    const transferFrom = candidate(
        'function transferFrom(address from, address to, uint256 value)',
    );
    const gasprice = candidate('function gasprice_bit_ether(int128 a)', other);
    const burn = candidate('function burn(uint256 amount)');
    const collate = candidate('function collate_propagate_storage(bytes16 a)', other);

    it('the collisions are real', function () {
        assert.equal(toFunctionSelector('gasprice_bit_ether(int128)'), '0x23b872dd');
        assert.equal(toFunctionSelector('collate_propagate_storage(bytes16)'), '0x42966c68');
    });

    it('decodes the one candidate whose types accept the words', function () {
        const data = encodeFunctionData({
            abi: [asViem<AbiFunction>(transferFrom.entry)],
            args: [alice, bob, 5n],
        });
        // alice as an int128 is out of range: only transferFrom can be meant.
        assert.equal(decoded(decodeCall(data, [gasprice, transferFrom])).name, 'transferFrom');
        const burn5 = encodeFunctionData({ abi: [asViem<AbiFunction>(burn.entry)], args: [5n] });
        // 5 as a bytes16 has non-zero padding.
        assert.equal(decoded(decodeCall(burn5, [collate, burn])).name, 'burn');
    });

    it('reports both, in candidate order, when both decode: never a guess', function () {
        const dead = '0x000000000000000000000000000000000000dead';
        const data = encodeFunctionData({
            abi: [asViem<AbiFunction>(transferFrom.entry)],
            args: [dead, bob, 5n],
        });
        const result = decodeCall(data, [gasprice, transferFrom]);
        assert.equal(result.status, 'ambiguous');
        const names = result.candidates.map((c) => c.name);
        assert.deepEqual(names, ['gasprice_bit_ether', 'transferFrom']);
        const high = encodeFunctionData({
            abi: [asViem<AbiFunction>(burn.entry)],
            args: [1n << 255n],
        });
        assert.equal(decodeCall(high, [burn, collate]).status, 'ambiguous');
    });
});

describe('(unit) abi decode: bounds and hostile data', function () {
    const bytesFn = candidate('function f(bytes a)');
    const stringFn = candidate('function g(string a)');
    const arrayFn = candidate('function h(uint256[] a)');
    const sel = (c: Candidate): string => toFunctionSelector(asViem<AbiFunction>(c.entry));

    it('refuses offsets and lengths past the end at once', function () {
        quickly(200, () => {
            assert.match(
                invalid(decodeCall(`${sel(bytesFn)}${word(2n ** 64n)}`, [bytesFn])),
                /larger than any data|data ends/,
            );
            assert.ok(invalid(decodeCall(`${sel(bytesFn)}${word(0x40)}`, [bytesFn])));
            assert.ok(
                invalid(decodeCall(`${sel(stringFn)}${word(32)}${word(2n ** 255n)}`, [stringFn])),
            );
            assert.ok(
                invalid(
                    decodeCall(`${sel(arrayFn)}${word(32)}${word(2n ** 255n)}${word(1)}`, [
                        arrayFn,
                    ]),
                ),
            );
            assert.ok(
                invalid(
                    decodeCall(
                        `${sel(arrayFn)}${word(32)}${word(2n ** 32n - 1n)}${word(1).repeat(3)}`,
                        [arrayFn],
                    ),
                ),
            );
        });
    });

    it('refuses offsets that point at one tail over and over', function () {
        const nested = candidate('function k(uint256[][][] a)');
        const n = 1000;
        const level = word(n) + word(n * 32).repeat(n);
        const data = `${sel(nested)}${word(32)}${level}${level}${word(n)}${word(0).repeat(n)}`;
        assert.match(
            quickly(2000, () => invalid(decodeCall(data, [nested]))),
            /same data too many times/,
        );
    });

    it('refuses strings that share one tail into far more text than the data holds', function () {
        // 2,000 strings pointing at one 50 kB tail: 100 MB of text from 114 kB.
        const strings = candidate('function s(string[] a)');
        const n = 2000;
        const tail = 50_000;
        const text = '61'.repeat(tail).padEnd(Math.ceil(tail / 32) * 64, '0');
        const data = `${sel(strings)}${word(32)}${word(n)}${word(n * 32).repeat(n)}${word(tail)}${text}`;
        assert.match(
            quickly(2000, () => invalid(decodeCall(data, [strings]))),
            /same bytes or string too many times/,
        );
    });

    it('shows at most 64 items of an array and counts the rest', function () {
        const values = Array.from({ length: 1000 }, (_, i) => BigInt(i));
        const data = encodeFunctionData({
            abi: [asViem<AbiFunction>(arrayFn.entry)],
            args: [values],
        });
        const list = decoded(decodeCall(data, [arrayFn])).args[0]?.value;
        assert.equal(list?.k, 'list');
        if (list?.k !== 'list') return;
        assert.equal(list.items.length, decodeLimits.maxListItems);
        assert.equal(list.more, 1000 - decodeLimits.maxListItems);
        assert.deepEqual(list.items[63], { k: 'int', type: 'uint256', value: '63' });
    });

    it('cuts long strings, never between the halves of a surrogate pair', function () {
        const text = `${'a'.repeat(decodeLimits.maxStringChars - 1)}😀${'b'.repeat(5000)}`;
        const data = encodeFunctionData({
            abi: [asViem<AbiFunction>(stringFn.entry)],
            args: [text],
        });
        const value = decoded(decodeCall(data, [stringFn])).args[0]?.value;
        assert.deepEqual(value, {
            k: 'string',
            value: 'a'.repeat(decodeLimits.maxStringChars - 1),
            more: text.length - (decodeLimits.maxStringChars - 1),
        });
    });

    it('bounds what one decoding holds when many values share one tail', function () {
        // 20 bytes values, all pointing at one 20 kB tail: 400 kB of bytes from 21 kB of input.
        const many = candidate('function m(bytes[] a)');
        const n = 20;
        const tail = 20_000;
        const data = `${sel(many)}${word(32)}${word(n)}${word(n * 32).repeat(n)}${word(tail)}${'ab'.repeat(tail)}`;
        const list = decoded(decodeCall(data, [many])).args[0]?.value;
        assert.equal(list?.k, 'list');
        if (list?.k !== 'list') return;
        const kept = list.items.reduce(
            (sum, v) => sum + (v.k === 'bytes' ? v.value.length - 2 : 0),
            0,
        );
        assert.ok(kept <= decodeLimits.maxTextChars, `${kept} hex digits kept`);
        const last = list.items[n - 1];
        assert.ok(last?.k === 'bytes' && last.more !== undefined && last.more > 0);
        // Values sharing a tail of 64 items each: 64 × 64 values, past the bound on values.
        const grid = candidate('function q(uint256[][] a)');
        const g = `${sel(grid)}${word(32)}${word(64)}${word(64 * 32).repeat(64)}${word(64)}${word(7).repeat(64)}`;
        const outer = decoded(decodeCall(g, [grid])).args[0]?.value;
        assert.ok(outer?.k === 'list');
        if (outer?.k !== 'list') return;
        const count = (v: DecodedValue): number =>
            1 + (v.k === 'list' ? v.items.reduce((s, i) => s + count(i), 0) : 0);
        assert.ok(count(outer) <= decodeLimits.maxValues + 1, `${count(outer)} values`);
        assert.ok(outer.items.some((i) => i.k === 'list' && i.more !== undefined));
    });

    it('refuses entries nested deeper than 8 levels and input over 128 kB', function () {
        const deep = candidate(`function d(uint256${'[]'.repeat(9)} a)`);
        assert.match(
            invalid(decodeCall(`${sel(deep)}${word(32)}${word(0)}`, [deep])),
            /nested deeper than 8/,
        );
        const ok = candidate(`function d(uint256${'[]'.repeat(8)} a)`);
        assert.equal(decodeCall(`${sel(ok)}${word(32)}${word(0)}`, [ok]).status, 'decoded');
        const big = `${sel(bytesFn)}${'00'.repeat(decodeLimits.maxInputBytes)}`;
        assert.match(invalid(decodeCall(big, [bytesFn])), /past the decoder's bound/);
        assert.equal(
            decodeCall(big, [bytesFn]).status === 'invalid' &&
                (decodeCall(big, [bytesFn]) as { selector: string }).selector,
            sel(bytesFn),
        );
    });

    it('keeps markup in strings as text: escaping is the hover’s job', function () {
        const markup =
            '<img src=x onerror=alert(1)> **bold** [x](command:workbench.action.quit) `code`';
        const data = encodeFunctionData({
            abi: [asViem<AbiFunction>(stringFn.entry)],
            args: [markup],
        });
        assert.deepEqual(decoded(decodeCall(data, [stringFn])).args[0]?.value, {
            k: 'string',
            value: markup,
        });
    });
});

describe('(unit) abi decode: event logs', function () {
    const erc20 = candidate(
        'event Transfer(address indexed from, address indexed to, uint256 value)',
    );
    const erc721 = candidate(
        'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
        other,
    );
    const topic0 = toEventSelector('Transfer(address,address,uint256)');
    const pad = (address: string): string => `0x${'0'.repeat(24)}${address.slice(2)}`;

    it('tells ERC-20 from ERC-721 Transfer by how many values are indexed', function () {
        const fungible = decoded(
            decodeLog([topic0, pad(alice), pad(bob)], `0x${word(5)}`, [erc721, erc20]),
        );
        assert.deepEqual(fungible.origin, artifact);
        assert.deepEqual(arg(fungible, 'value'), { k: 'int', type: 'uint256', value: '5' });
        const nft = decoded(
            decodeLog([topic0, pad(alice), pad(bob), `0x${word(7)}`], '0x', [erc20, erc721]),
        );
        assert.deepEqual(nft.origin, other);
        assert.deepEqual(arg(nft, 'tokenId'), { k: 'int', type: 'uint256', value: '7' });
        assert.equal(nft.signature, 'Transfer(address,address,uint256)');
    });

    it('says why a known topic does not fit, and unknown for an unknown one', function () {
        assert.match(
            invalid(decodeLog([topic0, pad(alice), pad(bob)], `0x${word(5)}`, [erc721])),
            /3 indexed values|2 indexed values/,
        );
        assert.deepEqual(decodeLog([`0x${word(1)}`], '0x', [erc20]), {
            status: 'unknown',
            selector: `0x${word(1)}`,
        });
        assert.deepEqual(decodeLog([], '0x', [erc20]), { status: 'unknown', selector: '' });
        assert.match(invalid(decodeLog([topic0, '0x12'], '0x', [erc20])), /32 bytes/);
        assert.match(
            invalid(decodeLog(Array(5).fill(topic0) as string[], '0x', [erc20])),
            /at most 4/,
        );
        assert.match(invalid(decodeLog([topic0, pad(alice), pad(bob)], '0x', [erc20])), /no data/);
    });

    it('answers indexed strings, bytes, arrays and tuples as their hash', function () {
        const entry = candidate(
            'event Named(string indexed name, bytes indexed blob, uint256[] indexed ids, (address a, uint256 b) data)',
        );
        const event = asViem<AbiEvent>(entry.entry);
        // An indexed array's topic is the hash of its items' words (viem cannot encode it as a filter).
        const topics = [
            toEventSelector(event),
            keccak256(toHex('hello')),
            keccak256('0x1234'),
            keccak256(`0x${word(1)}${word(2)}`),
        ];
        const data = encodeAbiParameters(
            [{ type: 'tuple', components: [{ type: 'address' }, { type: 'uint256' }] }],
            [[alice, 3n]],
        );
        const d = decoded(decodeLog(topics, data, [entry]));
        assert.deepEqual(arg(d, 'name'), { k: 'hashed', type: 'string', value: topics[1] });
        assert.deepEqual(arg(d, 'blob'), { k: 'hashed', type: 'bytes', value: topics[2] });
        assert.deepEqual(arg(d, 'ids'), { k: 'hashed', type: 'uint256[]', value: topics[3] });
        assert.equal(arg(d, 'data')?.k, 'tuple');
    });

    it('matches anonymous events by their indexed count, only when a candidate is anonymous', function () {
        const anon = candidate('event Moved(address indexed who, uint256 amount) anonymous');
        const d = decoded(decodeLog([pad(alice)], `0x${word(9)}`, [anon]));
        assert.equal(d.name, 'Moved');
        assert.deepEqual(arg(d, 'who'), { k: 'address', value: alice });
        assert.equal(decodeLog([pad(alice)], `0x${word(9)}`, [erc20]).status, 'unknown');
    });

    it('decodes ERC-1155 URI: a string in the data and the id in a topic', function () {
        const uri = candidate('event URI(string value, uint256 indexed id)');
        const topics = encodeEventTopics({
            abi: [asViem<AbiEvent>(uri.entry)],
            eventName: 'URI',
            args: { id: 42n },
        }) as string[];
        const data = encodeAbiParameters([{ type: 'string' }], ['ipfs://x/{id}.json']);
        const d = decoded(decodeLog(topics, data, [uri]));
        assert.deepEqual(
            d.args.map((a) => a.value),
            [
                { k: 'string', value: 'ipfs://x/{id}.json' },
                { k: 'int', type: 'uint256', value: '42' },
            ],
        );
    });

    it('decodes what viem encodes, for random events', function () {
        const indexable = (p: AbiParam): boolean => !/\[|tuple|^string$|^bytes$/.test(p.type);
        fc.assert(
            fc.property(
                fc
                    .array(fc.tuple(paramName, paramArb(2), fc.boolean()), { maxLength: 5 })
                    .map((fields) => {
                        let indexed = 0;
                        return fields.map(([name, p, wants]) => {
                            const take = wants && indexed < 3 && indexable(p);
                            if (take) indexed++;
                            return {
                                ...p,
                                name: `${name}${name === '' ? '' : indexed}`,
                                indexed: take,
                            };
                        });
                    })
                    .chain((inputs) =>
                        fc.tuple(fc.constant(inputs), fc.tuple(...inputs.map((p) => valueOf(p)))),
                    ),
                ([inputs, samples]) => {
                    const entry: AbiEntry = { type: 'event', name: 'E', inputs, anonymous: false };
                    const topics = [
                        toEventSelector(asViem<AbiEvent>(entry)),
                        ...inputs.flatMap((p, i) =>
                            p.indexed === true
                                ? [encodeAbiParameters([{ type: p.type }], [samples[i]!.value])]
                                : [],
                        ),
                    ];
                    const plain = inputs
                        .map((p, i) => [p, samples[i]!] as const)
                        .filter(([p]) => p.indexed !== true);
                    const data = encodeAbiParameters(
                        plain.map(([p]) => ({ ...p, indexed: undefined }) as never),
                        plain.map(([, s]) => s.value),
                    );
                    const d = decoded(decodeLog(topics, data, [{ entry, origin: artifact }]));
                    assert.deepEqual(
                        d.args,
                        inputs.map((p, i) => ({
                            name: p.name,
                            type: canonical(p),
                            value: samples[i]!.expected,
                        })),
                    );
                },
            ),
            { numRuns: fuzzRuns(300) },
        );
    });
});

describe('(unit) abi decode: reverts', function () {
    it('decodes Error(string) built in', function () {
        const data = encodeErrorResult({
            abi: asViem<Abi>(parseSignature('error Error(string message)'), true),
            errorName: 'Error',
            args: ['Ownable: caller is not the owner'],
        });
        assert.equal(data.slice(0, 10), '0x08c379a0');
        const d = decoded(decodeRevert(data, []));
        assert.equal(d.kind, 'error');
        assert.equal(d.group, 'Solidity');
        assert.deepEqual(d.origin, { tool: 'built-in', file: '' });
        assert.deepEqual(arg(d, 'message'), {
            k: 'string',
            value: 'Ownable: caller is not the owner',
        });
    });

    it('explains every panic code Solidity defines, in words', function () {
        const codes: Record<number, RegExp> = {
            0x01: /assert/,
            0x11: /overflow/,
            0x12: /division/,
            0x21: /enum/,
            0x22: /storage/,
            0x31: /pop/,
            0x32: /out of bounds/,
            0x41: /memory/,
            0x51: /zero-initialized/,
        };
        for (const [code, words] of Object.entries(codes)) {
            const d = decoded(decodeRevert(`0x4e487b71${word(Number(code))}`, []));
            assert.equal(d.signature, 'Panic(uint256)');
            assert.match(d.note ?? '', words);
            assert.match(
                d.note ?? '',
                new RegExp(`^panic 0x${Number(code).toString(16).padStart(2, '0')}`),
            );
        }
        assert.match(
            decoded(decodeRevert(`0x4e487b71${word(0x99)}`, [])).note ?? '',
            /does not define/,
        );
    });

    it('decodes custom errors from the candidates', function () {
        const insufficient = candidate(
            'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
        );
        const data = encodeErrorResult({
            abi: asViem<Abi>(insufficient.entry, true),
            errorName: 'ERC20InsufficientBalance',
            args: [alice, 1n, 2n],
        });
        const d = decoded(decodeRevert(data, [insufficient]));
        assert.equal(d.name, 'ERC20InsufficientBalance');
        assert.deepEqual(arg(d, 'needed'), { k: 'int', type: 'uint256', value: '2' });
        assert.deepEqual(decodeRevert('0x', []), { status: 'empty' });
        assert.deepEqual(decodeRevert('0xdeadbeef', [insufficient]), {
            status: 'unknown',
            selector: '0xdeadbeef',
        });
        assert.match(
            invalid(decodeRevert(`0x08c379a0${word(2n ** 64n)}`, [])),
            /larger than any data|data ends/,
        );
        // Functions among the candidates are not errors.
        assert.equal(decodeRevert(transferData, [transfer]).status, 'unknown');
    });

    it('never throws on random revert data', function () {
        fc.assert(
            fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, asError) => {
                const prefix = asError ? '08c379a0' : '4e487b71';
                const result = decodeRevert(`0x${prefix}${Buffer.from(bytes).toString('hex')}`, []);
                assert.ok(['decoded', 'invalid'].includes(result.status));
            }),
            { numRuns: fuzzRuns(500) },
        );
    });
});
