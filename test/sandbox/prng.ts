/**
 * A small seeded PRNG (mulberry32) and seed derivation. Every generated value comes from here, so
 * the same seed gives the same network on every machine and Node version (Math.random never).
 */

/** FNV-1a over the parts, then a final avalanche: a stable 32-bit seed for a named sub-stream. */
export function deriveSeed(seed: number, ...parts: readonly (string | number)[]): number {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (const part of parts) {
        const text = typeof part === 'number' ? `#${part}` : part;
        for (let i = 0; i < text.length; i++) {
            h ^= text.charCodeAt(i);
            h = Math.imul(h, 0x01000193) >>> 0;
        }
        h ^= 0xff;
        h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
    return h >>> 0;
}

export class Prng {
    private state: number;

    constructor(seed: number) {
        this.state = seed >>> 0;
    }

    /** Uniform in [0, 1). */
    next(): number {
        this.state = (this.state + 0x6d2b79f5) >>> 0;
        let t = this.state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }

    /** Integer in [min, maxExclusive). */
    int(min: number, maxExclusive: number): number {
        return min + Math.floor(this.next() * (maxExclusive - min));
    }

    chance(p: number): boolean {
        return this.next() < p;
    }

    pick<T>(items: readonly T[]): T {
        return items[Math.floor(this.next() * items.length)] as T;
    }

    /** Picks by weight; `weights` and `items` have the same length. */
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
        let total = 0;
        for (const w of weights) total += w;
        let r = this.next() * total;
        for (let i = 0; i < items.length; i++) {
            r -= weights[i] as number;
            if (r < 0) return items[i] as T;
        }
        return items[items.length - 1] as T;
    }

    bytes(length: number): Uint8Array {
        const out = new Uint8Array(length);
        for (let i = 0; i < length; i += 4) {
            const word = Math.floor(this.next() * 4294967296);
            out[i] = word & 0xff;
            if (i + 1 < length) out[i + 1] = (word >>> 8) & 0xff;
            if (i + 2 < length) out[i + 2] = (word >>> 16) & 0xff;
            if (i + 3 < length) out[i + 3] = (word >>> 24) & 0xff;
        }
        return out;
    }

    /** `0x` + 2*length lower-case hex digits. */
    hex(length: number): string {
        return bytesToHex(this.bytes(length));
    }
}

/**
 * Hex through Buffer: a flat string. Building it with `+=` leaves a rope of 64 cons cells per
 * hash, which cost ~300 MB at large scale.
 */
export function bytesToHex(bytes: Uint8Array, prefix = '0x'): string {
    return prefix + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');
}

export function hexToBytes(hex: string): Uint8Array {
    const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
    const out = new Uint8Array(clean.length >>> 1);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
    return out;
}
