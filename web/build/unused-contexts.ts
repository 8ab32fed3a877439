/**
 * Part of prune-unused-tokens: drops Cloudscape's base-theme token blocks for the visual
 * contexts and the density no component of the build sets.
 *
 * The base theme declares its tokens again for each visual context (the top navigation, a
 * high-contrast page header, flash messages, compact tables, the toolbar layout, alerts),
 * for an element of class `awsui-context-<name>`, and again for compact density
 * (`awsui-compact-mode` on the body). This drops the blocks of base-theme token
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
 *
 * Expects: the visual-context module writes a context's class as `awsui-context-${name}`;
 * `applyDensity` sets `'awsui-compact-mode'`; each component folder of the build that uses
 * the visual-context module names at least one of the base theme's contexts in quotes
 * (otherwise which context it draws is unknown, and its tokens could go). Fails the build
 * otherwise.
 */
import { readFileSync } from 'node:fs';
import type { Rolldown } from 'vite';
import { shapeChanged } from './third-party.ts';

const plugin = 'prune-unused-tokens';

/** Cloudscape's module that sets a visual context's class. */
export const visualContextModule =
  '@cloudscape-design/components/internal/components/visual-context/index.js';

/** global-styles' module, whose `applyDensity` sets compact density's class. */
export const densityModule = '@cloudscape-design/global-styles/index.js';

/** Fails unless the modules that set contexts and density still write the classes as read here. */
export function checkContextSetters(visualContext: string, globalStyles: string): void {
  if (!visualContext.includes('`awsui-context-${')) {
    shapeChanged(plugin, visualContextModule, 'a context class written as `awsui-context-${name}`');
  }
  if (!globalStyles.includes("'awsui-compact-mode'")) {
    shapeChanged(plugin, densityModule, "applyDensity setting the class 'awsui-compact-mode'");
  }
}

/** The stylesheets' texts are replaced in place. */
export function dropUnusedContexts(
  stylesheets: { source: string | Uint8Array }[],
  chunks: readonly Rolldown.OutputChunk[],
  tokens: ReadonlySet<string>,
  contexts: ReadonlySet<string>,
  readModule: (id: string) => string = (id) => readFileSync(id, 'utf8'),
): void {
  const cloudscape = /^(.*\/@cloudscape-design\/components\/)([\w-]+)\//;
  const folders = new Map<string, string[]>();
  for (const id of chunks.flatMap((chunk) => chunk.moduleIds)) {
    const [, , folder] = cloudscape.exec(id) ?? [];
    if (folder && folder !== 'internal' && !/styles\.(css|selectors)\.js$/.test(id)) {
      folders.set(folder, [...(folders.get(folder) ?? []), readModule(id)]);
    }
  }
  // A class written whole (content-layout's high-contrast header) is set where it is named.
  const drawn = new Set(
    [...contexts].filter((name) =>
      chunks.some((chunk) => chunk.code.includes(`awsui-context-${name}`)),
    ),
  );
  const quoted = (source: string, name: string) =>
    ['"', "'", '`'].some((quote) => source.includes(`${quote}${name}${quote}`));
  for (const [folder, sources] of folders) {
    if (!sources.some((source) => source.includes('internal/components/visual-context'))) continue;
    const named = [...contexts].filter((name) => sources.some((source) => quoted(source, name)));
    if (named.length === 0) {
      shapeChanged(
        plugin,
        `@cloudscape-design/components/${folder}/`,
        `a module using the visual-context module and naming, in quotes, a context of the base theme (${[...contexts].join(', ')})`,
      );
    }
    for (const name of named) drawn.add(name);
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
