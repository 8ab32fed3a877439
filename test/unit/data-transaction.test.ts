import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelled,
  conditionFailed,
  placeholderProblems,
  anyStatsShard,
  readable,
  testEnvironment,
} from './data-support';

Object.assign(process.env, testEnvironment);

// The pauses between conflict retries, recorded instead of waited for.
const pauses = vi.hoisted(() => vi.fn(async (_ms?: number) => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: pauses }));

const documents = mockClient(DynamoDBDocumentClient);

const {
  audited,
  unaudited,
  CounterLimitError,
  TransactionCancelled,
  WriteConflict,
  maxTransactionItems,
} = await import('../../lambdas/shared/data/transaction');
const { changesBetween } = await import('../../lambdas/shared/data/audit');
const { counterShards, maxShardValue } = await import('../../lambdas/shared/data/counters');
const { equals, itemExists, itemMissing } = await import('../../lambdas/shared/data/expressions');
const { deleteItem, putItem, updateItem } = await import('../../lambdas/shared/data/write');
const { UnavailableError } = await import('../../lambdas/shared/errors');

const record = {
  actor: { id: 'sub-1', email: 'admin@example.com' },
  action: 'update',
  entity: 'product' as const,
  entityId: 'p-1',
  changes: { name: { from: 'A', to: 'B' } },
};
const now = new Date('2026-03-04T23:30:00.000Z');
const sentItems = (call = 0) =>
  documents.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

class NameTaken extends Error {}
class Stale extends Error {}

beforeEach(() => {
  documents.reset();
  pauses.mockClear();
  documents.on(TransactWriteCommand).resolves({});
});

describe('Transaction items', () => {
  it('sends put, update, delete and check in order, each with its own placeholders, and the audit entry last', async () => {
    const { auditEntry } = await audited(record)
      .put({ pk: 'PRODUCT#p-1', sk: 'PRODUCT', name: 'B' }, { condition: itemMissing() })
      .update({ pk: 'STATS', sk: 'STATS' }, { add: { products: 1 } })
      .delete({ pk: 'PRODUCTNAME#a', sk: 'NAME' }, { condition: equals('productId', 'p-1') })
      .check({ pk: 'PRODUCT#p-2', sk: 'PRODUCT' }, itemExists(), () => new Error('gone'))
      .commit({ now });

    const items = sentItems();
    expect(items).toHaveLength(5);
    expect(items[0]).toEqual({
      Put: {
        TableName: 'test-table',
        Item: { pk: 'PRODUCT#p-1', sk: 'PRODUCT', name: 'B' },
        ConditionExpression: 'attribute_not_exists(#n0)',
        ExpressionAttributeNames: { '#n0': 'pk' },
      },
    });
    expect(items[1]).toEqual({
      Update: {
        TableName: 'test-table',
        Key: { pk: 'STATS', sk: 'STATS' },
        UpdateExpression: 'ADD #n0 :v0',
        ExpressionAttributeNames: { '#n0': 'products' },
        ExpressionAttributeValues: { ':v0': 1 },
      },
    });
    expect(readable(items[2]!.Delete)).toBe('productId = "p-1"');
    expect(items[2]!.Delete!.Key).toEqual({ pk: 'PRODUCTNAME#a', sk: 'NAME' });
    expect(items[3]!.ConditionCheck).toMatchObject({ Key: { pk: 'PRODUCT#p-2', sk: 'PRODUCT' } });
    expect(readable(items[3]!.ConditionCheck)).toBe('attribute_exists(pk)');
    for (const item of items) {
      expect(placeholderProblems(Object.values(item)[0] as object)).toEqual([]);
    }
    expect(items[4]!.Put!.Item).toMatchObject({ pk: 'AUDIT#product#p-1' });
    expect(auditEntry).toEqual({ pk: items[4]!.Put!.Item!.pk, sk: items[4]!.Put!.Item!.sk });
  });

  it("appends the audit entry in its record's partition and its UTC day's index", async () => {
    await audited(record).put({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' }).commit({ now });
    const entry = sentItems().at(-1)!.Put!;
    expect(entry).not.toHaveProperty('ConditionExpression');
    expect(entry).toEqual({
      TableName: 'test-table',
      Item: {
        pk: 'AUDIT#product#p-1',
        sk: expect.stringMatching(/^AT#2026-03-04T23:30:00\.000Z#[0-9a-f-]{36}$/),
        gsi1pk: 'AUDITDAY#2026-03-04',
        gsi1sk: expect.stringMatching(/^AT#2026-03-04T23:30:00\.000Z#[0-9a-f-]{36}$/),
        type: 'auditEntry',
        entryId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        at: '2026-03-04T23:30:00.000Z',
        actorId: 'sub-1',
        actor: record.actor,
        action: 'update',
        entity: 'product',
        entityId: 'p-1',
        changes: record.changes,
      },
    });
  });

  it('keeps redacted fields out of the audit entry of a change that touched them', async () => {
    const before = { name: 'bench', password: 'old-pass', keyHash: 'aa11', token: 't1' };
    const after = { name: 'bench 2', password: 'new-pass', keyHash: 'bb22', token: 't2' };
    await audited({
      ...record,
      entity: 'machine',
      changes: changesBetween(before, after, ['name', 'password', 'keyHash', 'token']),
    })
      .put({ pk: 'MACHINE#m-1', sk: 'MACHINE', ...after })
      .commit({ now });
    const entry = sentItems().at(-1)!.Put!.Item!;
    expect(entry.changes).toEqual({ name: { from: 'bench', to: 'bench 2' } });
    expect(JSON.stringify(entry)).not.toMatch(/password|keyHash|token|pass|aa11|bb22/);
  });

  it('writes nothing for an unaudited transaction without items, and no entry for an unaudited one', async () => {
    await expect(unaudited().commit()).resolves.toEqual({});
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);

    await expect(unaudited().put({ pk: 'A', sk: 'B' }).commit()).resolves.toEqual({
      auditEntry: undefined,
    });
    expect(sentItems()).toEqual([{ Put: { TableName: 'test-table', Item: { pk: 'A', sk: 'B' } } }]);
  });

  it('holds at most 100 items, the audit entry included', () => {
    const fill = (transaction: ReturnType<typeof unaudited>, count: number) => {
      for (let index = 0; index < count; index++) transaction.put({ pk: `P#${index}`, sk: 'S' });
      return transaction;
    };
    expect(maxTransactionItems).toBe(100);
    expect(fill(unaudited(), 100).size).toBe(100);
    const full = fill(audited(record), 99);
    expect(full.size).toBe(100);
    expect(() => full.put({ pk: 'P#100', sk: 'S' })).toThrow(
      'A transaction holds at most 100 items',
    );
    expect(() => fill(unaudited(), 101)).toThrow('at most 100 items');
  });
});

describe('Transaction.count', () => {
  it('moves a counter shard only while the shards together stay within 2^53 - 1', async () => {
    await unaudited().count({ products: 3 }).commit();
    const update = sentItems()[0]!.Update!;
    expect(update.Key).toEqual(anyStatsShard);
    expect(readable(update, 'UpdateExpression')).toBe('ADD products 3');
    expect(readable(update)).toBe(
      `(attribute_not_exists(products)) OR (products <= ${maxShardValue - 3})`,
    );
    // At the bound the shard reaches exactly its share and no further; all the shards
    // together (and an item from before the sharding) stay within 2^53 - 1.
    const bound = Object.values(update.ExpressionAttributeValues!).at(-1) as number;
    expect(bound + 3).toBe(maxShardValue);
    expect((counterShards + 1) * maxShardValue).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    expect(placeholderProblems(update)).toEqual([]);
  });

  it('bounds every growing counter, not the shrinking ones, and sets other fields with them', async () => {
    await unaudited()
      .count({ serialRanges: 1, units: 500, products: -1 }, { lastMachineDataAt: 't' })
      .commit();
    const update = sentItems()[0]!.Update!;
    expect(readable(update, 'UpdateExpression')).toBe(
      'SET lastMachineDataAt = "t" ADD serialRanges 1, units 500, products -1',
    );
    expect(readable(update)).toBe(
      `((attribute_not_exists(serialRanges)) OR (serialRanges <= ${maxShardValue - 1})) AND ` +
        `((attribute_not_exists(units)) OR (units <= ${maxShardValue - 500}))`,
    );
  });

  it('spreads the writes over every shard, so concurrent writers rarely touch the same item', async () => {
    const shards = new Set<string>();
    for (let write = 0; write < 200; write++) {
      documents.resetHistory();
      await unaudited()
        .count({ reportRequests: 1 })
        .countDay('2026-03-04', { reportRequests: 1 })
        .commit();
      const [stats, day] = sentItems();
      shards.add(`${stats!.Update!.Key!.sk}`);
      expect(day!.Update!.Key).toEqual({
        pk: 'DAILY',
        sk: expect.stringMatching(/^2026-03-04#[0-7]$/),
      });
    }
    expect([...shards].sort()).toEqual(
      Array.from({ length: counterShards }, (_, shard) => `STATS#${shard}`),
    );
  });

  it('adds no condition when every counter shrinks, and no item when nothing moves', async () => {
    await unaudited().count({ units: -10 }).commit();
    expect(sentItems()[0]!.Update).not.toHaveProperty('ConditionExpression');
    const transaction = unaudited().count({ units: 0, products: 0 });
    expect(transaction.size).toBe(0);
  });

  it('becomes CounterLimitError when the counters item refuses', async () => {
    documents.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    const error = await audited(record)
      .put({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' })
      .count({ products: 1 })
      .commit()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CounterLimitError);
    expect(error).toMatchObject({ code: 'resource-exhausted', messageKey: 'errors.counterLimit' });
  });
});

describe('Transaction failures', () => {
  const threeItems = () =>
    audited(record)
      .put(
        { pk: 'PRODUCT#p-1', sk: 'PRODUCT' },
        { condition: equals('version', 1), onConditionFailed: () => new Stale() },
      )
      .put(
        { pk: 'PRODUCTNAME#b', sk: 'NAME' },
        { condition: itemMissing(), onConditionFailed: () => new NameTaken() },
      )
      .delete(
        { pk: 'PRODUCTNAME#a', sk: 'NAME' },
        { condition: equals('productId', 'p-1'), tag: 'old-name' },
      );

  it('maps a failed condition to the error of the item that failed, not of a position', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    await expect(threeItems().commit()).rejects.toBeInstanceOf(NameTaken);
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    await expect(threeItems().commit()).rejects.toBeInstanceOf(Stale);
  });

  it('names the first failed item in the order the items were added', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None', 'None'));
    await expect(threeItems().commit()).rejects.toBeInstanceOf(Stale);
  });

  it('explains a failure no item names as TransactionCancelled with each tag and code', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    const error = await threeItems()
      .commit()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionCancelled);
    expect((error as InstanceType<typeof TransactionCancelled>).reasons).toEqual([
      { tag: undefined, code: 'None' },
      { tag: undefined, code: 'None' },
      { tag: 'old-name', code: 'ConditionalCheckFailed' },
    ]);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });

  it('retries a conflict with the same items after a growing jittered pause', async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict', 'None', 'None'))
      .rejectsOnce(cancelled('TransactionConflict', 'None', 'None', 'None'))
      .resolves({});
    const { auditEntry } = await threeItems().commit({ now });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 3);
    // Every attempt carries the same audit entry: one change, one entry.
    expect(sentItems(2)).toEqual(sentItems(0));
    expect(sentItems(2).at(-1)!.Put!.Item).toMatchObject(auditEntry!);
    expect(pauses).toHaveBeenCalledTimes(2);
    const [first, second] = pauses.mock.calls.map(([ms]) => ms!);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(20);
    expect(second).toBeLessThan(40);
  });

  it('gives up after `conflictRetries` retries with WriteConflict (unavailable)', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('TransactionConflict', 'None', 'None', 'None'));
    const error = await threeItems()
      .commit({ conflictRetries: 2 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriteConflict);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 3);

    documents.resetHistory();
    await expect(threeItems().commit()).rejects.toBeInstanceOf(WriteConflict);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 6);

    documents.resetHistory();
    await expect(threeItems().commit({ conflictRetries: 0 })).rejects.toBeInstanceOf(WriteConflict);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });

  it('retries a cancellation for throttling, then answers unavailable (not internal)', async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'ThrottlingError', 'None', 'None'))
      .resolves({});
    await expect(threeItems().commit()).resolves.toHaveProperty('auditEntry');
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 2);

    documents.reset();
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ProvisionedThroughputExceeded', 'None', 'None', 'None'));
    const error = await threeItems()
      .commit({ conflictRetries: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).not.toBeInstanceOf(WriteConflict);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 2);
  });

  it('does not retry a conflict that came with a failed condition', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'TransactionConflict'));
    await expect(threeItems().commit()).rejects.toBeInstanceOf(TransactionCancelled);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });

  it('passes any other error through unchanged, without retrying', async () => {
    const throttled = new ProvisionedThroughputExceededException({
      message: 'slow down',
      $metadata: {},
    });
    documents.on(TransactWriteCommand).rejects(throttled);
    await expect(threeItems().commit()).rejects.toBe(throttled);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });
});

describe('single-item writes', () => {
  it('putItem sends its condition and answers true when it wrote', async () => {
    documents.on(PutCommand).resolves({});
    await expect(
      putItem({ pk: 'LOCK', sk: 'LOCK', owner: 'o' }, { condition: itemMissing() }),
    ).resolves.toBe(true);
    expect(documents).toReceiveCommandWith(PutCommand, {
      TableName: 'test-table',
      Item: { pk: 'LOCK', sk: 'LOCK', owner: 'o' },
      ConditionExpression: 'attribute_not_exists(#n0)',
      ExpressionAttributeNames: { '#n0': 'pk' },
    });
  });

  it('putItem without a condition sends no expression at all', async () => {
    documents.on(PutCommand).resolves({});
    await putItem({ pk: 'A', sk: 'B' });
    expect(documents.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'test-table',
      Item: { pk: 'A', sk: 'B' },
    });
  });

  it('answers false when the condition did not hold, and throws anything else', async () => {
    documents.on(PutCommand).rejects(conditionFailed());
    documents.on(UpdateCommand).rejects(conditionFailed());
    documents.on(DeleteCommand).rejects(conditionFailed());
    await expect(putItem({ pk: 'A', sk: 'B' }, { condition: itemMissing() })).resolves.toBe(false);
    await expect(updateItem({ pk: 'A', sk: 'B' }, { set: { x: 1 } })).resolves.toBe(false);
    await expect(deleteItem({ pk: 'A', sk: 'B' })).resolves.toBe(false);

    const broken = new Error('network');
    documents.on(PutCommand).rejects(broken);
    await expect(putItem({ pk: 'A', sk: 'B' })).rejects.toBe(broken);
  });

  it('updateItem and deleteItem send the key, the update and the condition', async () => {
    documents.on(UpdateCommand).resolves({});
    documents.on(DeleteCommand).resolves({});
    await expect(
      updateItem(
        { pk: 'REPORTREQ#r', sk: 'REQUEST' },
        { set: { status: 'sent' } },
        { condition: equals('status', 'sending') },
      ),
    ).resolves.toBe(true);
    const update = documents.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update).toMatchObject({
      TableName: 'test-table',
      Key: { pk: 'REPORTREQ#r', sk: 'REQUEST' },
    });
    expect(readable(update, 'UpdateExpression')).toBe('SET status = "sent"');
    expect(readable(update)).toBe('status = "sending"');

    await expect(
      deleteItem({ pk: 'LOCK', sk: 'LOCK' }, { condition: equals('owner', 'o') }),
    ).resolves.toBe(true);
    const remove = documents.commandCalls(DeleteCommand)[0]!.args[0].input;
    expect(remove.Key).toEqual({ pk: 'LOCK', sk: 'LOCK' });
    expect(readable(remove)).toBe('owner = "o"');
  });
});
