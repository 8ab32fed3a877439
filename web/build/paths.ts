import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's folder (web/), wherever the build is started from. */
export const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** The repository's root. */
export const repositoryRoot = join(webRoot, '..');

/** Where the build keeps files between builds (outside `dist`: nothing of it is served). */
export const buildCacheDir = join(repositoryRoot, 'node_modules/.cache');

/** The installed `@cloudscape-design/components` package's folder. */
export const cloudscapeComponentsDir = dirname(
  createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'),
);

/**
 * A module's id as statistics and messages show it: relative to the repository, query
 * kept. An installed module is `node_modules/…` even when node_modules is a link to
 * another tree's (a worktree), whose modules' real paths lie outside this repository.
 */
export function statsModuleId(id: string): string {
  if (id.startsWith(repositoryRoot)) return relative(repositoryRoot, id);
  const installed = /\/node_modules\/(.+)$/.exec(id);
  if (installed && !id.startsWith('\0')) return `node_modules/${installed[1]}`;
  const name = id.replace(/^\0/, '');
  return name.startsWith('virtual:') ? name : `virtual:${name}`;
}
