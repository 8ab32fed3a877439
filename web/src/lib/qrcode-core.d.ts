/** The qrcode package's core module (its main entry also bundles canvas and file renderers). */
declare module 'qrcode/lib/core/qrcode.js' {
  const QRCode: {
    create(
      text: string,
      options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' },
    ): { modules: { size: number; get(row: number, column: number): number | boolean } };
  };
  export default QRCode;
}
