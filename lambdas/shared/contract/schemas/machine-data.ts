import * as z from 'zod';
import { readCsv } from '../csv';
import { validate, type MessageRef } from '../validation';
import { measurementField, readDecimal } from '../numbers';
import { canonical, freeText, optionalFreeText } from '../text';
import { auditSchema, listPageSchema } from './records';
import { testOutcomes } from './report-words';
import { isoDateField, serialField } from './serial-range';

/** Results one request may carry (ingest batch or one uploaded CSV chunk). */
export const maxResultsPerBatch = 500;

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

/** What a batch did: results stored now, and re-sent ones that were already stored. */
export const ingestSummarySchema = z.object({
  received: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
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

/**
 * A CSV record as the upload schema reads it: empty cells are "not given", `value` a
 * number when it looks like one (anything else stays text, and the schema names it).
 */
export function csvRecordToResult(record: Record<string, string>): Record<string, unknown> {
  // Entries, not assignments: a column named `__proto__` must stay a column (and be
  // refused as unknown), not set the record's prototype and vanish.
  const exported = new Set<string>(resultExportColumns);
  return Object.fromEntries(
    Object.entries(record)
      .filter(([name]) => !exported.has(name))
      .map(([name, raw]) => [name, raw.trim()] as const)
      .filter(([, cell]) => cell !== '')
      .map(([name, cell]) => [
        name,
        name === 'value' && /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(cell)
          ? readDecimal(cell)
          : cell,
      ]),
  );
}

/** One bad cell (or row, field `_`) of an uploaded CSV file, at its spreadsheet line. */
export interface CsvRowProblem {
  line: number;
  field: string;
  message: MessageRef;
}

/** An uploaded results file as both the web app (before sending) and the API read it. */
export type ResultsCsv =
  | { status: 'refused'; problem: MessageRef; problems: CsvRowProblem[] }
  | { status: 'invalid'; header: string[]; rows: string[][]; problems: CsvRowProblem[] }
  | { status: 'valid'; header: string[]; rows: string[][]; results: TestResultFields[] };

/**
 * Reads a results CSV file with the upload's rules (docs/machine-data.md): UTF-8 only,
 * each column named once, the required columns, at least one row, no row longer than the
 * header, and every row valid for {@link uploadResultSchema}. Lines count as a
 * spreadsheet counts them, the header being line 1.
 */
export function readResultsCsv(input: Uint8Array | string): ResultsCsv {
  const table = readCsv(input, requiredUploadColumns);
  if (table.status === 'notUtf8') {
    const { line, column } = table.place;
    return {
      status: 'refused',
      problem: { key: 'errors.csvNotUtf8', params: { line } },
      problems:
        line > 1 ? [{ line, field: column ?? '_', message: { key: 'validation.notUtf8' } }] : [],
    };
  }
  if (table.status === 'duplicateColumn') {
    return {
      status: 'refused',
      problem: { key: 'errors.csvDuplicateColumn', params: { column: table.column } },
      problems: [],
    };
  }
  if (table.missing.length > 0) {
    return {
      status: 'refused',
      problem: { key: 'errors.csvHeader', params: { columns: testResultColumns.join(', ') } },
      problems: [],
    };
  }
  const { header, rows, records } = table;
  if (rows.length === 0) {
    return { status: 'refused', problem: { key: 'errors.csvEmpty' }, problems: [] };
  }
  const problems: CsvRowProblem[] = table.overlong.map(({ line, cells }) => ({
    line,
    field: '_',
    message: { key: 'validation.extraCells', params: { cells, columns: header.length } },
  }));
  const results: TestResultFields[] = [];
  records.forEach((record, index) => {
    const checked = validate(uploadResultSchema, csvRecordToResult(record));
    if (checked.success) results.push(checked.data);
    else {
      for (const [field, message] of Object.entries(checked.fields)) {
        problems.push({ line: table.rowLines[index]!, field, message });
      }
    }
  });
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    return { status: 'invalid', header, rows, problems };
  }
  return { status: 'valid', header, rows, results };
}
