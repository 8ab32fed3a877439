import * as z from 'zod';
import { type CsvRowProblem } from '../csv';
import { csvRecordCells, readCsvRecords, type CsvRecordRow } from '../csv-records';
import { dryRunFlag } from './imports';
import type { MessageRef } from '../validation';
import { measurementField } from '../numbers';
import { canonical, freeText, optionalFreeText } from '../text';
import { auditSchema, listPageSchema } from './records';
import { testOutcomes } from './report-words';
import { isoDateField, serialField } from './serial-range';

/** Results one request may carry (ingest batch or one uploaded CSV chunk). */
export const maxResultsPerBatch = 500;
/**
 * The time a batch (an ingest or an upload part of up to {@link maxResultsPerBatch} results)
 * may take: each result is written with its quality statistics, about 20 items, so a whole
 * batch on a busy 2-core machine can pass the default 10 s (seen beside other tests).
 * API Gateway's HTTP API gives up after 30 s.
 */
export const resultBatchTimeoutSeconds = 28;

/** Test benches' clocks may run a little ahead; more than this is a wrong timestamp. */
const clockSkewMs = 5 * 60_000;

/**
 * The earliest test time taken (docs/machine-data.md): earlier times are a bench clock that
 * was never set or a zero date (0001-01-01, 1970-01-01 Unix time 0), not a test.
 */
export const earliestTestedAt = '2000-01-01T00:00:00Z';

const testedAtField = z
  .string()
  .trim()
  .pipe(z.iso.datetime({ offset: true }))
  .transform((value) => new Date(value).toISOString())
  .refine((value) => Date.parse(value) <= Date.now() + clockSkewMs, {
    params: { rule: 'future' },
  })
  .refine((value) => Date.parse(value) >= Date.parse(earliestTestedAt), {
    params: { rule: 'testedAtMin', min: earliestTestedAt },
  });

/** The longest test name a result carries (and the results list filters by). */
export const testNameMaxLength = 100;

const resultShape = {
  serialNumber: serialField,
  testName: freeText(testNameMaxLength),
  result: z.enum(testOutcomes),
  value: measurementField()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  unit: optionalFreeText(20),
  testedAt: testedAtField,
  operator: optionalFreeText(100),
  notes: optionalFreeText(500),
};

/**
 * One test result as a machine sends it: its machine is the one its key belongs to, so
 * `machineId` may be left out (when given, it must name that machine).
 */
export const ingestResultSchema = z.strictObject({
  ...resultShape,
  machineId: optionalFreeText(100),
});

/** `POST /api/machine-data/ingest` (machine key): a batch of results. */
export const ingestBatchSchema = z.strictObject({
  results: z.array(ingestResultSchema).min(1).max(maxResultsPerBatch),
});
export type IngestBatch = z.infer<typeof ingestBatchSchema>;

/**
 * What the ingest's pipeline checks of a batch (contract/api-spec.ts `batchEnvelope`): its
 * size; the handler checks every row with {@link ingestResultSchema} together with the
 * ranges and plans, and names every problem of the batch in one answer.
 */
export const ingestEnvelopeSchema = z.strictObject({
  results: z.array(z.unknown()).min(1).max(maxResultsPerBatch),
});
export type IngestEnvelope = z.infer<typeof ingestEnvelopeSchema>;

/** `POST /api/machine-data?dryRun=true`: check the file as the upload would, store nothing. */
export const uploadQuerySchema = z.strictObject({ dryRun: dryRunFlag });
export type UploadQuery = z.infer<typeof uploadQuerySchema>;

/** A result staff upload from a CSV file: the machine must be named. */
export const uploadResultSchema = z.strictObject({ ...resultShape, machineId: freeText(100) });
export type TestResultFields = z.infer<typeof uploadResultSchema>;

/** The CSV columns of an upload (and of the export), in this order. */
export const testResultColumns = [
  'serialNumber',
  'testName',
  'result',
  'value',
  'unit',
  'testedAt',
  'machineId',
  'operator',
  'notes',
] as const;

/**
 * What a batch did: results stored now, and re-sent ones that were already stored. A dry run
 * (`dryRun: true`) stores nothing and answers what it would do: `stored` the results it would
 * store, `duplicates` those already stored.
 */
export const ingestSummarySchema = z.object({
  received: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  dryRun: z.boolean().optional(),
});
export type IngestSummary = z.infer<typeof ingestSummarySchema>;

export { testResultSchema, type TestResult } from './test-result';

/** `POST /api/machine-data/{id}/void`: why the result is wrong (kept with it, audited). */
export const voidResultSchema = z.strictObject({
  reason: freeText(500).refine((reason) => [...reason].length >= 3, {
    params: { rule: 'minLength', min: 3 },
  }),
});
export type VoidResultInput = z.infer<typeof voidResultSchema>;

/**
 * A result's `id` in the API: the unit's serial (base64url) and the result's own id (a
 * hash of its key fields), so the result is found in its unit's partition without an index.
 */
export const resultIdPattern = /^[A-Za-z0-9_-]{1,80}\.[A-Za-z0-9_-]{22}$/;

/** `{id}` of a result; any other shape is answered `not-found` without a read. */
export const resultIdParams = z.strictObject({ id: z.string().regex(resultIdPattern) });

/**
 * `GET /api/machine-data`: newest first. With `serial`, that unit's whole history;
 * otherwise every result, optionally within `from`–`to` (tested dates, inclusive),
 * of one `testName` and one `result`.
 */
export const listTestResultsQuerySchema = z
  .strictObject({
    limit: listPageSchema.limit,
    cursor: listPageSchema.cursor,
    serial: serialField.optional(),
    testName: z.string().trim().max(testNameMaxLength).transform(canonical).optional(),
    result: z.enum(testOutcomes).optional(),
    from: isoDateField.optional(),
    to: isoDateField.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    params: { rule: 'dateOrder' },
  });
export type ListTestResultsQuery = z.infer<typeof listTestResultsQuerySchema>;

/** `GET /api/machines` (admin): machines in name order, a page at a time. */
export const listMachinesQuerySchema = z.strictObject({
  limit: listPageSchema.limit,
  cursor: listPageSchema.cursor,
});

/** `POST /api/machines` (admin): a machine key for one test bench. */
export const createMachineSchema = z.strictObject({
  name: freeText(60).refine((value) => /^[\p{L}\p{N} ._()-]+$/u.test(value), {
    params: { rule: 'machineName' },
  }),
  note: optionalFreeText(200),
});
export type CreateMachineInput = z.infer<typeof createMachineSchema>;

export const machineSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    note: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    revokedBy: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type Machine = z.infer<typeof machineSchema>;

/** `201` of `POST /api/machines`: the key appears here once and is never stored. */
export const machineCreatedSchema = z.object({ machine: machineSchema, key: z.string().min(1) });
export type MachineCreated = z.infer<typeof machineCreatedSchema>;

/**
 * Columns the results export adds after the upload's (web: machine-data/result-csv.ts): what
 * the server recorded. An upload ignores them, so an exported file goes back up as it is
 * (its results are re-sends, stored once; a void is not carried over).
 */
export const resultExportColumns = [
  'receivedAt',
  'source',
  'planVersion',
  'limitLower',
  'limitUpper',
  'id',
  'voidedAt',
  'voidedBy',
  'voidReason',
  'enteredBy',
] as const;
export type ResultExportColumn = (typeof resultExportColumns)[number];

/** Columns an uploaded CSV must have; the others may be left out. */
export const requiredUploadColumns = [
  'serialNumber',
  'testName',
  'result',
  'testedAt',
  'machineId',
] as const;

/** How an uploaded results file is read (csv-records.ts): the upload's columns, the export's ignored. */
const resultRules = {
  required: requiredUploadColumns,
  named: testResultColumns,
  ignored: resultExportColumns,
  numeric: new Set(['value']),
  schema: uploadResultSchema,
  // Counted by the upload (a file is sent in parts of 500 rows), not by the reader.
  empty: { key: 'errors.csvEmpty' },
} as const;

export type { CsvRowProblem };

/** A CSV record as the upload schema reads it (csv-records.ts `csvRecordCells`). */
export const csvRecordToResult = (record: Record<string, string>): Record<string, unknown> =>
  csvRecordCells(record, resultRules);

/** An uploaded results file as both the web app (before sending) and the API read it. */
export type ResultsCsv =
  | { status: 'refused'; problem: MessageRef; problems: CsvRowProblem[] }
  | {
      status: 'invalid';
      header: string[];
      rows: string[][];
      /** Each row: its line, its cells, and its result when valid. */
      records: CsvRecordRow<TestResultFields>[];
      problems: CsvRowProblem[];
    }
  | {
      status: 'valid';
      header: string[];
      rows: string[][];
      records: CsvRecordRow<TestResultFields>[];
      results: TestResultFields[];
    };

/**
 * Reads a results CSV file with the upload's rules (docs/machine-data.md): UTF-8 only,
 * each column named once, the required columns, at least one row, no row longer than the
 * header, and every row valid for {@link uploadResultSchema} (empty cells are "not given",
 * `value` a number when it reads as one, an export's formula guard dropped). Lines count as
 * a spreadsheet counts them, the header being line 1.
 */
export function readResultsCsv(input: Uint8Array | string): ResultsCsv {
  const read = readCsvRecords(input, resultRules);
  if (read.status === 'refused') return read;
  const { header, cells: rows, rows: records, problems } = read;
  if (problems.length > 0) {
    return { status: 'invalid', header, rows, records, problems: sortedByLine(problems) };
  }
  const results = records.map((record) => record.value!);
  return { status: 'valid', header, rows, records, results };
}

const sortedByLine = (problems: CsvRowProblem[]) => [...problems].sort((a, b) => a.line - b.line);
