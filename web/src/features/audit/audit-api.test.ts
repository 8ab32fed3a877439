import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  listAuditQuerySchema,
  type AuditEntry,
} from '../../../../lambdas/shared/contract/schemas/audit';
import type * as ApiClient from '../../lib/api-client';

const api = vi.hoisted(() => ({ answers: [] as unknown[], queries: [] as unknown[] }));
// The contract's client with the answers given here, read with the route's answer schema.
vi.mock('../../lib/api-client', async (original) => {
  const client = await original<typeof ApiClient>();
  return {
    ...client,
    api: async (...[table, key, input]: Parameters<typeof client.api>) => {
      api.queries.push({ route: key, ...(input as { query?: object }).query });
      return client.answerParser(table, key)(api.answers.shift());
    },
  };
});

const {
  activityQuery,
  activityRangeProblem,
  actorActivityQuery,
  fetchActivityPage,
  fetchAuditEntries,
  fetchRecordHistory,
  listAllActivity,
  noActivityFilters,
  recordHistoryQuery,
} = await import('./api');
const { auditCsv } = await import('./audit-csv');

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  at: '2026-11-21T10:00:00.000Z',
  actor: { id: 'u-1', email: 'ann@example.com' },
  action: 'update',
  entity: 'product',
  entityId: 'p-1',
  changes: { name: { from: 'A', to: 'B' } },
  ...overrides,
});

/** A query as the URL carries it: every value a string. */
const asSent = (query: object) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));

beforeEach(() => {
  api.answers = [];
  api.queries = [];
});

describe('the Activity query', () => {
  it('always passes the API’s query schema', () => {
    const cases = [
      activityQuery(noActivityFilters, { pageSize: 20 }),
      activityQuery(
        {
          actor: '  u-1  ',
          entity: 'serial-range',
          record: 'r-1',
          action: 'delete',
          range: { from: '2026-01-01', to: '2026-12-31' },
        },
        { pageSize: 1000, cursor: 'abc' },
      ),
      activityQuery({ ...noActivityFilters, actor: 'x'.repeat(500) }, { pageSize: 5000 }),
    ];
    for (const query of cases) {
      expect(listAuditQuerySchema.safeParse(asSent(query)).success, JSON.stringify(query)).toBe(
        true,
      );
    }
    expect(cases[1]).toEqual({
      limit: 1000,
      cursor: 'abc',
      actor: 'u-1',
      entity: 'serial-range',
      id: 'r-1',
      action: 'delete',
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(cases[0]).toEqual({ limit: 20 });
    // A record goes with its kind only (the API refuses an id without one).
    expect(activityQuery({ ...noActivityFilters, record: 'r-1' }, { pageSize: 20 })).toEqual({
      limit: 20,
    });
  });

  it('leaves out a range the API would refuse and says why', () => {
    const tooLong = { from: '2025-01-01', to: '2026-06-30' };
    expect(activityRangeProblem(tooLong)).toEqual({
      key: 'validation.auditRange',
      params: { max: 366 },
    });
    expect(activityQuery({ ...noActivityFilters, range: tooLong }, { pageSize: 20 })).toEqual({
      limit: 20,
    });
    expect(activityRangeProblem({ from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      key: 'validation.dateOrder',
    });
    expect(activityRangeProblem({ from: '2026-01-01', to: '2026-01-31' })).toBeUndefined();
    expect(activityRangeProblem({})).toBeUndefined();
  });
});

describe('a record’s history', () => {
  it('asks with the record’s kind and id, and passes the API’s query schema', () => {
    const query = recordHistoryQuery({ entity: 'staff', id: 'u-9' }, { pageSize: 20, cursor: 'c' });
    expect(query).toEqual({ entity: 'staff', id: 'u-9', limit: 20, cursor: 'c' });
    expect(listAuditQuerySchema.safeParse(asSent(query)).success).toBe(true);
  });

  it('reads the next page’s cursor from `cursor` and names each row', async () => {
    api.answers.push({ items: [entry(), entry({ action: 'create' })], cursor: 'next' });
    const page = await fetchRecordHistory({ entity: 'product', id: 'p-1' }, { pageSize: 2 });
    expect(api.queries).toEqual([
      { route: 'GET /api/audit', entity: 'product', id: 'p-1', limit: 2 },
    ]);
    expect(page.nextCursor).toBe('next');
    expect(page.total).toBeNull();
    expect(page.items.map((row) => row.key)).toEqual(['#0', '#1']);
    expect(page.items[1]).toMatchObject({ action: 'create', entityId: 'p-1' });
  });

  it('refuses an answer of another shape', async () => {
    api.answers.push({ items: [entry()], nextCursor: null });
    await expect(
      fetchRecordHistory({ entity: 'product', id: 'p-1' }, { pageSize: 2 }),
    ).rejects.toMatchObject({ code: 'internal' });
  });
});

describe('one person’s actions (the profile’s recent activity)', () => {
  it('asks by actor alone, over the API’s default days, and passes the query schema', () => {
    const query = actorActivityQuery('sub-1', { pageSize: 20, cursor: 'c' });
    expect(query).toEqual({ actor: 'sub-1', limit: 20, cursor: 'c' });
    expect(listAuditQuerySchema.safeParse(asSent(query)).success).toBe(true);
  });

  it('reads a subject’s pages: an actor’s by actor, a record’s as its history', async () => {
    api.answers.push({ items: [entry()], cursor: 'next' }, { items: [entry()], cursor: null });
    const own = await fetchAuditEntries({ actor: 'sub-1' }, { pageSize: 10 });
    expect(own.nextCursor).toBe('next');
    await fetchAuditEntries({ entity: 'product', id: 'p-1' }, { pageSize: 10, cursor: 'x' });
    expect(api.queries).toEqual([
      { route: 'GET /api/audit', actor: 'sub-1', limit: 10 },
      { route: 'GET /api/audit', entity: 'product', id: 'p-1', limit: 10, cursor: 'x' },
    ]);
  });
});

describe('the Activity list and export', () => {
  it('reads a page with the filters and follows every cursor for the export', async () => {
    const filters = { ...noActivityFilters, action: 'update' as const };
    api.answers.push({ items: [entry()], cursor: 'c1' });
    const signal = new AbortController().signal;
    const page = await fetchActivityPage({ query: filters, pageSize: 50 }, signal);
    expect(page.nextCursor).toBe('c1');
    api.answers.push({ items: [entry()], cursor: 'c2' }, { items: [entry()], cursor: null });
    expect(await listAllActivity(filters)).toHaveLength(2);
    expect(api.queries.slice(1)).toEqual([
      { route: 'GET /api/audit', limit: 1000, action: 'update' },
      { route: 'GET /api/audit', limit: 1000, cursor: 'c2', action: 'update' },
    ]);
  });

  it('exports a line per changed field, under the API’s names, formulas guarded', () => {
    const { csv, rows } = auditCsv([
      entry({
        changes: {
          name: { from: '=HYPERLINK("x")', to: 'Valve' },
          pressureFC: { from: null, to: 16 },
        },
      }),
      entry({
        actor: { id: 'm-1', machine: 'Bench 3' },
        action: 'ingest',
        entity: 'machine-data',
        entityId: 'b-1',
        changes: { serialNumbers: { from: null, to: ['A-1', 'A-2'] } },
      }),
      entry({ action: 'revoke', entity: 'machine', changes: {} }),
      entry({
        actor: { id: 'u-2', name: 'Bo Chen', email: 'bo@example.com' },
        entity: 'serial-range',
        entityId: 'r-1',
        subjectLabel: 'A-1 – A-9',
        subjectDetail: 'Valve',
        changes: { productId: { from: 'p-1', to: 'p-2', fromLabel: 'Gate', toLabel: 'Globe' } },
      }),
    ]);
    expect(rows).toBe(5);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'at,actorId,actorName,actorEmail,actorMachine,action,entity,entityId,subjectLabel,subjectDetail,field,from,fromLabel,to,toLabel',
      `2026-11-21T10:00:00.000Z,u-1,,ann@example.com,,update,product,p-1,,,name,"'=HYPERLINK(""x"")",,Valve,`,
      '2026-11-21T10:00:00.000Z,u-1,,ann@example.com,,update,product,p-1,,,pressureFC,,,16,',
      '2026-11-21T10:00:00.000Z,m-1,,,Bench 3,ingest,machine-data,b-1,,,serialNumbers,,,"[""A-1"",""A-2""]",',
      '2026-11-21T10:00:00.000Z,u-1,,ann@example.com,,revoke,machine,p-1,,,,,,,',
      '2026-11-21T10:00:00.000Z,u-2,Bo Chen,bo@example.com,,update,serial-range,r-1,A-1 – A-9,Valve,productId,p-1,Gate,p-2,Globe',
    ]);
  });
});
