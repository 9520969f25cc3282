/**
 * The signed Warp message decoder and the signer-to-validator mapping. The P-Chain message bytes
 * are AvalancheGo's own test vectors
 * (https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/warp/message/payload_test.go,
 * `TestParse`), wrapped here as the P-Chain wraps them: an AddressedCall with an empty source
 * address, in an unsigned message from the P-Chain, with a BLS bit-set signature.
 */
import * as assert from 'node:assert/strict';
import { cb58Encode } from '../../../src/core/ids/cb58';
import { signedConversionMessage } from '../../sandbox/dataApi';
import { Dataset } from '../../sandbox/dataset';
import { dataApiFixtures, loadJson } from '../../helpers/fixtures';
import {
    canonicalValidatorSet,
    decodeSignedWarpMessage,
    maxListedSigners,
    signerWeights,
    weightPercent,
    type SignedWarpMessage,
    type ValidatorAt,
} from '../../../src/core/warp';

const u32 = (n: number): string => n.toString(16).padStart(8, '0');
const slice = (hex: string): string => `${u32(hex.length / 2)}${hex}`;
const seq = (from: number, count: number): string =>
    Array.from({ length: count }, (_, i) => ((from + i) & 0xff).toString(16).padStart(2, '0')).join(
        '',
    );
const bytesOf = (hex: string): Uint8Array =>
    Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));

const id01to20 = seq(0x01, 32);
const signature96 = 'ab'.repeat(96);

/** AvalancheGo's vectors (`TestParse`), hex. */
const vectors = {
    conversion: `0000${u32(0)}${id01to20}`,
    register:
        `0000${u32(1)}${id01to20}${slice(seq(0x21, 20))}${seq(0x35, 48)}${seq(0x65, 8)}` +
        `${seq(0x6d, 4)}${u32(1)}${seq(0x71, 20)}${seq(0x85, 4)}${u32(1)}${seq(0x89, 20)}${seq(0x9d, 8)}`,
    registration: `0000${u32(2)}${id01to20}00`,
    weight: `0000${u32(3)}${id01to20}${seq(0x21, 8)}${seq(0x29, 8)}`,
};

function addressedCall(message: string, sourceAddress = ''): string {
    return `0000${u32(1)}${slice(sourceAddress)}${slice(message)}`;
}

function signed(payload: string, bits = '03', networkId = 5, source = '00'.repeat(32)): string {
    return `0000${u32(networkId)}${source}${slice(payload)}${u32(0)}${slice(bits)}${signature96}`;
}

function decoded(hex: string): SignedWarpMessage {
    const result = decodeSignedWarpMessage(hex);
    if (!result.ok) assert.fail(result.error);
    return result.message;
}

function failure(hex: string): string {
    const result = decodeSignedWarpMessage(hex);
    assert.equal(result.ok, false, 'decoded although malformed');
    return result.ok ? '' : result.error;
}

describe('(unit) Warp message decoding', function () {
    it('SubnetToL1Conversion from the P-Chain: network, source, payload, signers', function () {
        const m = decoded(signed(addressedCall(vectors.conversion)));
        assert.equal(m.networkId, 5);
        assert.equal(m.fromPChain, true);
        assert.equal(m.sourceChainId, '11111111111111111111111111111111LpoYY');
        assert.equal(m.payload.kind, 'AddressedCall');
        if (m.payload.kind !== 'AddressedCall') return;
        assert.equal(m.payload.sourceAddress, '0x');
        assert.deepEqual(m.payload.message, {
            kind: 'SubnetToL1Conversion',
            conversionId: cb58Encode(bytesOf(id01to20)),
        });
        assert.deepEqual(m.signature.signers, [0, 1]);
        assert.equal(m.signature.signerCount, 2);
        assert.equal(m.signature.paddedBitSet, false);
        assert.equal(m.signature.signature, `0x${signature96}`);
    });

    it('RegisterL1Validator: every field, uint64s exact above 2^53, owners as P-Chain addresses', function () {
        const m = decoded(signed(addressedCall(vectors.register), '03', 1));
        assert.ok(m.payload.kind === 'AddressedCall' && m.payload.message);
        const msg = m.payload.message;
        assert.equal(msg.kind, 'RegisterL1Validator');
        if (msg.kind !== 'RegisterL1Validator') return;
        assert.equal(msg.subnetId, cb58Encode(bytesOf(id01to20)));
        assert.equal(msg.nodeId, `NodeID-${cb58Encode(bytesOf(seq(0x21, 20)))}`);
        assert.equal(msg.blsPublicKey, `0x${seq(0x35, 48)}`);
        assert.equal(msg.expiry, 0x65666768696a6b6cn);
        assert.equal(msg.weight, 0x9d9e9fa0a1a2a3a4n);
        assert.ok(msg.weight > BigInt(Number.MAX_SAFE_INTEGER));
        assert.equal(msg.weight.toString(), '11357690822530343844');
        assert.equal(msg.remainingBalanceOwner.threshold, 0x6d6e6f70);
        assert.equal(msg.remainingBalanceOwner.addresses.length, 1);
        assert.match(msg.remainingBalanceOwner.addresses[0]!, /^P-avax1[02-9ac-hj-np-z]{38}$/);
        assert.equal(msg.disableOwner.threshold, 0x85868788);
    });

    it('L1ValidatorRegistration and L1ValidatorWeight', function () {
        const reg = decoded(signed(addressedCall(vectors.registration)));
        assert.deepEqual(reg.payload.kind === 'AddressedCall' && reg.payload.message, {
            kind: 'L1ValidatorRegistration',
            validationId: cb58Encode(bytesOf(id01to20)),
            registered: false,
        });
        const w = decoded(signed(addressedCall(vectors.weight)));
        assert.deepEqual(w.payload.kind === 'AddressedCall' && w.payload.message, {
            kind: 'L1ValidatorWeight',
            validationId: cb58Encode(bytesOf(id01to20)),
            nonce: 0x2122232425262728n,
            weight: 0x292a2b2c2d2e2f30n,
        });
    });

    it('a Hash payload, and an AddressedCall from a contract (not a P-Chain message)', function () {
        const h = decoded(signed(`0000${u32(0)}${id01to20}`, ''));
        assert.deepEqual(h.payload, { kind: 'Hash', hash: cb58Encode(bytesOf(id01to20)) });
        assert.equal(h.signature.signerCount, 0);
        const source = seq(0x40, 20);
        const c = decoded(signed(addressedCall('deadbeef', source), '01', 5, seq(0x80, 32)));
        assert.equal(c.fromPChain, false);
        assert.ok(c.payload.kind === 'AddressedCall');
        assert.equal(c.payload.sourceAddress, `0x${source}`);
        assert.equal(c.payload.payloadLength, 4);
        assert.equal(c.payload.message, undefined);
        assert.equal(c.payload.messageError, undefined);
    });

    it('the published example of 4.1: an ICM message from an EVM chain, bits 0 and 1', function () {
        const { signedMessage: hex } = loadJson<{ signedMessage: string }>(
            dataApiFixtures,
            'rest-4.1-get-aggregated-signatures.json',
        );
        const m = decoded(hex);
        assert.equal(m.networkId, 5);
        assert.equal(m.fromPChain, false);
        assert.ok(m.payload.kind === 'AddressedCall');
        assert.equal(m.payload.sourceAddress, '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf');
        assert.equal(m.payload.payloadLength, 0x380);
        assert.deepEqual(m.signature.signers, [0, 1]);
    });

    it('bit i is bit i % 8 of the i / 8-th byte from the end', function () {
        const m = decoded(signed(addressedCall(vectors.conversion), '8001'));
        assert.deepEqual(m.signature.signers, [0, 15]);
        const padded = decoded(signed(addressedCall(vectors.conversion), '0001'));
        assert.equal(padded.signature.paddedBitSet, true);
        const many = decoded(signed(addressedCall(vectors.conversion), 'ff'.repeat(1024)));
        assert.equal(many.signature.signerCount, 8192);
        assert.equal(many.signature.signers.length, maxListedSigners);
    });

    it('a P-Chain-shaped payload that is not a P-Chain message says why, and still decodes', function () {
        const m = decoded(signed(addressedCall(`0000${u32(9)}${id01to20}`)));
        assert.ok(m.payload.kind === 'AddressedCall');
        assert.equal(m.payload.message, undefined);
        assert.match(m.payload.messageError ?? '', /message type 9 is unknown/);
        const bad = decoded(signed(addressedCall(`0000${u32(2)}${id01to20}02`)));
        assert.ok(bad.payload.kind === 'AddressedCall');
        assert.match(bad.payload.messageError ?? '', /not a boolean/);
        const trailing = decoded(signed(addressedCall(`${vectors.weight}00`)));
        assert.ok(trailing.payload.kind === 'AddressedCall');
        assert.match(trailing.payload.messageError ?? '', /1 trailing bytes/);
    });

    it('malformed input is a sentence, never an exception', function () {
        const good = signed(addressedCall(vectors.conversion));
        const cases: [string, RegExp][] = [
            ['', /ends inside the codec version/],
            ['zz', /not hexadecimal/],
            ['abc', /odd number/],
            [`0001${good.slice(4)}`, /codec version 1/],
            [good.slice(0, -2), /ends inside the aggregate signature/],
            [`${good}00`, /1 trailing bytes/],
            // A payload length far beyond what is left.
            [
                `0000${u32(5)}${'00'.repeat(32)}ffffffff`,
                /ends inside the payload \(needs 4294967295 bytes/,
            ],
            [
                `0000${u32(5)}${'00'.repeat(32)}${slice(addressedCall(vectors.conversion))}${u32(1)}`,
                /signature type 1 is unknown/,
            ],
            [signed(`0000${u32(2)}${id01to20}`), /payload type 2 is unknown/],
            [signed(`0000${u32(1)}ffffffff`), /ends inside the source address/],
            [signed(`${addressedCall(vectors.conversion)}00`), /payload has 1 trailing bytes/],
            [signed(`0000${u32(0)}${'00'.repeat(24 * 1024)}`), /at most 24576/],
        ];
        for (const [hex, reason] of cases) {
            const error = failure(hex);
            assert.match(error, /^Not a signed Warp message: .+\.$/, hex.slice(0, 40));
            assert.match(error, reason, hex.slice(0, 40));
        }
        assert.match(failure('0'.repeat(4 * 1024 * 1024 + 2)), /more than the/);
    });

    it('the sandbox signs byte-exact conversions of its L1s', function () {
        const data = new Dataset('mainnet', 1, 'small');
        const subnetIndex = data.primary.conversionSubnet(data.known.pChainTxHash);
        assert.ok(subnetIndex !== undefined);
        const m = decoded(signedConversionMessage(data, subnetIndex));
        assert.equal(m.networkId, 1);
        assert.equal(m.fromPChain, true);
        assert.ok(m.payload.kind === 'AddressedCall');
        assert.equal(m.payload.message?.kind, 'SubnetToL1Conversion');
        assert.equal(m.signature.paddedBitSet, false);
    });
});

describe('(unit) Warp signers mapped to the canonical validator set', function () {
    // Compressed keys: first byte = flags (0x80 compressed, 0x20 larger y) over the top of x.
    const key = (first: number, fill: number): string =>
        `0x${first.toString(16).padStart(2, '0')}${fill.toString(16).padStart(2, '0').repeat(47)}`;
    const big = 2n ** 60n;
    const validators: ValidatorAt[] = [
        // x = 0x05…, y the larger root: sorts after x = 0x05… with the smaller root.
        { nodeId: 'NodeID-A', publicKey: key(0xa5, 0x11), weight: big },
        { nodeId: 'NodeID-B', publicKey: key(0x85, 0x11), weight: 10n },
        // x = 0x02…: first, although its compressed bytes (0xa2) sort after 0x85.
        { nodeId: 'NodeID-C', publicKey: key(0xa2, 0x33), weight: 20n },
        // Same key as B: merged into one member, weights added.
        {
            nodeId: 'NodeID-D',
            publicKey: key(0x85, 0x11).toUpperCase().replace('0X', '0x'),
            weight: 5n,
        },
        // No key: counted in the total only.
        { nodeId: 'NodeID-E', weight: 1000n },
        { nodeId: 'NodeID-F', publicKey: 'not a key', weight: 7n },
    ];

    it('sorts by x then the sign bit, merges per key, totals every weight', function () {
        const set = canonicalValidatorSet(validators);
        assert.deepEqual(
            set.validators.map((v) => [v.index, v.nodeIds, v.weight]),
            [
                [0, ['NodeID-C'], 20n],
                [1, ['NodeID-B', 'NodeID-D'], 15n],
                [2, ['NodeID-A'], big],
            ],
        );
        assert.equal(set.totalWeight, big + 10n + 20n + 5n + 1000n + 7n);
    });

    it('takes only keys in compressed form: a key without the flag, or the point at infinity, is none', function () {
        const set = canonicalValidatorSet([
            { nodeId: 'NodeID-Plain', publicKey: key(0x05, 0x11), weight: 1n },
            { nodeId: 'NodeID-Infinity', publicKey: key(0xc0, 0x00), weight: 2n },
            { nodeId: 'NodeID-Good', publicKey: key(0x85, 0x11), weight: 4n },
        ]);
        assert.deepEqual(
            set.validators.map((v) => v.nodeIds),
            [['NodeID-Good']],
        );
        assert.equal(set.totalWeight, 7n);
    });

    it('sums the signers’ weight exactly and names bits past the set', function () {
        const set = canonicalValidatorSet(validators);
        const w = signerWeights([0, 2, 9], set);
        assert.deepEqual(
            w.signers.map((v) => v.index),
            [0, 2],
        );
        assert.equal(w.signedWeight, big + 20n);
        assert.equal(w.totalWeight, set.totalWeight);
        assert.deepEqual(w.unknownIndices, [9]);
        assert.equal(weightPercent(1n, 3n), '33.33%');
        assert.equal(weightPercent(big, big), '100.00%');
        assert.equal(weightPercent(0n, 0n), '—');
    });
});
