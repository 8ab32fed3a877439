import {
  searchIndexChange,
  storedProductSchema,
  type StoredProduct,
} from '../products/search-index';
import { and, attributeMissing, equals } from '../shared/data/expressions';
import { getItem, queryPage } from '../shared/data/read';
import { TransactionCancelled, unaudited } from '../shared/data/transaction';
import { keys, queries } from '../shared/keys';

/**
 * The product search index (docs/data-model.md, "Product search") for products stored
 * before it: each product without `searchWords` gets its entries and the words recorded,
 * in one transaction held to the version read and to `searchWords` still missing. An edit
 * or delete meanwhile writes (or removes) the entries itself and cancels this one, which
 * then has nothing to do. Bookkeeping, not anyone's change: no audit entry, no new version.
 * Reads the products a page at a time (a Query of the name list), never the whole table, and
 * indexes a page's products in parallel. One stopped by the deploy's 15 minutes goes on at
 * the next deploy from the products still without `searchWords`.
 */
export interface ProductSearchSummary {
  indexed: number;
  /** Changed or deleted while the migration ran: their own write indexed them. */
  changedMeanwhile: number;
}

/**
 * Indexes one product; false when an edit or delete indexed it (or removed it) first. The
 * list index may show an older version: a refusal reads the product again, consistently,
 * and tries that version.
 */
async function indexProduct(listed: StoredProduct): Promise<boolean> {
  let product: StoredProduct | undefined = listed;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (!product || product.searchWords) return false;
    const search = searchIndexChange(undefined, product);
    const transaction = unaudited().update(
      keys.product(product.id),
      { set: { searchWords: search.words } },
      {
        condition: and(equals('version', product.version), attributeMissing('searchWords')),
        tag: 'product',
      },
    );
    search.writeTo(transaction);
    try {
      await transaction.commit();
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
    }
    product = await getItem(keys.product(listed.id), storedProductSchema, { consistent: true });
  }
  throw new Error(`Product ${listed.id} kept changing during the migration`);
}

export async function migrateProductSearch(): Promise<ProductSearchSummary> {
  const summary: ProductSearchSummary = { indexed: 0, changedMeanwhile: 0 };
  let cursor: string | undefined;
  do {
    const page = await queryPage(queries.productsByName(), storedProductSchema, {
      limit: 25,
      cursor,
      scope: { list: 'migration:product-search' },
    });
    // A page's products in parallel: their transactions touch different items.
    await Promise.all(
      page.items
        .filter((product) => !product.searchWords)
        .map(async (product) => {
          summary[(await indexProduct(product)) ? 'indexed' : 'changedMeanwhile']++;
        }),
    );
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return summary;
}
