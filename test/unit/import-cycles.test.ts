import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/constructs/function';

/**
 * No module of the project takes part in an import cycle (a cycle makes what a module
 * sees of another depend on which was imported first). This replaces ESLint's
 * `import/no-cycle`, which crashed now and then (`Cannot read properties of null` inside
 * the rule: it resolves the file being linted again through resolver caches that expire
 * after 30 s, and reads the result without a null check), and cost most of the lint
 * time. Here esbuild resolves every import of every source file once, as the bundles are
 * built, and the cycles are the graph's strongly connected components: the same answer
 * on every run. Type-only imports do not count (TypeScript erases them, as esbuild does).
 */

const sourceFolders = ['lambdas', 'lib', 'bin', 'web/src', 'test'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Packages, assets and Vite's virtual or query-suffixed modules are outside the graph. */
const projectCodeOnly: Plugin = {
  name: 'project-code-only',
  setup(context) {
    context.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const local = args.path.startsWith('.') || args.path.startsWith('/');
      const code = /\.(tsx?|jsx?|mjs)$/.test(args.path) || !/\.[a-z0-9]+(\?.*)?$/i.test(args.path);
      if (!local || !code || args.path.includes('?')) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** Each module's project imports, from esbuild's metafile. */
async function importGraph(): Promise<Map<string, string[]>> {
  const entryPoints = sourceFolders.flatMap(sourceFiles);
  const result = await build({
    entryPoints,
    absWorkingDir: repositoryRoot,
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    platform: 'neutral',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
    plugins: [projectCodeOnly],
  });
  const graph = new Map<string, string[]>();
  for (const [path, input] of Object.entries(result.metafile.inputs)) {
    graph.set(
      path,
      input.imports.filter((record) => !record.external).map((record) => record.path),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one module, or a self-import. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('imports', () => {
  it('form no cycle among the project’s modules', async () => {
    const graph = await importGraph();
    // The graph is the whole project: every feature's handler and the web app's pages.
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('lambdas/report-requests/create-handler.ts')).toContain(
      'lambdas/report-requests/service.ts',
    );
    expect(cycles(graph).map((component) => component.join(' → '))).toEqual([]);
  }, 60_000);

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });
});
