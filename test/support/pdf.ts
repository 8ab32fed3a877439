import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of a PDF as poppler's `pdftotext` reads it (Debian poppler-utils, installed by .ci/run). */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The QR codes of a PDF page as a scanner reads them: the page rendered to PNG by poppler's
 * `pdftoppm` at `dpi`, cut into `cells` (x, y, width, height as fractions of the page) and
 * each decoded by jsQR. Null for a cell with no readable code.
 */
export function scanQrCodes(
  bytes: Uint8Array,
  options: { page?: number; dpi?: number; cells?: [number, number, number, number][] } = {},
): (string | null)[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-qr-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, bytes);
    const page = String(options.page ?? 1);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(options.dpi ?? 300),
      '-f',
      page,
      '-l',
      page,
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    return (options.cells ?? [[0, 0, 1, 1]]).map(([x, y, width, height]) => {
      const left = Math.floor(x * png.width);
      const top = Math.floor(y * png.height);
      const w = Math.floor(width * png.width);
      const h = Math.floor(height * png.height);
      const pixels = new Uint8ClampedArray(w * h * 4);
      for (let row = 0; row < h; row++) {
        const start = ((top + row) * png.width + left) * 4;
        pixels.set(png.data.subarray(start, start + w * 4), row * w * 4);
      }
      return jsQR(pixels, w, h)?.data ?? null;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
