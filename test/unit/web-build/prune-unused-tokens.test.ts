import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import {
  baseThemeModule,
  dropUnusedTokens,
  pruneUnusedTokens,
  readBaseTheme,
} from '../../../web/build/prune-unused-tokens';
import {
  checkContextSetters,
  densityModule,
  dropUnusedContexts,
  visualContextModule,
} from '../../../web/build/unused-contexts';
import { dropUnusedFontFaces } from '../../../web/build/unused-font-faces';
import { installed, moduleId } from '../../support/build-plugin';

const baseThemeCss = installed(baseThemeModule);
const baseTheme = readBaseTheme(baseThemeCss);
const failure = (module: string) =>
  new RegExp(`^prune-unused-tokens: ${module.replaceAll('/', '\\/').replaceAll('.', '\\.')} `);

describe('prune-unused-tokens: the base theme', () => {
  it('reads the installed base theme: its tokens and visual contexts', () => {
    expect(baseTheme.tokens.size).toBeGreaterThan(500);
    expect([...baseTheme.contexts]).toEqual(
      expect.arrayContaining(['alert', 'flashbar', 'top-navigation', 'compact-table']),
    );
    expect(() => pruneUnusedTokens()).not.toThrow();
  });

  it('fails, naming itself and the module, when the base theme declares no tokens or contexts', () => {
    expect(() => readBaseTheme(baseThemeCss.replace(/--([\w-]+)\s*:/g, '$1:'))).toThrow(
      failure(baseThemeModule),
    );
    expect(() => readBaseTheme(baseThemeCss.replaceAll('.awsui-context-', '.awsui-ctx-'))).toThrow(
      failure(baseThemeModule),
    );
  });
});

describe('prune-unused-tokens: tokens', () => {
  const [, chained, target] = /(--[\w-]+):var\((--[\w-]+)\)/.exec(baseThemeCss)!;
  const others = [...baseTheme.tokens].filter((token) => token !== chained && token !== target);
  const prune = (css: string, scripts = '') => {
    const stylesheets = [{ source: css }];
    dropUnusedTokens(stylesheets, scripts, baseTheme.tokens, true);
    return String(stylesheets[0]!.source);
  };

  it('keeps the tokens the build refers to, with the tokens they are defined by, and drops the rest', () => {
    const mentioned = others[0]!;
    const dropped = others.find((token) => token !== mentioned && !token.startsWith(mentioned))!;
    const result = prune(
      `${baseThemeCss}\n.app{color:var(${chained})}`,
      `el.style.color = "var(${mentioned})"`,
    );
    expect(result).toContain(`${chained}:var(${target})`);
    expect(result).toContain(`${target}:`);
    expect(result).toContain(`${mentioned}:`);
    expect(result).not.toContain(`${dropped}:`);
    expect(result).toContain(`.app{color:var(${chained})}`);
    expect(result.length).toBeLessThan(baseThemeCss.length / 2);
  });

  it("fails when the build's stylesheets hold the base theme but no declaration in the form it reads", () => {
    const spaced = baseThemeCss.replace(/(--[\w-]+):/g, '$1 :');
    expect(() => prune(spaced)).toThrow(failure(baseThemeModule));
  });
});

describe('prune-unused-tokens: visual contexts', () => {
  const alertModule = '@cloudscape-design/components/alert/internal.js';
  const chunk = (moduleIds: string[], code = '') =>
    ({ type: 'chunk', moduleIds, code }) as unknown as Rolldown.OutputChunk;
  const drop = (chunks: Rolldown.OutputChunk[], readModule?: (id: string) => string) => {
    const stylesheets = [{ source: baseThemeCss }];
    dropUnusedContexts(stylesheets, chunks, baseTheme.tokens, baseTheme.contexts, readModule);
    return String(stylesheets[0]!.source);
  };
  const declares = (css: string, context: string) =>
    new RegExp(`\\.awsui-context-${context}:not\\(#\\\\9\\)[^{]*\\{\\s*--`).test(css);

  it('reads the installed modules that set contexts and density', () => {
    expect(() =>
      checkContextSetters(installed(visualContextModule), installed(densityModule)),
    ).not.toThrow();
  });

  it.each([
    [
      visualContextModule,
      (text: string) => text.replaceAll('`awsui-context-${', '`awsui-visual-context-${'),
      '',
    ],
    [densityModule, (text: string) => text, "'awsui-compact-mode'"],
  ])('fails, naming itself and %s, when it sets the class otherwise', (module, change, removed) => {
    const visualContext = installed(visualContextModule);
    const globalStyles = installed(densityModule);
    const changed =
      module === visualContextModule
        ? [change(visualContext), globalStyles]
        : [visualContext, globalStyles.replaceAll(removed, "'awsui-density-compact'")];
    expect(() => checkContextSetters(changed[0]!, changed[1]!)).toThrow(failure(module));
  });

  it("keeps the contexts of the build's components (the installed Alert) and drops the others", () => {
    expect(declares(baseThemeCss, 'alert')).toBe(true);
    expect(declares(baseThemeCss, 'top-navigation')).toBe(true);
    const result = drop([chunk([moduleId(alertModule)])]);
    expect(declares(result, 'alert')).toBe(true);
    expect(declares(result, 'top-navigation')).toBe(false);
    expect(result).not.toMatch(/\.awsui-compact-mode[^{]*\{\s*--/);
  });

  it('keeps a context whose class a script writes whole, and compact density when a script sets it', () => {
    const result = drop([chunk([], '"awsui-context-top-navigation" "awsui-compact-mode"')]);
    expect(declares(result, 'top-navigation')).toBe(true);
    expect(result).toMatch(/\.awsui-compact-mode[^{]*\{\s*--/);
  });

  it("fails, naming itself and the folder, when a component using visual contexts names none of the theme's", () => {
    // The context named otherwise (a constant), and no longer quoted anywhere in the folder.
    const changed = installed(alertModule).replace(/(["'`])alert\1/g, 'ALERT_CONTEXT');
    expect(() => drop([chunk([moduleId(alertModule)])], () => changed)).toThrow(
      failure('@cloudscape-design/components/alert/'),
    );
  });
});

describe('prune-unused-tokens: font faces', () => {
  const fontsModule = '@cloudscape-design/global-styles/index.css';
  /** The installed faces as the build emits them: each data URI a file of the bundle. */
  const extracted = () => {
    let index = 0;
    const css = installed(fontsModule).replace(
      /url\('data:font\/woff2;base64,[^']+'\)/g,
      () => `url('/assets/open-sans-${index++}.woff2')`,
    );
    const bundle: Record<string, unknown> = Object.fromEntries(
      Array.from({ length: index }, (_, i) => [`assets/open-sans-${i}.woff2`, { type: 'asset' }]),
    );
    return { css, bundle };
  };
  const weights = (css: string) =>
    [...css.matchAll(/@font-face \{[^}]*font-weight: (\d+)/g)].map(([, weight]) => weight);

  it('drops the installed faces of weights no rule asks for, with their files', () => {
    const { css, bundle } = extracted();
    expect(new Set(weights(css))).toEqual(new Set(['300', '400', '700', '800']));
    const stylesheets = [{ source: `${css}\n.a{font-weight:700}.b{--font-weight-x:400}` }];
    dropUnusedFontFaces(bundle, stylesheets);
    const result = String(stylesheets[0]!.source);
    expect(new Set(weights(result))).toEqual(new Set(['400', '700']));
    for (const [, file] of result.matchAll(/url\('\/(assets\/[^']+)'\)/g)) {
      expect(bundle).toHaveProperty([file!]);
    }
    expect(Object.keys(bundle)).toHaveLength(4);
  });

  it('fails, naming itself and the stylesheet, on a face of another shape or when nothing asks for a weight', () => {
    const { css, bundle } = extracted();
    const ranged = css.replace('font-weight: 300;', 'font-weight: 300 800;');
    expect(() => dropUnusedFontFaces(bundle, [{ source: `${ranged}.a{font-weight:700}` }])).toThrow(
      failure(fontsModule),
    );
    expect(() => dropUnusedFontFaces(bundle, [{ source: css }])).toThrow(failure(fontsModule));
  });
});
