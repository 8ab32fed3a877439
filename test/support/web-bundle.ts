import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../bin/local/settings';
import { buildWeb, webBuildIsStale } from '../../bin/local/web-build';

/**
 * What the web build's `bundle-stats` plugin (web/build/bundle-stats.ts) writes for each page
 * build (`index`: the back office, `search`: the public Test Report Center, `login`: the
 * sign-in page).
 */
export interface BundleStats {
  page: string;
  chunks: {
    file: string;
    name: string;
    isEntry: boolean;
    isDynamicEntry: boolean;
    facade: string | null;
    imports: string[];
    dynamicImports: string[];
    css: string[];
    /** Module ids (relative to the repository) and their rendered size before minifying. */
    modules: { id: string; bytes: number }[];
  }[];
  /** Compiled size of each CSS module. */
  css: Record<string, number>;
  graph: Record<string, { imports: string[]; dynamicImports: string[] }>;
}

export const bundleStatsDir = join(repoRoot, 'node_modules/.cache/web-bundle-stats');

export const webDistDir = join(repoRoot, 'web/dist');

/** The page builds of `npm run build:web` and the HTML file of each. */
export const pageBuilds = {
  index: 'index.html',
  search: 'search.html',
  login: 'login.html',
} as const;
export type PageBuild = keyof typeof pageBuilds;

/** The statistics of the last `npm run build:web`, or undefined when it wrote none. */
export function readBundleStats(page: PageBuild): BundleStats | undefined {
  const file = join(bundleStatsDir, `${page}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BundleStats) : undefined;
}

/**
 * True when the statistics describe the build in web/dist: every chunk they list is
 * there and each page's HTML loads their entry (a build that failed half-way, or a
 * web/dist copied from elsewhere, fails this).
 */
function statsMatchDist(stats: BundleStats | undefined, html: string): stats is BundleStats {
  if (!stats) return false;
  const entry = stats.chunks.find((chunk) => chunk.isEntry);
  const htmlFile = join(webDistDir, html);
  return (
    entry !== undefined &&
    existsSync(htmlFile) &&
    readFileSync(htmlFile, 'utf8').includes(`/${entry.file}`) &&
    stats.chunks.every((chunk) => existsSync(join(webDistDir, chunk.file)))
  );
}

/**
 * The statistics of the build in web/dist, building first (with bin/local/web-build.ts,
 * the build `npm start` and the e2e stack use) when web/dist is older than its sources
 * or does not match the statistics. A fresh build takes a few seconds.
 */
export async function currentBundleStats(): Promise<Record<PageBuild, BundleStats>> {
  const builds = Object.keys(pageBuilds) as PageBuild[];
  const read = () =>
    Object.fromEntries(builds.map((build) => [build, readBundleStats(build)])) as Record<
      PageBuild,
      BundleStats | undefined
    >;
  const allMatch = (stats: Record<PageBuild, BundleStats | undefined>) =>
    builds.every((build) => statsMatchDist(stats[build], pageBuilds[build]));
  let stats = read();
  if (webBuildIsStale() || !allMatch(stats)) {
    await buildWeb();
    stats = read();
  }
  if (!allMatch(stats)) {
    throw new Error(`The web build wrote no statistics matching web/dist (see ${bundleStatsDir})`);
  }
  return stats as Record<PageBuild, BundleStats>;
}

/**
 * The files a page loads when opened directly, read from the build rather than a
 * browser: the entry chunk, the chunks of `lazy` (the dynamic imports the page makes
 * on its way to being ready: its layout, its page, its language's texts), every chunk
 * those import statically, and their stylesheets. The web-size bench checks this
 * against what a browser really loads.
 */
export function staticPageFiles(stats: BundleStats, lazy: readonly string[]): LoadedFile[] {
  const byFile = new Map(stats.chunks.map((chunk) => [chunk.file, chunk]));
  const starts = [
    ...stats.chunks.filter((chunk) => chunk.isEntry),
    ...lazy.map((id) => {
      // Its own chunk, or the chunk it landed in when something also imports it statically.
      const chunk =
        stats.chunks.find((candidate) => candidate.isDynamicEntry && candidate.facade === id) ??
        stats.chunks.find((candidate) => candidate.modules.some((module) => module.id === id));
      if (!chunk) throw new Error(`No chunk of the ${stats.page} build holds ${id}`);
      return chunk;
    }),
  ];
  const scripts = new Set<string>();
  const visit = (file: string) => {
    if (scripts.has(file)) return;
    scripts.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const chunk of starts) visit(chunk.file);
  const styles = new Set([...scripts].flatMap((file) => byFile.get(file)?.css ?? []));
  const gzip = (file: string) =>
    gzipSync(readFileSync(join(webDistDir, file)), { level: 9 }).length;
  return [
    ...[...scripts].map((file) => ({ file, type: 'script' as const, gzip: gzip(file) })),
    ...[...styles].map((file) => ({ file, type: 'stylesheet' as const, gzip: gzip(file) })),
  ];
}

/** Sums a page's files into a {@link PageLoad}. */
export function pageLoadOf(files: LoadedFile[]): PageLoad {
  const sum = (type: LoadedFile['type']) =>
    files.filter((file) => file.type === type).reduce((total, file) => total + file.gzip, 0);
  return { files, js: sum('script'), css: sum('stylesheet') };
}

/** Module ids that reach a page (in any of its files), to check what a page must not carry. */
export function modulesOf(stats: BundleStats, files: LoadedFile[]): string[] {
  const loaded = new Set(files.map((file) => file.file));
  return stats.chunks
    .filter((chunk) => loaded.has(chunk.file))
    .flatMap((chunk) => chunk.modules.map((module) => module.id));
}

/** One script or stylesheet a page loaded, with its gzip size (level 9). */
export interface LoadedFile {
  /** Path under the site's root without the leading slash: `assets/index-abc.js`. */
  file: string;
  type: 'script' | 'stylesheet';
  gzip: number;
}

export interface PageLoad {
  files: LoadedFile[];
  js: number;
  css: number;
}

/**
 * Watches a page and records every script and stylesheet it loads with its gzip size
 * (what a CDN would send). Responses from the browser's cache count too: the figure is
 * what the page needs, not what this visit happened to download.
 */
export function recordPageLoad(page: Page): { reset(): void; read(): Promise<PageLoad> } {
  let pending: Promise<LoadedFile>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const file = new URL(response.url()).pathname.replace(/^\//, '');
    pending.push(
      response.body().then((body) => ({ file, type, gzip: gzipSync(body, { level: 9 }).length })),
    );
  });
  return {
    reset: () => (pending = []),
    read: async () => pageLoadOf(await Promise.all(pending)),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** `node_modules/zod/v4/core/schemas.js` → `zod/v4/core/schemas.js`; `web/src/x.ts` → `x.ts`. */
function shortId(id: string): string {
  return id.replace(/^.*node_modules\//, '').replace(/^web\/src\//, '');
}

/**
 * What a module belongs to, for grouping a chunk's content: a package (a Cloudscape
 * component or internal folder on its own), or a folder of the app.
 */
function ownerOf(id: string): string {
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(id);
  if (inPackage) {
    const [, name, rest] = inPackage;
    if (name === '@cloudscape-design/components') {
      const [first, second] = (rest ?? '').split('/');
      return `${name}/${first === 'internal' ? `internal/${second}` : first}`;
    }
    return name!;
  }
  const parts = shortId(id).split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts.join('/');
}

/**
 * The shortest import chain from the page's entry to each module, through modules the
 * page loaded (or that left no code of their own, such as re-exports), never through a
 * chunk the page did not load: the chain says why this page has the module, not why
 * another page does. Dynamic imports are marked `⇢`.
 */
function importChains(stats: BundleStats, loadedFiles: Set<string>): Map<string, string[]> {
  const notLoaded = new Set(
    stats.chunks
      .filter((chunk) => !loadedFiles.has(chunk.file))
      .flatMap((chunk) => chunk.modules.map((module) => module.id)),
  );
  const entry = stats.chunks.find((chunk) => chunk.isEntry && chunk.facade);
  const chains = new Map<string, string[]>();
  if (!entry?.facade) return chains;
  chains.set(entry.facade, []);
  const queue = [entry.facade];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const node = stats.graph[id];
    if (!node) continue;
    const edges = [
      ...node.imports.map((to) => [to, '→'] as const),
      ...node.dynamicImports.map((to) => [to, '⇢'] as const),
    ];
    for (const [to, arrow] of edges) {
      if (chains.has(to) || notLoaded.has(to)) continue;
      chains.set(to, [...chains.get(id)!, `${arrow} ${to}`]);
      queue.push(to);
    }
  }
  return chains;
}

/**
 * A chain as read by a person: the app's own steps, then where it enters a package and
 * the last two steps inside packages (`…` for what is between).
 */
function formatChain(steps: string[] | undefined): string {
  if (!steps) return '(not reached from the entry)';
  const firstPackage = steps.findIndex((step) => step.includes('node_modules/'));
  const shown =
    firstPackage === -1 || steps.length - firstPackage <= 3
      ? steps
      : [...steps.slice(0, firstPackage + 1), '…', ...steps.slice(-2)];
  return shown
    .map((step) => (step === '…' ? step : `${step.slice(0, 1)} ${shortId(step.slice(2))}`))
    .join(' ')
    .replace(/^[→⇢] /, '');
}

interface Explained {
  file: string;
  gzip: number;
  kind: string;
  /** The share of the file that is the app's own code (web/src, lambdas/shared). */
  appShare: number;
  groups: { owner: string; share: number; top: string; chain: string }[];
}

/**
 * Explains a page's load: its largest scripts and stylesheets, and in each the largest
 * parts (package, Cloudscape component, or app folder) with their share of the file and
 * the import chain from the page's entry to their largest module.
 */
export function explainPageLoad(
  load: PageLoad,
  stats: BundleStats,
  options: { files?: number; parts?: number } = {},
): string[] {
  const { files: fileCount = 6, parts: partCount = 4 } = options;
  const loadedFiles = new Set(load.files.map((file) => file.file));
  const loadedChunks = stats.chunks.filter((chunk) => loadedFiles.has(chunk.file));
  const chains = importChains(stats, loadedFiles);
  const chainOf = (id: string) => formatChain(chains.get(id));

  const explain = (file: LoadedFile): Explained => {
    const isCss = file.type === 'stylesheet';
    const chunks = isCss
      ? loadedChunks.filter((chunk) => chunk.css.includes(file.file))
      : loadedChunks.filter((chunk) => chunk.file === file.file);
    const modules = chunks.flatMap((chunk) =>
      isCss
        ? chunk.modules
            .filter((module) => module.id in stats.css)
            .map((module) => ({ id: module.id, bytes: stats.css[module.id]! }))
        : chunk.modules.filter((module) => !(module.id in stats.css)),
    );
    const total = modules.reduce((sum, module) => sum + module.bytes, 0) || 1;
    const appBytes = modules
      .filter((module) => /^(web|lambdas)\//.test(module.id))
      .reduce((sum, module) => sum + module.bytes, 0);
    const byOwner = new Map<string, { bytes: number; top: { id: string; bytes: number } }>();
    for (const module of modules) {
      const owner = ownerOf(module.id);
      const group = byOwner.get(owner) ?? { bytes: 0, top: module };
      group.bytes += module.bytes;
      if (module.bytes > group.top.bytes) group.top = module;
      byOwner.set(owner, group);
    }
    const chunk = chunks[0];
    const kind = isCss
      ? `CSS of ${chunks.map((owner) => owner.file.replace(/^assets\//, '')).join(', ') || '?'}`
      : chunk?.isEntry
        ? 'entry'
        : chunk?.isDynamicEntry
          ? `lazy: ${shortId(chunk.facade ?? chunk.name)}`
          : 'shared chunk';
    return {
      file: file.file,
      gzip: file.gzip,
      kind,
      appShare: appBytes / total,
      groups: [...byOwner.entries()]
        .sort(([, a], [, b]) => b.bytes - a.bytes)
        .map(([owner, group]) => ({
          owner,
          share: group.bytes / total,
          top: shortId(group.top.id),
          chain: chainOf(group.top.id),
        })),
    };
  };

  const lines: string[] = [];
  for (const type of ['script', 'stylesheet'] as const) {
    const ofType = load.files.filter((file) => file.type === type).map(explain);
    const noun = type === 'script' ? 'scripts' : 'stylesheets';
    // Across the page: each part's share of its files, in gzip bytes (an estimate: a
    // part's share of a file's size before compression, applied to the compressed file).
    const parts = new Map<string, { gzip: number; files: number; chain: string }>();
    for (const file of ofType) {
      for (const group of file.groups) {
        const part = parts.get(group.owner) ?? { gzip: 0, files: 0, chain: group.chain };
        part.gzip += group.share * file.gzip;
        part.files += 1;
        parts.set(group.owner, part);
      }
    }
    const own = ofType.reduce((sum, file) => sum + file.appShare * file.gzip, 0);
    const all = ofType.reduce((sum, file) => sum + file.gzip, 0);
    lines.push(
      `  ${noun}: ${kb(all)}, of which packages ≈ ${kb(all - own)}, the app's own code ≈ ${kb(own)}`,
    );
    lines.push(`  largest parts of all ${ofType.length} ${noun}:`);
    for (const [owner, part] of [...parts.entries()]
      .sort(([, a], [, b]) => b.gzip - a.gzip)
      .slice(0, fileCount * 2)) {
      lines.push(`    ≈${kb(part.gzip).padStart(9)}  ${owner} (${part.files} files)`);
      lines.push(`              via ${part.chain}`);
    }
    const largest = [...ofType].sort((a, b) => b.gzip - a.gzip).slice(0, fileCount);
    lines.push(`  largest ${noun} (${largest.length} of ${ofType.length}):`);
    for (const file of largest) {
      lines.push(`    ${kb(file.gzip).padStart(9)}  ${file.file}  (${file.kind})`);
      for (const group of file.groups.slice(0, partCount)) {
        const share = `${Math.round(group.share * 100)}%`.padStart(4);
        lines.push(`        ${share} ≈${kb(group.share * file.gzip).padStart(9)}  ${group.owner}`);
        lines.push(`              via ${group.chain}`);
      }
    }
  }
  return lines;
}
