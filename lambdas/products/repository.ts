import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { AuditActor } from '../shared/contract/schemas/audit';
import { type ListProductsQuery, type ProductFields } from '../shared/contract/schemas/product';
import {
  productFieldNames,
  productSchema,
  type Product,
} from '../shared/contract/schemas/product-record';
import {
  testPlanSchema,
  type PlanApprover,
  type PlanTest,
  type TestPlan,
} from '../shared/contract/schemas/test-plan';
import { changesBetween, type AuditRecord } from '../shared/data/audit';
import {
  and,
  attributeMissing,
  equals,
  itemExists,
  itemMissing,
  or,
} from '../shared/data/expressions';
import { keys, queries } from '../shared/keys';
import { getItem, queryPage, type Page } from '../shared/data/read';
import { audited, type Failure, type Transaction } from '../shared/data/transaction';
import {
  AbortedError,
  ConflictError,
  FailedPreconditionError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { bodyMaterials, ratingField } from '../shared/contract/materials';
import { productRangeHoldings, productRangeMaterials } from '../serial-ranges/holdings';
import {
  searchIndexChange,
  searchProducts,
  storedProductSchema,
  storedSearchWords,
  type StoredProduct,
} from './search-index';

const nameTaken = () =>
  new ConflictError('errors.productNameTaken', {}, { name: { key: 'errors.productNameTaken' } });
const notFound = () => new NotFoundError('errors.productNotFound');
const gtinTaken = () =>
  new ConflictError('errors.gtinTaken', {}, { gtin: { key: 'errors.gtinTaken' } });
/** Labels already printed carry the GTIN in their links (docs/identity-links.md). */
const gtinLocked = () =>
  new ValidationError({ gtin: { key: 'errors.gtinLocked' } }, 'errors.gtinLocked');

export function getProduct(id: string): Promise<Product | undefined> {
  return getItem(keys.product(id), productSchema, { consistent: true });
}

/** The record as stored, with what the API never answers (its search words). */
function getStoredProduct(id: string): Promise<StoredProduct | undefined> {
  return getItem(keys.product(id), storedProductSchema, { consistent: true });
}

/** The product's name claim: one item per name (case-insensitive), naming its product. */
const nameClaim = (name: string, productId: string) => ({ ...keys.productName(name), productId });
/** The product's GTIN claim: one item per GTIN-14, naming its product (the resolver reads it). */
const gtinClaim = (gtin: string, productId: string) => ({ ...keys.productGtin(gtin), productId });

const rangeCountSchema = z.object({ rangeCount: z.number().int().default(0) });

/** The product of a GTIN-14, by its claim: one GetItem. */
export async function findProductIdByGtin(gtin: string): Promise<string | undefined> {
  const claim = await getItem(keys.productGtin(gtin), z.object({ productId: z.string() }));
  return claim?.productId;
}

/**
 * A product about to be created: its record, its audit entry, and what its transaction
 * writes. `createProduct` writes one; an import writes many per transaction
 * (products/import.ts), so both write the same items.
 */
export interface ProductCreation {
  product: Product;
  /** The record as stored: with its search words (what undoing the creation removes). */
  stored: StoredProduct;
  audit: AuditRecord;
  /** Items {@link writeTo} adds. */
  items: number;
  /**
   * Adds the product's items to `transaction`: the product, the claims on its name and GTIN
   * and its search index entries (not the counter, not the audit entry). A taken name or GTIN
   * cancels the transaction with `failures`' errors (by default the form's).
   */
  writeTo(transaction: Transaction, failures?: { nameTaken?: Failure; gtinTaken?: Failure }): void;
}

/** The creation of a product of `fields`, by `actor`, at `now`. */
export function productCreation(
  fields: ProductFields,
  actor: AuditActor,
  now: string,
): ProductCreation {
  const id = randomUUID();
  const product: Product = {
    id,
    ...fields,
    planVersion: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actor.email ?? actor.id,
    updatedBy: actor.email ?? actor.id,
  };
  const search = searchIndexChange(undefined, product);
  return {
    product,
    stored: { ...product, searchWords: search.words },
    audit: {
      actor,
      action: 'create',
      entity: 'product',
      entityId: id,
      subjectLabel: fields.name,
      changes: changesBetween(undefined, fields, productFieldNames),
    },
    items: 2 + (fields.gtin ? 1 : 0) + (search.words?.length ?? 0),
    writeTo(transaction, failures = {}) {
      transaction
        .put(
          // `rangeCount`: ranges referring to the product; deleting needs it at zero.
          {
            ...keys.product(id),
            ...keys.productIndexes(id, fields.name, now),
            ...product,
            rangeCount: 0,
            searchWords: search.words,
          },
          { condition: itemMissing() },
        )
        .put(nameClaim(fields.name, id), {
          condition: itemMissing(),
          onConditionFailed: failures.nameTaken ?? nameTaken,
        });
      if (fields.gtin) {
        transaction.put(gtinClaim(fields.gtin, id), {
          condition: itemMissing(),
          onConditionFailed: failures.gtinTaken ?? gtinTaken,
        });
      }
      search.writeTo(transaction);
    },
  };
}

/**
 * One transaction: the product, the claim on its name (and GTIN), the counter, the search
 * index's entries and the audit entry. A taken name cancels all of it.
 */
export async function createProduct(fields: ProductFields, actor: AuditActor): Promise<Product> {
  const now = new Date().toISOString();
  const creation = productCreation(fields, actor, now);
  const transaction = audited(creation.audit);
  creation.writeTo(transaction);
  transaction.count({ products: 1 });
  await transaction.commit({ now: new Date(now) });
  return creation.product;
}

/**
 * Optimistic concurrency: the update holds only if the stored version is the one the
 * editor read; a rename moves the name claim in the same transaction.
 */
export async function updateProduct(
  id: string,
  fields: ProductFields,
  expectedVersion: number,
  actor: AuditActor,
): Promise<Product> {
  const stored = await getStoredProduct(id);
  if (!stored) throw notFound();
  // The record as the API answers it: without its search words.
  const current = productSchema.parse(stored);
  if (current.version !== expectedVersion) throw new AbortedError();
  const gtinChanges = current.gtin !== fields.gtin;
  // Refused before anything is written; the transaction's condition holds it under races.
  const rangeCount = await countRanges(id);
  if (gtinChanges && rangeCount > 0) throw gtinLocked();
  // A rating its ranges' units were made and tested in stays (docs/data-model.md).
  const removedRatings = bodyMaterials.filter(
    (material) => current[ratingField[material]] !== null && fields[ratingField[material]] === null,
  );
  if (removedRatings.length > 0 && rangeCount > 0) {
    const used = await productRangeMaterials(id);
    const material = removedRatings.find((candidate) => used.has(candidate));
    if (material) {
      throw new FailedPreconditionError(
        'errors.productRatingInUse',
        { material },
        { [ratingField[material]]: { key: 'errors.productRatingInUse', params: { material } } },
      );
    }
  }
  // Held to the ranges read: a range created meanwhile (maybe of a removed material) cancels it.
  const rangesHeld = gtinChanges || removedRatings.length > 0;
  const now = new Date().toISOString();
  const by = actor.email ?? actor.id;
  const updated: Product = {
    ...current,
    ...fields,
    version: expectedVersion + 1,
    updatedAt: now,
    updatedBy: by,
  };
  const search = searchIndexChange(stored, { id, ...fields });
  const transaction = audited({
    actor,
    action: 'update',
    entity: 'product',
    entityId: id,
    subjectLabel: fields.name,
    changes: changesBetween(current, fields, productFieldNames),
  }).update(
    keys.product(id),
    {
      // Everything but the id and the creation audit, which never change.
      set: {
        ...fields,
        version: updated.version,
        updatedAt: now,
        updatedBy: by,
        ...keys.productIndexes(id, fields.name, now),
        ...(search.words ? { searchWords: search.words } : {}),
      },
    },
    {
      // A GTIN changes only while no range (and so no printed label) carries it.
      condition: rangesHeld
        ? and(
            itemExists(),
            equals('version', expectedVersion),
            gtinChanges ? equals('rangeCount', 0) : equals('rangeCount', rangeCount),
          )
        : and(itemExists(), equals('version', expectedVersion)),
      onConditionFailed: () => new ProductChanged(),
    },
  );
  if (current.name.toLowerCase() !== fields.name.toLowerCase()) {
    transaction
      .delete(keys.productName(current.name), claimOfProduct(id))
      .put(nameClaim(fields.name, id), { condition: itemMissing(), onConditionFailed: nameTaken });
  }
  if (gtinChanges) {
    if (current.gtin) {
      transaction.delete(keys.productGtin(current.gtin), claimOfProduct(id));
    }
    if (fields.gtin) {
      transaction.put(gtinClaim(fields.gtin, id), {
        condition: itemMissing(),
        onConditionFailed: gtinTaken,
      });
    }
  }
  search.writeTo(transaction);
  await transaction.commit({ now: new Date(now) }).catch(async (error: unknown) => {
    if (!(error instanceof ProductChanged)) throw error;
    const now = await getProduct(id);
    if (!now || now.version !== expectedVersion || !rangesHeld) throw new AbortedError();
    // Same version: a range arrived between the check and the write.
    if (gtinChanges) throw gtinLocked();
    throw new AbortedError('errors.serialRangeBusy');
  });
  return updated;
}

/**
 * Refused while serial ranges refer to the product (its `rangeCount` is kept in their
 * transactions): `failed-precondition` naming what they hold when their units have results
 * or reports (those ranges can never be deleted), `aborted` otherwise (delete them first).
 */
export async function deleteProduct(id: string, actor: AuditActor): Promise<void> {
  const stored = await getStoredProduct(id);
  if (!stored) throw notFound();
  const current = productSchema.parse(stored);
  const removal = productRemoval(stored, actor);
  const transaction = audited(removal.audit);
  // Gone, changed or still holding ranges: read again to tell which.
  removal.writeTo(transaction, () => new ProductChanged());
  transaction.count({ products: -1 });
  await transaction.commit().catch(async (error: unknown) => {
    if (!(error instanceof ProductChanged)) throw error;
    const now = await getProduct(id);
    if (!now) throw notFound();
    if (now.version !== current.version) throw new AbortedError();
    const holdings = await productRangeHoldings(id);
    if (holdings.resultCount > 0 || holdings.reportCount > 0) {
      throw new FailedPreconditionError('errors.productRangesHoldData', {
        results: holdings.resultCount,
        reports: holdings.reportCount,
      });
    }
    throw new AbortedError('errors.productHasRanges');
  });
}

class ProductChanged extends Error {}

/**
 * The removal of a stored product, as `deleteProduct` writes it and an import undoes the
 * products it created (products/import.ts): its audit entry and what its transaction writes.
 */
export interface ProductRemoval {
  audit: AuditRecord;
  /** Items {@link writeTo} adds. */
  items: number;
  /**
   * Adds the deletes to `transaction`: the product, on condition it is still the version
   * read and no range refers to it (`changed` otherwise), its claims (on condition they are
   * its own) and its search index entries; not the counter, not the audit entry.
   */
  writeTo(transaction: Transaction, changed: Failure): void;
}

export function productRemoval(stored: StoredProduct, actor: AuditActor): ProductRemoval {
  const current = productSchema.parse(stored);
  const id = current.id;
  const search = searchIndexChange(stored, undefined);
  return {
    audit: {
      actor,
      action: 'delete',
      entity: 'product',
      entityId: id,
      subjectLabel: current.name,
      changes: changesBetween(current, undefined, productFieldNames),
    },
    items: 2 + (current.gtin ? 1 : 0) + storedSearchWords(stored).length,
    writeTo(transaction, changed) {
      transaction
        .delete(keys.product(id), {
          condition: and(equals('version', current.version), equals('rangeCount', 0)),
          onConditionFailed: changed,
        })
        .delete(keys.productName(current.name), claimOfProduct(id));
      if (current.gtin) {
        transaction.delete(keys.productGtin(current.gtin), claimOfProduct(id));
      }
      search.writeTo(transaction);
    },
  };
}

/**
 * The condition on deleting a name or GTIN claim: it must be this product's. A claim that
 * is missing or another's (data changed by hand) refuses the write as changed meanwhile.
 */
const claimOfProduct = (id: string) => ({
  condition: equals('productId', id),
  onConditionFailed: () => new AbortedError(),
});

/** The product's range count, kept on its item by every range transaction (0 if none). */
async function countRanges(productId: string): Promise<number> {
  return (
    (await getItem(keys.product(productId), rangeCountSchema, { consistent: true }))?.rangeCount ??
    0
  );
}

/**
 * A page of products in name order or in last-update order: one Query on gsi1 or gsi2,
 * whatever the catalogue's size. A `filter` is a search (./search-index.ts): products with
 * every word of it, by the word matched, then name.
 */
export function listProducts(query: ListProductsQuery): Promise<Page<Product>> {
  if (query.filter) return searchProducts({ ...query, filter: query.filter });
  const byName = query.sort === 'name';
  return queryPage(byName ? queries.productsByName() : queries.productsByUpdate(), productSchema, {
    forward: query.order === 'asc',
    limit: query.limit,
    cursor: query.cursor,
    scope: { list: 'products', sort: query.sort, order: query.order, filter: query.filter },
  });
}

/** The product's plan version in force (0 when it has none). */
const planVersionSchema = z.object({ planVersion: z.number().int().nullable().optional() });

/** One version of a product's test plan; undefined when there is none. */
export function getTestPlan(productId: string, version: number): Promise<TestPlan | undefined> {
  return getItem(keys.testPlan(productId, version), testPlanSchema);
}

/** The plan in force for a product; undefined when the product or its plan does not exist. */
export async function getCurrentTestPlan(productId: string): Promise<TestPlan | undefined> {
  const product = await getItem(keys.product(productId), planVersionSchema);
  const version = product?.planVersion;
  return version ? getTestPlan(productId, version) : undefined;
}

/** What an audit entry records of a plan: its version and tests. */
const planSummary = (plan: Pick<TestPlan, 'version' | 'tests' | 'allowExtraTests'> | undefined) =>
  plan ? { version: plan.version, tests: plan.tests, allowExtraTests: plan.allowExtraTests } : null;

/**
 * Saves a product's test plan as its next version: one transaction that stores the new
 * version (versions never change once stored), moves the product's `planVersion` on
 * condition it is still the version the editor read (a stale edit is `aborted`), and
 * records the change in the audit trail. Results keep the version they were judged
 * against, so a new version changes no past verdict.
 */
export async function saveTestPlan(
  productId: string,
  input: { tests: PlanTest[]; allowExtraTests: boolean; version: number },
  approvedBy: PlanApprover,
  actor: AuditActor,
): Promise<TestPlan> {
  const previous = input.version > 0 ? await getTestPlan(productId, input.version) : undefined;
  const now = new Date().toISOString();
  const plan: TestPlan = {
    productId,
    version: input.version + 1,
    tests: input.tests,
    allowExtraTests: input.allowExtraTests,
    approvedBy,
    approvedAt: now,
  };
  await audited({
    actor,
    action: 'update',
    entity: 'product',
    entityId: productId,
    // The product's name as it is at the change (a missing product fails the commit).
    subjectLabel: (await getProduct(productId))?.name,
    changes: { testPlan: { from: planSummary(previous), to: planSummary(plan) } },
  })
    .update(
      keys.product(productId),
      { set: { planVersion: plan.version } },
      {
        condition:
          input.version === 0
            ? and(itemExists(), or(attributeMissing('planVersion'), equals('planVersion', null)))
            : equals('planVersion', input.version),
        onConditionFailed: () => new PlanMoved(),
      },
    )
    .put({ ...keys.testPlan(productId, plan.version), ...plan }, { condition: itemMissing() })
    .commit({ now: new Date(now) })
    .catch(async (error: unknown) => {
      if (!(error instanceof PlanMoved)) throw error;
      if (!(await getProduct(productId))) throw notFound();
      throw new AbortedError();
    });
  return plan;
}

class PlanMoved extends Error {}
