import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readable, sentCommandProblems, testEnvironment, mockCursorKey } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);

const { recordHistory, searchLog } = await import('../../lambdas/audit/repository');
const { listAudit } = await import('../../lambdas/audit/service');
const { encodeCursor } = await import('../../lambdas/shared/data/cursor');
const { PermissionDeniedError } = await import('../../lambdas/shared/errors');

const admin = {
  sub: 'sub-admin',
  email: 'admin@example.com',
  role: 'admin' as const,
  secondFactor: true,
  authTime: 0,
};
const staff = {
  sub: 'sub-staff',
  email: 'staff@example.com',
  role: 'staff' as const,
  secondFactor: false,
  authTime: 0,
};
const now = new Date('2026-03-04T12:00:00.000Z');

const entry = (at: string, changes: Record<string, unknown> = {}) => ({
  pk: 'AUDIT#product#p-1',
  sk: `AT#${at}#e`,
  gsi1pk: `AUDITDAY#${at.slice(0, 10)}`,
  gsi1sk: `AT#${at}#e`,
  type: 'auditEntry',
  entryId: 'e',
  actorId: 'sub-admin',
  at,
  actor: { id: 'sub-admin', email: 'admin@example.com' },
  action: 'update',
  entity: 'product',
  entityId: 'p-1',
  changes: { name: { from: 'A', to: 'B' } },
  ...changes,
});
const entryKey = (at: string) => ({
  pk: 'AUDIT#product#p-1',
  sk: `AT#${at}#e`,
  gsi1pk: `AUDITDAY#${at.slice(0, 10)}`,
  gsi1sk: `AT#${at}#e`,
});
/** Calls `listAudit`, answering its refusal as a rejection whether it throws or rejects. */
const attempt = async <A extends unknown[], R>(call: (...args: A) => Promise<R>, ...args: A) =>
  call(...args);
const queriedDays = () =>
  documents
    .commandCalls(QueryCommand)
    .map((call) => call.args[0].input.ExpressionAttributeValues?.[':v0']);

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  documents.on(QueryCommand).resolves({ Items: [] });
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('recordHistory', () => {
  it("reads one record's partition newest first, in the API shape", async () => {
    documents.on(QueryCommand).resolves({ Items: [entry('2026-03-04T10:00:00.000Z')] });
    const page = await recordHistory('product', 'p-1', { limit: 20 });
    expect(page).toEqual({
      items: [
        {
          at: '2026-03-04T10:00:00.000Z',
          actor: { id: 'sub-admin', email: 'admin@example.com' },
          action: 'update',
          entity: 'product',
          entityId: 'p-1',
          changes: { name: { from: 'A', to: 'B' } },
        },
      ],
      nextCursor: null,
    });
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ TableName: 'test-table', ScanIndexForward: false, Limit: 20 });
    expect(input).not.toHaveProperty('IndexName');
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'pk = "AUDIT#product#p-1" AND begins_with(sk, "AT#")',
    );
  });

  it("refuses another record's cursor before any Query", async () => {
    const cursor = await encodeCursor(entryKey('2026-03-04T10:00:00.000Z'), {
      list: 'audit-record',
      entity: 'product',
      id: 'p-2',
    });
    await expect(
      recordHistory('product', 'p-1', { limit: 20, cursor: cursor! }),
    ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });
});

describe('searchLog', () => {
  it('reads the last 30 UTC days by default, one day partition after another, newest first', async () => {
    const page = await searchLog({ limit: 10 }, now);
    expect(page).toEqual({ items: [], nextCursor: null });
    const days = queriedDays();
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('AUDITDAY#2026-03-04');
    expect(days[1]).toBe('AUDITDAY#2026-03-03');
    expect(days.at(-1)).toBe('AUDITDAY#2026-02-03');
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 10 });
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'gsi1pk = "AUDITDAY#2026-03-04" AND begins_with(gsi1sk, "AT#")',
    );
  });

  it('reads at most 31 days per call and goes on from the next day with the cursor', async () => {
    const query = { limit: 10, from: '2026-01-01', to: '2026-03-01' };
    const first = await searchLog(query, now);
    expect(queriedDays()).toHaveLength(31);
    expect(queriedDays().at(-1)).toBe('AUDITDAY#2026-01-30');
    expect(first.nextCursor).toEqual(expect.any(String));

    documents.reset();
    mockCursorKey(documents);
    documents.on(QueryCommand).resolves({ Items: [] });
    await searchLog({ ...query, cursor: first.nextCursor! }, now);
    expect(queriedDays()[0]).toBe('AUDITDAY#2026-01-29');
    expect(queriedDays().at(-1)).toBe('AUDITDAY#2026-01-01');
  });

  it('pages on past UTC midnight over the days the first page chose', async () => {
    const lateEvening = new Date('2026-03-04T23:59:00.000Z');
    const first = await searchLog({ limit: 10, from: '2026-01-01' }, lateEvening);
    expect(first.nextCursor).toEqual(expect.any(String));
    documents.reset();
    mockCursorKey(documents);
    documents.on(QueryCommand).resolves({ Items: [] });
    const nextDay = new Date('2026-03-05T00:01:00.000Z');
    await searchLog({ limit: 10, from: '2026-01-01', cursor: first.nextCursor! }, nextDay);
    expect(queriedDays()[0]).toBe('AUDITDAY#2026-02-01');
    // Without any dates, the default range carried by the cursor.
    documents.reset();
    mockCursorKey(documents);
    documents.on(QueryCommand).resolves({ Items: [] });
    const noDates = await searchLog({ limit: 10 }, lateEvening);
    expect(noDates.nextCursor).toBeNull();
  });

  it('filters actor, record and action on what it reads', async () => {
    await searchLog(
      {
        limit: 5,
        from: '2026-03-04',
        to: '2026-03-04',
        actor: 'sub-admin',
        entity: 'product',
        id: 'p-1',
        action: 'delete',
      },
      now,
    );
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(readable(input, 'FilterExpression')).toBe(
      '(actorId = "sub-admin") AND (entityId = "p-1") AND (entity = "product") AND (action = "delete")',
    );
  });

  it('collects entries over days up to the limit, and resumes inside a day where a page ended', async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({ Items: [entry('2026-03-04T10:00:00.000Z')] })
      .resolvesOnce({
        Items: [entry('2026-03-03T09:00:00.000Z')],
        LastEvaluatedKey: entryKey('2026-03-03T09:00:00.000Z'),
      })
      .resolves({ Items: [] });
    const query = { limit: 2, from: '2026-03-01', to: '2026-03-04' };
    const first = await searchLog(query, now);
    expect(first.items.map((item) => item.at)).toEqual([
      '2026-03-04T10:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
    ]);
    expect(queriedDays()).toEqual(['AUDITDAY#2026-03-04', 'AUDITDAY#2026-03-03']);

    documents.reset();
    mockCursorKey(documents);
    documents.on(QueryCommand).resolves({ Items: [] });
    await searchLog({ ...query, cursor: first.nextCursor! }, now);
    expect(documents).toReceiveNthCommandWith(QueryCommand, 1, {
      ExpressionAttributeValues: expect.objectContaining({ ':v0': 'AUDITDAY#2026-03-03' }),
      ExclusiveStartKey: entryKey('2026-03-03T09:00:00.000Z'),
    });
    expect(queriedDays()).toEqual([
      'AUDITDAY#2026-03-03',
      'AUDITDAY#2026-03-02',
      'AUDITDAY#2026-03-01',
    ]);
  });

  it('ends with no cursor when the range is read to its first day', async () => {
    documents.on(QueryCommand).resolves({ Items: [entry('2026-03-04T10:00:00.000Z')] });
    const page = await searchLog({ limit: 2, from: '2026-03-03', to: '2026-03-04' }, now);
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toBeNull();
  });

  it('bounds the reads of a day full of entries the filter refuses', async () => {
    documents
      .on(QueryCommand)
      .resolves({ Items: [], LastEvaluatedKey: entryKey('2026-03-04T10:00:00.000Z') });
    const page = await searchLog({ limit: 5, to: '2026-03-04', action: 'delete' }, now);
    // 31 page reads of at most 10 Queries each, all in the same day.
    expect(documents).toReceiveCommandTimes(QueryCommand, 310);
    expect(new Set(queriedDays())).toEqual(new Set(['AUDITDAY#2026-03-04']));
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('refuses a forged cursor or one of other filters before any Query', async () => {
    const query = { limit: 2, from: '2026-03-01', to: '2026-03-04' };
    const forged = await encodeCursor(
      { day: '2026-03-02', cursor: '' },
      { list: 'audit-log', from: '2026-03-01', to: '2026-03-04', actor: 'someone' },
    );
    await expect(searchLog({ ...query, cursor: forged! }, now)).rejects.toMatchObject({
      code: 'invalid-argument',
      messageKey: 'errors.invalidCursor',
    });
    await expect(searchLog({ ...query, cursor: 'abc.def' }, now)).rejects.toMatchObject({
      messageKey: 'errors.invalidCursor',
    });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });
});

describe('listAudit', () => {
  it('lets staff read the history of the records their pages show, and only those', async () => {
    for (const entity of ['product', 'serial-range', 'report-request', 'machine-data'] as const) {
      await listAudit({ limit: 5, entity, id: 'x-1' }, staff);
    }
    expect(queriedDays()).toEqual([
      'AUDIT#product#x-1',
      'AUDIT#serial-range#x-1',
      'AUDIT#report-request#x-1',
      'AUDIT#machine-data#x-1',
    ]);
    documents.resetHistory();
    for (const entity of ['staff', 'machine'] as const) {
      await expect(
        attempt(listAudit, { limit: 5, entity, id: 'x-1' }, staff),
      ).rejects.toBeInstanceOf(PermissionDeniedError);
    }
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });

  it("lets staff read their own actions, over the log's default days, and no one else's", async () => {
    await listAudit({ limit: 5, actor: 'sub-staff' }, staff);
    const days = queriedDays();
    expect(days).toHaveLength(30);
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 5 });
    expect(readable(input, 'FilterExpression')).toBe('actorId = "sub-staff"');
    // Narrowed further, still only their own.
    documents.resetHistory();
    await listAudit(
      { limit: 5, actor: 'sub-staff', entity: 'product', from: '2026-03-04', to: '2026-03-04' },
      staff,
    );
    expect(
      readable(documents.commandCalls(QueryCommand)[0]!.args[0].input, 'FilterExpression'),
    ).toBe('(actorId = "sub-staff") AND (entity = "product")');

    documents.resetHistory();
    for (const actor of ['sub-admin', 'SUB-STAFF', 'staff@example.com', 'sub-staff-2']) {
      await expect(attempt(listAudit, { limit: 5, actor }, staff)).rejects.toBeInstanceOf(
        PermissionDeniedError,
      );
    }
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
    // Admins read anyone's.
    await listAudit({ limit: 5, actor: 'sub-staff' }, admin);
    expect(documents).toReceiveCommandTimes(QueryCommand, 30);
  });

  it('keeps the whole log, and any filtered search, to admins', async () => {
    await expect(attempt(listAudit, { limit: 5 }, staff)).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await expect(
      attempt(listAudit, { limit: 5, entity: 'product', id: 'p-1', action: 'delete' }, staff),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);

    await listAudit({ limit: 5, entity: 'staff', id: 'sub-1' }, admin);
    expect(queriedDays()).toEqual(['AUDIT#staff#sub-1']);
    documents.resetHistory();
    await listAudit(
      { limit: 5, entity: 'product', id: 'p-1', from: '2026-03-04', to: '2026-03-04' },
      admin,
    );
    expect(documents).toReceiveCommandWith(QueryCommand, {
      IndexName: 'gsi1',
      ExpressionAttributeValues: expect.objectContaining({ ':v0': 'AUDITDAY#2026-03-04' }),
    });
  });
});
