import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportRequestRecord } from '../../lambdas/report-requests/repository';
import {
  anyDayShard,
  cancelled,
  conditionFailed,
  mockCursorKey,
  readable,
  sentCommandProblems,
  testEnvironment,
} from './data-support';

Object.assign(process.env, testEnvironment);
vi.mock('node:timers/promises', () => ({ setTimeout: async () => undefined }));

const documents = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const repository = await import('../../lambdas/report-requests/repository');
const pdfStore = await import('../../lambdas/report-requests/pdf-store');
const rateLimit = await import('../../lambdas/report-requests/rate-limit');
const { addressQuotaSubject, countLookup } = await import('../../lambdas/shared/lookup-quota');
const { emailQuotaSubject } = await import('../../lambdas/shared/quota');
const { CounterLimitError, TransactionCancelled } =
  await import('../../lambdas/shared/data/transaction');
const { RateLimitedError } = await import('../../lambdas/shared/errors');
const { RangeChanged } = await import('../../lambdas/serial-ranges/holdings');

const now = new Date('2026-03-04T10:17:30.000Z');
const record: ReportRequestRecord = {
  type: 'reportRequest',
  id: 'req-1',
  reportNumber: 'TR-7K3MQ-9X2HB',
  verdict: 'pass',
  requestedAt: '2026-03-04T10:17:30.000Z',
  serialNumber: 'AV-000150',
  productId: 'p-1',
  productName: 'Ball Valve',
  email: 'Visitor@Example.com',
  emailLower: 'visitor@example.com',
  language: 'en',
  consentVersion: '2026-11-21',
  consentedAt: '2026-03-04T10:17:29.000Z',
  clientAddress: '198.51.100.7',
  status: 'pending',
  statusReason: null,
  statusAt: '2026-03-04T10:17:30.000Z',
  deliveryAttempts: 0,
  pdfKey: 'reports/req-1.pdf',
  pdfExpiresAt: '2026-04-03T10:17:30.000Z',
  fingerprint: 'f'.repeat(64),
  verificationUrl: 'https://app.example.com/verify/TR-7K3MQ-9X2HB',
  expiresAt: 1_780_000_000,
};
const verification = {
  reportNumber: 'TR-7K3MQ-9X2HB',
  serialNumber: 'AV-000150',
  productName: 'Ball Valve',
  issuedAt: '2026-03-04T10:17:30.000Z',
  language: 'en' as const,
  fingerprint: 'f'.repeat(64),
  pdfExpiresAt: '2026-04-03T10:17:30.000Z',
  verdict: 'pass' as const,
  signature: { timestamped: true },
  credential: 'header.payload.signature',
};
/** The unit's range as the lookup read it, and the report's entry in the unit's record. */
const unit = {
  range: { id: 'r-1', version: 3 },
  report: {
    reportNumber: 'TR-7K3MQ-9X2HB',
    issuedAt: '2026-03-04T10:17:30.000Z',
    language: 'en' as const,
    verdict: 'pass' as const,
    requestId: 'req-1',
    planVersion: 2,
    resultIds: ['a', 'b'],
  },
};
const emailQuota = {
  kind: 'email' as const,
  subject: 'Visitor@Example.com',
  limit: 5,
  minutes: 60,
};
const actor = { id: 'sub-admin', email: 'admin@example.com' };

const sentItems = () =>
  documents.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
const failure = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

beforeEach(() => {
  documents.reset();
  mockCursorKey(documents);
  s3.reset();
  documents.on(TransactWriteCommand).resolves({});
});

afterEach(() => {
  expect(sentCommandProblems(documents)).toEqual([]);
});

describe('report PDFs', () => {
  it('stores a PDF in the reports bucket with its report number', async () => {
    s3.on(PutObjectCommand).resolves({});
    const bytes = new Uint8Array([37, 80, 68, 70]);
    await pdfStore.storePdf('reports/req-1.pdf', bytes, 'TR-7K3MQ-9X2HB');
    expect(s3).toReceiveCommandWith(PutObjectCommand, {
      Bucket: 'reports-bucket',
      Key: 'reports/req-1.pdf',
      Body: bytes,
      ContentType: 'application/pdf',
      Metadata: { 'report-number': 'TR-7K3MQ-9X2HB' },
    });
  });

  it('reads a PDF back, and answers undefined once the bucket let it expire', async () => {
    const body = { transformToByteArray: async () => new Uint8Array([1, 2, 3]) };
    s3.on(GetObjectCommand).resolves({ Body: body as never });
    await expect(pdfStore.readPdf('reports/req-1.pdf')).resolves.toEqual(new Uint8Array([1, 2, 3]));
    expect(s3).toReceiveCommandWith(GetObjectCommand, {
      Bucket: 'reports-bucket',
      Key: 'reports/req-1.pdf',
    });

    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'gone', $metadata: {} }));
    await expect(pdfStore.readPdf('reports/req-1.pdf')).resolves.toBeUndefined();

    const denied = Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
    s3.on(GetObjectCommand).rejects(denied);
    await expect(pdfStore.readPdf('reports/req-1.pdf')).rejects.toBe(denied);
  });
});

describe('saveReportRequest', () => {
  it('writes request, verification, counters, quota and day count in one unaudited transaction', async () => {
    await repository.saveReportRequest(record, verification, unit, emailQuota, now);
    const [request, report, counters, quota, day, entry, holdings, rangeUnit, ...rest] =
      sentItems();
    // A visitor's request is its own history: no audit entry.
    expect(rest).toEqual([]);
    // The report in its unit's record, and counted on the unit's range as the lookup read it.
    expect(entry!.Put!.Item).toMatchObject({
      pk: 'UNIT#AV-000150',
      sk: `REPORT#${verification.issuedAt}#TR-7K3MQ-9X2HB`,
      type: 'unitReport',
      verdict: 'pass',
      requestId: 'req-1',
    });
    expect(readable(entry!.Put)).toBe('attribute_not_exists(pk)');
    expect(holdings!.Update!.Key).toEqual({ pk: 'RANGE#r-1', sk: 'RANGE' });
    expect(readable(holdings!.Update, 'UpdateExpression')).toBe('ADD resultCount 0, reportCount 1');
    expect(readable(holdings!.Update)).toBe('(attribute_exists(pk)) AND (version = 3)');
    expect(rangeUnit!.Put!.Item).toEqual({
      pk: 'RANGEUNITS#r-1',
      sk: '000150',
      serial: 'AV-000150',
    });

    expect(request!.Put!.Item).toEqual({
      pk: 'REPORTREQ#req-1',
      sk: 'REQUEST',
      gsi1pk: 'REPORTREQS',
      gsi1sk: 'AT#2026-03-04T10:17:30.000Z#req-1',
      ...record,
    });
    expect(readable(request!.Put)).toBe('attribute_not_exists(pk)');
    expect(report!.Put!.Item).toEqual({
      pk: 'REPORT#TR-7K3MQ-9X2HB',
      sk: 'REPORT',
      ...verification,
    });
    expect(report!.Put!.Item).not.toHaveProperty('email');
    expect(readable(report!.Put)).toBe('attribute_not_exists(pk)');
    expect(readable(counters!.Update, 'UpdateExpression')).toBe('ADD reportRequests 1');

    expect(quota!.Update!.Key).toEqual({
      pk: 'RATE#email#visitor@example.com',
      sk: '2026-03-04T10:00:00.000Z',
    });
    // The window ends at 11:00; the counter expires an hour later.
    const expiresAt = Date.parse('2026-03-04T12:00:00.000Z') / 1000;
    expect(readable(quota!.Update, 'UpdateExpression')).toBe(
      `SET expiresAt = if_not_exists(expiresAt, ${expiresAt}) ADD count 1`,
    );
    expect(readable(quota!.Update)).toBe('(attribute_not_exists(count)) OR (count < 5)');

    expect(day!.Update!.Key).toEqual(anyDayShard('2026-03-04'));
    expect(readable(day!.Update, 'UpdateExpression')).toBe('ADD reportRequests 1');
  });

  it('maps each refused item to its own error', async () => {
    const refuse = (index: number) => {
      const codes = ['None', 'None', 'None', 'None', 'None', 'None', 'None', 'None'];
      codes[index] = 'ConditionalCheckFailed';
      documents.on(TransactWriteCommand).rejects(cancelled(...codes));
      return failure(repository.saveReportRequest(record, verification, unit, emailQuota, now));
    };
    expect(await refuse(1)).toBeInstanceOf(repository.ReportNumberTaken);
    expect(await refuse(2)).toBeInstanceOf(CounterLimitError);
    const limited = await refuse(3);
    expect(limited).toBeInstanceOf(RateLimitedError);
    // Retry when the window ends: 42.5 minutes from now.
    expect(limited).toMatchObject({
      code: 'resource-exhausted',
      messageKey: 'errors.reportRateLimited',
      retryAfterSeconds: 2550,
      params: { minutes: 43 },
    });
    expect(await refuse(0)).toBeInstanceOf(TransactionCancelled);
    // The range was edited or deleted since the lookup: the service looks the unit up again.
    expect(await refuse(6)).toBeInstanceOf(RangeChanged);
  });
});

describe('search history', () => {
  const stored = { pk: 'REPORTREQ#req-1', sk: 'REQUEST', ...record };

  it('reads the date range newest first from gsi1, filtering serial, email and status', async () => {
    documents.on(QueryCommand).resolves({ Items: [stored] });
    const page = await repository.listReportRequests({
      limit: 20,
      from: '2026-03-01',
      to: '2026-03-04',
      serial: 'av-000150',
      email: 'Visitor@Example.COM',
      status: 'failed',
    });
    expect(page.items).toEqual([record]);
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 20 });
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'gsi1pk = "REPORTREQS" AND gsi1sk BETWEEN "AT#2026-03-01" AND "AT#2026-03-04T23:59:59.999Z"',
    );
    expect(readable(input, 'FilterExpression')).toBe(
      '(serialNumber = "AV-000150") AND (emailLower = "visitor@example.com") AND (status = "failed")',
    );
  });

  it('binds the cursor to the normalized filters', async () => {
    documents
      .on(QueryCommand)
      .resolvesOnce({ Items: [stored], LastEvaluatedKey: { pk: 'REPORTREQ#req-1', sk: 'REQUEST' } })
      .resolves({ Items: [] });
    const first = await repository.listReportRequests({ limit: 1, serial: 'av-000150' });
    // The same filter typed differently: the same list.
    await repository.listReportRequests({
      limit: 1,
      serial: 'AV-000150',
      cursor: first.nextCursor!,
    });
    expect(documents).toReceiveLastCommandWith(QueryCommand, {
      ExclusiveStartKey: { pk: 'REPORTREQ#req-1', sk: 'REQUEST' },
    });
    documents.resetHistory();
    await expect(
      repository.listReportRequests({ limit: 1, serial: 'AV-000151', cursor: first.nextCursor! }),
    ).rejects.toMatchObject({ messageKey: 'errors.invalidCursor' });
    expect(documents).toReceiveCommandTimes(QueryCommand, 0);
  });

  it('reads the newest requests for the dashboard in one Query', async () => {
    documents.on(QueryCommand).resolves({ Items: [stored] });
    await expect(repository.latestReportRequests(5)).resolves.toEqual([record]);
    const input = documents.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ Limit: 5, ScanIndexForward: false });
    expect(readable(input, 'KeyConditionExpression')).toBe(
      'gsi1pk = "REPORTREQS" AND gsi1sk BETWEEN "AT#" AND "AT#9999"',
    );
  });

  it('reads a request, a verification and a suppression by their keys', async () => {
    documents.on(GetCommand).resolves({});
    await expect(repository.getReportRequest('req-1')).resolves.toBeUndefined();
    await expect(repository.getVerification('TR-7K3MQ-9X2HB')).resolves.toBeUndefined();
    await expect(repository.isSuppressed('Visitor@Example.com')).resolves.toBe(false);
    expect(documents.commandCalls(GetCommand).map((call) => call.args[0].input.Key)).toEqual([
      { pk: 'REPORTREQ#req-1', sk: 'REQUEST' },
      { pk: 'REPORT#TR-7K3MQ-9X2HB', sk: 'REPORT' },
      { pk: 'SUPPRESSED#visitor@example.com', sk: 'EMAIL' },
    ]);
    documents.on(GetCommand).resolves({ Item: { pk: 'SUPPRESSED#visitor@example.com' } });
    await expect(repository.isSuppressed('visitor@example.com')).resolves.toBe(true);
  });
});

describe('delivery states', () => {
  it('moves the status only from the expected one, and answers false when it was moved', async () => {
    documents.on(UpdateCommand).resolves({});
    await expect(repository.moveStatus('req-1', 'sending', 'failed', 'bounced')).resolves.toBe(
      true,
    );
    const update = documents.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: 'REPORTREQ#req-1', sk: 'REQUEST' });
    expect(readable(update, 'UpdateExpression')).toMatch(
      /^SET status = "failed", statusReason = "bounced", statusAt = "[^"]+"$/,
    );
    expect(readable(update)).toBe('status = "sending"');

    documents.on(UpdateCommand).rejects(conditionFailed());
    await expect(repository.moveStatus('req-1', 'sending', 'sent')).resolves.toBe(false);
  });

  it("a mailer's claim counts the attempt and may be made again by the same claim", async () => {
    documents.on(UpdateCommand).resolves({});
    await repository.moveStatus('req-1', 'pending', 'sending', null, 'claim-1');
    const update = documents.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(readable(update, 'UpdateExpression')).toMatch(
      /^SET status = "sending", statusReason = null, statusAt = "[^"]+", claimId = "claim-1" ADD deliveryAttempts 1$/,
    );
    expect(readable(update)).toBe(
      '(status = "pending") OR ((status = "sending") AND (claimId = "claim-1"))',
    );
  });

  const request = { id: 'req-1', reportNumber: 'TR-0A1B2-C3D4E', serialNumber: 'AV-2024-000123' };

  it('an admin resend moves failed to pending with its audit entry; false when no longer failed', async () => {
    await expect(repository.resendRequest(request, 'failed', actor)).resolves.toBe(true);
    const [update, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);
    expect(update!.Update!.Key).toEqual({ pk: 'REPORTREQ#req-1', sk: 'REQUEST' });
    expect(readable(update!.Update)).toBe('status = "failed"');
    expect(readable(update!.Update, 'UpdateExpression')).toMatch(/^SET status = "pending", /);
    expect(audit!.Put!.Item).toMatchObject({
      pk: 'AUDIT#report-request#req-1',
      action: 'resend',
      actor,
      subjectLabel: 'TR-0A1B2-C3D4E',
      subjectDetail: 'AV-2024-000123',
      changes: { status: { from: 'failed', to: 'pending' } },
    });

    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(repository.resendRequest(request, 'failed', actor)).resolves.toBe(false);
    documents.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    await expect(repository.resendRequest(request, 'failed', actor)).rejects.toBeInstanceOf(
      TransactionCancelled,
    );
  });

  it('an admin moves a stuck request to failed with an audit entry of its own', async () => {
    const reason = 'outcome unknown: the mailer stopped';
    await expect(repository.failStuckRequest(request, 'sending', reason, actor)).resolves.toBe(
      true,
    );
    const [update, audit, ...rest] = sentItems();
    expect(rest).toEqual([]);
    expect(update!.Update!.Key).toEqual({ pk: 'REPORTREQ#req-1', sk: 'REQUEST' });
    expect(readable(update!.Update)).toBe('status = "sending"');
    expect(readable(update!.Update, 'UpdateExpression')).toMatch(/^SET status = "failed", /);
    expect(audit!.Put!.Item).toMatchObject({
      pk: 'AUDIT#report-request#req-1',
      action: 'update',
      actor,
      changes: {
        status: { from: 'sending', to: 'failed' },
        statusReason: { from: null, to: reason },
      },
    });

    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(repository.failStuckRequest(request, 'pending', reason, actor)).resolves.toBe(
      false,
    );
  });
});

describe('rate limits', () => {
  it('counts a request against an address quota on its own', async () => {
    documents.on(UpdateCommand).resolves({});
    const quota = { kind: 'address' as const, subject: '198.51.100.7', limit: 30, minutes: 10 };
    await rateLimit.consumeQuota(quota, now);
    const update = documents.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: 'RATE#address#198.51.100.7', sk: '2026-03-04T10:10:00.000Z' });
    expect(readable(update)).toBe('(attribute_not_exists(count)) OR (count < 30)');
    expect(readable(update, 'UpdateExpression')).toBe(
      `SET expiresAt = if_not_exists(expiresAt, ${Date.parse('2026-03-04T11:20:00.000Z') / 1000}) ADD count 1`,
    );
  });

  it('answers a used-up quota with 429 and the seconds until its window ends', async () => {
    documents.on(UpdateCommand).rejects(conditionFailed());
    const quota = { kind: 'address' as const, subject: '198.51.100.7', limit: 30, minutes: 10 };
    const error = await failure(rateLimit.consumeQuota(quota, now));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterSeconds: 150, params: { minutes: 3 } });
    // At the very end of a window, at least a second.
    expect(
      rateLimit.quotaExceeded(quota, new Date('2026-03-04T10:19:59.999Z')).retryAfterSeconds,
    ).toBe(1);
  });

  it('refuses a used-up recipient quota with one read, counting nothing', async () => {
    const quota = { kind: 'email' as const, subject: 'V@example.com', limit: 5, minutes: 60 };
    documents.on(GetCommand).resolves({ Item: { count: 5 } });
    const error = await failure(rateLimit.checkQuota(quota, now));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(documents.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({
      pk: 'RATE#email#v@example.com',
      sk: '2026-03-04T10:00:00.000Z',
    });
    documents.on(GetCommand).resolves({ Item: { count: 4 } });
    await expect(rateLimit.checkQuota(quota, now)).resolves.toBeUndefined();
    documents.on(GetCommand).resolves({});
    await expect(rateLimit.checkQuota(quota, now)).resolves.toBeUndefined();
    expect(documents.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(documents.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('counts an IPv6 client by its /64 network, an IPv4 client by its address', () => {
    const subject = addressQuotaSubject;
    expect(subject('198.51.100.7')).toBe('198.51.100.7');
    expect(subject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(subject('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(subject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(subject('::1')).toBe('0:0:0:0::/64');
    expect(subject('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(subject('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });

  it('counts a public look-up against the /64 of an IPv6 client, 429 once used up', async () => {
    const lookUp = (address: string) =>
      countLookup(
        {
          headers: { 'cloudfront-viewer-address': `${address}:40100` },
          requestContext: { http: { sourceIp: '10.0.0.1' } },
        } as unknown as Parameters<typeof countLookup>[0],
        now,
      );
    documents.on(UpdateCommand).resolves({});
    await lookUp('2001:db8:1:2::a');
    await lookUp('2001:db8:1:2:ffff::b');
    const [first, second] = documents.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(first!.Key).toEqual(second!.Key);
    expect(first!.Key!.pk).toBe('RATE#lookup#2001:db8:1:2::/64');
    // The configured limit (LOOKUP_LIMIT_PER_ADDRESS, default 200) is the condition's bound.
    expect(Object.values(first!.ExpressionAttributeValues!)).toContain(200);

    documents.on(UpdateCommand).rejects(conditionFailed());
    const refused = await lookUp('2001:db8:1:2::c').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // 10:17:30 in a 5-minute window that ends at 10:20: 150 seconds, 3 minutes' wait.
    expect(refused).toMatchObject({ retryAfterSeconds: 150, params: { minutes: 3 } });
  });

  it('counts a recipient by their mailbox: sub-addresses share it', () => {
    const subject = emailQuotaSubject;
    expect(subject('Victim@Example.com')).toBe('victim@example.com');
    expect(subject('victim+1@example.com')).toBe('victim@example.com');
    expect(subject('victim+a+b@example.com')).toBe('victim@example.com');
    expect(subject('+only@example.com')).toBe('+only@example.com');
    // Spaces, invisible characters and compatibility forms do not make another mailbox.
    for (const spelling of [
      ' victim@example.com',
      'victim@example.com ',
      'victim@example.com\u200b',
      'vic\u00adtim@example.com',
      'ｖｉｃｔｉｍ@example.com',
    ]) {
      expect(subject(spelling), JSON.stringify(spelling)).toBe('victim@example.com');
    }
  });

  it('reads the configured quotas, with their documented defaults', () => {
    expect(rateLimit.reportQuotas('198.51.100.7', 'v@example.com')).toEqual({
      address: { kind: 'address', subject: '198.51.100.7', limit: 30, minutes: 10 },
      email: { kind: 'email', subject: 'v@example.com', limit: 5, minutes: 60 },
    });
  });
});
