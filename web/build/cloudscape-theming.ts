/**
 * cloudscape-theming
 *
 * Cloudscape's theming, prepared at build time rather than in the browser:
 * - `virtual:cloudscape-theming` holds the stylesheets Cloudscape's theming API
 *   (`generateThemeStylesheet`, what `applyTheme` injects) makes for each colour scheme
 *   and for the see-through top bar. The app adds and removes them as `applyTheme` does;
 *   it never downloads the theming runtime and its token tables (~95 kB gzip).
 * - `virtual:cloudscape-dark-region.css` puts Cloudscape's dark-mode colours on any
 *   element of class `cloudscape-dark-region` (the semi-dark navigation in the light
 *   theme). Cloudscape's own dark mode (`applyMode` on an element) re-declares only the
 *   tokens whose values differ by mode; tokens defined as another token (most
 *   component tokens) are resolved once on `body` and would stay light inside. This
 *   re-declares, with their dark values, the colour tokens the components that live in
 *   the navigation use and every token they are defined by.
 * - `virtual:cloudscape-skin.css` draws containers with a shadow in the default skin and
 *   with a border in the bordered one (Cloudscape's own look).
 * - In the app's own stylesheets, `token(colorTextAccent)` becomes the reference to that
 *   design token's CSS custom property and `token-name(shadowContainer)` its name, read
 *   from the installed Cloudscape (the names carry a hash that changes between
 *   releases).
 *
 * Rewrites no Cloudscape module, but builds on the shape of several (theming-stylesheets.ts
 * says which): expects `@cloudscape-design/components/theming` to export
 * `generateThemeStylesheet`. Fails the build, naming the module, when one of them changed;
 * an unknown token in the app's stylesheets fails it too.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { generateThemeStylesheet as GenerateThemeStylesheet } from '@cloudscape-design/components/theming';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { primaryColors, primaryPalettes } from '../src/lib/primary-colors.ts';
import { cloudscapeComponentsDir } from './paths.ts';
import {
  componentStylesheet,
  containerClassesModule,
  darkRegionComponents,
  darkRegionStylesheet,
  presetModule,
  readPreset,
  skinStylesheet,
  type CloudscapePreset,
} from './theming-stylesheets.ts';
import { readPackageFile, shapeChanged } from './third-party.ts';

const name = 'cloudscape-theming';

/** The modules `virtual:cloudscape-theming` offers (see web/src/cloudscape-theming.d.ts). */
const themingModuleId = 'virtual:cloudscape-theming';
const darkRegionModuleId = 'virtual:cloudscape-dark-region.css';
const skinModuleId = 'virtual:cloudscape-skin.css';
const themingApi = '@cloudscape-design/components/theming';

export function cloudscapeTheming(): Plugin {
  const resolvedId = `\0${themingModuleId}`;
  const darkRegionId = `\0${darkRegionModuleId}`;
  const skinId = `\0${skinModuleId}`;
  const require = createRequire(import.meta.url);
  /** A CommonJS module of the installed Cloudscape; fails when it is gone. */
  const requireModule = (module: string): unknown => {
    try {
      return require(
        join(cloudscapeComponentsDir, module.replace(/^@cloudscape-design\/components\//, '')),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      return shapeChanged(name, module, 'the module itself (not found: renamed or moved?)');
    }
  };
  let preset: CloudscapePreset | undefined;
  const loadPreset = (): CloudscapePreset => (preset ??= readPreset(requireModule(presetModule)));
  const property = (token: string): string => {
    const found = loadPreset().propertiesMap[token];
    if (!found) throw new Error(`token(${token}): no such Cloudscape design token`);
    return found;
  };
  return {
    name,
    enforce: 'pre',
    resolveId: (source) => {
      if (source === themingModuleId) return resolvedId;
      if (source === darkRegionModuleId) return darkRegionId;
      if (source === skinModuleId) return skinId;
      return undefined;
    },
    async load(id) {
      if (id === darkRegionId) {
        const styles = new Map(
          darkRegionComponents.map((component) => [
            component,
            readPackageFile(name, componentStylesheet(component)),
          ]),
        );
        return darkRegionStylesheet(loadPreset(), styles);
      }
      if (id === skinId) {
        const classes = (requireModule(containerClassesModule) as { default?: object }).default;
        return skinStylesheet(loadPreset(), (classes ?? {}) as Record<string, string>);
      }
      if (id !== resolvedId) return undefined;
      // The package's ES modules are not marked as such for Node: tsx loads them.
      const { generateThemeStylesheet } = (await tsImport(themingApi, import.meta.url)) as {
        generateThemeStylesheet?: typeof GenerateThemeStylesheet;
      };
      if (typeof generateThemeStylesheet !== 'function') {
        shapeChanged(name, themingApi, 'an exported generateThemeStylesheet function');
      }
      const primaryColorStyles = Object.fromEntries(
        primaryColors
          .filter((color) => color !== 'blue') // Cloudscape's own palette: no theme
          .map((color) => [
            color,
            generateThemeStylesheet({
              theme: {
                tokens: {},
                referenceTokens: { color: { primary: primaryPalettes[color] } },
              },
            }),
          ]),
      );
      if (Object.values(primaryColorStyles).some((css) => !css)) {
        shapeChanged(
          name,
          themingApi,
          'a stylesheet from generateThemeStylesheet for each palette',
        );
      }
      // The top bar's own background (dark in both modes) lets 15 % of the page through.
      const seeThrough = 'rgba(22, 29, 38, 0.85)';
      const navbarBlurStyles = generateThemeStylesheet({
        theme: {
          tokens: {},
          contexts: {
            'top-navigation': {
              tokens: { colorBackgroundContainerContent: { light: seeThrough, dark: seeThrough } },
            },
          },
        },
      });
      return [
        `export const primaryColorStyles = ${JSON.stringify(primaryColorStyles)};`,
        `export const navbarBlurStyles = ${JSON.stringify(navbarBlurStyles)};`,
      ].join('\n');
    },
    transform(code, id) {
      if (!/\/web\/src\/.+\.css(\?|$)/.test(id) || !code.includes('token')) return undefined;
      const replaced = code
        .replace(/token-name\((\w+)\)/g, (_match, token: string) => property(token))
        .replace(/token\((\w+)\)/g, (_match, token: string) => `var(${property(token)})`);
      return { code: replaced, map: null };
    },
  };
}
