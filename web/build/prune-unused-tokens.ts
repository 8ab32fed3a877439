/**
 * prune-unused-tokens
 *
 * Rewrites the build's stylesheets (as they are emitted), where Cloudscape's base theme
 * (`@cloudscape-design/components/internal/base-theme/styles.scoped.css`) declares every
 * design token: ~1,000 custom properties, again for dark mode, compact mode and each
 * visual context, a fifth of a page's CSS. This drops the declarations of base-theme
 * tokens that nothing in the build refers to: no `var()` in any stylesheet (counting only
 * the references of tokens kept themselves, so chains of tokens go together) and no
 * mention at all in any script (the theming stylesheets, inline styles, Cloudscape's token
 * exports). Only the base theme's own token names are ever dropped; the app's properties
 * stay as written. Before that, the token blocks of visual contexts and density nothing in
 * the build sets go (unused-contexts.ts); after it, the Open Sans faces of a weight
 * nothing asks for (unused-font-faces.ts).
 *
 * Expects: the base theme declares tokens (`--name: value`) and context blocks
 * (`.awsui-context-<name>`); a build that holds the base theme finds declarations of its
 * tokens in its stylesheets, written `--name:value` (as the CSS minifier writes them).
 * Fails the build otherwise, and where the two helpers find another shape than theirs.
 */
import type { Plugin, Rolldown } from 'vite';
import { readPackageFile, shapeChanged } from './third-party.ts';
import {
  checkContextSetters,
  densityModule,
  dropUnusedContexts,
  visualContextModule,
} from './unused-contexts.ts';
import { dropUnusedFontFaces } from './unused-font-faces.ts';

const name = 'prune-unused-tokens';

export const baseThemeModule =
  '@cloudscape-design/components/internal/base-theme/styles.scoped.css';

/** What the pruning may drop: the base theme's token names and its visual contexts. */
export interface BaseTheme {
  tokens: ReadonlySet<string>;
  contexts: ReadonlySet<string>;
}

/** Reads the base theme's stylesheet; fails when it declares no tokens or no contexts. */
export function readBaseTheme(css: string): BaseTheme {
  const tokens = new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map(([, token]) => token!));
  if (tokens.size === 0) {
    shapeChanged(name, baseThemeModule, 'custom property declarations (--name: value)');
  }
  const contexts = new Set(
    [...css.matchAll(/\.awsui-context-([\w-]+)/g)].map(([, context]) => context!),
  );
  if (contexts.size === 0) {
    shapeChanged(name, baseThemeModule, 'token blocks for visual contexts (.awsui-context-<name>)');
  }
  return { tokens, contexts };
}

const declaration = /(--[\w-]+):([^;}]*)(;?)/g;
const reference = /var\(\s*(--[\w-]+)/g;

/**
 * Drops, from `stylesheets` (in place), the declarations of tokens nothing refers to.
 * `holdsBaseTheme`: the build's graph has the base theme, so its declarations must be found.
 */
export function dropUnusedTokens(
  stylesheets: { source: string | Uint8Array }[],
  scripts: string,
  tokens: ReadonlySet<string>,
  holdsBaseTheme: boolean,
): void {
  // What each token's declarations refer to, and what everything else refers to.
  const refersTo = new Map<string, Set<string>>();
  const used = new Set<string>();
  for (const asset of stylesheets) {
    const withoutTokens = String(asset.source).replace(
      declaration,
      (whole, token: string, value: string) => {
        if (!tokens.has(token)) return whole;
        const references = refersTo.get(token) ?? new Set<string>();
        for (const [, referenced] of value.matchAll(reference)) references.add(referenced!);
        refersTo.set(token, references);
        return '';
      },
    );
    for (const [, referenced] of withoutTokens.matchAll(reference)) used.add(referenced!);
  }
  if (holdsBaseTheme && refersTo.size === 0) {
    shapeChanged(
      name,
      baseThemeModule,
      "declarations of its tokens (--name:value) in the build's stylesheets",
    );
  }
  for (const token of refersTo.keys()) if (scripts.includes(token)) used.add(token);
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
    asset.source = String(asset.source).replace(declaration, (whole, token: string) =>
      tokens.has(token) && !used.has(token) ? '' : whole,
    );
  }
}

export function pruneUnusedTokens(): Plugin {
  const { tokens, contexts } = readBaseTheme(readPackageFile(name, baseThemeModule));
  checkContextSetters(
    readPackageFile(name, visualContextModule),
    readPackageFile(name, densityModule),
  );
  return {
    name,
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const outputs = Object.values(bundle);
        const stylesheets = outputs.filter(
          (output): output is Rolldown.OutputAsset =>
            output.type === 'asset' && output.fileName.endsWith('.css'),
        );
        const chunks = outputs.filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        dropUnusedContexts(stylesheets, chunks, tokens, contexts);
        const holdsBaseTheme = [...this.getModuleIds()].some((id) =>
          id.includes('/@cloudscape-design/components/internal/base-theme/'),
        );
        const scripts = chunks.map((chunk) => chunk.code).join('\n');
        dropUnusedTokens(stylesheets, scripts, tokens, holdsBaseTheme);
        dropUnusedFontFaces(bundle, stylesheets);
      },
    },
  };
}
