import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keys } from '../../lambdas/shared/keys';
import { mailsTo } from '../support/api';
import { tableReader } from '../support/table';
import { newVisitorAddress, requestReport, visitorRequest } from '../support/visitor';
import {
  adminToken,
  checkTableInvariants,
  expectEveryRequestMailedOnce,
  expectUnavailable,
  seedCatalogue,
  until,
} from './support';
import { startInProcessStack, type InProcessStack } from '../support/in-process-stack';

/**
 * The reports bucket (s3rver) down: a report request answers 503 and leaves nothing behind
 * (the PDF is stored before the record, so no record can point at a missing PDF), the PDF
 * link of an earlier report answers 503, and a request accepted before the outage whose
 * mail falls in it waits and is mailed once when S3 is back.
 */
let fault: InProcessStack;
let serial: (n: number) => string;

beforeAll(async () => {
  fault = await startInProcessStack('s3');
  ({ serial } = await seedCatalogue(fault.stack, await adminToken(fault.stack), 'S3F'));
}, 120_000);

afterAll(async () => {
  await fault?.stop();
});

const ask = (n: number, email: string) =>
  requestReport(
    fault.stack,
    { serialNumber: serial(n), email, consent: true, language: n % 2 ? 'zh' : 'en' },
    newVisitorAddress(),
  );

const pdf = (id: string) =>
  visitorRequest(fault.stack, `/api/report-requests/${id}/pdf`, { address: newVisitorAddress() });

it('refuses report requests cleanly while S3 is down and mails the ones it caught once S3 is back', async () => {
  const { local, stack } = fault;
  const reader = tableReader(stack);
  try {
    // Mail held back first, so the two requests below are still in the outbox when S3 goes.
    await local.mailEmulator.stop();
    const earlier = await ask(1, 'earlier@example.com');
    const caught = await ask(2, 'caught@example.com');
    expect([earlier.status, caught.status]).toEqual([201, 201]);
    const before = await reader.scanAll();

    await local.s3Emulator.stop();
    for (const [index, email] of ['during-1@example.com', 'during-2@example.com'].entries()) {
      const startedAt = Date.now();
      const answer = await ask(10 + index, email);
      expectUnavailable(answer, `report request ${email}`);
      expect(Date.now() - startedAt).toBeLessThan(3_000);
    }
    const link = await pdf(earlier.body.id);
    expectUnavailable(
      { status: link.status, body: JSON.parse(link.bytes.toString('utf8')) },
      'PDF link',
    );

    // Nothing written by the refused requests (abuse counters aside).
    const outOfRateLimits = (items: Record<string, unknown>[]) =>
      items
        .filter((item) => !String(item.pk).startsWith('RATE#'))
        .map((item) => `${String(item.pk)}|${String(item.sk)}`)
        .sort();
    const during = await reader.scanAll();
    expect(outOfRateLimits(during)).toEqual(outOfRateLimits(before));
    expect((await reader.stats()).reportRequests).toBe(2);

    // Mail is back but S3 is not: the outbox cannot read the PDFs, so it sends nothing and
    // leaves both requests pending. The poller retries at least every 5 s (its longest
    // backoff), so 6 s of this state means at least one delivery attempt met it.
    await local.mailEmulator.start();
    await delay(6_000);
    for (const { body } of [earlier, caught]) {
      expect((await reader.get(keys.reportRequest(body.id)))?.status, body.email).toBe('pending');
    }
    expect(await mailsTo(stack, 'caught@example.com')).toEqual([]);

    await local.s3Emulator.start();
    const again = await pdf(earlier.body.id);
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(again.bytes).digest('hex')).toBe(earlier.body.fingerprint);
    const after = await until('a report request to be accepted again', async () => {
      const answer = await ask(20, 'after@example.com');
      return answer.status === 201 && answer;
    });
    expect(after.body.id).toBeTruthy();

    const mailed = await expectEveryRequestMailedOnce(stack);
    expect(mailed.map((item) => item.email).sort()).toEqual([
      'after@example.com',
      'caught@example.com',
      'earlier@example.com',
    ]);
    await checkTableInvariants(stack);
  } finally {
    reader.destroy();
  }
}, 120_000);
