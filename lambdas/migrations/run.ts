import * as z from 'zod';
import { getItem } from '../shared/data/read';
import { putItem } from '../shared/data/write';
import { keys } from '../shared/keys';
import { logger } from '../shared/logger';
import { migrateProductSearch } from './product-search';
import { migrateStatistics } from './statistics';
import { migrateUnitRecords } from './unit-records';

/**
 * Data migrations, in order: each runs once to its end (a marker item records it), on every
 * deploy (lib/stack.ts, a custom resource) and every local start (bin/local/stack.ts) until
 * then. Each is idempotent: one stopped halfway runs again from the start.
 */
export const migrations: readonly { name: string; run: () => Promise<object> }[] = [
  { name: 'unit-records-2026-11', run: migrateUnitRecords },
  { name: 'product-search-2026-11', run: migrateProductSearch },
  { name: 'statistics-2026-11', run: migrateStatistics },
];

const markerSchema = z.object({ completedAt: z.string() });

/** Runs the migrations not yet completed; answers the names of those it ran. */
export async function runMigrations(): Promise<string[]> {
  const ran: string[] = [];
  for (const migration of migrations) {
    if (await getItem(keys.migration(migration.name), markerSchema, { consistent: true })) continue;
    const summary = await migration.run();
    await putItem({ ...keys.migration(migration.name), completedAt: new Date().toISOString() });
    logger.info('data migration completed', { migration: migration.name, ...summary });
    ran.push(migration.name);
  }
  return ran;
}
