#!/usr/bin/env node
// Draws media/icon.png, the 128×128 icon the Marketplace and Open VSX show: the activity-bar
// glyph (media/icons/avalanche.svg) in white on a red disc. The PNG is committed, so packaging
// does not run this; run `node scripts/makeIcon.mjs` after changing the drawing.
//
// It draws with Node alone (zlib for the PNG) rather than an SVG renderer, so that nothing native
// is installed for a picture that changes once a year. The glyph's two shapes are redrawn as
// rounded polygons with the outlines of the SVG's paths (24-unit grid), which is what the SVG's
// arcs and curves round off.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const iconSizePx = 128;

/** Avalanche's brand red, as on avax.network. */
const red = [0xe8, 0x41, 0x42];
const white = [0xff, 0xff, 0xff];

/**
 * The glyph's shapes on the SVG's 24-unit grid: each polygon is the outline's straight edges
 * pulled inwards by `radius`, so that growing it by `radius` again gives the rounded corners.
 */
const glyph = [
    {
        radius: 1.2,
        points: [
            [12, 5.0],
            [14.0, 8.4],
            [7.9, 18.8],
            [3.9, 18.8],
        ],
    },
    {
        radius: 1.2,
        points: [
            [18.6, 15.6],
            [20.5, 18.8],
            [16.7, 18.8],
        ],
    },
];
/** Where the glyph's 24 units sit in the icon: centred, 60% of its width. */
const glyphScale = (iconSizePx * 0.6) / 24;
const glyphOffset = [iconSizePx / 2 - 12 * glyphScale, iconSizePx / 2 - 12.4 * glyphScale];

/** Signed distance from `p` to a convex polygon: negative inside. */
function polygonDistance([px, py], points) {
    let inside = true;
    let nearest = Infinity;
    for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[(i + 1) % points.length];
        const ex = bx - ax;
        const ey = by - ay;
        const t = Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)));
        nearest = Math.min(nearest, Math.hypot(px - ax - t * ex, py - ay - t * ey));
        // The points go clockwise on screen (y down), so inside is to the right of every edge.
        if (ex * (py - ay) - ey * (px - ax) < 0) inside = false;
    }
    return inside ? -nearest : nearest;
}

function inGlyph(x, y) {
    const point = [(x - glyphOffset[0]) / glyphScale, (y - glyphOffset[1]) / glyphScale];
    return glyph.some(({ radius, points }) => polygonDistance(point, points) <= radius);
}

/** The icon as straight (not premultiplied) RGBA rows, 4×4 samples per pixel for the edges. */
export function drawIcon() {
    const samples = 4;
    const pixels = Buffer.alloc(iconSizePx * iconSizePx * 4);
    const centre = iconSizePx / 2;
    for (let y = 0; y < iconSizePx; y++) {
        for (let x = 0; x < iconSizePx; x++) {
            let disc = 0;
            let mark = 0;
            for (let sy = 0; sy < samples; sy++) {
                for (let sx = 0; sx < samples; sx++) {
                    const px = x + (sx + 0.5) / samples;
                    const py = y + (sy + 0.5) / samples;
                    if (Math.hypot(px - centre, py - centre) > centre) continue;
                    disc++;
                    if (inGlyph(px, py)) mark++;
                }
            }
            const at = (y * iconSizePx + x) * 4;
            if (disc === 0) continue;
            const share = mark / disc;
            for (let c = 0; c < 3; c++) {
                pixels[at + c] = Math.round(red[c] * (1 - share) + white[c] * share);
            }
            pixels[at + 3] = Math.round((255 * disc) / (samples * samples));
        }
    }
    return pixels;
}

function chunk(type, data) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of `rgba` (rows of `width` pixels), each row unfiltered. */
export function encodePng(rgba, width, height) {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bits per channel
    header[9] = 6; // colour type: RGBA
    const rows = Buffer.alloc(height * (width * 4 + 1));
    for (let y = 0; y < height; y++) {
        rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
    }
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
        chunk('IEND', Buffer.alloc(0)),
    ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const file = path.join(root, 'media', 'icon.png');
    writeFileSync(file, encodePng(drawIcon(), iconSizePx, iconSizePx));
    console.log(`wrote ${path.relative(root, file)} (${iconSizePx}×${iconSizePx})`);
}
