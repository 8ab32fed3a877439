import * as z from 'zod';
import { errorBodySchema } from './error-body';

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
 * The largest file an import takes in parts: 20 MB. A file over {@link importBodyLimitBytes}
 * goes up in parts of at most that size (`PUT /api/imports/uploads/{uploadId}/parts/{part}`),
 * then the import names the upload instead of carrying a body. 5,000 products with every
 * text of both languages at its longest are about 13 MB.
 */
export const importFileLimitBytes = 20_000_000;

/** The parts one upload may have: a file of {@link importFileLimitBytes} in parts of 3 MB. */
export const maxImportParts = Math.ceil(importFileLimitBytes / importBodyLimitBytes);

/** An upload's id: a UUID the page makes (its parts are kept under the caller's own name). */
const uploadIdField = z.uuid();

/** `PUT /api/imports/uploads/{uploadId}/parts/{part}`: one part of a file, numbered from 1. */
export const importPartParams = z.strictObject({
  uploadId: uploadIdField,
  part: z.coerce.number().int().min(1).max(maxImportParts),
});

/**
 * The time the import request may take: checking a whole file against the catalogue (a
 * 5,000-row file takes seconds). API Gateway's HTTP API gives up after 30 s. The writing is
 * done by the import worker, which has minutes ({@link importWorkerSeconds}).
 */
export const importTimeoutSeconds = 28;

/**
 * The time the import worker may take for one file (its function's limit, Lambda's 15
 * minutes less a margin): checking it again, writing it, and undoing what it wrote when it
 * cannot finish (half the time is kept for the undo).
 */
export const importWorkerSeconds = 14 * 60;

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
 * `uploadId` and `parts` (both or neither): the file was sent in parts; the body is empty.
 */
export const importQuerySchema = z.strictObject({
  dryRun: dryRunFlag,
  /** A file sent in parts: the upload, and how many parts it has (the request's body empty). */
  uploadId: uploadIdField.optional(),
  parts: z.coerce.number().int().min(1).max(maxImportParts).optional(),
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
 * A dry run's answer: the file's rows, all of which an import would create (`created` is 0,
 * `batchId` null). A file with any problem is refused whole (400, every problem named
 * `row <line>.<column>`), nothing stored.
 */
export const importSummarySchema = z.object({
  rows: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  dryRun: z.boolean(),
  /** The import's batch id: its audit entries' record id (null on a dry run). */
  batchId: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/**
 * Where an import stands (docs/api.md, "Imports"): `queued` (checked and kept, the worker
 * not yet on it), `writing` (`written` of `rows` stored so far), `undoing` (it stopped and
 * takes back what it wrote), then `stored` (every row), `refused` (nothing stored: the rows
 * someone else's change took meanwhile, or a problem the file has now, named in `error` as
 * the request's refusal names them) or `failed` (`error` says why; `kept` rows stayed when
 * the undo could not take them back).
 */
export const importStatuses = [
  'queued',
  'writing',
  'undoing',
  'stored',
  'refused',
  'failed',
] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** The statuses an import ends in. */
export const finishedImportStatuses: readonly ImportStatus[] = ['stored', 'refused', 'failed'];

export const importJobSchema = z.object({
  /** The import's batch id: its audit entries' record id, and `GET /api/imports/{id}`'s. */
  id: z.string(),
  kind: z.enum(['product', 'serial-range']),
  status: z.enum(importStatuses),
  rows: z.number().int().nonnegative(),
  /** Rows stored so far (all of them when `stored`, none when `refused`). */
  written: z.number().int().nonnegative(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why it was refused or failed: the standard error body's `error`. */
  error: errorBodySchema.shape.error.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
