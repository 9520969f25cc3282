/**
 * Which validators a Warp signature's bit set names, and how much weight signed. Bit i names the
 * i-th validator of the source subnet's canonical validator set at the P-Chain height the message
 * was signed for: the validators with a BLS key, merged per key (their weights added, their node
 * ids kept), sorted by the key's uncompressed bytes; the total weight counts the validators without
 * a key too (`FlattenValidatorSet`,
 * https://github.com/ava-labs/avalanchego/blob/master/snow/validators/warp.go, and
 * `FilterValidators` / `SumWeight` in
 * https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/warp/validator.go).
 *
 * `platform.getValidatorsAt` answers with compressed keys. A compressed G1 key is the point's x
 * with three flag bits on top (compressed, infinity, and whether y is the larger root), and the
 * uncompressed form is x then y with no flags; so ordering by x, then by that sign bit, is the
 * uncompressed order without decompressing anything.
 */

/** One validator as `platform.getValidatorsAt` lists it. */
export interface ValidatorAt {
    readonly nodeId: string;
    /** The compressed BLS key, hex (with or without `0x`); absent for a validator without one. */
    readonly publicKey?: string | undefined;
    readonly weight: bigint;
}

/** One member of the canonical set. */
export interface CanonicalValidator {
    readonly index: number;
    /** The compressed key, lower-case hex with `0x`. */
    readonly publicKey: string;
    readonly weight: bigint;
    readonly nodeIds: readonly string[];
}

export interface CanonicalValidatorSet {
    readonly validators: readonly CanonicalValidator[];
    /** Every validator's weight, with or without a key. */
    readonly totalWeight: bigint;
}

export interface SignerWeights {
    readonly signers: readonly CanonicalValidator[];
    readonly signedWeight: bigint;
    readonly totalWeight: bigint;
    /** Indices past the end of the set: the set is not the one the message was signed with. */
    readonly unknownIndices: readonly number[];
}

const compressedKeyHexLength = 96;

/** The sort key of a compressed key: x without the flag bits, then the sign bit. */
function orderKey(compressedHex: string): string {
    const first = parseInt(compressedHex.slice(0, 2), 16);
    const x = (first & 0x1f).toString(16).padStart(2, '0') + compressedHex.slice(2);
    return `${x}${first & 0x20 ? '1' : '0'}`;
}

/** The compression flag set and the infinity flag clear: the form of every key a node sends. */
const compressedFlags = 0xc0;
const compressed = 0x80;

function normalKey(key: string | undefined): string | undefined {
    if (key === undefined) return undefined;
    const body = key.trim().replace(/^0x/i, '').toLowerCase();
    if (body.length !== compressedKeyHexLength || !/^[0-9a-f]+$/.test(body)) return undefined;
    return (parseInt(body.slice(0, 2), 16) & compressedFlags) === compressed ? body : undefined;
}

/**
 * The canonical validator set of a validator list. A key that is not 48 bytes of hex in the
 * compressed form (flag 0x80, not the point at infinity) is treated as no key: AvalancheGo would
 * not have answered with it.
 */
export function canonicalValidatorSet(validators: readonly ValidatorAt[]): CanonicalValidatorSet {
    const byKey = new Map<string, { weight: bigint; nodeIds: string[] }>();
    let totalWeight = 0n;
    for (const v of validators) {
        totalWeight += v.weight;
        const key = normalKey(v.publicKey);
        if (key === undefined) continue;
        const entry = byKey.get(key) ?? { weight: 0n, nodeIds: [] };
        entry.weight += v.weight;
        entry.nodeIds.push(v.nodeId);
        byKey.set(key, entry);
    }
    const sorted = [...byKey.entries()]
        .map(([key, entry]) => ({ key, order: orderKey(key), ...entry }))
        .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    return {
        validators: sorted.map((v, index) => ({
            index,
            publicKey: `0x${v.key}`,
            weight: v.weight,
            nodeIds: [...v.nodeIds].sort(),
        })),
        totalWeight,
    };
}

/** The validators a signer bit set names in a canonical set, and the weight they hold. */
export function signerWeights(
    indices: readonly number[],
    set: CanonicalValidatorSet,
): SignerWeights {
    const signers: CanonicalValidator[] = [];
    const unknownIndices: number[] = [];
    let signedWeight = 0n;
    for (const i of indices) {
        const v = set.validators[i];
        if (v === undefined) {
            unknownIndices.push(i);
            continue;
        }
        signers.push(v);
        signedWeight += v.weight;
    }
    return { signers, signedWeight, totalWeight: set.totalWeight, unknownIndices };
}

/** `signed / total` as a percentage with two decimals, exact for any uint64 weights. */
export function weightPercent(signed: bigint, total: bigint): string {
    if (total <= 0n) return '—';
    const hundredths = (signed * 10000n) / total;
    return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}
