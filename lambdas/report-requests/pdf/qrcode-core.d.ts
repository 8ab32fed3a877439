/**
 * qrcode's encoder alone: the package's entry point also loads its PNG, SVG and terminal
 * renderers (and pngjs, 29 KB of the bundle), which a vector code drawn into the PDF
 * does not use.
 */
declare module 'qrcode/lib/core/qrcode' {
  export { create } from 'qrcode';
}
