#!/usr/bin/env python3
# `python3 scripts/iconFont.py`: builds media/icons/avalanche.woff, the one-glyph icon font behind
# the product icon `$(avalanche-mark)` (package.json `contributes.icons`), from the activity bar's
# media/icons/avalanche.svg, so the status bar item carries the Avalanche mark where a codicon
# would otherwise stand (https://code.visualstudio.com/api/references/contribution-points#contributes.icons).
# A product icon must come from a font; VS Code does not take an SVG there.
#
# Needs fontTools (`pip install fonttools`); the .woff is committed, so neither the build nor the
# tests need it. Run again after changing the SVG; the output is byte-for-byte reproducible.
import os
import xml.etree.ElementTree as ET

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.svgLib.path import parse_path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG = os.path.join(ROOT, 'media', 'icons', 'avalanche.svg')
WOFF = os.path.join(ROOT, 'media', 'icons', 'avalanche.woff')
# The glyph's code point: the first of the Private Use Area, named again in package.json.
CODE_POINT = 0xE000
EM = 1000
# Seconds since 1904 (the OpenType epoch): 2024-01-01, fixed so the output is reproducible.
CREATED = 3_786_912_000


def glyph_from_svg(path):
    root = ET.parse(path).getroot()
    size = float(root.get('viewBox').split()[3])
    scale = EM / size
    pen = TTGlyphPen(None)
    # SVG's y axis points down and a font's up: flip it, which also turns every contour around,
    # so cu2qu turns them back (TrueType's outer contours run clockwise).
    drawing = TransformPen(Cu2QuPen(pen, max_err=1, reverse_direction=True), (scale, 0, 0, -scale, 0, EM))
    for element in root.iter('{http://www.w3.org/2000/svg}path'):
        parse_path(element.get('d'), drawing)
    return pen.glyph()


def main():
    fb = FontBuilder(EM, isTTF=True)
    order = ['.notdef', 'avalanche-mark']
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({CODE_POINT: 'avalanche-mark'})
    fb.setupGlyf({'.notdef': TTGlyphPen(None).glyph(), 'avalanche-mark': glyph_from_svg(SVG)})
    fb.setupHorizontalMetrics({name: (EM, 0) for name in order})
    fb.setupHorizontalHeader(ascent=EM, descent=0)
    fb.setupNameTable({'familyName': 'Avalanche Explorer Icons', 'styleName': 'Regular'})
    fb.setupOS2(sTypoAscender=EM, sTypoDescender=0, usWinAscent=EM, usWinDescent=0)
    fb.setupPost()
    # Fixed timestamps: the same SVG gives the same bytes.
    fb.updateHead(created=CREATED, modified=CREATED)
    fb.font.flavor = 'woff'
    fb.font.save(WOFF, reorderTables=True)
    print(f'iconFont: wrote {os.path.relpath(WOFF, ROOT)} ({os.path.getsize(WOFF)} bytes)')


if __name__ == '__main__':
    main()
