import { pdfCharacterRuns } from './pdf-characters-data';

/**
 * The characters the label and report PDFs can draw: exactly the code points the embedded
 * fonts (Noto Sans TC Regular and Bold: Latin of Western European languages and
 * Vietnamese, Greek, Cyrillic, Traditional Chinese, punctuation and symbols) map in their
 * `cmap`, listed in pdf-characters-data.ts, which is generated from the fonts. Anything
 * else (emoji, Arabic, Thai, many Latin letters of Central European languages) would
 * print as `?`, so the fields the PDFs print refuse it (text.ts, `printedText`).
 */

let runs: Uint32Array | undefined;

/** The runs as start, end pairs (inclusive), decoded once. */
function decodedRuns(): Uint32Array {
  if (runs) return runs;
  const items = pdfCharacterRuns.split(',');
  const decoded = new Uint32Array(items.length * 2);
  let next = 0;
  items.forEach((item, index) => {
    const [gap, extra = '0'] = item.split('+');
    const start = next + parseInt(gap!, 36);
    const end = start + parseInt(extra, 36);
    decoded[index * 2] = start;
    decoded[index * 2 + 1] = end;
    next = end + 1;
  });
  return (runs = decoded);
}

/** Whether the PDFs' fonts draw the code point. */
export function isPdfCodePoint(codePoint: number): boolean {
  const pairs = decodedRuns();
  let low = 0;
  let high = pairs.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (codePoint < pairs[middle * 2]!) high = middle - 1;
    else if (codePoint > pairs[middle * 2 + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}

/** Every code point the PDFs draw, ascending (for tests and the generator's check). */
export function pdfCodePoints(): number[] {
  const pairs = decodedRuns();
  const all: number[] = [];
  for (let index = 0; index < pairs.length; index += 2) {
    for (let code = pairs[index]!; code <= pairs[index + 1]!; code++) all.push(code);
  }
  return all;
}

/** The distinct characters of `text` the PDFs cannot draw, in order of appearance. */
export function unprintableCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const character of text) {
    if (!isPdfCodePoint(character.codePointAt(0)!)) found.add(character);
  }
  return [...found];
}

/**
 * Characters as a message names them: each with its code point, so invisible ones (a thin
 * space, a zero-width joiner) can be found too: `🙂 (U+1F642), ع (U+0639)`.
 */
export function describeCharacters(characters: readonly string[], max = 5): string {
  const named = characters.slice(0, max).map((character) => {
    const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `${character} (U+${code})`;
  });
  return characters.length > max ? `${named.join(', ')}, …` : named.join(', ');
}
