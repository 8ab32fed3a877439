import { emailField } from '../shared/contract/schemas/auth';
import { maskEmail, type ReportRequestSummary } from '../shared/contract/schemas/report-request';
import { actorOf, createHttpHandler, ok } from '../shared/http';
import { listReportRequests, recordEmailSearch, type ReportRequestRecord } from './repository';
import { reportRequestRoutes } from './routes';

/**
 * A history line. Admins see the visitor's email and client address; staff see the email
 * masked as the dashboard shows it (`j***@example.com`: enough to recognise a request, not
 * to harvest addresses) and no client address.
 */
export function summary(record: ReportRequestRecord, admin: boolean): ReportRequestSummary {
  return {
    id: record.id,
    reportNumber: record.reportNumber,
    requestedAt: record.requestedAt,
    serialNumber: record.serialNumber,
    productName: record.productName,
    email: admin ? record.email : maskEmail(record.email),
    language: record.language,
    status: record.status,
    statusReason: record.statusReason,
    statusAt: record.statusAt,
    deliveryAttempts: record.deliveryAttempts,
    verdict: record.verdict,
    ...(admin ? { clientAddress: record.clientAddress } : {}),
  };
}

/**
 * `GET /api/report-requests` (staff, admin): the search history, newest first. A search by
 * a visitor's email is recorded in the audit trail before it is answered (its first page;
 * the next pages continue it): the list masks emails for staff, and the filter would
 * otherwise confirm a guessed address unseen (docs/report-center.md). Only a whole address
 * can match (the filter compares exactly, and requests hold valid addresses), so the text
 * typed on the way to one is not recorded.
 */
export const handler = createHttpHandler(
  reportRequestRoutes,
  'GET /api/report-requests',
  async ({ query, caller }) => {
    if (query.email && !query.cursor && emailField.safeParse(query.email).success) {
      await recordEmailSearch(query.email, actorOf(caller));
    }
    const page = await listReportRequests(query);
    return ok({
      items: page.items.map((record) => summary(record, caller.role === 'admin')),
      nextCursor: page.nextCursor,
    });
  },
);
