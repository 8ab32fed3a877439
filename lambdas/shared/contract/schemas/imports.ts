import * as z from 'zod';

/**
 * Imports of the catalogue from CSV files (docs/api.md, "Imports"): products and serial
 * number ranges, in the columns of the lists' exports. What the web app needs to know of them
 * before it sends a file (the limits) and what the server answers, kept apart from the
 * readers (product-import.ts, serial-range-import.ts), which carry the input schemas.
 */

/** Rows one import may hold: a 5,000-product catalogue goes in one file. */
export const maxImportRows = 5_000;

/**
 * The largest file an import takes: 3 MB. A 5,000-row product export with both languages'
 * texts is about 1.5 MB. Lambda takes at most 6 MB per request, the event's headers and the
 * body's escaping in it (a quote or a line end is two characters there) included.
 */
export const importBodyLimitBytes = 3_000_000;

/**
 * The time an import may take on the server (the function's limit): checking a whole file
 * against the catalogue and writing it. API Gateway's HTTP API gives up after 30 s.
 */
export const importTimeoutSeconds = 28;

/**
 * `?dryRun=`: whether to check everything and store nothing; `true` or `1` is on, `false`, `0`
 * or none off, anything else refused.
 */
export const dryRunFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** The longest file name an import records. */
export const importFileNameMaxLength = 200;

/**
 * `?dryRun=true`: check the whole file and store nothing. `fileName`: the file's name, which
 * the import's audit entries record (control characters dropped, at most 200 characters).
 */
export const importQuerySchema = z.strictObject({
  dryRun: dryRunFlag,
  fileName: z
    .string()
    .transform((value) =>
      // Control and invisible characters would break log lines and exports: dropped.
      value
        .replace(/[\p{Cc}\p{Cf}\uFFFD]/gu, '')
        .trim()
        .slice(0, importFileNameMaxLength),
    )
    .optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

/**
 * What an import did: the file's rows, and the records it created (none on a dry run, which
 * answers how many it would create: `rows`). A file with any problem is refused whole (400,
 * every problem named `row <line>.<column>`), nothing stored.
 */
export const importSummarySchema = z.object({
  rows: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  dryRun: z.boolean(),
  /** The import's batch id: its audit entries' record id (null on a dry run). */
  batchId: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
