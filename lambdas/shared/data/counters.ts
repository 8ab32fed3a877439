import * as z from 'zod';
import { keys } from '../keys';
import { getItem } from './read';

/**
 * A counter as read: its value, or null when the table holds one no JavaScript number
 * represents exactly. Writes keep counters within safe integers (`Transaction.count`), so
 * null means a counter written by other means; a list or the dashboard then shows the
 * figure as unknown instead of failing.
 */
export const counterField = z
  .number()
  .optional()
  .transform((value) => {
    if (value === undefined) return 0;
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  });

/**
 * The counters item. Every counted write updates it in the same transaction, so
 * reading it replaces counting (no scans).
 */
export const statsSchema = z.object({
  products: counterField,
  serialRanges: counterField,
  units: counterField,
  reportRequests: counterField,
  machineResults: counterField,
  lastMachineDataAt: z.string().nullable().default(null),
});
export type Stats = z.infer<typeof statsSchema>;

export async function getStats(): Promise<Stats> {
  // Before the first counted write the item does not exist: every count is zero.
  return (await getItem(keys.stats(), statsSchema)) ?? statsSchema.parse({});
}
