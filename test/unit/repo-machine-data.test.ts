import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewResult } from '../../lambdas/machine-data/repository';
import {
  anyDayShard,
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

const repository = await import('../../lambdas/machine-data/repository');
const service = await import('../../lambdas/machine-data/service');
const { CounterLimitError, TransactionCancelled } =
  await import('../../lambdas/shared/data/transaction');
const { ValidationError } = await import('../../lambdas/shared/errors');
const { RangeChanged } = await import('../../lambdas/serial-ranges/holdings');
const { readUnitRecord } = await import('../../lambdas/units/repository');
const { reportResult } = await import('../../lambdas/units/judgement');
const { judgeUnit } = await import('../../lambdas/shared/contract/unit-judgement');

const result = (changes: Partial<NewResult> = {}): NewResult => ({
  serialNumber: 'AV-000150',
  testName: 'Shell',
  result: 'pass',
  value: 1.5,
  unit: 'bar',
  testedAt: '2026-03-01T08:00:00.000Z',
  machineId: 'Bench 1',
  operator: null,
  notes: null,
  range: { id: 'r-1', version: 4, productId: 'p-1', bodyMaterial: null },
  ...changes,
});
const source = {
  actor: { id: 'm-1', machine: 'Bench 1' },
  action: 'ingest' as const,
  batchId: 'batch-1',
  source: 'machine:Bench 1',
};
const receivedAt = new Date('2026-03-04T10:00:00.000Z');
const stored = (changes: Partial<NewResult> = {}) => ({
  id: 'x',
  type: 'machineResult',
  ...result(changes),
  receivedAt: receivedAt.toISOString(),
  source: 'machine:Bench 1',
});

const transactions = () =>
  documents.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!);
/** A result on each of `count` days (from 2026-01-01), or `count` results on one day. */
const results = (count: number, spread: 'days' | 'one day') =>
  Array.from({ length: count }, (_, index) =>
    result({
      testName: `Test ${index}`,
      testedAt: new Date(Date.UTC(2026, 0, 1 + (spread === 'days' ? index : 0))).toISOString(),
    }),
  );

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  documents.on(TransactWriteCommand).resolves({});
  // No unit-test has a statistics state yet (lambdas/statistics/aggregates.ts).
  documents.on(BatchGetCommand).resolves({ Responses: {} });
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('saveResults', () => {
  it('puts each new result, the day counts, the counters and the audit entry in one transaction', async () => {
    const batch = [
      result(),
      result({ testName: 'Seat' }),
      result({ result: 'fail', testedAt: '2026-03-02T09:00:00.000Z' }),
    ];
    await expect(repository.saveResults(batch, source, receivedAt)).resolves.toBe(3);
    const [items] = transactions();
    // The results, 2 day counts, the counters, the range and its unit's entry, 2 unit-test
    // states, 2 statistics day items, the audit entry.
    expect(items).toHaveLength(13);

    const fields = Object.fromEntries(
      Object.entries(batch[0]!).filter(([name]) => name !== 'range'),
    );
    expect(items![0]!.Put!.Item).toEqual({
      pk: 'UNIT#AV-000150',
      sk: 'RESULT#Shell#2026-03-01T08:00:00.000Z#Bench 1',
      gsi1pk: 'RESULTS',
      gsi1sk: 'AT#2026-03-01T08:00:00.000Z#AV-000150#Shell#Bench 1',
      type: 'machineResult',
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      ...fields,
      receivedAt: '2026-03-04T10:00:00.000Z',
      source: 'machine:Bench 1',
      batchId: 'batch-1',
      rangeId: 'r-1',
      // Counted by the statistics under its range's product and material, its value indexed.
      productId: 'p-1',
      material: null,
      gsi2pk: 'STATVALUES#p-1#Shell',
      gsi2sk: '2026-03-01T08:00:00.000Z#AV-000150#Bench 1',
    });
    // A re-sent result is never stored twice: each put needs its key free.
    for (const item of items!.slice(0, 3)) {
      expect(readable(item.Put)).toBe('attribute_not_exists(pk)');
    }
    expect(items![3]!.Update!.Key).toEqual(anyDayShard('2026-03-01'));
    expect(readable(items![3]!.Update, 'UpdateExpression')).toBe(
      'ADD resultsPass 2, resultsFail 0',
    );
    expect(items![4]!.Update!.Key).toEqual(anyDayShard('2026-03-02'));
    expect(readable(items![4]!.Update, 'UpdateExpression')).toBe(
      'ADD resultsPass 0, resultsFail 1',
    );
    expect(items![5]!.Update!.Key).toEqual(anyStatsShard);
    expect(readable(items![5]!.Update, 'UpdateExpression')).toBe(
      'SET lastMachineDataAt = "2026-03-04T10:00:00.000Z" ADD machineResults 3',
    );
    // Counted on the unit's range, held to the version the lookup read; the unit listed there.
    expect(items![6]!.Update!.Key).toEqual({ pk: 'RANGE#r-1', sk: 'RANGE' });
    expect(readable(items![6]!.Update, 'UpdateExpression')).toBe(
      'ADD resultCount 3, reportCount 0',
    );
    expect(readable(items![6]!.Update)).toBe('(attribute_exists(pk)) AND (version = 4)');
    expect(items![7]!.Put!.Item).toEqual({
      pk: 'RANGEUNITS#r-1',
      sk: '000150',
      serial: 'AV-000150',
    });
    // The unit-tests' states, each new (no state was read): first and latest result.
    expect(items![8]!.Put!.Item).toMatchObject({
      pk: 'UNITTEST#AV-000150',
      sk: 'Shell',
      version: 1,
      first: { testedAt: '2026-03-01T08:00:00.000Z', result: 'pass' },
      latest: { testedAt: '2026-03-02T09:00:00.000Z', result: 'fail' },
    });
    expect(readable(items![8]!.Put)).toBe('attribute_not_exists(pk)');
    expect(items![9]!.Put!.Item).toMatchObject({ sk: 'Seat', version: 1 });
    // The statistics of each product, day and bench.
    expect(items![10]!.Update!.Key).toEqual({ pk: 'STATDAY#p-1', sk: '2026-03-01#Bench 1' });
    expect(items![11]!.Update!.Key).toEqual({ pk: 'STATDAY#p-1', sk: '2026-03-02#Bench 1' });
    expect(items![12]!.Put!.Item).toMatchObject({
      pk: 'AUDIT#machine-data#batch-1',
      at: '2026-03-04T10:00:00.000Z',
      actor: { id: 'm-1', machine: 'Bench 1' },
      action: 'ingest',
      entity: 'machine-data',
      changes: {
        part: { from: null, to: 1 },
        results: { from: null, to: 3 },
        passed: { from: null, to: 2 },
        failed: { from: null, to: 1 },
        serialNumbers: { from: null, to: ['AV-000150'] },
      },
    });
  });

  it('stores a result sent twice in one batch once, in one transaction', async () => {
    await expect(
      repository.saveResults(
        [result(), result(), result({ testName: 'Seat' })],
        source,
        receivedAt,
      ),
    ).resolves.toBe(2);
    const [items] = transactions();
    const puts = items!.filter((item) => item.Put?.Item?.type === 'machineResult');
    expect(puts).toHaveLength(2);
    expect(new Set(puts.map((item) => item.Put!.Item!.sk)).size).toBe(2);
  });

  it('names a result by the same id whenever it is sent', async () => {
    await repository.saveResults([result()], source, receivedAt);
    await repository.saveResults([result()], { ...source, batchId: 'batch-2' }, new Date());
    const [first, second] = transactions();
    expect(first![0]!.Put!.Item!.id).toBe(second![0]!.Put!.Item!.id);
  });

  it('drops re-sent results named by their failed puts and stores the rest', async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(
        cancelled(
          'None',
          'ConditionalCheckFailed',
          'None',
          'None',
          'None',
          'None',
          'None',
          'None',
          'None',
        ),
      )
      .resolves({});
    const batch = [
      result(),
      result({ testName: 'Seat' }),
      result({ result: 'fail', testedAt: '2026-03-02T09:00:00.000Z' }),
    ];
    await expect(repository.saveResults(batch, source, receivedAt)).resolves.toBe(2);
    const [, retry] = transactions();
    expect(retry!.filter((item) => item.Put?.Item?.type === 'machineResult')).toHaveLength(2);
    expect(retry!.map((item) => item.Put?.Item?.sk ?? item.Update?.Key?.sk)).toEqual([
      'RESULT#Shell#2026-03-01T08:00:00.000Z#Bench 1',
      'RESULT#Shell#2026-03-02T09:00:00.000Z#Bench 1',
      expect.stringMatching(/^2026-03-01#[0-7]$/),
      expect.stringMatching(/^2026-03-02#[0-7]$/),
      expect.stringMatching(/^STATS#[0-7]$/),
      'RANGE',
      '000150',
      'Shell',
      '2026-03-01#Bench 1',
      '2026-03-02#Bench 1',
      expect.stringMatching(/^AT#/),
    ]);
    expect(readable(retry![2]!.Update, 'UpdateExpression')).toBe(
      'ADD resultsPass 1, resultsFail 0',
    );
    expect(readable(retry![4]!.Update, 'UpdateExpression')).toContain('ADD machineResults 2');
    expect(retry!.at(-1)!.Put!.Item!.changes).toMatchObject({ results: { from: null, to: 2 } });
  });

  it('answers 0 for a batch that was stored before, writing once', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(
        cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None', 'None', 'None'),
      );
    await expect(
      repository.saveResults([result(), result({ testName: 'Seat' })], source, receivedAt),
    ).resolves.toBe(0);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 1);
  });

  it('splits a batch into transactions of at most 100 items, the audit entry counting', async () => {
    await expect(repository.saveResults(results(150, 'one day'), source, receivedAt)).resolves.toBe(
      150,
    );
    // Besides the results: a unit-test state each, one day count, one statistics day item,
    // the range's holdings, its unit's entry, the counters and the audit entry.
    expect(transactions().map((items) => items.length)).toEqual([100, 100, 100, 24]);
    expect(transactions().map((items) => items.at(-1)!.Put!.Item!.changes)).toEqual([
      expect.objectContaining({ part: { from: null, to: 1 }, results: { from: null, to: 47 } }),
      expect.objectContaining({ part: { from: null, to: 2 }, results: { from: null, to: 47 } }),
      expect.objectContaining({ part: { from: null, to: 3 }, results: { from: null, to: 47 } }),
      expect.objectContaining({ part: { from: null, to: 4 }, results: { from: null, to: 9 } }),
    ]);

    documents.resetHistory();
    // One day count and one statistics day item per result: a chunk holds 24 results.
    await repository.saveResults(results(60, 'days'), source, receivedAt);
    expect(transactions().map((items) => items.length)).toEqual([100, 100, 52]);
  });

  it('answers CounterLimitError when the results counter is full', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    await expect(repository.saveResults([result()], source, receivedAt)).rejects.toBeInstanceOf(
      CounterLimitError,
    );
  });

  it('answers RangeChanged when the range was edited or deleted since the lookup', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None'));
    await expect(repository.saveResults([result()], source, receivedAt)).rejects.toBeInstanceOf(
      RangeChanged,
    );
  });

  it('passes on a cancellation no result explains', async () => {
    documents
      .on(TransactWriteCommand)
      .rejects(
        cancelled('None', 'None', 'None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed'),
      );
    await expect(repository.saveResults([result()], source, receivedAt)).rejects.toBeInstanceOf(
      TransactionCancelled,
    );
    documents
      .on(TransactWriteCommand)
      .rejects(cancelled('ValidationError', 'None', 'None', 'None'));
    await expect(repository.saveResults([result()], source, receivedAt)).rejects.toBeInstanceOf(
      TransactionCancelled,
    );
  });
});

describe('saveResults and the statistics', () => {
  const state = (first: Partial<NewResult>, latest: Partial<NewResult>, version = 3) => {
    const counted = (changes: Partial<NewResult>) => repository.countedOf(result(changes));
    return {
      pk: 'UNITTEST#AV-000150',
      sk: 'Shell',
      type: 'unitTestState',
      version,
      first: counted(first),
      latest: counted(latest),
    };
  };

  it("moves a unit-test's first pass when an earlier result arrives later", async () => {
    // Stored: a pass on 03-02. Arriving: a failure on 03-01 (out of order).
    documents.on(BatchGetCommand).resolves({
      Responses: {
        [testEnvironment.TABLE_NAME]: [
          state({ testedAt: '2026-03-02T08:00:00.000Z' }, { testedAt: '2026-03-02T08:00:00.000Z' }),
        ],
      },
    });
    await repository.saveResults([result({ result: 'fail', value: 0.5 })], source, receivedAt);
    const [items] = transactions();
    const stateItem = items!.find((item) => item.Put?.Item?.type === 'unitTestState')!;
    expect(stateItem.Put!.Item).toMatchObject({
      version: 4,
      first: { testedAt: '2026-03-01T08:00:00.000Z', result: 'fail' },
      latest: { testedAt: '2026-03-02T08:00:00.000Z', result: 'pass' },
    });
    expect(readable(stateItem.Put)).toBe('version = 3');
    const days = items!.filter((item) => item.Update?.Key?.pk === 'STATDAY#p-1');
    expect(days.map((item) => item.Update!.Key!.sk)).toEqual([
      '2026-03-01#Bench 1',
      '2026-03-02#Bench 1',
    ]);
    // Each cell's moves: `c.<cell>.<field> <number>` (the numbers are exact decimals).
    const moves = (update: Parameters<typeof readable>[0]) =>
      Object.fromEntries(
        [
          ...readable(update, 'UpdateExpression')!.matchAll(
            /c\.[\w-]+\.(\w) \{"value":"(-?[\d.]+)"\}/g,
          ),
        ].map((match) => [match[1], Number(match[2])]),
      );
    // 03-01: the new result (a failure, its value 0.5 from the reference 0) and the unit-test,
    // failed first, passed finally.
    expect(moves(days[0]!.Update)).toEqual({ r: 1, f: 1, n: 1, s: 0.5, q: 0.25, u: 1, l: 1 });
    // 03-02: the unit-test leaves it (it passed first and finally there).
    expect(moves(days[1]!.Update)).toEqual({ u: -1, p: -1, l: -1 });
  });

  it("reads a unit-test's state again when another write moved it meanwhile", async () => {
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed'))
      .resolves({});
    await expect(repository.saveResults([result()], source, receivedAt)).resolves.toBe(1);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 2);
    expect(documents).toReceiveCommandTimes(BatchGetCommand, 2);
  });
});

describe("a unit's record", () => {
  it("reads the unit's whole partition, results and reports apart; the latest result of each test decides", async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({
        Items: [
          {
            pk: 'UNIT#AV-000150',
            sk: 'REPORT#2026-03-03T00:00:00.000Z#TR-7K3MQ-9X2HB',
            type: 'unitReport',
            reportNumber: 'TR-7K3MQ-9X2HB',
            issuedAt: '2026-03-03T00:00:00.000Z',
            language: 'en',
            verdict: 'pass',
          },
          stored({ testName: 'Seat', testedAt: '2026-03-01T00:00:00.000Z', result: 'fail' }),
          stored({ testName: 'Seat', testedAt: '2026-03-02T00:00:00.000Z', result: 'pass' }),
        ],
        LastEvaluatedKey: { pk: 'UNIT#AV-000150', sk: 'RESULT#Seat' },
      })
      .resolvesOnce({
        Items: [stored({ testName: 'Shell', testedAt: '2026-02-01T00:00:00.000Z' })],
      });
    const record = await readUnitRecord('AV-000150');
    expect(record.reports).toEqual([
      expect.objectContaining({ reportNumber: 'TR-7K3MQ-9X2HB', verdict: 'pass' }),
    ]);
    expect(record.results).toHaveLength(3);
    const { latest, verdict } = judgeUnit({
      results: record.results,
      plans: new Map(),
      currentPlanVersion: null,
      material: null,
    });
    expect(latest).toEqual([
      expect.objectContaining({
        testName: 'Seat',
        result: 'pass',
        testedAt: '2026-03-02T00:00:00.000Z',
      }),
      expect.objectContaining({ testName: 'Shell' }),
    ]);
    expect(verdict).toBe('pass');
    // A report prints what it shows of a result, nothing of its bookkeeping.
    expect(reportResult(latest[0]!)).not.toHaveProperty('receivedAt');
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(readable(input, 'KeyConditionExpression')).toBe('pk = "UNIT#AV-000150"');
    expect(documents).toReceiveNthCommandWith(QueryCommand, 2, {
      ExclusiveStartKey: { pk: 'UNIT#AV-000150', sk: 'RESULT#Seat' },
    });
  });
});

describe('listResults', () => {
  it("reads a unit's history from its partition with the filters, newest first", async () => {
    documents.on(QueryCommand).resolves({
      Items: [
        stored({ testName: 'Seat', testedAt: '2026-03-01T00:00:00.000Z' }),
        stored({ testName: 'Shell', testedAt: '2026-03-05T00:00:00.000Z' }),
      ],
    });
    const page = await repository.listResults({
      limit: 20,
      serial: 'AV-000150',
      testName: 'Shell',
      result: 'pass',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(page.items.map((item) => item.testedAt)).toEqual([
      '2026-03-05T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).not.toHaveProperty('IndexName');
    expect(input).not.toHaveProperty('ScanIndexForward');
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'pk = "UNIT#AV-000150" AND begins_with(sk, "RESULT#")',
    );
    expect(readable(input, 'FilterExpression')).toBe(
      '(testName = "Shell") AND (result = "pass") AND ' +
        '(testedAt BETWEEN "2026-03-01T00:00:00.000Z" AND "2026-03-31T23:59:59.999Z")',
    );
  });

  it('reads every result from gsi1, newest first, with the dates in the key condition', async () => {
    documents.on(QueryCommand).resolves({ Items: [] });
    await repository.listResults({
      limit: 20,
      result: 'fail',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    await repository.listResults({ limit: 20 });
    const [dated, open] = documents.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(dated).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false });
    expect(readable(dated, 'KeyConditionExpression')).toBe(
      'gsi1pk = "RESULTS" AND gsi1sk BETWEEN "AT#2026-03-01T00:00:00.000Z" AND "AT#2026-03-02T23:59:59.999Z"',
    );
    expect(readable(dated, 'FilterExpression')).toBe('result = "fail"');
    expect(readable(open, 'KeyConditionExpression')).toBe(
      'gsi1pk = "RESULTS" AND gsi1sk BETWEEN "AT#" AND "AT#9999"',
    );
    expect(open).not.toHaveProperty('FilterExpression');
  });

  it('refuses a cursor issued for another serial before any Query', async () => {
    documents.on(QueryCommand).resolvesOnce({ Items: [stored(), stored()] });
    const page = await repository.listResults({ limit: 1, serial: 'AV-000150' });
    expect(page.nextCursor).toBeTruthy();
    documents.resetHistory();
    await expect(
      repository.listResults({ limit: 1, serial: 'AV-000151', cursor: page.nextCursor! }),
    ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });
});

describe('machine data service', () => {
  const machine = {
    id: 'm-1',
    name: 'Bench 1',
    note: null,
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    createdBy: 'a',
    updatedBy: 'a',
  };
  const rangeItem = {
    id: 'r-1',
    productId: 'p-1',
    startSerial: 'AV-000100',
    endSerial: 'AV-000199',
    totalUnits: 100,
    productionDate: '2025-01-01',
    version: 1,
    createdAt: 'c',
    updatedAt: 'u',
    createdBy: 'a',
    updatedBy: 'a',
    prefix: 'AV-',
    width: 6,
    startNumber: 100,
    endNumber: 199,
  };
  /** A result as a machine sends it: no range (the server finds it), its machine the key's. */
  const ingested = (changes: Partial<NewResult> = {}) => {
    const sent: Partial<NewResult> = result(changes);
    delete sent.range;
    return { ...sent, machineId: null };
  };

  // The range's product has no test plan: results are stored as stated. Bench 1 is active.
  beforeEach(() => {
    documents.on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } }).resolves({
      Item: { planVersion: null },
    });
    documents
      .on(GetCommand, { Key: { pk: 'MACHINENAME#bench 1', sk: 'NAME' } })
      .resolves({ Item: { machineId: 'm-1' } });
    documents
      .on(GetCommand, { Key: { pk: 'MACHINE#m-1', sk: 'MACHINE' } })
      .resolves({ Item: { ...machine, keyHash: 'ab' } });
  });

  it("stores a machine's batch under the key's machine and sums it up", async () => {
    documents.on(QueryCommand).resolves({ Items: [rangeItem] });
    await expect(
      service.ingestBatch({ results: [ingested(), ingested({ testName: 'Seat' })] }, machine),
    ).resolves.toEqual({ received: 2, stored: 2, duplicates: 0 });
    // One lookup per distinct serial.
    expect(documents).toReceiveCommandTimes(QueryCommand, 1);
    const [items] = transactions();
    expect(items![0]!.Put!.Item).toMatchObject({ machineId: 'Bench 1', source: 'machine:Bench 1' });
    expect(items!.at(-1)!.Put!.Item).toMatchObject({
      pk: expect.stringMatching(/^AUDIT#machine-data#[0-9a-f-]{36}$/),
      actor: { id: 'm-1', machine: 'Bench 1' },
      action: 'ingest',
    });
  });

  it('refuses the whole batch when a row names another machine, storing nothing', async () => {
    documents.on(QueryCommand).resolves({ Items: [rangeItem] });
    const error = await service
      .ingestBatch({ results: [ingested(), { ...ingested(), machineId: 'Bench 2' }] }, machine)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      messageKey: 'errors.batchRefused',
      fields: { 'results.1.machineId': { key: 'validation.machineMismatch' } },
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('names every problem of a batch in one answer: format, serials, units, limits, contradictions', async () => {
    documents.on(QueryCommand).resolves({ Items: [rangeItem] });
    documents
      .on(QueryCommand, { ExpressionAttributeValues: { ':v0': 'SERIAL#BX-#3' } })
      .resolves({ Items: [] });
    // The range's product measures Shell in bar, at least 1, for every material.
    documents.on(GetCommand, { Key: { pk: 'PRODUCT#p-1', sk: 'PRODUCT' } }).resolves({
      Item: { planVersion: 2 },
    });
    documents.on(GetCommand, { Key: { pk: 'PLAN#p-1', sk: 'V#0000000002' } }).resolves({
      Item: {
        productId: 'p-1',
        version: 2,
        allowExtraTests: true,
        tests: [
          {
            name: 'Shell',
            method: 'API 598',
            unit: 'bar',
            lower: 1,
            upper: null,
            required: true,
            holdSeconds: null,
          },
        ],
        approvedBy: { id: 'a', name: 'A', email: 'a@example.com', role: 'admin' },
        approvedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    const error = await service
      .ingestBatch(
        {
          results: [
            ingested(),
            { ...ingested(), result: 'maybe' },
            ingested({ serialNumber: 'BX-001' }),
            // Another unit, and a test whose outcome is invalid: its unit is still checked.
            ingested({ unit: 'psi', testedAt: '2026-03-02T08:00:00.000Z' }),
            { ...ingested({ unit: 'psi', testedAt: '2026-03-02T09:00:00.000Z' }), result: 'maybe' },
            ingested({ value: 0.5, testedAt: '2026-03-03T08:00:00.000Z' }),
            // The first row's result again, saying something else.
            ingested({ operator: 'Someone else' }),
            // Before the unit was made, and outside the limit: both named.
            ingested({ value: 0.5, testedAt: '2024-01-01T00:00:00.000Z' }),
          ],
        },
        machine,
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      messageKey: 'errors.batchRefused',
      params: { problems: 9, listed: 9 },
    });
    const unitMismatch = { key: 'validation.unitMismatch', params: { unit: 'bar' } };
    const belowLimit = {
      key: 'validation.resultShouldFail',
      params: { limit: expect.any(String) },
    };
    expect((error as InstanceType<typeof ValidationError>).fields).toEqual({
      'results.1.result': expect.objectContaining({ key: 'validation.invalid' }),
      'results.2.serialNumber': { key: 'errors.serialNotInRange' },
      'results.3.unit': unitMismatch,
      'results.4.result': expect.objectContaining({ key: 'validation.invalid' }),
      'results.4.unit': unitMismatch,
      'results.5.result': belowLimit,
      'results.6': { key: 'validation.duplicateResultIndex', params: { index: 0 } },
      'results.7.result': belowLimit,
      'results.7.testedAt': {
        key: 'validation.testedBeforeProduction',
        params: { date: '2025-01-01' },
      },
    });
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('refuses the whole batch when a serial lies in no range, naming every row of it', async () => {
    documents.on(QueryCommand).resolves({ Items: [rangeItem] });
    documents
      .on(QueryCommand, { ExpressionAttributeValues: { ':v0': 'SERIAL#BX-#3' } })
      .resolves({ Items: [] });
    const error = await service
      .ingestBatch(
        {
          results: [
            ingested(),
            ingested({ serialNumber: 'BX-001' }),
            ingested({ serialNumber: 'BX-001', testName: 'Seat' }),
          ],
        },
        machine,
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      messageKey: 'errors.batchRefused',
      fields: {
        'results.1.serialNumber': { key: 'errors.serialNotInRange' },
        'results.2.serialNumber': { key: 'errors.serialNotInRange' },
      },
    });
    expect(Object.keys((error as InstanceType<typeof ValidationError>).fields)).toHaveLength(2);
    expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
  });

  it('counts re-sent results as duplicates', async () => {
    documents.on(QueryCommand).resolves({ Items: [rangeItem] });
    documents
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None'))
      .resolves({});
    await expect(
      service.ingestBatch({ results: [ingested(), ingested({ testName: 'Seat' })] }, machine),
    ).resolves.toEqual({ received: 2, stored: 1, duplicates: 1 });
  });

  describe('uploadCsv', () => {
    const caller = {
      sub: 'sub-staff',
      email: 'staff@example.com',
      role: 'staff' as const,
      secondFactor: false,
      authTime: 0,
    };
    const header = 'serialNumber,testName,result,value,unit,testedAt,machineId';

    it('stores valid rows as the uploader', async () => {
      documents.on(QueryCommand).resolves({ Items: [rangeItem] });
      const csv = `${header}\nav-000150,Shell,pass,1.5,bar,2025-03-01T08:00:00Z,Bench 1\n`;
      await expect(service.uploadCsv(csv, caller)).resolves.toEqual({
        received: 1,
        stored: 1,
        duplicates: 0,
      });
      const [items] = transactions();
      expect(items![0]!.Put!.Item).toMatchObject({
        pk: 'UNIT#AV-000150',
        value: 1.5,
        source: 'upload:staff@example.com',
      });
      expect(items!.at(-1)!.Put!.Item).toMatchObject({
        actor: { id: 'sub-staff', email: 'staff@example.com' },
        action: 'upload',
      });
    });

    it('takes only an existing, active bench, by any case of its name, and records who entered it', async () => {
      documents.on(QueryCommand).resolves({ Items: [rangeItem] });
      documents.on(GetCommand, { Key: { pk: 'MACHINENAME#bench 9', sk: 'NAME' } }).resolves({});
      const named = (bench: string) =>
        `${header}\nAV-000150,Shell,pass,1.5,bar,2025-03-01T08:00:00Z,${bench}\n`;
      await expect(service.uploadCsv(named('Bench 9'), caller)).rejects.toMatchObject({
        messageKey: 'errors.batchRefused',
        fields: { 'row 2.machineId': { key: 'validation.machineUnknown' } },
      });
      documents
        .on(GetCommand, { Key: { pk: 'MACHINE#m-1', sk: 'MACHINE' } })
        .resolvesOnce({ Item: { ...machine, keyHash: 'ab', revokedAt: '2026-01-02T00:00:00Z' } })
        .resolves({ Item: { ...machine, keyHash: 'ab' } });
      await expect(service.uploadCsv(named('Bench 1'), caller)).rejects.toMatchObject({
        fields: { 'row 2.machineId': { key: 'validation.machineUnknown' } },
      });
      expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
      await service.uploadCsv(named('BENCH 1'), { ...caller, name: 'Mei Chen' });
      expect(transactions()[0]![0]!.Put!.Item).toMatchObject({
        machineId: 'Bench 1',
        enteredBy: 'Mei Chen',
        source: 'upload:staff@example.com',
      });
    });

    it('refuses a missing column, an empty file and too many rows, before any read', async () => {
      await expect(service.uploadCsv('serialNumber,testName\nA1,x', caller)).rejects.toMatchObject({
        messageKey: 'errors.csvHeader',
      });
      await expect(service.uploadCsv(`${header}\n`, caller)).rejects.toMatchObject({
        messageKey: 'errors.csvEmpty',
      });
      const row = 'AV-000150,Shell,pass,1,bar,2025-03-01T08:00:00Z,Bench 1';
      const big = [header, ...Array.from({ length: 501 }, () => row)].join('\n');
      await expect(service.uploadCsv(big, caller)).rejects.toMatchObject({
        messageKey: 'errors.csvTooManyRows',
        params: { max: 500 },
      });
      expect(documents.calls()).toHaveLength(0);
    });

    it('refuses a body not UTF-8 naming its line and cell, before any read', async () => {
      const good = 'AV-000150,Shell,pass,1,bar,2025-03-01T08:00:00Z,Bench 1';
      const body = Buffer.concat([
        Buffer.from(`${header},notes\n${good},ok\n${good},caf`),
        Buffer.from([0xe9]),
        Buffer.from('\n'),
      ]);
      await expect(service.uploadCsv(new Uint8Array(body), caller)).rejects.toMatchObject({
        messageKey: 'errors.csvNotUtf8',
        params: { line: 3 },
        fields: { 'row 3.notes': { key: 'validation.notUtf8' } },
      });
      const bom = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`${header}\n${good}`),
      ]);
      documents.on(QueryCommand).resolves({ Items: [rangeItem] });
      expect(documents.calls()).toHaveLength(0);
      await expect(service.uploadCsv(new Uint8Array(bom), caller)).resolves.toMatchObject({
        stored: 1,
      });
    });

    it('refuses a column named twice before any read, and rows longer than the header, storing nothing', async () => {
      documents.on(QueryCommand).resolves({ Items: [rangeItem] });
      const good = 'AV-000150,Shell,pass,1,bar,2025-03-01T08:00:00Z,Bench 1';
      await expect(
        service.uploadCsv(`${header},notes,notes\n${good},a,b`, caller),
      ).rejects.toMatchObject({
        messageKey: 'errors.csvDuplicateColumn',
        params: { column: 'notes' },
      });
      await expect(
        service.uploadCsv(`${header}\n${good}\n${good},extra\n${good},,x`, caller),
      ).rejects.toMatchObject({
        messageKey: 'errors.batchRefused',
        fields: {
          'row 3._': { key: 'validation.extraCells', params: { cells: 8, columns: 7 } },
          'row 4._': { key: 'validation.extraCells', params: { cells: 9, columns: 7 } },
        },
      });
      expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    });

    it('names invalid cells by their spreadsheet row and stores nothing', async () => {
      documents.on(QueryCommand).resolves({ Items: [rangeItem] });
      const csv = [
        header,
        'AV-000150,Shell,pass,1,bar,2025-03-01T08:00:00Z,Bench 1',
        'AV-000150,Shell,maybe,1,bar,2025-03-01T08:00:00Z,Bench 1',
      ].join('\n');
      await expect(service.uploadCsv(csv, caller)).rejects.toMatchObject({
        messageKey: 'errors.batchRefused',
        fields: { 'row 3.result': expect.any(Object) },
      });
      expect(documents).toReceiveCommandTimes(TransactWriteCommand, 0);
    });
  });
});
