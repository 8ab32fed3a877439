import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { generateThemeStylesheet as GenerateThemeStylesheet } from '@cloudscape-design/components/theming';
import { tsImport } from 'tsx/esm/api';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { primaryColors, primaryPalettes } from './src/lib/primary-colors.ts';

/** Folder of this file: the app's root, wherever the build is started from. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The local stack (`npm start`) serves /api and /config.json; the dev server forwards to it. */
const localStack = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';

/**
 * Cloudscape's global styles embed eight Open Sans faces as base64 data URIs
 * (~140 kB gzip of render-blocking CSS). This writes them out as font files, so the
 * CSS stays small and browsers fetch only the faces a page uses, showing text in a
 * fallback font meanwhile (`font-display: swap`).
 */
function extractInlineFonts(): Plugin {
  const fontDir = join(webRoot, '../node_modules/.cache/web-inline-fonts');
  const dataUri = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g;
  return {
    name: 'extract-inline-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('@cloudscape-design/global-styles/index.css')) return undefined;
      mkdirSync(fontDir, { recursive: true });
      const css = code.replace(dataUri, (_match, _quote, base64: string) => {
        const bytes = Buffer.from(base64, 'base64');
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
        const file = join(fontDir, `open-sans-${hash}.woff2`);
        if (!existsSync(file)) writeFileSync(file, bytes);
        // Relative to the stylesheet, so Vite emits it as a hashed asset.
        return `url('${relative(dirname(id), file)}')`;
      });
      return {
        code: css.replaceAll('@font-face {', '@font-face {\n  font-display: swap;'),
        map: null,
      };
    },
  };
}

/**
 * Cloudscape's base theme declares every design token (~1,000 custom properties, again
 * for dark mode, compact mode and each visual context): a fifth of a page's CSS. This
 * drops, from the built stylesheets, the declarations of tokens that nothing in the
 * build refers to: no `var()` in any stylesheet (counting only the references of
 * tokens kept themselves, so chains of tokens go together) and no mention at all in any
 * script (the theming stylesheets, inline styles, Cloudscape's token exports). Only the
 * base theme's own token names are ever dropped; the app's properties stay as written.
 * Before that, the base theme's declarations for a visual context no component of the
 * build draws go (`dropUnusedContexts`).
 */
function pruneUnusedTokens(): Plugin {
  const baseTheme = join(
    dirname(createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json')),
    'internal/base-theme/styles.scoped.css',
  );
  const baseThemeCss = readFileSync(baseTheme, 'utf8');
  const tokens = new Set([...baseThemeCss.matchAll(/(--[\w-]+)\s*:/g)].map(([, name]) => name!));
  const contexts = new Set(
    [...baseThemeCss.matchAll(/\.awsui-context-([\w-]+)/g)].map(([, name]) => name!),
  );
  const declaration = /(--[\w-]+):([^;}]*)(;?)/g;
  const reference = /var\(\s*(--[\w-]+)/g;
  return {
    name: 'prune-unused-tokens',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const stylesheets = Object.values(bundle).filter(
          (output) => output.type === 'asset' && output.fileName.endsWith('.css'),
        ) as { source: string | Uint8Array; fileName: string }[];
        const scripts = Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => chunk.code)
          .join('\n');
        dropUnusedContexts(stylesheets, bundle, tokens, contexts);
        const css = stylesheets.map((asset) => String(asset.source));
        // What each token's declarations refer to, and what everything else refers to.
        const refersTo = new Map<string, Set<string>>();
        const used = new Set<string>();
        for (const text of css) {
          const withoutTokens = text.replace(declaration, (whole, name: string, value: string) => {
            if (!tokens.has(name)) return whole;
            const references = refersTo.get(name) ?? new Set<string>();
            for (const [, referenced] of value.matchAll(reference)) references.add(referenced!);
            refersTo.set(name, references);
            return '';
          });
          for (const [, referenced] of withoutTokens.matchAll(reference)) used.add(referenced!);
        }
        for (const name of refersTo.keys()) if (scripts.includes(name)) used.add(name);
        const queue = [...used];
        while (queue.length > 0) {
          for (const referenced of refersTo.get(queue.pop()!) ?? []) {
            if (!used.has(referenced)) {
              used.add(referenced);
              queue.push(referenced);
            }
          }
        }
        for (const asset of stylesheets) {
          asset.source = String(asset.source).replace(declaration, (whole, name: string) =>
            tokens.has(name) && !used.has(name) ? '' : whole,
          );
        }
        dropUnusedFontFaces(bundle, stylesheets);
      },
    },
  };
}

/**
 * Cloudscape's base theme declares its tokens again for each visual context (the top
 * navigation, a high-contrast page header, flash messages, compact tables, the toolbar
 * layout, alerts), for an element of class `awsui-context-<name>`, and again for compact
 * density (`awsui-compact-mode` on the body). This drops the blocks of base-theme token
 * declarations whose selectors all need a class nothing in the build can set:
 * - a context is set by a script that writes its class whole (the high-contrast content
 *   header's `awsui-context-content-header`), or by a component folder of Cloudscape's
 *   whose modules use the visual-context module and name the context in quotes
 *   (`contextName: "alert"`, `getVisualContextClassname('flashbar')`, the top
 *   navigation's `visualContext` default); a context is kept when such a script or a
 *   module of such a folder is in the build. (A Link naming its `top-navigation` variant
 *   does not make the top navigation's context.)
 * - compact density is set by global-styles' `applyDensity`, whose class name is in the
 *   build's scripts only when the build can call it (the back office's density setting).
 * The light pages draw no top navigation and never set density.
 */
function dropUnusedContexts(
  stylesheets: { source: string | Uint8Array }[],
  bundle: Rolldown.OutputBundle,
  tokens: ReadonlySet<string>,
  contexts: ReadonlySet<string>,
): void {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  );
  const cloudscape = /\/@cloudscape-design\/components\/([\w-]+)\//;
  const folders = new Map<string, string[]>();
  for (const id of chunks.flatMap((chunk) => chunk.moduleIds)) {
    const folder = cloudscape.exec(id)?.[1];
    if (folder && folder !== 'internal' && !/styles\.(css|selectors)\.js$/.test(id)) {
      folders.set(folder, [...(folders.get(folder) ?? []), readFileSync(id, 'utf8')]);
    }
  }
  // A class written whole (content-layout's high-contrast header) is set where it is named.
  const drawn = new Set(
    [...contexts].filter((name) =>
      chunks.some((chunk) => chunk.code.includes(`awsui-context-${name}`)),
    ),
  );
  for (const sources of folders.values()) {
    if (!sources.some((source) => source.includes('internal/components/visual-context'))) continue;
    for (const name of contexts) {
      if (
        sources.some((source) => ['"', "'", '`'].some((q) => source.includes(`${q}${name}${q}`)))
      ) {
        drawn.add(name);
      }
    }
  }
  const unused = [...contexts].filter((name) => !drawn.has(name)).map((name) => `context-${name}`);
  if (!chunks.some((chunk) => chunk.code.includes('awsui-compact-mode')))
    unused.push('compact-mode');
  if (unused.length === 0) return;
  const needsUnused = new RegExp(`\\.awsui-(${unused.join('|')})(?![\\w-])`);
  const onlyTokens = (body: string) =>
    body
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .every((declaration) => tokens.has(declaration.slice(0, declaration.indexOf(':')).trim()));
  for (const asset of stylesheets) {
    asset.source = String(asset.source).replace(
      /([^{}]+)\{([^{}]*)\}/g,
      (rule, selectors: string, body: string) =>
        body.includes('--') &&
        onlyTokens(body) &&
        selectors.split(',').every((selector) => needsUnused.test(selector))
          ? ''
          : rule,
    );
  }
}

/**
 * Drops the global styles' Open Sans faces of a weight no stylesheet of the build asks
 * for (as a `font-weight` or the value of a weight token kept by `pruneUnusedTokens`),
 * with their font files: Cloudscape's visual refresh never draws the 800 weight.
 */
function dropUnusedFontFaces(
  bundle: Record<string, { type: string }>,
  stylesheets: { source: string | Uint8Array; fileName: string }[],
): void {
  const fontFace = /@font-face\s*\{[^}]*\}/g;
  const weights = new Set<string>();
  for (const asset of stylesheets) {
    const rules = String(asset.source).replace(fontFace, '');
    for (const [, value] of rules.matchAll(/(?:font-weight|-weight[\w-]*):\s*([^;}]*)/g)) {
      for (const [weight] of (value ?? '').matchAll(/\b[1-9]00\b/g)) weights.add(weight);
      if (/\bbold\b/.test(value ?? '')) weights.add('700');
      if (/\bnormal\b/.test(value ?? '')) weights.add('400');
    }
  }
  const dropped = new Set<string>();
  for (const asset of stylesheets) {
    asset.source = String(asset.source).replace(fontFace, (rule) => {
      const weight = /font-weight:\s*(\d+)/.exec(rule)?.[1];
      if (!weight || weights.has(weight) || !rule.includes('Open Sans')) return rule;
      for (const [, url] of rule.matchAll(/url\(["']?([^"')]+)/g)) dropped.add(url!);
      return '';
    });
  }
  const stillUsed = stylesheets.map((asset) => String(asset.source)).join('\n');
  for (const url of dropped) {
    const fileName = Object.keys(bundle).find((name) => url.endsWith(name));
    if (fileName && !stillUsed.includes(fileName.replace(/^.*\//, ''))) delete bundle[fileName];
  }
}

/** The stylesheets `virtual:cloudscape-theming` offers (see web/src/cloudscape-theming.d.ts). */
const themingModuleId = 'virtual:cloudscape-theming';
const darkRegionModuleId = 'virtual:cloudscape-dark-region.css';
const skinModuleId = 'virtual:cloudscape-skin.css';

/** What the build reads of Cloudscape's generated theme (its visual-refresh preset). */
interface CloudscapePreset {
  propertiesMap: Record<string, string>;
  theme: {
    tokens: Record<string, string | Record<string, string>>;
    tokenModeMap: Record<string, string>;
  };
}

/** Components drawn inside the navigation, whose colour tokens a dark region re-declares. */
const darkRegionComponents = [
  'side-navigation',
  'button',
  'expandable-section',
  'icon',
  'link',
  'badge',
  'divider',
];
/** Tokens the app's own dark-region stylesheets use (the navigation's background). */
const darkRegionExtraTokens = ['colorBackgroundContainerContent', 'colorBackgroundLayoutPanel'];

/**
 * The stylesheet of `virtual:cloudscape-skin.css` (see `cloudscapeTheming`): in the
 * default skin, containers (and the tables drawn in them) float on Cloudscape's own
 * container shadow without their hairline border; the bordered skin keeps Cloudscape's
 * border and no shadow. The container's class names come from the map Cloudscape's
 * test utilities select by; a missing one fails the build.
 */
function skinStylesheet(preset: CloudscapePreset, components: string): string {
  const classes = (
    createRequire(import.meta.url)(join(components, 'container/styles.selectors.js')) as {
      default: Record<string, string>;
    }
  ).default;
  const name = (key: string) => {
    const found = classes[key];
    if (!found) throw new Error(`cloudscape-skin: Container has no "${key}" class any more`);
    return found;
  };
  const shadow = preset.propertiesMap.shadowContainer;
  if (!shadow) throw new Error('cloudscape-skin: no shadowContainer token');
  const selectors = ['variant-default', 'variant-stacked'].map(
    (variant) =>
      `body:not(.preferences-skin-bordered) .${name('root')}.${name(variant)}.${name('refresh')}:not(#\\9)`,
  );
  return `${selectors.join(',\n')} {\n  border-color: transparent;\n  box-shadow: var(${shadow});\n}\n`;
}

/** The stylesheet of `virtual:cloudscape-dark-region.css` (see `cloudscapeTheming`). */
function darkRegionStylesheet(preset: CloudscapePreset, components: string): string {
  const { propertiesMap, theme } = preset;
  const tokenOfProperty = new Map(Object.entries(propertiesMap).map(([name, p]) => [p, name]));
  const used = new Set(darkRegionExtraTokens);
  for (const component of darkRegionComponents) {
    const css = readFileSync(join(components, component, 'styles.scoped.css'), 'utf8');
    for (const [, property] of css.matchAll(/var\((--[\w-]+)/g)) {
      const token = tokenOfProperty.get(property ?? '');
      if (token) used.add(token);
    }
  }
  const modeValue = (name: string, mode: 'light' | 'dark') => {
    const value = theme.tokens[name];
    return typeof value === 'object' ? value[mode] : value;
  };
  const references = (value: string | undefined) =>
    [...(value ?? '').matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? '');
  const declared = new Set<string>();
  const visit = (name: string) => {
    if (declared.has(name) || theme.tokenModeMap[name] !== 'color') return;
    const light = modeValue(name, 'light');
    const dark = modeValue(name, 'dark');
    const referenced = [...references(light), ...references(dark)];
    // A literal that is the same in both modes inherits correctly from `body`.
    if (light === dark && referenced.length === 0) return;
    declared.add(name);
    for (const reference of referenced) visit(reference);
  };
  for (const name of used) visit(name);
  const declarations = [...declared].sort().map((name) => {
    const value = (modeValue(name, 'dark') ?? '').replace(
      /\{(\w+)\}/g,
      (_match, reference: string) => `var(${propertiesMap[reference]})`,
    );
    return `  ${propertiesMap[name]}: ${value};`;
  });
  return `.cloudscape-dark-region.cloudscape-dark-region:not(#\\9) {\n${declarations.join('\n')}\n}\n`;
}

/**
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
 *   with a border in the bordered one (Cloudscape's own look; see `skinStylesheet`).
 * - In the app's own stylesheets, `token(colorTextAccent)` becomes the reference to that
 *   design token's CSS custom property and `token-name(shadowContainer)` its name, read
 *   from the installed Cloudscape (the names carry a hash that changes between
 *   releases). An unknown token fails the build.
 */
function cloudscapeTheming(): Plugin {
  const resolvedId = `\0${themingModuleId}`;
  const darkRegionId = `\0${darkRegionModuleId}`;
  const skinId = `\0${skinModuleId}`;
  const components = dirname(
    createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'),
  );
  let preset: CloudscapePreset | undefined;
  const loadPreset = (): CloudscapePreset =>
    (preset ??= (
      createRequire(import.meta.url)(join(components, 'internal/generated/theming/index.cjs')) as {
        preset: CloudscapePreset;
      }
    ).preset);
  const property = (name: string): string => {
    const found = loadPreset().propertiesMap[name];
    if (!found) throw new Error(`token(${name}): no such Cloudscape design token`);
    return found;
  };
  return {
    name: 'cloudscape-theming',
    enforce: 'pre',
    resolveId: (source) => {
      if (source === themingModuleId) return resolvedId;
      if (source === darkRegionModuleId) return darkRegionId;
      if (source === skinModuleId) return skinId;
      return undefined;
    },
    async load(id) {
      if (id === darkRegionId) return darkRegionStylesheet(loadPreset(), components);
      if (id === skinId) return skinStylesheet(loadPreset(), components);
      if (id !== resolvedId) return undefined;
      // The package's ES modules are not marked as such for Node: tsx loads them.
      const { generateThemeStylesheet } = (await tsImport(
        '@cloudscape-design/components/theming',
        import.meta.url,
      )) as { generateThemeStylesheet: typeof GenerateThemeStylesheet };
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
        .replace(/token-name\((\w+)\)/g, (_match, name: string) => property(name))
        .replace(/token\((\w+)\)/g, (_match, name: string) => `var(${property(name)})`);
      return { code: replaced, map: null };
    },
  };
}

/** The light pages (web/src/light): each path, the file that holds it, and its build. */
const lightPages = [
  { path: '/search', file: 'search.html', build: 'search' },
  { path: '/login', file: 'login.html', build: 'login' },
] as const;

/**
 * The dev server's stand-in for the CloudFront Function's page rule: `/search` and
 * `/login` are light pages of their own (search.html, login.html), not the back-office
 * app's index.html.
 */
function serveLightPages(): Plugin {
  return {
    name: 'serve-light-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '';
        const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
        const path = url.slice(0, queryStart);
        const page = lightPages.find((light) => path === light.path || path === `${light.path}/`);
        if (page) request.url = `/${page.file}${url.slice(queryStart)}`;
        next();
      });
    },
  };
}

/** Where each build writes its bundle statistics (outside `dist`: nothing of it is served). */
export const bundleStatsDir = join(webRoot, '../node_modules/.cache/web-bundle-stats');

/** A module's id as the statistics show it: relative to the repository, query kept. */
function statsModuleId(id: string): string {
  const repository = join(webRoot, '..');
  if (id.startsWith(repository)) return relative(repository, id);
  const name = id.replace(/^\0/, '');
  return name.startsWith('virtual:') ? name : `virtual:${name}`;
}

/**
 * Writes `<bundleStatsDir>/<page>.json` after each build: every chunk with its CSS, its
 * static and dynamic imports and its modules (rendered size), each CSS module's size,
 * and the module graph (static and dynamic edges). The web-size bench and the web budget
 * test read it to say which modules make a chunk large and who pulls them in (the
 * shortest import chain from the page's entry). See test/support/web-bundle.ts.
 */
function bundleStats(page: string): Plugin {
  const cssBytes = new Map<string, number>();
  return {
    name: 'bundle-stats',
    apply: 'build',
    transform(code, id) {
      // Normal order: after Vite compiles the CSS, before it turns it into a JS stub.
      if (/\.css($|\?)/.test(id)) cssBytes.set(statsModuleId(id), code.length);
      return undefined;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          facade: chunk.facadeModuleId ? statsModuleId(chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          modules: Object.entries(chunk.modules).map(([id, module]) => ({
            id: statsModuleId(id),
            bytes: module.renderedLength,
          })),
        }));
      const graph: Record<string, { imports: string[]; dynamicImports: string[] }> = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        graph[statsModuleId(id)] = {
          imports: info.importedIds.map(statsModuleId),
          dynamicImports: info.dynamicallyImportedIds.map(statsModuleId),
        };
      }
      mkdirSync(bundleStatsDir, { recursive: true });
      writeFileSync(
        join(bundleStatsDir, `${page}.json`),
        JSON.stringify({ page, chunks, css: Object.fromEntries(cssBytes), graph }),
      );
    },
  };
}

/**
 * How the back office's modules are cut into files. By default rolldown gives each set of
 * lazily loaded route modules (layouts, pages) that share modules a chunk of its own: a
 * page opened directly loaded about 90 files, each compressed alone, a sixth more bytes
 * than the same code in a few files. Three chunks gather what every page of the frame
 * loads anyway:
 * - `boot`: what the entry imports statically (what any page runs first);
 * - `frame-shared`: the modules of the frame (layouts/app-shell.tsx) that another route
 *   module (a page, the blank layout) also imports;
 * - `frame`: the frame's other modules.
 * A page of the frame needs all of the three; a page of the blank layout needs `boot` and
 * a part of `frame-shared` (fewer bytes than the small files it loaded before). Each
 * page's own modules keep rolldown's default. The groups follow the module graph (the
 * router's dynamic imports), not a list of files.
 */
function backOfficeChunks(): Rolldown.CodeSplittingOptions {
  const entry = join(webRoot, 'src/main.tsx');
  const router = join(webRoot, 'src/routes/router.tsx');
  const frame = join(webRoot, 'src/layouts/app-shell.tsx');
  type Graph = Rolldown.ChunkingContext;
  const staticClosure = (graph: Graph, roots: readonly string[]) => {
    const seen = new Set<string>();
    const pending = [...roots];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  // Worked out once per chunking pass (keyed by the router's module info, which is reused
  // within a pass): the frame's modules, each with whether another route imports it too.
  const passes = new WeakMap<object, Map<string, boolean>>();
  const frameModules = (graph: Graph): Map<string, boolean> => {
    const routerInfo = graph.getModuleInfo(router);
    if (!routerInfo) return new Map();
    let shared = passes.get(routerInfo);
    if (!shared) {
      const boot = staticClosure(graph, [entry]);
      const otherRoutes = staticClosure(
        graph,
        routerInfo.dynamicallyImportedIds.filter((route) => route !== frame),
      );
      shared = new Map(
        [...staticClosure(graph, [frame])]
          .filter((module) => !boot.has(module))
          .map((module) => [module, otherRoutes.has(module)]),
      );
      passes.set(routerInfo, shared);
    }
    return shared;
  };
  return {
    // A group takes its modules' dependencies along: the groups that others depend on go
    // first, so that the frame's groups leave the entry's modules where they are, and
    // `frame` leaves `frame-shared`'s.
    groups: [
      { name: 'boot', tags: ['$initial'], priority: 3 },
      {
        name: (id, graph) => (frameModules(graph).get(id) === true ? 'frame-shared' : null),
        debugName: 'frame-shared',
        priority: 2,
      },
      {
        name: (id, graph) => (frameModules(graph).get(id) === false ? 'frame' : null),
        debugName: 'frame',
        priority: 1,
      },
    ],
  };
}

/** Options both pages are built with (and the web-size bench's floors, test/bench/web-floors). */
export function pageBuild(command: 'build' | 'serve'): UserConfig {
  return {
    root: webRoot,
    publicDir: 'public',
    plugins: [extractInlineFonts(), cloudscapeTheming(), react(), pruneUnusedTokens()],
    // A build is always the production build, even when started from a process with
    // another NODE_ENV (vitest sets `test`, which would bundle React's development build
    // and development JSX): same output as `vite build` from the command line.
    ...(command === 'build' && {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      oxc: { jsx: { development: false } },
    }),
    build: {
      outDir: 'dist',
      sourcemap: true,
      // Route groups are split with React.lazy; Cloudscape's shared pieces make
      // chunks above the default 500 kB warning raw size, which is expected here.
      chunkSizeWarningLimit: 1000,
    },
  };
}

/**
 * Cloudscape formats ICU messages with `intl-messageformat` (a tenth of a small page's
 * code) only for I18nProvider messages and for the text of its error-boundary fallback,
 * which already shows the raw text when formatting throws. The public page uses
 * neither, so its build gets this stand-in, which always throws.
 */
function withoutIcuFormatting(): Plugin {
  const stubId = '\0intl-messageformat-stub';
  return {
    name: 'without-icu-formatting',
    enforce: 'pre',
    resolveId: (source) => (source === 'intl-messageformat' ? stubId : undefined),
    load: (id) =>
      id === stubId
        ? `export default class IntlMessageFormat {
  constructor() { throw new Error('ICU message formatting is not part of this page'); }
}`
        : undefined,
  };
}

/** Cloudscape's module that picks one of AppLayout's three implementations as it renders. */
const appLayoutChooser = '@cloudscape-design/components/app-layout/internal.js';

/**
 * Cloudscape's AppLayout carries three implementations and picks one as it renders: the
 * classic one (only without visual refresh, which this package always has:
 * `ALWAYS_VISUAL_REFRESH`), the toolbar one (only when the AWS consoles' global flags
 * `appLayoutWidget` or `appLayoutToolbar` are set, which nothing here does) and the
 * visual-refresh one, the only one the back office ever draws. This keeps that one and
 * leaves out the other two's code and styles (a quarter of the frame's chunk). If the
 * module's shape changes, it is left whole (a larger page, nothing broken).
 */
function onlyRefreshedAppLayout(): Plugin {
  const classic = "import ClassicAppLayout from './classic';\n";
  const toolbar = "import ToolbarAppLayout from './visual-refresh-toolbar';\n";
  const chooser =
    /( {4}const isRefresh = useVisualRefresh\(\);\n {4}const isToolbar = useAppLayoutFlagEnabled\(\);\n[\s\S]*?return React\.createElement\(ClassicAppLayout, \{ ref: ref, \.\.\.props \}\);\n)/;
  return {
    name: 'only-refreshed-app-layout',
    transform(code, id) {
      if (!id.endsWith(appLayoutChooser)) return undefined;
      if (!code.includes(classic) || !code.includes(toolbar) || !chooser.test(code)) {
        return undefined;
      }
      return {
        code: code
          .replace(classic, '')
          .replace(toolbar, '')
          .replace("import { useVisualRefresh } from '../internal/hooks/use-visual-mode';\n", '')
          .replace("import { useAppLayoutFlagEnabled } from './utils/feature-flags';\n", '')
          .replace(
            chooser,
            '    return React.createElement(RefreshedAppLayout, { ref: ref, ...props });\n',
          ),
        map: null,
      };
    },
  };
}

/**
 * The Cloudscape icons the back office's components and pages name (onlyIcons fails the
 * build when one is missing; a few are quoted for other reasons and kept all the same).
 */
const backOfficeIcons = new Set([
  'close',
  'add-plus',
  'angle-down',
  'angle-left',
  'angle-right',
  'angle-up',
  'announcement',
  'arrow-down',
  'arrow-left',
  'arrow-right',
  'arrow-up',
  'calendar',
  'caret-down',
  'caret-down-filled',
  'caret-up-filled',
  'check',
  'contact',
  'copy',
  'dot',
  'download',
  'drag-indicator',
  'edit',
  'ellipsis',
  'expand',
  'external',
  'file',
  'filter',
  'gen-ai',
  'group',
  'history',
  'insert-row',
  'key',
  'keyboard',
  'lock-private',
  'menu',
  'refresh',
  'remove',
  'resize-area',
  'search',
  'settings',
  'shrink',
  'side-bar',
  'slash-divider',
  'status-in-progress',
  'status-info',
  'status-negative',
  'status-not-started',
  'status-pending',
  'status-positive',
  'status-stopped',
  'status-warning',
  'treeview-collapse',
  'treeview-expand',
  'upload',
  'user-profile',
  'view-horizontal',
  'view-vertical',
]);

/**
 * The Cloudscape icons both light pages' components draw (alerts, toasts, links, buttons,
 * dropdowns).
 */
const lightPageIcons = [
  'status-positive',
  'status-negative',
  'status-warning',
  'status-info',
  'status-stopped',
  'status-pending',
  'status-in-progress',
  'status-not-started',
  'close',
  'external',
  'angle-down',
  'angle-up',
  'caret-down-filled',
  // Quoted in the pages' modules for other reasons (an input type, a \`key\` test), or
  // drawn by a branch these pages never take; kept for the check of onlyIcons.
  'search',
  'gen-ai',
  'group',
  'refresh',
  'remove',
  'key',
  'expand',
];

/** The public page's: the light pages', plus the dot, upload and file icons it also draws. */
const reportCenterIcons = new Set([...lightPageIcons, 'dot', 'upload', 'file']);

/** The sign-in page's: the light pages'. */
const signInIcons = new Set(lightPageIcons);

/** Cloudscape's generated module of every icon, one `"name": svg` entry per line. */
const iconsModule = '@cloudscape-design/components/icon/generated/icons.js';

/**
 * Cloudscape's icon component carries all of its ~140 icons (a thirteenth of a small
 * page's code). A build with this plugin keeps those listed; the generated module is
 * one object literal, one `"name": svg` entry per icon, each starting on its own line.
 * If that shape ever changes, the module is left whole (a larger page, nothing broken).
 *
 * Cloudscape components and the app name their icons in string literals (a status's
 * icon, `iconName="..."`), even those picked at run time, so the build fails when any
 * Cloudscape or app module it bundles holds an icon's name, quoted, that the list lacks:
 * an icon left out must not silently draw nothing. A name that is quoted for another
 * reason (a `"search"` input type) is kept too: a few hundred bytes, never a blank.
 */
function onlyIcons(keep: ReadonlySet<string>): Plugin {
  const entryStart = /^ {4}"([a-z0-9-]+)": /;
  const allIcons = (code: string) =>
    code.split('\n').flatMap((line) => entryStart.exec(line)?.[1] ?? []);
  return {
    name: 'only-icons',
    transform(code, id) {
      if (!id.endsWith(iconsModule)) return undefined;
      const lines = code.split('\n');
      const open = lines.findIndex((line) => line.startsWith('const icons = {'));
      const close = lines.findIndex((line) => line === '};');
      if (open === -1 || close < open) return undefined;
      const kept: string[] = [];
      let keeping = false;
      for (const line of lines.slice(open + 1, close)) {
        const name = entryStart.exec(line)?.[1];
        if (name) keeping = keep.has(name);
        else if (!line.startsWith('     ')) return undefined; // not the shape this reads
        if (keeping) kept.push(line);
      }
      const found = kept.filter((line) => entryStart.test(line)).length;
      if (found !== keep.size) {
        this.error(`only-icons: ${keep.size - found} of the listed icons are not in ${id}`);
      }
      return {
        code: [...lines.slice(0, open + 1), ...kept, ...lines.slice(close)].join('\n'),
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      const components = dirname(
        createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'),
      );
      const names = allIcons(
        readFileSync(join(components, iconsModule.replace(/^.*components\//, '')), 'utf8'),
      );
      const quoted = new RegExp(`(["'\`])(${names.join('|')})\\1`, 'g');
      const missing = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          // Texts (JSON) and class-name maps (`styles.css.js`) quote words, not icons.
          if (id.endsWith(iconsModule) || /(\.json|styles\.(css|selectors)\.js)$/.test(id))
            continue;
          if (!/node_modules\/@cloudscape-design\/components\/|\/web\/src\//.test(id)) continue;
          for (const [, , name] of (module.code ?? '').matchAll(quoted)) {
            if (!keep.has(name!)) missing.set(name!, statsModuleId(id));
          }
        }
      }
      if (missing.size > 0) {
        this.error(
          `only-icons: icons named in the build but not kept (add them to the list):\n  ${[
            ...missing,
          ]
            .map(([name, id]) => `${name} (${id})`)
            .join('\n  ')}`,
        );
      }
    },
  };
}

/** What the public page's build adds to {@link pageBuild}'s plugins (before them). */
export function reportCenterPlugins(): Plugin[] {
  return [withoutIcuFormatting(), onlyIcons(reportCenterIcons)];
}

/** What the sign-in page's build adds to {@link pageBuild}'s plugins (before them). */
export function signInPlugins(): Plugin[] {
  return [withoutIcuFormatting(), onlyIcons(signInIcons)];
}

/** What the back office's build adds to {@link pageBuild}'s plugins (before them). */
export function backOfficePlugins(): Plugin[] {
  return [onlyIcons(backOfficeIcons), onlyRefreshedAppLayout()];
}

/**
 * Fails a light page's build when a module it must not carry reaches it, directly or
 * through a shared helper (ESLint sees direct imports only).
 */
function forbidModules(page: string, forbidden: RegExp): Plugin {
  return {
    name: 'forbid-modules',
    generateBundle() {
      const found = [...this.getModuleIds()].filter((id) => forbidden.test(id));
      if (found.length) {
        this.error(`The ${page} page must not include:\n  ${found.join('\n  ')}`);
      }
    },
  };
}

/** Sign-in library, router, i18next and back-office code: none of it is for /search. */
const notForReportCenter =
  /node_modules\/(aws-amplify|@aws-amplify|react-router|react-router-dom|i18next|react-i18next)\/|web\/src\/(app|routes|layouts|components)\/|web\/src\/features\/(?!report-center\/)/;

/**
 * Router, i18next, Cloudscape's I18nProvider and the back office's shell: none of it is
 * for /login (zod comes only in the checks' own chunk, see lazyOnly). The page uses the
 * toasts, the path and redirect helpers, the startup error and the auth feature's steps.
 */
const notForSignIn =
  /node_modules\/(react-router|react-router-dom|i18next|react-i18next)\/|@cloudscape-design\/components\/i18n\/(provider|messages)|node_modules\/(intl-messageformat|@formatjs)\/|web\/src\/(layouts|i18n\/(index|resources|cloudscape)|routes\/(router|route-|access|leave)|components\/(?!toast\/))|web\/src\/app\/app|web\/src\/features\/(?!auth\/)|web\/src\/features\/auth\/(pages|auth-provider|use-auth|index)/;

/**
 * Fails the build when a module of `lazy` reaches the page's entry chunk rather than
 * only a chunk loaded later (zod on the sign-in page: the checks load on first input).
 */
function lazyOnly(page: string, lazy: RegExp): Plugin {
  return {
    name: 'lazy-only',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.isEntry,
      );
      if (!entry || entry.type !== 'chunk') return;
      const eager = new Set<string>();
      const visit = (fileName: string) => {
        if (eager.has(fileName)) return;
        eager.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      const found = [...eager].flatMap((fileName) => {
        const chunk = bundle[fileName];
        return chunk?.type === 'chunk'
          ? Object.keys(chunk.modules).filter((id) => lazy.test(id))
          : [];
      });
      if (found.length) {
        this.error(`The ${page} page's first load must not include:\n  ${found.join('\n  ')}`);
      }
    },
  };
}

/**
 * Builds the light pages (the public Test Report Center, search.html, and the sign-in
 * page, login.html) once the back office is built, each as a build of its own into the
 * same folder. Sharing chunks with the back office buys nothing (a fresh tab loads one
 * page); building apart keeps each page to the modules it uses (one JSON resource is
 * tree-shaken to its own groups, which a chunk shared with the back office could not be)
 * and to a few files.
 */
function buildLightPages(): Plugin {
  let building = false;
  const extra: Record<(typeof lightPages)[number]['build'], Plugin[]> = {
    search: [...reportCenterPlugins(), forbidModules('public report', notForReportCenter)],
    login: [
      ...signInPlugins(),
      forbidModules('sign-in', notForSignIn),
      lazyOnly('sign-in', /node_modules\/zod\//),
    ],
  };
  return {
    name: 'build-light-pages',
    apply: 'build',
    async closeBundle(error) {
      if (error || building) return;
      building = true;
      for (const page of lightPages) {
        const base = pageBuild('build');
        await build({
          ...base,
          plugins: [...extra[page.build], ...(base.plugins ?? []), bundleStats(page.build)],
          configFile: false,
          logLevel: this.environment.config.logLevel,
          build: {
            ...base.build,
            emptyOutDir: false,
            rolldownOptions: { input: join(webRoot, page.file) },
          },
        });
      }
    },
  };
}

export default defineConfig(({ command }) => {
  const base = pageBuild(command);
  return {
    ...base,
    plugins: [
      ...(command === 'build' ? backOfficePlugins() : []),
      ...(base.plugins ?? []),
      serveLightPages(),
      bundleStats('index'),
      buildLightPages(),
    ],
    build: {
      ...base.build,
      emptyOutDir: true,
      // The back office; search.html and login.html are built after it (see
      // buildLightPages). The dev server serves every page from `root`.
      rolldownOptions: {
        input: join(webRoot, 'index.html'),
        output: { codeSplitting: backOfficeChunks() },
      },
    },
    server: {
      proxy: {
        '/api': localStack,
        '/config.json': localStack,
      },
    },
  };
});
