/**
 * How the back office's modules are cut into files (rolldown's `codeSplitting`). By
 * default rolldown gives each set of lazily loaded route modules (layouts, pages) that
 * share modules a chunk of its own: a page opened directly loaded about 90 files, each
 * compressed alone, a sixth more bytes than the same code in a few files. Three chunks
 * gather what every page of the frame loads anyway:
 * - `boot`: what the entry imports statically (what any page runs first);
 * - `frame-shared`: the modules of the frame (layouts/app-shell.tsx) that another route
 *   module (a page, the blank layout) also imports;
 * - `frame`: the frame's other modules.
 * A page of the frame needs all of the three; a page of the blank layout needs `boot` and
 * a part of `frame-shared` (fewer bytes than the small files it loaded before). Each
 * page's own modules keep rolldown's default. The groups follow the module graph (the
 * router's dynamic imports), not a list of files; the build fails when the router or the
 * frame is not where this looks for them.
 */
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { webRoot } from './paths.ts';

export function backOfficeChunks(): Rolldown.CodeSplittingOptions {
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
    if (!routerInfo || !graph.getModuleInfo(frame)) {
      throw new Error(
        `back-office-chunks: the back office's build has no ${routerInfo ? frame : router}; update web/build/back-office-chunks.ts`,
      );
    }
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
