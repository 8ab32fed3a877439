import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { functionBundleOptions, repositoryRoot } from '../../lib/constructs/function';
import { routes } from '../../lambdas/routes';
import { hasRoles } from '../../lambdas/shared/route-spec';
import { handlerModules, reportFunction } from '../bench/functions';

/**
 * Bundle sizes as CDK builds them (lib/constructs/function.ts), so a change cannot
 * silently grow them back: a function that must grow past its budget says why in the
 * commit that raises it. Timings stay in `npm run bench -- functions`.
 */
const budgets: [test: (module: string) => boolean, kilobytes: number, what: string][] = [
  [
    (module) => module === reportFunction,
    860,
    'the public report request: it renders the PDF (fonts and wasm sit beside the bundle)',
  ],
  [
    (module) => module === 'lambdas/labels/handler.ts',
    700,
    'nameplate labels: they render PDFs as the report does (pdf-lib, qrcode core, fonts beside the bundle), without S3',
  ],
  [
    (module) =>
      ['lambdas/resolver/handler.ts', 'lambdas/resolver/unit-handler.ts'].includes(module),
    // 400 until the unit became a record (its messages in both languages, material rules)
    // and the resolver decompressed compressed Digital Links (3 kB); 412 since it counts
    // each look-up against the client's quota (the conditional update, 3 kB); 416 since the
    // route contract (the answers' schemas and their check, 4 kB).
    416,
    'the public identification-link resolver and unit data: one range lookup, no PDF code, texts in both languages',
  ],
  [
    (module) =>
      [
        'lambdas/report-requests/pdf-handler.ts',
        'lambdas/report-requests/mailer.ts',
        'lambdas/health/handler.ts',
      ].includes(module),
    640,
    'functions that read PDFs from S3, mail them through SES, or probe every service',
  ],
  [
    (module) => module.startsWith('lambdas/products/'),
    440,
    'product functions: the input schemas check product texts against the 16 kB list of characters the PDF fonts draw',
  ],
  [
    // 420 until the unit became a record: the upload now checks benches, materials and
    // production dates, and the catalogue carries the unit's messages.
    () => true,
    428,
    'every other function: DynamoDB, Cognito, Powertools, middy, zod, schemas, English messages',
  ],
];

const budgetOf = (module: string) => budgets.find(([applies]) => applies(module))!;

async function buildFunctions() {
  const modules = await handlerModules(repositoryRoot);
  const result = await build({
    ...functionBundleOptions('', ''),
    entryPoints: Object.fromEntries(modules.map((module) => [module.replace(/\.ts$/, ''), module])),
    outfile: undefined,
    outdir: 'bundles',
    write: false,
    sourcemap: false,
    metafile: true,
  });
  const outputs = Object.values(result.metafile.outputs).filter((output) => output.entryPoint);
  return { modules, outputs };
}

describe('function bundles', () => {
  // One build serves both tests.
  const built = buildFunctions();

  it('stay within their budgets', async () => {
    const { modules, outputs } = await built;
    // The functions named above still exist (a renamed one would fall to the default budget).
    expect(modules).toEqual(
      expect.arrayContaining([
        reportFunction,
        'lambdas/labels/handler.ts',
        'lambdas/resolver/handler.ts',
        'lambdas/resolver/unit-handler.ts',
      ]),
    );
    const sizes = Object.fromEntries(outputs.map((output) => [output.entryPoint!, output.bytes]));
    expect(Object.keys(sizes).sort()).toEqual([...modules].sort());
    const over = Object.entries(sizes)
      .map(([module, bytes]) => {
        const [, budget, what] = budgetOf(module);
        return { module, kilobytes: Math.ceil(bytes / 1024), budget, what };
      })
      .filter((size) => size.kilobytes > size.budget);
    expect(over).toEqual([]);
  }, 120_000);

  it('carry the standing check (and Cognito’s client with it) only for routes with roles', async () => {
    const { outputs } = await built;
    const withRoles = new Set(routes.filter(hasRoles).map((route) => route.handler));
    const standing = 'lambdas/shared/http/standing.ts';
    const found = outputs.map((output) => ({
      module: output.entryPoint!,
      standing: (output.inputs[standing]?.bytesInOutput ?? 0) > 0,
    }));
    expect(found.filter((entry) => entry.standing).length).toBeGreaterThan(0);
    expect(found).toEqual(found.map(({ module }) => ({ module, standing: withRoles.has(module) })));
  }, 120_000);
});
