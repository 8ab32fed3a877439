import * as z from 'zod';
import { type ProductFields } from '../../../../lambdas/shared/contract/schemas/product';
import {
  productSchema,
  type Product,
} from '../../../../lambdas/shared/contract/schemas/product-record';
import {
  testPlanSchema,
  type SavePlanInput,
  type TestPlan,
} from '../../../../lambdas/shared/contract/schemas/test-plan';
import { ApiError, apiRequest, parseAnswer } from '../../lib/api-client';
import {
  cursorPageSchema,
  fetchAllPages,
  pageLimit,
  wholePageSize,
  type CursorPage,
  type SortOrder,
} from '../../lib/cursor-page';
import type { FetchPage } from '../../lib/use-cursor-list';

export const productsPath = '/api/products';

/** Longest filter the API accepts (`listProductsQuerySchema`). */
export const maxProductFilterLength = 120;

export type ProductSort = 'name' | 'updatedAt';

/** What the products table asks for, besides the page. */
export interface ProductListQuery {
  sort: ProductSort;
  order: SortOrder;
  /** Start of the names to show, as typed. */
  filter: string;
}

/**
 * The order the list is really shown in: the API filters names only in name order,
 * so a filter turns an update-order list into name order (ascending); without a
 * filter the chosen order stands.
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

const productPageSchema = cursorPageSchema(productSchema);

export async function listProducts(
  query: ProductListQuery,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<Product>> {
  const body = await apiRequest<unknown>(productsPath, {
    query: productListQuery(query, page),
    signal,
  });
  return parseAnswer(productPageSchema, body);
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

export function productPath(id: string): `/api/products/${string}` {
  return `${productsPath}/${encodeURIComponent(id)}`;
}

/** Reads `GET /api/products/{id}` (for `useApiQuery`). */
export function parseProduct(body: unknown): Product {
  return parseAnswer(productSchema, body);
}

export async function createProduct(fields: ProductFields): Promise<Product> {
  return parseProduct(await apiRequest<unknown>(productsPath, { method: 'POST', body: fields }));
}

/** Replaces the fields if `version` is still the current one (else 409 `aborted`). */
export async function updateProduct(
  id: string,
  fields: ProductFields,
  version: number,
): Promise<Product> {
  return parseProduct(
    await apiRequest<unknown>(productPath(id), { method: 'PUT', body: { ...fields, version } }),
  );
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return parseProduct(await apiRequest<unknown>(productPath(id), { signal }));
}

/**
 * `GET /api/serial-numbers?productId=…&limit=1`, whose `total` is how many serial number
 * ranges the product has (the delete dialog says it before anyone confirms).
 */
export function productRangesPath(productId: string): `/api/${string}` {
  return `/api/serial-numbers?${new URLSearchParams({ productId, limit: '1' })}`;
}

const rangeTotalSchema = cursorPageSchema(z.unknown());

/** The product's range count from {@link productRangesPath}'s answer; null when not given. */
export function parseRangeTotal(body: unknown): number | null {
  return parseAnswer(rangeTotalSchema, body).total;
}

/**
 * Refused while serial number ranges refer to the product: 409 `aborted`
 * (`errors.productHasRanges`), or 400 `failed-precondition`
 * (`errors.productRangesHoldData`) when their units hold test results or reports.
 */
export async function deleteProduct(id: string): Promise<void> {
  await apiRequest<unknown>(productPath(id), { method: 'DELETE' });
}

export function testPlanPath(productId: string): `/api/products/${string}/test-plan` {
  return `${productPath(productId)}/test-plan`;
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
    return parseAnswer(
      testPlanSchema,
      await apiRequest<unknown>(testPlanPath(productId), { signal }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'errors.testPlanNotFound') return null;
    throw error;
  }
}

/**
 * Saves the plan as the product's next version, approved by the signed-in account;
 * `version` is the one the edit started from (0: none). 409 `aborted` when another
 * version was saved meanwhile.
 */
export async function saveTestPlan(productId: string, plan: SavePlanInput): Promise<TestPlan> {
  return parseAnswer(
    testPlanSchema,
    await apiRequest<unknown>(testPlanPath(productId), { method: 'PUT', body: plan }),
  );
}
