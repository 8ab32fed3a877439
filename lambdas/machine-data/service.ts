import { randomUUID } from 'node:crypto';
import { getCurrentTestPlan } from '../products/repository';
import { findActiveMachineByName } from '../machines/repository';
import { RangeChanged } from '../serial-ranges/holdings';
import { findRangeContaining } from '../serial-ranges/repository';
import {
  maxResultsPerBatch,
  readResultsCsv,
  type CsvRowProblem,
  type IngestBatch,
  type IngestSummary,
  type Machine,
  type TestResult,
  type TestResultFields,
} from '../shared/contract/schemas/machine-data';
import type { SerialRange } from '../shared/contract/schemas/serial-range';
import type { TestPlan } from '../shared/contract/schemas/test-plan';
import type { MessageRef } from '../shared/contract/validation';
import { AbortedError, ValidationError } from '../shared/errors';
import { actorOf, type Caller } from '../shared/http/types';
import { countMetric } from '../shared/metrics';
import { judge } from './judging';
import { saveResults, voidResult, type BatchSource, type NewResult } from './repository';

/** Distinct serials looked up at once: each is one Query. */
const lookupConcurrency = 16;

/** Times a batch is looked up again when a range changed between its lookup and its write. */
const maxRangeAttempts = 3;

/** A result as validated, before its unit's range is known. */
type IncomingResult = Omit<NewResult, 'range'>;

/**
 * Refuses the whole batch when any row is invalid (the row errors under
 * `<prefix>.<row>.<field>`), so a batch is stored completely or not at all.
 */
function refuse(fields: Record<string, MessageRef>): never {
  throw new ValidationError(fields, 'errors.batchRefused');
}

/**
 * The range of each serial, or undefined for a serial in no range: each distinct serial is
 * one Query, a few at a time.
 */
async function rangesOf(
  results: readonly IncomingResult[],
): Promise<Map<string, SerialRange | undefined>> {
  const serials = [...new Set(results.map((result) => result.serialNumber))];
  const ranges = new Map<string, SerialRange | undefined>();
  for (let start = 0; start < serials.length; start += lookupConcurrency) {
    const slice = serials.slice(start, start + lookupConcurrency);
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
 * Checks a batch against the ranges and the test plans (docs/test-plans.md): a serial in no
 * range, or a row its product's plan or its unit refuses, refuses the whole batch with every
 * such row named. Answers each result with the plan version and limit it was judged against
 * and the range it is counted on.
 */
async function judgeBatch(
  results: readonly IncomingResult[],
  fieldOf: (row: number) => string,
): Promise<NewResult[]> {
  const ranges = await rangesOf(results);
  const fields: Record<string, MessageRef> = {};
  results.forEach((result, row) => {
    if (!ranges.get(result.serialNumber)) {
      fields[`${fieldOf(row)}.serialNumber`] = { key: 'errors.serialNotInRange' };
    }
  });
  if (Object.keys(fields).length > 0) refuse(fields);
  const plans = await plansOf([...ranges.values()].map((range) => range!.productId));
  const judged = results.map((result, row): NewResult => {
    const range = ranges.get(result.serialNumber)!;
    const outcome = judge(result, plans.get(range.productId) ?? null, {
      material: range.bodyMaterial,
      productionDate: range.productionDate,
    });
    const counted = { ...result, range: { id: range.id, version: range.version } };
    if ('refusal' in outcome) {
      fields[`${fieldOf(row)}.${outcome.refusal.field}`] = outcome.refusal.message;
      return counted;
    }
    return { ...counted, ...outcome.judgement };
  });
  if (Object.keys(fields).length > 0) refuse(fields);
  return judged;
}

/**
 * Judges a batch and stores it, each result counted on its unit's range. A range edited or
 * deleted between the lookup and the write cancels that write: the results not yet stored
 * are looked up and judged again (a few times, then `aborted`).
 */
async function store(
  results: IncomingResult[],
  source: BatchSource,
  fieldOf: (row: number) => string,
): Promise<IngestSummary> {
  let stored = 0;
  for (let attempt = 1; ; attempt++) {
    const judged = await judgeBatch(results, fieldOf);
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
    }
  }
  countMetric('IngestRows', stored);
  return { received: results.length, stored, duplicates: results.length - stored };
}

/**
 * `POST /api/machine-data/ingest`: a machine's batch. Results name the key's machine
 * (or nobody); a re-sent batch stores nothing twice.
 */
export async function ingestBatch(batch: IngestBatch, machine: Machine): Promise<IngestSummary> {
  const fields: Record<string, MessageRef> = {};
  const results = batch.results.map((result, row): IncomingResult => {
    if (result.machineId && result.machineId !== machine.name) {
      fields[`results.${row}.machineId`] = { key: 'validation.machineMismatch' };
    }
    return { ...result, machineId: machine.name };
  });
  if (Object.keys(fields).length > 0) refuse(fields);
  const source: BatchSource = {
    actor: { id: machine.id, machine: machine.name },
    action: 'ingest',
    batchId: randomUUID(),
    source: `machine:${machine.name}`,
  };
  return store(results, source, (row) => `results.${row}`);
}

/** A file's row problems as the API names fields: `row <line>.<field>`. */
function rowFields(problems: readonly CsvRowProblem[]): Record<string, MessageRef> {
  return Object.fromEntries(
    problems.map(({ line, field, message }) => [`row ${line}.${field}`, message]),
  );
}

/**
 * The benches an upload names: each must be an existing, active machine (revoked ones
 * included in "not active"); results then carry its name as it was created.
 */
async function namedBenches(
  results: readonly TestResultFields[],
): Promise<{ results: TestResultFields[]; fields: Record<string, MessageRef> }> {
  const names = [...new Set(results.map((result) => result.machineId.toLowerCase()))];
  const machines = await Promise.all(names.map((name) => findActiveMachineByName(name)));
  const byName = new Map(names.map((name, index) => [name, machines[index]]));
  const fields: Record<string, MessageRef> = {};
  const named = results.map((result, row) => {
    const machine = byName.get(result.machineId.toLowerCase());
    if (!machine) fields[`row ${row + 2}.machineId`] = { key: 'validation.machineUnknown' };
    return machine ? { ...result, machineId: machine.name } : result;
  });
  return { results: named, fields };
}

/**
 * `POST /api/machine-data` (staff): a CSV file's bytes, header line first, read with the
 * upload's rules (`readResultsCsv`: UTF-8 only, no column named twice, no row longer than the
 * header). Row errors are named `row <line>.<field>`, where line 1 is the header, as a
 * spreadsheet counts. Each row names an existing, active bench; the uploader is recorded as
 * who entered the results for it ("entered by <name> for <bench>").
 */
export async function uploadCsv(body: Uint8Array | string, caller: Caller): Promise<IngestSummary> {
  const file = readResultsCsv(body);
  if (file.status === 'refused') {
    throw new ValidationError(rowFields(file.problems), file.problem.key, file.problem.params);
  }
  if (file.rows.length > maxResultsPerBatch) {
    throw new ValidationError({}, 'errors.csvTooManyRows', { max: maxResultsPerBatch });
  }
  if (file.status === 'invalid') refuse(rowFields(file.problems));
  const benches = await namedBenches(file.results);
  if (Object.keys(benches.fields).length > 0) refuse(benches.fields);
  const source: BatchSource = {
    actor: actorOf(caller),
    action: 'upload',
    batchId: randomUUID(),
    source: `upload:${caller.email}`,
  };
  const enteredBy = caller.name ?? caller.email;
  return store(
    benches.results.map((result) => ({ ...result, enteredBy })),
    source,
    (row) => `row ${row + 2}`,
  );
}

/** `POST /api/machine-data/{id}/void`: the result stops counting; who, when and why are kept. */
export const voidTestResult = (id: string, reason: string, caller: Caller): Promise<TestResult> =>
  voidResult(id, reason, actorOf(caller), caller.name ?? caller.email);
