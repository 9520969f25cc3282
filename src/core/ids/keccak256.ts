/**
 * Keccak-256 (the pre-standard padding Ethereum uses, not SHA3-256), for EIP-55 address
 * checksums. `@noble/hashes` computes the same digest, but at several microseconds a call it made
 * a file full of mixed-case addresses the slowest input of the identifier scanner. Here the
 * permutation is unrolled with the 1600-bit state in 50 local 32-bit halves, which V8 keeps in
 * registers and stack slots instead of typed-array loads. The unrolled statements were generated
 * from the theta, rho (rotation offsets), pi (lane moves) and chi steps of the Keccak reference;
 * tests check the digest against `keccak_256` from `@noble/hashes/sha3.js` on random input.
 */

const rounds = 24;
const rateBytes = 136; // 1600 - 2 * 256 bits of capacity

/** Round constants as [low, high] 32-bit halves, from the degree-8 LFSR of the Keccak spec. */
const roundLow = new Int32Array(rounds);
const roundHigh = new Int32Array(rounds);

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
}

// Lane i = x + 5y is (state[2i], state[2i + 1]) = (low, high) halves of its little-endian 64-bit word.
const state = new Int32Array(50);
const block = new Uint8Array(rateBytes);

function permute(s: Int32Array): void {
    let l0 = s[0]!;
    let h0 = s[1]!;
    let l1 = s[2]!;
    let h1 = s[3]!;
    let l2 = s[4]!;
    let h2 = s[5]!;
    let l3 = s[6]!;
    let h3 = s[7]!;
    let l4 = s[8]!;
    let h4 = s[9]!;
    let l5 = s[10]!;
    let h5 = s[11]!;
    let l6 = s[12]!;
    let h6 = s[13]!;
    let l7 = s[14]!;
    let h7 = s[15]!;
    let l8 = s[16]!;
    let h8 = s[17]!;
    let l9 = s[18]!;
    let h9 = s[19]!;
    let l10 = s[20]!;
    let h10 = s[21]!;
    let l11 = s[22]!;
    let h11 = s[23]!;
    let l12 = s[24]!;
    let h12 = s[25]!;
    let l13 = s[26]!;
    let h13 = s[27]!;
    let l14 = s[28]!;
    let h14 = s[29]!;
    let l15 = s[30]!;
    let h15 = s[31]!;
    let l16 = s[32]!;
    let h16 = s[33]!;
    let l17 = s[34]!;
    let h17 = s[35]!;
    let l18 = s[36]!;
    let h18 = s[37]!;
    let l19 = s[38]!;
    let h19 = s[39]!;
    let l20 = s[40]!;
    let h20 = s[41]!;
    let l21 = s[42]!;
    let h21 = s[43]!;
    let l22 = s[44]!;
    let h22 = s[45]!;
    let l23 = s[46]!;
    let h23 = s[47]!;
    let l24 = s[48]!;
    let h24 = s[49]!;
    for (let round = 0; round < rounds; round++) {
        const c0l = l0 ^ l5 ^ l10 ^ l15 ^ l20;
        const c0h = h0 ^ h5 ^ h10 ^ h15 ^ h20;
        const c1l = l1 ^ l6 ^ l11 ^ l16 ^ l21;
        const c1h = h1 ^ h6 ^ h11 ^ h16 ^ h21;
        const c2l = l2 ^ l7 ^ l12 ^ l17 ^ l22;
        const c2h = h2 ^ h7 ^ h12 ^ h17 ^ h22;
        const c3l = l3 ^ l8 ^ l13 ^ l18 ^ l23;
        const c3h = h3 ^ h8 ^ h13 ^ h18 ^ h23;
        const c4l = l4 ^ l9 ^ l14 ^ l19 ^ l24;
        const c4h = h4 ^ h9 ^ h14 ^ h19 ^ h24;
        const d0l = c4l ^ ((c1l << 1) | (c1h >>> 31));
        const d0h = c4h ^ ((c1h << 1) | (c1l >>> 31));
        const d1l = c0l ^ ((c2l << 1) | (c2h >>> 31));
        const d1h = c0h ^ ((c2h << 1) | (c2l >>> 31));
        const d2l = c1l ^ ((c3l << 1) | (c3h >>> 31));
        const d2h = c1h ^ ((c3h << 1) | (c3l >>> 31));
        const d3l = c2l ^ ((c4l << 1) | (c4h >>> 31));
        const d3h = c2h ^ ((c4h << 1) | (c4l >>> 31));
        const d4l = c3l ^ ((c0l << 1) | (c0h >>> 31));
        const d4h = c3h ^ ((c0h << 1) | (c0l >>> 31));
        const t0l = l0 ^ d0l;
        const t0h = h0 ^ d0h;
        const t1l = l1 ^ d1l;
        const t1h = h1 ^ d1h;
        const t2l = l2 ^ d2l;
        const t2h = h2 ^ d2h;
        const t3l = l3 ^ d3l;
        const t3h = h3 ^ d3h;
        const t4l = l4 ^ d4l;
        const t4h = h4 ^ d4h;
        const t5l = l5 ^ d0l;
        const t5h = h5 ^ d0h;
        const t6l = l6 ^ d1l;
        const t6h = h6 ^ d1h;
        const t7l = l7 ^ d2l;
        const t7h = h7 ^ d2h;
        const t8l = l8 ^ d3l;
        const t8h = h8 ^ d3h;
        const t9l = l9 ^ d4l;
        const t9h = h9 ^ d4h;
        const t10l = l10 ^ d0l;
        const t10h = h10 ^ d0h;
        const t11l = l11 ^ d1l;
        const t11h = h11 ^ d1h;
        const t12l = l12 ^ d2l;
        const t12h = h12 ^ d2h;
        const t13l = l13 ^ d3l;
        const t13h = h13 ^ d3h;
        const t14l = l14 ^ d4l;
        const t14h = h14 ^ d4h;
        const t15l = l15 ^ d0l;
        const t15h = h15 ^ d0h;
        const t16l = l16 ^ d1l;
        const t16h = h16 ^ d1h;
        const t17l = l17 ^ d2l;
        const t17h = h17 ^ d2h;
        const t18l = l18 ^ d3l;
        const t18h = h18 ^ d3h;
        const t19l = l19 ^ d4l;
        const t19h = h19 ^ d4h;
        const t20l = l20 ^ d0l;
        const t20h = h20 ^ d0h;
        const t21l = l21 ^ d1l;
        const t21h = h21 ^ d1h;
        const t22l = l22 ^ d2l;
        const t22h = h22 ^ d2h;
        const t23l = l23 ^ d3l;
        const t23h = h23 ^ d3h;
        const t24l = l24 ^ d4l;
        const t24h = h24 ^ d4h;
        const b0l = t0l;
        const b0h = t0h;
        const b10l = (t1l << 1) | (t1h >>> 31);
        const b10h = (t1h << 1) | (t1l >>> 31);
        const b20l = (t2h << 30) | (t2l >>> 2);
        const b20h = (t2l << 30) | (t2h >>> 2);
        const b5l = (t3l << 28) | (t3h >>> 4);
        const b5h = (t3h << 28) | (t3l >>> 4);
        const b15l = (t4l << 27) | (t4h >>> 5);
        const b15h = (t4h << 27) | (t4l >>> 5);
        const b16l = (t5h << 4) | (t5l >>> 28);
        const b16h = (t5l << 4) | (t5h >>> 28);
        const b1l = (t6h << 12) | (t6l >>> 20);
        const b1h = (t6l << 12) | (t6h >>> 20);
        const b11l = (t7l << 6) | (t7h >>> 26);
        const b11h = (t7h << 6) | (t7l >>> 26);
        const b21l = (t8h << 23) | (t8l >>> 9);
        const b21h = (t8l << 23) | (t8h >>> 9);
        const b6l = (t9l << 20) | (t9h >>> 12);
        const b6h = (t9h << 20) | (t9l >>> 12);
        const b7l = (t10l << 3) | (t10h >>> 29);
        const b7h = (t10h << 3) | (t10l >>> 29);
        const b17l = (t11l << 10) | (t11h >>> 22);
        const b17h = (t11h << 10) | (t11l >>> 22);
        const b2l = (t12h << 11) | (t12l >>> 21);
        const b2h = (t12l << 11) | (t12h >>> 21);
        const b12l = (t13l << 25) | (t13h >>> 7);
        const b12h = (t13h << 25) | (t13l >>> 7);
        const b22l = (t14h << 7) | (t14l >>> 25);
        const b22h = (t14l << 7) | (t14h >>> 25);
        const b23l = (t15h << 9) | (t15l >>> 23);
        const b23h = (t15l << 9) | (t15h >>> 23);
        const b8l = (t16h << 13) | (t16l >>> 19);
        const b8h = (t16l << 13) | (t16h >>> 19);
        const b18l = (t17l << 15) | (t17h >>> 17);
        const b18h = (t17h << 15) | (t17l >>> 17);
        const b3l = (t18l << 21) | (t18h >>> 11);
        const b3h = (t18h << 21) | (t18l >>> 11);
        const b13l = (t19l << 8) | (t19h >>> 24);
        const b13h = (t19h << 8) | (t19l >>> 24);
        const b14l = (t20l << 18) | (t20h >>> 14);
        const b14h = (t20h << 18) | (t20l >>> 14);
        const b24l = (t21l << 2) | (t21h >>> 30);
        const b24h = (t21h << 2) | (t21l >>> 30);
        const b9l = (t22h << 29) | (t22l >>> 3);
        const b9h = (t22l << 29) | (t22h >>> 3);
        const b19l = (t23h << 24) | (t23l >>> 8);
        const b19h = (t23l << 24) | (t23h >>> 8);
        const b4l = (t24l << 14) | (t24h >>> 18);
        const b4h = (t24h << 14) | (t24l >>> 18);
        l0 = b0l ^ (~b1l & b2l);
        h0 = b0h ^ (~b1h & b2h);
        l1 = b1l ^ (~b2l & b3l);
        h1 = b1h ^ (~b2h & b3h);
        l2 = b2l ^ (~b3l & b4l);
        h2 = b2h ^ (~b3h & b4h);
        l3 = b3l ^ (~b4l & b0l);
        h3 = b3h ^ (~b4h & b0h);
        l4 = b4l ^ (~b0l & b1l);
        h4 = b4h ^ (~b0h & b1h);
        l5 = b5l ^ (~b6l & b7l);
        h5 = b5h ^ (~b6h & b7h);
        l6 = b6l ^ (~b7l & b8l);
        h6 = b6h ^ (~b7h & b8h);
        l7 = b7l ^ (~b8l & b9l);
        h7 = b7h ^ (~b8h & b9h);
        l8 = b8l ^ (~b9l & b5l);
        h8 = b8h ^ (~b9h & b5h);
        l9 = b9l ^ (~b5l & b6l);
        h9 = b9h ^ (~b5h & b6h);
        l10 = b10l ^ (~b11l & b12l);
        h10 = b10h ^ (~b11h & b12h);
        l11 = b11l ^ (~b12l & b13l);
        h11 = b11h ^ (~b12h & b13h);
        l12 = b12l ^ (~b13l & b14l);
        h12 = b12h ^ (~b13h & b14h);
        l13 = b13l ^ (~b14l & b10l);
        h13 = b13h ^ (~b14h & b10h);
        l14 = b14l ^ (~b10l & b11l);
        h14 = b14h ^ (~b10h & b11h);
        l15 = b15l ^ (~b16l & b17l);
        h15 = b15h ^ (~b16h & b17h);
        l16 = b16l ^ (~b17l & b18l);
        h16 = b16h ^ (~b17h & b18h);
        l17 = b17l ^ (~b18l & b19l);
        h17 = b17h ^ (~b18h & b19h);
        l18 = b18l ^ (~b19l & b15l);
        h18 = b18h ^ (~b19h & b15h);
        l19 = b19l ^ (~b15l & b16l);
        h19 = b19h ^ (~b15h & b16h);
        l20 = b20l ^ (~b21l & b22l);
        h20 = b20h ^ (~b21h & b22h);
        l21 = b21l ^ (~b22l & b23l);
        h21 = b21h ^ (~b22h & b23h);
        l22 = b22l ^ (~b23l & b24l);
        h22 = b22h ^ (~b23h & b24h);
        l23 = b23l ^ (~b24l & b20l);
        h23 = b23h ^ (~b24h & b20h);
        l24 = b24l ^ (~b20l & b21l);
        h24 = b24h ^ (~b20h & b21h);
        l0 ^= roundLow[round]!;
        h0 ^= roundHigh[round]!;
    }
    s[0] = l0;
    s[1] = h0;
    s[2] = l1;
    s[3] = h1;
    s[4] = l2;
    s[5] = h2;
    s[6] = l3;
    s[7] = h3;
    s[8] = l4;
    s[9] = h4;
    s[10] = l5;
    s[11] = h5;
    s[12] = l6;
    s[13] = h6;
    s[14] = l7;
    s[15] = h7;
    s[16] = l8;
    s[17] = h8;
    s[18] = l9;
    s[19] = h9;
    s[20] = l10;
    s[21] = h10;
    s[22] = l11;
    s[23] = h11;
    s[24] = l12;
    s[25] = h12;
    s[26] = l13;
    s[27] = h13;
    s[28] = l14;
    s[29] = h14;
    s[30] = l15;
    s[31] = h15;
    s[32] = l16;
    s[33] = h16;
    s[34] = l17;
    s[35] = h17;
    s[36] = l18;
    s[37] = h18;
    s[38] = l19;
    s[39] = h19;
    s[40] = l20;
    s[41] = h20;
    s[42] = l21;
    s[43] = h21;
    s[44] = l22;
    s[45] = h22;
    s[46] = l23;
    s[47] = h23;
    s[48] = l24;
    s[49] = h24;
}

function absorb(bytes: Uint8Array, offset: number): void {
    for (let i = 0; i < rateBytes / 4; i++) {
        const o = offset + i * 4;
        state[i] =
            state[i]! ^
            (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24));
    }
    permute(state);
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
    state.fill(0);
    let offset = 0;
    for (; length - offset >= rateBytes; offset += rateBytes) absorb(bytes, offset);
    block.fill(0);
    for (let i = offset; i < length; i++) block[i - offset] = bytes[i]!;
    block[length - offset] = block[length - offset]! ^ 0x01;
    block[rateBytes - 1] = block[rateBytes - 1]! ^ 0x80;
    absorb(block, 0);
    for (let i = 0; i < 8; i++) {
        const word = state[i]!;
        out[i * 4] = word & 0xff;
        out[i * 4 + 1] = (word >>> 8) & 0xff;
        out[i * 4 + 2] = (word >>> 16) & 0xff;
        out[i * 4 + 3] = (word >>> 24) & 0xff;
    }
    return out;
}
