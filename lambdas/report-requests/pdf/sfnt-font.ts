import type { PDFDocument } from 'pdf-lib';

/**
 * The font reader pdf-lib needs to embed the report's fonts, in place of fontkit (919 KB
 * of the report function's bundle, and most of its start-up). harfbuzz has already cut
 * each font down to the report's characters and dropped its layout tables (GSUB, GPOS:
 * font-subsetter.ts), so laying text out is one `cmap` lookup per character, and pdf-lib
 * embeds the subset's bytes whole (`subset: false`). What pdf-lib reads from a font:
 * units per em, the `cmap` (characters, glyph per character, characters per glyph),
 * advance widths (`hmtx`), ascent and descent (`hhea`), the bounding box and style
 * (`head`), cap and x heights and the family class (`OS/2`), italic angle and fixed pitch
 * (`post`), whether the outlines are CFF. The PDF's font name is always given by the
 * caller, so the `name` table is not read.
 *
 * Only the `cmap` formats a Unicode font carries are read: 4 (the Basic Multilingual
 * Plane) and 12 (all planes), preferring 12 as fontkit does; another font throws.
 */

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** A TrueType/OpenType table directory entry's data. */
type Tables = Map<string, DataView>;

function readTables(bytes: Uint8Array): Tables {
  const file = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables: Tables = new Map();
  const count = file.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    const offset = file.getUint32(record + 8);
    const length = file.getUint32(record + 12);
    if (offset + length > bytes.byteLength) throw new Error(`Font table ${tag} is truncated`);
    tables.set(tag, new DataView(bytes.buffer, bytes.byteOffset + offset, length));
  }
  return tables;
}

function requireTable(tables: Tables, tag: string): DataView {
  const table = tables.get(tag);
  if (!table) throw new Error(`The font has no ${tag} table`);
  return table;
}

/** Code point → glyph id, for every code point the font maps to a glyph. */
function readCmap(cmap: DataView): Map<number, number> {
  const subtables = new Map<string, number>();
  for (let index = 0; index < cmap.getUint16(2); index++) {
    const record = 4 + index * 8;
    subtables.set(
      `${cmap.getUint16(record)}/${cmap.getUint16(record + 2)}`,
      cmap.getUint32(record + 4),
    );
  }
  // fontkit's preference: a full-Unicode table first, then a BMP one.
  const offset = ['3/10', '0/6', '0/4', '3/1', '0/3', '0/2', '0/1', '0/0']
    .map((key) => subtables.get(key))
    .find((value) => value !== undefined);
  if (offset === undefined) throw new Error('The font has no Unicode cmap');

  const glyphs = new Map<number, number>();
  const format = cmap.getUint16(offset);
  if (format === 12) {
    const groups = cmap.getUint32(offset + 12);
    for (let index = 0; index < groups; index++) {
      const group = offset + 16 + index * 12;
      const start = cmap.getUint32(group);
      const end = cmap.getUint32(group + 4);
      const glyph = cmap.getUint32(group + 8);
      for (let code = start; code <= end; code++) glyphs.set(code, glyph + code - start);
    }
  } else if (format === 4) {
    const segments = cmap.getUint16(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let segment = 0; segment < segments; segment++) {
      const end = cmap.getUint16(ends + segment * 2);
      const start = cmap.getUint16(starts + segment * 2);
      const delta = cmap.getInt16(deltas + segment * 2);
      const rangeOffsetAt = rangeOffsets + segment * 2;
      const rangeOffset = cmap.getUint16(rangeOffsetAt);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph = code;
        if (rangeOffset !== 0) {
          glyph = cmap.getUint16(rangeOffsetAt + rangeOffset + (code - start) * 2);
          if (glyph === 0) continue;
        }
        glyph = (glyph + delta) & 0xffff;
        if (glyph !== 0) glyphs.set(code, glyph);
      }
    }
  } else {
    throw new Error(`cmap format ${format} is not supported`);
  }
  return glyphs;
}

/** Advance widths by glyph id; glyphs past the last long metric share its width. */
function readAdvances(hmtx: DataView, metrics: number): (glyph: number) => number {
  return (glyph) => hmtx.getUint16(Math.min(glyph, metrics - 1) * 4);
}

/** The font pdf-lib's CustomFontEmbedder reads (its `Font` type, as far as it is used). */
export function openFont(bytes: Uint8Array) {
  const tables = readTables(bytes);
  const head = requireTable(tables, 'head');
  const hhea = requireTable(tables, 'hhea');
  const post = requireTable(tables, 'post');
  const os2 = tables.get('OS/2');

  const glyphByCode = readCmap(requireTable(tables, 'cmap'));
  const advance = readAdvances(requireTable(tables, 'hmtx'), hhea.getUint16(34));
  // The text layer (ToUnicode) maps each glyph to one character: the first the cmap gives
  // it (space, not no-break space; the middle dot, not the bullet drawn the same).
  const codeByGlyph = new Map<number, number>();
  for (const [code, glyph] of glyphByCode)
    if (!codeByGlyph.has(glyph)) codeByGlyph.set(glyph, code);
  const glyphs = new Map<number, Glyph>();
  const glyph = (id: number): Glyph => {
    let found = glyphs.get(id);
    if (!found) {
      found = {
        id,
        advanceWidth: advance(id),
        codePoints: codeByGlyph.has(id) ? [codeByGlyph.get(id)!] : [],
      };
      glyphs.set(id, found);
    }
    return found;
  };
  const glyphForCodePoint = (code: number) => glyph(glyphByCode.get(code) ?? 0);

  const ascent = hhea.getInt16(4);
  const version = os2?.getUint16(0) ?? 0;
  return {
    unitsPerEm: head.getUint16(18),
    bbox: {
      minX: head.getInt16(36),
      minY: head.getInt16(38),
      maxX: head.getInt16(40),
      maxY: head.getInt16(42),
    },
    head: { macStyle: { italic: (head.getUint16(44) & 0x2) !== 0 } },
    ascent,
    descent: hhea.getInt16(6),
    capHeight: os2 && version >= 2 ? os2.getInt16(88) : ascent,
    xHeight: os2 && version >= 2 ? os2.getInt16(86) : 0,
    italicAngle: post.getInt32(4) / 65536,
    post: { isFixedPitch: post.getUint32(12) !== 0 },
    'OS/2': os2 ? { sFamilyClass: os2.getInt16(30) } : undefined,
    cff: tables.has('CFF ') || tables.has('CFF2') || undefined,
    postscriptName: null,
    characterSet: [...glyphByCode.keys()],
    glyphForCodePoint,
    /** One glyph per character: the font has no substitutions left (see above). */
    layout(text: string) {
      return {
        glyphs: Array.from(text, (character) => glyphForCodePoint(character.codePointAt(0)!)),
      };
    },
  };
}

/** Registered with `PDFDocument.registerFontkit`: pdf-lib calls `create` per embedded font. */
export const sfntFontkit = { create: openFont } as unknown as Parameters<
  PDFDocument['registerFontkit']
>[0];
