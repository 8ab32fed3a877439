import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toGtin14 } from '../../lambdas/shared/contract/gs1';
import {
  foldForSearch,
  gtinSearchForms,
  matchesSearch,
  maxSearchWords,
  maxWordLength,
  parseSearch,
  productSearchWords,
  readTerm,
} from '../../lambdas/shared/contract/search-words';

const gateValve = { name: 'Gate Valve GV-150', nameZh: '閘閥 GV-150', gtin: '09506000134352' };
const finds = (search: string, product: Parameters<typeof productSearchWords>[0] = gateValve) =>
  matchesSearch(parseSearch(search), productSearchWords(product));

describe('foldForSearch', () => {
  it('folds width, case and compatibility forms, and spaces as stored', () => {
    expect(foldForSearch('ＧＶ－１５０')).toBe('gv-150');
    expect(foldForSearch('Gate\u3000 Valve')).toBe('gate valve');
    expect(foldForSearch('Cafe\u0301 Ⅻ ﬁ')).toBe('café xii fi');
  });
});

describe('productSearchWords', () => {
  it('gives the GTIN forms, whole words, their pieces, and the Chinese runs with their suffixes', () => {
    expect(productSearchWords(gateValve)).toEqual([
      '09506000134352',
      '9506000134352',
      'gate',
      'valve',
      'gv-150',
      '閘閥',
      'gv',
      '150',
      'gv150',
      '閥',
    ]);
  });

  it('splits pieces at punctuation and at letters meeting digits, and joins them', () => {
    expect(productSearchWords({ name: 'B16.5 DN50 (PN-16a)' })).toEqual([
      'b16.5',
      'dn50',
      'pn-16a',
      'b16',
      '5',
      'b',
      '16',
      'b165',
      'dn',
      '50',
      'pn',
      '16a',
      'a',
      'pn16a',
    ]);
  });

  it('indexes every suffix of a CJK run, beside the Latin parts of the same word', () => {
    expect(productSearchWords({ name: 'x', nameZh: '鑄鋼閘閥GV-150' })).toEqual([
      'x',
      '鑄鋼閘閥',
      'gv-150',
      'gv',
      '150',
      'gv150',
      '鋼閘閥',
      '閘閥',
      '閥',
    ]);
  });

  it('keeps at most 40 words of at most 32 characters: the GTIN and whole words first', () => {
    const longest = {
      name: Array.from({ length: 40 }, (_, index) => `w${index}`).join(' '),
      nameZh: '閥'.repeat(3) + '鑄鋼法蘭閘閥截止閥球閥蝶閥止回閥'.repeat(7).slice(0, 117),
      gtin: '00000096385074',
    };
    const words = productSearchWords(longest);
    expect(words).toHaveLength(maxSearchWords);
    expect(words.slice(0, 5)).toEqual([
      '00000096385074',
      '0000096385074',
      '000096385074',
      '96385074',
      'w0',
    ]);
    expect(words.every((word) => Array.from(word).length <= maxWordLength)).toBe(true);
    expect(productSearchWords({ name: 'a'.repeat(120) })).toEqual(['a'.repeat(32)]);
  });
});

describe('gtinSearchForms', () => {
  it('gives the lengths a GTIN-14 can be typed in', () => {
    expect(gtinSearchForms(toGtin14('96385074'))).toEqual([
      '00000096385074',
      '0000096385074',
      '000096385074',
      '96385074',
    ]);
    expect(gtinSearchForms(toGtin14('4006381333931'))).toEqual(['04006381333931', '4006381333931']);
    expect(gtinSearchForms('10614141000415')).toEqual(['10614141000415']);
    expect(gtinSearchForms(null)).toEqual([]);
  });
});

describe('parseSearch', () => {
  it('reads words as typed: whole words, the last one (and Chinese runs) as a start', () => {
    expect(parseSearch('Gate Valve G')).toEqual([
      { text: 'gate', prefix: false },
      { text: 'valve', prefix: false },
      { text: 'g', prefix: true },
    ]);
    expect(parseSearch(' "閘閥GV-150", ')).toEqual([
      { text: '閘閥', prefix: true },
      { text: 'gv-150', prefix: true },
    ]);
    expect(parseSearch('gate gate')).toEqual([
      { text: 'gate', prefix: false },
      { text: 'gate', prefix: true },
    ]);
    expect(parseSearch('- / ( )')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  it('finds a product by any word of its names, its model code or its GTIN', () => {
    for (const search of [
      'GV-150',
      'gv-15',
      'gate',
      'GATE',
      '150',
      'gv150',
      'GV',
      'ＧＶ－１５０',
      'ｇａｔｅ　ｖａｌｖｅ',
      '閘閥',
      '閥',
      '閘閥 GV-150',
      'Gate Valve G',
      'valve gate',
      '09506000134352',
      '9506000134352',
    ]) {
      expect(finds(search), search).toBe(true);
    }
    // A GTIN-8 typed as 8, 12, 13 or 14 digits.
    const small = { name: 'Needle Valve NV-8', gtin: toGtin14('96385074') };
    for (const gtin of ['96385074', '000096385074', '0000096385074', '00000096385074']) {
      expect(finds(gtin, small), gtin).toBe(true);
    }
  });

  it('needs every word, each whole but the last', () => {
    for (const search of [
      'Gate Valve X',
      'gat valve',
      'valves',
      'GV-1500',
      '151',
      '閘門',
      '9506000134353',
      'globe',
    ]) {
      expect(finds(search), search).toBe(false);
    }
  });

  it('finds any word (and any start of the last) of any name', () => {
    const word = fc.stringMatching(
      /^[A-Za-z0-9\uFF21-\uFF3A\uFF10-\uFF19閘閥球蝶]{1,10}(-[0-9]{1,4})?$/,
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.nat(),
        (words, pick, cut) => {
          const product = { name: words.join(' ') };
          const chosen = words[pick % words.length]!;
          expect(finds(chosen, product), chosen).toBe(true);
          const start = Array.from(chosen)
            .slice(0, 1 + (cut % Array.from(chosen).length))
            .join('');
          expect(finds(`${words[0]} ${start}`, product), start).toBe(true);
        },
      ),
    );
  });
});

describe('readTerm', () => {
  it('reads the word most likely rare: with a digit, then whole, then the first typed', () => {
    expect(readTerm(parseSearch('Gate Valve G'))).toEqual({ text: 'gate', prefix: false });
    expect(readTerm(parseSearch('valve gv-150'))).toEqual({ text: 'gv-150', prefix: true });
    expect(readTerm(parseSearch('閥 閘閥'))).toEqual({ text: '閘閥', prefix: true });
    expect(readTerm(parseSearch('g'))).toEqual({ text: 'g', prefix: true });
    expect(readTerm([])).toBeUndefined();
  });
});
