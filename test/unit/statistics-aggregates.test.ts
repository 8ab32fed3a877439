import { describe, expect, it } from 'vitest';
import { Decimal } from '../../lambdas/shared/data/decimal';
import type { Transaction as TransactionType } from '../../lambdas/shared/data/transaction';
import type { CountedResult } from '../../lambdas/statistics/aggregates';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);
const { Transaction } = await import('../../lambdas/shared/data/transaction');
const { AggregateChanges, cellDefinitionOf, endsOf, referenceOf, valueTerms } =
  await import('../../lambdas/statistics/aggregates');

const result = (changes: Partial<CountedResult> = {}): CountedResult => ({
  serialNumber: 'AV-000001',
  testName: 'Shell',
  testedAt: '2026-03-01T08:00:00.000Z',
  machineId: 'Bench 1',
  result: 'pass',
  value: 38.25,
  planVersion: 2,
  limit: { lower: 37.5, upper: null, unit: 'bar' },
  rangeId: 'r-1',
  material: 'WCB',
  productId: 'p-1',
  ...changes,
});

/** The `ADD` operands a transaction's updates carry, by attribute name. */
function added(transaction: TransactionType): Record<string, string>[] {
  const items = (transaction as unknown as { operations: { item: { Update?: unknown } }[] })
    .operations;
  return items.map(({ item }) => {
    const update = item.Update as {
      UpdateExpression: string;
      ExpressionAttributeNames: Record<string, string>;
      ExpressionAttributeValues: Record<string, unknown>;
    };
    const adds = update.UpdateExpression.split('ADD ')[1]!.split(', ');
    return Object.fromEntries(
      adds.map((clause) => {
        const [name, value] = clause.split(' ') as [string, string];
        return [
          update.ExpressionAttributeNames[name]!.replace(/^c\.[\w-]+\./, ''),
          String(update.ExpressionAttributeValues[value]),
        ];
      }),
    );
  });
}

describe('exact decimals', () => {
  it('add the decimals of doubles exactly, where doubles would not', () => {
    expect(Decimal.of(0.1).plus(Decimal.of(0.2)).toString()).toBe('0.3');
    expect(Decimal.of(1e12).plus(Decimal.of(1.5e-15)).toString()).toBe(
      '1000000000000.0000000000000015',
    );
    expect(Decimal.of(-0.0025).toString()).toBe('-0.0025');
    expect(Decimal.of(1200).toString()).toBe('1200');
    expect(Decimal.of(2.5).plus(Decimal.of(2.5).negated()).isZero()).toBe(true);
  });
});

describe('statistics aggregates', () => {
  it('take the sums from a reference near the values: the limits’ midpoint or the one limit', () => {
    expect(referenceOf(4, 7)).toBe(5.5);
    expect(referenceOf(37.5, null)).toBe(37.5);
    expect(referenceOf(null, 2)).toBe(2);
    expect(referenceOf(null, null)).toBe(0);
    expect(valueTerms(38.25, 37.5)).toEqual({ d: 0.75, d2: 0.5625 });
    // A cell is one test of one range and material, judged by one plan version's limits.
    expect(cellDefinitionOf(result())).toEqual({
      testName: 'Shell',
      rangeId: 'r-1',
      material: 'WCB',
      planVersion: 2,
      lower: 37.5,
      upper: null,
      unit: 'bar',
      reference: 37.5,
    });
  });

  it('order a unit-test’s results by test time, then bench', () => {
    const a = result({ testedAt: '2026-03-01T08:00:00.000Z', machineId: 'Bench 2' });
    const b = result({ testedAt: '2026-03-01T08:00:00.000Z', machineId: 'Bench 1' });
    const c = result({ testedAt: '2026-02-28T08:00:00.000Z', machineId: 'Bench 9' });
    expect(endsOf([a, b, c])).toEqual({ first: c, latest: a });
    expect(endsOf([])).toEqual({ first: null, latest: null });
  });

  it('write one update per day item, with moves that cancel out left out', () => {
    const transaction = new Transaction(null);
    const failed = result({ result: 'fail', value: 36.75 });
    new AggregateChanges()
      .result(result(), 1)
      .result(failed, 1)
      .result(result({ value: 38.25, testName: 'Seat' }), 1)
      .result(result({ value: 38.25, testName: 'Seat' }), -1)
      .writeTo(transaction);
    expect(transaction.size).toBe(1);
    // 38.25 and 36.75 about 37.5: Σd = 0 moves nothing; the Seat result came and went.
    expect(added(transaction)).toEqual([{ r: '2', f: '1', n: '2', q: '1.125' }]);
  });

  it('move a unit-test’s figures to its new first result, and nothing when the ends stay', () => {
    const first = result({ result: 'fail', value: 36 });
    const retest = result({ testedAt: '2026-03-02T08:00:00.000Z' });
    const unchanged = new Transaction(null);
    new AggregateChanges()
      .unitTest({ first, latest: retest }, { first, latest: retest })
      .writeTo(unchanged);
    expect(unchanged.size).toBe(0);
    // The failed first result is voided: the retest, on the next day, becomes the first.
    const moved = new Transaction(null);
    new AggregateChanges()
      .unitTest({ first, latest: retest }, { first: retest, latest: retest })
      .writeTo(moved);
    expect(added(moved)).toEqual([
      { u: '-1', l: '-1' },
      { u: '1', p: '1', l: '1' },
    ]);
  });
});
