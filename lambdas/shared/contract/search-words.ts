import { canonical } from './text';

/**
 * The words a product is found by, and how a search's text is read (docs/data-model.md,
 * "Product search"). Pure functions shared by the products repository (which writes one
 * index entry per word, in the product's own transaction), the data migration that indexes
 * older products, and the search itself.
 *
 * - Texts are folded before anything else: the stored canonical form (text.ts), then
 *   Unicode NFKC (full-width `ＧＶ－１５０` is `GV-150`, the ideographic space a space,
 *   `Ⅻ` is `XII`), then lower case. A search and a name compare folded.
 * - A word is what lies between spaces. Its Latin (or other spaced script) part, trimmed of
 *   punctuation at either end, is a word (`gv-150`); so are its pieces between punctuation
 *   (`gv`, `150a` of `gv-150a`), its runs of letters and of digits (`gv`, `150`, `a`; `dn`,
 *   `50` of `DN50`) and all of them joined (`gv150a`): `GV-150`, `gv150`, `150` and `GV`
 *   each find "Gate Valve GV-150".
 * - Chinese and Japanese are written without spaces: a run of Han, kana or bopomofo
 *   characters is indexed by each of its suffixes (`鑄鋼閘閥`, `鋼閘閥`, `閘閥`, `閥`), so a
 *   search for any part of the run (`閘閥`, `鋼閘`, `閥`) is the start of one of them: the
 *   same prefix read as for other words, exact substrings, as many entries as characters.
 *   (Character bigrams would cost the same and match parts in any order.)
 * - The product's GTIN-14 is a word, with the shorter forms it is typed in (GTIN-13, -12
 *   or -8 when its leading digits are zeros), so a GTIN typed as 8, 12, 13 or 14 digits
 *   finds it.
 * - A search's words must all be found (AND). Each must equal one of the product's words,
 *   except the last one, and any Chinese run, which may be the start of one: "Gate Valve G"
 *   still finds "Gate Valve GV-150".
 */

/**
 * Most words indexed per product: its write then stays within DynamoDB's 100 items per
 * transaction (an edit that changes the name removes up to 40 entries and writes up to
 * 40, beside the product, its claims and the audit entry). A typical bilingual name has
 * 15 to 30; beyond 40, the GTIN, whole words, then pieces, then the later Chinese suffixes
 * are kept in that order.
 */
export const maxSearchWords = 40;

/** Words (and search words) are compared on their first 32 characters: keys stay short. */
export const maxWordLength = 32;

const cjkClass = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}`;
/** Runs of CJK characters, and runs of anything else, in order. */
const segments = new RegExp(`[${cjkClass}]+|[^${cjkClass}]+`, 'gu');
const cjkRun = new RegExp(`^[${cjkClass}]`, 'u');
/** Punctuation and symbols at either end of a word. */
const edges = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;
const punctuation = /[^\p{L}\p{M}\p{N}]+/u;
const lettersOrDigits = /[\p{L}\p{M}]+|\p{N}+/gu;

/** A text as searches compare it: canonical, NFKC (width and compatibility forms), lower case. */
export const foldForSearch = (text: string): string =>
  canonical(text).normalize('NFKC').toLowerCase();

/** At most {@link maxWordLength} characters (code points, never half a surrogate pair). */
const shortened = (word: string): string => {
  const characters = Array.from(word);
  return characters.length > maxWordLength ? characters.slice(0, maxWordLength).join('') : word;
};

/** A folded text's words, split as above, in priority order of tiers. */
interface TextWords {
  /** Each word's spaced part and each whole CJK run. */
  whole: string[];
  /** Pieces, runs of letters or digits, and the pieces joined. */
  parts: string[];
  /** The CJK runs' shorter suffixes. */
  suffixes: string[];
}

function wordsOfText(text: string | null | undefined): TextWords {
  const words: TextWords = { whole: [], parts: [], suffixes: [] };
  if (!text) return words;
  for (const spaced of foldForSearch(text).split(/\s+/u)) {
    for (const segment of spaced.match(segments) ?? []) {
      if (cjkRun.test(segment)) {
        const characters = Array.from(segment);
        words.whole.push(segment);
        for (let start = 1; start < characters.length; start++) {
          words.suffixes.push(characters.slice(start).join(''));
        }
        continue;
      }
      const word = segment.replace(edges, '');
      if (!word) continue;
      words.whole.push(word);
      const pieces = word.split(punctuation).filter(Boolean);
      const runs = word.match(lettersOrDigits) ?? [];
      if (pieces.length > 1) words.parts.push(...pieces);
      if (runs.length > 1) words.parts.push(...runs);
      const joined = runs.join('');
      if (joined !== word) words.parts.push(joined);
    }
  }
  return words;
}

/** The forms a GTIN-14 is typed in: itself, and GTIN-13, -12 and -8 where zeros allow. */
export function gtinSearchForms(gtin14: string | null | undefined): string[] {
  if (!gtin14) return [];
  return [14, 13, 12, 8]
    .filter((length) => /^0*$/.test(gtin14.slice(0, 14 - length)))
    .map((length) => gtin14.slice(14 - length));
}

/** What a product is found by: its names in both languages and its GTIN. */
export interface SearchableProduct {
  name: string;
  nameZh?: string | null;
  gtin?: string | null;
}

/**
 * The product's search words: distinct, at most {@link maxWordLength} characters each, at
 * most {@link maxSearchWords}, most useful first. The index holds one entry per word.
 */
export function productSearchWords(product: SearchableProduct): string[] {
  const english = wordsOfText(product.name);
  const chinese = wordsOfText(product.nameZh);
  const ordered = [
    ...gtinSearchForms(product.gtin),
    ...english.whole,
    ...chinese.whole,
    ...english.parts,
    ...chinese.parts,
    ...english.suffixes,
    ...chinese.suffixes,
  ];
  return [...new Set(ordered.map(shortened))].slice(0, maxSearchWords);
}

/** One word of a search: a product word equal to `text`, or starting with it (`prefix`). */
export interface SearchTerm {
  text: string;
  prefix: boolean;
}

/**
 * A search's words, in the order typed: the last one (and every CJK run) may be the start
 * of a product's word. Empty when the text holds no letter or digit.
 */
export function parseSearch(search: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const spaced of foldForSearch(search).split(/\s+/u)) {
    for (const segment of spaced.match(segments) ?? []) {
      const cjk = cjkRun.test(segment);
      const text = shortened(cjk ? segment : segment.replace(edges, ''));
      if (text) terms.push({ text, prefix: cjk });
    }
  }
  const last = terms.at(-1);
  if (last) last.prefix = true;
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = `${term.prefix ? '*' : '='}${term.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether one of `words` is the term's text (or, for a prefix term, starts with it). */
export const termMatches = (term: SearchTerm, word: string): boolean =>
  term.prefix ? word.startsWith(term.text) : word === term.text;

/** Whether a product with these search words has every term of a search. */
export const matchesSearch = (terms: readonly SearchTerm[], words: readonly string[]): boolean =>
  terms.every((term) => words.some((word) => termMatches(term, word)));

/**
 * The term whose index entries a search reads (the others are checked on what it reads):
 * the one most likely rare. A word with a digit (a model code, a size, a GTIN) before any
 * other; a whole word or a Chinese part of two or more characters before a word's start;
 * then the first typed. A guess without statistics: when the word read is common and
 * another rare, a page may hold fewer products than asked, with a cursor to go on.
 */
export function readTerm(terms: readonly SearchTerm[]): SearchTerm | undefined {
  const score = (term: SearchTerm) =>
    (/\p{N}/u.test(term.text) ? 2 : 0) +
    (!term.prefix || (cjkRun.test(term.text) && Array.from(term.text).length >= 2) ? 1 : 0);
  let best: SearchTerm | undefined;
  for (const term of terms) {
    if (!best || score(term) > score(best)) best = term;
  }
  return best;
}
