/**
 * Font subsetting with harfbuzz's hb-subset, compiled to WebAssembly (the harfbuzzjs
 * package). pdf-lib's own subsetting loses CJK glyphs, and a whole Noto Sans TC is 7 MB
 * per weight, so each report embeds a font cut down to exactly the characters it shows.
 *
 * This is the core of the `subset-font` package, called directly: that package finds the
 * wasm with `require.resolve`, which does not survive bundling, and copies the 7 MB font
 * into WebAssembly memory on every call. Here the caller passes the wasm bytes, and a
 * face stays in memory for the life of the process, so a subset costs a few ms.
 */

interface HarfbuzzSubset {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
/** Hinting only helps at screen sizes on old rasterizers. */
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;

/**
 * Tables the PDF cannot use. pdf-lib writes widths and the text layer (ToUnicode) only
 * for glyphs reached through `cmap`, so a substitution from GSUB (Noto Sans TC swaps
 * digits after Latin letters for other glyphs, and makes `fi` a ligature) would print
 * with a 1 em gap and be lost to copy and search. Without GSUB every glyph comes from
 * `cmap`, which is all sfnt-font.ts reads to lay text out. pdf-lib ignores GPOS
 * positioning, and the vertical-writing tables serve no horizontal text.
 */
const droppedTables = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'vhea', 'vmtx', 'VORG'];
const tag = (name: string) =>
  [...name].reduce((value, character) => (value << 8) + character.charCodeAt(0), 0);

/** A font loaded once into harfbuzz, cut down per call. */
export interface SubsetFace {
  /** A TrueType font with the glyphs of `text`'s characters (and what they need). */
  subset(text: string): Uint8Array;
}

export async function loadFontSubsetter(wasm: Uint8Array): Promise<{
  openFace(font: Uint8Array): SubsetFace;
}> {
  // A copy: WebAssembly takes an ArrayBuffer-backed view, not a pooled Buffer slice.
  const { instance } = await WebAssembly.instantiate(new Uint8Array(wasm));
  const hb = instance.exports as unknown as HarfbuzzSubset;
  hb._initialize();
  // Memory can grow during any call, which detaches earlier views: take one per use.
  const heap = () => new Uint8Array(hb.memory.buffer);

  function openFace(font: Uint8Array): SubsetFace {
    const fontPointer = hb.malloc(font.byteLength);
    heap().set(font, fontPointer);
    // The bytes stay allocated as long as the face: for the life of the process.
    const blob = hb.hb_blob_create(fontPointer, font.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
    const face = hb.hb_face_create(blob, 0);
    hb.hb_blob_destroy(blob);

    return {
      subset(text: string): Uint8Array {
        const input = hb.hb_subset_input_create_or_fail();
        if (input === 0) throw new Error('harfbuzz: hb_subset_input_create_or_fail failed');
        let subsetFace = 0;
        try {
          const unicodes = hb.hb_subset_input_unicode_set(input);
          for (const character of new Set(text)) hb.hb_set_add(unicodes, character.codePointAt(0)!);
          const dropped = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
          for (const table of droppedTables) hb.hb_set_add(dropped, tag(table));
          hb.hb_subset_input_set_flags(
            input,
            hb.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_HINTING,
          );
          subsetFace = hb.hb_subset_or_fail(face, input);
        } finally {
          hb.hb_subset_input_destroy(input);
        }
        if (subsetFace === 0) throw new Error('harfbuzz: hb_subset_or_fail failed');
        const result = hb.hb_face_reference_blob(subsetFace);
        try {
          const data = hb.hb_blob_get_data(result, 0);
          const length = hb.hb_blob_get_length(result);
          if (length === 0) throw new Error('harfbuzz: the subset font is empty');
          return heap().slice(data, data + length);
        } finally {
          hb.hb_blob_destroy(result);
          hb.hb_face_destroy(subsetFace);
        }
      },
    };
  }

  return { openFace };
}
