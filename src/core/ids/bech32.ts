/**
 * The bech32 checksum (BIP-173) checked in place on a string range. `bech32.decodeUnsafe` from
 * `@scure/base` answers the same question, but it slices, allocates and throws internally on a bad
 * checksum (about 8 µs a call), and the identifier scanner asks it of every address-shaped token.
 * Tests check this against `@scure/base` on valid and corrupted addresses; decoding the payload
 * bytes of a found address goes through `@scure/base` (`bech32Payload`).
 */
import { bech32 } from '@scure/base';

/** The bech32 data alphabet, in value order. */
const bech32Charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** 5-bit value of each ASCII code (either case), or -1 when it is not a bech32 data character. */
export const bech32Value = new Int8Array(128).fill(-1);
for (let i = 0; i < bech32Charset.length; i++) {
    bech32Value[bech32Charset.charCodeAt(i)] = i;
    bech32Value[bech32Charset.toUpperCase().charCodeAt(i)] = i;
}

const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3] as const;

/** XOR of the generator terms selected by each 5-bit value of the checksum's top bits. */
const generatorTerms = new Int32Array(32);
for (let top = 0; top < 32; top++) {
    for (let i = 0; i < 5; i++)
        if ((top >>> i) & 1) generatorTerms[top] = generatorTerms[top]! ^ generator[i]!;
}

function step(checksum: number, value: number): number {
    return (((checksum & 0x1ffffff) << 5) ^ value ^ generatorTerms[checksum >>> 25]!) >>> 0;
}

/**
 * True when `text[start, end)`, whose human-readable part ends at `separator` (the index of the
 * `1`), carries a valid bech32 (not bech32m) checksum. Letters are compared case-insensitively, as
 * BIP-173 computes the checksum on the lower-case form; rejecting mixed case is the caller's job.
 * Data characters must already be known to be in the bech32 alphabet.
 */
export function bech32ChecksumHolds(
    text: string,
    start: number,
    separator: number,
    end: number,
): boolean {
    let checksum = 1;
    // ASCII digits already have bit 5 set, so `| 0x20` lower-cases letters and leaves digits alone.
    for (let i = start; i < separator; i++)
        checksum = step(checksum, (text.charCodeAt(i) | 0x20) >>> 5);
    checksum = step(checksum, 0);
    for (let i = start; i < separator; i++) checksum = step(checksum, text.charCodeAt(i) & 31);
    for (let i = separator + 1; i < end; i++)
        checksum = step(checksum, bech32Value[text.charCodeAt(i)]!);
    return checksum === 1;
}

/** The payload bytes of a bech32 string (any case), or undefined when it does not decode. */
export function bech32Payload(address: string): Uint8Array | undefined {
    const decoded = bech32.decodeUnsafe(address.toLowerCase(), 90);
    if (!decoded) return undefined;
    return bech32.fromWordsUnsafe(decoded.words) ?? undefined;
}
