import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import {
  reportNumberPattern,
  type ReportVerification,
} from '../../lambdas/shared/contract/schemas/report-request';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { keys } from '../../lambdas/shared/keys';
import { callApi, mailsTo } from '../support/api';
import { signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';
import { tableReader } from '../support/table';
import { newVisitorAddress, requestReport, visitorRequest } from '../support/visitor';

const stack = inject('stack');
const reader = tableReader(stack);
let token: string;
let product: Product;
const prefix = `RC${randomUUID().slice(0, 6).toUpperCase()}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(6, '0')}`;
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const ask = (serialNumber: string, to: string, language: 'en' | 'zh' = 'en') => ({
  serialNumber,
  email: to,
  consent: true,
  language,
});

/** Waits until the request's record reaches a final delivery state. */
async function settled(id: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const item = await reader.get(keys.reportRequest(id));
    if (item?.status === 'sent' || item?.status === 'failed') return item;
    await delay(200);
  }
  throw new Error(`request ${id} was not delivered in time`);
}

interface StoredMailWithAttachments {
  subject: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  body: { html?: string; text?: string };
}

beforeAll(async () => {
  token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const created = await callApi<Product>(stack, '/api/products', {
    method: 'POST',
    token,
    body: {
      name: `Report Valve ${prefix}`,
      temperatureMin: -10,
      temperatureMax: 180,
      fluid: 'steam',
      connection: 'Flanged, JIS 10K',
      pressureFC: 16,
      pressureWCB: null,
      pressureSUS: 40,
      application: 'Boiler feed',
      applicationMedium: null,
    },
  });
  expect(created.status).toBe(201);
  product = created.body;
  const range = await callApi<SerialRange>(stack, '/api/serial-numbers', {
    method: 'POST',
    token,
    body: {
      productId: product.id,
      startSerial: serial(1),
      endSerial: serial(500),
      productionDate: '2026-04-02',
      bodyMaterial: 'SUS',
    },
  });
  expect(range.status).toBe(201);
});
afterAll(() => reader.destroy());

describe('a found serial', () => {
  it('answers the preview, stores the PDF and the record, and mails the report once', async () => {
    const before = await reader.stats();
    const to = email('found');
    const response = await requestReport(stack, ask(serial(42).toLowerCase(), to));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const report = response.body;
    expect(report.reportNumber).toMatch(reportNumberPattern);
    expect(report).toMatchObject({
      serialNumber: serial(42),
      productionDate: '2026-04-02',
      bodyMaterial: 'SUS',
      email: to,
      language: 'en',
      verdict: 'untested',
      results: [],
      product: { name: product.name, fluid: 'steam', pressureWCB: null, pressureSUS: 40 },
      pdfUrl: `/api/report-requests/${report.id}/pdf`,
    });
    expect(report.verificationUrl).toBe(`${stack.appUrl}/search?verify=${report.reportNumber}`);
    expect(report.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const record = await settled(report.id);
    expect(record).toMatchObject({
      status: 'sent',
      deliveryAttempts: 1,
      email: to,
      serialNumber: serial(42),
      consentVersion: expect.any(String),
      clientAddress: expect.stringMatching(/^127\./),
    });
    expect(record.expiresAt).toBe(Math.ceil(Date.parse(report.pdfExpiresAt) / 1000));
    expect((await reader.stats()).reportRequests).toBe((before.reportRequests ?? 0) + 1);

    const mails = (await mailsTo(stack, to)) as unknown as StoredMailWithAttachments[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Test report ${report.reportNumber} for serial number ${serial(42)}`,
    );
    expect(mails[0]!.body.html).toContain(`${stack.appUrl}${report.pdfUrl}`);
    const attachment = mails[0]!.attachments?.[0];
    expect(attachment).toMatchObject({
      filename: `${report.reportNumber}.pdf`,
      contentType: 'application/pdf',
    });
    const attached = Buffer.from(attachment!.content, 'base64');
    expect(createHash('sha256').update(attached).digest('hex')).toBe(report.fingerprint);

    // A later stream retry of the same record sends nothing more.
    await delay(1_000);
    expect(await mailsTo(stack, to)).toHaveLength(1);
  });

  it('serves the PDF by its id, with the serial in its text and the issued fingerprint', async () => {
    const report = (await requestReport(stack, ask(serial(43), email('pdf')))).body;
    const response = await visitorRequest(stack, report.pdfUrl, { address: newVisitorAddress() });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(response.bytes).digest('hex')).toBe(report.fingerprint);
    const text = pdfText(response.bytes);
    expect(text).toContain(serial(43));
    expect(text).toContain(report.reportNumber);
    expect(text).toContain(product.name);
  });

  it('writes the report and the mail in Chinese when asked', async () => {
    const to = email('zh');
    const report = (await requestReport(stack, ask(serial(44), to, 'zh'))).body;
    expect(report.language).toBe('zh');
    const pdf = await visitorRequest(stack, report.pdfUrl, { address: newVisitorAddress() });
    const text = pdfText(pdf.bytes);
    expect(text).toContain('測試報告');
    expect(text).toContain(serial(44));
    await settled(report.id);
    const [mail] = await mailsTo(stack, to);
    expect(mail!.subject).toBe(`序號 ${serial(44)} 的測試報告 ${report.reportNumber}`);
  });

  it('shows the latest result of each test and the verdict they give', async () => {
    const unit = serial(45);
    const machine = await callApi<{ key: string }>(stack, '/api/machines', {
      method: 'POST',
      token,
      body: { name: `Bench ${prefix}` },
    });
    const result = (testName: string, outcome: string, testedAt: string, value: number) => ({
      serialNumber: unit,
      testName,
      result: outcome,
      value,
      unit: 'bar',
      testedAt,
    });
    // A failed seat test, re-tested and passed, sent as a test bench sends results.
    const ingest = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${machine.body.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        results: [
          result('Shell test', 'pass', '2026-05-01T08:00:00.000Z', 24),
          result('Seat test', 'fail', '2026-05-01T08:10:00.000Z', 15.2),
          result('Seat test', 'pass', '2026-05-02T09:00:00.000Z', 17.6),
        ],
      }),
    });
    expect(ingest.status).toBe(200);
    const report = (await requestReport(stack, ask(unit, email('results')))).body;
    expect(report.verdict).toBe('pass');
    expect(report.results.map((item) => [item.testName, item.result, item.value])).toEqual([
      ['Seat test', 'pass', 17.6],
      ['Shell test', 'pass', 24],
    ]);
    const text = pdfText(
      (await visitorRequest(stack, report.pdfUrl, { address: newVisitorAddress() })).bytes,
    );
    expect(text).toContain('Seat test');
    expect(text).toContain('17.6');
  });

  it('lets anyone verify the report by its number, without personal data', async () => {
    const to = email('verify');
    const report = (await requestReport(stack, ask(serial(46), to))).body;
    const check = async (number: string) => {
      const response = await callApi<ReportVerification>(
        stack,
        `/api/report-requests/verify/${encodeURIComponent(number)}`,
      );
      return response;
    };
    const found = await check(report.reportNumber.toLowerCase());
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      reportNumber: report.reportNumber,
      serialNumber: serial(46),
      productName: product.name,
      issuedAt: report.issuedAt,
      language: 'en',
      fingerprint: report.fingerprint,
      // No result reached the unit after the report (test-plans.test.ts covers one that did),
      // none it shows was voided, no later report disagrees (units.test.ts covers those).
      newerResultsSince: null,
      verdict: 'untested',
      voidedSince: null,
      laterVerdict: null,
      standing: 'current',
      signature: { timestamped: true },
      credentialUrl: `${stack.appUrl}/api/report-requests/verify/${report.reportNumber}/credential`,
    });
    expect(report.credentialUrl).toBe(found.body.credentialUrl);
    expect(report.signature).toEqual({ timestamped: true });
    expect(JSON.stringify(found.body)).not.toContain(to);
    for (const unknown of ['TR-00000-00000', 'not-a-number']) {
      const missing = await check(unknown);
      expect(missing.status).toBe(404);
      expect(missing.body.error?.message).toBe('No report with this number was found');
    }
  });
});

describe('refused requests', () => {
  it('answers "Serial Number Not Found" for a serial outside every range and mails nothing', async () => {
    const to = email('missing');
    const before = await reader.stats();
    for (const serialNumber of [serial(501), 'ZZ-NO-SUCH-1', '%%%']) {
      const response = await requestReport(stack, ask(serialNumber, to));
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({
        code: 'not-found',
        message: 'Serial Number Not Found',
        messageKey: 'errors.serialNotFound',
      });
    }
    await delay(500);
    expect(await mailsTo(stack, to)).toHaveLength(0);
    expect((await reader.stats()).reportRequests).toBe(before.reportRequests ?? 0);
  });

  it('refuses a request without consent, with the consent message', async () => {
    for (const consent of [false, undefined, 'yes', 1]) {
      const response = await requestReport(stack, {
        ...ask(serial(47), email('consent')),
        consent,
      });
      expect(response.status).toBe(400);
      expect(response.body.error?.fields).toEqual({
        consent: 'You must agree to the statement to get a report',
      });
    }
  });

  it('refuses a body not labelled JSON, as another site’s form or fetch would send it', async () => {
    const to = email('cross-site');
    const json = JSON.stringify(ask(serial(48), to));
    // A form with enctype="text/plain" sends `name=value`: a duplicate key takes the "=".
    const formText = `{"serialNumber":"x=x",${json.slice(1)}`;
    for (const [contentType, body] of [
      ['text/plain;charset=UTF-8', json],
      ['text/plain', formText],
      ['application/x-www-form-urlencoded', json],
      // A parameter must not smuggle "+json" into a form type.
      ['application/x-www-form-urlencoded;+json', json],
      [undefined, json],
    ] as const) {
      const response = await fetch(`${stack.appUrl}/api/report-requests`, {
        method: 'POST',
        headers: {
          origin: 'https://elsewhere.example',
          ...(contentType && { 'content-type': contentType }),
        },
        body,
      });
      expect(response.status, contentType).toBe(400);
      expect((await response.json()).error.messageKey, contentType).toBe('errors.jsonContentType');
    }
    // The same request labelled JSON is served: the label alone was refused.
    const served = await requestReport(stack, ask(serial(48), to));
    expect(served.status).toBe(201);
    await settled(served.body.id);
    expect(await mailsTo(stack, to)).toHaveLength(1);
  });

  it('names each invalid field with the catalogue message', async () => {
    const response = await requestReport(stack, {
      serialNumber: '  ',
      email: 'not-an-email',
      consent: true,
      language: 'fr',
      extra: 1,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'invalid-argument',
      fields: {
        serialNumber: 'This field is required',
        email: 'The Email field must be a valid email',
        language: 'This value is not valid',
        extra: 'This field is not allowed',
      },
    });
    const empty = await requestReport(stack, {});
    expect(empty.body.error?.fields).toMatchObject({
      serialNumber: 'This field is required',
      email: 'This field is required',
      language: 'This field is required',
    });
  });

  it('answers unknown and malformed PDF ids with not-found', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc']) {
      const response = await visitorRequest(stack, `/api/report-requests/${id}/pdf`, {
        address: newVisitorAddress(),
      });
      expect(response.status).toBe(404);
      expect(JSON.parse(response.bytes.toString()).error.code).toBe('not-found');
    }
  });

  it('answers an expired link with the expiry message', async () => {
    const report = (await requestReport(stack, ask(serial(48), email('expired')))).body;
    await reader.set(keys.reportRequest(report.id), {
      pdfExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const response = await visitorRequest(stack, report.pdfUrl, { address: newVisitorAddress() });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.bytes.toString()).error.message).toBe(
      'This report link has expired. Search the serial number again to get a new report.',
    );
  });
});

describe('abuse limits', () => {
  it('sends one recipient at most 5 reports per hour, then answers 429 with Retry-After', async () => {
    const to = email('limit');
    for (let count = 1; count <= 5; count++) {
      expect((await requestReport(stack, ask(serial(100 + count), to))).status).toBe(201);
    }
    const refused = await requestReport(stack, ask(serial(110), to));
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('resource-exhausted');
    expect(refused.body.error?.message).toMatch(
      /^Too many report requests\. Please try again in \d+ minutes\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The case of the address does not open a new quota.
    expect((await requestReport(stack, ask(serial(111), to.toUpperCase()))).status).toBe(429);
    // Nor does a sub-address, which most providers deliver to the same mailbox.
    const [local, domain] = to.split('@');
    expect((await requestReport(stack, ask(serial(112), `${local}+2@${domain}`))).status).toBe(429);
    for (let attempt = 0; attempt < 50 && (await mailsTo(stack, to)).length < 5; attempt++) {
      await delay(200);
    }
    await delay(500);
    expect(await mailsTo(stack, to)).toHaveLength(5);
  });

  it('lets one client address make at most 30 requests per 10 minutes, found or not', async () => {
    const address = newVisitorAddress();
    const statuses: number[] = [];
    for (let count = 0; count < 30; count++) {
      statuses.push(
        (await requestReport(stack, ask(`NOPE-${count}`, email('addr')), address)).status,
      );
    }
    expect(statuses.every((status) => status === 404)).toBe(true);
    const refused = await requestReport(stack, ask(serial(120), email('addr')), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another visitor is not affected.
    expect((await requestReport(stack, ask(serial(120), email('addr')))).status).toBe(201);
  });
});
