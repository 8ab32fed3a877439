import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keys } from '../../lambdas/shared/keys';
import { callApi, mailsTo } from '../support/api';
import { signIn } from '../support/cognito';
import { startInProcessStack, type InProcessStack } from '../support/in-process-stack';
import type { StackInfo } from '../support/stack-process';
import { tableReader } from '../support/table';
import { newVisitorAddress, requestReport } from '../support/visitor';

/**
 * The mail outbox under a mail outage: a stack of its own (in this process, so the test
 * can switch its SES emulator off and on), 20 requests while mail is down, then every
 * mail arrives exactly once and every record ends `sent`.
 */
let own: InProcessStack;
let local: InProcessStack['local'];
let stack: StackInfo;

beforeAll(async () => {
  own = await startInProcessStack('mail-outage');
  ({ local, stack } = own);
}, 120_000);

afterAll(() => own?.stop());

it('delivers every report requested while the mail service was down, exactly once', async () => {
  const token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const product = await callApi<{ id: string }>(stack, '/api/products', {
    method: 'POST',
    token,
    body: {
      name: 'Outage Valve',
      temperatureMin: 0,
      temperatureMax: 100,
      fluid: 'water',
      connection: 'Threaded',
      pressureFC: 10,
      pressureWCB: 16,
      pressureSUS: 25,
      application: null,
      applicationMedium: null,
    },
  });
  expect(product.status).toBe(201);
  const range = await callApi(stack, '/api/serial-numbers', {
    method: 'POST',
    token,
    body: {
      productId: product.body.id,
      startSerial: 'OUT-000001',
      endSerial: 'OUT-000100',
      productionDate: '2026-06-01',
      bodyMaterial: 'WCB',
    },
  });
  expect(range.status).toBe(201);

  await local.mailEmulator.stop();
  const requests = Array.from({ length: 20 }, (_, index) => ({
    serialNumber: `OUT-${String(index + 1).padStart(6, '0')}`,
    email: `outage-${index}@example.com`,
    consent: true,
    language: index % 2 ? 'zh' : 'en',
  }));
  const answers = await Promise.all(
    requests.map((body) => requestReport(stack, body, newVisitorAddress())),
  );
  expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 201));

  const reader = tableReader(stack);
  try {
    const statuses = async () =>
      Promise.all(
        answers.map(
          async (answer) => (await reader.get(keys.reportRequest(answer.body.id)))?.status,
        ),
      );
    // While mail is down the records wait; none is marked failed or sent.
    await delay(3_000);
    expect(new Set(await statuses())).toEqual(new Set(['pending']));

    await local.mailEmulator.start();
    let current: unknown[] = [];
    for (let attempt = 0; attempt < 150; attempt++) {
      current = await statuses();
      if (current.every((status) => status === 'sent')) break;
      await delay(200);
    }
    expect(current).toEqual(requests.map(() => 'sent'));
    // Give a duplicate every chance to show up.
    await delay(2_000);
    for (const [index, body] of requests.entries()) {
      const mails = await mailsTo(stack, body.email);
      expect(mails, body.email).toHaveLength(1);
      expect(mails[0]!.subject).toContain(answers[index]!.body.reportNumber);
    }
    expect((await reader.stats()).reportRequests).toBe(20);
  } finally {
    reader.destroy();
  }
}, 90_000);
