import {
  BatchGetCommand,
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
const { maxSearchWords, productSearchWords } =
  await import('../../lambdas/shared/contract/search-words');

const caller = {
  sub: 'sub-admin',
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'admin' as const,
  secondFactor: true,
  authTime: 0,
};
const actor = { id: 'sub-admin', name: 'Ada Admin', email: 'admin@example.com' };

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

const stored = (changes: Partial<Product> = {}, searchWords?: string[]) => {
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
    ...(searchWords ? { searchWords } : {}),
  };
};

const allSentItems = (call = 0) =>
  documents.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
type SentItem = ReturnType<typeof allSentItems>[number];
const isWordEntry = (item: SentItem) =>
  String((item.Put?.Item ?? item.Delete?.Key)?.pk).startsWith('PRODUCTWORD#');
/** A transaction's items but the search index's entries (see `sentWords`). */
const sentItems = (call = 0) => allSentItems(call).filter((item) => !isWordEntry(item));
/** The search index's entries a transaction writes and removes, by key. */
const sentWords = (call = 0) => {
  const entries = allSentItems(call).filter(isWordEntry);
  return {
    put: entries.flatMap((item) => (item.Put ? [item.Put.Item!] : [])),
    deleted: entries.flatMap((item) => (item.Delete ? [item.Delete.Key!] : [])),
  };
};
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
      // The words its search index entries are under, to remove them by.
      searchWords: ['ball', 'valve'],
    });
    expect(readable(productPut!.Put)).toBe('attribute_not_exists(pk)');
    // One entry per word, in the same transaction: by first character, then word, then name.
    expect(sentWords()).toEqual({
      put: ['ball', 'valve'].map((word) => ({
        pk: `PRODUCTWORD#${word[0]}`,
        sk: `${word} ball valve#${product.id}`,
        productId: product.id,
        word,
        name: 'Ball Valve',
        nameZh: null,
        gtin: null,
      })),
      deleted: [],
    });

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
      subjectLabel: product.name,
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
    // The counter's place among the items (after the product's own and its index entries).
    await repository.createProduct(fields, actor);
    const reasons = allSentItems().map((item) =>
      item.Update?.Key?.pk === 'STATS' ? 'ConditionalCheckFailed' : 'None',
    );
    expect(reasons).toContain('ConditionalCheckFailed');
    documents.on(TransactWriteCommand).rejects(cancelled(...reasons));
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
      // Named as it is after the change.
      subjectLabel: 'BALL VALVE',
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

  it('moves the search index entries with the names and GTIN, in the same transaction', async () => {
    const word = (text: string, name: string) => ({
      pk: `PRODUCTWORD#${text[0]}`,
      sk: `${text} ${name.toLowerCase()}#p-1`,
    });
    // A rename: the name is in every entry's key, so each entry moves; the words are recorded.
    documents.on(GetCommand).resolves({ Item: stored({}, ['ball', 'valve']) });
    await repository.updateProduct('p-1', { ...fields, name: 'Gate Valve' }, 3, actor);
    expect(sentWords(0).deleted).toEqual([word('ball', 'Ball Valve'), word('valve', 'Ball Valve')]);
    expect(sentWords(0).put).toEqual([
      expect.objectContaining({ ...word('gate', 'Gate Valve'), word: 'gate', name: 'Gate Valve' }),
      expect.objectContaining({ ...word('valve', 'Gate Valve'), word: 'valve' }),
    ]);
    expect(readable(sentItems(0)[0]!.Update, 'UpdateExpression')).toContain(
      'searchWords = ["gate","valve"]',
    );

    // A Chinese name added: same keys, written over (with the new text); none removed.
    await repository.updateProduct('p-1', { ...fields, nameZh: '球閥' }, 3, actor);
    expect(sentWords(1).deleted).toEqual([]);
    expect(sentWords(1).put.map((entry) => [entry.word, entry.nameZh])).toEqual([
      ['ball', '球閥'],
      ['valve', '球閥'],
      ['球閥', '球閥'],
      ['閥', '球閥'],
    ]);

    // Another field: the index stays as it is, the product's words too.
    await repository.updateProduct('p-1', { ...fields, temperatureMax: 130 }, 3, actor);
    expect(sentWords(2)).toEqual({ put: [], deleted: [] });
    expect(readable(sentItems(2)[0]!.Update, 'UpdateExpression')).not.toContain('searchWords');

    // A product stored before the index: its entries are written by its first edit.
    documents.on(GetCommand).resolves({ Item: stored() });
    await repository.updateProduct('p-1', { ...fields, temperatureMax: 130 }, 3, actor);
    expect(sentWords(3).put.map((entry) => entry.word)).toEqual(['ball', 'valve']);
    expect(sentWords(3).deleted).toEqual([]);
  });

  it('stays within 100 items a transaction when the longest names and the GTIN all change', async () => {
    const names = (mark: string, characters: string) => ({
      name: Array.from({ length: 60 }, (_, index) => `${mark}${index}`)
        .join(' ')
        .slice(0, 120),
      nameZh: characters.repeat(60).slice(0, 120),
    });
    const before = { ...names('a', '鑄鋼閘閥'), gtin: '00012345678905' };
    const after = { ...fields, ...names('b', '截止閥球'), gtin: '09506000134352' };
    documents.on(GetCommand).resolves({ Item: stored(before, productSearchWords(before)) });
    await repository.updateProduct('p-1', after, 3, actor);
    expect(sentWords().deleted).toHaveLength(maxSearchWords);
    expect(sentWords().put).toHaveLength(maxSearchWords);
    // The product, two name claims, two GTIN claims, 80 entries and the audit entry.
    expect(allSentItems()).toHaveLength(86);
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
      subjectLabel: 'Ball Valve',
      changes: expect.objectContaining({ name: { from: 'Ball Valve', to: null } }),
    });
    // Its search index entries go with it: the words recorded, or (before the index) its own.
    expect(sentWords()).toEqual({
      put: [],
      deleted: [
        { pk: 'PRODUCTWORD#b', sk: 'ball ball valve#p-1' },
        { pk: 'PRODUCTWORD#v', sk: 'valve ball valve#p-1' },
      ],
    });
    documents.on(GetCommand).resolves({ Item: stored({ gtin: '00012345678905' }, ['x-1']) });
    await repository.deleteProduct('p-1', actor);
    expect(sentWords(1).deleted).toEqual([{ pk: 'PRODUCTWORD#x', sk: 'x-1 ball valve#p-1' }]);
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

  /** An index entry as the repository writes it (`productWordItem`). */
  const entry = (id: string, word: string, name: string, nameZh: string | null = null) => ({
    pk: `PRODUCTWORD#${word[0]}`,
    sk: `${word} ${name.toLowerCase()}#${id}`,
    productId: id,
    word,
    name,
    nameZh,
    gtin: null,
  });

  it('searches one partition of the word index, checks the other words, then reads the page', async () => {
    documents.on(QueryCommand).resolves({
      Items: [
        entry('p-1', 'ball', 'Ball Valve'),
        // Has "ball" but no word starting with "v": not found.
        entry('p-2', 'ball', 'Ball Cock'),
      ],
    });
    documents.on(BatchGetCommand).resolves({ Responses: { 'test-table': [stored()] } });
    // Full-width letters are the same letters.
    const page = await repository.listProducts({ ...query, filter: 'ＢａＬＬ  v' });
    expect(page).toEqual({
      items: [expect.objectContaining({ id: 'p-1', name: 'Ball Valve' })],
      nextCursor: null,
    });
    expect(page.items[0]).not.toHaveProperty('pk');
    expect(page.items[0]).not.toHaveProperty('searchWords');
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ TableName: 'test-table', Limit: 20 });
    expect(input).not.toHaveProperty('IndexName');
    expect(input).not.toHaveProperty('ScanIndexForward');
    // "ball" is a whole word (not the last): exactly that word, in name order.
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'pk = "PRODUCTWORD#b" AND sk BETWEEN "ball " AND "ball \u{10FFFF}"',
    );
    expect(documents).toReceiveCommandWith(BatchGetCommand, {
      RequestItems: { 'test-table': { Keys: [{ pk: 'PRODUCT#p-1', sk: 'PRODUCT' }] } },
    });
  });

  it('reads the start of the last word, and a product with several such words once', async () => {
    documents.on(QueryCommand).resolves({
      Items: [
        entry('p-3', 'gv-1500', 'Twin GV-150 GV-1500'),
        entry('p-2', 'gv-1500', 'Gate Valve GV-1500'),
        entry('p-3', 'gv-150', 'Twin GV-150 GV-1500'),
        entry('p-1', 'gv-150', 'Gate Valve GV-150'),
      ],
    });
    documents.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': ['p-1', 'p-2', 'p-3'].map((id) => stored({ id, name: `Valve ${id}` })),
      },
    });
    const page = await repository.listProducts({ ...query, filter: 'gv-150', order: 'desc' });
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'pk = "PRODUCTWORD#g" AND sk BETWEEN "gv-150" AND "gv-150\u{10FFFF}"',
    );
    expect(input).toMatchObject({ ScanIndexForward: false });
    // In the order read; p-3 has two words starting with "gv-150": its first stands for it.
    expect(page.items.map((product) => product.id)).toEqual(['p-2', 'p-3', 'p-1']);
  });

  it('finds a Chinese part inside a run, and nothing for a search without letters or digits', async () => {
    documents
      .on(QueryCommand)
      .resolves({ Items: [entry('p-1', '閘閥', 'Gate Valve', '鑄鋼閘閥')] });
    documents.on(BatchGetCommand).resolves({ Responses: { 'test-table': [stored()] } });
    await repository.listProducts({ ...query, filter: '閘閥' });
    expect(
      readable(documents.commandCalls(QueryCommand)[0]!.args[0].input, 'KeyConditionExpression'),
    ).toBe('pk = "PRODUCTWORD#閘" AND sk BETWEEN "閘閥" AND "閘閥\u{10FFFF}"');

    documents.resetHistory();
    await expect(repository.listProducts({ ...query, filter: '-- / --' })).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
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

  it('refuses a cursor of another order, filter or list before any Query', async () => {
    const lastEntry = { pk: 'PRODUCTWORD#a', sk: 'a a#p-1' };
    const scope = { list: 'products', index: 'words', sort: 'name', order: 'asc', filter: 'a' };
    const cursor = await encodeCursor(lastEntry, scope);
    // A cursor of the name list (before the search index) never reaches the index.
    const nameList = await encodeCursor(lastEntry, { ...scope, index: undefined });
    for (const [filter, order, given] of [
      ['b', 'asc', cursor],
      ['a', 'desc', cursor],
      ['a', 'asc', nameList],
    ] as const) {
      await expect(
        repository.listProducts({ ...query, filter, order, cursor: given! }),
      ).rejects.toMatchObject({ code: 'invalid-argument', messageKey: 'errors.invalidCursor' });
    }
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);

    documents.on(QueryCommand).resolves({ Items: [] });
    await repository.listProducts({ ...query, filter: 'a', cursor: cursor! });
    expect(documents).toReceiveCommandWith(QueryCommand, { ExclusiveStartKey: lastEntry });
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
    documents
      .on(QueryCommand, { ExpressionAttributeValues: { ':v0': 'PRODUCTWORD#b' } })
      .resolves({ Items: [] });
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
