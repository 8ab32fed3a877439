import * as z from 'zod';
import { countedOfStored, endsOfState, readUnitTestStates } from '../machine-data/repository';
import { storedResultSchema, type StoredResult } from '../machine-data/stored-result';
import { bodyMaterials } from '../shared/contract/materials';
import { and, attributeMissing, itemExists } from '../shared/data/expressions';
import { getItem, queryItems, scanTable } from '../shared/data/read';
import { TransactionCancelled, unaudited } from '../shared/data/transaction';
import { keys, queries } from '../shared/keys';
import {
  AggregateChanges,
  endsOf,
  putUnitTestState,
  UnitTestStateChanged,
  valueIndexKeys,
  type CountedResult,
} from '../statistics/aggregates';

/**
 * The statistics of results stored before they were kept (docs/data-model.md, "Statistics"):
 * each counting result gains the product and material it is counted under (its range's now)
 * and its place in the index of values, and its unit-test's state and day items move, one
 * unit-test at a time, in the same transaction as the results it counts. Idempotent and safe
 * beside live traffic: a result already counted (it has `productId`) is skipped, each write
 * conditions on the results not being counted or voided meanwhile and on the state it read.
 * Voided results never count and are left as they are; results whose range is gone are
 * counted in the summary (`orphaned`) and left out.
 */
export interface StatisticsSummary {
  resultsCounted: number;
  unitTests: number;
  orphaned: number;
}

const uncountedSchema = z.object({
  type: z.literal('machineResult'),
  serialNumber: z.string(),
  productId: z.string().optional(),
  voidedAt: z.string().nullable().optional(),
});

const rangeSchema = z.object({
  productId: z.string(),
  bodyMaterial: z.enum(bodyMaterials).nullable().optional(),
});

/** Results one transaction counts at most (with the state and a few day items). */
const maxPerTransaction = 40;
const maxAttempts = 5;

async function countUnitTest(
  serial: string,
  testName: string,
  range: { productId: string; material: (typeof bodyMaterials)[number] | null },
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    // The state first, then the results: a result stored after this read moves the state.
    const state = (await readUnitTestStates([{ serialNumber: serial, testName }]))
      .values()
      .next().value;
    const results = (
      await queryItems(queries.unitResults(serial), storedResultSchema, { consistent: true })
    ).filter((result) => result.testName === testName);
    const pending = results
      .filter((result) => !result.voidedAt && result.productId === undefined && result.rangeId)
      .slice(0, maxPerTransaction);
    if (pending.length === 0) return 0;
    const counting = (result: StoredResult): CountedResult =>
      countedOfStored({ ...result, productId: range.productId, material: range.material })!;
    const counted = results.flatMap((result) => countedOfStored(result) ?? []);
    const after = endsOf([...counted, ...pending.map(counting)]);
    const transaction = unaudited();
    const changes = new AggregateChanges();
    for (const result of pending) {
      const added = counting(result);
      changes.result(added, 1);
      transaction.update(
        keys.unitResult(result.serialNumber, result.testName, result.testedAt, result.machineId),
        {
          set: {
            productId: range.productId,
            material: range.material,
            ...valueIndexKeys(added),
          },
        },
        {
          condition: and(itemExists(), attributeMissing('productId'), attributeMissing('voidedAt')),
          tag: 'result',
        },
      );
    }
    changes.unitTest(endsOfState(state), after).writeTo(transaction);
    putUnitTestState(transaction, serial, testName, state, after);
    try {
      await transaction.commit();
      // More than one transaction's worth: the next ones read what this one wrote.
      return pending.length + (await countUnitTest(serial, testName, range));
    } catch (error) {
      const changed =
        error instanceof UnitTestStateChanged ||
        (error instanceof TransactionCancelled &&
          error.reasons.some((reason) => reason.code === 'ConditionalCheckFailed'));
      if (!changed || attempt >= maxAttempts) throw error;
    }
  }
}

/** Counts every uncounted result of a unit; answers how many, or undefined without a range. */
async function countUnit(serial: string, summary: StatisticsSummary): Promise<void> {
  const results = await queryItems(queries.unitResults(serial), storedResultSchema, {
    consistent: true,
  });
  const uncounted = results.filter((result) => !result.voidedAt && result.productId === undefined);
  if (uncounted.length === 0) return;
  const rangeId = uncounted.find((result) => result.rangeId)?.rangeId;
  const range = rangeId && (await getItem(keys.serialRange(rangeId), rangeSchema));
  if (!range) {
    summary.orphaned += uncounted.length;
    return;
  }
  for (const testName of new Set(uncounted.map((result) => result.testName))) {
    const counted = await countUnitTest(serial, testName, {
      productId: range.productId,
      material: range.bodyMaterial ?? null,
    });
    summary.resultsCounted += counted;
    if (counted > 0) summary.unitTests += 1;
  }
}

export async function migrateStatistics(): Promise<StatisticsSummary> {
  const summary: StatisticsSummary = { resultsCounted: 0, unitTests: 0, orphaned: 0 };
  const done = new Set<string>();
  await scanTable(async (items) => {
    for (const item of items) {
      const result = uncountedSchema.safeParse(item);
      if (!result.success || result.data.productId !== undefined || result.data.voidedAt) continue;
      if (done.has(result.data.serialNumber)) continue;
      done.add(result.data.serialNumber);
      await countUnit(result.data.serialNumber, summary);
    }
  });
  return summary;
}
