import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderLabelSheet, type LabelUnit } from '../../lambdas/labels/render';
import {
  bodyMaterialLine,
  labelFormats,
  labelsQuerySchema,
} from '../../lambdas/shared/contract/labels';

/**
 * The body material on nameplate labels: printed in the sheet's language when the range has
 * one, on every label format, without running into the GS1 element string below it.
 */
interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of a PDF's first page with their boxes, as poppler's `pdftotext -bbox` reads them. */
function pdfWords(bytes: Uint8Array): Word[] {
  const dir = mkdtempSync(join(tmpdir(), 'label-words-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, bytes);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], {
      encoding: 'utf8',
    });
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map(([, xMin, yMin, xMax, yMax, text]) => ({
      text: text!,
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Words of different lines whose boxes overlap by more than a fifth of the smaller one's
 * height (a box holds the font's ascent and descent, so lines set close touch a little).
 */
function collisions(words: readonly Word[]): string[] {
  const found: string[] = [];
  words.forEach((a, index) => {
    for (const b of words.slice(index + 1)) {
      if (Math.abs(a.yMin - b.yMin) < 0.5) continue; // the same line
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      const height = Math.min(a.yMax - a.yMin, b.yMax - b.yMin);
      if (across > 0 && down > height * 0.2) found.push(`${a.text} / ${b.text}`);
    }
  });
  return found;
}

const withGtin: LabelUnit = {
  serial: 'AV-2024-000123',
  link: 'https://report.example.com/01/09506000134352/21/AV-2024-000123',
  elementString: '(01)09506000134352(21)AV-2024-000123',
};
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('the body material on labels', () => {
  it('reads `Body: WCB` in English and 本體材質：WCB in Chinese', () => {
    expect(bodyMaterialLine('WCB', 'en')).toBe('Body: WCB');
    expect(bodyMaterialLine('SUS', 'zh')).toBe('本體材質：SUS');
  });

  it('is asked for in the page’s language, English when not said', () => {
    expect(labelsQuerySchema.parse({}).language).toBe('en');
    expect(labelsQuerySchema.parse({ language: 'zh' }).language).toBe('zh');
    expect(labelsQuerySchema.safeParse({ language: 'fr' }).success).toBe(false);
  });

  it.each(labelFormats.map((format) => [`${format.layout} ${format.size}`, format] as const))(
    'prints on %s, clear of the product name and the element string',
    async (_name, format) => {
      for (const language of ['en', 'zh'] as const) {
        const line = bodyMaterialLine('WCB', language);
        const pdf = await renderLabelSheet({
          format,
          // Long enough to take two lines on every format.
          productName: 'Ball valve BV-200 球閥 DN50 PN40 flanged full bore',
          bodyMaterial: line,
          title: 'labels',
          units: [withGtin],
        });
        const words = pdfWords(pdf);
        expect(squeeze(words.map((word) => word.text).join(''))).toContain(squeeze(line));
        expect(collisions(words), `${format.size} ${language}`).toEqual([]);
      }
    },
  );

  it('prints no material line for a range without one', async () => {
    const format = labelFormats.find((candidate) => candidate.size === '64x38')!;
    const pdf = await renderLabelSheet({
      format,
      productName: 'Strainer Y-50',
      bodyMaterial: null,
      title: 'labels',
      units: [withGtin],
    });
    const text = pdfWords(pdf).map((word) => word.text);
    expect(text).not.toContain('Body:');
    expect(text).toContain('Strainer');
  });
});
