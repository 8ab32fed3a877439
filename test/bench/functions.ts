import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import {
  bundleAliases,
  functionBundleOptions,
  repositoryRoot,
} from '../../lib/constructs/function';

/**
 * `npm run bench -- functions`: each Lambda function's bundle, built as CDK builds it
 * (lib/constructs/function.ts: ESM, minified, node22, every dependency bundled), its
 * size and the packages that make it up (esbuild's metafile), and its module init: the
 * median time of `import()` of the bundle in a fresh Node process, next to a hello-world
 * bundle built the same way. `FUNCTIONS_ROOT=<checkout>` measures another checkout of
 * the project (e.g. an older commit) with this same method.
 */

/** The esbuild options CDK's NodejsFunction uses for this project's functions. */
export function bundleOptions(entry: string, outfile: string, root = repositoryRoot) {
  return {
    ...functionBundleOptions(entry, outfile),
    absWorkingDir: root,
    alias: root === repositoryRoot ? { ...bundleAliases } : {},
    metafile: true,
  };
}

/** The handler modules CDK builds functions from (the API's, the mailer, triggers, migrations). */
export async function handlerModules(root: string): Promise<string[]> {
  const { handlerModules: api } = (await import(join(root, 'lambdas/routes.ts'))) as {
    handlerModules: () => string[];
  };
  return [
    ...api(),
    'lambdas/report-requests/mailer.ts',
    'lambdas/report-requests/suppression-handler.ts',
    'lambdas/auth/custom-message.ts',
    'lambdas/migrations/handler.ts',
  ];
}

/** Bundle bytes by package (or by the project's own folders), largest first. */
export function contents(metafile: Metafile, output: string): [string, number][] {
  const inputs = metafile.outputs[output]?.inputs ?? {};
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const name = match ? match[1]! : path.split('/').slice(0, 3).join('/');
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return [...byPackage].sort((a, b) => b[1] - a[1]);
}

/** The environment every function parses at start-up (lambdas/shared/config.ts). */
const environment = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'table',
  USER_POOL_ID: 'us-east-1_pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports',
  MAIL_FROM: 'reports@example.com',
  LOG_LEVEL: 'silent',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
};

/** Median milliseconds of `import()` of a bundle, each in a fresh Node process. */
function initTime(bundle: string, runs: number): number {
  const script =
    `const t = performance.now(); await import(${JSON.stringify(bundle)}); ` +
    'process.stdout.write(String(performance.now() - t));';
  const times = Array.from({ length: runs }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, ...environment },
        encoding: 'utf8',
      }),
    ),
  ).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The public report request: it renders the PDF, with its own budget. */
export const reportFunction = 'lambdas/report-requests/create-handler.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export interface FunctionFigures {
  module: string;
  bytes: number;
  initMs: number;
  top: [string, number][];
}

/** Builds and measures every function of the checkout at `root`. */
export async function measureFunctions(
  root = repositoryRoot,
  runs = 5,
): Promise<{ hello: FunctionFigures; floors: FunctionFigures[]; functions: FunctionFigures[] }> {
  const out = mkdtempSync(join(tmpdir(), 'trc-bench-functions-'));
  const measureOne = async (
    module: string,
    entry: string,
    buildRoot = root,
  ): Promise<FunctionFigures> => {
    const name = module.replace(/[^A-Za-z0-9]+/g, '-');
    const outfile = join(out, name, 'index.mjs');
    mkdirSync(join(out, name), { recursive: true });
    const metafile = (await build(bundleOptions(entry, outfile, buildRoot))).metafile!;
    const output = Object.keys(metafile.outputs).find((path) => path.endsWith('.mjs'))!;
    return {
      module,
      bytes: statSync(outfile).size,
      initMs: initTime(outfile, runs),
      top: contents(metafile, output).slice(0, 6),
    };
  };
  const helloEntry = join(out, 'hello.mjs');
  writeFileSync(helloEntry, 'export const handler = async () => ({ statusCode: 200 });\n');
  const hello = await measureOne('hello-world', helloEntry);
  // What no function can go below, whichever checkout is measured (./function-floors).
  const floors: FunctionFigures[] = [];
  for (const floor of ['sdk', 'platform']) {
    const entry = join(repositoryRoot, `test/bench/function-floors/${floor}.ts`);
    floors.push(await measureOne(`${floor} floor`, entry, repositoryRoot));
  }
  const functions: FunctionFigures[] = [];
  for (const module of await handlerModules(root)) {
    functions.push(await measureOne(module, join(root, module)));
  }
  return { hello, floors, functions };
}

export async function run(): Promise<void> {
  const root = resolve(process.env.FUNCTIONS_ROOT ?? repositoryRoot);
  console.log(`checkout: ${root}`);
  const { hello, floors, functions } = await measureFunctions(root);
  console.log(`hello-world: ${kb(hello.bytes)}, init ${hello.initMs.toFixed(1)} ms`);
  for (const floor of floors) {
    console.log(
      `${floor.module} (test/bench/function-floors): ${kb(floor.bytes)}, init ` +
        `${floor.initMs.toFixed(1)} ms = ${(floor.initMs / hello.initMs).toFixed(1)}× hello-world`,
    );
  }
  console.log('function | bundle | init (median of 5) | × hello | largest parts');
  for (const fn of functions) {
    console.log(
      [
        fn.module,
        kb(fn.bytes),
        `${fn.initMs.toFixed(1)} ms`,
        `${(fn.initMs / hello.initMs).toFixed(1)}×`,
        fn.top.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', '),
      ].join(' | '),
    );
  }
  // Every function but the report's (which renders PDFs) is "typical".
  const typical = functions.filter((fn) => fn.module !== reportFunction);
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const report = functions.find((fn) => fn.module === reportFunction)!;
  console.log(
    `typical function: median bundle ${kb(median(typical.map((fn) => fn.bytes)))}, ` +
      `largest ${kb(Math.max(...typical.map((fn) => fn.bytes)))}; median init ` +
      `${median(typical.map((fn) => fn.initMs)).toFixed(1)} ms = ` +
      `${(median(typical.map((fn) => fn.initMs)) / hello.initMs).toFixed(1)}× hello-world`,
  );
  console.log(`report function: bundle ${kb(report.bytes)}, init ${report.initMs.toFixed(1)} ms`);
  console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
}
