import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './settings';

/** Sources the web build depends on. */
const inputs = [
  'web/src',
  'web/index.html',
  'web/search.html',
  'web/login.html',
  'web/public',
  'web/vite.config.ts',
  'web/build',
  'lambdas/shared/contract',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** True when web/dist is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  const built = join(repoRoot, 'web/dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestMtime(join(repoRoot, input)) > builtAt);
}

/** Builds the web app with Vite (the same build the deploy uses). */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: join(repoRoot, 'web/vite.config.ts'), logLevel: 'warn' });
}
