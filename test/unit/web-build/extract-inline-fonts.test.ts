import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractInlineFonts } from '../../../web/build/extract-inline-fonts';
import { callHook, installed, moduleId, transformed } from '../../support/build-plugin';

const stylesheet = '@cloudscape-design/global-styles/index.css';
const id = moduleId(stylesheet);
const css = installed(stylesheet);
const failure = /^extract-inline-fonts: @cloudscape-design\/global-styles\/index\.css /;

let fontDir: string;
beforeEach(() => {
  fontDir = mkdtempSync(join(tmpdir(), 'inline-fonts-'));
});
afterEach(() => rmSync(fontDir, { recursive: true, force: true }));

describe('extract-inline-fonts', () => {
  it("writes the installed global styles' inline faces out as font files, shown with swap", () => {
    const faces = css.match(/@font-face \{/g)?.length ?? 0;
    expect(faces).toBeGreaterThan(0);
    const result = transformed(extractInlineFonts({ fontDir }), css, id)!;
    expect(result).not.toContain('data:font/');
    expect(result.match(/url\('[^']*open-sans-[0-9a-f]{16}\.woff2'\)/g)).toHaveLength(faces);
    expect(result.match(/@font-face \{\n {2}font-display: swap;/g)).toHaveLength(faces);
    expect(readdirSync(fontDir).length).toBeGreaterThan(0);
    expect(result.length).toBeLessThan(css.length / 5);
  });

  it('leaves other stylesheets alone', () => {
    const other = moduleId('@cloudscape-design/global-styles/dark-mode-utils.css');
    expect(transformed(extractInlineFonts({ fontDir }), css, other)).toBe(undefined);
  });

  it.each([
    [
      'faces in another format',
      css.replaceAll('data:font/woff2;base64,', 'data:font/woff;base64,'),
    ],
    [
      'faces no longer inline',
      css.replace(/url\('data:font\/woff2;base64,[^']+'\)/g, "url('./open-sans.woff2')"),
    ],
    ['rules written without the space', css.replaceAll('@font-face {', '@font-face{')],
  ])('fails, naming itself and the module, on a changed stylesheet: %s', (_change, changed) => {
    expect(() => transformed(extractInlineFonts({ fontDir }), changed, id)).toThrow(failure);
  });

  it("fails when a build with global-styles' stylesheets never loads this one", () => {
    const graph = { [moduleId('@cloudscape-design/global-styles/dark-mode-utils.css')]: [] };
    expect(() => callHook(extractInlineFonts({ fontDir }), 'buildEnd', [], graph)).toThrow(failure);
    const plugin = extractInlineFonts({ fontDir });
    transformed(plugin, css, id);
    expect(() => callHook(plugin, 'buildEnd', [], { [id]: [], ...graph })).not.toThrow();
  });
});
