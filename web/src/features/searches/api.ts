import { reportRequestApi } from '../../../../lambdas/shared/contract/api/report-requests';
import {
  historyEmailFilterMaxLength,
  historySerialFilterMaxLength,
  type DeliveryStatus,
  type ReportRequestSummary,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { serialAsTyped } from '../../../../lambdas/shared/contract/serial';
import { answerParser, api } from '../../lib/api-client';
import { fetchAllPages, pageLimit, wholePageSize, type CursorPage } from '../../lib/cursor-page';
import { dateRangeProblem, dateRangeQuery, type DateRange } from '../../lib/date-range';
import type { FetchPage } from '../../lib/use-cursor-list';

/** Longest serial and email filters the API accepts (the contract's). */
export const maxSerialFilterLength = historySerialFilterMaxLength;
export const maxEmailFilterLength = historyEmailFilterMaxLength;

/** What the search history shows, besides the page: every filter as chosen. */
export interface SearchHistoryFilters {
  range: DateRange;
  /** A whole serial number (the API matches it exactly, in any case). */
  serial: string;
  /** A whole email address (matched whatever its case). */
  email: string;
  /** One delivery status; empty for all. */
  status: DeliveryStatus | '';
}

export const noSearchHistoryFilters: SearchHistoryFilters = {
  range: {},
  serial: '',
  email: '',
  status: '',
};

/** Whether any filter narrows the list (for the empty state's hint). */
export function isFiltered(filters: SearchHistoryFilters): boolean {
  return (
    Boolean(filters.range.from || filters.range.to) ||
    filters.serial.trim() !== '' ||
    filters.email.trim() !== '' ||
    filters.status !== ''
  );
}

/**
 * The query of `GET /api/report-requests`: `limit` within 1..1000, the opaque cursor,
 * the date range (dropped when it is not a valid one), the serial trimmed and
 * upper-cased as serials are stored, the email trimmed, the status; empty values
 * left out.
 */
export function searchHistoryQuery(
  filters: SearchHistoryFilters,
  page: { pageSize: number; cursor?: string },
): {
  limit: number;
  cursor?: string;
  from?: string;
  to?: string;
  serial?: string;
  email?: string;
  status?: DeliveryStatus;
} {
  const serial = serialAsTyped(filters.serial).slice(0, maxSerialFilterLength);
  const email = filters.email.trim().slice(0, maxEmailFilterLength);
  return {
    limit: pageLimit(page.pageSize),
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...(dateRangeProblem(filters.range) ? {} : dateRangeQuery(filters.range)),
    ...(serial ? { serial } : {}),
    ...(email ? { email } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

const readHistoryPage = answerParser(reportRequestApi, 'GET /api/report-requests');

/** The history answers no total (it is filtered as it is read): the list counts pages instead. */
const withoutTotal = (page: {
  items: ReportRequestSummary[];
  nextCursor: string | null;
}): CursorPage<ReportRequestSummary> => ({ ...page, total: null });

/** Reads a page of `GET /api/report-requests`. */
export function parseSearchHistoryPage(body: unknown): CursorPage<ReportRequestSummary> {
  return withoutTotal(readHistoryPage(body));
}

export async function listSearchHistory(
  filters: SearchHistoryFilters,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<ReportRequestSummary>> {
  return withoutTotal(
    await api(reportRequestApi, 'GET /api/report-requests', {
      query: searchHistoryQuery(filters, page),
      signal,
    }),
  );
}

export const fetchSearchHistoryPage: FetchPage<SearchHistoryFilters, ReportRequestSummary> = (
  { query, pageSize, cursor },
  signal,
) => listSearchHistory(query, { pageSize, cursor }, signal);

/** Every request the filters let through, newest first, for an export. */
export function listAllSearchHistory(
  filters: SearchHistoryFilters,
): Promise<ReportRequestSummary[]> {
  return fetchAllPages((cursor) => listSearchHistory(filters, { pageSize: wholePageSize, cursor }));
}

/**
 * Puts a failed report's mail back in the outbox (admin). 409 `aborted`
 * (`errors.reportNotResendable`) when it was sent meanwhile. Answers the updated line.
 */
export function resendReport(id: string): Promise<ReportRequestSummary> {
  return api(reportRequestApi, 'POST /api/report-requests/{id}/resend', { params: { id } });
}
