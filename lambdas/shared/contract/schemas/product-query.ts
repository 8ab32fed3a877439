import * as z from 'zod';
import { canonical } from '../text';
import { listPageSchema } from './records';

/*
 * The product list's query, apart from the product's input schemas (./product.ts): the
 * list page and its contract read it without the 16 kB list of printable characters.
 */

/** The longest search the product list takes (the list's search box stops there). */
export const productFilterMaxLength = 120;

export const listProductsQuerySchema = z.strictObject({
  ...listPageSchema,
  sort: z.enum(['name', 'updatedAt']).default('name'),
  /**
   * A search (with `sort=name`): the products with every word of it in their names (either
   * language, model codes included) or as GTIN, the last word perhaps only the start of one;
   * case and width do not matter (contract/search-words.ts, docs/api.md).
   */
  filter: z.string().trim().max(productFilterMaxLength).transform(canonical).optional(),
});
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;
