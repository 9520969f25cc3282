/**
 * BLS public keys that are real points of BLS12-381's G1 (k·G for a secret k), in the compressed
 * form AvalancheGo prints (`bls.PublicKeyToCompressedBytes`, the ZCash encoding: x big-endian
 * with the compression flag 0x80 and 0x20 when y is the larger root). The sandbox's validators
 * carry these, so a Warp signature's signer bits map on them exactly as on a real node's keys.
 * Curve constants: https://datatracker.ietf.org/doc/html/draft-irtf-cfrg-pairing-friendly-curves-11
 * (section 4.2.1); nothing here is constant-time, as it need not be for test data.
 */
import { bytesToHex } from './prng';

const p = BigInt(
    '0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab',
);
const r = BigInt('0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001');
const gx = BigInt(
    '0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb',
);
const gy = BigInt(
    '0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1',
);

/** A point in Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at infinity. */
interface Jacobian {
    readonly x: bigint;
    readonly y: bigint;
    readonly z: bigint;
}

const mod = (a: bigint): bigint => {
    const m = a % p;
    return m < 0n ? m + p : m;
};

function pow(base: bigint, exponent: bigint): bigint {
    let result = 1n;
    let b = mod(base);
    for (let e = exponent; e > 0n; e >>= 1n) {
        if (e & 1n) result = (result * b) % p;
        b = (b * b) % p;
    }
    return result;
}

// y² = x³ + 4 has a = 0: "dbl-2009-l" and "add-2007-bl" of the Explicit-Formulas Database.
function double(q: Jacobian): Jacobian {
    if (q.z === 0n || q.y === 0n) return { x: 0n, y: 1n, z: 0n };
    const a = mod(q.x * q.x);
    const b = mod(q.y * q.y);
    const c = mod(b * b);
    const d = mod(2n * (mod((q.x + b) * (q.x + b)) - a - c));
    const e = mod(3n * a);
    const f = mod(e * e);
    const x = mod(f - 2n * d);
    return { x, y: mod(e * (d - x) - 8n * c), z: mod(2n * q.y * q.z) };
}

function add(q: Jacobian, s: Jacobian): Jacobian {
    if (q.z === 0n) return s;
    if (s.z === 0n) return q;
    const z1z1 = mod(q.z * q.z);
    const z2z2 = mod(s.z * s.z);
    const u1 = mod(q.x * z2z2);
    const u2 = mod(s.x * z1z1);
    const s1 = mod(q.y * s.z * z2z2);
    const s2 = mod(s.y * q.z * z1z1);
    if (u1 === u2) return s1 === s2 ? double(q) : { x: 0n, y: 1n, z: 0n };
    const h = mod(u2 - u1);
    const i = mod(4n * h * h);
    const j = mod(h * i);
    const rr = mod(2n * (s2 - s1));
    const v = mod(u1 * i);
    const x = mod(rr * rr - j - 2n * v);
    return {
        x,
        y: mod(rr * (v - x) - 2n * s1 * j),
        z: mod((mod((q.z + s.z) * (q.z + s.z)) - z1z1 - z2z2) * h),
    };
}

function multiplyG(k: bigint): Jacobian {
    let result: Jacobian = { x: 0n, y: 1n, z: 0n };
    for (let bit = BigInt(k.toString(2).length - 1); bit >= 0n; bit--) {
        result = double(result);
        if ((k >> bit) & 1n) result = add(result, { x: gx, y: gy, z: 1n });
    }
    return result;
}

/** The compressed form of k·G, lower-case hex with `0x`; k is reduced into [1, r). */
export function compressedPublicKey(k: bigint): string {
    const point = multiplyG((k % (r - 1n)) + 1n);
    const zInverse = pow(point.z, p - 2n);
    const zInverse2 = mod(zInverse * zInverse);
    const x = mod(point.x * zInverse2);
    const y = mod(point.y * zInverse2 * zInverse);
    const bytes = Buffer.from(x.toString(16).padStart(96, '0'), 'hex');
    bytes[0] = bytes[0]! | 0x80 | (y > (p - 1n) / 2n ? 0x20 : 0);
    return bytesToHex(bytes);
}

/**
 * The BLS public key of 48 random bytes (the draw the sandbox took for its keys before they were
 * points). The secret is the low 64 bits: distinct enough for test data, and a key costs about a
 * millisecond instead of six.
 */
export function blsPublicKey(draw: Uint8Array): string {
    return compressedPublicKey(BigInt(bytesToHex(draw)) & 0xffffffffffffffffn);
}
