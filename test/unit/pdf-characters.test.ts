import { describe, expect, it } from 'vitest';
import {
  encodeCodePointRuns,
  pdfFontCodePoints,
} from '../../lambdas/report-requests/pdf/font-coverage';
import {
  isPdfCodePoint,
  pdfCodePoints,
  unprintableCharacters,
} from '../../lambdas/shared/contract/pdf-characters';
import { pdfCharacterRuns } from '../../lambdas/shared/contract/pdf-characters-data';
import { createProductSchema } from '../../lambdas/shared/contract/schemas/product';
import { validate } from '../../lambdas/shared/contract/validation';

const product = {
  name: 'Ball valve',
  temperatureMin: -10,
  temperatureMax: 120,
  fluid: 'water',
  connection: 'Flanged',
};

describe('the characters the PDFs can draw', () => {
  it('are exactly what both embedded fonts map (run `npm run pdf-characters` after a font change)', async () => {
    const fromFonts = await pdfFontCodePoints();
    expect(fromFonts.length).toBeGreaterThan(20_000);
    expect(encodeCodePointRuns(fromFonts)).toBe(pdfCharacterRuns);
    expect(pdfCodePoints()).toEqual(fromFonts);
  });

  it('cover Latin, Traditional Chinese and the usual symbols, not emoji or Arabic', () => {
    for (const text of [
      'Ball valve',
      'Ventil für Dampf, ñ é ø',
      '球閥 DN50 ≤ 16 bar',
      '°C ± µ ½ €',
    ]) {
      expect(unprintableCharacters(text), text).toEqual([]);
    }
    expect(unprintableCharacters('Valve 🙂 صمام ł')).toEqual(['🙂', 'ص', 'م', 'ا', 'ł']);
    expect(isPdfCodePoint(0x1f600)).toBe(false);
    expect(isPdfCodePoint(0x20)).toBe(true);
    expect(isPdfCodePoint(0)).toBe(false);
    expect(isPdfCodePoint(0x10ffff)).toBe(false);
  });
});

describe('product fields the PDFs print', () => {
  it('refuse characters the fonts cannot draw, naming them', () => {
    expect(validate(createProductSchema, { ...product, name: 'Ball valve 🙂' })).toEqual({
      success: false,
      fields: {
        name: { key: 'validation.pdfCharacters', params: { characters: '🙂 (U+1F642)' } },
      },
    });
    expect(validate(createProductSchema, { ...product, name: 'صمام كروي' })).toMatchObject({
      success: false,
      fields: { name: { key: 'validation.pdfCharacters' } },
    });
    expect(
      validate(createProductSchema, {
        ...product,
        name: 'Valve 🙂 one',
        connection: 'Flange 🔩',
        application: 'Żuraw',
        applicationMedium: 'ماء',
      }),
    ).toMatchObject({
      success: false,
      fields: {
        name: { params: { characters: '🙂 (U+1F642)' } },
        connection: { key: 'validation.pdfCharacters' },
        application: { key: 'validation.pdfCharacters' },
        applicationMedium: { key: 'validation.pdfCharacters' },
      },
    });
  });

  it('accept Latin and Traditional Chinese names', () => {
    for (const name of [
      '球閥 Ball Valve',
      '蒸汽用截止閥',
      'Vanne à boisseau sphérique',
      'Válvula ñ',
    ]) {
      expect(validate(createProductSchema, { ...product, name }), name).toMatchObject({
        success: true,
        data: { name },
      });
    }
  });
});

describe('printed text, required and optional alike', () => {
  it('checks the fonts on the canonical form, after refusing invisible characters', async () => {
    const { printedText, optionalPrintedText } =
      await import('../../lambdas/shared/contract/printed-text');
    for (const schema of [printedText(100), optionalPrintedText(100)]) {
      expect(schema.parse('fu\u0308r Dampf')).toBe('f\u00fcr Dampf');
      const invisible = schema.safeParse('Valve\u200b');
      expect(invisible.success).toBe(false);
      expect(
        invisible.error!.issues.map(
          (issue) => (issue as { params?: { rule?: string } }).params?.rule,
        ),
      ).toEqual(['controlChars']);
    }
  });
});
