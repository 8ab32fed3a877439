import { setTimeout as delay } from 'node:timers/promises';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { localCredentials, localRegion } from '../../bin/local/settings';
import { message } from '../../lambdas/shared/contract/messages';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import type { StackInfo } from '../support/stack-process';
import { tableReader } from '../support/table';

/** Polls `probe` until it returns something other than undefined/false, or fails at the deadline. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(intervalMs);
  }
}

/** The catalogue text of `errors.unavailable`, spelled out as the issue gives it. */
const unavailableText = 'The service is temporarily unavailable. Please try again shortly.';

/** The answer to a call made while a dependency is down: 503 `unavailable`, catalogue text. */
export function expectUnavailable(answer: { status: number; body: unknown }, what: string): void {
  expect(message('errors.unavailable')).toBe(unavailableText);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.body, what).toEqual({
    error: { code: 'unavailable', message: unavailableText, messageKey: 'errors.unavailable' },
  });
}

/** A product and a range of `count` serials `<prefix>000001...`, made through the API. */
export async function seedCatalogue(
  stack: StackInfo,
  token: string,
  prefix: string,
  count = 9_999,
) {
  const product = await callApi<{ id: string }>(stack, '/api/products', {
    method: 'POST',
    token,
    body: {
      name: `${prefix} Valve`,
      temperatureMin: -20,
      temperatureMax: 200,
      fluid: 'water',
      connection: 'Flanged',
      pressureFC: 10,
      pressureWCB: 16,
      pressureSUS: 25,
      application: null,
      applicationMedium: null,
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const serial = (n: number) => `${prefix}-${String(n).padStart(6, '0')}`;
  const range = await callApi<{ id: string }>(stack, '/api/serial-numbers', {
    method: 'POST',
    token,
    body: {
      productId: product.body.id,
      startSerial: serial(1),
      endSerial: serial(count),
      productionDate: '2026-06-01',
      bodyMaterial: 'WCB',
    },
  });
  expect(range.status, JSON.stringify(range.body)).toBe(201);
  return { productId: product.body.id, serial };
}

export async function adminToken(stack: StackInfo): Promise<string> {
  return (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
}

export async function newMachineKey(stack: StackInfo, token: string, name: string) {
  const created = await callApi<MachineCreated>(stack, '/api/machines', {
    method: 'POST',
    token,
    body: { name },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.key;
}

/**
 * The counters against fresh counts of the items they count, and every report request
 * record against what it points at (its verification item and its PDF): what "nothing
 * half-written" means for this table.
 */
export async function checkTableInvariants(stack: StackInfo): Promise<{ reportRequests: number }> {
  const reader = tableReader(stack);
  const s3 = new S3Client({
    region: localRegion,
    credentials: localCredentials,
    endpoint: stack.endpoints.s3,
    forcePathStyle: true,
  });
  try {
    const items = await reader.scanAll();
    const stats = await reader.stats();
    const of = (prefix: string) => items.filter((item) => String(item.pk).startsWith(prefix));
    const results = items.filter((item) => item.type === 'machineResult');
    const days = of('DAILY');
    const requests = of('REPORTREQ#');
    const sum = (list: Record<string, unknown>[], field: string) =>
      list.reduce((total, item) => total + Number(item[field] ?? 0), 0);
    expect({
      products: Number(stats.products ?? 0),
      serialRanges: Number(stats.serialRanges ?? 0),
      units: Number(stats.units ?? 0),
      reportRequests: Number(stats.reportRequests ?? 0),
      machineResults: Number(stats.machineResults ?? 0),
      dailyPass: sum(days, 'resultsPass'),
      dailyFail: sum(days, 'resultsFail'),
      dailyRequests: sum(days, 'reportRequests'),
    }).toEqual({
      products: of('PRODUCT#').length,
      serialRanges: of('RANGE#').length,
      units: sum(of('RANGE#'), 'totalUnits'),
      reportRequests: requests.length,
      machineResults: results.length,
      dailyPass: results.filter((item) => item.result === 'pass').length,
      dailyFail: results.filter((item) => item.result === 'fail').length,
      dailyRequests: requests.length,
    });
    for (const request of requests) {
      const verification = items.find(
        (item) => item.type !== 'reportRequest' && item.reportNumber === request.reportNumber,
      );
      expect(verification, `verification of ${String(request.reportNumber)}`).toBeDefined();
      await s3.send(
        new HeadObjectCommand({
          Bucket: stack.resources.reportsBucket,
          Key: String(request.pdfKey),
        }),
      );
    }
    return { reportRequests: requests.length };
  } finally {
    reader.destroy();
    s3.destroy();
  }
}

/**
 * Waits until every report request is `sent`, then gives a duplicate time to show and
 * checks each recipient got exactly one mail.
 */
export async function expectEveryRequestMailedOnce(stack: StackInfo, timeoutMs = 60_000) {
  const reader = tableReader(stack);
  try {
    let unsent: unknown[] = [];
    const requests = await until(
      'every report request to be sent',
      async () => {
        const items = (await reader.scanAll()).filter((item) =>
          String(item.pk).startsWith('REPORTREQ#'),
        );
        unsent = items
          .filter((item) => item.status !== 'sent')
          .map(({ email, status, statusReason, statusAt, deliveryAttempts, requestedAt }) => ({
            email,
            status,
            statusReason,
            statusAt,
            deliveryAttempts,
            requestedAt,
          }));
        return unsent.length === 0 && items;
      },
      timeoutMs,
      250,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; not sent: ${JSON.stringify(unsent)}`);
    });
    // A second mail would be sent within a poll or two of the first; give it the chance.
    await delay(2_000);
    const store = (await (await fetch(`${stack.mailViewerUrl}/store`)).json()) as {
      emails: { destination: { to: string[] } }[];
    };
    const counts = new Map<string, number>();
    for (const mail of store.emails) {
      for (const to of mail.destination.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    const mailsPerRequest = requests.map((item) => counts.get(String(item.email)) ?? 0);
    expect(mailsPerRequest).toEqual(requests.map(() => 1));
    return requests;
  } finally {
    reader.destroy();
  }
}
