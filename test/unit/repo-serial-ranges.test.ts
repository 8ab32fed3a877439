import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelled,
  readable,
  sentCommandProblems,
  testEnvironment,
  mockCursorKey,
} from './data-support';

Object.assign(process.env, testEnvironment);
// The pauses between attempts, recorded instead of waited for.
const pauses = vi.hoisted(() => vi.fn(async (_ms?: number) => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: pauses }));

const documents = mockClient(DynamoDBDocumentClient);

const repository = await import('../../lambdas/serial-ranges/repository');
const service = await import('../../lambdas/serial-ranges/service');
const { CounterLimitError, TransactionCancelled } =
  await import('../../lambdas/shared/data/transaction');
const { AbortedError, ConflictError, ValidationError } =
  await import('../../lambdas/shared/errors');

const actor = { id: 'sub-admin', email: 'admin@example.com' };
const caller = {
  sub: 'sub-admin',
  email: 'admin@example.com',
  role: 'admin' as const,
  secondFactor: true,
  authTime: 0,
};
const partition = 'SERIAL#AV-#6';
const serial = (number: number) => `AV-${String(number).padStart(6, '0')}`;

/** A stored range of AV- serials with six digits. */
const range = (id: string, start: number, end: number, changes: Record<string, unknown> = {}) => ({
  id,
  productId: 'p-1',
  startSerial: serial(start),
  endSerial: serial(end),
  totalUnits: end - start + 1,
  productionDate: '2026-01-10',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'someone@example.com',
  updatedBy: 'someone@example.com',
  prefix: 'AV-',
  width: 6,
  startNumber: start,
  endNumber: end,
  ...changes,
});
type StoredRange = ReturnType<typeof range>;

/** The partition as the neighbour check reads it: its version and the ranges on each side. */
function partitionHolds(
  options: { version?: number; before?: StoredRange[]; after?: StoredRange[] } = {},
) {
  documents.on(QueryCommand).resolves({ Items: options.after ?? [] });
  documents.on(QueryCommand, { ScanIndexForward: false }).resolves({ Items: options.before ?? [] });
  documents
    .on(GetCommand, { Key: { pk: partition, sk: '#VERSION' } })
    .resolves(options.version ? { Item: { version: options.version } } : {});
  for (const product of ['p-1', 'p-2']) {
    documents
      .on(GetCommand, { Key: { pk: `PRODUCT#${product}`, sk: 'PRODUCT' } })
      .resolves({ Item: { id: product, name: `Valve ${product}`, gtin: null } });
  }
}

const fields = {
  productId: 'p-1',
  startSerial: 'AV-000100',
  endSerial: 'AV-000199',
  productionDate: '2026-01-10',
};
const sentItems = (call = 0) =>
  documents.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
const failure = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);
const seven = (index: number, code: string) =>
  Array.from({ length: 7 }, (_, at) => (at === index ? code : 'None'));

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  pauses.mockClear();
  documents.on(TransactWriteCommand).resolves({});
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('createSerialRange', () => {
  it('reads the nearest ranges on each side of the new start and the partition version, consistently', async () => {
    partitionHolds();
    await repository.createSerialRange(fields, actor);
    const [before, after] = [false, true].map((forward) =>
      documents
        .commandCalls(QueryCommand)
        .map((call) => call.args[0].input)
        .find((input) => (input.ScanIndexForward ?? true) === forward)!,
    );
    expect(readable(before, 'KeyConditionExpression')).toBe(
      `pk = "${partition}" AND sk BETWEEN "000000" AND "000100"`,
    );
    expect(readable(after, 'KeyConditionExpression')).toBe(
      `pk = "${partition}" AND sk BETWEEN "000100" AND "999999"`,
    );
    for (const input of [before, after]) {
      expect(input).toMatchObject({ TableName: 'test-table', Limit: 2, ConsistentRead: true });
      expect(input).not.toHaveProperty('IndexName');
    }
    expect(documents).toReceiveCommandWith(GetCommand, {
      Key: { pk: partition, sk: '#VERSION' },
      ConsistentRead: true,
    });
  });

  it('writes version, lookup, range, product entry, product count, counters and audit entry at once', async () => {
    partitionHolds();
    const created = await repository.createSerialRange(fields, actor);
    expect(created).toEqual({
      id: created.id,
      productId: 'p-1',
      startSerial: 'AV-000100',
      endSerial: 'AV-000199',
      totalUnits: 100,
      productionDate: '2026-01-10',
      gtin: null,
      // The product of these tests rates no material.
      bodyMaterial: null,
      version: 1,
      createdAt: created.createdAt,
      updatedAt: created.createdAt,
      createdBy: 'admin@example.com',
      updatedBy: 'admin@example.com',
    });
    const id = created.id;
    const [version, lookup, stored, byProduct, product, counters, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);

    expect(version!.Update!.Key).toEqual({ pk: partition, sk: '#VERSION' });
    expect(readable(version!.Update, 'UpdateExpression')).toBe('SET version = 1');
    expect(readable(version!.Update)).toBe('attribute_not_exists(pk)');

    expect(lookup!.Put!.Item).toMatchObject({ pk: partition, sk: '000100', id, endNumber: 199 });
    expect(lookup!.Put!.Item).not.toHaveProperty('gsi1pk');
    expect(readable(lookup!.Put)).toBe('attribute_not_exists(pk)');

    expect(stored!.Put!.Item).toMatchObject({
      pk: `RANGE#${id}`,
      sk: 'RANGE',
      gsi1pk: 'RANGES',
      gsi1sk: `SERIAL#AV-000100#${id}`,
      gsi2pk: 'RANGES',
      gsi2sk: `UPDATED#${created.createdAt}#${id}`,
      prefix: 'AV-',
      width: 6,
      startNumber: 100,
      endNumber: 199,
    });
    expect(readable(stored!.Put)).toBe('attribute_not_exists(pk)');

    expect(byProduct!.Put!.Item).toMatchObject({ pk: 'PRODUCTRANGES#p-1', sk: `AV-000100#${id}` });
    expect(byProduct!.Put).not.toHaveProperty('ConditionExpression');

    expect(product!.Update!.Key).toEqual({ pk: 'PRODUCT#p-1', sk: 'PRODUCT' });
    expect(readable(product!.Update, 'UpdateExpression')).toBe('ADD rangeCount 1');
    expect(readable(product!.Update)).toBe(
      '(attribute_exists(pk)) AND ((attribute_not_exists(gtin)) OR (gtin = null))',
    );

    expect(readable(counters!.Update, 'UpdateExpression')).toBe('ADD serialRanges 1, units 100');

    expect(audit!.Put!.Item).toMatchObject({
      pk: `AUDIT#serial-range#${id}`,
      action: 'create',
      entity: 'serial-range',
      // Named as people read it, and its product by name beside the id.
      subjectLabel: 'AV-000100 – AV-000199',
      subjectDetail: 'Valve p-1',
      changes: {
        productId: { from: null, to: 'p-1', toLabel: 'Valve p-1' },
        startSerial: { from: null, to: 'AV-000100' },
        endSerial: { from: null, to: 'AV-000199' },
        productionDate: { from: null, to: '2026-01-10' },
      },
    });
  });

  it('asks for the neighbours only once the version has answered', async () => {
    // Read side by side, the version could already count a concurrent writer's range that
    // the neighbour queries did not see: the guard would pass and both ranges be stored.
    const events: string[] = [];
    documents
      .on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } })
      .resolves({ Item: { id: 'p-1', gtin: null } });
    documents.on(GetCommand, { Key: { pk: partition, sk: '#VERSION' } }).callsFake(async () => {
      events.push('version asked');
      await new Promise((resolve) => setImmediate(resolve));
      events.push('version answered');
      return { Item: { version: 3 } };
    });
    documents.on(QueryCommand).callsFake(async () => {
      events.push('neighbours asked');
      return { Items: [] };
    });
    await repository.createSerialRange(fields, actor);
    expect(events).toEqual([
      'version asked',
      'version answered',
      'neighbours asked',
      'neighbours asked',
    ]);
  });

  it('guards the write with the version it read', async () => {
    partitionHolds({ version: 4 });
    await repository.createSerialRange(fields, actor);
    const version = sentItems()[0]!.Update!;
    expect(readable(version, 'UpdateExpression')).toBe('SET version = 5');
    expect(readable(version)).toBe('version = 4');
  });

  it('refuses an overlap with the range before or after, naming it, without writing', async () => {
    partitionHolds({ before: [range('r-0', 50, 100)] });
    const error = await failure(repository.createSerialRange(fields, actor));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      messageKey: 'errors.serialRangeOverlap',
      params: { conflict: 'AV-000050 – AV-000100' },
      fields: {
        startSerial: {
          key: 'errors.serialRangeOverlap',
          params: { conflict: 'AV-000050 – AV-000100' },
        },
      },
    });

    documents.reset();
    mockCursorKey(documents);
    partitionHolds({ after: [range('r-2', 199, 300)] });
    await expect(repository.createSerialRange(fields, actor)).rejects.toMatchObject({
      params: { conflict: 'AV-000199 – AV-000300' },
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('accepts ranges that end just before and start just after', async () => {
    partitionHolds({ before: [range('r-0', 1, 99)], after: [range('r-2', 200, 300)] });
    await expect(repository.createSerialRange(fields, actor)).resolves.toMatchObject({
      startSerial: 'AV-000100',
    });
  });

  it('reads again and retries when another writer moved the partition version', async () => {
    partitionHolds();
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(...seven(0, 'ConditionalCheckFailed')))
      .rejectsOnce(cancelled(...seven(2, 'TransactionConflict')))
      .resolves({});
    await repository.createSerialRange(fields, actor);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 3);
    // The product (its GTIN) once, the partition version per attempt.
    expect(documents).toReceiveCommandTimes(GetCommand, 4);
    // No retries inside the transaction: the partition is read again each time.
    expect(pauses).toHaveBeenCalledTimes(2);
  });

  it('answers serialRangeBusy after eight attempts', async () => {
    partitionHolds();
    documents.on(TransactWriteCommand).rejects(cancelled(...seven(0, 'ConditionalCheckFailed')));
    const error = await failure(repository.createSerialRange(fields, actor));
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ code: 'aborted', messageKey: 'errors.serialRangeBusy' });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 8);
  });

  it('answers a product that does not exist as a productId error, before writing', async () => {
    partitionHolds();
    documents.on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } }).resolves({});
    const error = await failure(repository.createSerialRange(fields, actor));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ fields: { productId: { key: 'errors.serialRangeProduct' } } });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it("holds the product's GTIN to the one the range's items carry: a change in between aborts", async () => {
    partitionHolds();
    documents
      .on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } })
      .resolves({ Item: { id: 'p-1', gtin: '09506000134352' } });
    await repository.createSerialRange(fields, actor);
    const [, lookup, stored, byProduct, product] = sentItems();
    for (const item of [lookup, stored, byProduct]) {
      expect(item!.Put!.Item).toMatchObject({ gtin: '09506000134352' });
    }
    expect(readable(product!.Update)).toBe('(attribute_exists(pk)) AND (gtin = "09506000134352")');

    documents.on(TransactWriteCommand).rejects(cancelled(...seven(4, 'ConditionalCheckFailed')));
    const error = await failure(repository.createSerialRange(fields, actor));
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ messageKey: 'errors.productGtinChanged' });
  });

  it('refuses serials longer than 20 characters (AI 21) for a product with a GTIN', async () => {
    documents.on(GetCommand).resolves({});
    partitionHolds();
    documents
      .on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } })
      .resolves({ Item: { id: 'p-1', gtin: '09506000134352' } });
    const long = {
      ...fields,
      startSerial: 'VALVE-LINE-A-0000100',
      endSerial: 'VALVE-LINE-A-0000199',
    };
    await repository.createSerialRange(long, actor);
    const longer = {
      ...fields,
      startSerial: 'VALVE-LINE-AB-0000100',
      endSerial: 'VALVE-LINE-AB-0000199',
    };
    const error = await failure(repository.createSerialRange(longer, actor));
    expect(error).toMatchObject({
      fields: { startSerial: { key: 'validation.serialTooLongForGtin', params: { max: 20 } } },
    });
  });

  it('answers CounterLimitError when the unit counter is full', async () => {
    partitionHolds();
    documents.on(TransactWriteCommand).rejects(cancelled(...seven(5, 'ConditionalCheckFailed')));
    await expect(repository.createSerialRange(fields, actor)).rejects.toBeInstanceOf(
      CounterLimitError,
    );
  });
});

describe('updateSerialRange', () => {
  const current = range('r-1', 100, 199, { version: 2 });

  it('refuses a missing range and a stale version before reading the partition', async () => {
    documents.on(GetCommand).resolves({});
    await expect(repository.updateSerialRange('r-1', fields, 2, actor)).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.serialRangeNotFound',
    });
    documents.on(GetCommand).resolves({ Item: current });
    await expect(repository.updateSerialRange('r-1', fields, 1, actor)).rejects.toBeInstanceOf(
      AbortedError,
    );
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
    expect(documents).toReceiveCommandWith(GetCommand, {
      Key: { pk: 'RANGE#r-1', sk: 'RANGE' },
      ConsistentRead: true,
    });
  });

  it('moves the lookup and product entries, recounts both products and the units', async () => {
    documents.on(GetCommand).resolves({ Item: current });
    // The range itself is its own nearest neighbour: not an overlap.
    partitionHolds({ version: 7, before: [current], after: [range('r-9', 400, 500)] });
    const moved = { ...fields, productId: 'p-2', startSerial: 'AV-000150', endSerial: 'AV-000299' };
    const updated = await repository.updateSerialRange('r-1', moved, 2, actor);
    expect(updated).toMatchObject({ id: 'r-1', version: 3, totalUnits: 150, productId: 'p-2' });

    const items = sentItems();
    const operations = items.map((item) => {
      const [kind, operation] = Object.entries(item)[0]! as [
        string,
        { Key?: { pk: string; sk: string }; Item?: { pk: string; sk: string } },
      ];
      const key = operation.Key ?? operation.Item!;
      return `${kind} ${key.pk} ${key.sk}`;
    });
    expect(operations).toEqual([
      `Update ${partition} #VERSION`,
      'Put RANGE#r-1 RANGE',
      `Delete ${partition} 000100`,
      `Put ${partition} 000150`,
      'Delete PRODUCTRANGES#p-1 AV-000100#r-1',
      'Put PRODUCTRANGES#p-2 AV-000150#r-1',
      'Update PRODUCT#p-1 PRODUCT',
      'Update PRODUCT#p-2 PRODUCT',
      expect.stringMatching(/^Update STATS STATS#[0-7]$/),
      expect.stringMatching(/^Put AUDIT#serial-range#r-1 AT#/),
    ]);
    expect(readable(items[0]!.Update)).toBe('version = 7');
    // The version, and the holdings read (none): a result stored meanwhile makes it read again.
    expect(readable(items[1]!.Put)).toBe(
      '(version = 2) AND ((attribute_not_exists(resultCount)) OR (resultCount = 0)) AND ((attribute_not_exists(reportCount)) OR (reportCount = 0))',
    );
    expect(items[1]!.Put!.Item).toMatchObject({ version: 3, gsi1sk: 'SERIAL#AV-000150#r-1' });
    expect(readable(items[6]!.Update, 'UpdateExpression')).toBe('ADD rangeCount -1');
    expect(readable(items[7]!.Update, 'UpdateExpression')).toBe('ADD rangeCount 1');
    expect(readable(items[8]!.Update, 'UpdateExpression')).toBe('ADD units 50');
    expect(items[9]!.Put!.Item).toMatchObject({
      subjectLabel: 'AV-000150 – AV-000299',
      subjectDetail: 'Valve p-2',
    });
    // Both products by name, as they were at the move.
    expect(items[9]!.Put!.Item!.changes).toEqual({
      productId: { from: 'p-1', to: 'p-2', fromLabel: 'Valve p-1', toLabel: 'Valve p-2' },
      startSerial: { from: 'AV-000100', to: 'AV-000150' },
      endSerial: { from: 'AV-000199', to: 'AV-000299' },
    });
  });

  it('keeps entries in place when the start and product stay, and counts nothing when the units stay', async () => {
    documents.on(GetCommand).resolves({ Item: current });
    partitionHolds({ version: 1, before: [current], after: [current] });
    await repository.updateSerialRange(
      'r-1',
      { ...fields, productionDate: '2026-02-01' },
      2,
      actor,
    );
    const kinds = sentItems().map((item) => Object.keys(item)[0]);
    expect(kinds).toEqual(['Update', 'Put', 'Put', 'Put', 'Put']);
    expect(sentItems()[4]!.Put!.Item!.changes).toEqual({
      productionDate: { from: '2026-01-10', to: '2026-02-01' },
    });
  });

  it('refuses a new end that reaches the next range', async () => {
    documents.on(GetCommand).resolves({ Item: current });
    partitionHolds({ before: [current], after: [current, range('r-2', 300, 400)] });
    await expect(
      repository.updateSerialRange('r-1', { ...fields, endSerial: 'AV-000300' }, 2, actor),
    ).rejects.toMatchObject({ params: { conflict: 'AV-000300 – AV-000400' } });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('answers aborted when the range changed between the read and the write', async () => {
    documents.on(GetCommand).resolves({ Item: current });
    partitionHolds({ before: [current] });
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None', 'None', 'None'));
    const error = await failure(
      repository.updateSerialRange('r-1', { ...fields, endSerial: 'AV-000150' }, 2, actor),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ messageKey: 'errors.aborted' });
  });
});

describe('deleteSerialRange', () => {
  it('deletes the range and its entries under its version and counts it down', async () => {
    documents.on(GetCommand).resolves({ Item: range('r-1', 100, 199, { version: 2 }) });
    documents
      .on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } })
      .resolves({ Item: { id: 'p-1', name: 'Valve p-1' } });
    await repository.deleteSerialRange('r-1', actor);
    const [stored, lookup, byProduct, product, counters, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);
    expect(stored!.Delete!.Key).toEqual({ pk: 'RANGE#r-1', sk: 'RANGE' });
    // The version, and no holdings: a result or report stored meanwhile refuses the delete.
    expect(readable(stored!.Delete)).toBe(
      '(version = 2) AND ((attribute_not_exists(resultCount)) OR (resultCount = 0)) AND ((attribute_not_exists(reportCount)) OR (reportCount = 0))',
    );
    expect(lookup!.Delete!.Key).toEqual({ pk: partition, sk: '000100' });
    expect(byProduct!.Delete!.Key).toEqual({ pk: 'PRODUCTRANGES#p-1', sk: 'AV-000100#r-1' });
    expect(readable(product!.Update, 'UpdateExpression')).toBe('ADD rangeCount -1');
    expect(readable(counters!.Update, 'UpdateExpression')).toBe('ADD serialRanges -1, units -100');
    expect(counters!.Update).not.toHaveProperty('ConditionExpression');
    expect(audit!.Put!.Item).toMatchObject({
      pk: 'AUDIT#serial-range#r-1',
      action: 'delete',
      subjectLabel: 'AV-000100 – AV-000199',
      subjectDetail: 'Valve p-1',
      changes: expect.objectContaining({
        startSerial: { from: 'AV-000100', to: null },
        productId: { from: 'p-1', to: null, fromLabel: 'Valve p-1' },
      }),
    });
  });

  it('answers not found, and aborted when the version moved', async () => {
    documents.on(GetCommand).resolves({});
    await expect(repository.deleteSerialRange('r-1', actor)).rejects.toMatchObject({
      messageKey: 'errors.serialRangeNotFound',
    });
    documents.on(GetCommand).resolves({ Item: range('r-1', 100, 199) });
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None'));
    await expect(repository.deleteSerialRange('r-1', actor)).rejects.toBeInstanceOf(AbortedError);
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None', 'None', 'None'));
    await expect(repository.deleteSerialRange('r-1', actor)).rejects.toBeInstanceOf(
      TransactionCancelled,
    );
  });
});

describe('findRangeContaining', () => {
  it('reads the one range starting at or before the serial (Limit 1, newest start first)', async () => {
    documents.on(QueryCommand).resolves({ Items: [range('r-1', 100, 199)] });
    await expect(repository.findRangeContaining(' av-000150 ')).resolves.toEqual(
      expect.objectContaining({ id: 'r-1', startSerial: 'AV-000100' }),
    );
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ Limit: 1, ScanIndexForward: false });
    expect(readable(input, 'KeyConditionExpression')).toBe(
      `pk = "${partition}" AND sk BETWEEN "000000" AND "000150"`,
    );
  });

  it('answers undefined past the end of the nearest range, and for no range at all', async () => {
    documents.on(QueryCommand).resolves({ Items: [range('r-1', 100, 120)] });
    await expect(repository.findRangeContaining('AV-000150')).resolves.toBeUndefined();
    documents.on(QueryCommand).resolves({ Items: [] });
    await expect(repository.findRangeContaining('AV-000150')).resolves.toBeUndefined();
  });

  it('answers undefined for a malformed serial without a Query', async () => {
    await expect(repository.findRangeContaining('AV-')).resolves.toBeUndefined();
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });

  it('never answers the internal fields of a range', async () => {
    documents.on(QueryCommand).resolves({ Items: [{ pk: partition, ...range('r-1', 100, 199) }] });
    const found = await repository.findRangeContaining('AV-000100');
    for (const field of ['pk', 'prefix', 'width', 'startNumber', 'endNumber']) {
      expect(found).not.toHaveProperty(field);
    }
  });
});

describe('listSerialRanges', () => {
  const query = { limit: 10, order: 'asc' as const, sort: 'startSerial' as const };

  it("reads one product's ranges from its own partition", async () => {
    documents.on(QueryCommand).resolves({ Items: [range('r-1', 100, 199)] });
    await repository.listSerialRanges({ ...query, productId: 'p-1', filter: 'AV-0001' });
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).not.toHaveProperty('IndexName');
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'pk = "PRODUCTRANGES#p-1" AND begins_with(sk, "AV-0001")',
    );
  });

  it('reads every range in serial order (gsi1) or update order (gsi2)', async () => {
    documents.on(QueryCommand).resolves({ Items: [] });
    await repository.listSerialRanges({ ...query, filter: 'AV' });
    await repository.listSerialRanges({ ...query, sort: 'updatedAt', order: 'desc' });
    const [bySerial, byUpdate] = documents.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(readable(bySerial, 'KeyConditionExpression')).toBe(
      'gsi1pk = "RANGES" AND begins_with(gsi1sk, "SERIAL#AV")',
    );
    expect(byUpdate).toMatchObject({ IndexName: 'gsi2', ScanIndexForward: false });
  });
});

describe('serial ranges service', () => {
  const query = { limit: 10, order: 'asc' as const, sort: 'startSerial' as const };

  it('refuses a filter or product outside serial order, before any read', async () => {
    for (const narrowed of [{ filter: 'AV' }, { productId: 'p-1' }]) {
      await expect(
        service.listSerialRanges({ ...query, sort: 'updatedAt', ...narrowed }),
      ).rejects.toMatchObject({ fields: { sort: { key: 'validation.filterNeedsNameSort' } } });
    }
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });

  it("answers the product's range count, the overall count, or none for a filter", async () => {
    documents.on(QueryCommand).resolves({ Items: [] });
    documents
      .on(QueryCommand, { ExpressionAttributeValues: { ':v0': 'STATS' } })
      .resolves({ Items: [{ serialRanges: 5 }, { serialRanges: 4 }] });
    documents.on(GetCommand).resolves({ Item: { rangeCount: 4 } });
    await expect(service.listSerialRanges({ ...query, productId: 'p-1' })).resolves.toMatchObject({
      total: 4,
    });
    expect(documents).toReceiveLastCommandWith(GetCommand, {
      Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' },
    });
    await expect(service.listSerialRanges(query)).resolves.toMatchObject({ total: 9 });
    expect(documents).toReceiveLastCommandWith(QueryCommand, {
      ExpressionAttributeValues: { ':v0': 'STATS' },
    });
    documents.resetHistory();
    await expect(
      service.listSerialRanges({ ...query, productId: 'p-1', filter: 'AV' }),
    ).resolves.toMatchObject({ total: null });
    expect(documents).toReceiveCommandTimes(GetCommand, 0);
  });

  it('answers serialNotInRange for a serial outside every range', async () => {
    documents.on(QueryCommand).resolves({ Items: [] });
    await expect(service.lookupSerial('AV-000001')).rejects.toMatchObject({
      code: 'not-found',
      messageKey: 'errors.serialNotInRange',
    });
  });

  it('answers a range without its internal fields, and not found for a missing one', async () => {
    documents.on(GetCommand).resolves({ Item: { pk: 'RANGE#r-1', ...range('r-1', 1, 2) } });
    const found = await service.getSerialRange('r-1');
    expect(found).not.toHaveProperty('prefix');
    expect(found).not.toHaveProperty('pk');
    documents.on(GetCommand).resolves({});
    await expect(service.getSerialRange('r-1')).rejects.toMatchObject({
      messageKey: 'errors.serialRangeNotFound',
    });
  });

  it('records the caller and passes the version on', async () => {
    documents.on(GetCommand).resolves({ Item: range('r-1', 100, 199, { version: 5 }) });
    partitionHolds({ before: [range('r-1', 100, 199, { version: 5 })] });
    await service.updateSerialRange('r-1', { ...fields, version: 5 }, caller);
    expect(readable(sentItems()[1]!.Put)).toBe(
      '(version = 5) AND ((attribute_not_exists(resultCount)) OR (resultCount = 0)) AND ((attribute_not_exists(reportCount)) OR (reportCount = 0))',
    );
    expect(sentItems().at(-1)!.Put!.Item).toMatchObject({ actor, actorId: 'sub-admin' });
  });
});
