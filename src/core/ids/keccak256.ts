/**
 * Keccak-256 (the pre-standard padding Ethereum uses, not SHA3-256), for EIP-55 address
 * checksums. `@noble/hashes` computes the same digest, but at several microseconds a call it made
 * a file full of mixed-case addresses the slowest input of the identifier scanner; this version
 * keeps the 1600-bit state in one preallocated array of 32-bit halves. Tests check it against
 * `keccak_256` from `@noble/hashes/sha3.js` on random input.
 */

const rounds = 24;
const rateBytes = 136; // 1600 - 2 * 256 bits of capacity

/** Round constants as [low, high] 32-bit halves, from the degree-8 LFSR of the Keccak spec. */
const roundLow = new Int32Array(rounds);
const roundHigh = new Int32Array(rounds);
/** For lane i (x + 5y): its rotation and the lane it moves to under rho and pi. */
const rotation = new Uint8Array(25);
const destination = new Uint8Array(25);

{
    let lfsr = 1;
    const nextBit = (): number => {
        const bit = lfsr & 1;
        lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : (lfsr << 1) & 0xff;
        return bit;
    };
    for (let round = 0; round < rounds; round++) {
        for (let j = 0; j < 7; j++) {
            if (nextBit() === 0) continue;
            const position = (1 << j) - 1;
            if (position < 32) roundLow[round] = roundLow[round]! | (1 << position);
            else roundHigh[round] = roundHigh[round]! | (1 << (position - 32));
        }
    }
    let x = 1;
    let y = 0;
    for (let t = 0; t < 24; t++) {
        rotation[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
        [x, y] = [y, (2 * x + 3 * y) % 5];
    }
    for (let lx = 0; lx < 5; lx++) {
        for (let ly = 0; ly < 5; ly++) destination[lx + 5 * ly] = ly + 5 * ((2 * lx + 3 * ly) % 5);
    }
}

// Lane i is (lanes[2i], lanes[2i + 1]) = (low, high) halves of the little-endian 64-bit word.
const lanes = new Int32Array(50);
const moved = new Int32Array(50);
const parity = new Int32Array(10);
const block = new Uint8Array(rateBytes);

function permute(): void {
    const a = lanes;
    const b = moved;
    const c = parity;
    for (let round = 0; round < rounds; round++) {
        for (let x = 0; x < 5; x++) {
            c[2 * x] = a[2 * x]! ^ a[2 * x + 10]! ^ a[2 * x + 20]! ^ a[2 * x + 30]! ^ a[2 * x + 40]!;
            c[2 * x + 1] =
                a[2 * x + 1]! ^ a[2 * x + 11]! ^ a[2 * x + 21]! ^ a[2 * x + 31]! ^ a[2 * x + 41]!;
        }
        for (let x = 0; x < 5; x++) {
            const left = (x + 4) % 5;
            const right = (x + 1) % 5;
            const rl = c[2 * right]!;
            const rh = c[2 * right + 1]!;
            const dl = c[2 * left]! ^ ((rl << 1) | (rh >>> 31));
            const dh = c[2 * left + 1]! ^ ((rh << 1) | (rl >>> 31));
            for (let y = 0; y < 25; y += 5) {
                a[2 * (x + y)] = a[2 * (x + y)]! ^ dl;
                a[2 * (x + y) + 1] = a[2 * (x + y) + 1]! ^ dh;
            }
        }
        for (let i = 0; i < 25; i++) {
            const lo = a[2 * i]!;
            const hi = a[2 * i + 1]!;
            const n = rotation[i]!;
            const to = 2 * destination[i]!;
            if (n === 0) {
                b[to] = lo;
                b[to + 1] = hi;
            } else if (n < 32) {
                b[to] = (lo << n) | (hi >>> (32 - n));
                b[to + 1] = (hi << n) | (lo >>> (32 - n));
            } else if (n === 32) {
                b[to] = hi;
                b[to + 1] = lo;
            } else {
                const m = n - 32;
                b[to] = (hi << m) | (lo >>> (32 - m));
                b[to + 1] = (lo << m) | (hi >>> (32 - m));
            }
        }
        for (let y = 0; y < 25; y += 5) {
            for (let x = 0; x < 5; x++) {
                const i = 2 * (x + y);
                const j = 2 * (((x + 1) % 5) + y);
                const k = 2 * (((x + 2) % 5) + y);
                a[i] = b[i]! ^ (~b[j]! & b[k]!);
                a[i + 1] = b[i + 1]! ^ (~b[j + 1]! & b[k + 1]!);
            }
        }
        a[0] = a[0]! ^ roundLow[round]!;
        a[1] = a[1]! ^ roundHigh[round]!;
    }
}

function absorb(bytes: Uint8Array, offset: number): void {
    for (let i = 0; i < rateBytes / 4; i++) {
        const o = offset + i * 4;
        lanes[i] =
            lanes[i]! ^ (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24));
    }
    permute();
}

/**
 * Keccak-256 of `bytes[0, length)`, written as 32 bytes into `out` (also returned). Not
 * re-entrant: it shares module scratch space, which single-threaded callers never notice.
 */
export function keccak256(
    bytes: Uint8Array,
    length: number = bytes.length,
    out: Uint8Array = new Uint8Array(32),
): Uint8Array {
    lanes.fill(0);
    let offset = 0;
    for (; length - offset >= rateBytes; offset += rateBytes) absorb(bytes, offset);
    block.fill(0);
    for (let i = offset; i < length; i++) block[i - offset] = bytes[i]!;
    block[length - offset] = block[length - offset]! ^ 0x01;
    block[rateBytes - 1] = block[rateBytes - 1]! ^ 0x80;
    absorb(block, 0);
    for (let i = 0; i < 8; i++) {
        const word = lanes[i]!;
        out[i * 4] = word & 0xff;
        out[i * 4 + 1] = (word >>> 8) & 0xff;
        out[i * 4 + 2] = (word >>> 16) & 0xff;
        out[i * 4 + 3] = (word >>> 24) & 0xff;
    }
    return out;
}
