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
    // 860 until the catalogue named every problem of an import and the activity's names
    // (both languages' messages ride in every function, 2 kB here). 1,100 since reports are
    // signed (docs/report-signatures.md): the KMS and SSM clients of the signing key and its
    // chain (105 kB), asn1js for the CMS and the timestamp (53 kB), the PAdES signer, the
    // timestamp client, the conformity credential and its texts (about 40 kB with their
    // catalogue entries). pkijs stays out of every function (300 kB of crypto engine set-up).
    1100,
    'the public report request: it renders the PDF (fonts and wasm sit beside the bundle)',
  ],
  [
    (module) =>
      [
        'lambdas/report-requests/signature-check-handler.ts',
        'lambdas/report-requests/did-handler.ts',
      ].includes(module),
    // The signing key's public side: the KMS client for GetPublicKey (28 kB), the
    // certificate parse (asn1js, 50 kB), and for the signature check the PDF signature's
    // parse and verification.
    490,
    'the signature check of a PDF and the DID document: the signing key read, never used to sign',
  ],
  [
    (module) => ['lambdas/labels/handler.ts', 'lambdas/labels/run-handler.ts'].includes(module),
    700,
    'nameplate labels: they render PDFs as the report does (pdf-lib, qrcode core, fonts beside the bundle), without S3',
  ],
  [
    (module) =>
      ['lambdas/resolver/handler.ts', 'lambdas/resolver/unit-handler.ts'].includes(module),
    // 400 until the unit became a record (its messages in both languages, material rules)
    // and the resolver decompressed compressed Digital Links (3 kB); 412 since it counts
    // each look-up against the client's quota (the conditional update, 3 kB); 416 since the
    // route contract (the answers' schemas and their check, 4 kB); 428 since the catalogue
    // carries the imports', bulk actions' and activity's messages in both languages (3.8 kB),
    // the audit writer reaches zod's record schema (ZodRecord and its processor, 4 kB: every
    // function pays it, entries now name what they change) and the products repository sets
    // up its search index (0.4 kB). 436 since the linkset lists the unit's conformity
    // credentials (their Query, 1 kB) and the catalogue carries the report signature's and
    // credential's texts in both languages (3 kB).
    436,
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
    (module) =>
      [
        'lambdas/products/import-handler.ts',
        'lambdas/serial-ranges/import-handler.ts',
        'lambdas/imports/part-handler.ts',
        'lambdas/imports/worker.ts',
      ].includes(module),
    // The products import's 456 (a product function, and a file read in one pass: every row's
    // schema and every problem named, contract/csv-records.ts, problems.ts) and the range
    // import's 444, until the imports were written by a worker: the requests keep the checked
    // file in S3 (the S3 client, about 150 kB), and the worker reads it and writes both kinds
    // (parts and undo, data/import-batch.ts, import-refusals.ts).
    640,
    'the catalogue imports: a CSV file checked whole and kept in S3, and the worker that writes it',
  ],
  [
    (module) =>
      ['lambdas/machine-data/upload-handler.ts', 'lambdas/machine-data/ingest-handler.ts'].includes(
        module,
      ),
    // The default's 428 until a batch was checked whole in one pass, every problem named
    // (contract/csv-records.ts, problems.ts; the upload's dry run): 444. 452 since the quality
    // statistics are kept with the results: each
    // write moves its unit-tests' states and day items (statistics/aggregates.ts, the exact
    // decimals of data/decimal.ts): 5 kB. 456: the second factor's standing check and texts
    // (see the default below).
    456,
    'bench batches and result uploads: every problem of every row in one answer, and the statistics kept with the results',
  ],
  [
    (module) => module === 'lambdas/machine-data/void-handler.ts',
    // The default's 434 until a void took its result out of the quality statistics
    // (statistics/aggregates.ts, data/decimal.ts): 2–5 kB. 444: the second factor's standing
    // check and texts (see the default below).
    444,
    'the void of a result: every other function’s, and the statistics it moves',
  ],
  [
    (module) => module.startsWith('lambdas/products/'),
    // 440 until products were found by any word: the word rules and the index written with
    // every product write (contract/search-words.ts, products/search-index.ts, 4 kB), with the
    // catalogue's and zod's growth every function has (see the default below). 450 since
    // the keys of the quality statistics (0.5 kB of keys.ts, in every function). 454 since
    // the catalogue carries the report signature's and credential's texts (3 kB). 458: the
    // second factor's standing check and texts (see the default below).
    458,
    'product functions: the input schemas check product texts against the 16 kB list of characters the PDF fonts draw',
  ],
  [
    (module) =>
      ['lambdas/units/record-handler.ts', 'lambdas/audit/list-handler.ts'].includes(module),
    // The default until entries named people and records: these two read the trail, and name
    // entries written before names were kept from the records now (data/audit-labels.ts and
    // its BatchGetItem, 4.5 kB). 436 since the catalogue carries the report signature's and
    // credential's texts (3 kB). 440: the second factor's standing check and texts (see the
    // default below).
    440,
    'readers of the audit trail: every other function’s, and the names of older entries',
  ],
  [
    (module) => module === 'lambdas/statistics/handler.ts',
    // The default's, and the five statistics in one function (one pipeline each; lib/
    // constructs/api.ts keeps the stack within CloudFormation's 500 resources): 1 kB.
    446,
    'the quality statistics: yield, Pareto, capability, values and their filters, read only',
  ],
  [
    (module) => module === 'lambdas/staff/staff-handler.ts',
    // The default's, and the six routes of staff accounts in one function (lib/constructs/
    // api.ts keeps the stack within CloudFormation's 500 resources): invitations, resets of
    // a password or an authenticator app, the list's sort and filters (2 kB).
    448,
    'staff accounts: the Cognito admin APIs, the list read with every account’s security record',
  ],
  [
    // 420 until the unit became a record: the upload now checks benches, materials and
    // production dates, and the catalogue carries the unit's messages. 428 until the imports,
    // bulk actions and readable activity: their messages in the catalogue (1.4 kB of English
    // here) and zod's record schema reached through the audit writer (4 kB). 438 since the
    // catalogue carries the report signature's and credential's texts in both languages (3 kB).
    // 442 since admins need a second factor (docs/access-control.md): every function with
    // roles reads the account's security record in its standing check and weighs its token's
    // times (1.5 kB), and the catalogue carries the invitation, reset and account texts (1.5 kB).
    () => true,
    442,
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
        'lambdas/labels/run-handler.ts',
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
