import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { functionBundleOptions, repositoryRoot } from '../../lib/constructs/function';
import { handlerModules, reportFunction } from '../bench/functions';

/**
 * Bundle sizes as CDK builds them (lib/constructs/function.ts), so a change cannot
 * silently grow them back: a function that must grow past its budget says why in the
 * commit that raises it. Timings stay in `npm run bench -- functions`.
 */
const budgets: [test: (module: string) => boolean, kilobytes: number, what: string][] = [
  [
    (module) => module === reportFunction,
    900,
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
    440,
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
    () => true,
    420,
    'every other function: DynamoDB, Cognito, Powertools, middy, zod, schemas, English messages',
  ],
];

const budgetOf = (module: string) => budgets.find(([applies]) => applies(module))!;

describe('function bundles', () => {
  it('stay within their budgets', async () => {
    const modules = await handlerModules(repositoryRoot);
    // The functions named above still exist (a renamed one would fall to the default budget).
    expect(modules).toEqual(
      expect.arrayContaining([
        reportFunction,
        'lambdas/labels/handler.ts',
        'lambdas/resolver/handler.ts',
        'lambdas/resolver/unit-handler.ts',
      ]),
    );
    const result = await build({
      ...functionBundleOptions('', ''),
      entryPoints: Object.fromEntries(
        modules.map((module) => [module.replace(/\.ts$/, ''), module]),
      ),
      outfile: undefined,
      outdir: 'bundles',
      write: false,
      sourcemap: false,
      metafile: true,
    });
    const sizes = Object.fromEntries(
      Object.entries(result.metafile.outputs)
        .filter(([, output]) => output.entryPoint)
        .map(([, output]) => [output.entryPoint!, output.bytes]),
    );
    expect(Object.keys(sizes).sort()).toEqual([...modules].sort());
    const over = Object.entries(sizes)
      .map(([module, bytes]) => {
        const [, budget, what] = budgetOf(module);
        return { module, kilobytes: Math.ceil(bytes / 1024), budget, what };
      })
      .filter((size) => size.kilobytes > size.budget);
    expect(over).toEqual([]);
  }, 120_000);
});
