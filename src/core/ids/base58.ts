/**
 * Base58 (Bitcoin alphabet) for fixed-size payloads, read straight from a string range. The
 * identifier scanner decodes every id-shaped token it meets; the general radix conversion in
 * `@scure/base` allocates and handles any length, while ids always decode to a known byte count
 * (36 for a 32-byte id plus checksum, 24 for a node id), so a fixed limb array does and rejects a
 * token as soon as it overflows. Tests check both directions against `@scure/base`.
 */

/** The Bitcoin base58 alphabet (no 0, O, I or l), which AvalancheGo's cb58 also uses. */
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Digit value of each ASCII code, or -1 when the character is not base58. */
export const base58Digit = new Int8Array(128).fill(-1);
for (let i = 0; i < base58Alphabet.length; i++) base58Digit[base58Alphabet.charCodeAt(i)] = i;
const alphabetCodes = Array.from(base58Alphabet, (c) => c.charCodeAt(0));

// Decoding keeps the value in little-endian 16-bit limbs and feeds two digits at a time: a limb
// times 58^2 plus a carry stays below 2^31, so every step is small-integer arithmetic.
const maxBytes = 96;
const decodeLimbs = new Int32Array(maxBytes / 2);
const pairBase = 58 * 58;

/** decodeLimbs[0, used) = limbs * multiplier + addend; the new `used`, or -1 past `capacity`. */
function multiplyAdd(used: number, capacity: number, multiplier: number, addend: number): number {
    const limbs = decodeLimbs;
    let carry = addend;
    for (let k = 0; k < used; k++) {
        const x = limbs[k]! * multiplier + carry;
        limbs[k] = x & 0xffff;
        carry = x >>> 16;
    }
    if (carry === 0) return used;
    if (used === capacity) return -1;
    limbs[used] = carry; // carry < 58^2 + 1 < 2^16
    return used + 1;
}

/**
 * Decodes `text[start, end)` as base58 into exactly `out.length` bytes (at most 96). Returns false,
 * leaving `out` unspecified, when a character is not base58 or the text decodes to another length
 * (base58 keeps leading zero bytes as leading `1`s, so the length is exact).
 */
export function base58DecodeInto(
    text: string,
    start: number,
    end: number,
    out: Uint8Array,
): boolean {
    const size = out.length;
    if (size > maxBytes) throw new RangeError(`base58DecodeInto: ${size} bytes is too large`);
    const capacity = (size + 1) >>> 1;
    let zeros = 0;
    let i = start;
    while (i < end && text.charCodeAt(i) === 49 /* '1' */) {
        zeros++;
        i++;
    }
    if (zeros > size) return false;
    let used = 0;
    // An odd count of digits starts with a single one, so that the rest pair up.
    if ((end - i) & 1) {
        const code = text.charCodeAt(i++);
        const digit = code < 128 ? base58Digit[code]! : -1;
        if (digit < 0) return false;
        used = multiplyAdd(0, capacity, 58, digit);
        if (used < 0) return false;
    }
    for (; i < end; i += 2) {
        const high = text.charCodeAt(i);
        const low = text.charCodeAt(i + 1);
        const d1 = high < 128 ? base58Digit[high]! : -1;
        const d0 = low < 128 ? base58Digit[low]! : -1;
        if ((d1 | d0) < 0) return false;
        used = multiplyAdd(used, capacity, pairBase, d1 * 58 + d0);
        if (used < 0) return false;
    }
    // The value must fit in `size` bytes, of which exactly `zeros` lead with 0.
    if (size & 1 && used === capacity && decodeLimbs[capacity - 1]! > 0xff) return false;
    for (let b = 0; b < size; b++) {
        const k = b >>> 1;
        out[size - 1 - b] = k < used ? (decodeLimbs[k]! >>> ((b & 1) * 8)) & 0xff : 0;
    }
    let leading = 0;
    while (leading < size && out[leading] === 0) leading++;
    return leading === zeros;
}

// Encoding divides big-endian 24-bit limbs by 58^4: 58^4 < 2^24, so a remainder times 2^24 plus
// a limb stays below 2^53 and float division is exact.
const limbBits = 2 ** 24;
const groupDigits = 4;
const groupBase = 58 ** groupDigits;
const chunkLimbs = new Float64Array(maxBytes / 3);
const digitCodes: number[] = [];

/** Encodes bytes (at most 96) as base58. */
export function base58Encode(bytes: Uint8Array): string {
    if (bytes.length > maxBytes)
        throw new RangeError(`base58Encode: ${bytes.length} bytes is too large`);
    let zeros = 0;
    while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
    // Big-endian 24-bit limbs of the value after the leading zeros.
    const count = Math.ceil((bytes.length - zeros) / 3);
    for (let k = 0; k < count; k++) {
        let limb = 0;
        for (let b = 0; b < 3; b++) {
            const index = bytes.length - (count - k) * 3 + b;
            limb = limb * 256 + (index >= zeros ? bytes[index]! : 0);
        }
        chunkLimbs[k] = limb;
    }
    // Digits come out least significant first, four per division pass over the limbs.
    digitCodes.length = 0;
    let first = 0;
    while (first < count) {
        let remainder = 0;
        for (let k = first; k < count; k++) {
            const current = remainder * limbBits + chunkLimbs[k]!;
            const quotient = Math.floor(current / groupBase);
            remainder = current - quotient * groupBase;
            chunkLimbs[k] = quotient;
        }
        while (first < count && chunkLimbs[first] === 0) first++;
        for (let d = 0; d < groupDigits; d++) {
            const next = Math.floor(remainder / 58);
            digitCodes.push(alphabetCodes[remainder - next * 58]!);
            remainder = next;
            if (first === count && remainder === 0) break;
        }
    }
    for (let z = 0; z < zeros; z++) digitCodes.push(49);
    digitCodes.reverse();
    return String.fromCharCode(...digitCodes);
}
