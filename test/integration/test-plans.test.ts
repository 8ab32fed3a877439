import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { ReportVerification } from '../../lambdas/shared/contract/schemas/report-request';
import { valvePlanTemplate, type TestPlan } from '../../lambdas/shared/contract/schemas/test-plan';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';
import { requestReport } from '../support/visitor';

/**
 * Test plans as a plant uses them: a plan is saved from the valve template, a bench
 * ingests passing and failing values, the report states each required test and the
 * verdict; contradicting rows are refused whole; a plan change leaves earlier results
 * judged as they were; a report is superseded when newer results arrive.
 */
const stack = inject('stack');
const tag = randomUUID().slice(0, 6).toUpperCase();
const prefix = `TP${tag}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;

let token = '';
let productId = '';
let machineKey = '';
const as = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token });

const ingest = (results: unknown[]) =>
  fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results }),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { error?: { fields?: Record<string, string> } },
  }));
const row = (n: number, testName: string, result: 'pass' | 'fail', value: number | null) => ({
  serialNumber: serial(n),
  testName,
  result,
  value,
  unit: 'bar',
  testedAt: new Date(Date.now() - 60_000).toISOString(),
  operator: 'Chen',
});

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const product = await as<{ id: string }>('/api/products', 'POST', {
    name: `Plan Valve ${tag}`,
    temperatureMin: -10,
    temperatureMax: 180,
    fluid: 'water',
    connection: 'Flanged',
    pressureFC: null,
    pressureWCB: 25,
    pressureSUS: null,
  });
  productId = product.body.id;
  await as('/api/serial-numbers', 'POST', {
    productId,
    startSerial: serial(1),
    endSerial: serial(100),
    productionDate: '2026-06-01',
  });
  machineKey = (await as<MachineCreated>('/api/machines', 'POST', { name: `Plan bench ${tag}` }))
    .body.key;
  // This file reads every verdict from reports: visitors may receive all of them here.
  await publicVerdicts(['pass', 'fail', 'incomplete', 'untested']);
});
afterAll(() => publicVerdicts(['pass', 'fail']));

async function publicVerdicts(verdicts: string[]) {
  const current = await as<{ version: number }>('/api/settings');
  const saved = await as('/api/settings', 'PUT', {
    publicVerdicts: verdicts,
    version: current.body.version,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('a product’s test plan', () => {
  it('has none at first; one is saved from the valve template as version 1, approved by its author', async () => {
    const none = await as(`/api/products/${productId}/test-plan`);
    expect(none.status).toBe(404);
    expect(none.body.error?.message).toBe('This product has no test plan yet');
    const tests = valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: null });
    const saved = await as<TestPlan>(`/api/products/${productId}/test-plan`, 'PUT', {
      tests,
      allowExtraTests: false,
      version: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      version: 1,
      tests: [
        { name: 'Shell test (WCB)', lower: 37.5, unit: 'bar', required: true },
        { name: 'Seat test high pressure (WCB)', lower: 27.5 },
        { name: 'Seat test low pressure (gas)', lower: 4, upper: 7 },
      ],
      approvedBy: { email: stack.admin.email, role: 'admin' },
    });
    const read = await as<TestPlan>(`/api/products/${productId}/test-plan`);
    expect(read.body.version).toBe(1);
    expect((await as<{ planVersion: number }>(`/api/products/${productId}`)).body.planVersion).toBe(
      1,
    );
    // A stale edit (based on no plan) is refused.
    const stale = await as(`/api/products/${productId}/test-plan`, 'PUT', {
      tests,
      allowExtraTests: false,
      version: 0,
    });
    expect(stale.status).toBe(409);
  });

  it('judges ingested rows: a contradicting row, a missing value, an unknown test refuse the batch by row', async () => {
    const refused = await ingest([
      row(1, 'Shell test (WCB)', 'pass', 38),
      row(2, 'Shell test (WCB)', 'pass', 30),
      row(3, 'Seat test high pressure (WCB)', 'pass', null),
      row(4, 'Paint thickness', 'pass', 120),
      row(5, 'Seat test low pressure (gas)', 'fail', 5),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({
      'results.1.result': 'The value is outside the limit ≥ 37.5 bar: the result is fail',
      'results.2.value': 'The test plan has a limit for this test: send the measured value',
      'results.3.testName': "This test is not in the product's test plan (version 1)",
      'results.4.result': 'The value is within the limit 4 – 7 bar: the result is pass',
    });
    const history = await as<{ items: unknown[] }>(`/api/machine-data?serial=${serial(1)}`);
    expect(history.body.items).toEqual([]);
  });

  it("refuses a value without the plan's unit, JSON and CSV, naming the unit; stores nothing", async () => {
    const bare = (n: number) =>
      Object.fromEntries(
        Object.entries(row(n, 'Shell test (WCB)', 'pass', 38)).filter(([name]) => name !== 'unit'),
      );
    const refused = await ingest([
      bare(6),
      row(6, 'Seat test high pressure (WCB)', 'pass', 28),
      { ...row(6, 'Seat test low pressure (gas)', 'pass', 6), unit: 'BAR' },
      { ...bare(7), unit: null },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({
      'results.0.unit': 'State the unit: the test plan measures this test in bar',
      'results.2.unit': 'The test plan measures this test in bar',
      'results.3.unit': 'State the unit: the test plan measures this test in bar',
    });
    const csv = await fetch(`${stack.appUrl}/api/machine-data`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: [
        'serialNumber,testName,result,value,unit,testedAt,machineId',
        `${serial(6)},Shell test (WCB),pass,38,,${new Date(Date.now() - 60_000).toISOString()},Plan bench ${tag}`,
      ].join('\n'),
    });
    expect(csv.status).toBe(400);
    expect(((await csv.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      'row 2.unit': 'State the unit: the test plan measures this test in bar',
    });
    for (const n of [6, 7]) {
      const history = await as<{ items: unknown[] }>(`/api/machine-data?serial=${serial(n)}`);
      expect(history.body.items).toEqual([]);
    }
  });

  it('reports pass for a unit with every required test passed, fail and incomplete for others', async () => {
    const stored = await ingest([
      row(10, 'Shell test (WCB)', 'pass', 38),
      row(10, 'Seat test high pressure (WCB)', 'pass', 28),
      row(10, 'Seat test low pressure (gas)', 'pass', 6),
      row(11, 'Shell test (WCB)', 'pass', 38),
      row(11, 'Seat test high pressure (WCB)', 'fail', 27),
      row(12, 'Shell test (WCB)', 'pass', 38),
    ]);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const verdictOf = async (n: number) => {
      const report = await requestReport(stack, {
        serialNumber: serial(n),
        email: `plan.${tag.toLowerCase()}@example.com`,
        consent: true,
        language: 'en',
      });
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      return report.body;
    };
    const passed = await verdictOf(10);
    expect(passed.verdict).toBe('pass');
    expect(passed.plan).toMatchObject({ version: 1, approvedBy: { role: 'admin' } });
    expect(
      passed.tests.map((test) => [test.testName, test.result?.result, test.result?.value]),
    ).toEqual([
      ['Shell test (WCB)', 'pass', 38],
      ['Seat test high pressure (WCB)', 'pass', 28],
      ['Seat test low pressure (gas)', 'pass', 6],
    ]);
    expect((await verdictOf(11)).verdict).toBe('fail');
    const incomplete = await verdictOf(12);
    expect(incomplete.verdict).toBe('incomplete');
    const pdf = await fetch(`${stack.appUrl}${incomplete.pdfUrl}`);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Required tests (test plan version 1)');
    expect(text).toContain('INCOMPLETE');
    expect(text).toContain('≥ 37.5 bar');
    expect(text).toContain('— End of report —');
  });

  it('leaves earlier results judged as they were when the plan changes', async () => {
    const current = await as<TestPlan>(`/api/products/${productId}/test-plan`);
    const stricter = current.body.tests.map((test) =>
      test.name === 'Shell test (WCB)' ? { ...test, lower: 40 } : test,
    );
    const saved = await as<TestPlan>(`/api/products/${productId}/test-plan`, 'PUT', {
      tests: stricter,
      allowExtraTests: true,
      version: current.body.version,
    });
    expect(saved.body.version).toBe(2);
    // Unit 10's shell test (38 bar) passed against version 1 and still does.
    const report = await requestReport(stack, {
      serialNumber: serial(10),
      email: `plan2.${tag.toLowerCase()}@example.com`,
      consent: true,
      language: 'zh',
    });
    expect(report.body.verdict).toBe('pass');
    // A finished unit is judged by the version in force when its last result was stored.
    expect(report.body.plan?.version).toBe(1);
    expect(report.body.tests[0]).toMatchObject({
      testName: 'Shell test (WCB)',
      limit: { lower: 37.5 },
      result: { result: 'pass', value: 38, planVersion: 1 },
    });
    // New results are judged against version 2; extra tests are allowed now.
    const again = await ingest([
      row(13, 'Shell test (WCB)', 'pass', 38),
      row(14, 'Paint thickness', 'pass', 120),
    ]);
    expect(again.body.error?.fields).toEqual({
      'results.0.result': 'The value is outside the limit ≥ 40 bar: the result is fail',
    });
    const earlier = await as<TestPlan>(`/api/products/${productId}/test-plan?version=1`);
    expect(earlier.body.tests[0]!.lower).toBe(37.5);
  });

  it('says on verification that newer results supersede a report, which stays verifiable', async () => {
    const report = await requestReport(stack, {
      serialNumber: serial(20),
      email: `plan3.${tag.toLowerCase()}@example.com`,
      consent: true,
      language: 'en',
    });
    expect(report.body.verdict).toBe('untested');
    const verify = () =>
      callApi<ReportVerification>(stack, `/api/report-requests/verify/${report.body.reportNumber}`);
    expect((await verify()).body.newerResultsSince).toBeNull();
    await delay(5);
    expect((await ingest([row(20, 'Shell test (WCB)', 'pass', 41)])).status).toBe(200);
    const later = await verify();
    expect(later.status).toBe(200);
    expect(later.body.fingerprint).toBe(report.body.fingerprint);
    expect(Date.parse(later.body.newerResultsSince!)).toBeGreaterThan(
      Date.parse(report.body.issuedAt),
    );
  });

  it('records each plan version in the product’s history', async () => {
    const history = await as<{ items: { changes: Record<string, { to: { version: number } }> }[] }>(
      `/api/audit?entity=product&id=${productId}`,
    );
    const versions = history.body.items
      .filter((entry) => 'testPlan' in entry.changes)
      .map((entry) => entry.changes.testPlan!.to.version);
    expect(versions).toEqual([2, 1]);
  });

  it('serves no plan version of a deleted product', async () => {
    const other = await as<{ id: string }>('/api/products', 'POST', {
      name: `Plan Valve gone ${tag}`,
      temperatureMin: -10,
      temperatureMax: 180,
      fluid: 'water',
      connection: 'Flanged',
      pressureFC: null,
      pressureWCB: 25,
      pressureSUS: null,
    });
    const plan = await as<TestPlan>(`/api/products/${productId}/test-plan`);
    const { tests, allowExtraTests } = plan.body;
    expect(
      (
        await as(`/api/products/${other.body.id}/test-plan`, 'PUT', {
          tests,
          allowExtraTests,
          version: 0,
        })
      ).status,
    ).toBe(200);
    expect((await as(`/api/products/${other.body.id}/test-plan?version=1`)).status).toBe(200);
    expect((await as(`/api/products/${other.body.id}`, 'DELETE')).status).toBe(200);
    for (const path of ['test-plan', 'test-plan?version=1']) {
      const gone = await as<{ error: { messageKey: string } }>(
        `/api/products/${other.body.id}/${path}`,
      );
      expect(gone.status).toBe(404);
      expect(gone.body.error.messageKey).toBe('errors.productNotFound');
    }
  });
});
