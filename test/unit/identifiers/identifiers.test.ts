import * as assert from 'node:assert/strict';

import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m } from '@scure/base';
import * as fc from 'fast-check';

import {
    clearIdentifierCache,
    findIdentifiers,
    IDENT_RE,
    identifierAt,
    parseIdentifier,
    toChecksumAddress,
    type Identifier,
    type IdentifierKind,
} from '../../../src/core/identifiers';
import { cb58Encode } from '../../../src/core/ids/cb58';
import { LineIndex } from '../../../src/core/text/lineIndex';

// --- independent oracles: @scure/base, @noble/hashes and the shared cb58 helper ----------------

/** Deterministic bytes (xorshift32), so that failures reproduce. */
function bytesFrom(seed: number, length: number): Uint8Array {
    let x = seed | 1;
    return Uint8Array.from({ length }, () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return x & 0xff;
    });
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

function eip55(bytes: Uint8Array): string {
    const lower = hex(bytes);
    const hash = keccak_256(new TextEncoder().encode(lower));
    let out = '0x';
    for (let i = 0; i < 40; i++) {
        const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 15;
        out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
    }
    return out;
}

const address = (seed: number): string => eip55(bytesFrom(seed, 20));
const bech = (hrp: string, seed: number): string =>
    bech32.encode(hrp, bech32.toWords(bytesFrom(seed, 20)));
const cb58Id = (seed: number): string => cb58Encode(bytesFrom(seed, 32));
const nodeId = (seed: number): string => `NodeID-${cb58Encode(bytesFrom(seed, 20))}`;
const hash = (seed: number): string => `0x${hex(bytesFrom(seed, 32))}`;

/** Changes one character to another of the same class, so the shape stays and the checksum breaks. */
function corrupt(text: string, index: number): string {
    const c = text[index]!;
    const swap = (alphabet: string): string =>
        alphabet[(alphabet.indexOf(c) + 1) % alphabet.length]!;
    let replacement: string;
    if (/[1-9]/.test(c)) replacement = swap('123456789');
    else if (/[A-Z]/.test(c)) replacement = swap('ABCDEFGHJKLMNPQRSTUVWXYZ');
    else replacement = swap('abcdefghijkmnopqrstuvwxyz');
    return text.slice(0, index) + replacement + text.slice(index + 1);
}

/** Changes a bech32 data character to the next one in the bech32 alphabet. */
function corruptBech32(text: string, index: number): string {
    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    const next = charset[(charset.indexOf(text[index]!) + 1) % 32]!;
    return text.slice(0, index) + next + text.slice(index + 1);
}

/** A cb58 id of the exact size whose checksum fails, without a leading 1 and with mixed classes. */
function brokenCb58(seed: number): string {
    for (let s = seed; ; s++) {
        const id = cb58Id(s);
        if (id.startsWith('1') || !/\d/.test(id) || !/[A-Z]/.test(id) || !/[a-z]/.test(id))
            continue;
        const broken = corrupt(id, 20);
        if (!/\d/.test(broken) || !/[A-Z]/.test(broken) || !/[a-z]/.test(broken)) continue;
        return broken;
    }
}

// --- table ---------------------------------------------------------------------------------------

interface Expect {
    kind: IdentifierKind;
    text: string;
    checksum?: 'valid' | 'invalid' | 'none';
    value?: string;
    known?: string;
    corrected?: string;
}

interface Row {
    name: string;
    input: string;
    expect: Expect[];
}

const goodAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55 test vector
const xMainnet = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const cMainnet = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const cMainnetHex = '0x0427d4b22a2a78bcddd456742caf91b56badbff985ee19aef14573e7343fd652';
const pAvax = 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
const goodNode = 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD';

const evm = (text: string, extra: Partial<Expect> = {}): Expect => ({
    kind: 'evmAddress',
    text,
    ...extra,
});

const rows: Row[] = [
    // evmAddress
    ...[
        goodAddress,
        '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
        '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ].map((a): Row => ({
        name: `EIP-55 vector ${a}`,
        input: a,
        expect: [evm(a, { checksum: 'valid', value: a.toLowerCase() })],
    })),
    ...[1, 2, 3, 4, 5].map((s): Row => ({
        name: `generated EIP-55 #${s}`,
        input: ` ${address(s)} `,
        expect: [evm(address(s), { checksum: 'valid' })],
    })),
    {
        name: 'all lower case: valid, no checksum',
        input: goodAddress.toLowerCase(),
        expect: [evm(goodAddress.toLowerCase(), { checksum: 'none' })],
    },
    {
        name: 'all upper case: valid, no checksum, lower-case value',
        input: `0x${goodAddress.slice(2).toUpperCase()}`,
        expect: [
            evm(`0x${goodAddress.slice(2).toUpperCase()}`, {
                checksum: 'none',
                value: goodAddress.toLowerCase(),
            }),
        ],
    },
    {
        name: 'digits only',
        input: '0x0000000000000000000000000000000000000000',
        expect: [evm('0x0000000000000000000000000000000000000000', { checksum: 'none' })],
    },
    {
        name: 'wrong EIP-55 case: invalid, with the corrected form',
        input: `x=${goodAddress.slice(0, -1)}D;`,
        expect: [
            evm(`${goodAddress.slice(0, -1)}D`, {
                checksum: 'invalid',
                corrected: goodAddress,
                value: goodAddress.toLowerCase(),
            }),
        ],
    },
    { name: '39 hex digits', input: `a ${goodAddress.slice(0, -1)} b`, expect: [] },
    { name: '41 hex digits', input: `${goodAddress}0`, expect: [] },
    { name: '0x + 50 hex digits', input: `0x${'ab'.repeat(25)}`, expect: [] },
    { name: '0X prefix', input: `0X${goodAddress.slice(2)}`, expect: [] },
    {
        name: 'git SHA (40 hex, no 0x)',
        input: 'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 done',
        expect: [],
    },
    { name: 'preceded by a letter', input: `a${goodAddress}`, expect: [] },
    { name: 'preceded by a digit', input: `1${goodAddress}`, expect: [] },
    { name: 'followed by a letter', input: `${goodAddress}g`, expect: [] },
    { name: 'followed by underscore', input: `${goodAddress}_x`, expect: [] },
    { name: 'not hex', input: `0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeG`, expect: [] },
    {
        name: 'in a URL path',
        input: `https://snowtrace.io/address/${goodAddress}#code`,
        expect: [evm(goodAddress)],
    },
    {
        name: 'after a JSON \\n escape',
        input: `{"msg":"to:\\n${goodAddress}"}`,
        expect: [evm(goodAddress)],
    },
    { name: 'after a \\t escape', input: `"\\t${goodAddress}"`, expect: [evm(goodAddress)] },
    { name: 'next to CJK text', input: `地址${goodAddress}。`, expect: [evm(goodAddress)] },
    {
        name: 'two in a row with a comma',
        input: `[${goodAddress},${address(9)}]`,
        expect: [evm(goodAddress), evm(address(9))],
    },

    // hash32
    {
        name: 'tx hash',
        input: `tx ${hash(1)}`,
        expect: [{ kind: 'hash32', text: hash(1), checksum: 'none', value: hash(1) }],
    },
    {
        name: 'upper-case hash: lower-case value',
        input: `0x${hash(2).slice(2).toUpperCase()}`,
        expect: [{ kind: 'hash32', text: `0x${hash(2).slice(2).toUpperCase()}`, value: hash(2) }],
    },
    {
        name: 'C-Chain mainnet id as bytes32',
        input: `bytes32 id = ${cMainnetHex};`,
        expect: [{ kind: 'hash32', text: cMainnetHex, known: 'C-Chain (mainnet)' }],
    },
    {
        name: 'bytes32(0) is the P-Chain id',
        input: `0x${'0'.repeat(64)}`,
        expect: [{ kind: 'hash32', text: `0x${'0'.repeat(64)}`, known: 'P-Chain (all networks)' }],
    },
    { name: '63 hex digits', input: hash(3).slice(0, -1), expect: [] },
    { name: '65 hex digits', input: `${hash(3)}a`, expect: [] },
    { name: '0x + 64 inside 0x + 70', input: `${hash(3)}abcdef`, expect: [] },
    { name: '64 hex without 0x', input: hash(3).slice(2), expect: [] },

    // pnAddress
    ...[
        pAvax,
        'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5',
        'P-fuji193kvt4grqewv6ce2x59wnhydr88xwdgfcedyr3',
        'X-fuji10d2fqjfl3ghl73z2ez65ufanxwwhccxugq8z2t',
    ].map((a): Row => ({
        name: `documented ${a.slice(0, 7)}`,
        input: `"${a}"`,
        expect: [{ kind: 'pnAddress', text: a, checksum: 'valid', value: a }],
    })),
    {
        name: 'C- alias',
        input: `C-${bech('avax', 1)}`,
        expect: [{ kind: 'pnAddress', text: `C-${bech('avax', 1)}`, checksum: 'valid' }],
    },
    {
        name: 'local HRP',
        input: `P-${bech('local', 2)}`,
        expect: [{ kind: 'pnAddress', text: `P-${bech('local', 2)}`, checksum: 'valid' }],
    },
    {
        name: 'custom HRP',
        input: `X-${bech('custom', 3)}`,
        expect: [{ kind: 'pnAddress', text: `X-${bech('custom', 3)}`, checksum: 'valid' }],
    },
    {
        name: 'HRP with digits',
        input: `P-${bech('net7', 4)}`,
        expect: [{ kind: 'pnAddress', text: `P-${bech('net7', 4)}`, checksum: 'valid' }],
    },
    ...['avax', 'fuji', 'local'].map((h): Row => ({
        name: `bare ${h}1…`,
        input: `to ${bech(h, 5)}.`,
        expect: [{ kind: 'pnAddress', text: bech(h, 5), checksum: 'valid', value: bech(h, 5) }],
    })),
    { name: 'bare address with another HRP (cosmos)', input: bech('cosmos', 6), expect: [] },
    {
        name: 'bare testing1… is not taken without a chain alias',
        input: bech('testing', 6),
        expect: [],
    },
    {
        name: 'upper case: valid, lower-case value',
        input: pAvax.toUpperCase(),
        expect: [{ kind: 'pnAddress', text: pAvax.toUpperCase(), checksum: 'valid', value: pAvax }],
    },
    {
        name: 'mixed case: invalid, corrected to lower case',
        input: `P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulrE5`,
        expect: [
            {
                kind: 'pnAddress',
                text: 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulrE5',
                checksum: 'invalid',
                corrected: pAvax,
            },
        ],
    },
    {
        name: 'one data character changed: broken',
        input: corruptBech32(pAvax, 20),
        expect: [{ kind: 'pnAddress', text: corruptBech32(pAvax, 20), checksum: 'invalid' }],
    },
    {
        name: 'a character outside the bech32 alphabet: broken',
        input: `${pAvax.slice(0, 20)}b${pAvax.slice(21)}`,
        expect: [
            {
                kind: 'pnAddress',
                text: `${pAvax.slice(0, 20)}b${pAvax.slice(21)}`,
                checksum: 'invalid',
            },
        ],
    },
    {
        name: 'bech32m checksum: broken',
        input: `P-${bech32m.encode('avax', bech32m.toWords(bytesFrom(7, 20)))}`,
        expect: [
            {
                kind: 'pnAddress',
                text: `P-${bech32m.encode('avax', bech32m.toWords(bytesFrom(7, 20)))}`,
                checksum: 'invalid',
            },
        ],
    },
    { name: '37 data characters', input: pAvax.slice(0, -1), expect: [] },
    { name: '39 data characters', input: `${pAvax}q`, expect: [] },
    { name: 'followed by underscore', input: `${pAvax}_`, expect: [] },
    {
        name: 'lower-case chain alias: the bare address only',
        input: `p-${pAvax.slice(2)}`,
        expect: [{ kind: 'pnAddress', text: pAvax.slice(2) }],
    },
    {
        name: 'repeated alias P-P-',
        input: `P-${pAvax}`,
        expect: [{ kind: 'pnAddress', text: pAvax }],
    },
    { name: 'alias before an EVM address', input: `C-${goodAddress}`, expect: [evm(goodAddress)] },
    {
        name: 'alias glued to a word',
        input: `AP-${bech('avax', 8)}`,
        expect: [{ kind: 'pnAddress', text: bech('avax', 8) }],
    },

    // nodeId
    {
        name: 'documented node id',
        input: `--node ${goodNode}`,
        expect: [{ kind: 'nodeId', text: goodNode, checksum: 'valid' }],
    },
    {
        name: 'zero node id',
        input: 'NodeID-111111111111111111116DBWJs',
        expect: [{ kind: 'nodeId', text: 'NodeID-111111111111111111116DBWJs', checksum: 'valid' }],
    },
    ...[1, 2, 3].map((s): Row => ({
        name: `generated node id #${s}`,
        input: `'${nodeId(s)}'`,
        expect: [{ kind: 'nodeId', text: nodeId(s), checksum: 'valid' }],
    })),
    {
        name: 'wrong checksum: broken',
        input: corrupt(goodNode, 20),
        expect: [{ kind: 'nodeId', text: corrupt(goodNode, 20), checksum: 'invalid' }],
    },
    {
        name: 'non-base58 character: broken',
        input: `${goodNode.slice(0, 15)}0${goodNode.slice(16)}`,
        expect: [
            {
                kind: 'nodeId',
                text: `${goodNode.slice(0, 15)}0${goodNode.slice(16)}`,
                checksum: 'invalid',
            },
        ],
    },
    { name: 'body too short', input: 'NodeID-abc', expect: [] },
    { name: 'body too long', input: `NodeID-${'A'.repeat(41)}`, expect: [] },
    { name: 'lower-case prefix', input: `nodeid-${goodNode.slice(7)}`, expect: [] },
    { name: 'prefix glued to a word', input: `XNodeID-${goodNode.slice(7)}`, expect: [] },
    { name: 'bare short id (20-byte cb58) is not a node id', input: goodNode.slice(7), expect: [] },

    // cb58Id
    {
        name: 'known X-Chain id',
        input: `"${xMainnet}"`,
        expect: [{ kind: 'cb58Id', text: xMainnet, checksum: 'valid', known: 'X-Chain (mainnet)' }],
    },
    {
        name: 'known C-Chain id in a URL',
        input: `/ext/bc/${cMainnet}/rpc`,
        expect: [{ kind: 'cb58Id', text: cMainnet, known: 'C-Chain (mainnet)' }],
    },
    {
        name: 'P-Chain id (37 characters)',
        input: 'chain 11111111111111111111111111111111LpoYY',
        expect: [
            {
                kind: 'cb58Id',
                text: '11111111111111111111111111111111LpoYY',
                known: 'P-Chain (all networks)',
            },
        ],
    },
    ...[1, 2, 3, 4].map((s): Row => ({
        name: `generated id #${s}`,
        input: `id ${cb58Id(s)}`,
        expect: [{ kind: 'cb58Id', text: cb58Id(s), checksum: 'valid' }],
    })),
    {
        name: 'broken id, quoted',
        input: `"${brokenCb58(10)}"`,
        expect: [{ kind: 'cb58Id', text: brokenCb58(10), checksum: 'invalid' }],
    },
    {
        name: 'broken id, backticks',
        input: `\`${brokenCb58(11)}\``,
        expect: [{ kind: 'cb58Id', text: brokenCb58(11), checksum: 'invalid' }],
    },
    {
        name: 'broken id after blockchainID:',
        input: `blockchainID: ${brokenCb58(12)}`,
        expect: [{ kind: 'cb58Id', text: brokenCb58(12), checksum: 'invalid' }],
    },
    {
        name: 'broken id after SUBNET_ID=',
        input: `SUBNET_ID=${brokenCb58(13)}`,
        expect: [{ kind: 'cb58Id', text: brokenCb58(13), checksum: 'invalid' }],
    },
    {
        name: 'broken id after "txId": "',
        input: `{"txId": "${brokenCb58(14)}"}`,
        expect: [{ kind: 'cb58Id', text: brokenCb58(14), checksum: 'invalid' }],
    },
    {
        name: 'broken id after id =',
        input: `id = ${brokenCb58(15)}`,
        expect: [{ kind: 'cb58Id', text: brokenCb58(15), checksum: 'invalid' }],
    },
    { name: 'broken id in prose: not reported', input: `see ${brokenCb58(16)} here`, expect: [] },
    { name: 'broken id after valid: (no id key)', input: `valid: ${brokenCb58(17)}`, expect: [] },
    { name: 'broken id half-quoted', input: `"${brokenCb58(18)}'`, expect: [] },
    {
        name: 'broken id with a leading 1, quoted',
        input: `"1${brokenCb58(19).slice(1)}"`,
        expect: [],
    },
    { name: 'id with one character dropped', input: `"${cMainnet.slice(0, -1)}"`, expect: [] },
    {
        name: 'id with one character added, still 36 bytes, quoted: broken',
        input: `"${cMainnet}z"`,
        expect: [{ kind: 'cb58Id', text: `${cMainnet}z`, checksum: 'invalid' }],
    },
    { name: 'id with one character added, 51 characters', input: `"${xMainnet}z"`, expect: [] },
    { name: '33-byte cb58', input: `"${cb58Encode(bytesFrom(5, 33))}"`, expect: [] },
    { name: '31-byte cb58', input: `"${cb58Encode(bytesFrom(5, 31))}"`, expect: [] },
    {
        name: 'long camelCase word, quoted',
        input: `"thisIsAVeryLongCamelCaseIdentifierNameForTestsX"`,
        expect: [],
    },
    { name: 'long base58 run', input: 'A'.repeat(500), expect: [] },

    // none
    { name: 'UUID', input: 'id: 123e4567-e89b-12d3-a456-426614174000', expect: [] },
    {
        name: 'numbers',
        input: '12345678901234567890123456789012345678901234567890 1e18 0x1f',
        expect: [],
    },
    {
        name: 'prose',
        input: 'The quick brown fox jumps over the lazy dog; avalanche consensus.',
        expect: [],
    },
    { name: 'empty', input: '', expect: [] },
];

function check(row: Row): void {
    const found = findIdentifiers(row.input);
    assert.equal(found.length, row.expect.length, `${row.name}: ${JSON.stringify(found)}`);
    row.expect.forEach((want, i) => {
        const got = found[i]!;
        const where = `${row.name} [${i}]`;
        assert.equal(got.kind, want.kind, where);
        assert.equal(got.text, want.text, where);
        assert.equal(row.input.slice(got.start, got.end), want.text, `${where}: range`);
        assert.equal(got.start, row.input.indexOf(want.text), `${where}: start`);
        if (want.checksum !== undefined) assert.equal(got.checksum, want.checksum, where);
        assert.equal(got.broken, got.checksum === 'invalid', `${where}: broken`);
        if (want.value !== undefined) assert.equal(got.value, want.value, `${where}: value`);
        if (want.known !== undefined) assert.equal(got.known?.name, want.known, `${where}: known`);
        if (want.corrected !== undefined) {
            assert.ok(got.kind === 'evmAddress' || got.kind === 'pnAddress', where);
            assert.equal(got.corrected, want.corrected, `${where}: corrected`);
        }
    });
}

// --- language syntax ---------------------------------------------------------------------------

const samples: { name: string; id: string; kind: IdentifierKind }[] = [
    { name: 'address', id: address(21), kind: 'evmAddress' },
    { name: 'hash', id: hash(22), kind: 'hash32' },
    { name: 'P address', id: `P-${bech('fuji', 23)}`, kind: 'pnAddress' },
    { name: 'bare address', id: bech('avax', 24), kind: 'pnAddress' },
    { name: 'cb58 id', id: cb58Id(25), kind: 'cb58Id' },
    { name: 'node id', id: nodeId(26), kind: 'nodeId' },
];

const syntaxes: [string, (id: string) => string][] = [
    ['Solidity address()', (id) => `IERC20 t = IERC20(address(${id}));`],
    ['Solidity constant', (id) => `bytes32 constant X = ${id};\n`],
    ['Solidity string', (id) => `string memory s = "${id}";`],
    ['TypeScript single quotes', (id) => `const a = '${id}';`],
    ['TypeScript template', (id) => `\`\${base}/${id}?q=1\``],
    ['JSON value', (id) => `{\n  "blockchainId": "${id}",\n  "n": 1\n}`],
    ['JSON array', (id) => `["${id}","x"]`],
    ['Markdown inline code', (id) => `Use \`${id}\` here.`],
    ['Markdown bold', (id) => `**${id}**`],
    ['Markdown link', (id) => `[tx](https://subnets.avax.network/c-chain/tx/${id})`],
    ['Markdown table', (id) => `| id | ${id} |`],
    ['.env', (id) => `VALIDATOR=${id}\r\nOTHER=1`],
    ['YAML', (id) => `chain:\n  id: ${id}\n`],
    ['Go', (id) => `id, err := ids.FromString("${id}")`],
    ['Rust', (id) => `let id = "${id}".parse::<Id>()?;`],
    ['Python', (id) => `ID = '${id}'  # comment`],
    ['Python f-string', (id) => `f"{x}:${id}"`],
    ['shell', (id) => `avalanche key list --addr ${id} | grep x`],
    ['HTML attribute', (id) => `<a data-id="${id}">`],
    ['line comment', (id) => `// ${id}`],
    ['parentheses and semicolons', (id) => `f(${id});`],
    ['CSV', (id) => `a,${id},b`],
];

// --- VS Code's getWordRangeAtPosition, reduced to what matters here ------------------------------

/**
 * Mirrors VS Code's `getWordAtText`: starts the regex 15, 30, … characters before the position
 * (possibly mid-token) and keeps the match that encloses the position, widening while it finds one.
 */
function wordAt(line: string, character: number): { start: number; end: number } | undefined {
    const regex = new RegExp(IDENT_RE.source, 'g');
    let best: { start: number; end: number } | undefined;
    for (let i = 1; ; i++) {
        const from = Math.max(0, character - 15 * i);
        regex.lastIndex = from;
        let found: { start: number; end: number } | undefined;
        let m: RegExpExecArray | null;
        while ((m = regex.exec(line)) !== null) {
            if (m.index > character) break;
            if (m.index <= character && character <= m.index + m[0].length) {
                found = { start: m.index, end: m.index + m[0].length };
                break;
            }
        }
        if (found === undefined && best !== undefined) break;
        best = found ?? best;
        if (from === 0) break;
    }
    return best;
}

describe('(unit) identifiers detector', () => {
    for (const row of rows) {
        it(`table: ${row.name}`, () => check(row));
    }

    it('finds each kind in every language syntax, with exact ranges', () => {
        for (const sample of samples) {
            for (const [syntax, wrap] of syntaxes) {
                const text = wrap(sample.id);
                const found = findIdentifiers(text);
                const where = `${sample.name} in ${syntax}: ${text}`;
                assert.equal(found.length, 1, `${where} -> ${JSON.stringify(found)}`);
                assert.equal(found[0]!.kind, sample.kind, where);
                assert.equal(found[0]!.checksum === 'invalid', false, where);
                assert.equal(found[0]!.start, text.indexOf(sample.id), where);
                assert.equal(found[0]!.end, text.indexOf(sample.id) + sample.id.length, where);
            }
        }
    });

    it('gives hash32 its cb58 form and cb58 ids their bytes32 form', () => {
        const bytes = bytesFrom(31, 32);
        const [h] = findIdentifiers(`0x${hex(bytes)}`);
        assert.equal(h?.kind === 'hash32' && h.cb58, cb58Encode(bytes));
        const [c] = findIdentifiers(cb58Encode(bytes));
        assert.equal(c?.kind === 'cb58Id' && c.hex, `0x${hex(bytes)}`);
        const [known] = findIdentifiers(cMainnetHex);
        assert.equal(known?.kind === 'hash32' && known.cb58, cMainnet);
        const [node] = findIdentifiers(nodeId(32));
        assert.equal(node?.kind === 'nodeId' && node.hex, `0x${hex(bytesFrom(32, 20))}`);
    });

    it('describes primary-network addresses: chain, hrp and network', () => {
        const [p, bare, custom, local] = findIdentifiers(
            `${pAvax} ${bech('fuji', 40)} X-${bech('custom', 41)} C-${bech('local', 42)}`,
        );
        assert.deepEqual(p?.kind === 'pnAddress' && [p.chain, p.hrp, p.network], [
            'P',
            'avax',
            'mainnet',
        ]);
        assert.deepEqual(bare?.kind === 'pnAddress' && [bare.chain, bare.hrp, bare.network], [
            undefined,
            'fuji',
            'fuji',
        ]);
        assert.deepEqual(custom?.kind === 'pnAddress' && [custom.chain, custom.network], [
            'X',
            'custom',
        ]);
        assert.deepEqual(local?.kind === 'pnAddress' && [local.chain, local.network], [
            'C',
            'local',
        ]);
    });

    it('names every well-known cb58 id and its bytes32 form', () => {
        const known = [
            ['11111111111111111111111111111111LpoYY', 'P-Chain (all networks)'],
            [xMainnet, 'X-Chain (mainnet)'],
            ['2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', 'X-Chain (fuji)'],
            ['2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed', 'X-Chain (local)'],
            [cMainnet, 'C-Chain (mainnet)'],
            ['yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', 'C-Chain (fuji)'],
            ['2owdGqyG6FFzTHy5qhenDXQcEghvr571KZE3gSfRJERSJinuwC', 'C-Chain (local)'],
            ['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', 'AVAX asset (mainnet)'],
            ['U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK', 'AVAX asset (fuji)'],
            ['2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe', 'AVAX asset (local)'],
        ] as const;
        for (const [id, name] of known) {
            const [found] = findIdentifiers(`"${id}"`);
            assert.equal(found?.kind, 'cb58Id', id);
            assert.equal(found.known?.name, name, id);
            const hexForm = found.kind === 'cb58Id' ? found.hex : undefined;
            const [asHash] = findIdentifiers(`${hexForm}`);
            assert.equal(asHash?.kind, 'hash32', id);
            assert.equal(asHash.known?.name, name, `${id} as bytes32`);
        }
    });

    it('toChecksumAddress gives the EIP-55 form of any-case input', () => {
        assert.equal(toChecksumAddress(goodAddress.toLowerCase()), goodAddress);
        assert.equal(toChecksumAddress(goodAddress.toUpperCase().replace('0X', '0x')), goodAddress);
        for (let s = 50; s < 60; s++)
            assert.equal(toChecksumAddress(address(s).toLowerCase()), address(s));
        assert.equal(toChecksumAddress('0x1234'), undefined);
        assert.equal(toChecksumAddress(`${goodAddress} `), undefined);
    });

    it('scans only around [from, to) when asked, keeping tokens that straddle the edges', () => {
        const text = `a ${goodAddress} b ${pAvax} c ${goodNode} d`;
        const all = findIdentifiers(text);
        assert.equal(all.length, 3);
        const middle = findIdentifiers(text, { from: all[1]!.start + 10, to: all[1]!.end - 3 });
        assert.deepEqual(middle, [all[1]]);
        // Starting on the body of `P-avax1…` still yields the prefixed address, not a bare one.
        const body = findIdentifiers(text, { from: all[1]!.start + 2, to: all[1]!.start + 3 });
        assert.deepEqual(body, [all[1]]);
        const tail = findIdentifiers(text, { from: all[2]!.start + 1 });
        assert.deepEqual(tail, [all[2]]);
        assert.deepEqual(findIdentifiers(text, { from: text.length }), []);
    });

    it('identifierAt answers for every offset inside or just past an identifier, and nowhere else', () => {
        const text = `x = "${xMainnet}"; P-${bech('avax', 60)} \\n${goodAddress}, NodeID-x ${goodNode}`;
        const all = findIdentifiers(text);
        assert.equal(all.length, 4);
        for (let offset = 0; offset <= text.length; offset++) {
            const want = all.find((id) => id.start <= offset && offset <= id.end);
            assert.deepEqual(identifierAt(text, offset), want, `offset ${offset}`);
        }
        assert.equal(identifierAt(text, -1), undefined);
        assert.equal(identifierAt(text, text.length + 1), undefined);
    });

    it('identifierAt uses the context that marks a broken cb58 id', () => {
        const broken = brokenCb58(70);
        const text = `assetID: ${broken}`;
        assert.equal(identifierAt(text, text.length - 5)?.checksum, 'invalid');
        assert.equal(parseIdentifier(broken), undefined);
        assert.equal(
            parseIdentifier(broken, { text, offset: text.indexOf(broken) })?.kind,
            'cb58Id',
        );
        assert.equal(parseIdentifier(broken, { text: `x ${broken}`, offset: 2 }), undefined);
    });

    it('IDENT_RE as VS Code applies it covers exactly each identifier, and parseIdentifier agrees', () => {
        const line = [
            `addr(${goodAddress})`,
            `"${hash(80)}"`,
            `P-${bech('avax', 81)}`,
            `X-P-${bech('fuji', 82)}`,
            `\\t${bech('avax', 83)}`,
            `${goodNode};`,
            `"${cMainnet}"`,
            `C-${address(84)}`,
            `${corrupt(goodNode, 12)}`,
            `${goodAddress.slice(0, -1)}D`,
            'word 0xabc 9fceb02d0ae598e95dc970b74767f19372d61af8',
        ].join(' ');
        const all = findIdentifiers(line);
        assert.equal(all.length, 10);
        for (const id of all) {
            for (let offset = id.start; offset <= id.end; offset++) {
                const range = wordAt(line, offset);
                assert.deepEqual(
                    range,
                    { start: id.start, end: id.end },
                    `${id.text} at ${offset}`,
                );
                const parsed = parseIdentifier(line.slice(range.start, range.end));
                assert.deepEqual(parsed, { ...id, start: 0, end: id.text.length }, id.text);
            }
        }
    });

    it('parseIdentifier rejects everything but exactly one identifier', () => {
        assert.equal(parseIdentifier(goodAddress)?.kind, 'evmAddress');
        assert.equal(parseIdentifier(`${goodAddress} `), undefined);
        assert.equal(parseIdentifier(`${goodAddress},${goodAddress}`), undefined);
        assert.equal(parseIdentifier('hello'), undefined);
        assert.equal(parseIdentifier(`C-${goodAddress}`), undefined);
        assert.equal(parseIdentifier('x'.repeat(10_000)), undefined);
    });

    it('property: every report is a whole-word identifier that re-parses alone to the same value', () => {
        const fragment = fc.oneof(
            fc.nat(1000).map(address),
            fc.nat(1000).map((s) => address(s).toLowerCase()),
            fc.nat(1000).map(hash),
            fc.nat(1000).map((s) => `P-${bech('avax', s)}`),
            fc.nat(1000).map((s) => bech('fuji', s)),
            fc.nat(1000).map(cb58Id),
            fc.nat(1000).map(nodeId),
            fc.nat(1000).map((s) => corrupt(cb58Id(s), 10)),
            fc.nat(1000).map((s) => corrupt(nodeId(s), 12)),
            fc.constantFrom(
                '0x',
                'NodeID-',
                'P-',
                'avax1',
                '"',
                "'",
                '`',
                ' ',
                '\n',
                '\\n',
                '=',
                ':',
                'id',
                '_',
                'a',
                '1',
                '-',
            ),
            fc.stringMatching(/^[0-9a-fA-F]{1,70}$/),
            fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{1,60}$/),
        );
        fc.assert(
            fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
                const text = parts.join('');
                let last = -1;
                for (const id of findIdentifiers(text)) {
                    assert.ok(id.start > last, 'ordered, not overlapping');
                    last = id.end;
                    assert.equal(text.slice(id.start, id.end), id.text);
                    const before = id.start > 0 ? text[id.start - 1]! : ' ';
                    const escaped = /[nrt]/.test(before) && text[id.start - 2] === '\\';
                    assert.ok(
                        !/\w/.test(before) || escaped,
                        `boundary before ${id.text} in ${text}`,
                    );
                    assert.ok(
                        !/\w/.test(text[id.end] ?? ' '),
                        `boundary after ${id.text} in ${text}`,
                    );
                    assert.deepEqual(identifierAt(text, id.start), id);
                    if (!(id.kind === 'cb58Id' && id.broken)) {
                        assert.deepEqual(parseIdentifier(id.text), {
                            ...id,
                            start: 0,
                            end: id.text.length,
                        });
                    }
                }
            }),
            { numRuns: 500 },
        );
    });

    it('finds a NodeID right after an escaped newline in the whole-text scan, as the window scan does', () => {
        // A counterexample the property below found: the letter of `\\n` ran into the node id.
        const id = 'NodeID-41XRN8DktHgseny76z2924j45E8pSqEah';
        const text = `NodeID-41YRN8DktHgseny76z2924j45E8pSqEah${id} \\n${id}`;
        clearIdentifierCache();
        const sampled = findIdentifiers(text);
        assert.deepEqual(sampled, findIdentifiers(text, { from: 0, to: text.length }));
        assert.ok(sampled.some((f) => f.text === id && f.start === text.length - id.length));
    });

    it('property: the sampled whole-text scan and the word-by-word window scan agree', () => {
        const fragment = fc.oneof(
            fc.nat(300).map(address),
            fc.nat(300).map(hash),
            fc.nat(300).map((s) => `P-${bech('avax', s)}`),
            fc.nat(300).map((s) => bech('local', s)),
            fc.nat(300).map(cb58Id),
            fc.nat(300).map(nodeId),
            fc.nat(300).map((s) => corrupt(nodeId(s), 9)),
            fc.nat(300).map((s) => `"${corrupt(cb58Id(s), 10)}"`),
            fc.constantFrom(
                'NodeID-',
                'P-',
                'X-',
                'C-',
                '-',
                '\\n',
                '\\',
                'n',
                ' ',
                '"',
                'id: ',
                'x',
                '_',
            ),
            fc.stringMatching(/^[0-9a-fA-F]{1,80}$/),
            fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{1,80}$/),
            fc.stringMatching(/^[a-z0-9_ .-]{1,60}$/),
        );
        fc.assert(
            fc.property(fc.array(fragment, { maxLength: 16 }), (parts) => {
                const text = parts.join('');
                clearIdentifierCache();
                const sampled = findIdentifiers(text);
                assert.deepEqual(findIdentifiers(text, { from: 0, to: text.length }), sampled);
                // Tokens met twice now come from the cache: the answer must not change.
                assert.deepEqual(findIdentifiers(text), sampled);
            }),
            { numRuns: 1000 },
        );
    });

    it('property: valid ids between separators are always found', () => {
        const id = fc.oneof(
            fc.nat(5000).map(address),
            fc.nat(5000).map(hash),
            fc.nat(5000).map((s) => `X-${bech('local', s)}`),
            fc.nat(5000).map(cb58Id),
            fc.nat(5000).map(nodeId),
        );
        const separator = fc.constantFrom(
            ' ',
            '"',
            "'",
            '(',
            ')',
            ',',
            ';',
            '=',
            ':',
            '\n',
            '\t',
            '`',
            '/',
            '.',
        );
        fc.assert(
            fc.property(
                fc.array(fc.tuple(separator, id), { minLength: 1, maxLength: 6 }),
                separator,
                (pairs, end) => {
                    const text = pairs.map(([s, i]) => s + i).join('') + end;
                    const found = findIdentifiers(text);
                    assert.deepEqual(
                        found.map((f) => [f.text, f.checksum]),
                        pairs.map(([, i]) => [
                            i,
                            /^0x([0-9a-f]+|[0-9A-F]+)$/.test(i) ? 'none' : 'valid',
                        ]),
                    );
                },
            ),
            { numRuns: 300 },
        );
    });
});

describe('(unit) identifiers line index', () => {
    it('maps offsets to line and character across \\n, \\r\\n and \\r', () => {
        const text = `one\n${goodAddress}\r\nthree ${pAvax}\rfour`;
        const index = new LineIndex(text);
        const [a, p] = findIdentifiers(text) as [Identifier, Identifier];
        assert.deepEqual(index.rangeOf(a), {
            start: { line: 1, character: 0 },
            end: { line: 1, character: 42 },
        });
        assert.deepEqual(index.rangeOf(p), {
            start: { line: 2, character: 6 },
            end: { line: 2, character: 6 + pAvax.length },
        });
        assert.deepEqual(index.positionAt(0), { line: 0, character: 0 });
        assert.deepEqual(index.positionAt(text.length), { line: 3, character: 4 });
        assert.deepEqual(index.positionAt(3), { line: 0, character: 3 });
        assert.deepEqual(index.positionAt(4), { line: 1, character: 0 });
    });
});
