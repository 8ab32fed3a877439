import { describe, expect, it } from 'vitest';
import { primaryColors } from './preferences';
import { primaryPalettes, type Palette, type PaletteStep } from './primary-colors';

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

// Cloudscape's neutral colours the primary tokens meet (its visual-refresh theme).
const white = '#ffffff';
const darkContainer = '#161d26'; // page and container background, dark mode
const darkDropdown = '#1b232d'; // dropdown and menu item background, dark mode
const darkFilterMatch = '#333843'; // background of a filter match in a dropdown, dark mode
const darkText = '#0f141a'; // text on a primary button, dark mode
const lightBodyText = '#0f141a';
const darkBodyText = '#c6c6cd';

type Pair = [what: string, foreground: string, background: string];

/**
 * Where Cloudscape draws with the primary palette, and on what (its colour tokens'
 * light and dark values): text must reach 4.5:1 (WCAG 1.4.3), focus rings, borders and
 * checked controls 3:1 against what surrounds them (WCAG 1.4.11).
 */
function pairs(p: Palette): { text: Pair[]; nonText: Pair[] } {
  const step = (n: PaletteStep) => p[n];
  return {
    text: [
      ['light: link, normal button, accent text', step(600), white],
      ['light: link and normal button, hovered', step(900), white],
      ['light: normal button hovered, on its background', step(900), step(50)],
      ['light: normal button pressed, on its background', step(900), step(100)],
      ['light: primary button text', white, step(600)],
      ['light: primary button hovered or pressed', white, step(900)],
      ['light: selected item, body text', lightBodyText, step(50)],
      ['light: selected item or filter match, accent text', step(600), step(50)],
      ['dark: link, normal button, accent text', step(400), darkContainer],
      ['dark: link in a dropdown or menu', step(400), darkDropdown],
      ['dark: link and normal button, hovered', step(300), darkContainer],
      ['dark: primary button text', darkText, step(400)],
      ['dark: primary button hovered', darkText, step(300)],
      ['dark: selected item, body text', darkBodyText, step(1000)],
      ['dark: selected item, accent text', step(400), step(1000)],
      ['dark: filter match text', step(300), darkFilterMatch],
    ],
    nonText: [
      ['light: focus ring, focused input, checked control', step(600), white],
      ['light: selected item border', step(600), step(50)],
      ['dark: focus ring, focused input, checked control', step(400), darkContainer],
      ['dark: selected item border', step(400), step(1000)],
    ],
  };
}

describe.each(primaryColors)('the %s colour scheme', (color) => {
  const palette = primaryPalettes[color];

  it('has text of at least 4.5:1 wherever the primary colour draws it, light and dark', () => {
    const failing = pairs(palette)
      .text.map(([what, fg, bg]) => [what, contrast(fg, bg)] as const)
      .filter(([, ratio]) => ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it('has focus rings, borders and checked controls of at least 3:1, light and dark', () => {
    const failing = pairs(palette)
      .nonText.map(([what, fg, bg]) => [what, contrast(fg, bg)] as const)
      .filter(([, ratio]) => ratio < 3);
    expect(failing).toEqual([]);
  });

  it('runs from light to dark', () => {
    const steps = Object.keys(palette)
      .map(Number)
      .sort((a, b) => a - b) as PaletteStep[];
    const luminances = steps.map((step) => luminance(palette[step]));
    expect([...luminances].sort((a, b) => b - a)).toEqual(luminances);
  });
});

describe('the contrast measure', () => {
  it('gives the known WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // Cloudscape's own blue link on white.
    expect(contrast('#006ce0', '#ffffff')).toBeGreaterThan(4.5);
  });
});
