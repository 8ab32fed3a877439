import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  MachineCreated,
  TestResult,
} from '../../lambdas/shared/contract/schemas/machine-data';
import type { ReportVerification } from '../../lambdas/shared/contract/schemas/report-request';
import type { SerialRangeDetail } from '../../lambdas/shared/contract/schemas/serial-range';
import type { UnitView } from '../../lambdas/shared/contract/schemas/unit';
import { valvePlanTemplate, type TestPlan } from '../../lambdas/shared/contract/schemas/test-plan';
import { keys } from '../../lambdas/shared/keys';
import { callApi, mailsTo } from '../support/api';
import { createUser, signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';
import { tableReader } from '../support/table';
import { requestReport } from '../support/visitor';

/**
 * The unit as a record (docs/test-plans.md, docs/data-model.md): a two-material gate valve,
 * ranges with and without a material, a plan scoped by material, the plan-version rule, voids,
 * guarded deletes and withheld verdicts, through the HTTP interface.
 */
const stack = inject('stack');
const reader = tableReader(stack);
const tag = randomUUID().slice(0, 6).toUpperCase();
const wcb = (n: number) => `UW${tag}-${String(n).padStart(4, '0')}`;
const sus = (n: number) => `US${tag}-${String(n).padStart(4, '0')}`;

let admin = '';
let staff = '';
let productId = '';
let wcbRange: SerialRangeDetail;
let machineKey = '';
let benchName = '';
const as = <T>(path: string, method = 'GET', body?: unknown, token = admin) =>
  callApi<T>(stack, path, { method, body, token });

const ingest = async (results: unknown[]) => {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      stored?: number;
      error?: { fields?: Record<string, string> };
    },
  };
};
let minute = 0;
const row = (serialNumber: string, testName: string, value: number, result = 'pass') => {
  minute += 1;
  return {
    serialNumber,
    testName,
    result,
    value,
    unit: 'bar',
    // Every row a minute after the last: the latest result of a test is the one sent last.
    testedAt: new Date(Date.now() - 3_600_000 + minute * 60_000).toISOString(),
  };
};
/** The template's WCB tests, all passing (rated 25 bar: shell ≥ 37.5, seat ≥ 27.5). */
const wcbPassing = (serial: string) => [
  row(serial, 'Shell test (WCB)', 38),
  row(serial, 'Seat test high pressure (WCB)', 28),
  row(serial, 'Seat test low pressure (gas)', 6),
];
const unit = (serial: string) => as<UnitView>(`/api/serial-numbers/units/${serial}`);
// A recipient of its own for each report: the per-recipient quota is not what is tested here.
const report = (serial: string, email = `units.${randomUUID().slice(0, 8)}@example.com`) =>
  requestReport(stack, { serialNumber: serial, email, consent: true, language: 'en' });
const savePlan = async (tests: unknown[], allowExtraTests = false) => {
  const current = await as<{ planVersion: number | null }>(`/api/products/${productId}`);
  const saved = await as<TestPlan>(`/api/products/${productId}/test-plan`, 'PUT', {
    tests,
    allowExtraTests,
    version: current.body.planVersion ?? 0,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
};
async function publicVerdicts(verdicts: string[]) {
  const current = await as<{ version: number }>('/api/settings');
  const saved = await as('/api/settings', 'PUT', {
    publicVerdicts: verdicts,
    version: current.body.version,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const staffEmail = `units.staff.${tag.toLowerCase()}@example.com`;
  await createUser(stack, staffEmail, 'Units-Staff-2026!', 'staff');
  staff = (await signIn(stack, staffEmail, 'Units-Staff-2026!')).IdToken;
  const product = await as<{ id: string }>('/api/products', 'POST', {
    name: `Unit Gate Valve ${tag}`,
    temperatureMin: -29,
    temperatureMax: 425,
    fluid: 'water',
    connection: 'Flanged',
    pressureFC: null,
    pressureWCB: 25,
    pressureSUS: 20,
  });
  productId = product.body.id;
  benchName = `Unit bench ${tag}`;
  const machine = await as<MachineCreated>('/api/machines', 'POST', { name: benchName });
  machineKey = machine.body.key;
});
afterAll(async () => {
  await publicVerdicts(['pass', 'fail']);
  reader.destroy();
});

describe('body material', () => {
  it('is required for a product rated in several materials, and must be one it rates', async () => {
    const body = {
      productId,
      startSerial: wcb(1),
      endSerial: wcb(100),
      productionDate: '2026-06-01',
    };
    const missing = await as('/api/serial-numbers', 'POST', body);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({
      bodyMaterial: 'Choose the body material: the product is rated in several',
    });
    const unrated = await as('/api/serial-numbers', 'POST', { ...body, bodyMaterial: 'FC' });
    expect(unrated.body.error?.fields).toEqual({
      bodyMaterial: 'The product has no pressure rating for FC',
    });
    const created = await as<SerialRangeDetail>('/api/serial-numbers', 'POST', {
      ...body,
      bodyMaterial: 'WCB',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.bodyMaterial).toBe('WCB');
    wcbRange = (await as<SerialRangeDetail>(`/api/serial-numbers/${created.body.id}`)).body;
    expect(wcbRange).toMatchObject({ resultCount: 0, reportCount: 0 });
    const susRange = await as<SerialRangeDetail>('/api/serial-numbers', 'POST', {
      ...body,
      startSerial: sus(1),
      endSerial: sus(100),
      bodyMaterial: 'SUS',
    });
    expect(susRange.status).toBe(201);
  });

  it('is taken from a product rated in one, and absent for one rated in none', async () => {
    const single = await as<{ id: string }>('/api/products', 'POST', {
      name: `Unit Ball Valve ${tag}`,
      temperatureMin: 0,
      temperatureMax: 100,
      fluid: 'oil',
      connection: 'Threaded',
      pressureSUS: 40,
    });
    const none = await as<{ id: string }>('/api/products', 'POST', {
      name: `Unit Strainer ${tag}`,
      temperatureMin: 0,
      temperatureMax: 100,
      fluid: 'oil',
      connection: 'Threaded',
    });
    const range = (id: string, prefix: string, material?: string) =>
      as<SerialRangeDetail>('/api/serial-numbers', 'POST', {
        productId: id,
        startSerial: `${prefix}${tag}-0001`,
        endSerial: `${prefix}${tag}-0010`,
        productionDate: '2026-06-01',
        ...(material ? { bodyMaterial: material } : {}),
      });
    expect((await range(single.body.id, 'UB')).body.bodyMaterial).toBe('SUS');
    expect((await range(none.body.id, 'UN')).body.bodyMaterial).toBeNull();
    expect((await range(none.body.id, 'UM', 'WCB')).body.error?.fields).toEqual({
      bodyMaterial: 'The product has no pressure rating for WCB',
    });
  });

  it('keeps a rating its ranges use: removing it is refused, naming the field', async () => {
    const product = await as<Record<string, unknown>>(`/api/products/${productId}`);
    const editable = [
      'name',
      'temperatureMin',
      'temperatureMax',
      'fluid',
      'connection',
      'pressureFC',
      'pressureWCB',
      'pressureSUS',
      'gtin',
      'version',
    ];
    const fields = Object.fromEntries(editable.map((name) => [name, product.body[name]]));
    const refused = await as(`/api/products/${productId}`, 'PUT', { ...fields, pressureSUS: null });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'failed-precondition',
      fields: {
        pressureSUS:
          'Serial number ranges of this product are made of SUS: its pressure rating must stay',
      },
    });
    expect((await as<{ pressureSUS: number }>(`/api/products/${productId}`)).body.pressureSUS).toBe(
      20,
    );
  });
});

describe('a plan scoped by material', () => {
  it('judges a WCB unit by the WCB tests alone: its report says PASS with only them listed', async () => {
    await savePlan(valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: 20 }));
    expect((await ingest(wcbPassing(wcb(1)))).status).toBe(200);
    const issued = await report(wcb(1));
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body).toMatchObject({ verdict: 'pass', bodyMaterial: 'WCB', pressureRating: 25 });
    expect(issued.body.tests.filter((test) => test.required).map((test) => test.testName)).toEqual([
      'Shell test (WCB)',
      'Seat test high pressure (WCB)',
      'Seat test low pressure (gas)',
    ]);
    const pdf = await fetch(`${stack.appUrl}${issued.body.pdfUrl}`);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Body material');
    expect(text).toContain('WCB (cast steel), rated 25 bar');
    expect(text).not.toContain('Shell test (SUS)');
  });

  it('refuses a test of the other material for a WCB unit, naming the row', async () => {
    const refused = await ingest([row(wcb(2), 'Shell test (SUS)', 31)]);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({
      'results.0.testName': 'This test does not apply to WCB units',
    });
  });

  it('refuses a result dated before its unit was made, and a number that underflows', async () => {
    const early = {
      ...row(wcb(3), 'Seat test low pressure (gas)', 6),
      testedAt: '2026-05-01T08:00:00Z',
    };
    const tiny = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ results: [early] }).replace('"value":6', '"value":1e-400'),
    });
    expect(tiny.status).toBe(400);
    // One pass: the row's date is refused beside its value.
    expect(((await tiny.json()) as { error: { fields: object } }).error.fields).toEqual({
      'results.0.testedAt':
        "The test time must not be before the unit's production date (2026-06-01)",
      'results.0.value': 'A value other than 0 must be at least 1e-15 in size',
    });
    const dated = await ingest([early]);
    expect(dated.body.error?.fields).toEqual({
      'results.0.testedAt':
        "The test time must not be before the unit's production date (2026-06-01)",
    });
    expect((await unit(wcb(3))).body.results).toEqual([]);
  });

  it('refuses a plan test with limits but no unit', async () => {
    const current = await as<{ planVersion: number }>(`/api/products/${productId}`);
    const refused = await as(`/api/products/${productId}/test-plan`, 'PUT', {
      tests: [{ name: 'Shell', method: 'API 598', lower: 30 }],
      version: current.body.planVersion,
    });
    expect(refused.body.error?.fields).toEqual({
      'tests.0.unit': 'A test with limits must state its unit',
    });
  });
});

describe('the plan version a unit is judged by', () => {
  it('keeps a finished unit passing when a required test is added, and makes an unfinished one incomplete', async () => {
    await publicVerdicts(['pass', 'fail', 'incomplete', 'untested']);
    // Unit 1 finished under this version; unit 4 has its shell test only.
    expect((await ingest([row(wcb(4), 'Shell test (WCB)', 38)])).status).toBe(200);
    const before = (await as<TestPlan>(`/api/products/${productId}/test-plan`)).body;
    const visual = {
      name: 'Visual inspection',
      method: 'Marking and finish',
      unit: null,
      lower: null,
      upper: null,
      required: true,
      holdSeconds: null,
      materials: [],
    };
    const after = await savePlan([...before.tests, visual]);
    expect(after.version).toBe(before.version + 1);
    // Unit 4 goes on being tested: its next results follow the new version.
    expect(
      (
        await ingest([
          row(wcb(4), 'Seat test high pressure (WCB)', 28),
          row(wcb(4), 'Seat test low pressure (gas)', 6),
        ])
      ).status,
    ).toBe(200);
    const finished = await unit(wcb(1));
    expect(finished.body).toMatchObject({ verdict: 'pass', judgedByPlanVersion: before.version });
    const unfinished = await unit(wcb(4));
    expect(unfinished.body).toMatchObject({
      verdict: 'incomplete',
      judgedByPlanVersion: after.version,
    });
    const issued = await report(wcb(4));
    expect(issued.body.verdict).toBe('incomplete');
    expect(
      issued.body.tests.find((test) => test.testName === 'Visual inspection')?.result,
    ).toBeNull();
  });

  it('never turns a failed unit into a PASS by a plan edit alone', async () => {
    expect(
      (await ingest([row(wcb(5), 'Shell test (WCB)', 30, 'fail'), ...wcbPassing(wcb(5)).slice(1)]))
        .status,
    ).toBe(200);
    const failed = await report(wcb(5));
    expect(failed.body.verdict).toBe('fail');
    // A weaker plan: no test required, any test taken; then one more passing result.
    const current = (await as<TestPlan>(`/api/products/${productId}/test-plan`)).body;
    await savePlan(
      current.tests.map((test) => ({ ...test, required: false })),
      true,
    );
    expect((await ingest([row(wcb(5), 'Paint thickness', 120)])).status).toBe(200);
    expect((await unit(wcb(5))).body.verdict).toBe('fail');
    expect((await report(wcb(5))).body.verdict).toBe('fail');
    await savePlan(current.tests);
  });
});

describe('voiding a result', () => {
  it('keeps it, marks who, when and why, changes the verdict and marks an earlier report', async () => {
    expect(
      (await ingest([row(wcb(6), 'Shell test (WCB)', 30, 'fail'), ...wcbPassing(wcb(6)).slice(1)]))
        .status,
    ).toBe(200);
    const earlier = await report(wcb(6));
    expect(earlier.body.verdict).toBe('fail');
    const failedResult = (await unit(wcb(6))).body.results.find(
      (result) => result.result === 'fail',
    )!;

    const tooShort = await as(
      `/api/machine-data/${failedResult.id}/void`,
      'POST',
      { reason: 'no' },
      staff,
    );
    expect(tooShort.body.error?.fields).toEqual({ reason: 'Enter at least 3 characters' });
    const voided = await as<TestResult>(
      `/api/machine-data/${failedResult.id}/void`,
      'POST',
      { reason: 'Gauge out of calibration' },
      staff,
    );
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({
      value: 30,
      result: 'fail',
      voidReason: 'Gauge out of calibration',
      voidedAt: expect.any(String),
      voidedBy: expect.any(String),
    });
    const again = await as(`/api/machine-data/${failedResult.id}/void`, 'POST', {
      reason: 'Again, twice',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'failed-precondition',
      message: 'This result was already voided',
    });

    // The unit: the voided result kept and marked, no longer counting.
    const after = (await unit(wcb(6))).body;
    expect(after.verdict).toBe('incomplete');
    expect(after.results.find((result) => result.id === failedResult.id)).toMatchObject({
      voidReason: 'Gauge out of calibration',
    });
    expect(after.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'void', entity: 'unit', entityId: wcb(6) }),
      ]),
    );
    // Machine data lists show it voided.
    const listed = await as<{ items: TestResult[] }>(`/api/machine-data?serial=${wcb(6)}`);
    expect(listed.body.items.find((item) => item.id === failedResult.id)?.voidedAt).toEqual(
      voided.body.voidedAt,
    );
    // The earlier report says so when verified; a retest then passes the unit.
    const verified = await callApi<ReportVerification>(
      stack,
      `/api/report-requests/verify/${earlier.body.reportNumber}`,
    );
    expect(verified.body.voidedSince).toBe(voided.body.voidedAt);
    // The plan in force now also asks for a visual inspection (added above).
    const visual = { ...row(wcb(6), 'Visual inspection', 0), value: null, unit: null };
    expect((await ingest([row(wcb(6), 'Shell test (WCB)', 39), visual])).status).toBe(200);
    const later = await report(wcb(6));
    expect(later.body.verdict).toBe('pass');
    const disagreed = await callApi<ReportVerification>(
      stack,
      `/api/report-requests/verify/${earlier.body.reportNumber}`,
    );
    expect(disagreed.body.laterVerdict).toEqual({
      reportNumber: later.body.reportNumber,
      issuedAt: later.body.issuedAt,
      verdict: 'pass',
    });
  });
});

describe('deleting what holds certified data', () => {
  it('refuses a range whose units hold results or reports, naming them; a range without data goes', async () => {
    const held = await as<SerialRangeDetail>(`/api/serial-numbers/${wcbRange.id}`);
    expect(held.body.resultCount).toBeGreaterThan(0);
    expect(held.body.reportCount).toBeGreaterThan(0);
    const refused = await as(`/api/serial-numbers/${wcbRange.id}`, 'DELETE');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'failed-precondition',
      messageKey: 'errors.rangeHoldsData',
      params: { results: held.body.resultCount, reports: held.body.reportCount },
    });
    expect(refused.body.error?.message).toMatch(
      /^This range has \d+ test results and \d+ issued reports: it cannot be deleted$/,
    );
    const product = await as(`/api/products/${productId}`, 'DELETE');
    expect(product.body.error).toMatchObject({
      code: 'failed-precondition',
      messageKey: 'errors.productRangesHoldData',
    });
    expect((await as(`/api/serial-numbers/${wcbRange.id}`)).status).toBe(200);

    const empty = await as<{ id: string }>('/api/serial-numbers', 'POST', {
      productId,
      startSerial: wcb(500),
      endSerial: wcb(510),
      productionDate: '2026-06-01',
      bodyMaterial: 'WCB',
    });
    expect((await as(`/api/serial-numbers/${empty.body.id}`, 'DELETE')).status).toBe(200);
  });

  it('keeps a range with data on its product and material, and its units inside its bounds', async () => {
    const current = (await as<SerialRangeDetail>(`/api/serial-numbers/${wcbRange.id}`)).body;
    const edit = (changes: object) =>
      as(`/api/serial-numbers/${wcbRange.id}`, 'PUT', {
        productId,
        startSerial: current.startSerial,
        endSerial: current.endSerial,
        productionDate: current.productionDate,
        bodyMaterial: 'WCB',
        version: current.version,
        ...changes,
      });
    expect((await edit({ bodyMaterial: 'SUS' })).body.error).toMatchObject({
      code: 'failed-precondition',
      fields: {
        bodyMaterial: 'Units of this range were tested as WCB: its body material cannot change',
      },
    });
    expect((await edit({ startSerial: wcb(2) })).body.error).toMatchObject({
      fields: {
        startSerial: `Unit ${wcb(1)} has test results or reports: the range must still include it`,
      },
    });
    // Growing it, or changing its date, is fine.
    const grown = await edit({ endSerial: wcb(200), productionDate: '2026-05-30' });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
  });

  it('refuses a delete racing a result: one of them loses, nothing is orphaned', async () => {
    const racing = await as<SerialRangeDetail>('/api/serial-numbers', 'POST', {
      productId,
      startSerial: wcb(700),
      endSerial: wcb(710),
      productionDate: '2026-06-01',
      bodyMaterial: 'WCB',
    });
    const [deleted, stored] = await Promise.all([
      as(`/api/serial-numbers/${racing.body.id}`, 'DELETE'),
      ingest([row(wcb(701), 'Seat test low pressure (gas)', 6)]),
    ]);
    const rangeGone = deleted.status === 200;
    const resultStored = stored.status === 200;
    // Never both: a stored result always has its range.
    expect(rangeGone && resultStored).toBe(false);
    const items = (await as<{ items: TestResult[] }>(`/api/machine-data?serial=${wcb(701)}`)).body
      .items;
    expect(items.length > 0).toBe(!rangeGone);
    // And the range counts exactly what it holds.
    if (!rangeGone) {
      const range = await reader.get(keys.serialRange(racing.body.id));
      expect(range?.resultCount).toBe(1);
    }
  });
});

describe('what a visitor may receive', () => {
  it('withholds a verdict the settings do not give: no report, no PDF, no mail, recorded as withheld', async () => {
    await publicVerdicts(['pass', 'fail']);
    const email = `withheld.${tag.toLowerCase()}@example.com`;
    const withheld = await report(wcb(4), email);
    expect(withheld.status).toBe(400);
    expect(withheld.body.error).toMatchObject({
      code: 'failed-precondition',
      messageKey: 'errors.reportWithheld',
      message: expect.stringMatching(
        /^The test report for this serial number is not available yet\. Please contact .+\.$/,
      ),
    });
    const history = await as<{
      items: { status: string; reportNumber: string | null; serialNumber: string }[];
    }>(`/api/report-requests?serial=${wcb(4)}&status=withheld`);
    expect(history.body.items[0]).toMatchObject({ status: 'withheld', reportNumber: null });
    // A report that is issued to the same address arrives; the withheld one never does.
    const issued = await report(wcb(1), email);
    expect(issued.status).toBe(201);
    await expect.poll(async () => (await mailsTo(stack, email)).length).toBe(1);
    expect((await mailsTo(stack, email))[0]!.subject).toContain(wcb(1));
  });

  it('issues a report of a product without a plan whatever it holds, with no verdict while untested', async () => {
    const product = await as<{ id: string }>('/api/products', 'POST', {
      name: `Unit Check Valve ${tag}`,
      temperatureMin: 0,
      temperatureMax: 100,
      fluid: 'gas',
      connection: 'Flanged',
      pressureWCB: 16,
    });
    await as('/api/serial-numbers', 'POST', {
      productId: product.body.id,
      startSerial: `UC${tag}-0001`,
      endSerial: `UC${tag}-0010`,
      productionDate: '2026-06-01',
    });
    const issued = await report(`UC${tag}-0001`);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ plan: null, results: [], bodyMaterial: 'WCB' });
    const pdf = await fetch(`${stack.appUrl}${issued.body.pdfUrl}`);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('No test results have been recorded for this unit.');
    expect(text).not.toContain('Overall verdict');
  });
});

describe('an upload names the person and an active bench', () => {
  it('records who entered it for which bench, and refuses a bench that does not exist', async () => {
    const upload = (bench: string, serial: string) =>
      fetch(`${stack.appUrl}/api/machine-data`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${staff}` },
        body: [
          'serialNumber,testName,result,value,unit,testedAt,machineId',
          `${serial},Seat test low pressure (gas),pass,6,bar,${new Date(Date.now() - 60_000).toISOString()},${bench}`,
        ].join('\n'),
      });
    const unknown = await upload('No such bench', wcb(8));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { fields: object } }).error.fields).toEqual({
      'row 2.machineId': 'No active test bench has this name',
    });
    expect((await upload(benchName.toUpperCase(), wcb(8))).status).toBe(200);
    const [stored] = (await unit(wcb(8))).body.results;
    expect(stored).toMatchObject({ machineId: benchName, enteredBy: expect.any(String) });
  });
});

describe('the unit page', () => {
  it('answers everything about a unit in one call, and 404 for a serial in no range', async () => {
    const page = (await unit(wcb(1))).body;
    expect(page).toMatchObject({
      serialNumber: wcb(1),
      product: { id: productId },
      range: { id: wcbRange.id },
      bodyMaterial: 'WCB',
      pressureRating: 25,
      verdict: 'pass',
    });
    expect(page.results.length).toBe(3);
    expect(page.reports[0]).toMatchObject({ verdict: 'pass', status: expect.any(String) });
    expect(page.identityLink).toContain(wcb(1));
    const missing = await unit(`ZZ${tag}-0001`);
    expect(missing.status).toBe(404);
  });
});
