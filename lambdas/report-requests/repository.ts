import * as z from 'zod';
import type { AuditActor, AuditChanges } from '../shared/contract/schemas/audit';
import {
  deliveryStatuses,
  reportFactsSchema,
  reportLanguages,
  reportVerdicts,
  type DeliveryStatus,
  type ListReportRequestsQuery,
  type ReportFacts,
  type ReportVerdict,
} from '../shared/contract/schemas/report-request';
import type { SerialRange } from '../shared/contract/schemas/serial-range';
import { countHoldings } from '../serial-ranges/holdings';
import { unitReportItem, type UnitReportInput } from '../units/repository';
import { and, equals, itemMissing, or, type Condition } from '../shared/data/expressions';
import { keys, queries } from '../shared/keys';
import { getItem, queryItems, queryPage, type Page } from '../shared/data/read';
import { normalizeSerial } from '../shared/contract/serial';
import { audited, unaudited } from '../shared/data/transaction';
import { updateItem } from '../shared/data/write';
import type { Quota } from '../shared/quota';
import { countQuota } from './rate-limit';

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
  /** Null for a withheld request (no report was issued), as `pdfKey`, `fingerprint` and `verificationUrl`. */
  reportNumber: z.string().nullable(),
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
  pdfKey: z.string().nullable(),
  pdfExpiresAt: z.string(),
  fingerprint: z.string().nullable(),
  verificationUrl: z.string().nullable(),
  /** The verdict the report states (null on requests from before verdicts were kept). */
  verdict: z.enum(reportVerdicts).nullable().default(null),
  /** Epoch seconds: the record (with the visitor's email and address) expires by TTL. */
  expiresAt: z.number().int(),
});
export type ReportRequestRecord = z.infer<typeof reportRequestRecordSchema>;

/** Another request got the same report number (50 random bits: vanishingly rare). */
export class ReportNumberTaken extends Error {}

/**
 * The stored verification facts of an issued report (no personal data, no expiry), with
 * its conformity credential (the compact VC-JOSE form, a few kB).
 */
export type VerificationFacts = ReportFacts & {
  pdfExpiresAt: string;
  verdict: ReportVerdict;
  credential: string;
};

/**
 * Writes the request record, the report's verification item, its entry in the unit's
 * partition, what it adds to the unit's range, the request counters and the recipient's quota
 * in one transaction: all of it or nothing. The PDF is already in the bucket, so no record
 * ever points at a missing PDF. A visitor's request is its own history: no audit entry. A
 * range edited or deleted since the lookup cancels it (`RangeChanged`).
 */
export async function saveReportRequest(
  record: ReportRequestRecord,
  verification: VerificationFacts,
  unit: { range: Pick<SerialRange, 'id' | 'version'>; report: UnitReportInput },
  emailQuota: Quota,
  now: Date,
): Promise<void> {
  const transaction = unaudited()
    .put(
      {
        ...keys.reportRequest(record.id),
        ...keys.reportRequestIndexes(record.id, record.requestedAt),
        ...record,
      },
      { condition: itemMissing() },
    )
    .put(
      { ...keys.reportVerification(verification.reportNumber), ...verification },
      { condition: itemMissing(), onConditionFailed: () => new ReportNumberTaken() },
    )
    .count({ reportRequests: 1 });
  countQuota(transaction, emailQuota, now)
    .countDay(record.requestedAt.slice(0, 10), { reportRequests: 1 })
    .put(unitReportItem(record.serialNumber, unit.report), { condition: itemMissing() });
  await countHoldings(transaction, unit.range, { reportCount: 1 }, [record.serialNumber]).commit();
}

/**
 * Records a request that issued no report because the unit's verdict is withheld from
 * visitors (site settings): the search history shows the demand. No report number, no PDF,
 * no mail (the mailer takes only `pending` requests); the recipient's quota is not used.
 */
export async function saveWithheldRequest(record: ReportRequestRecord): Promise<void> {
  await unaudited()
    .put(
      {
        ...keys.reportRequest(record.id),
        ...keys.reportRequestIndexes(record.id, record.requestedAt),
        ...record,
      },
      { condition: itemMissing() },
    )
    .count({ reportRequests: 1 })
    .countDay(record.requestedAt.slice(0, 10), { reportRequests: 1 })
    .commit();
}

/**
 * Records in the audit trail that `actor` searched the history by a visitor's email (an
 * entry of its own: nothing else is written). The entry names the email as it was typed,
 * in lower case, as the filter compares it.
 */
export async function recordEmailSearch(email: string, actor: AuditActor): Promise<void> {
  const searched = email.toLowerCase();
  await audited({
    actor,
    action: 'search',
    entity: 'report-request',
    entityId: `email:${searched}`,
    subjectLabel: searched,
    changes: { email: { from: null, to: searched } },
  }).commit();
}

/**
 * A page of the search history, newest first: one Query on gsi1 with the date range in
 * the key condition; serial, email and status filter what it reads (a few pages at most
 * per call, so a rare match costs a bounded number of reads and a cursor to go on).
 */
export function listReportRequests(
  query: ListReportRequestsQuery,
): Promise<Page<ReportRequestRecord>> {
  const filters: Condition[] = [];
  // The schema normalised it; normalizeSerial again (it is idempotent) for other callers.
  const serial = query.serial ? (normalizeSerial(query.serial) ?? query.serial) : undefined;
  if (serial) filters.push(equals('serialNumber', serial));
  if (query.email) filters.push(equals('emailLower', query.email.toLowerCase()));
  if (query.status) filters.push(equals('status', query.status));
  return queryPage(queries.reportRequestsBetween(query.from, query.to), reportRequestRecordSchema, {
    forward: false,
    filter: filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : and(...filters),
    limit: query.limit,
    cursor: query.cursor,
    scope: {
      list: 'report-requests',
      from: query.from,
      to: query.to,
      serial,
      email: query.email?.toLowerCase(),
      status: query.status,
    },
  });
}

/** The newest requests (the dashboard's list): one Query, `Limit` items. */
export function latestReportRequests(limit: number): Promise<ReportRequestRecord[]> {
  return queryItems(queries.reportRequestsBetween(), reportRequestRecordSchema, {
    forward: false,
    limit,
  });
}

export function getReportRequest(id: string): Promise<ReportRequestRecord | undefined> {
  return getItem(keys.reportRequest(id), reportRequestRecordSchema);
}

const verificationSchema = reportFactsSchema.extend({
  /** Absent on reports issued before verdicts were kept with them. */
  verdict: z.enum(reportVerdicts).nullable().default(null),
});

/** The facts kept with a report; `hasCredential` false for reports issued before credentials. */
export async function getVerification(
  reportNumber: string,
): Promise<(ReportFacts & { hasCredential: boolean }) | undefined> {
  const item = await getItem(
    keys.reportVerification(reportNumber),
    verificationSchema.extend({ credential: z.string().optional() }),
  );
  if (!item) return undefined;
  const { credential, ...facts } = item;
  return { ...facts, hasCredential: credential !== undefined };
}

/** A report's conformity credential; undefined for an unknown report or one issued before them. */
export async function getCredential(reportNumber: string): Promise<string | undefined> {
  const item = await getItem(
    keys.reportVerification(reportNumber),
    z.object({ credential: z.string().optional() }),
  );
  return item?.credential;
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
export function moveStatus(
  id: string,
  from: DeliveryStatus,
  to: DeliveryStatus,
  reason: string | null = null,
  claim?: string,
): Promise<boolean> {
  return updateItem(
    keys.reportRequest(id),
    {
      set: {
        status: to,
        statusReason: reason,
        statusAt: new Date().toISOString(),
        ...(claim ? { claimId: claim } : {}),
      },
      ...(claim ? { add: { deliveryAttempts: 1 } } : {}),
    },
    {
      condition: claim
        ? or(equals('status', from), and(equals('status', to), equals('claimId', claim)))
        : equals('status', from),
    },
  );
}

/** What an admin's move of a request records of it: its id, and its names for the entry. */
export type AuditedRequest = Pick<ReportRequestRecord, 'id' | 'reportNumber' | 'serialNumber'>;

/**
 * An admin puts a failed (or stuck) mail back in the outbox: the same conditional move as
 * the mailer's, recorded in the audit trail with the move it made. False when the request
 * was no longer in `from`.
 */
export function resendRequest(
  request: AuditedRequest,
  from: DeliveryStatus,
  actor: AuditActor,
  reason: string | null = null,
): Promise<boolean> {
  return auditedMove(request, from, 'pending', reason, actor, 'resend', {
    status: { from, to: 'pending' },
  });
}

/**
 * An admin's move of a stuck request (`sending` or `pending` for too long) to `failed`,
 * recorded in the audit trail like the resend that follows it. False when the request is
 * no longer in `from` (the mailer or another admin moved it meanwhile).
 */
export function failStuckRequest(
  request: AuditedRequest,
  from: 'sending' | 'pending',
  reason: string,
  actor: AuditActor,
): Promise<boolean> {
  return auditedMove(request, from, 'failed', reason, actor, 'update', {
    status: { from, to: 'failed' },
    statusReason: { from: null, to: reason },
  });
}

class NotInState extends Error {}

/** An admin's conditional status move with its audit entry; false when no longer in `from`. */
async function auditedMove(
  { id, reportNumber, serialNumber }: AuditedRequest,
  from: DeliveryStatus,
  to: DeliveryStatus,
  reason: string | null,
  actor: AuditActor,
  action: 'resend' | 'update',
  changes: AuditChanges,
): Promise<boolean> {
  const at = new Date().toISOString();
  try {
    await audited({
      actor,
      action,
      entity: 'report-request',
      entityId: id,
      // As people name a request: its report's number, and the unit it is for.
      subjectLabel: reportNumber ?? serialNumber,
      subjectDetail: serialNumber,
      changes,
    })
      .update(
        keys.reportRequest(id),
        { set: { status: to, statusReason: reason, statusAt: at } },
        { condition: equals('status', from), onConditionFailed: () => new NotInState() },
      )
      .commit({ now: new Date(at) });
    return true;
  } catch (error) {
    if (error instanceof NotInState) return false;
    throw error;
  }
}

/** True when SES reported the address as bouncing or complaining (suppression list). */
export async function isSuppressed(email: string): Promise<boolean> {
  return (await getItem(keys.suppressedRecipient(email), z.object({}))) !== undefined;
}
