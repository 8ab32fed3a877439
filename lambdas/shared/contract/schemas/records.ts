import * as z from 'zod';

/** Who and when, on every record. */
export const auditSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
});

/**
 * Shared by every back-office list: `limit` 1–1000 (1000 serves "All") as plain digits,
 * and the opaque `cursor` the previous page named. A cursor is checked where it is read
 * (lambdas/shared/data/cursor.ts): anything the server did not issue, whatever its length,
 * is "The page cursor is invalid or expired".
 */
export const listPageSchema = {
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .default(20),
  cursor: z.string().optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
};

/** A page of a back-office list: its items, the next page's cursor, and the list's total. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The next page's cursor; null on the last page. */
    nextCursor: z.string().nullable(),
    /** Total of the unfiltered list, from the counters; null when a filter applies. */
    total: z.number().int().nullable(),
  });

/**
 * A page of a list that answers no total (machine data, filtered as it is read; machines,
 * without a counter): its items and the next page's cursor.
 */
export const pageWithoutTotalSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The next page's cursor; null on the last page. */
    nextCursor: z.string().nullable(),
  });

/** The answer of a delete: the record's id. */
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
