/**
 * What the plugins that rewrite a third-party module (or build on its shape) share: a
 * failure that names the plugin and the module, and the check that the module a plugin
 * rewrites was in the build at all. A plugin that no longer finds what it rewrites fails
 * the build rather than passing the module through: a library upgrade must not show up
 * only as a larger page, or as a page that breaks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './paths.ts';

/** `/…/node_modules/@scope/package/file.js?query` → `@scope/package/file.js`. */
export function packagePath(id: string): string {
  return id.replace(/\?.*$/, '').replace(/^.*\/node_modules\//, '');
}

/** Fails the build: `plugin` no longer finds, in `module`, the shape it expects. */
export function shapeChanged(plugin: string, module: string, expected: string): never {
  throw new Error(
    `${plugin}: ${packagePath(module)} no longer has the shape this plugin expects: ${expected}. ` +
      'Update the plugin in web/build/ to the installed release (docs/web-app.md, "The build\'s plugins").',
  );
}

/** A module a plugin rewrites (see {@link rewriteTarget}). */
export interface RewriteTarget {
  /** The module's path inside node_modules, as `@scope/package/file.js`. */
  readonly module: string;
  /** Whether `id` is the target (query ignored); notes that this build has it. */
  matches(id: string): boolean;
  /** Forgets what a previous build saw (a watch rebuild). */
  reset(): void;
  /**
   * Fails when the build holds a module of `requiredWhen` (the part of the package that
   * uses the target) but never loaded the target: it was renamed or moved, and the rewrite
   * would silently do nothing. A build without that part needs no target.
   */
  checkSeen(moduleIds: Iterable<string>): void;
}

/** The module `plugin` rewrites, required in any build that holds a module of `requiredWhen`. */
export function rewriteTarget(plugin: string, module: string, requiredWhen: RegExp): RewriteTarget {
  let seen = false;
  return {
    module,
    matches(id) {
      const hit = id.replace(/\?.*$/, '').endsWith(`/${module}`);
      if (hit) seen = true;
      return hit;
    },
    reset() {
      seen = false;
    },
    checkSeen(moduleIds) {
      if (seen) return;
      const user = [...moduleIds].find((id) => requiredWhen.test(id));
      if (user) {
        shapeChanged(
          plugin,
          module,
          `the build has ${packagePath(user)} but never loaded this module (renamed or moved?)`,
        );
      }
    },
  };
}

/** The installed text of `module` (`@scope/package/file`), which `plugin` reads; fails when it is gone. */
export function readPackageFile(plugin: string, module: string): string {
  try {
    return readFileSync(join(repositoryRoot, 'node_modules', module), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return shapeChanged(plugin, module, 'the module itself (not found: renamed or moved?)');
  }
}
