import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import { getCurrentTestPlan } from '../products/repository';
import { findActiveMachineByName } from '../machines/repository';
import { RangeChanged } from '../serial-ranges/holdings';
import { findRangeContaining } from '../serial-ranges/repository';
import { rowProblemField } from '../shared/contract/csv';
import { validCells } from '../shared/contract/csv-records';
import { contradictingRows } from '../shared/contract/result-identity';
import {
  ingestResultSchema,
  maxResultsPerBatch,
  readResultsCsv,
  testResultColumns,
  uploadResultSchema,
  type CsvRowProblem,
  type IngestEnvelope,
  type IngestSummary,
  type Machine,
  type TestResult,
} from '../shared/contract/schemas/machine-data';
import type { SerialRange } from '../shared/contract/schemas/serial-range';
import type { TestPlan } from '../shared/contract/schemas/test-plan';
import { validate, type MessageRef } from '../shared/contract/validation';
import { AbortedError, ValidationError } from '../shared/errors';
import { actorOf, type Caller } from '../shared/http/types';
import { countMetric } from '../shared/metrics';
import { problemsRefusal, type NamedProblem } from '../shared/problems';
import { judgeAll } from './judging';
import {
  countStoredResults,
  saveResults,
  voidResult,
  type BatchSource,
  type NewResult,
} from './repository';

/** Distinct serials looked up at once: each is one Query. */
const lookupConcurrency = 16;

/** Times a batch is looked up again when a range changed between its lookup and its write. */
const maxRangeAttempts = 3;

/** A result as validated, before its unit's range is known. */
type IncomingResult = Omit<NewResult, 'range'>;

/**
 * One row of a batch (an uploaded file's line, an ingest's result) as it is checked: every
 * check that can run on what of it is valid runs, so one answer names every problem of the
 * batch (docs/machine-data.md) and a dry run finds exactly what the upload would refuse.
 */
interface BatchRow {
  /** Where the row is, for ordering problems: its line (upload) or index (ingest). */
  order: number;
  /** The API's name of one of its fields (`row 12.value`, `results.3.value`); `_` the row. */
  name: (field: string) => string;
  /** The message another row with the same result but other values gets: it names this row. */
  sameResultAs: MessageRef;
  /** The fields that passed their schema (all of them when the row is valid). */
  fields: Partial<IncomingResult>;
  /** The whole result, when every field is valid. */
  result: IncomingResult | undefined;
}

interface RowProblem {
  row: BatchRow;
  field: string;
  message: MessageRef;
}

/** The fields of a row that pass their own schema (csv-records.ts `validCells`). */
const validFields = (shape: Record<string, ZodType>, input: unknown) =>
  validCells(shape, input) as Partial<IncomingResult>;

/**
 * The range of each serial, or undefined for a serial in no range: each distinct serial is
 * one Query, a few at a time.
 */
async function rangesOf(serials: Iterable<string>): Promise<Map<string, SerialRange | undefined>> {
  const distinct = [...new Set(serials)];
  const ranges = new Map<string, SerialRange | undefined>();
  for (let start = 0; start < distinct.length; start += lookupConcurrency) {
    const slice = distinct.slice(start, start + lookupConcurrency);
    const found = await Promise.all(slice.map((serial) => findRangeContaining(serial)));
    slice.forEach((serial, index) => ranges.set(serial, found[index]));
  }
  return ranges;
}

/** The plan in force of each product (null when it has none): one or two reads each. */
async function plansOf(productIds: Iterable<string>): Promise<Map<string, TestPlan | null>> {
  const ids = [...new Set(productIds)];
  const plans = await Promise.all(ids.map((id) => getCurrentTestPlan(id)));
  return new Map(ids.map((id, index) => [id, plans[index] ?? null]));
}

/**
 * Rows that are one result (the same unit, test, time and bench) saying different things: a
 * re-sent result is stored once, so one of them would silently be lost.
 */
const contradictions = (rows: readonly BatchRow[]): RowProblem[] =>
  contradictingRows(rows, (row) => row.fields).map(({ row, first }) => ({
    row,
    field: '_',
    message: first.sameResultAs,
  }));

/**
 * Checks a batch against the ranges and the test plans (docs/test-plans.md), in one pass: a
 * serial in no range, two rows of one result that disagree, and every row its product's plan
 * or its unit refuses (a test the plan does not name or scopes to another material, another
 * unit, a value outside the limits stated as a pass, a test before the unit's production
 * date). Answers the problems, and each valid result with the plan version and limit it was
 * judged against and the range it is counted on.
 */
async function checkBatch(
  rows: readonly BatchRow[],
): Promise<{ problems: RowProblem[]; judged: NewResult[] }> {
  const problems = contradictions(rows);
  const serials = rows.flatMap((row) => row.fields.serialNumber ?? []);
  const ranges = await rangesOf(serials);
  const found = [...ranges.values()].filter((range) => range !== undefined);
  const plans = await plansOf(found.map((range) => range.productId));
  const judged: NewResult[] = [];
  for (const row of rows) {
    const { fields } = row;
    if (fields.serialNumber === undefined) continue;
    const range = ranges.get(fields.serialNumber);
    if (!range) {
      problems.push({ row, field: 'serialNumber', message: { key: 'errors.serialNotInRange' } });
      continue;
    }
    const outcome = judgeAll(
      {
        testName: fields.testName,
        result: fields.result,
        value: fields.value,
        unit: fields.unit,
        testedAt: fields.testedAt,
      },
      plans.get(range.productId) ?? null,
      { material: range.bodyMaterial, productionDate: range.productionDate },
    );
    if ('refusals' in outcome) {
      for (const refusal of outcome.refusals) {
        problems.push({ row, field: refusal.field, message: refusal.message });
      }
    } else if (row.result) {
      judged.push({
        ...row.result,
        ...outcome.judgement,
        range: {
          id: range.id,
          version: range.version,
          productId: range.productId,
          bodyMaterial: range.bodyMaterial,
        },
      });
    }
  }
  return { problems, judged };
}

/**
 * Problems in the order a person reads the batch (by row, then by column), under the API's
 * names: every one of them, refused together.
 */
function refuseRows(problems: readonly RowProblem[]): never {
  const column = (field: string) =>
    field === '_' ? -1 : (testResultColumns as readonly string[]).indexOf(field);
  const named: NamedProblem[] = [...problems]
    .sort((a, b) => a.row.order - b.row.order || column(a.field) - column(b.field))
    .map(({ row, field, message }) => ({ name: row.name(field), message }));
  throw problemsRefusal(named, 'errors.batchRefused');
}

/**
 * Judges a batch and stores it, each result counted on its unit's range. A range edited or
 * deleted between the lookup and the write cancels that write: the results not yet stored
 * are looked up and judged again (a few times, then `aborted`).
 */
async function store(
  rows: readonly BatchRow[],
  source: BatchSource,
  checked: NewResult[],
): Promise<IngestSummary> {
  let stored = 0;
  let judged = checked;
  for (let attempt = 1; ; attempt++) {
    try {
      stored += await saveResults(judged, source);
      break;
    } catch (error) {
      if (!(error instanceof RangeChanged) || attempt >= maxRangeAttempts) {
        if (error instanceof RangeChanged) throw new AbortedError('errors.serialRangeBusy');
        throw error;
      }
      // Chunks written before the cancelled one are now re-sends: stored once, counted once.
      stored += error.storedBefore;
      const again = await checkBatch(rows);
      if (again.problems.length > 0) refuseRows(again.problems);
      judged = again.judged;
    }
  }
  countMetric('IngestRows', stored);
  return { received: rows.length, stored, duplicates: rows.length - stored };
}

/** What storing the batch would do, stored nothing: results new and already stored. */
async function dryRunSummary(
  rows: readonly BatchRow[],
  judged: NewResult[],
): Promise<IngestSummary> {
  const stored = await countStoredResults(judged);
  return {
    received: rows.length,
    stored: stored.new,
    duplicates: rows.length - stored.new,
    dryRun: true,
  };
}

/**
 * `POST /api/machine-data/ingest`: a machine's batch. Every row is checked (its schema, its
 * range, its plan; the pipeline checked only the batch's size) and every problem named in
 * one refusal, `results.<index>.<field>`; results name the key's machine (or nobody); a
 * re-sent batch stores nothing twice.
 */
export async function ingestBatch(batch: IngestEnvelope, machine: Machine): Promise<IngestSummary> {
  const problems: RowProblem[] = [];
  const rows = batch.results.map((input, index): BatchRow => {
    const row: BatchRow = {
      order: index,
      name: (field) => (field === '_' ? `results.${index}` : `results.${index}.${field}`),
      sameResultAs: { key: 'validation.duplicateResultIndex', params: { index } },
      fields: {},
      result: undefined,
    };
    const checked = validate(ingestResultSchema, input);
    // `machineId` may be left out (null): the result is the key's machine's.
    const given: Partial<Omit<IncomingResult, 'machineId'>> & { machineId?: string | null } =
      checked.success ? checked.data : validFields(ingestResultSchema.shape, input);
    if (!checked.success) {
      for (const [field, message] of Object.entries(checked.fields)) {
        problems.push({ row, field, message });
      }
    }
    if (given.machineId && given.machineId !== machine.name) {
      problems.push({ row, field: 'machineId', message: { key: 'validation.machineMismatch' } });
    }
    row.fields = { ...given, machineId: machine.name };
    if (checked.success) row.result = { ...checked.data, machineId: machine.name };
    return row;
  });
  const checked = await checkBatch(rows);
  problems.push(...checked.problems);
  if (problems.length > 0) refuseRows(problems);
  const source: BatchSource = {
    actor: { id: machine.id, machine: machine.name },
    action: 'ingest',
    batchId: randomUUID(),
    source: `machine:${machine.name}`,
  };
  return store(rows, source, checked.judged);
}

/** A file's own problems (the file cannot be read as rows) as the API names them. */
function rowFields(problems: readonly CsvRowProblem[]): Record<string, MessageRef> {
  return Object.fromEntries(
    problems.map(({ line, field, message }) => [rowProblemField(line, field), message]),
  );
}

/**
 * The benches an upload names: each must be an existing, active machine (revoked ones
 * included in "not active"); results then carry its name as it was created.
 */
async function nameBenches(rows: readonly BatchRow[]): Promise<RowProblem[]> {
  const names = [...new Set(rows.flatMap((row) => row.fields.machineId?.toLowerCase() ?? []))];
  const machines = await Promise.all(names.map((name) => findActiveMachineByName(name)));
  const byName = new Map(names.map((name, index) => [name, machines[index]]));
  const problems: RowProblem[] = [];
  for (const row of rows) {
    if (row.fields.machineId === undefined) continue;
    const machine = byName.get(row.fields.machineId.toLowerCase());
    if (!machine) {
      problems.push({ row, field: 'machineId', message: { key: 'validation.machineUnknown' } });
      continue;
    }
    row.fields = { ...row.fields, machineId: machine.name };
    if (row.result) row.result = { ...row.result, machineId: machine.name };
  }
  return problems;
}

/**
 * `POST /api/machine-data` (staff): a CSV file's bytes, header line first, read with the
 * upload's rules (`readResultsCsv`: UTF-8 only, no column named twice, no row longer than the
 * header). A file that can be read as rows is checked whole, in one pass (every row's
 * schema, bench, range and plan), and refused naming every problem, `row <line>.<field>`,
 * where line 1 is the header, as a spreadsheet counts. Each row names an existing, active
 * bench; the uploader is recorded as who entered the results for it ("entered by <name> for
 * <bench>"). `dryRun` checks the same and stores nothing.
 */
export async function uploadCsv(
  body: Uint8Array | string,
  caller: Caller,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<IngestSummary> {
  const file = readResultsCsv(body);
  if (file.status === 'refused') {
    throw new ValidationError(rowFields(file.problems), file.problem.key, file.problem.params);
  }
  if (file.rows.length > maxResultsPerBatch) {
    throw new ValidationError({}, 'errors.csvTooManyRows', { max: maxResultsPerBatch });
  }
  const enteredBy = caller.name ?? caller.email;
  const problems: RowProblem[] = [];
  const rows = file.records.map((record): BatchRow => {
    const row: BatchRow = {
      order: record.line,
      name: (field) => rowProblemField(record.line, field),
      sameResultAs: { key: 'validation.duplicateResultLine', params: { line: record.line } },
      fields: record.value ?? validFields(uploadResultSchema.shape, record.cells),
      result: record.value && { ...record.value, enteredBy },
    };
    return row;
  });
  if (file.status === 'invalid') {
    const byLine = new Map(rows.map((row) => [row.order, row]));
    for (const { line, field, message } of file.problems) {
      problems.push({ row: byLine.get(line)!, field, message });
    }
  }
  problems.push(...(await nameBenches(rows)));
  const checked = await checkBatch(rows);
  problems.push(...checked.problems);
  if (problems.length > 0) refuseRows(problems);
  if (dryRun) return dryRunSummary(rows, checked.judged);
  const source: BatchSource = {
    actor: actorOf(caller),
    action: 'upload',
    batchId: randomUUID(),
    source: `upload:${caller.email}`,
  };
  return store(rows, source, checked.judged);
}

/** `POST /api/machine-data/{id}/void`: the result stops counting; who, when and why are kept. */
export const voidTestResult = (id: string, reason: string, caller: Caller): Promise<TestResult> =>
  voidResult(id, reason, actorOf(caller), caller.name ?? caller.email);
