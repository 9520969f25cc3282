import * as assert from 'node:assert/strict';

import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, bech32m } from '@scure/base';
import * as fc from 'fast-check';

import { base58DecodeInto, base58Encode } from '../../../src/core/ids/base58';
import { bech32ChecksumHolds, bech32Payload } from '../../../src/core/ids/bech32';
import { cb58Decode, cb58Encode, isCb58Id, isNodeId } from '../../../src/core/ids/cb58';
import { keccak256 } from '../../../src/core/ids/keccak256';
import { sha256 } from '../../../src/core/ids/sha256';
import {
    hrpForNetworkId,
    knownCb58Ids,
    knownEvmChain,
    knownHexIds,
    knownId,
    networkByName,
    networkFromHrp,
    networkNameForId,
    pChainId,
} from '../../../src/core/knownIds';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const bytesWithLeadingZeros = (max: number): fc.Arbitrary<Uint8Array> =>
    fc
        .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ maxLength: max }))
        .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]));

describe('(unit) identifiers primitives', () => {
    it('sha256 matches @noble/hashes on every length across block boundaries', () => {
        for (let length = 0; length <= 200; length++) {
            const input = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
            assert.equal(hex(sha256(input)), hex(nobleSha256(input)), `length ${length}`);
        }
        fc.assert(
            fc.property(fc.uint8Array({ maxLength: 300 }), (input) => {
                assert.equal(hex(sha256(input)), hex(nobleSha256(input)));
            }),
        );
    });

    it('sha256 of the empty input is the FIPS 180-4 value', () => {
        assert.equal(
            hex(sha256(new Uint8Array())),
            'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        );
    });

    it('keccak256 matches keccak_256 from @noble/hashes, including multi-block input', () => {
        for (const length of [0, 1, 40, 135, 136, 137, 271, 272, 273, 500]) {
            const input = Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff);
            assert.equal(hex(keccak256(input)), hex(keccak_256(input)), `length ${length}`);
        }
        fc.assert(
            fc.property(fc.uint8Array({ maxLength: 400 }), (input) => {
                assert.equal(hex(keccak256(input)), hex(keccak_256(input)));
            }),
        );
    });

    it('keccak256 of the empty input is the Ethereum empty hash (not SHA3-256)', () => {
        assert.equal(
            hex(keccak256(new Uint8Array())),
            'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
        );
    });

    it('base58Encode matches @scure/base, keeping leading zero bytes as 1s', () => {
        fc.assert(
            fc.property(bytesWithLeadingZeros(60), (bytes) => {
                assert.equal(base58Encode(bytes), base58.encode(bytes));
            }),
        );
        assert.equal(base58Encode(new Uint8Array(36)), '1'.repeat(36));
    });

    it('base58DecodeInto decodes exactly the byte count it is asked for', () => {
        fc.assert(
            fc.property(
                bytesWithLeadingZeros(40),
                fc.integer({ min: 0, max: 44 }),
                (bytes, size) => {
                    const text = base58.encode(bytes);
                    const out = new Uint8Array(size);
                    const ok = base58DecodeInto(`  ${text}  `, 2, 2 + text.length, out);
                    assert.equal(ok, size === bytes.length, `${text} as ${size} bytes`);
                    if (ok) assert.equal(hex(out), hex(bytes));
                },
            ),
        );
    });

    it('base58DecodeInto rejects characters outside the alphabet', () => {
        const out = new Uint8Array(36);
        const valid = base58.encode(new Uint8Array(36).fill(7));
        assert.equal(base58DecodeInto(valid, 0, valid.length, out), true);
        for (const bad of ['0', 'O', 'I', 'l', '_', 'é']) {
            const text = valid.slice(0, 10) + bad + valid.slice(11);
            assert.equal(base58DecodeInto(text, 0, text.length, out), false, bad);
        }
    });

    it('bech32ChecksumHolds agrees with @scure/base on valid and corrupted addresses', () => {
        const hrp = fc.constantFrom('avax', 'fuji', 'local', 'custom', 'a1b2', 'x');
        fc.assert(
            fc.property(
                hrp,
                fc.uint8Array({ minLength: 20, maxLength: 20 }),
                fc.nat(),
                fc.nat(),
                (h, bytes, at, v) => {
                    const address = bech32.encode(h, bech32.toWords(bytes));
                    const separator = address.lastIndexOf('1');
                    assert.equal(bech32ChecksumHolds(address, 0, separator, address.length), true);
                    assert.equal(
                        bech32ChecksumHolds(address.toUpperCase(), 0, separator, address.length),
                        true,
                    );
                    // Change one data character to another bech32 character.
                    const index = separator + 1 + (at % (address.length - separator - 1));
                    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
                    const replacement =
                        charset[(charset.indexOf(address[index]!) + 1 + (v % 31)) % 32]!;
                    const corrupted =
                        address.slice(0, index) + replacement + address.slice(index + 1);
                    assert.equal(
                        bech32ChecksumHolds(corrupted, 0, separator, corrupted.length),
                        false,
                    );
                    assert.equal(bech32.decodeUnsafe(corrupted), undefined);
                    assert.equal(hex(bech32Payload(address)!), hex(bytes));
                },
            ),
        );
    });

    it('a bech32m checksum does not pass as bech32', () => {
        const address = bech32m.encode('avax', bech32m.toWords(new Uint8Array(20).fill(9)));
        assert.equal(bech32ChecksumHolds(address, 0, 4, address.length), false);
    });
});

describe('(unit) identifiers: checked ids are remembered', () => {
    it('answers a remembered id as a fresh check would, past the bound too', () => {
        const ids = Array.from({ length: 2500 }, (_, i) =>
            cb58Encode(Uint8Array.from({ length: 32 }, (_, j) => (i * 7 + j) & 0xff)),
        );
        for (let pass = 0; pass < 2; pass++) {
            for (const id of ids) {
                assert.equal(isCb58Id(id), true);
                // One character changed: the checksum fails, remembered or not.
                const other = (id[0] === '2' ? '3' : '2') + id.slice(1);
                assert.equal(isCb58Id(other), cb58Decode(other)?.length === 32);
            }
        }
    });

    it('keeps node ids and 32-byte ids apart', () => {
        const nodeId = `NodeID-${cb58Encode(Uint8Array.from({ length: 20 }, (_, i) => i + 1))}`;
        assert.equal(isNodeId(nodeId), true);
        assert.equal(isNodeId(nodeId), true);
        assert.equal(isCb58Id(nodeId), false);
        const id = cb58Encode(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
        assert.equal(isCb58Id(id), true);
        assert.equal(isNodeId(`NodeID-${id}`), false);
        assert.equal(isNodeId(id), false);
    });
});

describe('(unit) identifiers known ids', () => {
    it('every well-known cb58 id decodes to 32 bytes and maps to its bytes32 form', () => {
        assert.equal(knownCb58Ids.size, 10);
        assert.equal(knownHexIds.size, 10);
        for (const [cb58, known] of knownCb58Ids) {
            const bytes = cb58Decode(cb58);
            assert.equal(bytes?.length, 32, cb58);
            assert.equal(cb58Encode(bytes), cb58);
            assert.equal(knownId(`0x${hex(bytes)}`), known);
            assert.equal(knownId(`0x${hex(bytes).toUpperCase()}`), known);
            assert.equal(knownId(cb58), known);
        }
    });

    it('names, networks and kinds', () => {
        assert.deepEqual(knownId(pChainId), {
            name: 'P-Chain (all networks)',
            network: 'all',
            kind: 'blockchain',
            chain: 'P',
        });
        assert.equal(
            knownId('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5')?.name,
            'C-Chain (mainnet)',
        );
        assert.equal(
            knownId('yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp')?.name,
            'C-Chain (fuji)',
        );
        assert.equal(
            knownId('2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM')?.name,
            'X-Chain (mainnet)',
        );
        assert.equal(
            knownId('2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm')?.name,
            'X-Chain (fuji)',
        );
        assert.equal(
            knownId('2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed')?.name,
            'X-Chain (local)',
        );
        assert.equal(
            knownId('2owdGqyG6FFzTHy5qhenDXQcEghvr571KZE3gSfRJERSJinuwC')?.name,
            'C-Chain (local)',
        );
        const avax = knownId('FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z');
        assert.deepEqual(avax, { name: 'AVAX asset (mainnet)', network: 'mainnet', kind: 'asset' });
        assert.equal(knownId('U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK')?.network, 'fuji');
        assert.equal(
            knownId('2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe')?.network,
            'local',
        );
        assert.equal(knownId('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q6'), undefined);
        assert.equal(knownId('0x' + '1'.repeat(64)), undefined);
    });

    it('knownEvmChain accepts numbers, bigints, decimal and hex strings', () => {
        assert.equal(knownEvmChain(43114)?.name, 'C-Chain (mainnet)');
        assert.equal(knownEvmChain(43113n)?.network, 'fuji');
        assert.equal(knownEvmChain('43112')?.network, 'local');
        assert.equal(knownEvmChain('0xa86a')?.name, 'C-Chain (mainnet)');
        assert.equal(knownEvmChain('0xA869')?.network, 'fuji');
        assert.equal(knownEvmChain(' 43114 ')?.kind, 'evmChain');
        for (const other of [1, 43115, '0x', 'avax', '', '4311.4', '1e5', -43114]) {
            assert.equal(knownEvmChain(other), undefined, String(other));
        }
    });

    it('network ids, names and HRPs follow AvalancheGo', () => {
        assert.equal(hrpForNetworkId(1), 'avax');
        assert.equal(hrpForNetworkId(5), 'fuji');
        assert.equal(hrpForNetworkId(12345), 'local');
        assert.equal(hrpForNetworkId(10), 'testing');
        assert.equal(hrpForNetworkId(99999), 'custom');
        assert.equal(networkNameForId(1), 'mainnet');
        assert.equal(networkNameForId(1337), 'network-1337');
        assert.equal(networkByName('testnet')?.id, 5);
        assert.equal(networkByName('Fuji')?.id, 5);
        assert.equal(networkByName('mainnet')?.hrp, 'avax');
        assert.equal(networkByName('nowhere'), undefined);
        assert.equal(networkFromHrp('avax'), 'mainnet');
        assert.equal(networkFromHrp('FUJI'), 'fuji');
        assert.equal(networkFromHrp('local'), 'local');
        assert.equal(networkFromHrp('testing'), 'custom');
        assert.equal(networkFromHrp('custom'), 'custom');
    });
});
