/**
 * Stands in for `@pdf-lib/standard-fonts` in the function bundles (lib/constructs/
 * function.ts, bundleAliases). The package carries the metrics and encodings of the 14
 * standard PDF fonts, 127 KB of the bundle, decompressed at import; the report embeds
 * Noto Sans TC and never draws in a standard font (Latin-only fonts could not print the
 * Chinese report anyway). pdf-lib reads the font names at import; anything else throws.
 */

function unavailable(): never {
  throw new Error('The standard PDF fonts are not bundled: embed a font file instead');
}

/** The 14 names, as the package defines them (pdf-lib lists them at import). */
export const FontNames = {
  Courier: 'Courier',
  CourierBold: 'Courier-Bold',
  CourierOblique: 'Courier-Oblique',
  CourierBoldOblique: 'Courier-BoldOblique',
  Helvetica: 'Helvetica',
  HelveticaBold: 'Helvetica-Bold',
  HelveticaOblique: 'Helvetica-Oblique',
  HelveticaBoldOblique: 'Helvetica-BoldOblique',
  TimesRoman: 'Times-Roman',
  TimesRomanBold: 'Times-Bold',
  TimesRomanItalic: 'Times-Italic',
  TimesRomanBoldItalic: 'Times-BoldItalic',
  Symbol: 'Symbol',
  ZapfDingbats: 'ZapfDingbats',
} as const;

export const Font = { load: unavailable };

export const Encodings = {
  get Symbol(): never {
    return unavailable();
  },
  get ZapfDingbats(): never {
    return unavailable();
  },
  get WinAnsi(): never {
    return unavailable();
  },
};
