import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { KeyQuery } from '../../lambdas/shared/keys';
import { readable, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
/** The cursor key item, as the table holds it. */
const keyItem = { Key: { pk: 'SECRET', sk: 'CURSORKEY' } };
const cursorKey = Buffer.alloc(32, 7).toString('base64url');

const { getItem, queryInput, queryItems, queryPage } =
  await import('../../lambdas/shared/data/read');
const { decodeCursor, encodeCursor, cursorLifetimeMs } =
  await import('../../lambdas/shared/data/cursor');
const { queries } = await import('../../lambdas/shared/keys');
const { ValidationError } = await import('../../lambdas/shared/errors');

const itemSchema = z.object({ id: z.string() });
const item = (id: string) => ({ pk: `PRODUCT#${id}`, sk: 'PRODUCT', id, gsi1pk: 'PRODUCTS' });
const lastKey = (id: string) => ({
  pk: `PRODUCT#${id}`,
  sk: 'PRODUCT',
  gsi1pk: 'PRODUCTS',
  gsi1sk: `NAME#${id}`,
});
const scope = { list: 'products', sort: 'name', order: 'asc', filter: 'va' };

const invalidCursor = expect.objectContaining({
  code: 'invalid-argument',
  messageKey: 'errors.invalidCursor',
  fields: { cursor: { key: 'errors.invalidCursor' } },
});

beforeEach(() => {
  documents.reset();
  documents.on(GetCommand, keyItem).resolves({ Item: { ...keyItem.Key, key: cursorKey } });
});

describe('getItem', () => {
  it('reads one item by key, consistently when asked, through its schema', async () => {
    documents.on(GetCommand).resolves({ Item: item('p-1') });
    await expect(
      getItem({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' }, itemSchema, { consistent: true }),
    ).resolves.toEqual({ id: 'p-1' });
    expect(documents).toReceiveCommandWith(GetCommand, {
      TableName: 'test-table',
      Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' },
      ConsistentRead: true,
    });
  });

  it('answers undefined for a missing item without calling the schema', async () => {
    documents.on(GetCommand).resolves({});
    const parse = vi.fn();
    await expect(getItem({ pk: 'X', sk: 'Y' }, { parse })).resolves.toBeUndefined();
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('queryInput', () => {
  it('queries a whole index partition', () => {
    const input = queryInput(queries.machinesByName());
    expect(input).toEqual({
      TableName: 'test-table',
      IndexName: 'gsi1',
      KeyConditionExpression: '#n0 = :v0',
      ExpressionAttributeNames: { '#n0': 'gsi1pk' },
      ExpressionAttributeValues: { ':v0': 'MACHINES' },
    });
  });

  it('queries the table (no IndexName) with begins_with on the sort key', () => {
    const input = queryInput(queries.unitResults('AV-1'));
    expect(input).not.toHaveProperty('IndexName');
    expect(input.KeyConditionExpression).toBe('#n0 = :v0 AND begins_with(#n1, :v1)');
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'pk = "UNIT#AV-1" AND begins_with(sk, "RESULT#")',
    );
  });

  it('renders a between sort condition and an atMost one', () => {
    expect(
      readable(
        queryInput(queries.dailyBetween('2026-01-01', '2026-01-31')),
        'KeyConditionExpression',
      ),
    ).toBe('pk = "DAILY" AND sk BETWEEN "2026-01-01" AND "2026-01-31~"');
    const atMost: KeyQuery = {
      index: 'gsi2',
      partition: 'RANGES',
      sort: { atMost: 'UPDATED#2026' },
    };
    expect(readable(queryInput(atMost), 'KeyConditionExpression')).toBe(
      'gsi2pk = "RANGES" AND gsi2sk <= "UPDATED#2026"',
    );
  });

  it('adds order, consistency and a filter whose placeholders follow the key condition', () => {
    const input = queryInput(queries.productsByName('Va'), {
      forward: false,
      consistent: true,
      filter: { kind: 'compare', attribute: 'status', operator: '=', value: 'x' },
    });
    expect(input).toMatchObject({ ScanIndexForward: false, ConsistentRead: true });
    expect(input.FilterExpression).toBe('#n2 = :v2');
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'gsi1pk = "PRODUCTS" AND begins_with(gsi1sk, "NAME#va")',
    );
    expect(readable(input, 'FilterExpression')).toBe('status = "x"');
  });

  it('leaves ScanIndexForward out for the default (ascending) order', () => {
    expect(queryInput(queries.productsByName(), { forward: true })).not.toHaveProperty(
      'ScanIndexForward',
    );
  });
});

describe('queryItems', () => {
  it('reads page after page until the limit, asking only for what is still missing', async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a'), item('b')], LastEvaluatedKey: lastKey('b') })
      .resolvesOnce({ Items: [item('c')], LastEvaluatedKey: lastKey('c') });
    await expect(queryItems(queries.productsByName(), itemSchema, { limit: 3 })).resolves.toEqual([
      { id: 'a' },
      { id: 'b' },
      { id: 'c' },
    ]);
    expect(documents).toReceiveCommandTimes(QueryCommand, 2);
    expect(documents).toReceiveNthCommandWith(QueryCommand, 1, {
      Limit: 3,
      ExclusiveStartKey: undefined,
    });
    expect(documents).toReceiveNthCommandWith(QueryCommand, 2, {
      Limit: 1,
      ExclusiveStartKey: lastKey('b'),
    });
  });

  it('reads to the end of the partition without a limit', async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a')], LastEvaluatedKey: lastKey('a') })
      .resolvesOnce({ Items: [item('b')] });
    await expect(queryItems(queries.productsByName(), itemSchema)).resolves.toHaveLength(2);
    expect(documents).toReceiveNthCommandWith(QueryCommand, 2, {
      Limit: undefined,
      ExclusiveStartKey: lastKey('a'),
    });
  });
});

describe('queryPage', () => {
  const options = { limit: 2, cursor: undefined, scope };

  it('reads one page of `limit` items; no cursor when the results ended', async () => {
    documents.on(QueryCommand).resolves({ Items: [item('a'), item('b')] });
    await expect(queryPage(queries.productsByName('va'), itemSchema, options)).resolves.toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      nextCursor: null,
    });
    expect(documents).toReceiveCommandExactlyOnceWith(QueryCommand, {
      IndexName: 'gsi1',
      Limit: 2,
      ExclusiveStartKey: undefined,
    });
  });

  it('hands out a cursor that resumes after the last key, with the same key condition', async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a'), item('b')], LastEvaluatedKey: lastKey('b') });
    const first = await queryPage(queries.productsByName('va'), itemSchema, options);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // Opaque: the key is not readable in the clear.
    expect(first.nextCursor).not.toContain('PRODUCT#b');

    documents.on(QueryCommand).resolves({ Items: [item('c')] });
    const second = await queryPage(queries.productsByName('va'), itemSchema, {
      ...options,
      cursor: first.nextCursor!,
    });
    expect(second).toEqual({ items: [{ id: 'c' }], nextCursor: null });

    const [firstQuery, secondQuery] = documents
      .commandCalls(QueryCommand)
      .map((call) => call.args[0].input);
    expect(secondQuery!.ExclusiveStartKey).toEqual(lastKey('b'));
    for (const field of [
      'KeyConditionExpression',
      'ExpressionAttributeNames',
      'ExpressionAttributeValues',
      'IndexName',
    ] as const) {
      expect(secondQuery![field]).toEqual(firstQuery![field]);
    }
  });

  it('with a filter, reads on until `limit` items matched', async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({ Items: [], LastEvaluatedKey: lastKey('a') })
      .resolvesOnce({ Items: [item('b')], LastEvaluatedKey: lastKey('b') })
      .resolvesOnce({ Items: [item('c')], LastEvaluatedKey: lastKey('c') });
    const page = await queryPage(queries.productsByName(), itemSchema, {
      ...options,
      filter: { kind: 'compare', attribute: 'fluid', operator: '=', value: 'oil' },
    });
    expect(page.items).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(page.nextCursor).not.toBeNull();
    expect(documents).toReceiveCommandTimes(QueryCommand, 3);
    expect(documents.commandCalls(QueryCommand).map((call) => call.args[0].input.Limit)).toEqual([
      2, 2, 1,
    ]);
    expect(documents).toReceiveNthCommandWith(QueryCommand, 3, {
      ExclusiveStartKey: lastKey('b'),
      FilterExpression: '#n2 = :v2',
    });
  });

  it('stops after 10 pages when the filter keeps matching nothing, with a cursor to go on', async () => {
    let page = 0;
    documents
      .on(QueryCommand)
      .callsFake(async () => ({ Items: [], LastEvaluatedKey: lastKey(`k${++page}`) }));
    const result = await queryPage(queries.productsByName(), itemSchema, {
      ...options,
      filter: { kind: 'compare', attribute: 'fluid', operator: '=', value: 'oil' },
    });
    expect(documents).toReceiveCommandTimes(QueryCommand, 10);
    expect(result.items).toEqual([]);
    // The cursor goes on after the tenth page read.
    await expect(decodeCursor(result.nextCursor!, scope)).resolves.toEqual(lastKey('k10'));
  });

  it('refuses a cursor issued for another list or filter before any Query', async () => {
    const cursor = (await encodeCursor(lastKey('b'), scope))!;
    for (const other of [
      { ...scope, filter: 'vb' },
      { ...scope, order: 'desc' },
      { ...scope, list: 'serial-ranges' },
      { list: 'products', sort: 'name', order: 'asc' },
    ]) {
      await expect(
        queryPage(queries.productsByName(), itemSchema, { ...options, cursor, scope: other }),
      ).rejects.toEqual(invalidCursor);
    }
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });

  it('refuses an expired cursor and one with a flipped byte before any Query', async () => {
    const expired = await encodeCursor(lastKey('b'), scope, Date.now() - cursorLifetimeMs - 1_000);
    await expect(
      queryPage(queries.productsByName(), itemSchema, { ...options, cursor: expired! }),
    ).rejects.toBeInstanceOf(ValidationError);

    const cursor = (await encodeCursor(lastKey('b'), scope))!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    for (const forged of [
      `${flip(payload, 3)}.${signature}`,
      `${payload}.${flip(signature, 10)}`,
    ]) {
      await expect(
        queryPage(queries.productsByName(), itemSchema, { ...options, cursor: forged }),
      ).rejects.toEqual(invalidCursor);
    }
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });
});

describe('list cursors', () => {
  it('round-trip a last key within the lifetime, whatever the order of the scope keys', async () => {
    const issuedAt = Date.now() - cursorLifetimeMs + 60_000;
    const cursor = await encodeCursor(lastKey('b'), scope, issuedAt);
    const reordered = { filter: 'va', order: 'asc', sort: 'name', list: 'products' };
    await expect(decodeCursor(cursor!, reordered)).resolves.toEqual(lastKey('b'));
  });

  it('take an absent filter and an empty one as the same scope', async () => {
    const cursor = await encodeCursor(lastKey('b'), { list: 'x', filter: undefined });
    await expect(decodeCursor(cursor!, { list: 'x', filter: '' })).resolves.toEqual(lastKey('b'));
  });

  it('answer null when no page follows and undefined for no cursor', async () => {
    await expect(encodeCursor(undefined, scope)).resolves.toBeNull();
    await expect(decodeCursor(undefined, scope)).resolves.toBeUndefined();
    await expect(decodeCursor('', scope)).resolves.toBeUndefined();
  });

  it('refuse malformed text, a cursor from the future and a key that is not all strings', async () => {
    for (const text of ['x', 'a.b', 'eyJrIjp7fX0.' + 'A'.repeat(42), 'a b.' + 'A'.repeat(43)]) {
      await expect(decodeCursor(text, scope)).rejects.toEqual(invalidCursor);
    }
    const future = await encodeCursor(lastKey('b'), scope, Date.now() + 120_000);
    await expect(decodeCursor(future!, scope)).rejects.toEqual(invalidCursor);
    const numeric = await encodeCursor({ pk: 'P', count: 3 }, scope);
    await expect(decodeCursor(numeric!, scope)).rejects.toEqual(invalidCursor);
  });

  it('reads the key item once per cold start, and again after a failed read', async () => {
    vi.resetModules();
    const fresh = await import('../../lambdas/shared/data/cursor');
    documents.reset();
    documents
      .on(GetCommand, keyItem)
      .rejectsOnce(Object.assign(new Error('unreachable'), { code: 'ECONNREFUSED' }))
      .resolves({ Item: { ...keyItem.Key, key: cursorKey } });
    await expect(fresh.encodeCursor(lastKey('a'), scope)).rejects.toThrow('unreachable');
    const cursor = await fresh.encodeCursor(lastKey('a'), scope);
    await fresh.decodeCursor(cursor!, scope);
    await fresh.encodeCursor(lastKey('b'), scope);
    expect(documents).toReceiveCommandTimes(GetCommand, 2);
    expect(documents).toReceiveCommandWith(GetCommand, { ...keyItem, ConsistentRead: true });
    // Signed with that key: this module (same key) accepts the fresh module's cursor.
    await expect(decodeCursor(cursor!, scope)).resolves.toEqual(lastKey('a'));
  });

  it('makes the key when the table has none; a racing first one reads the winner', async () => {
    vi.resetModules();
    const first = await import('../../lambdas/shared/data/cursor');
    documents.reset();
    documents.on(GetCommand, keyItem).resolves({});
    documents.on(PutCommand).resolves({});
    const made = await first.encodeCursor(lastKey('a'), scope);
    expect(documents).toReceiveCommandWith(PutCommand, {
      Item: { ...keyItem.Key, key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    const stored = documents.commandCalls(PutCommand)[0]!.args[0].input.Item!.key as string;
    // Another instance lost the race: it signs with the stored key, not its own.
    vi.resetModules();
    const second = await import('../../lambdas/shared/data/cursor');
    documents.reset();
    documents
      .on(GetCommand, keyItem)
      .resolvesOnce({})
      .resolves({ Item: { ...keyItem.Key, key: stored } });
    documents
      .on(PutCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'taken', $metadata: {} }));
    await expect(second.decodeCursor(made!, scope)).resolves.toEqual(lastKey('a'));
  });
});
