import { randomInt } from 'node:crypto';
import * as z from 'zod';
import { queries } from '../keys';
import { queryItems } from './read';

/**
 * The counters: totals (products, ranges, units, report requests, machine results) and
 * per-day figures, moved in the same transaction as every write they count
 * (`Transaction.count`, `Transaction.countDay`), so reading them replaces counting (no
 * scans) and they always equal the true counts.
 *
 * Each is kept in `counterShards` items, and a write moves one of them, picked at
 * random: with a single item every report request and every bench batch would write the
 * same item, and concurrent transactions on one item cancel each other (a conflict is
 * retried, but twenty visitors at once used up the retries). A read sums the shards of
 * the partition, one Query. Items written before the counters were sharded (sort key
 * `STATS`, a bare date) sit in the same partitions and are summed with them.
 */
export const counterShards = 8;

/** The shard a write moves. */
export const counterShard = (): number => randomInt(counterShards);

/**
 * The most one shard may hold; a write that would pass it is refused
 * (`CounterLimitError`). So the sum of every shard, and of an item from before the
 * sharding, stays a safe integer.
 */
export const maxShardValue = Math.floor(Number.MAX_SAFE_INTEGER / (counterShards + 1));

export const counters = [
  'products',
  'serialRanges',
  'units',
  'reportRequests',
  'machineResults',
] as const;
export type Counter = (typeof counters)[number];

export const dayCounters = ['reportRequests', 'resultsPass', 'resultsFail'] as const;
export type DayCounter = (typeof dayCounters)[number];

/**
 * One shard's counter: a shard may be negative (a product deleted through another shard
 * than the one that counted it). NaN for a value no JavaScript number holds exactly.
 */
const shardValue = z
  .number()
  .optional()
  .transform((value) => (value === undefined ? 0 : Number.isSafeInteger(value) ? value : NaN));

/**
 * The total of one counter over its shards, or null when it is not a count a JavaScript
 * number holds exactly (written by other means than `Transaction.count`): a list or the
 * dashboard then shows the figure as unknown instead of failing.
 */
function total(values: number[]): number | null {
  const sum = values.reduce((a, b) => a + b, 0);
  return Number.isSafeInteger(sum) && sum >= 0 ? sum : null;
}

const statsShardSchema = z.object({
  products: shardValue,
  serialRanges: shardValue,
  units: shardValue,
  reportRequests: shardValue,
  machineResults: shardValue,
  lastMachineDataAt: z.string().nullable().optional(),
}) satisfies z.ZodType<Record<Counter, number>>;

export type Stats = Record<Counter, number | null> & { lastMachineDataAt: string | null };

export async function getStats(): Promise<Stats> {
  // Before the first counted write there are no shards: every count is zero.
  const shards = await queryItems(queries.stats(), statsShardSchema);
  const latest = shards
    .map((shard) => shard.lastMachineDataAt)
    .filter((at): at is string => typeof at === 'string')
    .sort()
    .at(-1);
  return {
    ...(Object.fromEntries(
      counters.map((name) => [name, total(shards.map((shard) => shard[name]))]),
    ) as Record<Counter, number | null>),
    lastMachineDataAt: latest ?? null,
  };
}

const dayShardSchema = z.object({
  sk: z.string(),
  reportRequests: shardValue,
  resultsPass: shardValue,
  resultsFail: shardValue,
}) satisfies z.ZodType<Record<DayCounter, number>>;

/** The day counters of `from`–`to` (dates) by date; a day nobody counted is absent. */
export async function getDayCounts(
  from: string,
  to: string,
): Promise<Map<string, Record<DayCounter, number | null>>> {
  const shards = await queryItems(queries.dailyBetween(from, to), dayShardSchema);
  const byDate = new Map<string, (typeof shards)[number][]>();
  for (const shard of shards) {
    const date = shard.sk.slice(0, 10);
    byDate.set(date, [...(byDate.get(date) ?? []), shard]);
  }
  return new Map(
    [...byDate].map(([date, items]) => [
      date,
      Object.fromEntries(
        dayCounters.map((name) => [name, total(items.map((item) => item[name]))]),
      ) as Record<DayCounter, number | null>,
    ]),
  );
}
