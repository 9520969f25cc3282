/**
 * Base58 (Bitcoin alphabet) for fixed-size payloads, read straight from a string range. The
 * identifier scanner decodes every id-shaped token it meets; the general radix conversion in
 * `@scure/base` allocates and handles any length, while ids always decode to a known byte count
 * (36 for a 32-byte id plus checksum, 24 for a node id), so a fixed limb array does and rejects a
 * token as soon as it overflows. Tests check both directions against `@scure/base`.
 */

/** The Bitcoin base58 alphabet (no 0, O, I or l), which AvalancheGo's cb58 also uses. */
export const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Digit value of each ASCII code, or -1 when the character is not base58. */
export const base58Digit = new Int8Array(128).fill(-1);
for (let i = 0; i < base58Alphabet.length; i++) base58Digit[base58Alphabet.charCodeAt(i)] = i;

const limbBase = 2 ** 32;
const maxLimbs = 16;
const limbs = new Uint32Array(maxLimbs);

/**
 * Decodes `text[start, end)` as base58 into exactly `out.length` bytes (at most 64). Returns false,
 * leaving `out` unspecified, when a character is not base58 or the text decodes to another length
 * (base58 keeps leading zero bytes as leading `1`s, so the length is exact).
 */
export function base58DecodeInto(text: string, start: number, end: number, out: Uint8Array): boolean {
    const size = out.length;
    const limbCount = (size + 3) >>> 2;
    if (limbCount > maxLimbs) throw new RangeError(`base58DecodeInto: ${size} bytes is too large`);
    limbs.fill(0, 0, limbCount);
    let zeros = 0;
    let i = start;
    while (i < end && text.charCodeAt(i) === 49 /* '1' */) {
        zeros++;
        i++;
    }
    if (zeros > size) return false;
    let used = 0; // limbs holding non-zero value so far, to skip multiplying zeros
    for (; i < end; i++) {
        const code = text.charCodeAt(i);
        const digit = code < 128 ? base58Digit[code]! : -1;
        if (digit < 0) return false;
        let carry = digit;
        for (let k = 0; k < used; k++) {
            const x = limbs[k]! * 58 + carry;
            const low = x >>> 0;
            limbs[k] = low;
            carry = (x - low) / limbBase;
        }
        if (carry !== 0) {
            if (used === limbCount) return false;
            limbs[used++] = carry;
        }
    }
    // Big-endian bytes of the value, padded to `size`; the value must not need more bytes, and
    // exactly `zeros` of them must be leading zeros.
    for (let b = 0; b < size; b++) {
        const fromEnd = size - 1 - b;
        out[b] = (limbs[fromEnd >>> 2]! >>> ((fromEnd & 3) * 8)) & 0xff;
    }
    if (size & 3) {
        const top = limbs[limbCount - 1]! >>> ((size & 3) * 8);
        if (top !== 0) return false;
    }
    let leading = 0;
    while (leading < size && out[leading] === 0) leading++;
    return leading === zeros;
}

// Four base58 digits at a time: 58^4 < 2^24, so a 24-bit limb times the divisor's remainder stays
// below 2^53 and float division is exact.
const chunkDivisor = 58 ** 4;
const chunkLimbs = new Array<number>(32);

/** Encodes bytes (at most 96) as base58. */
export function base58Encode(bytes: Uint8Array): string {
    let zeros = 0;
    while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
    // Big-endian 24-bit limbs of the value after the leading zeros.
    const rest = bytes.length - zeros;
    const count = Math.ceil(rest / 3);
    if (count > chunkLimbs.length) throw new RangeError(`base58Encode: ${bytes.length} bytes is too large`);
    for (let k = 0; k < count; k++) {
        let limb = 0;
        for (let b = 0; b < 3; b++) {
            const index = bytes.length - (count - k) * 3 + b;
            limb = limb * 256 + (index >= zeros ? bytes[index]! : 0);
        }
        chunkLimbs[k] = limb;
    }
    let digits = '';
    let first = 0;
    while (first < count) {
        let remainder = 0;
        for (let k = first; k < count; k++) {
            const current = remainder * 2 ** 24 + chunkLimbs[k]!;
            const quotient = Math.floor(current / chunkDivisor);
            remainder = current - quotient * chunkDivisor;
            chunkLimbs[k] = quotient;
        }
        while (first < count && chunkLimbs[first] === 0) first++;
        for (let d = 0; d < 4; d++) {
            digits = base58Alphabet[remainder % 58]! + digits;
            remainder = Math.floor(remainder / 58);
            if (first === count && remainder === 0) break;
        }
    }
    return '1'.repeat(zeros) + digits;
}
