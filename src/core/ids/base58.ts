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
const alphabetCodes = Array.from(base58Alphabet, (c) => c.charCodeAt(0));

// Values are held in little-endian 24-bit limbs and fed four digits at a time: 58^4 < 2^24, so a
// limb times 58^4 plus a carry stays below 2^53 and float arithmetic is exact.
const limbBits = 2 ** 24;
const inverseLimbBits = 2 ** -24; // exact, so multiplying is the same as dividing
const groupDigits = 4;
const groupBase = 58 ** groupDigits;
const maxBytes = 96;
const limbs = new Float64Array(maxBytes / 3);

/** limbs[0, used) = limbs * multiplier + addend; returns the new `used`, or -1 past `capacity`. */
function multiplyAdd(used: number, capacity: number, multiplier: number, addend: number): number {
    let carry = addend;
    for (let k = 0; k < used; k++) {
        const x = limbs[k]! * multiplier + carry;
        carry = Math.floor(x * inverseLimbBits);
        limbs[k] = x - carry * limbBits;
    }
    while (carry > 0) {
        if (used === capacity) return -1;
        const next = Math.floor(carry / limbBits);
        limbs[used++] = carry - next * limbBits;
        carry = next;
    }
    return used;
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
    const capacity = Math.ceil(size / 3);
    let zeros = 0;
    let i = start;
    while (i < end && text.charCodeAt(i) === 49 /* '1' */) {
        zeros++;
        i++;
    }
    if (zeros > size) return false;
    let used = 0;
    let group = 0;
    let inGroup = 0;
    for (; i < end; i++) {
        const code = text.charCodeAt(i);
        const digit = code < 128 ? base58Digit[code]! : -1;
        if (digit < 0) return false;
        group = group * 58 + digit;
        if (++inGroup === groupDigits) {
            used = multiplyAdd(used, capacity, groupBase, group);
            if (used < 0) return false;
            group = 0;
            inGroup = 0;
        }
    }
    if (inGroup > 0) {
        used = multiplyAdd(used, capacity, 58 ** inGroup, group);
        if (used < 0) return false;
    }
    // The value must fit in `size` bytes, of which exactly `zeros` lead with 0.
    if (used === capacity && limbs[capacity - 1]! >= 2 ** (8 * (size - 3 * (capacity - 1))))
        return false;
    for (let b = 0; b < size; b++) {
        const k = (b / 3) | 0;
        out[size - 1 - b] = k < used ? (limbs[k]! >>> (8 * (b - 3 * k))) & 0xff : 0;
    }
    let leading = 0;
    while (leading < size && out[leading] === 0) leading++;
    return leading === zeros;
}

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
