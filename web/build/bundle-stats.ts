/**
 * bundle-stats: writes `<bundleStatsDir>/<page>.json` after each build: every chunk with
 * its CSS, its static and dynamic imports and its modules (rendered size), each CSS
 * module's size, and the module graph (static and dynamic edges). The web-size bench and
 * the web budget test read it to say which modules make a chunk large and who pulls them
 * in (the shortest import chain from the page's entry). See test/support/web-bundle.ts.
 * It rewrites nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { buildCacheDir, statsModuleId } from './paths.ts';

/** Where each build writes its bundle statistics (outside `dist`: nothing of it is served). */
export const bundleStatsDir = join(buildCacheDir, 'web-bundle-stats');

export function bundleStats(page: string): Plugin {
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
