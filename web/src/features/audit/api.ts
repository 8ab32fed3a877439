import { auditApi } from '../../../../lambdas/shared/contract/api/audit';
import {
  auditActions,
  auditIdMaxLength,
  listAuditQuerySchema,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
} from '../../../../lambdas/shared/contract/schemas/audit';
import { validate, type MessageRef } from '../../../../lambdas/shared/contract/validation';
import { api } from '../../lib/api-client';
import type { RouteAnswer, RouteInput } from '../../lib/api-routes';
import { fetchAllPages, pageLimit, wholePageSize, type CursorPage } from '../../lib/cursor-page';
import { dateRangeQuery, type DateRange } from '../../lib/date-range';
import type { FetchPage } from '../../lib/use-cursor-list';

/** Longest actor id the API takes (the contract's). */
export const maxActorLength = auditIdMaxLength;

/** An entry as the tables show it: the API's entry with a key of its own for the row. */
export interface AuditRow extends AuditEntry {
  key: string;
}

type AuditRoute = (typeof auditApi)['GET /api/audit'];

/**
 * The answer of `GET /api/audit`: the contract names the next page's cursor `cursor`
 * and gives no total (the log is filtered as it is read).
 */
type AuditAnswer = RouteAnswer<AuditRoute>;

/** Entries carry no id: a row is named by its page's cursor and its place on the page. */
function toPage(body: AuditAnswer, pageCursor: string | undefined): CursorPage<AuditRow> {
  return {
    items: body.items.map((entry, index) => ({
      ...entry,
      key: `${pageCursor ?? ''}#${index}`,
    })),
    nextCursor: body.cursor,
    total: null,
  };
}

/** The query of `GET /api/audit`, as the web app sends it. */
type AuditQuery = NonNullable<RouteInput<AuditRoute>['query']>;

async function getAuditPage(
  query: AuditQuery,
  signal?: AbortSignal,
): Promise<CursorPage<AuditRow>> {
  const body = await api(auditApi, 'GET /api/audit', { query, signal });
  return toPage(body, query.cursor as string | undefined);
}

/**
 * Whose entries a short list shows: one record's history (`entity` and `id`), or what one
 * person did (`actor`, the signed-in user's own id: the profile's "Recent activity").
 */
export type AuditSubject = { entity: AuditEntity; id: string } | { actor: string };

/** Whether the list is one person's actions rather than one record's history. */
export const isActorSubject = (subject: AuditSubject): subject is { actor: string } =>
  'actor' in subject;

/** The query of one record's history: `entity`, `id`, the page size and the cursor. */
export function recordHistoryQuery(
  record: { entity: AuditEntity; id: string },
  page: { pageSize: number; cursor?: string },
) {
  return {
    entity: record.entity,
    id: record.id,
    limit: pageLimit(page.pageSize),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
}

/**
 * The query of one person's actions: `actor`, the page size and the cursor; without dates,
 * the API reads the last 30 days.
 */
export function actorActivityQuery(actor: string, page: { pageSize: number; cursor?: string }) {
  return {
    actor,
    limit: pageLimit(page.pageSize),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
}

/** One page of a record's history, newest first (staff and admins; accounts and keys: admins). */
export function fetchRecordHistory(
  record: { entity: AuditEntity; id: string },
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<AuditRow>> {
  return getAuditPage(recordHistoryQuery(record, page), signal);
}

/**
 * One page of a subject's entries, newest first: a record's history, or a person's actions
 * (their own for staff; anyone's for admins).
 */
export function fetchAuditEntries(
  subject: AuditSubject,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<AuditRow>> {
  return isActorSubject(subject)
    ? getAuditPage(actorActivityQuery(subject.actor, page), signal)
    : fetchRecordHistory(subject, page, signal);
}

/** What the Activity page narrows the whole log by, as chosen (ids underneath the names). */
export interface ActivityFilters {
  /** The id of the account or machine chosen from the list (or taken from an entry). */
  actor: string;
  entity: AuditEntity | '';
  /** The id of the record of kind `entity` chosen from the list. */
  record: string;
  action: AuditAction | '';
  /** Both ends or none: without dates the API reads the last 30 days. */
  range: DateRange;
}

export const noActivityFilters: ActivityFilters = {
  actor: '',
  entity: '',
  record: '',
  action: '',
  range: {},
};

export function isActivityFiltered(filters: ActivityFilters): boolean {
  return (
    filters.actor.trim() !== '' ||
    filters.entity !== '' ||
    filters.record !== '' ||
    filters.action !== '' ||
    Boolean(filters.range.from || filters.range.to)
  );
}

/**
 * Why the API would refuse a date range (the shared schema's message: dates out of
 * order, more than a year apart), or undefined when it takes it.
 */
export function activityRangeProblem(range: DateRange): MessageRef | undefined {
  const result = validate(listAuditQuerySchema, dateRangeQuery(range));
  return result.success ? undefined : (result.fields.from ?? result.fields.to);
}

/**
 * The query of `GET /api/audit` for the whole log: `limit` within 1..1000, the cursor,
 * the actor, the kind of record and the record (`id`, with its kind only), the action, and
 * the date range when the API takes it; empty values left out.
 */
export function activityQuery(
  filters: ActivityFilters,
  page: { pageSize: number; cursor?: string },
): {
  limit: number;
  cursor?: string;
  actor?: string;
  entity?: AuditEntity;
  id?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
} {
  const actor = filters.actor.trim().slice(0, maxActorLength);
  const record = filters.record.slice(0, maxActorLength);
  return {
    limit: pageLimit(page.pageSize),
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...(actor ? { actor } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.entity && record ? { id: record } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(activityRangeProblem(filters.range) ? {} : dateRangeQuery(filters.range)),
  };
}

export const fetchActivityPage: FetchPage<ActivityFilters, AuditRow> = (
  { query, pageSize, cursor },
  signal,
) => getAuditPage(activityQuery(query, { pageSize, cursor }), signal);

/** Every entry the filters let through, newest first, for an export. */
export function listAllActivity(filters: ActivityFilters): Promise<AuditRow[]> {
  return fetchAllPages((cursor) =>
    getAuditPage(activityQuery(filters, { pageSize: wholePageSize, cursor })),
  );
}

/** Whether a text names one of the API's actions (for a filter's choice). */
export function isAuditAction(value: string | undefined): value is AuditAction {
  return (auditActions as readonly string[]).includes(value ?? '');
}
