import type { ListProductsQuery, ProductFields } from '../shared/contract/schemas/product';
import type { Page, Product } from '../shared/contract/schemas/product-record';
import type { SavePlanInput, TestPlan } from '../shared/contract/schemas/test-plan';
import { getStats } from '../shared/data/counters';
import { NotFoundError, ValidationError } from '../shared/errors';
import { actorOf, type Caller } from '../shared/http';
import * as products from './repository';

export async function listProducts(query: ListProductsQuery): Promise<Page<Product>> {
  if (query.filter && query.sort !== 'name') {
    // The name index serves "starts with"; there is no such index in update order.
    throw new ValidationError({ sort: { key: 'validation.filterNeedsNameSort' } });
  }
  const page = await products.listProducts(query);
  return { ...page, total: query.filter ? null : (await getStats()).products };
}

export async function getProduct(id: string): Promise<Product> {
  const product = await products.getProduct(id);
  if (!product) throw new NotFoundError('errors.productNotFound');
  return product;
}

export const createProduct = (fields: ProductFields, caller: Caller) =>
  products.createProduct(fields, actorOf(caller));

export const updateProduct = (
  id: string,
  { version, ...fields }: ProductFields & { version: number },
  caller: Caller,
) => products.updateProduct(id, fields, version, actorOf(caller));

export const deleteProduct = (id: string, caller: Caller) =>
  products.deleteProduct(id, actorOf(caller));

/** A product's test plan: the version in force, or `version` (an earlier one). */
export async function getTestPlan(id: string, version?: number): Promise<TestPlan> {
  if (!version) {
    const plan = await products.getCurrentTestPlan(id);
    if (plan) return plan;
    if (!(await products.getProduct(id))) throw new NotFoundError('errors.productNotFound');
    throw new NotFoundError('errors.testPlanNotFound');
  }
  // A deleted product's plan versions stay in the table, unserved.
  const [product, plan] = await Promise.all([
    products.getProduct(id),
    products.getTestPlan(id, version),
  ]);
  if (!product) throw new NotFoundError('errors.productNotFound');
  if (!plan) throw new NotFoundError('errors.testPlanNotFound');
  return plan;
}

/** Saves the plan as the product's next version, approved by the caller. */
export const saveTestPlan = (id: string, input: SavePlanInput, caller: Caller) =>
  products.saveTestPlan(
    id,
    input,
    { id: caller.sub, name: caller.name ?? caller.email, email: caller.email, role: caller.role },
    actorOf(caller),
  );
