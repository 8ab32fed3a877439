import * as z from 'zod';
import type { BodyMaterial } from '../shared/contract/materials';
import { bodyMaterials } from '../shared/contract/materials';
import {
  rangeHoldingsSchema,
  type RangeHoldings,
  type SerialRange,
} from '../shared/contract/schemas/serial-range';
import { parseSerial } from '../shared/contract/serial';
import { and, equals, itemExists } from '../shared/data/expressions';
import { getItem, queryItems } from '../shared/data/read';
import type { Transaction } from '../shared/data/transaction';
import { keys, queries } from '../shared/keys';

/**
 * What a range's units hold (test results and issued reports), counted on the range by the
 * writes that store them: the one part of the ranges' data access the hot paths (ingest,
 * report requests) and the product's checks need, kept apart so their functions do not
 * carry the ranges' forms and lists (docs/data-model.md, "Units").
 */

/** A range's version changed, or it was deleted, between a hot path's lookup and its write. */
export class RangeChanged extends Error {
  /** Results of the batch stored (in earlier transactions) before this write was cancelled. */
  storedBefore = 0;
}

/**
 * Counts what a result batch or a report adds to a range, in the caller's transaction: the
 * range's holdings counters (on condition the range is still the version the lookup read:
 * an edit or a delete in between cancels the write, and the caller looks the serials up
 * again) and an entry per unit that now holds data (keys.rangeUnit), which a later edit
 * of the range's bounds reads.
 */
export function countHoldings(
  transaction: Transaction,
  range: Pick<SerialRange, 'id' | 'version'>,
  added: Partial<RangeHoldings>,
  serials: readonly string[],
): Transaction {
  transaction.update(
    keys.serialRange(range.id),
    { add: { resultCount: added.resultCount ?? 0, reportCount: added.reportCount ?? 0 } },
    {
      condition: and(itemExists(), equals('version', range.version)),
      onConditionFailed: () => new RangeChanged(),
    },
  );
  for (const serial of new Set(serials)) {
    transaction.put({ ...keys.rangeUnit(range.id, digitsOf(serial)), serial });
  }
  return transaction;
}

/** The product's ranges with their holdings (the product delete names what they hold). */
export async function productRangeHoldings(productId: string): Promise<RangeHoldings> {
  const entries = await queryItems(queries.productRanges(productId), z.object({ id: z.string() }), {
    consistent: true,
  });
  const ranges = await Promise.all(
    entries.map((entry) =>
      getItem(keys.serialRange(entry.id), rangeHoldingsSchema, { consistent: true }),
    ),
  );
  return ranges.reduce<RangeHoldings>(
    (sum, range) => ({
      resultCount: sum.resultCount + (range?.resultCount ?? 0),
      reportCount: sum.reportCount + (range?.reportCount ?? 0),
    }),
    { resultCount: 0, reportCount: 0 },
  );
}

/** The body materials of a product's ranges (a product edit keeps their ratings). */
export async function productRangeMaterials(productId: string): Promise<Set<BodyMaterial>> {
  const entries = await queryItems(
    queries.productRanges(productId),
    z.object({ bodyMaterial: z.enum(bodyMaterials).nullable().default(null) }),
    { consistent: true },
  );
  return new Set(entries.flatMap((entry) => (entry.bodyMaterial ? [entry.bodyMaterial] : [])));
}

/** The zero-padded number of a stored (valid) serial. */
function digitsOf(serial: string): string {
  const parsed = parseSerial(serial);
  if (!parsed) throw new Error(`Not a serial: ${serial}`);
  return parsed.digits;
}
