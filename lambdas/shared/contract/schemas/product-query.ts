import * as z from 'zod';
import { canonical } from '../text';
import { listPageSchema } from './records';

/*
 * The product list's query, apart from the product's input schemas (./product.ts): the
 * list page and its contract read it without the 16 kB list of printable characters.
 */

/** The longest name filter the product list takes (the list's filter field stops there). */
export const productFilterMaxLength = 120;

export const listProductsQuerySchema = z.strictObject({
  ...listPageSchema,
  sort: z.enum(['name', 'updatedAt']).default('name'),
  /** Names starting with this text, case-insensitively (with `sort=name`). */
  filter: z.string().trim().max(productFilterMaxLength).transform(canonical).optional(),
});
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;
