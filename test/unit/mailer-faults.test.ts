import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RepositoryModule from '../../lambdas/report-requests/repository';

/*
 * The mailer when the table or S3 fails at each step of a delivery: it never sends twice
 * and never leaves a request claimed (`sending`) when the mail was certainly not sent.
 * The table is a status in memory behind the repository's `moveStatus`.
 */

/**
 * `down` fails every call; `blips` fails that many calls, then the table answers again;
 * `lostAnswers` lets that many writes happen but fails their answer (the table went away
 * between committing and answering).
 */
const table = {
  status: 'pending',
  reason: null as string | null,
  claim: undefined as string | undefined,
  down: false,
  blips: 0,
  lostAnswers: 0,
};
const unreachable = () =>
  Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
/** As the repository's: conditional on `from`, or on the same claim id for a repeated claim. */
const moveStatus = vi.fn(
  async (_id: string, from: string, to: string, reason: string | null, claim?: string) => {
    if (table.down) throw unreachable();
    if (table.blips > 0) {
      table.blips -= 1;
      throw unreachable();
    }
    const sameClaim = typeof claim === 'string' && table.status === to && table.claim === claim;
    if (table.status !== from && !sameClaim) return false;
    Object.assign(table, { status: to, reason }, typeof claim === 'string' ? { claim } : {});
    if (table.lostAnswers > 0) {
      table.lostAnswers -= 1;
      throw unreachable();
    }
    return true;
  },
);
const isSuppressed = vi.fn(async () => {
  if (table.down) throw unreachable();
  return false;
});
const readPdf = vi.fn(
  async (): Promise<Uint8Array | undefined> => new Uint8Array([37, 80, 68, 70]),
);
const sesSend = vi.fn(async () => ({ MessageId: 'message-1' }));

vi.mock('../../lambdas/report-requests/repository', async (importOriginal) => ({
  ...(await importOriginal<typeof RepositoryModule>()),
  moveStatus,
  isSuppressed,
}));
vi.mock('../../lambdas/report-requests/pdf-store', () => ({ readPdf }));
vi.mock('../../lambdas/shared/aws/ses', () => ({ getSes: () => ({ send: sesSend }) }));
vi.mock('../../lambdas/shared/app-url', () => ({
  getAppUrl: async () => 'https://app.example.com',
}));

Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  TABLE_NAME: 'table',
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports',
  MAIL_FROM: 'reports@example.com',
  LOG_LEVEL: 'silent',
});
const { handler } = await import('../../lambdas/report-requests/mailer');

const request = {
  type: 'reportRequest',
  id: 'abcdefghijklmnopqrstuv',
  reportNumber: 'TR-7K3MQ-9X2HB',
  requestedAt: '2026-11-21T10:00:00.000Z',
  serialNumber: 'AV-2026-000123',
  productId: 'product-1',
  productName: 'Gate Valve',
  email: 'visitor@example.com',
  emailLower: 'visitor@example.com',
  language: 'en',
  consentVersion: 'v1',
  consentedAt: '2026-11-21T10:00:00.000Z',
  clientAddress: '203.0.113.7',
  status: 'pending',
  statusReason: null,
  statusAt: '2026-11-21T10:00:00.000Z',
  deliveryAttempts: 0,
  pdfKey: 'reports/abcdefghijklmnopqrstuv.pdf',
  pdfExpiresAt: '2026-12-21T10:00:00.000Z',
  fingerprint: 'f'.repeat(64),
  verificationUrl: 'https://app.example.com/search?verify=TR-7K3MQ-9X2HB',
  expiresAt: 1797847200,
};
const streamEvent = {
  Records: [
    { eventName: 'INSERT', dynamodb: { NewImage: marshall(request), SequenceNumber: '100' } },
  ],
} as unknown as DynamoDBStreamEvent;
const retried = { batchItemFailures: [{ itemIdentifier: '100' }] };
const done = { batchItemFailures: [] };

beforeEach(() => {
  Object.assign(table, {
    status: 'pending',
    reason: null,
    claim: undefined,
    down: false,
    blips: 0,
    lostAnswers: 0,
  });
  vi.clearAllMocks();
});

describe('mailer under faults', () => {
  it('never sends twice when only the write of `sent` fails (the release would work)', async () => {
    sesSend.mockImplementationOnce(async () => {
      table.blips = 1;
      return { MessageId: 'message-1' };
    });
    expect(await handler(streamEvent)).toEqual(retried);
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(table).toMatchObject({ status: 'sent', reason: 'message message-1' });
  });

  it('records a send whose outcome the table missed on the retry, without sending again', async () => {
    // The table goes away while SES takes the mail.
    sesSend.mockImplementationOnce(async () => {
      table.down = true;
      return { MessageId: 'message-1' };
    });
    expect(await handler(streamEvent)).toEqual(retried);
    expect(table.status).toBe('sending');

    // Still down: retried again, nothing sent.
    expect(await handler(streamEvent)).toEqual(retried);
    table.down = false;
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(table).toMatchObject({ status: 'sent', reason: 'message message-1' });
  });

  it('leaves the request pending when the table fails before the claim', async () => {
    table.down = true;
    expect(await handler(streamEvent)).toEqual(retried);
    expect(table.status).toBe('pending');
    table.down = false;
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(table.status).toBe('sent');
  });

  it('still mails a request claimed just before the table went away', async () => {
    moveStatus.mockImplementationOnce(async (_id, from, to, reason) => {
      Object.assign(table, { status: to, reason, down: true });
      return from === 'pending';
    });
    expect(await handler(streamEvent)).toEqual(retried);
    table.down = false;
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(table.status).toBe('sent');
  });

  it('claims again under the same claim when the answer to its claim was lost', async () => {
    table.lostAnswers = 1;
    expect(await handler(streamEvent)).toEqual(retried);
    expect(table.status).toBe('sending');
    expect(sesSend).not.toHaveBeenCalled();
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(table.status).toBe('sent');
  });

  it('does not take over a claim made by another attempt', async () => {
    Object.assign(table, { status: 'sending', claim: 'someone-else' });
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).not.toHaveBeenCalled();
    expect(table.status).toBe('sending');
  });

  it('leaves the request pending when S3 cannot give the PDF, and sends it once S3 is back', async () => {
    readPdf.mockRejectedValueOnce(unreachable());
    expect(await handler(streamEvent)).toEqual(retried);
    expect(table.status).toBe('pending');
    expect(sesSend).not.toHaveBeenCalled();
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(table.status).toBe('sent');
  });

  it('releases the claim when SES is unreachable, then sends once', async () => {
    sesSend.mockRejectedValueOnce(unreachable());
    expect(await handler(streamEvent)).toEqual(retried);
    expect(table.status).toBe('pending');
    expect(await handler(streamEvent)).toEqual(done);
    expect(sesSend).toHaveBeenCalledTimes(2);
    expect(table.status).toBe('sent');
  });
});
