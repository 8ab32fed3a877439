import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  IngestSummary,
  Machine,
  MachineCreated,
  TestResult,
} from '../../lambdas/shared/contract/schemas/machine-data';
import type {
  DashboardFigures,
  ReportRequestSummary,
} from '../../lambdas/shared/contract/schemas/report-request';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { createUser, signIn } from '../support/cognito';
import { tableReader } from '../support/table';
import { requestReport } from '../support/visitor';

const stack = inject('stack');
const reader = tableReader(stack);
let admin: string;
let staff: string;
const prefix = `MD${randomUUID().slice(0, 6).toUpperCase()}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(5, '0')}`;
const as = <T>(token: string, path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token });

async function newMachine(name = `Bench ${randomUUID().slice(0, 8)}`) {
  const created = await as<MachineCreated>(admin, '/api/machines', {
    method: 'POST',
    body: { name, note: 'Line 2' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function ingest(key: string | undefined, body: unknown) {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as IngestSummary & {
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
}

async function upload(token: string, csv: string, query = '') {
  const response = await fetch(`${stack.appUrl}/api/machine-data${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
    body: csv,
  });
  return {
    status: response.status,
    body: (await response.json()) as IngestSummary & {
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
}

const result = (n: number, testName: string, outcome: 'pass' | 'fail', minutesAgo: number) => ({
  serialNumber: serial(n),
  testName,
  result: outcome,
  value: 12.5 + n,
  unit: 'bar',
  testedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  operator: 'Lin',
});

const history = async (n: number) =>
  (await as<{ items: TestResult[] }>(admin, `/api/machine-data?serial=${serial(n)}&limit=100`)).body
    .items;

beforeAll(async () => {
  admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const staffEmail = `md.staff.${randomUUID().slice(0, 6)}@example.com`;
  await createUser(stack, staffEmail, 'Machine-Staff-2026!', 'staff');
  staff = (await signIn(stack, staffEmail, 'Machine-Staff-2026!')).IdToken;
  const product = await as<{ id: string }>(admin, '/api/products', {
    method: 'POST',
    body: {
      name: `Bench Valve ${prefix}`,
      temperatureMin: 0,
      temperatureMax: 120,
      fluid: 'oil',
      connection: 'Wafer',
      pressureFC: 10,
      pressureWCB: 20,
      pressureSUS: 30,
      application: null,
      applicationMedium: null,
    },
  });
  const range = await as(admin, '/api/serial-numbers', {
    method: 'POST',
    body: {
      productId: product.body.id,
      startSerial: serial(1),
      endSerial: serial(999),
      productionDate: '2026-02-01',
      bodyMaterial: 'WCB',
    },
  });
  expect(range.status).toBe(201);
  // The bench the CSV uploads below name: an upload may name only an existing, active one.
  const bench = await as(admin, '/api/machines', { method: 'POST', body: { name: 'Bench A' } });
  expect([201, 409]).toContain(bench.status);
});
afterAll(() => reader.destroy());

describe('machine keys', () => {
  it('shows the key once, stores only its hash, and lists the machine', async () => {
    const created = await newMachine();
    expect(created.key).toMatch(/^mk_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
    expect(created.machine).toMatchObject({ note: 'Line 2', lastUsedAt: null, revokedAt: null });
    const stored = await reader.get(keys.machine(created.machine.id));
    const secret = created.key.slice('mk_'.length + 36 + 1);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await as<{ items: Machine[] }>(admin, '/api/machines?limit=1000');
    const listed = list.body.items.find((machine) => machine.id === created.machine.id);
    expect(listed?.name).toBe(created.machine.name);
    expect(JSON.stringify(list.body)).not.toContain('keyHash');
  });

  it('refuses a second machine with the same name, whatever the case', async () => {
    const name = `Press ${randomUUID().slice(0, 6)}`;
    await newMachine(name);
    const again = await as(admin, '/api/machines', {
      method: 'POST',
      body: { name: name.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('A machine with this name already exists');
  });

  it('answers missing, wrong, malformed and revoked keys with the same 401', async () => {
    const { machine, key } = await newMachine();
    const batch = { results: [result(1, 'Shell test', 'pass', 5)] };
    const wrongSecret = `${key.slice(0, -4)}AAAA`;
    for (const attempt of [
      undefined,
      'nonsense',
      wrongSecret,
      `mk_${randomUUID()}_${'A'.repeat(43)}`,
    ]) {
      const response = await ingest(attempt, batch);
      expect(response.status, String(attempt)).toBe(401);
      expect(response.body.error).toEqual({
        code: 'unauthenticated',
        message: 'The machine key is missing, wrong or revoked',
        messageKey: 'errors.machineKeyRejected',
      });
    }
    expect((await ingest(key, batch)).status).toBe(200);
    const revoked = await as<Machine>(admin, `/api/machines/${machine.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await ingest(key, batch)).status).toBe(401);
    expect((await as(admin, '/api/machines/no-such-machine', { method: 'DELETE' })).status).toBe(
      404,
    );
  });
});

describe('ingest', () => {
  it('stores a valid batch with its counters, and a re-sent batch stores nothing twice', async () => {
    const { machine, key } = await newMachine();
    const before = await reader.stats();
    const batch = {
      results: [
        result(10, 'Shell test', 'pass', 30),
        result(10, 'Seat test', 'fail', 20),
        { ...result(10, 'Seat test', 'pass', 10), machineId: machine.name },
        result(11, 'Shell test', 'pass', 5),
      ],
    };
    const first = await ingest(key, batch);
    expect(first).toEqual({ status: 200, body: { received: 4, stored: 4, duplicates: 0 } });
    const after = await reader.stats();
    expect(after.machineResults).toBe((before.machineResults ?? 0) + 4);
    expect(Date.parse(String(after.lastMachineDataAt))).toBeGreaterThan(Date.now() - 60_000);

    const again = await ingest(key, batch);
    expect(again.body).toEqual({ received: 4, stored: 0, duplicates: 4 });
    expect((await reader.stats()).machineResults).toBe(after.machineResults);

    const unit = await history(10);
    expect(unit.map((item) => [item.testName, item.result])).toEqual([
      ['Seat test', 'pass'],
      ['Seat test', 'fail'],
      ['Shell test', 'pass'],
    ]);
    expect(unit[0]).toMatchObject({ machineId: machine.name, unit: 'bar', operator: 'Lin' });
    const machines = await as<{ items: Machine[] }>(admin, '/api/machines?limit=1000');
    expect(machines.body.items.find((item) => item.id === machine.id)?.lastUsedAt).not.toBeNull();
  });

  it('stores a full batch of 500 results of one day in one request', async () => {
    const { key } = await newMachine();
    const before = await reader.stats();
    const at = Date.now() - 120 * 60_000;
    const results = Array.from({ length: 500 }, (_, index) => ({
      ...result(200 + (index % 50), `Step ${Math.floor(index / 50)}`, 'pass', 0),
      testedAt: new Date(at + index * 1000).toISOString(),
    }));
    const response = await ingest(key, { results });
    expect(response).toEqual({ status: 200, body: { received: 500, stored: 500, duplicates: 0 } });
    expect((await reader.stats()).machineResults).toBe((before.machineResults ?? 0) + 500);
    expect(await history(200)).toHaveLength(10);
  });

  it('refuses a batch with any invalid result whole, naming each row', async () => {
    const { key } = await newMachine();
    const before = await reader.stats();
    const response = await ingest(key, {
      results: [
        result(20, 'Shell test', 'pass', 5),
        { ...result(20, 'Seat test', 'pass', 5), result: 'maybe' },
        {
          ...result(20, 'Seat test', 'pass', 5),
          testedAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        { ...result(20, 'Torque', 'pass', 5), value: 'high' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe(
      'The batch was refused and nothing was stored. Fix the listed rows and send it again.',
    );
    expect(response.body.error?.fields).toEqual({
      'results.1.result': 'This value is not valid',
      'results.2.testedAt': 'The test time must not be in the future',
      'results.3.value': 'This value is not valid',
    });
    expect(await history(20)).toEqual([]);
    expect((await reader.stats()).machineResults).toBe(before.machineResults);
  });

  it('refuses test times before 2000-01-01T00:00:00Z as JSON and as CSV, storing nothing', async () => {
    const { key } = await newMachine();
    const before = await reader.stats();
    const early = 'The test time must not be before 2000-01-01T00:00:00Z: set the bench clock';
    const response = await ingest(key, {
      results: [
        result(21, 'Shell test', 'pass', 5),
        { ...result(21, 'Seat test', 'pass', 5), testedAt: '0001-01-01T00:00:00Z' },
        { ...result(21, 'Seat test', 'pass', 5), testedAt: '1970-01-01T00:00:00-14:00' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid-argument' });
    expect(response.body.error?.fields).toEqual({
      'results.1.testedAt': early,
      'results.2.testedAt': early,
    });
    const csv = await upload(
      staff,
      [
        'serialNumber,testName,result,value,unit,testedAt,machineId',
        `${serial(21)},Shell test,pass,1,bar,1999-12-31T23:59:59Z,Bench A`,
      ].join('\n'),
    );
    expect(csv.status).toBe(400);
    expect(csv.body.error?.fields).toEqual({ 'row 2.testedAt': early });
    expect(await history(21)).toEqual([]);
    expect((await reader.stats()).machineResults).toBe(before.machineResults);
  });

  it('refuses results for serials outside every range, row by row, storing nothing', async () => {
    const { key } = await newMachine();
    const response = await ingest(key, {
      results: [
        result(30, 'Shell test', 'pass', 5),
        { ...result(30, 'Shell test', 'pass', 5), serialNumber: 'NOWHERE-000001' },
        { ...result(30, 'Shell test', 'pass', 5), serialNumber: `${prefix}99999` },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.fields).toEqual({
      'results.1.serialNumber': 'This serial number is not in any range',
      'results.2.serialNumber': 'This serial number is not in any range',
    });
    expect(await history(30)).toEqual([]);
  });

  it('refuses a result naming another machine, and batches over 500', async () => {
    const { key } = await newMachine();
    const mismatch = await ingest(key, {
      results: [{ ...result(40, 'Shell test', 'pass', 5), machineId: 'Someone else' }],
    });
    expect(mismatch.body.error?.fields).toEqual({
      'results.0.machineId': 'This result names another machine than its key',
    });
    const big = await ingest(key, {
      results: Array.from({ length: 501 }, (_, index) => result(41, `T${index}`, 'pass', 5)),
    });
    expect(big.status).toBe(400);
    expect(Object.keys(big.body.error?.fields ?? {})).toEqual(['results']);
  });
});

describe('staff CSV upload', () => {
  it('stores a CSV file with quoted cells and refuses one with a bad row whole', async () => {
    const header = 'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes';
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const good = [
      header,
      `${serial(50)},Shell test,pass,24,bar,${at},Bench A,Chen,"Leak check, 30 s"`,
      `${serial(50)},"Seat test",fail,,bar,${at},Bench A,,"said ""retest"""`,
    ].join('\r\n');
    const stored = await upload(staff, `\uFEFF${good}\r\n`);
    expect(stored).toEqual({ status: 200, body: { received: 2, stored: 2, duplicates: 0 } });
    const unit = await history(50);
    expect(unit.find((item) => item.testName === 'Seat test')).toMatchObject({
      value: null,
      notes: 'said "retest"',
      machineId: 'Bench A',
      source: expect.stringMatching(/^upload:md\.staff\./),
    });

    const bad = [
      header,
      `${serial(51)},Shell test,pass,1,bar,${at},Bench A,,`,
      `${serial(51)},,pass,1,bar,yesterday,Bench A,,`,
    ].join('\n');
    const refused = await upload(staff, bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({
      'row 3.testName': 'This field is required',
      'row 3.testedAt': 'This value is not valid',
    });
    expect(await history(51)).toEqual([]);

    const noHeader = await upload(staff, `${serial(52)},Shell test,pass`);
    expect(noHeader.body.error?.message).toBe(
      'The first line must name the columns: serialNumber, testName, result, value, unit, testedAt, machineId, operator, notes',
    );
  });
});

describe('every problem of a batch in one pass', () => {
  const planned = `MP${randomUUID().slice(0, 6).toUpperCase()}-`;
  const unit = (n: number) => `${planned}${String(n).padStart(5, '0')}`;
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const unitHistory = async (n: number) =>
    (await as<{ items: TestResult[] }>(admin, `/api/machine-data?serial=${unit(n)}&limit=100`)).body
      .items;
  const header = 'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes';
  /** The file's rows by kind of problem; `valid` rows have none. */
  const rows = {
    valid: `${unit(1)},Shell test,pass,24,bar,${at},Bench A,Chen,`,
    format: `${unit(2)},Shell test,maybe,24,bar,${at},Bench A,,`,
    unknownSerial: `NOWHERE-${planned}000001,Shell test,pass,24,bar,${at},Bench A,,`,
    unit: `${unit(3)},Shell test,pass,24,psi,${at},Bench A,,`,
    limit: `${unit(4)},Shell test,pass,5,bar,${at},Bench A,,`,
    contradiction: `${unit(1)},Shell test,pass,25,bar,${at},Bench A,Chen,`,
    notInPlan: `${unit(5)},Torque,pass,3,,${at},Bench A,,`,
    unknownBench: `${unit(6)},Shell test,pass,24,bar,${at},Bench Z ${planned},,`,
    beforeProduction: `${unit(7)},Shell test,pass,24,bar,2026-01-01T08:00:00Z,Bench A,,`,
    // The valid row again, word for word: one result, stored once (not a problem).
    again: `${unit(1)},Shell test,pass,24,bar,${at},Bench A,Chen,`,
  };
  const expectedNames = [
    'row 3.result',
    'row 4.serialNumber',
    'row 5.unit',
    'row 6.result',
    'row 7._',
    'row 8.testName',
    'row 9.machineId',
    'row 10.testedAt',
  ];

  beforeAll(async () => {
    const product = await as<{ id: string }>(admin, '/api/products', {
      method: 'POST',
      body: {
        name: `Planned Valve ${planned}`,
        temperatureMin: 0,
        temperatureMax: 120,
        fluid: 'oil',
        connection: 'Wafer',
        pressureFC: null,
        pressureWCB: 20,
        pressureSUS: null,
        application: null,
        applicationMedium: null,
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const plan = await as(admin, `/api/products/${product.body.id}/test-plan`, {
      method: 'PUT',
      body: {
        tests: [{ name: 'Shell test', method: 'API 598', unit: 'bar', lower: 10, upper: null }],
        allowExtraTests: false,
        version: 0,
      },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const range = await as(admin, '/api/serial-numbers', {
      method: 'POST',
      body: {
        productId: product.body.id,
        startSerial: unit(1),
        endSerial: unit(99),
        productionDate: '2026-02-01',
      },
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
  });

  it("the upload's dry run names every problem the upload refuses, and a file it finds valid is stored", async () => {
    const before = await reader.stats();
    const file = [header, ...Object.values(rows)].join('\n');
    const dry = await upload(staff, file, '?dryRun=true');
    expect(dry.status, JSON.stringify(dry.body)).toBe(400);
    expect(Object.keys(dry.body.error?.fields ?? {})).toEqual(expectedNames);
    const real = await upload(staff, file);
    expect(real.status).toBe(400);
    // The same answer, word for word: the check is the same code.
    expect(real.body).toEqual(dry.body);
    expect(await unitHistory(1)).toEqual([]);
    expect((await reader.stats()).machineResults).toBe(before.machineResults);

    // The corrected file: valid on the dry run, which stores nothing, and stored as it said.
    const corrected = [
      header,
      rows.valid,
      rows.again,
      `${unit(4)},Shell test,fail,5,bar,${at},Bench A,,`,
    ].join('\n');
    const checked = await upload(staff, corrected, '?dryRun=true');
    expect(checked).toEqual({
      status: 200,
      body: { received: 3, stored: 2, duplicates: 1, dryRun: true },
    });
    expect(await unitHistory(1)).toEqual([]);
    const stored = await upload(staff, corrected);
    expect(stored).toEqual({ status: 200, body: { received: 3, stored: 2, duplicates: 1 } });
    expect(await unitHistory(1)).toHaveLength(1);
    // Sent again, the dry run says nothing new would be stored.
    expect((await upload(staff, corrected, '?dryRun=1')).body).toEqual({
      received: 3,
      stored: 0,
      duplicates: 3,
      dryRun: true,
    });
  });

  it("names every problem of a machine's batch in one answer", async () => {
    const { key, machine } = await newMachine();
    const sent = (row: string) => {
      const [serialNumber, testName, result, value, unitName, testedAt, , operator] =
        row.split(',');
      return {
        serialNumber,
        testName,
        result,
        value: value === '' ? null : Number(value),
        unit: unitName === '' ? null : unitName,
        testedAt,
        operator: operator || null,
      };
    };
    const batch = Object.entries(rows)
      .filter(([kind]) => kind !== 'unknownBench')
      .map(([kind, row]) =>
        kind === 'unknownBench' ? sent(row) : { ...sent(row), machineId: machine.name },
      );
    const before = await reader.stats();
    const response = await ingest(key, { results: batch });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error?.fields ?? {})).toEqual([
      'results.1.result',
      'results.2.serialNumber',
      'results.3.unit',
      'results.4.result',
      'results.5',
      'results.6.testName',
      'results.7.testedAt',
    ]);
    expect((await reader.stats()).machineResults).toBe(before.machineResults);
  });
});

describe('CSV files the upload cannot read unambiguously', () => {
  const header = 'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes';
  const at = () => new Date(Date.now() - 3_600_000).toISOString();
  const line = (n: number, notes = 'ok') =>
    `${serial(n)},Shell test,pass,24,bar,${at()},Bench A,Chen,${notes}`;
  const notUtf8 =
    'The file must be UTF-8 text: line 3 holds characters in another encoding. Save it as "CSV UTF-8" and upload it again.';

  it('refuses bytes that are not UTF-8 as text/csv and as raw bytes, naming the cell; stores nothing', async () => {
    const before = await reader.stats();
    for (const [bad, contentType] of [
      [[0x63, 0x61, 0x66, 0xe9], 'text/csv'], // Windows-1252 "café"
      [[0x63, 0x61, 0x66, 0xe9], 'application/octet-stream'],
      [[0xff, 0xfe, 0xc3], 'text/csv; charset=utf-8'],
    ] as const) {
      const body = Buffer.concat([
        Buffer.from(`${header}\r\n${line(55)}\r\n${line(56, '')}`),
        Buffer.from(bad),
        Buffer.from('\r\n'),
      ]);
      const response = await fetch(`${stack.appUrl}/api/machine-data`, {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: `Bearer ${staff}` },
        body,
      });
      const answer = (await response.json()) as {
        error: { code: string; message: string; fields: Record<string, string> };
      };
      expect(response.status, `${contentType} ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.error).toMatchObject({ code: 'invalid-argument', message: notUtf8 });
      expect(answer.error.fields).toEqual({
        'row 3.notes': 'Not UTF-8 text: save the file as "CSV UTF-8"',
      });
    }
    expect(await history(55)).toEqual([]);
    expect(await history(56)).toEqual([]);
    expect((await reader.stats()).machineResults).toBe(before.machineResults);
    // The same file in UTF-8, with a byte order mark as Excel writes it, is stored as written.
    const good = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${header}\r\n${line(55)}\r\n${line(56, 'café 閥門')}\r\n`),
    ]);
    const stored = await fetch(`${stack.appUrl}/api/machine-data`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${staff}` },
      body: good,
    });
    expect(stored.status).toBe(200);
    expect((await history(56))[0]?.notes).toBe('café 閥門');
  });

  it('refuses a column named twice and rows with more cells than columns; stores nothing', async () => {
    const twice = await upload(staff, `${header},notes\n${line(57)},later\n`);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({
      code: 'invalid-argument',
      message: 'The first line names the column "notes" more than once',
    });
    const longer = await upload(staff, `${header}\n${line(57)}\n${line(57)},dropped\n`);
    expect(longer.status).toBe(400);
    expect(longer.body.error?.fields).toEqual({
      'row 3._': 'This row has 10 cells, but the first line names 9 columns',
    });
    expect(await history(57)).toEqual([]);
  });
});

describe('results list', () => {
  it('filters by test, result and tested dates, newest first', async () => {
    const { key } = await newMachine();
    const testName = `Burst ${randomUUID().slice(0, 6)}`;
    const sent = [
      result(62, testName, 'pass', 10),
      result(61, testName, 'fail', 30),
      result(60, testName, 'pass', 60 * 24 * 3),
    ];
    await ingest(key, { results: sent });
    // Filters apply to what each call reads (a bounded number of items), so a page may hold
    // fewer than `limit` and a cursor to go on: follow it as the web app does.
    const list = async (query: string) => {
      const serials: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: TestResult[]; nextCursor: string | null } = (
          await as<{ items: TestResult[]; nextCursor: string | null }>(
            staff,
            `/api/machine-data?limit=50&testName=${encodeURIComponent(testName)}${query}` +
              (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
          )
        ).body;
        serials.push(...page.items.map((item) => item.serialNumber));
        cursor = page.nextCursor;
      } while (cursor);
      return serials;
    };
    expect(await list('')).toEqual([serial(62), serial(61), serial(60)]);
    expect(await list('&result=fail')).toEqual([serial(61)]);
    // The results of the UTC day of the last one sent (near midnight, the 10 and 30 minute
    // old results may fall on different days).
    const day = sent[0]!.testedAt.slice(0, 10);
    expect(await list(`&from=${day}&to=${day}`)).toEqual(
      sent.filter((item) => item.testedAt.startsWith(day)).map((item) => item.serialNumber),
    );
    const bad = await as(staff, '/api/machine-data?from=2026-05-02&to=2026-05-01');
    expect(bad.body.error?.fields).toEqual({
      to: 'The end date must not be before the start date',
    });
  });
});

describe('search history and dashboard', () => {
  async function settled(id: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const item = await reader.get(keys.reportRequest(id));
      if (item?.status === 'sent' || item?.status === 'failed') return item;
      await delay(150);
    }
    throw new Error('not delivered');
  }

  it('lists requests newest first with filters; the client address for admins only', async () => {
    const email = `History.${randomUUID().slice(0, 6)}@Example.com`;
    const first = await requestReport(stack, {
      serialNumber: serial(70),
      email,
      consent: true,
      language: 'en',
    });
    const second = await requestReport(stack, {
      serialNumber: serial(71),
      email,
      consent: true,
      language: 'zh',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    await settled(second.body.id);
    const page = async (token: string, query: string) =>
      (await as<{ items: ReportRequestSummary[] }>(token, `/api/report-requests?limit=20${query}`))
        .body.items;
    const mine = await page(admin, `&email=${encodeURIComponent(email.toLowerCase())}`);
    expect(mine.map((item) => item.serialNumber)).toEqual([serial(71), serial(70)]);
    expect(mine[0]).toMatchObject({
      language: 'zh',
      status: 'sent',
      clientAddress: expect.stringMatching(/^127\./),
    });
    expect(
      (await page(staff, `&serial=${serial(70).toLowerCase()}`)).map((item) => item.id),
    ).toEqual([first.body.id]);
    const seenByStaff = (await page(staff, `&serial=${serial(70)}`))[0]!;
    expect(seenByStaff).not.toHaveProperty('clientAddress');
    // Staff see the email masked, as on the dashboard; a visitor's own address still
    // finds their requests (a visitor asking staff for help gives it).
    const stored = mine[0]!.email;
    expect(stored.toLowerCase()).toBe(email.toLowerCase());
    expect(seenByStaff.email).toBe(`${stored[0]}***${stored.slice(stored.indexOf('@'))}`);
    expect(
      (await page(staff, `&email=${encodeURIComponent(email)}`)).map((item) => item.serialNumber),
    ).toEqual([serial(71), serial(70)]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page(admin, `&email=${encodeURIComponent(email)}&to=2020-01-01`)).toEqual([]);
    expect(
      (await page(admin, `&email=${encodeURIComponent(email)}&from=${today}&status=sent`)).length,
    ).toBe(2);
    expect(await page(admin, `&email=${encodeURIComponent(email)}&status=failed`)).toEqual([]);
  });

  it('lets an admin resend a failed report once, through the outbox', async () => {
    const email = `suppressed.${randomUUID().slice(0, 6)}@example.com`;
    await reader.put({
      ...keys.suppressedRecipient(email),
      email,
      reason: 'bounce',
      at: new Date().toISOString(),
    });
    const report = await requestReport(stack, {
      serialNumber: serial(72),
      email,
      consent: true,
      language: 'en',
    });
    const failed = await settled(report.body.id);
    expect(failed).toMatchObject({
      status: 'failed',
      statusReason: expect.stringMatching(/^suppressed/),
    });

    // The recipient is taken off the suppression list by hand, as an operator would.
    await reader.remove(keys.suppressedRecipient(email));
    const resent = await as<ReportRequestSummary>(
      admin,
      `/api/report-requests/${report.body.id}/resend`,
      {
        method: 'POST',
      },
    );
    expect(resent.status).toBe(200);
    expect(['pending', 'sending', 'sent']).toContain(resent.body.status);
    expect(await settled(report.body.id)).toMatchObject({ status: 'sent', deliveryAttempts: 2 });
    // Its history names the request by its report number and serial, never by its id.
    const history = await as<{ items: { action: string; subjectLabel?: string }[] }>(
      admin,
      `/api/audit?entity=report-request&id=${report.body.id}`,
    );
    expect(history.body.items).toEqual([
      expect.objectContaining({
        action: 'resend',
        subjectLabel: report.body.reportNumber,
        subjectDetail: serial(72),
      }),
    ]);
    const again = await as(admin, `/api/report-requests/${report.body.id}/resend`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('Only a report whose mail failed can be sent again');
  });

  it('shows figures equal to fresh counts, the last 30 days and the last 5 requests', async () => {
    const email = `dash.${randomUUID().slice(0, 6)}@example.com`;
    const made = await requestReport(stack, {
      serialNumber: serial(80),
      email,
      consent: true,
      language: 'en',
    });
    expect(made.status).toBe(201);
    const { key } = await newMachine();
    await ingest(key, { results: [result(80, 'Shell test', 'fail', 1)] });

    const items = await reader.scanAll();
    const fresh = {
      products: items.filter((item) => String(item.pk).startsWith('PRODUCT#')).length,
      serialRanges: items.filter((item) => String(item.pk).startsWith('RANGE#')).length,
      units: items
        .filter((item) => String(item.pk).startsWith('RANGE#'))
        .reduce((sum, item) => sum + Number(item.totalUnits), 0),
      reportRequests: items.filter((item) => String(item.pk).startsWith('REPORTREQ#')).length,
      machineResults: items.filter((item) => item.type === 'machineResult').length,
    };
    const asAdmin = (await as<DashboardFigures>(admin, '/api/dashboard')).body;
    expect(asAdmin).toMatchObject(fresh);
    expect(asAdmin.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const todayCounts = asAdmin.daily.at(-1)!;
    expect(todayCounts.date).toBe(today);
    const requestsToday = items.filter(
      (item) =>
        String(item.pk).startsWith('REPORTREQ#') && String(item.requestedAt).startsWith(today),
    ).length;
    expect(todayCounts.reportRequests).toBe(requestsToday);
    const failsToday = items.filter(
      (item) =>
        item.type === 'machineResult' &&
        item.result === 'fail' &&
        String(item.testedAt).startsWith(today),
    ).length;
    expect(todayCounts.resultsFail).toBe(failsToday);
    expect(asAdmin.recentRequests).toHaveLength(Math.min(5, fresh.reportRequests));
    expect(asAdmin.recentRequests[0]).toMatchObject({ email, serialNumber: serial(80) });

    const asStaff = (await as<DashboardFigures>(staff, '/api/dashboard')).body;
    expect(asStaff.recentRequests[0]!.email).toBe(`d***@example.com`);
    expect(JSON.stringify(asStaff.recentRequests)).not.toContain(email);
  });
});
