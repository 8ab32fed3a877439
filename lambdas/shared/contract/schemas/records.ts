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
