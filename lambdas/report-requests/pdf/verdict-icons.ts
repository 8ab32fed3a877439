import { LineCapStyle, type PDFPage, type RGB } from 'pdf-lib';

/**
 * The verdict and outcome marks of the report, the same shapes as the web app's
 * (web/src/lib/verdict.ts): a tick for pass, a cross for fail, a warning triangle for
 * incomplete, a barred circle for untested and a test not yet tested. Drawn as vector
 * strokes, so the meaning does not rest on colour alone (a black-and-white print, a
 * reader who does not tell red from green).
 */
export type Mark = 'pass' | 'fail' | 'incomplete' | 'untested';

/** Paths in a 10 × 10 box, y downwards (SVG), stroked. */
const paths: Record<Mark, string[]> = {
  pass: ['M1.2 5.4 L4 8.2 L8.9 1.9'],
  fail: ['M1.8 1.8 L8.2 8.2', 'M8.2 1.8 L1.8 8.2'],
  incomplete: ['M5 0.9 L9.4 8.9 L0.6 8.9 Z', 'M5 3.7 L5 5.9', 'M5 7.45 L5 7.5'],
  untested: ['M2.6 5 L7.4 5'],
};

/**
 * Draws `mark` `size` points wide with its top-left corner at (`x`, `top`), in `color`.
 */
export function drawMark(
  page: PDFPage,
  mark: Mark,
  { x, top, size, color }: { x: number; top: number; size: number; color: RGB },
): void {
  const scale = size / 10;
  const stroke = {
    x,
    y: top,
    scale,
    borderColor: color,
    borderWidth: (mark === 'pass' || mark === 'fail' ? 1.6 : 1.2) / scale,
    borderLineCap: LineCapStyle.Round,
  };
  if (mark === 'untested') {
    page.drawCircle({
      x: x + size / 2,
      y: top - size / 2,
      size: size * 0.42,
      borderColor: color,
      borderWidth: 1.2,
    });
  }
  for (const path of paths[mark]) page.drawSvgPath(path, stroke);
}
