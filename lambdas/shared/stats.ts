import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { getDocuments } from './aws/dynamodb';
import { getConfig } from './config';
import { keys } from './keys';

/**
 * The counters item. Every counted write updates it in the same transaction, so
 * reading it replaces counting (no scans).
 */
export const statsSchema = z.object({
  products: z.number().int().nonnegative().default(0),
  serialRanges: z.number().int().nonnegative().default(0),
  units: z.number().int().nonnegative().default(0),
  reportRequests: z.number().int().nonnegative().default(0),
  machineResults: z.number().int().nonnegative().default(0),
  lastMachineDataAt: z.string().nullable().default(null),
});
export type Stats = z.infer<typeof statsSchema>;

export async function getStats(): Promise<Stats> {
  const result = await getDocuments().send(
    new GetCommand({ TableName: getConfig().TABLE_NAME, Key: keys.stats() }),
  );
  // Before the first counted write the item does not exist: every count is zero.
  return statsSchema.parse(result.Item ?? {});
}
