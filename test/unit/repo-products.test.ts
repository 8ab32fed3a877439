import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductFields } from '../../lambdas/shared/contract/schemas/product';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import {
  anyStatsShard,
  cancelled,
  mockCursorKey,
  readable,
  sentCommandProblems,
  testEnvironment,
} from './data-support';

Object.assign(process.env, testEnvironment);
vi.mock('node:timers/promises', () => ({ setTimeout: async () => undefined }));

const documents = mockClient(DynamoDBDocumentClient);

const repository = await import('../../lambdas/products/repository');
const service = await import('../../lambdas/products/service');
const { encodeCursor } = await import('../../lambdas/shared/data/cursor');
const { maxShardValue } = await import('../../lambdas/shared/data/counters');
const { CounterLimitError, TransactionCancelled, WriteConflict } =
  await import('../../lambdas/shared/data/transaction');
const { AbortedError, ConflictError, NotFoundError } = await import('../../lambdas/shared/errors');

const caller = { sub: 'sub-admin', email: 'admin@example.com', role: 'admin' as const };
const actor = { id: 'sub-admin', email: 'admin@example.com' };

const fields: ProductFields = {
  name: 'Ball Valve',
  nameZh: null,
  connectionZh: null,
  applicationZh: null,
  applicationMediumZh: null,
  temperatureMin: -10,
  temperatureMax: 120,
  fluid: 'water',
  connection: 'Flange',
  pressureFC: 16,
  pressureWCB: null,
  pressureSUS: 25,
  application: null,
  applicationMedium: null,
  gtin: null,
};

const stored = (changes: Partial<Product> = {}) => {
  const product: Product = {
    id: 'p-1',
    ...fields,
    planVersion: null,
    version: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    createdBy: 'someone@example.com',
    updatedBy: 'someone@example.com',
    ...changes,
  };
  return {
    pk: `PRODUCT#${product.id}`,
    sk: 'PRODUCT',
    gsi1pk: 'PRODUCTS',
    rangeCount: 0,
    ...product,
  };
};

const sentItems = (call = 0) =>
  documents.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
const failure = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  documents.on(TransactWriteCommand).resolves({});
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('createProduct', () => {
  it('writes the product, its name claim, the counter and the audit entry in one transaction', async () => {
    const product = await repository.createProduct(fields, actor);
    expect(product).toMatchObject({
      ...fields,
      version: 1,
      createdBy: 'admin@example.com',
      updatedBy: 'admin@example.com',
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
    const [productPut, claimPut, counters, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);

    expect(productPut!.Put!.Item).toEqual({
      pk: `PRODUCT#${product.id}`,
      sk: 'PRODUCT',
      gsi1pk: 'PRODUCTS',
      gsi1sk: `NAME#ball valve#${product.id}`,
      gsi2pk: 'PRODUCTS',
      gsi2sk: `UPDATED#${product.createdAt}#${product.id}`,
      ...product,
      rangeCount: 0,
    });
    expect(readable(productPut!.Put)).toBe('attribute_not_exists(pk)');

    expect(claimPut!.Put!.Item).toEqual({
      pk: 'PRODUCTNAME#ball valve',
      sk: 'NAME',
      productId: product.id,
    });
    expect(readable(claimPut!.Put)).toBe('attribute_not_exists(pk)');

    expect(counters!.Update!.Key).toEqual(anyStatsShard);
    expect(readable(counters!.Update, 'UpdateExpression')).toBe('ADD products 1');
    expect(readable(counters!.Update)).toBe(
      `(attribute_not_exists(products)) OR (products <= ${maxShardValue - 1})`,
    );

    expect(audit!.Put!.Item).toMatchObject({
      pk: `AUDIT#product#${product.id}`,
      gsi1pk: `AUDITDAY#${product.createdAt.slice(0, 10)}`,
      at: product.createdAt,
      actor,
      action: 'create',
      entity: 'product',
      entityId: product.id,
      // Fields left empty are no change.
      changes: {
        name: { from: null, to: 'Ball Valve' },
        temperatureMin: { from: null, to: -10 },
        temperatureMax: { from: null, to: 120 },
        fluid: { from: null, to: 'water' },
        connection: { from: null, to: 'Flange' },
        pressureFC: { from: null, to: 16 },
        pressureSUS: { from: null, to: 25 },
      },
    });
  });

  it('answers ConflictError productNameTaken when the name claim exists', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    const error = await failure(repository.createProduct(fields, actor));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      code: 'already-exists',
      messageKey: 'errors.productNameTaken',
      fields: { name: { key: 'errors.productNameTaken' } },
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });

  it('answers CounterLimitError when the product counter is full', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    await expect(repository.createProduct(fields, actor)).rejects.toBeInstanceOf(CounterLimitError);
  });

  it('answers TransactionCancelled when the product item itself exists (an id collision)', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    await expect(repository.createProduct(fields, actor)).rejects.toBeInstanceOf(
      TransactionCancelled,
    );
  });

  it('retries conflicts, then answers WriteConflict', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'TransactionConflict', 'None', 'None'));
    await expect(repository.createProduct(fields, actor)).rejects.toBeInstanceOf(WriteConflict);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 6);
  });
});

describe('updateProduct', () => {
  it('reads the product consistently and refuses a missing one or a stale version, writing nothing', async () => {
    documents.on(GetCommand).resolves({});
    const missing = await failure(repository.updateProduct('p-1', fields, 3, actor));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ messageKey: 'errors.productNotFound' });
    expect(documents).toReceiveCommandWith(GetCommand, {
      TableName: 'test-table',
      Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' },
      ConsistentRead: true,
    });

    documents.on(GetCommand).resolves({ Item: stored({ version: 4 }) });
    const stale = await failure(repository.updateProduct('p-1', fields, 3, actor));
    expect(stale).toBeInstanceOf(AbortedError);
    expect(stale).toMatchObject({ messageKey: 'errors.aborted' });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('updates the product under its version and records only the changed fields', async () => {
    documents.on(GetCommand).resolves({ Item: stored() });
    // A change of case keeps the same claim: no claim moves.
    const changed = { ...fields, name: 'BALL VALVE', temperatureMax: 150 };
    const updated = await repository.updateProduct('p-1', changed, 3, actor);
    expect(updated).toMatchObject({
      id: 'p-1',
      version: 4,
      name: 'BALL VALVE',
      updatedBy: 'admin@example.com',
    });

    const [update, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);
    expect(update!.Update!.Key).toEqual({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' });
    expect(readable(update!.Update)).toBe('(attribute_exists(pk)) AND (version = 3)');
    const set = readable(update!.Update, 'UpdateExpression');
    for (const assignment of [
      'name = "BALL VALVE"',
      'temperatureMax = 150',
      'version = 4',
      'updatedBy = "admin@example.com"',
      'gsi1sk = "NAME#ball valve#p-1"',
      `gsi2sk = "UPDATED#${updated.updatedAt}#p-1"`,
    ]) {
      expect(set).toContain(assignment);
    }
    // The id and the creation audit never change.
    expect(set).not.toMatch(/\b(id|createdAt|createdBy) =/);
    expect(audit!.Put!.Item).toMatchObject({
      pk: 'AUDIT#product#p-1',
      action: 'update',
      changes: {
        name: { from: 'Ball Valve', to: 'BALL VALVE' },
        temperatureMax: { from: 120, to: 150 },
      },
    });
    expect(Object.keys(audit!.Put!.Item!.changes as object)).toEqual(['name', 'temperatureMax']);
  });

  it('moves the name claim on a rename, in the same transaction', async () => {
    documents.on(GetCommand).resolves({ Item: stored() });
    await repository.updateProduct('p-1', { ...fields, name: 'Gate Valve' }, 3, actor);
    const [, release, claim, audit] = sentItems();
    expect(release!.Delete!.Key).toEqual({ pk: 'PRODUCTNAME#ball valve', sk: 'NAME' });
    expect(readable(release!.Delete)).toBe('productId = "p-1"');
    expect(claim!.Put!.Item).toEqual({
      pk: 'PRODUCTNAME#gate valve',
      sk: 'NAME',
      productId: 'p-1',
    });
    expect(readable(claim!.Put)).toBe('attribute_not_exists(pk)');
    expect(audit!.Put!.Item).toMatchObject({ pk: 'AUDIT#product#p-1' });
  });

  it('answers productNameTaken when the new name is claimed, aborted when the version moved', async () => {
    documents.on(GetCommand).resolves({ Item: stored() });
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    await expect(
      repository.updateProduct('p-1', { ...fields, name: 'Gate Valve' }, 3, actor),
    ).rejects.toMatchObject({ code: 'already-exists', messageKey: 'errors.productNameTaken' });

    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    const error = await failure(
      repository.updateProduct('p-1', { ...fields, name: 'Gate Valve' }, 3, actor),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ messageKey: 'errors.aborted' });
  });
});

describe('deleteProduct', () => {
  it('deletes the product (same version, no ranges), its claim, counts it down and records it', async () => {
    documents.on(GetCommand).resolves({ Item: stored() });
    await repository.deleteProduct('p-1', actor);
    const [product, claim, counters, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);
    expect(product!.Delete!.Key).toEqual({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' });
    expect(readable(product!.Delete)).toBe('(version = 3) AND (rangeCount = 0)');
    expect(claim!.Delete!.Key).toEqual({ pk: 'PRODUCTNAME#ball valve', sk: 'NAME' });
    expect(readable(claim!.Delete)).toBe('productId = "p-1"');
    expect(readable(counters!.Update, 'UpdateExpression')).toBe('ADD products -1');
    expect(counters!.Update).not.toHaveProperty('ConditionExpression');
    expect(audit!.Put!.Item).toMatchObject({
      pk: 'AUDIT#product#p-1',
      action: 'delete',
      changes: expect.objectContaining({ name: { from: 'Ball Valve', to: null } }),
    });
  });

  it('answers not found for a missing product, without a write', async () => {
    documents.on(GetCommand).resolves({});
    await expect(repository.deleteProduct('p-1', actor)).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.productNotFound',
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('reads again after a refused delete to tell gone, changed and still holding ranges apart', async () => {
    const outcome = async (after: Record<string, unknown> | undefined) => {
      documents.reset();
      mockCursorKey(documents);
      documents
        .on(TransactWriteCommand)
        .rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
      documents.on(GetCommand).resolvesOnce({ Item: stored() }).resolvesOnce({ Item: after });
      // The product's ranges (whose holdings a refusal names): none here.
      documents.on(QueryCommand).resolves({ Items: [] });
      const error = await failure(repository.deleteProduct('p-1', actor));
      expect(documents).toReceiveCommandTimes(GetCommand, 2);
      return error;
    };
    expect(await outcome(undefined)).toMatchObject({
      code: 'not-found',
      messageKey: 'errors.productNotFound',
    });
    expect(await outcome(stored({ version: 4 }))).toMatchObject({
      code: 'aborted',
      messageKey: 'errors.aborted',
    });
    // Ranges without data: delete them first. Ranges holding results or reports: never.
    expect(await outcome({ ...stored(), rangeCount: 2 })).toMatchObject({
      code: 'aborted',
      messageKey: 'errors.productHasRanges',
    });
  });

  it('names what its ranges hold when they have results or reports', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    documents
      .on(GetCommand)
      .resolvesOnce({ Item: stored() })
      .resolvesOnce({ Item: { ...stored(), rangeCount: 2 } })
      .resolvesOnce({ Item: { resultCount: 5, reportCount: 1 } })
      .resolvesOnce({ Item: { resultCount: 0, reportCount: 0 } });
    documents.on(QueryCommand).resolves({ Items: [{ id: 'r-1' }, { id: 'r-2' }] });
    expect(await failure(repository.deleteProduct('p-1', actor))).toMatchObject({
      code: 'failed-precondition',
      messageKey: 'errors.productRangesHoldData',
      params: { results: 5, reports: 1 },
    });
  });
});

describe('listProducts', () => {
  const query = { limit: 20, order: 'asc' as const, sort: 'name' as const, cursor: undefined };

  it('reads names starting with the filter, case-insensitively, from gsi1', async () => {
    documents.on(QueryCommand).resolves({ Items: [stored()] });
    const page = await repository.listProducts({ ...query, filter: 'BaLL' });
    expect(page.items).toEqual([expect.objectContaining({ id: 'p-1', name: 'Ball Valve' })]);
    expect(page.items[0]).not.toHaveProperty('pk');
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ TableName: 'test-table', IndexName: 'gsi1', Limit: 20 });
    expect(input).not.toHaveProperty('ScanIndexForward');
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'gsi1pk = "PRODUCTS" AND begins_with(gsi1sk, "NAME#ball")',
    );
  });

  it('reads the last-update order from gsi2, newest first for desc', async () => {
    documents.on(QueryCommand).resolves({ Items: [] });
    await repository.listProducts({ ...query, sort: 'updatedAt', order: 'desc' });
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi2', ScanIndexForward: false });
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'gsi2pk = "PRODUCTS" AND begins_with(gsi2sk, "UPDATED#")',
    );
  });

  it('refuses a cursor of another order or filter before any Query', async () => {
    const cursor = await encodeCursor(
      { pk: 'PRODUCT#p-1', sk: 'PRODUCT', gsi1pk: 'PRODUCTS', gsi1sk: 'NAME#a#p-1' },
      { list: 'products', sort: 'name', order: 'asc', filter: 'a' },
    );
    await expect(
      repository.listProducts({ ...query, filter: 'b', cursor: cursor! }),
    ).rejects.toMatchObject({ code: 'invalid-argument', messageKey: 'errors.invalidCursor' });
    await expect(
      repository.listProducts({ ...query, filter: 'a', order: 'desc', cursor: cursor! }),
    ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);

    documents.on(QueryCommand).resolves({ Items: [] });
    await repository.listProducts({ ...query, filter: 'a', cursor: cursor! });
    expect(documents).toReceiveCommandWith(QueryCommand, {
      ExclusiveStartKey: {
        pk: 'PRODUCT#p-1',
        sk: 'PRODUCT',
        gsi1pk: 'PRODUCTS',
        gsi1sk: 'NAME#a#p-1',
      },
    });
  });
});

describe('products service', () => {
  const query = { limit: 20, order: 'asc' as const, sort: 'name' as const, cursor: undefined };

  it('refuses a filter outside name order, before any read', async () => {
    await expect(
      service.listProducts({ ...query, sort: 'updatedAt', filter: 'ball' }),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      fields: { sort: { key: 'validation.filterNeedsNameSort' } },
    });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });

  it('answers the total from the counters, and none for a filtered list', async () => {
    documents.on(QueryCommand).resolves({ Items: [stored()] });
    documents
      .on(QueryCommand, { ExpressionAttributeValues: { ':v0': 'STATS' } })
      .resolves({ Items: [{ products: 4 }, { products: 3 }] });
    await expect(service.listProducts(query)).resolves.toMatchObject({
      total: 7,
      nextCursor: null,
    });

    documents.resetHistory();
    await expect(service.listProducts({ ...query, filter: 'b' })).resolves.toMatchObject({
      total: null,
    });
    expect(documents).not.toReceiveCommandWith(QueryCommand, {
      ExpressionAttributeValues: { ':v0': 'STATS' },
    });
  });

  it('answers not found for a missing product', async () => {
    documents.on(GetCommand).resolves({});
    await expect(service.getProduct('nope')).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.productNotFound',
    });
  });

  it("records the caller as the actor and passes the edit's version as the expected one", async () => {
    documents.on(GetCommand).resolves({ Item: stored() });
    await service.updateProduct('p-1', { ...fields, temperatureMin: 0, version: 3 }, caller);
    const [update, audit] = sentItems();
    expect(readable(update!.Update)).toBe('(attribute_exists(pk)) AND (version = 3)');
    expect(readable(update!.Update, 'UpdateExpression')).toContain('version = 4');
    expect(readable(update!.Update, 'UpdateExpression')).toContain('temperatureMin = 0');
    expect(audit!.Put!.Item).toMatchObject({ actor, actorId: 'sub-admin' });

    await service.createProduct(fields, caller);
    expect(sentItems(1).at(-1)!.Put!.Item).toMatchObject({ actor, action: 'create' });
  });
});
