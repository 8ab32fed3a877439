import { randomUUID } from 'node:crypto';
import { findRangeContaining } from '../serial-ranges/repository';
import {
  maxResultsPerBatch,
  readResultsCsv,
  type CsvRowProblem,
  type IngestBatch,
  type IngestSummary,
  type Machine,
} from '../shared/contract/schemas/machine-data';
import type { MessageRef } from '../shared/contract/validation';
import { ValidationError } from '../shared/errors';
import { actorOf, type Caller } from '../shared/http/types';
import { countMetric } from '../shared/metrics';
import { getCurrentTestPlan } from '../products/repository';
import type { TestPlan } from '../shared/contract/schemas/test-plan';
import { judge } from './judging';
import { saveResults, type BatchSource, type NewResult } from './repository';

/** Distinct serials looked up at once: each is one Query. */
const lookupConcurrency = 16;

/**
 * Refuses the whole batch when any row is invalid (the row errors under
 * `<prefix>.<row>.<field>`), so a batch is stored completely or not at all.
 */
function refuse(fields: Record<string, MessageRef>): never {
  throw new ValidationError(fields, 'errors.batchRefused');
}

/**
 * The product of each serial's range, or undefined for a serial in no range: each
 * distinct serial is one Query, a few at a time.
 */
async function productsOf(results: readonly NewResult[]): Promise<Map<string, string | undefined>> {
  const serials = [...new Set(results.map((result) => result.serialNumber))];
  const products = new Map<string, string | undefined>();
  for (let start = 0; start < serials.length; start += lookupConcurrency) {
    const slice = serials.slice(start, start + lookupConcurrency);
    const ranges = await Promise.all(slice.map((serial) => findRangeContaining(serial)));
    slice.forEach((serial, index) => products.set(serial, ranges[index]?.productId));
  }
  return products;
}

/** The plan in force of each product (null when it has none): one or two reads each. */
async function plansOf(productIds: Iterable<string>): Promise<Map<string, TestPlan | null>> {
  const ids = [...new Set(productIds)];
  const plans = await Promise.all(ids.map((id) => getCurrentTestPlan(id)));
  return new Map(ids.map((id, index) => [id, plans[index] ?? null]));
}

/**
 * Checks a batch against the ranges and the test plans, then stores it: a serial in no
 * range, or a row its product's plan refuses (docs/test-plans.md), refuses the whole
 * batch with every such row named; otherwise each result is stored with the plan
 * version and limit it was judged against.
 */
async function store(
  results: NewResult[],
  source: BatchSource,
  fieldOf: (row: number) => string,
): Promise<IngestSummary> {
  const products = await productsOf(results);
  const fields: Record<string, MessageRef> = {};
  results.forEach((result, row) => {
    if (!products.get(result.serialNumber)) {
      fields[`${fieldOf(row)}.serialNumber`] = { key: 'errors.serialNotInRange' };
    }
  });
  if (Object.keys(fields).length > 0) refuse(fields);
  const plans = await plansOf([...products.values()].filter((id) => id !== undefined));
  const judged = results.map((result, row): NewResult => {
    const outcome = judge(result, plans.get(products.get(result.serialNumber)!) ?? null);
    if ('refusal' in outcome) {
      fields[`${fieldOf(row)}.${outcome.refusal.field}`] = outcome.refusal.message;
      return result;
    }
    return { ...result, ...outcome.judgement };
  });
  if (Object.keys(fields).length > 0) refuse(fields);
  const stored = await saveResults(judged, source);
  countMetric('IngestRows', stored);
  return { received: results.length, stored, duplicates: results.length - stored };
}

/**
 * `POST /api/machine-data/ingest`: a machine's batch. Results name the key's machine
 * (or nobody); a re-sent batch stores nothing twice.
 */
export async function ingestBatch(batch: IngestBatch, machine: Machine): Promise<IngestSummary> {
  const fields: Record<string, MessageRef> = {};
  const results = batch.results.map((result, row): NewResult => {
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
 * `POST /api/machine-data` (staff): a CSV file's bytes, header line first, read with the
 * upload's rules (`readResultsCsv`: UTF-8 only, no column named twice, no row longer than
 * the header). Row errors are named `row <line>.<field>`, where line 1 is the header, as a
 * spreadsheet counts.
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
  const source: BatchSource = {
    actor: actorOf(caller),
    action: 'upload',
    batchId: randomUUID(),
    source: `upload:${caller.email}`,
  };
  return store(file.results, source, (row) => `row ${row + 2}`);
}
