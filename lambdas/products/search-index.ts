import * as z from 'zod';
import type { ListProductsQuery } from '../shared/contract/schemas/product-query';
import { productSchema, type Product } from '../shared/contract/schemas/product-record';
import {
  matchesSearch,
  parseSearch,
  productSearchWords,
  readTerm,
  termMatches,
  type SearchableProduct,
} from '../shared/contract/search-words';
import { getItems, itemKeyId, queryPage, type Page } from '../shared/data/read';
import type { Transaction } from '../shared/data/transaction';
import { keys, queries, type ItemKey } from '../shared/keys';

/**
 * The product search index (docs/data-model.md, "Product search"): one entry per search word
 * of a product (contract/search-words.ts), written and removed in the product's own
 * transactions, read by one Query per page whatever the catalogue's size.
 *
 * An entry carries the product's id and the texts its words come from, so the other words
 * of a search are checked on the entries read, and only the products of the page are read
 * (one BatchGetItem).
 */

/** The product as its search words see it; `id` names the entries' product. */
export type IndexedProduct = SearchableProduct & { id: string };

/** One entry: the word it is filed under, and what the search checks. */
const wordEntrySchema = z.object({
  productId: z.string(),
  word: z.string(),
  name: z.string(),
  nameZh: z.string().nullable().default(null),
  gtin: z.string().nullable().default(null),
});
type WordEntry = z.infer<typeof wordEntrySchema>;

/** The index entry of one of the product's words (the data migration and benches write it too). */
export const productWordItem = (product: IndexedProduct, word: string) => ({
  ...keys.productWord(word, product.name, product.id),
  productId: product.id,
  word,
  name: product.name,
  nameZh: product.nameZh ?? null,
  gtin: product.gtin ?? null,
});

/** The product record as stored, with the words its entries were written under. */
export const storedProductSchema = productSchema.extend({
  /** Absent on products stored before the search index (the data migration adds it). */
  searchWords: z.array(z.string()).optional(),
});
export type StoredProduct = z.infer<typeof storedProductSchema>;

/** The words the product's entries are stored under: as recorded, or as its texts give. */
export const storedSearchWords = (product: StoredProduct): string[] =>
  product.searchWords ?? productSearchWords(product);

const sameSearchTexts = (before: IndexedProduct, after: IndexedProduct) =>
  before.name === after.name &&
  (before.nameZh ?? null) === (after.nameZh ?? null) &&
  (before.gtin ?? null) === (after.gtin ?? null);

/** What a write does to the index: the words to record on the product, and the entries. */
export interface SearchIndexChange {
  /** The product's `searchWords` after the write; undefined when they stay as they are. */
  words: string[] | undefined;
  /** Adds the entries' deletes and puts to the product's transaction. */
  writeTo(transaction: Transaction): void;
}

/**
 * What keeps the index equal to the product: its entries when it is created (`before`
 * undefined), removed when it is deleted (`after` undefined), and on an edit of its names
 * or GTIN the entries of words it no longer has removed and the others written again (an
 * entry's sort key holds the name; an entry holds the texts). An edit of other fields
 * changes nothing.
 *
 * `before` is the stored record: its entries are under its `searchWords`, or, for a
 * product the data migration has not reached, the words its texts give (so entries the
 * migration wrote meanwhile are removed too; removing an entry that is not there is no
 * error).
 */
export function searchIndexChange(
  before: StoredProduct | undefined,
  after: IndexedProduct | undefined,
): SearchIndexChange {
  if (before && after && before.searchWords && sameSearchTexts(before, after)) {
    return { words: undefined, writeTo: () => undefined };
  }
  const afterWords = after ? productSearchWords(after) : [];
  // Entries whose key stays (same word, same name but for case) are written over: one
  // transaction may not hold two writes of one item. The others are removed.
  const kept = new Set(
    before && after && before.name.toLowerCase() === after.name.toLowerCase() ? afterWords : [],
  );
  const removed = before ? storedSearchWords(before).filter((word) => !kept.has(word)) : [];
  return {
    words: after ? afterWords : undefined,
    writeTo: (transaction) => {
      if (before) {
        for (const word of removed) {
          transaction.delete(keys.productWord(word, before.name, before.id));
        }
      }
      if (after) {
        for (const word of afterWords) transaction.put(productWordItem(after, word));
      }
    },
  };
}

/**
 * A page of the products with every word of `query.filter` (contract/search-words.ts), in
 * the order of the index entries read: by the word matched, then name. One Query of the
 * partition of the word most likely rare (`readTerm`), the other words checked on the
 * entries it reads, then one BatchGetItem of the page's products. The cursor is the last
 * entry read, bound to the search (a cursor of the name list does not open it).
 */
export async function searchProducts(
  query: ListProductsQuery & { filter: string },
): Promise<Page<Product>> {
  const terms = parseSearch(query.filter);
  const term = readTerm(terms);
  // Nothing to search by (only punctuation): nothing found.
  if (!term) return { items: [], nextCursor: null };
  const keep = (entry: WordEntry) => {
    const words = productSearchWords(entry);
    if (!matchesSearch(terms, words)) return false;
    // A product with several words starting with the term has an entry for each: the
    // first of them (an order of our own, any fixed one will do) stands for it.
    const first = words.filter((word) => termMatches(term, word)).sort()[0];
    return entry.word === first;
  };
  const page = await queryPage(queries.productsByWord(term.text, !term.prefix), wordEntrySchema, {
    forward: query.order === 'asc',
    limit: query.limit,
    cursor: query.cursor,
    keep,
    scope: {
      list: 'products',
      index: 'words',
      sort: query.sort,
      order: query.order,
      filter: query.filter,
    },
  });
  const productKeys: ItemKey[] = page.items.map((entry) => keys.product(entry.productId));
  const products = await getItems(productKeys, productSchema);
  return {
    // A product deleted between the two reads is left out.
    items: productKeys.flatMap((key) => {
      const product = products.get(itemKeyId(key));
      return product ? [product] : [];
    }),
    nextCursor: page.nextCursor,
  };
}
