import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { SerialRangeDetail } from '../../lambdas/shared/contract/schemas/serial-range';
import { valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import { callApi, mailsTo } from '../support/api';
import { signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';
import { requestReport } from '../support/visitor';

/**
 * The report in the visitor's language (docs/report-center.md): a product and plan with
 * Traditional Chinese texts beside the English ones; the Chinese report, its preview, its
 * mail and the Chinese label sheet use them, the English report stays as it was, and a
 * product without them falls back to its English texts.
 */
const stack = inject('stack');
const tag = randomUUID().slice(0, 6).toUpperCase();
const serial = (n: number) => `RL${tag}-${String(n).padStart(4, '0')}`;
const plainSerial = (n: number) => `RP${tag}-${String(n).padStart(4, '0')}`;
let admin = '';
let machineKey = '';
let rangeId = '';
const as = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: admin });

const texts = {
  name: `Bilingual Gate Valve ${tag}`,
  nameZh: `雙語閘閥 ${tag}`,
  connection: 'Flanged, PN16',
  connectionZh: '法蘭連接，PN16',
  application: 'District heating isolation',
  applicationZh: '區域供熱隔斷',
  applicationMedium: 'Hot water',
  applicationMediumZh: '熱水',
};

async function productWithRange(
  fields: Record<string, unknown>,
  start: string,
  end: string,
): Promise<string> {
  const product = await as<{ id: string; version: number }>('/api/products', 'POST', {
    temperatureMin: -10,
    temperatureMax: 200,
    fluid: 'water',
    pressureFC: null,
    pressureWCB: 16,
    pressureSUS: null,
    ...fields,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const plan = await as(`/api/products/${product.body.id}/test-plan`, 'PUT', {
    tests: valvePlanTemplate({ pressureFC: null, pressureWCB: 16, pressureSUS: null }),
    allowExtraTests: false,
    version: 0,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const range = await as<SerialRangeDetail>('/api/serial-numbers', 'POST', {
    productId: product.body.id,
    startSerial: start,
    endSerial: end,
    productionDate: '2026-06-01',
  });
  expect(range.status, JSON.stringify(range.body)).toBe(201);
  return range.body.id;
}

async function passAll(unit: string) {
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      results: [
        ['Shell test (WCB)', 24.5],
        ['Seat test high pressure (WCB)', 18],
        ['Seat test low pressure (gas)', 6],
      ].map(([testName, value], index) => ({
        serialNumber: unit,
        testName,
        result: 'pass',
        value,
        unit: 'bar',
        testedAt: at(30 - index),
      })),
    }),
  });
  expect(await response.json()).toMatchObject({ stored: 3 });
}

async function reportIn(language: 'en' | 'zh', unit: string) {
  const email = `lang.${randomUUID().slice(0, 8)}@example.com`;
  const issued = await requestReport(stack, {
    serialNumber: unit,
    email,
    consent: true,
    language,
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const pdf = await fetch(`${stack.appUrl}${issued.body.pdfUrl}`);
  expect(pdf.status).toBe(200);
  const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
  return { preview: issued.body, text, email };
}

beforeAll(async () => {
  admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const machine = await as<MachineCreated>('/api/machines', 'POST', {
    name: `Language bench ${tag}`,
  });
  machineKey = machine.body.key;
  rangeId = await productWithRange(texts, serial(1), serial(50));
  await productWithRange(
    { name: `English Only Valve ${tag}`, connection: 'Threaded' },
    plainSerial(1),
    plainSerial(50),
  );
  await passAll(serial(1));
  await passAll(plainSerial(1));
});

describe('a product and plan with Chinese texts', () => {
  it('prints them in the Chinese report, its preview and its mail', async () => {
    const { preview, text, email } = await reportIn('zh', serial(1));
    for (const chinese of [
      texts.nameZh,
      texts.connectionZh,
      texts.applicationZh,
      texts.applicationMediumZh,
      // The template's tests in Chinese, each with its method.
      '殼體試驗（WCB）',
      '高壓密封試驗（WCB）',
      '低壓密封試驗（氣體）',
      'API 598 殼體試驗',
    ]) {
      expect(text, chinese).toContain(chinese);
    }
    for (const english of [texts.name, texts.connection, texts.application, 'Shell test (WCB)']) {
      expect(text, english).not.toContain(english);
    }
    // The preview shows what the PDF shows: the Chinese texts, the test names as keys.
    expect(preview.product).toMatchObject({
      name: texts.nameZh,
      connection: texts.connectionZh,
      application: texts.applicationZh,
      applicationMedium: texts.applicationMediumZh,
    });
    expect(preview.tests.map((row) => [row.testName, row.displayName])).toEqual([
      ['Shell test (WCB)', '殼體試驗（WCB）'],
      ['Seat test high pressure (WCB)', '高壓密封試驗（WCB）'],
      ['Seat test low pressure (gas)', '低壓密封試驗（氣體）'],
    ]);
    let mails = await mailsTo(stack, email);
    for (let waited = 0; mails.length === 0 && waited < 40; waited++) {
      await delay(250);
      mails = await mailsTo(stack, email);
    }
    expect(mails[0]?.body.text).toContain(texts.nameZh);
  });

  it('keeps the English report in English', async () => {
    const { preview, text } = await reportIn('en', serial(1));
    for (const english of [
      texts.name,
      texts.connection,
      texts.application,
      texts.applicationMedium,
      'Shell test (WCB)',
      'API 598 shell test',
    ]) {
      expect(text, english).toContain(english);
    }
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    expect(preview.product.name).toBe(texts.name);
    expect(preview.tests.every((row) => row.displayName === undefined)).toBe(true);
  });

  it('names the product in Chinese on a Chinese label sheet, in English on an English one', async () => {
    const sheet = async (language: string) => {
      const response = await fetch(
        `${stack.appUrl}/api/serial-numbers/${rangeId}/labels?layout=roll&size=100x50&from=${serial(1)}&to=${serial(2)}&language=${language}`,
        { headers: { authorization: `Bearer ${admin}` } },
      );
      expect(response.status).toBe(200);
      return pdfText(new Uint8Array(await response.arrayBuffer())).replace(/\s+/g, ' ');
    };
    const zh = await sheet('zh');
    expect(zh).toContain(texts.nameZh);
    expect(zh).not.toContain(texts.name);
    expect(await sheet('en')).toContain(texts.name);
  });

  it('refuses a Chinese text the report fonts cannot print, as the English one', async () => {
    const refused = await as('/api/products', 'POST', {
      ...texts,
      name: `Unprintable ${tag}`,
      nameZh: '閘閥 🙂',
      temperatureMin: 0,
      temperatureMax: 100,
      fluid: 'water',
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error?.fields ?? {})).toEqual(['nameZh']);
  });
});

describe('a product without Chinese texts', () => {
  it('shows its English texts on the Chinese report, its labels in Chinese around them', async () => {
    const { preview, text } = await reportIn('zh', plainSerial(1));
    expect(text).toContain(`English Only Valve ${tag}`);
    expect(text).toContain('Threaded');
    expect(preview.product.name).toBe(`English Only Valve ${tag}`);
    // The plan's tests still have the template's Chinese names.
    expect(text).toContain('殼體試驗（WCB）');
  });
});
