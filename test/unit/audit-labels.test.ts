import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../lambdas/shared/contract/schemas/audit';
import { sentCommandProblems, testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
const { withAuditLabels } = await import('../../lambdas/shared/data/audit-labels');
const { getItems } = await import('../../lambdas/shared/data/read');

const entry = (fields: Partial<AuditEntry> & Pick<AuditEntry, 'entity' | 'entityId'>) =>
  ({
    at: '2026-03-04T10:00:00.000Z',
    actor: { id: 'sub-admin', email: 'admin@example.com' },
    action: 'update',
    changes: {},
    ...fields,
  }) as AuditEntry;

/** The table's records, as BatchGetItem answers them (only the keys asked for). */
const table = [
  { pk: 'PRODUCT#p-now', sk: 'PRODUCT', name: 'Ball valve DN50', gtin: null },
  { pk: 'PRODUCT#p-old', sk: 'PRODUCT', name: 'Gate valve DN80' },
  {
    pk: 'RANGE#r-1',
    sk: 'RANGE',
    startSerial: 'AV-0001',
    endSerial: 'AV-0100',
    productId: 'p-now',
  },
  { pk: 'MACHINE#m-1', sk: 'MACHINE', name: 'Bench 3', keyHash: 'x' },
  {
    pk: 'REPORTREQ#q-1',
    sk: 'REQUEST',
    reportNumber: 'TR-0A1B2-C3D4E',
    serialNumber: 'AV-0042',
    productId: 'p-now',
  },
];

const askedKeys = () =>
  documents
    .commandCalls(BatchGetCommand)
    .flatMap((call) =>
      Object.values(call.args[0].input.RequestItems ?? {}).flatMap((request) =>
        (request.Keys ?? []).map((key) => `${String(key.pk)}/${String(key.sk)}`),
      ),
    );

beforeEach(() => {
  documents.reset();
  documents
    .on(BatchGetCommand)
    .callsFake(
      (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
        const keys = input.RequestItems['test-table']!.Keys;
        return {
          Responses: {
            'test-table': table.filter((item) =>
              keys.some((key) => key.pk === item.pk && key.sk === item.sk),
            ),
          },
        };
      },
    );
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('withAuditLabels', () => {
  it('reads nothing for entries that carry their names', async () => {
    const named = entry({
      entity: 'serial-range',
      entityId: 'r-1',
      subjectLabel: 'AV-0001 – AV-0100',
      subjectDetail: 'Ball valve DN50',
      changes: {
        productId: {
          from: 'p-old',
          to: 'p-now',
          fromLabel: 'Gate valve (then)',
          toLabel: 'Ball valve (then)',
        },
      },
    });
    expect(await withAuditLabels([named])).toEqual([named]);
    expect(documents.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('names an older entry from its own fields first: a create or a delete holds the name it had', async () => {
    const [created, deleted, staff, range, unit] = await withAuditLabels([
      entry({
        entity: 'product',
        entityId: 'p-gone',
        action: 'create',
        changes: { name: { from: null, to: 'Globe valve' } },
      }),
      entry({
        entity: 'machine',
        entityId: 'm-gone',
        action: 'delete',
        changes: { name: { from: 'Bench 9', to: null } },
      }),
      entry({
        entity: 'staff',
        entityId: 'sub-x',
        action: 'create',
        changes: {
          name: { from: null, to: 'Mei Lin' },
          email: { from: null, to: 'mei@example.com' },
        },
      }),
      entry({
        entity: 'serial-range',
        entityId: 'r-gone',
        action: 'delete',
        changes: {
          startSerial: { from: 'ZZ-01', to: null },
          endSerial: { from: 'ZZ-09', to: null },
        },
      }),
      entry({ entity: 'unit', entityId: 'AV-0042', action: 'void' }),
    ]);
    expect(created).toMatchObject({ subjectLabel: 'Globe valve' });
    expect(deleted).toMatchObject({ subjectLabel: 'Bench 9' });
    expect(staff).toMatchObject({ subjectLabel: 'Mei Lin', subjectDetail: 'mei@example.com' });
    expect(range).toMatchObject({ subjectLabel: 'ZZ-01 – ZZ-09' });
    expect(unit).toMatchObject({ subjectLabel: 'AV-0042' });
    expect(documents.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('names the rest as their records are now, each read once, and leaves a gone record unnamed', async () => {
    const staff = vi.fn(async (id: string) =>
      id === 'sub-1' ? { name: 'Ana Wu', email: 'ana@example.com' } : undefined,
    );
    const entries = await withAuditLabels(
      [
        entry({
          entity: 'product',
          entityId: 'p-now',
          changes: { fluid: { from: 'water', to: 'oil' } },
        }),
        entry({
          entity: 'product',
          entityId: 'p-now',
          changes: { pressureFC: { from: 1, to: 2 } },
        }),
        entry({
          entity: 'product',
          entityId: 'p-deleted',
          changes: { fluid: { from: 'a', to: 'b' } },
        }),
        entry({
          entity: 'serial-range',
          entityId: 'r-1',
          changes: { productId: { from: 'p-old', to: 'p-now' } },
        }),
        entry({ entity: 'machine', entityId: 'm-1', action: 'revoke' }),
        entry({ entity: 'report-request', entityId: 'q-1', action: 'resend' }),
        entry({
          entity: 'staff',
          entityId: 'sub-1',
          changes: { role: { from: 'staff', to: 'admin' } },
        }),
        entry({
          entity: 'staff',
          entityId: 'sub-gone',
          changes: { role: { from: 'staff', to: 'admin' } },
        }),
        entry({ entity: 'settings', entityId: 'site' }),
      ],
      staff,
    );
    expect(entries.map((found) => [found.subjectLabel, found.subjectDetail])).toEqual([
      ['Ball valve DN50', undefined],
      ['Ball valve DN50', undefined],
      [undefined, undefined],
      ['AV-0001 – AV-0100', 'Ball valve DN50'],
      ['Bench 3', undefined],
      ['TR-0A1B2-C3D4E', 'AV-0042'],
      ['Ana Wu', 'ana@example.com'],
      [undefined, undefined],
      [undefined, undefined],
    ]);
    // The move names both products.
    expect(entries[3]!.changes.productId).toEqual({
      from: 'p-old',
      to: 'p-now',
      fromLabel: 'Gate valve DN80',
      toLabel: 'Ball valve DN50',
    });
    // Each record once: the product named by two entries and by the range is read once.
    expect(askedKeys().sort()).toEqual([
      'MACHINE#m-1/MACHINE',
      'PRODUCT#p-deleted/PRODUCT',
      'PRODUCT#p-now/PRODUCT',
      'PRODUCT#p-old/PRODUCT',
      'RANGE#r-1/RANGE',
      'REPORTREQ#q-1/REQUEST',
    ]);
    expect(staff.mock.calls.map(([id]) => id).sort()).toEqual(['sub-1', 'sub-gone']);
  });

  it('leaves accounts unnamed without a way to read them (staff callers)', async () => {
    const [account] = await withAuditLabels([
      entry({
        entity: 'staff',
        entityId: 'sub-1',
        changes: { role: { from: 'staff', to: 'admin' } },
      }),
    ]);
    expect(account!.subjectLabel).toBeUndefined();
  });
});

describe('getItems', () => {
  it('asks 100 keys a call, once each, and reads unprocessed keys again', async () => {
    const keys = Array.from({ length: 150 }, (_, index) => ({ pk: `P#${index}`, sk: 'X' }));
    let first = true;
    documents
      .on(BatchGetCommand)
      .callsFake(
        (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
          const asked = input.RequestItems['test-table']!.Keys;
          // The first call leaves its last key for later, as a throttled table does.
          const left = first ? asked.slice(-1) : [];
          first = false;
          return {
            Responses: {
              'test-table': asked
                .slice(0, asked.length - left.length)
                .map((key) => ({ ...key, n: 1 })),
            },
            ...(left.length ? { UnprocessedKeys: { 'test-table': { Keys: left } } } : {}),
          };
        },
      );
    const found = await getItems([...keys, keys[0]!], { parse: (item) => item as { n: number } });
    expect(found.size).toBe(150);
    // A few calls go at once (data/read.ts): their order is not the keys'.
    expect(
      documents
        .commandCalls(BatchGetCommand)
        .map((call) => call.args[0].input.RequestItems!['test-table']!.Keys!.length)
        .sort((a, b) => a - b),
    ).toEqual([1, 50, 100]);
  });
});
