/**
 * Shrinks workbench screenshots for the README: Chromium writes 24-bit PNGs of a UI that uses few
 * colours, so a 256-colour palette PNG is a fraction of the size and looks the same. No image
 * package is needed: PNG decoding is inflate plus the five row filters, encoding is deflate.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Image {
    width: number;
    height: number;
    /** RGB triplets, row by row. */
    rgb: Uint8Array;
}

function chunks(png: Buffer): { type: string; data: Buffer }[] {
    if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG file');
    const found: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < png.length;) {
        const length = png.readUInt32BE(at);
        found.push({
            type: png.toString('latin1', at + 4, at + 8),
            data: png.subarray(at + 8, at + 8 + length),
        });
        at += 12 + length;
    }
    return found;
}

function paeth(a: number, b: number, c: number): number {
    const p = a + b - c;
    const pa = Math.abs(p - a);
    const pb = Math.abs(p - b);
    const pc = Math.abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes); alpha is dropped. */
function decode(png: Buffer): Image | undefined {
    const all = chunks(png);
    const header = all.find((c) => c.type === 'IHDR')?.data;
    if (!header) return undefined;
    const width = header.readUInt32BE(0);
    const height = header.readUInt32BE(4);
    const [depth, colorType, , , interlace] = [
        header[8],
        header[9],
        header[10],
        header[11],
        header[12],
    ];
    if (depth !== 8 || interlace !== 0 || (colorType !== 2 && colorType !== 6)) return undefined;
    const channels = colorType === 6 ? 4 : 3;
    const raw = inflateSync(Buffer.concat(all.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    const stride = width * channels;
    const pixels = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++) {
        const filter = raw[y * (stride + 1)];
        const row = y * (stride + 1) + 1;
        for (let x = 0; x < stride; x++) {
            const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
            const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
            const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
            const v = raw[row + x]!;
            const predictor =
                filter === 1
                    ? a
                    : filter === 2
                      ? b
                      : filter === 3
                        ? (a + b) >> 1
                        : filter === 4
                          ? paeth(a, b, c)
                          : 0;
            pixels[y * stride + x] = (v + predictor) & 0xff;
        }
    }
    if (channels === 3) return { width, height, rgb: pixels };
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < pixels.length; i += 4, j += 3) {
        rgb[j] = pixels[i]!;
        rgb[j + 1] = pixels[i + 1]!;
        rgb[j + 2] = pixels[i + 2]!;
    }
    return { width, height, rgb };
}

function chunk(type: string, data: Buffer): Buffer {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
}

/**
 * The 256 most used colours (after merging near-identical shades) form the palette; every other
 * colour maps to its nearest palette entry. UI screenshots are flat areas plus anti-aliased text,
 * so the loss is invisible at 1:1.
 */
function quantize(image: Image): { palette: number[]; indices: Uint8Array } {
    const counts = new Map<number, number>();
    const { rgb } = image;
    for (let i = 0; i < rgb.length; i += 3) {
        const key = (rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!;
        counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let palette = [...counts.keys()];
    if (palette.length > 256) {
        // Rank buckets of similar shades (4 bits per channel), keep each bucket's most used colour.
        const buckets = new Map<number, { color: number; count: number; total: number }>();
        for (const [color, count] of counts) {
            const bucket =
                (((color >> 20) & 0xf) << 8) | (((color >> 12) & 0xf) << 4) | ((color >> 4) & 0xf);
            const entry = buckets.get(bucket);
            if (!entry) buckets.set(bucket, { color, count, total: count });
            else {
                entry.total += count;
                if (count > entry.count) {
                    entry.color = color;
                    entry.count = count;
                }
            }
        }
        palette = [...buckets.values()]
            .sort((a, b) => b.total - a.total)
            .slice(0, 256)
            .map((b) => b.color);
    }
    const nearest = new Map<number, number>();
    const lookup = (color: number): number => {
        const known = nearest.get(color);
        if (known !== undefined) return known;
        const r = color >> 16;
        const g = (color >> 8) & 0xff;
        const b = color & 0xff;
        let best = 0;
        let bestDistance = Infinity;
        for (let i = 0; i < palette.length; i++) {
            const p = palette[i]!;
            const dr = r - (p >> 16);
            const dg = g - ((p >> 8) & 0xff);
            const db = b - (p & 0xff);
            const distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        nearest.set(color, best);
        return best;
    };
    const indices = new Uint8Array(image.width * image.height);
    for (let i = 0, j = 0; i < rgb.length; i += 3, j++) {
        indices[j] = lookup((rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!);
    }
    return { palette, indices };
}

function encodePalette(image: Image, palette: number[], indices: Uint8Array): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(image.width, 0);
    header.writeUInt32BE(image.height, 4);
    header[8] = 8;
    header[9] = 3;
    const plte = Buffer.alloc(palette.length * 3);
    palette.forEach((color, i) => {
        plte[i * 3] = color >> 16;
        plte[i * 3 + 1] = (color >> 8) & 0xff;
        plte[i * 3 + 2] = color & 0xff;
    });
    const raw = Buffer.alloc((image.width + 1) * image.height);
    for (let y = 0; y < image.height; y++) {
        // Filter 0 (none): palette indices compress best unfiltered.
        raw.set(
            indices.subarray(y * image.width, (y + 1) * image.width),
            y * (image.width + 1) + 1,
        );
    }
    return Buffer.concat([
        signature,
        chunk('IHDR', header),
        chunk('PLTE', plte),
        chunk('IDAT', deflateSync(raw, { level: 9 })),
        chunk('IEND', Buffer.alloc(0)),
    ]);
}

/** A 256-colour version of `png` when that is smaller, else `png` itself. */
export function paletteOptimise(png: Buffer): Buffer {
    const image = decode(png);
    if (!image) return png;
    const { palette, indices } = quantize(image);
    const smaller = encodePalette(image, palette, indices);
    return smaller.length < png.length ? smaller : png;
}
