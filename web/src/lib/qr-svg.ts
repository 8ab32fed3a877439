import QRCode from 'qrcode/lib/core/qrcode.js';

/**
 * The QR code of `text` as an SVG path (error correction M, as on the labels), one unit per
 * module, with the four-module quiet zone in the view box. Only the qrcode package's core
 * (about 8 kB gzip), in the lazily loaded chunks that draw it (the public report preview,
 * the back office's unit page), never in a page's first download.
 */
export function qrSvgPath(text: string): { path: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return { path, size: modules.size + 8 };
}
