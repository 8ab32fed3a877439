import { describe, expect, it } from 'vitest';
import { reportFaces } from '../../lambdas/report-requests/pdf/fonts';
import { openFont } from '../../lambdas/report-requests/pdf/sfnt-font';

/** Big-endian bytes from [value, byteCount] pairs (negative values as two's complement). */
function bytes(...fields: [number, 1 | 2 | 4][]): number[] {
  return fields.flatMap(([value, size]) =>
    Array.from({ length: size }, (_, index) => (value >>> ((size - 1 - index) * 8)) & 0xff),
  );
}
const u16 = (...values: number[]) => bytes(...values.map((value) => [value, 2] as [number, 2]));
const u32 = (...values: number[]) => bytes(...values.map((value) => [value, 4] as [number, 4]));

/** A font file with the given tables (no checksums: nothing reads them). */
function sfnt(tables: Record<string, number[]>): Uint8Array {
  const tags = Object.keys(tables).sort();
  const directory = [...u32(0x00010000), ...u16(tags.length, 0, 0, 0)];
  let offset = 12 + tags.length * 16;
  const data: number[] = [];
  for (const tag of tags) {
    const table = tables[tag]!;
    directory.push(...[...tag].map((character) => character.charCodeAt(0)));
    directory.push(...u32(0, offset, table.length));
    data.push(...table);
    offset += table.length;
  }
  return new Uint8Array([...directory, ...data]);
}

const head = [
  ...u32(0x00010000, 0, 0, 0x5f0f3cf5),
  ...u16(0, 1000), // flags, unitsPerEm
  ...u32(0, 0, 0, 0), // created, modified
  ...u16(-50, -120, 900, 880), // xMin, yMin, xMax, yMax
  ...u16(0x2, 8, 2, 0, 0), // macStyle (italic), lowestRecPPEM, direction, indexToLoc, glyphData
];
/** hhea: ascent 880, descent -120, three long metrics. */
const hhea = [...u32(0x00010000), ...u16(880, -120, 0), ...Array(24).fill(0), ...u16(3)];
/** Glyphs 0-2 have their own advance; glyph 3 and after share the last (700). */
const hmtx = [...u16(500, 0), ...u16(600, 0), ...u16(700, 0)];
/** post: italic angle -12.5 degrees, fixed pitch. */
const post = [...u32(0x00030000), ...u32(-12.5 * 65536), ...u16(0, 0), ...u32(1)];
/** OS/2 version 2: family class 5 (a serif class), x height 450, cap height 650. */
const os2 = [...u16(2), ...Array(28).fill(0), ...u16(5), ...Array(54).fill(0), ...u16(450, 650)];

/**
 * A format 4 subtable: 'A'-'C' (0x41-0x43) by delta to glyphs 1-3; 0x4E00-0x4E01 through
 * the glyph array to glyphs 4 and 0 (unmapped); the closing 0xFFFF segment.
 */
function format4(): number[] {
  const segments = 3;
  const endCodes = u16(0x43, 0x4e01, 0xffff);
  const startCodes = u16(0x41, 0x4e00, 0xffff);
  const deltas = u16(1 - 0x41, 0, 1);
  // Segment 1's range offset points from its own slot to the glyph array's first entry.
  const rangeOffsets = u16(0, 4, 0);
  const glyphArray = u16(4, 0);
  const body = [
    ...u16(segments * 2, 4, 1, 2),
    ...endCodes,
    ...u16(0),
    ...startCodes,
    ...deltas,
    ...rangeOffsets,
    ...glyphArray,
  ];
  return [...u16(4, 6 + body.length, 0), ...body];
}

/** A format 12 subtable: 'A'-'B' to glyphs 2-3, U+20000 to glyph 5. */
const format12 = [
  ...u16(12, 0),
  ...u32(16 + 2 * 12, 0, 2),
  ...u32(0x41, 0x42, 2),
  ...u32(0x20000, 0x20000, 5),
];

function cmap(subtables: [platform: number, encoding: number, table: number[]][]): number[] {
  const header = [...u16(0, subtables.length)];
  let offset = 4 + subtables.length * 8;
  const data: number[] = [];
  for (const [platform, encoding, table] of subtables) {
    header.push(...u16(platform, encoding), ...u32(offset));
    data.push(...table);
    offset += table.length;
  }
  return [...header, ...data];
}

const font = (subtables: Parameters<typeof cmap>[0]) =>
  openFont(sfnt({ head, hhea, hmtx, post, 'OS/2': os2, cmap: cmap(subtables) }));

describe('the report font reader', () => {
  it('maps characters through a format 4 cmap, by delta and by glyph array', () => {
    const reader = font([[3, 1, format4()]]);
    expect(reader.characterSet).toEqual([0x41, 0x42, 0x43, 0x4e00]);
    expect(
      [0x41, 0x42, 0x43, 0x4e00, 0x4e01, 0x44].map((code) => reader.glyphForCodePoint(code).id),
    ).toEqual([1, 2, 3, 4, 0, 0]);
  });

  it('prefers the full-Unicode format 12 table', () => {
    const reader = font([
      [3, 1, format4()],
      [3, 10, format12],
    ]);
    expect(reader.characterSet).toEqual([0x41, 0x42, 0x20000]);
    expect(reader.glyphForCodePoint(0x20000).id).toBe(5);
    expect(reader.layout('AB\u{20000}C').glyphs.map((glyph) => glyph.id)).toEqual([2, 3, 5, 0]);
  });

  it('gives each glyph its advance, the last long metric past the end, and one character', () => {
    const reader = font([[3, 1, format4()]]);
    expect(reader.layout('ABC\u4e00').glyphs).toEqual([
      { id: 1, advanceWidth: 600, codePoints: [0x41] },
      { id: 2, advanceWidth: 700, codePoints: [0x42] },
      { id: 3, advanceWidth: 700, codePoints: [0x43] },
      { id: 4, advanceWidth: 700, codePoints: [0x4e00] },
    ]);
  });

  it('reads the metrics and style pdf-lib writes into the font descriptor', () => {
    const reader = font([[3, 1, format4()]]);
    expect(reader).toMatchObject({
      unitsPerEm: 1000,
      bbox: { minX: -50, minY: -120, maxX: 900, maxY: 880 },
      ascent: 880,
      descent: -120,
      capHeight: 650,
      xHeight: 450,
      italicAngle: -12.5,
      head: { macStyle: { italic: true } },
      post: { isFixedPitch: true },
      'OS/2': { sFamilyClass: 5 },
      cff: undefined,
    });
  });

  it('refuses a font without a Unicode cmap or with a format it does not read', () => {
    expect(() => font([[1, 0, format4()]])).toThrow('no Unicode cmap');
    expect(() => font([[3, 1, [...u16(6, 10, 0, 0x41, 0)]]])).toThrow('cmap format 6');
    expect(() => openFont(sfnt({ head, hhea, hmtx, post }))).toThrow('no cmap table');
  });

  it('reads every character of a harfbuzz subset of the report font', async () => {
    const text = '球閥 Ball valve 0123456789 ±×°…';
    // A character the font lacks (U+2000B) is in neither the subset nor its character set.
    const reader = openFont((await reportFaces()).regular.subset(`${text}\u{2000B}`));
    expect(reader.glyphForCodePoint(0x2000b).id).toBe(0);
    const codes = [...new Set(text)].map((character) => character.codePointAt(0)!);
    expect([...reader.characterSet].sort((a, b) => a - b)).toEqual(codes.sort((a, b) => a - b));
    const glyphs = codes.map((code) => reader.glyphForCodePoint(code));
    expect(new Set(glyphs.map((glyph) => glyph.id)).size).toBe(codes.length);
    for (const glyph of glyphs) expect(glyph.advanceWidth).toBeGreaterThan(0);
    // Full-width CJK glyphs are one em; Latin letters are narrower.
    expect(reader.glyphForCodePoint(0x7403).advanceWidth).toBe(reader.unitsPerEm);
    expect(reader.glyphForCodePoint(0x6c).advanceWidth).toBeLessThan(reader.unitsPerEm / 2);
  });
});
