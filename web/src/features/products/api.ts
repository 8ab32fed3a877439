import { productReadApi as productApi } from '../../../../lambdas/shared/contract/api/products';
import { productFilterMaxLength } from '../../../../lambdas/shared/contract/schemas/product-query';
import type { Product } from '../../../../lambdas/shared/contract/schemas/product-record';
import type { TestPlan } from '../../../../lambdas/shared/contract/schemas/test-plan';
import { api, answerParser, ApiError } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';
import {
  fetchAllPages,
  pageLimit,
  wholePageSize,
  type CursorPage,
  type SortOrder,
} from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';

/** Longest filter the API accepts (the contract's). */
export const maxProductFilterLength = productFilterMaxLength;

export type ProductSort = 'name' | 'updatedAt';

/** What the products table asks for, besides the page. */
export interface ProductListQuery {
  sort: ProductSort;
  order: SortOrder;
  /**
   * The search, as typed: products with every word of it in their names (either language)
   * or model code, or with it as GTIN; the last word may be the start of one (docs/api.md).
   */
  filter: string;
}

/**
 * The order the list is really shown in: the API searches only in name order (by the
 * word matched, then name), so a search turns an update-order list into name order
 * (ascending); without one the chosen order stands.
 */
export function effectiveProductSort(
  query: ProductListQuery,
): Pick<ProductListQuery, 'sort' | 'order'> {
  if (query.filter.trim() && query.sort !== 'name') return { sort: 'name', order: 'asc' };
  return { sort: query.sort, order: query.order };
}

/**
 * The query of `GET /api/products`: `limit` within 1..1000, the opaque `cursor` as
 * received, the effective sort and order, and the trimmed filter; empty values are
 * left out.
 */
export function productListQuery(
  query: ProductListQuery,
  page: { pageSize: number; cursor?: string },
): { limit: number; cursor?: string; sort: ProductSort; order: SortOrder; filter?: string } {
  const limit = pageLimit(page.pageSize);
  const filter = query.filter.trim().slice(0, maxProductFilterLength).trim();
  return {
    limit,
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...effectiveProductSort(query),
    ...(filter ? { filter } : {}),
  };
}

export function listProducts(
  query: ProductListQuery,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<Product>> {
  return api(productApi, 'GET /api/products', { query: productListQuery(query, page), signal });
}

export const fetchProductPage: FetchPage<ProductListQuery, Product> = (
  { query, pageSize, cursor },
  signal,
) => listProducts(query, { pageSize, cursor }, signal);

/** Every product of the list as shown (filter and order), for an export or a choice. */
export function listAllProducts(
  query: ProductListQuery = { sort: 'name', order: 'asc', filter: '' },
  signal?: AbortSignal,
): Promise<Product[]> {
  return fetchAllPages((cursor) =>
    listProducts(query, { pageSize: wholePageSize, cursor }, signal),
  );
}

/** `/api/products/{id}`, for `useApiQuery`. */
export function productPath(id: string): `/api/${string}` {
  return routeUrl(productApi, 'GET /api/products/{id}', { params: { id } });
}

/** Reads `GET /api/products/{id}` (for `useApiQuery`). */
export const parseProduct = answerParser(productApi, 'GET /api/products/{id}');

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api(productApi, 'GET /api/products/{id}', { params: { id }, signal });
}

/**
 * Refused while serial number ranges refer to the product: 409 `aborted`
 * (`errors.productHasRanges`), or 400 `failed-precondition`
 * (`errors.productRangesHoldData`) when their units hold test results or reports.
 */
export async function deleteProduct(id: string): Promise<void> {
  await api(productApi, 'DELETE /api/products/{id}', { params: { id } });
}

/**
 * The product's test plan in force; null when it has none yet (404
 * `errors.testPlanNotFound`). An unknown product still fails (`errors.productNotFound`).
 */
export async function getTestPlan(
  productId: string,
  signal?: AbortSignal,
): Promise<TestPlan | null> {
  try {
    return await api(productApi, 'GET /api/products/{id}/test-plan', {
      params: { id: productId },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'errors.testPlanNotFound') return null;
    throw error;
  }
}
