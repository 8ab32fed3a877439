/**
 * extract-inline-fonts
 *
 * Rewrites `@cloudscape-design/global-styles/index.css`, which embeds Cloudscape's Open Sans
 * faces as base64 data URIs (~140 kB gzip of render-blocking CSS): each face becomes a font
 * file (emitted as a hashed asset), so the CSS stays small and browsers fetch only the
 * faces a page draws, showing text in a fallback font meanwhile (`font-display: swap`).
 *
 * Expects `@font-face {` rules whose source is `url('data:font/woff2;base64,…')`: at least
 * one, and no other inline font. Fails the build otherwise, and when a build has
 * global-styles' stylesheets but never this one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { buildCacheDir } from './paths.ts';
import { rewriteTarget, shapeChanged } from './third-party.ts';

const name = 'extract-inline-fonts';

export interface ExtractInlineFontsOptions {
  /** Where the font files are written. @default node_modules/.cache/web-inline-fonts */
  fontDir?: string;
}

export function extractInlineFonts({
  fontDir = join(buildCacheDir, 'web-inline-fonts'),
}: ExtractInlineFontsOptions = {}): Plugin {
  const target = rewriteTarget(
    name,
    '@cloudscape-design/global-styles/index.css',
    /\/@cloudscape-design\/global-styles\/.*\.css$/,
  );
  const dataUri = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g;
  let building = true;
  return {
    name,
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      target.reset();
    },
    transform(code, id) {
      if (!target.matches(id)) return undefined;
      const faces = code.match(/@font-face\s*\{/g)?.length ?? 0;
      mkdirSync(fontDir, { recursive: true });
      let extracted = 0;
      const css = code.replace(dataUri, (_match, _quote, base64: string) => {
        extracted += 1;
        const bytes = Buffer.from(base64, 'base64');
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
        const file = join(fontDir, `open-sans-${hash}.woff2`);
        if (!existsSync(file)) writeFileSync(file, bytes);
        // Relative to the stylesheet, so Vite emits it as a hashed asset.
        return `url('${relative(dirname(id), file)}')`;
      });
      if (extracted === 0) {
        shapeChanged(name, id, "@font-face rules with url('data:font/woff2;base64,…') sources");
      }
      if (css.includes('data:font/')) {
        shapeChanged(name, id, "inline fonts only as url('data:font/woff2;base64,…')");
      }
      if (css.split('@font-face {').length - 1 !== faces) {
        shapeChanged(name, id, 'every @font-face rule written as "@font-face {"');
      }
      return {
        code: css.replaceAll('@font-face {', '@font-face {\n  font-display: swap;'),
        map: null,
      };
    },
    buildEnd(error) {
      if (!error && building) target.checkSeen(this.getModuleIds());
    },
  };
}
