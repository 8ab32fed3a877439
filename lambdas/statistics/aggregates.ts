import { createHash } from 'node:crypto';
import * as z from 'zod';
import { bodyMaterials, type BodyMaterial } from '../shared/contract/materials';
import { Decimal } from '../shared/data/decimal';
import { equals, itemMissing } from '../shared/data/expressions';
import type { Transaction } from '../shared/data/transaction';
import { keys, type IndexKeys, type ItemKey } from '../shared/keys';

/*
 * The statistics kept with the results (docs/data-model.md, "Statistics"; docs/statistics.md,
 * "Where the figures come from"). Every write that makes a result count or stop counting
 * (ingest, upload, void, the backfill migration) moves, in its own transaction:
 *
 * - the result's own figures on its day item (product, UTC day of `testedAt`, bench): one
 *   result, a failure when it failed, and its value (n, Σd, Σd²) in the cell of its test,
 *   range, material and the limits it was judged against;
 * - its unit-test's state (keys.unitTestState: the first and latest counting result of that
 *   unit and test, by `testedAt` then bench) and, when the first or latest changes, the
 *   unit-test's figures (one unit tested, passed first time, passed finally) in the cell of
 *   its first counting result: removed from where they were, added where they now are.
 *
 * The state item carries a version every such write conditions on, so two writes to one
 * unit-test are serialized and the figures stay exact whatever order results arrive in.
 */

/** A result as the statistics count it (a stored result that counts, or one being stored). */
export interface CountedResult {
  serialNumber: string;
  testName: string;
  testedAt: string;
  machineId: string;
  result: 'pass' | 'fail';
  value: number | null;
  planVersion: number | null;
  limit: { lower: number | null; upper: number | null; unit: string | null } | null;
  rangeId: string;
  material: BodyMaterial | null;
  productId: string;
}

export const countedResultSchema = z.object({
  serialNumber: z.string(),
  testName: z.string(),
  testedAt: z.string(),
  machineId: z.string(),
  result: z.enum(['pass', 'fail']),
  value: z.number().nullable(),
  planVersion: z.number().int().nullable(),
  limit: z
    .object({
      lower: z.number().nullable(),
      upper: z.number().nullable(),
      unit: z.string().nullable(),
    })
    .nullable(),
  rangeId: z.string(),
  material: z.enum(bodyMaterials).nullable(),
  productId: z.string(),
});

/** The order of a unit-test's results: tested-at time, then bench (as their keys sort). */
export const resultOrder = (result: Pick<CountedResult, 'testedAt' | 'machineId'>) =>
  `${result.testedAt}#${result.machineId}`;

/** Which of a unit-test's counting results decide its first pass and its final verdict. */
export interface UnitTestEnds {
  first: CountedResult | null;
  latest: CountedResult | null;
}

/** The ends of a set of counting results (null ends when it is empty). */
export function endsOf(results: readonly CountedResult[]): UnitTestEnds {
  let first: CountedResult | null = null;
  let latest: CountedResult | null = null;
  for (const result of results) {
    if (!first || resultOrder(result) < resultOrder(first)) first = result;
    if (!latest || resultOrder(result) > resultOrder(latest)) latest = result;
  }
  return { first, latest };
}

/** The stored state of a unit-test (absent before its first counted result). */
export const unitTestStateSchema = z.object({
  version: z.number().int(),
  first: countedResultSchema.nullable(),
  latest: countedResultSchema.nullable(),
});
export type UnitTestState = z.infer<typeof unitTestStateSchema>;

/** What a cell of a day item is about: one test of one range, judged by one limit. */
export interface CellDefinition {
  testName: string;
  rangeId: string;
  material: BodyMaterial | null;
  planVersion: number | null;
  lower: number | null;
  upper: number | null;
  unit: string | null;
  /**
   * The value the cell's sums are taken from (Σ(v − reference)): the limits' midpoint, the
   * one limit, or 0. Near the values, so Σd² keeps their spread (docs/statistics.md).
   */
  reference: number;
}

export const cellDefinitionSchema = z.object({
  testName: z.string(),
  rangeId: z.string(),
  material: z.enum(bodyMaterials).nullable(),
  planVersion: z.number().int().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  unit: z.string().nullable(),
  reference: z.number(),
});

/** The figures of a cell: results, failures, values (n, Σd, Σd²), unit-tests, first pass, final pass. */
export const cellFields = ['r', 'f', 'n', 's', 'q', 'u', 'p', 'l'] as const;
export type CellField = (typeof cellFields)[number];

export function referenceOf(lower: number | null, upper: number | null): number {
  if (lower !== null && upper !== null) return round15((lower + upper) / 2);
  return lower ?? upper ?? 0;
}

export function cellDefinitionOf(result: CountedResult): CellDefinition {
  const lower = result.limit?.lower ?? null;
  const upper = result.limit?.upper ?? null;
  return {
    testName: result.testName,
    rangeId: result.rangeId,
    material: result.material,
    planVersion: result.planVersion,
    lower,
    upper,
    unit: result.limit?.unit ?? null,
    reference: referenceOf(lower, upper),
  };
}

/** A cell's id in its item's attribute names: a hash of its definition. */
export const cellIdOf = (definition: CellDefinition) =>
  createHash('sha256').update(JSON.stringify(definition)).digest('base64url').slice(0, 12);

/** Attribute names of a cell's definition and figures on its day item. */
export const cellDefinitionAttribute = (id: string) => `d.${id}`;
export const cellFieldAttribute = (id: string, field: CellField) => `c.${id}.${field}`;

/** A double kept to 15 significant digits (a decimal DynamoDB holds exactly). */
export const round15 = (value: number) => (value === 0 ? 0 : Number(value.toPrecision(15)));

/** What one value adds to its cell: d = v − reference and d², each to 15 significant digits. */
export function valueTerms(value: number, reference: number): { d: number; d2: number } {
  const d = round15(value - reference);
  return { d, d2: round15(d * d) };
}

interface CellChange {
  definition: CellDefinition;
  fields: Map<CellField, Decimal>;
}

interface ItemChange {
  key: ItemKey;
  productId: string;
  day: string;
  machineId: string;
  cells: Map<string, CellChange>;
}

/** The day item a result's figures (and, for a first result, its unit-test's) belong to. */
export const dayItemOf = (result: Pick<CountedResult, 'productId' | 'testedAt' | 'machineId'>) =>
  keys.statisticsDay(result.productId, result.testedAt.slice(0, 10), result.machineId);

/** Moves of the day items a write makes, added up per item and cell, then written as one update each. */
export class AggregateChanges {
  private readonly items = new Map<string, ItemChange>();

  private move(result: CountedResult, deltas: Partial<Record<CellField, number>>, sign: 1 | -1) {
    const key = dayItemOf(result);
    const itemId = `${key.pk}\n${key.sk}`;
    let item = this.items.get(itemId);
    if (!item) {
      item = {
        key,
        productId: result.productId,
        day: result.testedAt.slice(0, 10),
        machineId: result.machineId,
        cells: new Map(),
      };
      this.items.set(itemId, item);
    }
    const definition = cellDefinitionOf(result);
    const id = cellIdOf(definition);
    let cell = item.cells.get(id);
    if (!cell) {
      cell = { definition, fields: new Map() };
      item.cells.set(id, cell);
    }
    for (const [field, delta] of Object.entries(deltas) as [CellField, number][]) {
      if (delta === 0) continue;
      const moved = sign === 1 ? Decimal.of(delta) : Decimal.of(delta).negated();
      cell.fields.set(field, (cell.fields.get(field) ?? Decimal.zero).plus(moved));
    }
  }

  /** A result starts (1) or stops (−1) counting. */
  result(result: CountedResult, sign: 1 | -1): this {
    const deltas: Partial<Record<CellField, number>> = {
      r: 1,
      f: result.result === 'fail' ? 1 : 0,
    };
    if (result.value !== null) {
      const { d, d2 } = valueTerms(result.value, cellDefinitionOf(result).reference);
      Object.assign(deltas, { n: 1, s: d, q: d2 });
    }
    this.move(result, deltas, sign);
    return this;
  }

  /** A unit-test's ends change from `before` to `after` (nothing when they decide the same). */
  unitTest(before: UnitTestEnds, after: UnitTestEnds): this {
    if (sameEnds(before, after)) return this;
    if (before.first && before.latest) this.unitTestFigures(before.first, before.latest, -1);
    if (after.first && after.latest) this.unitTestFigures(after.first, after.latest, 1);
    return this;
  }

  private unitTestFigures(first: CountedResult, latest: CountedResult, sign: 1 | -1) {
    this.move(
      first,
      { u: 1, p: first.result === 'pass' ? 1 : 0, l: latest.result === 'pass' ? 1 : 0 },
      sign,
    );
  }

  /** Day items the changes write (after moves that cancel out are dropped). */
  get itemCount(): number {
    return [...this.items.values()].filter(hasMoves).length;
  }

  /** One update per day item: its cells' figures added to, their definitions set once. */
  writeTo(transaction: Transaction): void {
    for (const item of this.items.values()) {
      if (!hasMoves(item)) continue;
      const add: Record<string, ReturnType<Decimal['toNumberValue']>> = {};
      const setIfMissing: Record<string, unknown> = {
        type: 'statisticsDay',
        productId: item.productId,
        day: item.day,
        machineId: item.machineId,
      };
      for (const [id, cell] of item.cells) {
        const moving = [...cell.fields].filter(([, sum]) => !sum.isZero());
        if (moving.length === 0) continue;
        setIfMissing[cellDefinitionAttribute(id)] = JSON.stringify(cell.definition);
        for (const [field, sum] of moving) {
          add[cellFieldAttribute(id, field)] = sum.toNumberValue();
        }
      }
      transaction.update(item.key, { add, setIfMissing });
    }
  }
}

const hasMoves = (item: ItemChange) =>
  [...item.cells.values()].some((cell) => [...cell.fields.values()].some((sum) => !sum.isZero()));

const sameResult = (a: CountedResult | null, b: CountedResult | null) =>
  a === b ||
  (a !== null && b !== null && resultOrder(a) === resultOrder(b) && a.result === b.result);

const sameEnds = (a: UnitTestEnds, b: UnitTestEnds) =>
  sameResult(a.first, b.first) && sameResult(a.latest, b.latest);

/** Raised when a unit-test's state moved between a write's read and its commit. */
export class UnitTestStateChanged extends Error {}

/**
 * Puts a unit-test's new state in the transaction, on condition it is still the state the
 * write read (its version, or no item).
 */
export function putUnitTestState(
  transaction: Transaction,
  serial: string,
  testName: string,
  before: UnitTestState | undefined,
  after: UnitTestEnds,
  tag?: string,
): void {
  transaction.put(
    {
      ...keys.unitTestState(serial, testName),
      type: 'unitTestState',
      version: (before?.version ?? 0) + 1,
      first: after.first,
      latest: after.latest,
    },
    {
      condition: before ? equals('version', before.version) : itemMissing(),
      ...(tag === undefined ? { onConditionFailed: () => new UnitTestStateChanged() } : { tag }),
    },
  );
}

/** The gsi2 keys that place a result with a value among its test's counting values. */
export function valueIndexKeys(result: CountedResult): IndexKeys {
  return result.value === null
    ? {}
    : keys.statisticsValueIndexes(
        result.productId,
        result.testName,
        result.testedAt,
        result.serialNumber,
        result.machineId,
      );
}

/** A cell of a day item as read. */
export interface Cell {
  definition: CellDefinition;
  figures: Record<CellField, number>;
}

/** A day item as read: its day, bench and cells. */
export interface DayFigures {
  day: string;
  machineId: string;
  cells: Cell[];
}

/** Reads a day item's cells from its attributes. */
export const dayFiguresSchema = {
  parse(item: unknown): DayFigures {
    const record = item as Record<string, unknown>;
    const cells: Cell[] = [];
    for (const [name, text] of Object.entries(record)) {
      if (!name.startsWith('d.')) continue;
      const id = name.slice(2);
      const definition = cellDefinitionSchema.parse(JSON.parse(String(text)));
      const figures = Object.fromEntries(
        cellFields.map((field) => [field, Number(record[cellFieldAttribute(id, field)] ?? 0)]),
      ) as Record<CellField, number>;
      cells.push({ definition, figures });
    }
    return { day: String(record.day), machineId: String(record.machineId), cells };
  },
};
