/** What wrapping needs of a font: pdf-lib's PDFFont has it. */
export interface WidthMeasure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Han, kana, CJK punctuation and full-width forms: a line may break between any two. */
const isCjk = (character: string) => /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u.test(character);
/** Latin text may break after these (long URLs), besides at spaces. */
const breakAfter = new Set('/?&');
/** Never at the start of a line (kinsoku): they stay with the character before them. */
const closing = new Set('，。、：；！？）」』】〉》,.;:!?)]%°');
/** Never at the end of a line: they go with the character after them. */
const opening = new Set('（「『【〈《([');

/** Splits a paragraph into the pieces a line may break between (with trailing spaces). */
function tokens(paragraph: string): string[] {
  const pieces: string[] = [];
  let current = '';
  // May the next character start a new piece? Not inside a word, not after `(` or `「`.
  let open = true;
  for (const character of paragraph) {
    const cjk = isCjk(character);
    if (/\s/u.test(character)) {
      current += character;
      open = true;
    } else if (closing.has(character) && current) {
      current += character;
      open = cjk || breakAfter.has(character);
    } else if (!open || !current) {
      current += character;
      open = cjk || breakAfter.has(character);
    } else {
      pieces.push(current);
      current = character;
      open = cjk || breakAfter.has(character);
    }
    if (opening.has(character)) open = false;
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * Breaks `text` into lines no wider than `maxWidth`: at spaces and URL separators in
 * Latin text, between any two CJK characters (but not before closing punctuation), and
 * inside a word only when the word alone is wider than the line. `\n` starts a new line.
 */
export function wrapText(
  text: string,
  font: WidthMeasure,
  size: number,
  maxWidth: number,
): string[] {
  const widths = new Map<string, number>();
  const width = (part: string) => {
    let known = widths.get(part);
    if (known === undefined) {
      known = font.widthOfTextAtSize(part, size);
      widths.set(part, known);
    }
    return known;
  };

  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    const flush = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const token of tokens(paragraph)) {
      const visible = token.trimEnd();
      if (line && lineWidth + width(visible) > maxWidth) flush();
      if (!line && !visible) continue;
      if (width(visible) <= maxWidth) {
        line += token;
        lineWidth += width(token);
        continue;
      }
      // A word wider than the whole line: cut it where it overflows.
      for (const character of token) {
        if (line && lineWidth + width(character) > maxWidth && character.trim()) flush();
        line += character;
        lineWidth += width(character);
      }
    }
    if (line || !paragraph.trim()) flush();
  }
  return lines;
}
