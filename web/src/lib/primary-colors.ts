/** The colour schemes the preferences offer; `blue` is Cloudscape's own. */
export const primaryColors = ['blue', 'green', 'purple', 'orange'] as const;
export type PrimaryColor = (typeof primaryColors)[number];

/** The steps of Cloudscape's primary reference palette its colour tokens use. */
export type PaletteStep = 50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 | 950 | 1000;
export type Palette = Readonly<Record<PaletteStep, string>>;

/**
 * The primary palette of each colour scheme, given to Cloudscape's theming API as the
 * `primary` reference tokens: every colour token built on the primary colour (links,
 * buttons, selections, focus rings, checked controls) follows, in light and dark mode.
 * Light mode draws with 600 (hover 900, selected background 50), dark mode with 400
 * (hover 300, selected background 1000). Each palette passes the contrast checks of
 * `primary-colors.test.ts` (text 4.5:1, other interface parts 3:1) in both modes.
 *
 * `blue` is Cloudscape's own palette: choosing it applies no theme at all.
 */
export const primaryPalettes: Readonly<Record<PrimaryColor, Palette>> = {
  blue: {
    50: '#f0fbff',
    100: '#d1f1ff',
    200: '#b8e7ff',
    300: '#75cfff',
    400: '#42b4ff',
    500: '#0099ff',
    600: '#006ce0',
    700: '#004a9e',
    800: '#003b8f',
    900: '#002b66',
    950: '#00204d',
    1000: '#001129',
  },
  green: {
    50: '#effbf6',
    100: '#d2f4e6',
    200: '#a6e8cf',
    300: '#6bd8ae',
    400: '#34c28f',
    500: '#14a074',
    600: '#087a57',
    700: '#066147',
    800: '#054f3a',
    900: '#033d2d',
    950: '#022e22',
    1000: '#011a13',
  },
  purple: {
    50: '#f8f4ff',
    100: '#ede3ff',
    200: '#dccaff',
    300: '#c6a8ff',
    400: '#ac85f8',
    500: '#8b55ef',
    600: '#7238d8',
    700: '#5c27b5',
    800: '#4b1f95',
    900: '#3a1873',
    950: '#2b1157',
    1000: '#180933',
  },
  orange: {
    50: '#fff7ed',
    100: '#ffead1',
    200: '#ffd3a3',
    300: '#ffb46b',
    400: '#ff9640',
    500: '#f07818',
    600: '#b45000',
    700: '#933f00',
    800: '#7a3400',
    900: '#5e2800',
    950: '#451d00',
    1000: '#261000',
  },
};

/** The colour a scheme is known by (the dialog's swatch): its light-mode main step. */
export function primarySwatch(color: PrimaryColor): string {
  return primaryPalettes[color][600];
}
