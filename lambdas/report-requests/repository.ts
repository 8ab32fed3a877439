import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { setTimeout as delay } from 'node:timers/promises';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { getDocuments } from '../shared/aws/dynamodb';
import { getS3 } from '../shared/aws/s3';
import { getConfig } from '../shared/config';
import {
  deliveryStatuses,
  reportLanguages,
  type DeliveryStatus,
  type ListReportRequestsQuery,
  type ReportVerification,
} from '../shared/contract/schemas/report-request';
import {
  cancellationReasons,
  countersUpdate,
  decodeCursor,
  queryFilteredPage,
} from '../shared/dynamo';
import { keys } from '../shared/keys';
import { quotaExceeded, quotaUpdate, type Quota } from './rate-limit';

const table = () => getConfig().TABLE_NAME;

/**
 * Delivery states of a request's mail:
 * - `pending`: waiting for the mailer (new, retried after a known non-delivery, or resent);
 * - `sending`: claimed by a mailer; it ends `sent` or `failed`. A record left here means
 *   the outcome is unknown (the mailer stopped mid-send): it is never re-sent on its own,
 *   so nobody gets a mail twice; an admin can resend it;
 * - `sent`, `failed` (with `statusReason`).
 */
export { deliveryStatuses, type DeliveryStatus };

/** The stored request: search history entry and mail outbox item in one. */
export const reportRequestRecordSchema = z.object({
  type: z.literal('reportRequest'),
  id: z.string(),
  reportNumber: z.string(),
  requestedAt: z.string(),
  serialNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  email: z.string(),
  /** The email in lower case, for the history's email filter. */
  emailLower: z.string(),
  language: z.enum(reportLanguages),
  consentVersion: z.string(),
  consentedAt: z.string(),
  clientAddress: z.string(),
  status: z.enum(deliveryStatuses),
  statusReason: z.string().nullable().default(null),
  statusAt: z.string(),
  deliveryAttempts: z.number().int().default(0),
  pdfKey: z.string(),
  pdfExpiresAt: z.string(),
  fingerprint: z.string(),
  verificationUrl: z.string(),
  /** Epoch seconds: the record (with the visitor's email and address) expires by TTL. */
  expiresAt: z.number().int(),
});
export type ReportRequestRecord = z.infer<typeof reportRequestRecordSchema>;

export const pdfKey = (id: string) => `reports/${id}.pdf`;

export async function storePdf(key: string, bytes: Uint8Array, reportNumber: string) {
  await getS3().send(
    new PutObjectCommand({
      Bucket: getConfig().REPORTS_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: 'application/pdf',
      Metadata: { 'report-number': reportNumber },
    }),
  );
}

/** The PDF's bytes, or undefined when the object is gone (expired by the bucket lifecycle). */
export async function readPdf(key: string): Promise<Uint8Array | undefined> {
  try {
    const object = await getS3().send(
      new GetObjectCommand({ Bucket: getConfig().REPORTS_BUCKET, Key: key }),
    );
    return await object.Body!.transformToByteArray();
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
      return undefined;
    }
    throw error;
  }
}

/** Another request got the same report number (50 random bits: vanishingly rare). */
export class ReportNumberTaken extends Error {}

/**
 * Writes the request record, the report's verification item, the request counter and
 * the recipient's quota in one transaction: all of it or nothing. The PDF is already
 * in the bucket, so no record ever points at a missing PDF.
 */
export async function saveReportRequest(
  record: ReportRequestRecord,
  verification: ReportVerification & { pdfExpiresAt: string },
  emailQuota: Quota,
  now: Date,
  attempt = 1,
): Promise<void> {
  try {
    await getDocuments().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.reportRequest(record.id),
                ...keys.reportRequestIndexes(record.id, record.requestedAt),
                ...record,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: { ...keys.reportVerification(verification.reportNumber), ...verification },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          countersUpdate({ reportRequests: 1 }),
          quotaUpdate(emailQuota, now),
          {
            Update: {
              TableName: table(),
              Key: keys.daily(record.requestedAt.slice(0, 10)),
              UpdateExpression: 'ADD reportRequests :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[3] === 'ConditionalCheckFailed') throw quotaExceeded(emailQuota, now);
    if (reasons?.[1] === 'ConditionalCheckFailed') throw new ReportNumberTaken();
    if (reasons?.includes('TransactionConflict') && attempt < 6) {
      // Concurrent requests update the same counters: retry after a jittered pause.
      await delay(20 * 2 ** attempt * Math.random());
      return saveReportRequest(record, verification, emailQuota, now, attempt + 1);
    }
    throw error;
  }
}

/**
 * A page of the search history, newest first: one Query on gsi1 with the date range in
 * the key condition; serial, email and status filter what it reads (a few pages at most
 * per call, so a rare match costs a bounded number of reads and a cursor to go on).
 */
export async function listReportRequests(
  query: ListReportRequestsQuery,
): Promise<{ items: ReportRequestRecord[]; nextCursor: string | null }> {
  const values: Record<string, unknown> = {
    ':pk': 'REPORTREQS',
    ':from': `AT#${query.from ?? ''}`,
    ':to': `AT#${query.to ? `${query.to}T23:59:59.999Z` : '9999'}`,
  };
  const filters: string[] = [];
  const names: Record<string, string> = {};
  if (query.serial) {
    filters.push('serialNumber = :serial');
    values[':serial'] = query.serial.toUpperCase();
  }
  if (query.email) {
    filters.push('emailLower = :email');
    values[':email'] = query.email.toLowerCase();
  }
  if (query.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  return queryFilteredPage(
    {
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      ExclusiveStartKey: decodeCursor(query.cursor, { gsi1pk: 'REPORTREQS' }),
    },
    query.limit,
    (item) => reportRequestRecordSchema.parse(item),
  );
}

/** The newest requests (the dashboard's list): one Query, `Limit` items. */
export async function latestReportRequests(limit: number): Promise<ReportRequestRecord[]> {
  const result = await getDocuments().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'REPORTREQS' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => reportRequestRecordSchema.parse(item));
}

export async function getReportRequest(id: string): Promise<ReportRequestRecord | undefined> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: table(), Key: keys.reportRequest(id) }),
  );
  return Item ? reportRequestRecordSchema.parse(Item) : undefined;
}

const verificationSchema = z.object({
  reportNumber: z.string(),
  serialNumber: z.string(),
  productName: z.string(),
  issuedAt: z.string(),
  language: z.enum(reportLanguages),
  fingerprint: z.string(),
});

export async function getVerification(
  reportNumber: string,
): Promise<ReportVerification | undefined> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: table(), Key: keys.reportVerification(reportNumber) }),
  );
  return Item ? verificationSchema.parse(Item) : undefined;
}

/**
 * Moves the request from `from` to `to` if it is still in `from`; false when another
 * mailer (or an earlier attempt) already moved it. This is what makes delivery idempotent.
 *
 * With `claim` (the mailer's claim, `pending` -> `sending`), the attempt is counted and the
 * request tagged with the claim id; the same claim may then be made again. A claim whose
 * write reached the table but whose answer was lost (the table went away, the SDK or the
 * stream retries it) would otherwise find the request taken, by itself, and leave it in
 * `sending` with no mail sent.
 */
export async function moveStatus(
  id: string,
  from: DeliveryStatus,
  to: DeliveryStatus,
  reason: string | null = null,
  claim?: string,
): Promise<boolean> {
  try {
    await getDocuments().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.reportRequest(id),
        UpdateExpression:
          'SET #status = :to, statusReason = :reason, statusAt = :at' +
          (claim ? ', claimId = :claim ADD deliveryAttempts :one' : ''),
        ConditionExpression: claim
          ? '#status = :from OR (#status = :to AND claimId = :claim)'
          : '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':from': from,
          ':to': to,
          ':reason': reason,
          ':at': new Date().toISOString(),
          ...(claim ? { ':one': 1, ':claim': claim } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** True when SES reported the address as bouncing or complaining (suppression list). */
export async function isSuppressed(email: string): Promise<boolean> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: table(), Key: keys.suppressedRecipient(email) }),
  );
  return Item !== undefined;
}
