/**
 * SHA-256 (FIPS 180-4) for the short inputs that cb58 checksums hash (20 and 32 bytes). The
 * identifier scanner verifies one checksum per id-shaped token, and a file can hold tens of
 * thousands of them: a one-shot function with preallocated scratch space is several times faster
 * than a general streaming hasher there. Tests check it against `@noble/hashes` on random input.
 */

/** First 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const roundConstants = new Int32Array(64);
/** First 32 bits of the fractional parts of the square roots of the first 8 primes. */
const initialState = new Int32Array(8);

{
    const primes: number[] = [];
    for (let candidate = 2; primes.length < 64; candidate++) {
        if (primes.every((p) => candidate % p !== 0)) primes.push(candidate);
    }
    const fraction32 = (x: number): number => ((x - Math.floor(x)) * 2 ** 32) | 0;
    primes.forEach((p, i) => {
        roundConstants[i] = fraction32(Math.cbrt(p));
        if (i < 8) initialState[i] = fraction32(Math.sqrt(p));
    });
}

// Signed arrays: V8 keeps their elements as 32-bit integers, where values read from a
// Uint32Array above 2^31 would become doubles.
const schedule = new Int32Array(64);
const state = new Int32Array(8);
// Room for the last partial block plus padding, which can spill into a second block.
const tail = new Uint8Array(128);

function compress(block: Uint8Array, offset: number): void {
    const w = schedule;
    for (let t = 0; t < 16; t++) {
        const o = offset + t * 4;
        w[t] = (block[o]! << 24) | (block[o + 1]! << 16) | (block[o + 2]! << 8) | block[o + 3]!;
    }
    compressSchedule();
}

/** Runs the compression function on the block whose 16 words are already in `schedule`. */
function compressSchedule(): void {
    const w = schedule;
    for (let t = 16; t < 64; t++) {
        const x = w[t - 15]!;
        const y = w[t - 2]!;
        const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
        const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
        w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let a = state[0]!;
    let b = state[1]!;
    let c = state[2]!;
    let d = state[3]!;
    let e = state[4]!;
    let f = state[5]!;
    let g = state[6]!;
    let h = state[7]!;
    for (let t = 0; t < 64; t++) {
        const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        const choice = (e & f) ^ (~e & g);
        const t1 = (h + sum1 + choice + roundConstants[t]! + w[t]!) | 0;
        const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        const majority = (a & b) ^ (a & c) ^ (b & c);
        const t2 = (sum0 + majority) | 0;
        h = g;
        g = f;
        f = e;
        e = (d + t1) | 0;
        d = c;
        c = b;
        b = a;
        a = (t1 + t2) | 0;
    }
    state[0] = (state[0]! + a) | 0;
    state[1] = (state[1]! + b) | 0;
    state[2] = (state[2]! + c) | 0;
    state[3] = (state[3]! + d) | 0;
    state[4] = (state[4]! + e) | 0;
    state[5] = (state[5]! + f) | 0;
    state[6] = (state[6]! + g) | 0;
    state[7] = (state[7]! + h) | 0;
}

/**
 * SHA-256 of `bytes[0, length)` as eight big-endian 32-bit words, written into `out` (which is
 * also returned). Not re-entrant: it shares module scratch buffers, which is safe in
 * single-threaded JavaScript because it never yields.
 */
export function sha256Words(
    bytes: Uint8Array,
    length: number = bytes.length,
    out: Uint32Array = new Uint32Array(8),
): Uint32Array {
    state.set(initialState);
    if (length < 56) {
        // One block: read the message and its padding straight into the schedule (the common
        // case here, as checksums hash 20- and 32-byte payloads).
        const w = schedule;
        for (let t = 0; t < 16; t++) w[t] = 0;
        for (let i = 0; i < length; i++)
            w[i >>> 2] = w[i >>> 2]! | (bytes[i]! << (24 - 8 * (i & 3)));
        w[length >>> 2] = w[length >>> 2]! | (0x80 << (24 - 8 * (length & 3)));
        w[15] = length * 8;
        compressSchedule();
        out.set(state);
        return out;
    }
    const fullBlocks = length >>> 6;
    for (let i = 0; i < fullBlocks; i++) compress(bytes, i * 64);
    const rest = length - fullBlocks * 64;
    tail.fill(0);
    for (let i = 0; i < rest; i++) tail[i] = bytes[fullBlocks * 64 + i]!;
    tail[rest] = 0x80;
    const tailLength = rest < 56 ? 64 : 128;
    // The message length in bits, big-endian; inputs here never reach 2^32 bits.
    const bits = length * 8;
    tail[tailLength - 5] = Math.floor(bits / 2 ** 32) & 0xff;
    tail[tailLength - 4] = bits >>> 24;
    tail[tailLength - 3] = (bits >>> 16) & 0xff;
    tail[tailLength - 2] = (bits >>> 8) & 0xff;
    tail[tailLength - 1] = bits & 0xff;
    compress(tail, 0);
    if (tailLength === 128) compress(tail, 64);
    out.set(state);
    return out;
}

/** SHA-256 of `bytes` as 32 bytes. */
export function sha256(bytes: Uint8Array): Uint8Array {
    const words = sha256Words(bytes);
    const digest = new Uint8Array(32);
    for (let i = 0; i < 8; i++) {
        const word = words[i]!;
        digest[i * 4] = word >>> 24;
        digest[i * 4 + 1] = (word >>> 16) & 0xff;
        digest[i * 4 + 2] = (word >>> 8) & 0xff;
        digest[i * 4 + 3] = word & 0xff;
    }
    return digest;
}
