import {
  type PDFPage,
  type RGB,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from 'pdf-lib';
import { create as createQrCode } from 'qrcode/lib/core/qrcode';

/**
 * Draws a QR code for `text` as vector squares, `size` points wide with its top-left
 * corner at (`x`, `top`). Vector modules stay sharp at any zoom and in print, and cost a
 * few hundred bytes where an image would cost kilobytes. Dark modules in one row are
 * merged into one rectangle; the caller leaves the quiet zone (4 modules) around it.
 */
export function drawQrCode(
  page: PDFPage,
  text: string,
  placement: { x: number; top: number; size: number; color: RGB },
): void {
  drawQrModules(page, qrModules(text), placement);
}

/** The QR code of `text` (error correction level M, which GS1 recommends for Digital Link). */
export function qrModules(text: string): QrModules {
  return createQrCode(text, { errorCorrectionLevel: 'M' }).modules;
}

export interface QrModules {
  size: number;
  get(row: number, column: number): number | boolean;
}

/** Draws modules made once by {@link qrModules} (labels size the code by its module count). */
export function drawQrModules(
  page: PDFPage,
  modules: QrModules,
  { x, top, size, color }: { x: number; top: number; size: number; color: RGB },
): void {
  const count = modules.size;
  const module = size / count;
  const operators = [pushGraphicsState(), setFillingRgbColor(color.red, color.green, color.blue)];
  for (let row = 0; row < count; row++) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column++;
      // A hair of overlap between rows and runs keeps viewers from showing seams.
      operators.push(
        rectangle(
          x + start * module,
          top - (row + 1) * module - 0.05,
          (column - start) * module + 0.05,
          module + 0.05,
        ),
      );
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}
