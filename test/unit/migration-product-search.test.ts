import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelled, mockCursorKey, readable, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);
vi.mock('node:timers/promises', () => ({ setTimeout: async () => undefined }));

const documents = mockClient(DynamoDBDocumentClient);
const { migrateProductSearch } = await import('../../lambdas/migrations/product-search');

/** A product as the name list shows it; `searchWords` only once indexed. */
const listed = (id: string, version: number, searchWords?: string[]) => ({
  pk: `PRODUCT#${id}`,
  sk: 'PRODUCT',
  id,
  name: `Gate Valve ${id}`,
  nameZh: null,
  temperatureMin: 0,
  temperatureMax: 100,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: null,
  pressureWCB: null,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
  gtin: null,
  version,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'someone',
  updatedBy: 'someone',
  ...(searchWords ? { searchWords } : {}),
});

type TransactItem = NonNullable<TransactWriteCommand['input']['TransactItems']>[number];
const transactions = () =>
  documents.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!);

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
});

describe('the product-search data migration', () => {
  it('indexes each product without words in one transaction held to its version, no audit entry', async () => {
    documents
      .on(QueryCommand)
      .resolves({ Items: [listed('p-1', 2), listed('p-2', 1, ['gate', 'valve', 'p', '2'])] });
    documents.on(TransactWriteCommand).resolves({});
    await expect(migrateProductSearch()).resolves.toEqual({ indexed: 1, changedMeanwhile: 0 });
    const [items, ...others] = transactions();
    expect(others).toEqual([]);
    const [product, ...entries] = items!;
    expect(product!.Update!.Key).toEqual({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' });
    expect(readable(product!.Update)).toBe('(version = 2) AND (attribute_not_exists(searchWords))');
    expect(readable(product!.Update, 'UpdateExpression')).toBe(
      'SET searchWords = ["gate","valve","p-1","p","1","p1"]',
    );
    expect(entries.map((entry) => entry.Put!.Item!.sk)).toEqual([
      'gate gate valve p-1#p-1',
      'valve gate valve p-1#p-1',
      'p-1 gate valve p-1#p-1',
      'p gate valve p-1#p-1',
      '1 gate valve p-1#p-1',
      'p1 gate valve p-1#p-1',
    ]);
    expect(entries.some((entry) => String(entry.Put?.Item?.pk).startsWith('AUDIT#'))).toBe(false);
    // The name list, a page at a time.
    expect(documents).toReceiveCommandWith(QueryCommand, { IndexName: 'gsi1', Limit: 25 });
  });

  it('reads a refused product again: an older listed version is retried, an indexed or deleted one left', async () => {
    documents
      .on(QueryCommand)
      .resolves({ Items: [listed('p-1', 2), listed('p-2', 1), listed('p-3', 4)] });
    // Only p-1 at version 3 commits; every other write is refused.
    documents.on(TransactWriteCommand).callsFake((input: { TransactItems: TransactItem[] }) => {
      const update = input.TransactItems[0]!.Update!;
      if (update.Key!.pk === 'PRODUCT#p-1' && readable(update)?.startsWith('(version = 3)')) {
        return {};
      }
      throw cancelled('ConditionalCheckFailed');
    });
    // p-1 was at version 3 already; p-2 was edited (and so indexed); p-3 was deleted.
    documents.on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } }).resolves({
      Item: listed('p-1', 3),
    });
    documents.on(GetCommand, { Key: { pk: 'PRODUCT#p-2', sk: 'PRODUCT' } }).resolves({
      Item: listed('p-2', 2, ['gate']),
    });
    documents.on(GetCommand, { Key: { pk: 'PRODUCT#p-3', sk: 'PRODUCT' } }).resolves({});
    await expect(migrateProductSearch()).resolves.toEqual({ indexed: 1, changedMeanwhile: 2 });
    expect(transactions()).toHaveLength(4);
  });
});
