import { createHash } from 'node:crypto';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { sfntFontkit } from './sfnt-font';

/** Printed for a character the font does not have. */
export const unprintable = '?';

/**
 * A new PDF that embeds fonts through sfnt-font.ts (not fontkit): the report's and the
 * labels' documents. The functions (and the local stack) replace pdf-lib's standard fonts
 * and PNG decoder by stubs (lib/bundle-aliases.ts), so such a document draws only with
 * embedded subsets and vector shapes.
 */
export function useSubsetFonts(document: PDFDocument): PDFDocument {
  document.registerFontkit(sfntFontkit);
  return document;
}

/**
 * Embeds a harfbuzz subset (font-subsetter.ts) whole (`subset: false`: pdf-lib's own
 * subsetting breaks CJK). The PDF name tag comes from the subset's hash instead of
 * pdf-lib's random one, so the output is reproducible.
 */
export async function embedSubset(
  document: PDFDocument,
  subset: Uint8Array,
  weight: string,
): Promise<PDFFont> {
  const hash = createHash('sha256').update(subset).digest();
  const tag = Array.from(hash.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26)));
  return document.embedFont(subset, {
    subset: false,
    customName: `${tag.join('')}+NotoSansTC-${weight}`,
  });
}

/**
 * `value` as a font with the code points `characters` can print it. Tabs and other spaces
 * become a plain space; control characters and invisible ones (zero-width spaces, soft
 * hyphens, direction marks, variation selectors: Unicode's default-ignorables) go; any
 * other character the font lacks becomes what `missing` answers (by default `?`, instead
 * of an empty box).
 */
export function printableText(
  value: string,
  characters: ReadonlySet<number>,
  missing: (character: string) => string = () => unprintable,
): string {
  let printable = '';
  for (const character of value) {
    if (/\p{Default_Ignorable_Code_Point}/u.test(character)) continue;
    if (character === '\n' || characters.has(character.codePointAt(0)!)) printable += character;
    else if (/\s/u.test(character)) printable += ' ';
    else if (/\p{Cc}/u.test(character)) continue;
    else printable += missing(character);
  }
  return printable;
}
