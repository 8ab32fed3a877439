import {
  auditEntrySchema,
  type AuditEntry,
  type ListAuditQuery,
} from '../shared/contract/schemas/audit';
import { decodeCursor, encodeCursor, type CursorScope } from '../shared/data/cursor';
import { and, equals, type Condition } from '../shared/data/expressions';
import { queries } from '../shared/keys';
import { queryPage, type Page } from '../shared/data/read';

const dayMs = 86_400_000;

const toEntry = (item: unknown): AuditEntry => auditEntrySchema.parse(item) as AuditEntry;

/** One record's entries, newest first: its own partition. */
export function recordHistory(
  entity: NonNullable<ListAuditQuery['entity']>,
  id: string,
  query: Pick<ListAuditQuery, 'limit' | 'cursor'>,
): Promise<Page<AuditEntry>> {
  return queryPage(
    queries.auditOf(entity, id),
    { parse: toEntry },
    {
      forward: false,
      limit: query.limit,
      cursor: query.cursor,
      scope: { list: 'audit-record', entity, id },
    },
  );
}

/** Days the whole log is read over when no range is given: the last 30. */
const defaultDays = 30;
/** Partition reads one call makes at most (an empty month costs a month of Queries). */
const maxReadsPerCall = 31;

/**
 * The whole log, newest first, one UTC day's partition after another from `to` back to
 * `from`; actor, entity and action filter what is read. The cursor names the day and the
 * position in it.
 */
export async function searchLog(
  query: ListAuditQuery,
  now = new Date(),
): Promise<Page<AuditEntry>> {
  const filters: Condition[] = [];
  if (query.actor) filters.push(equals('actorId', query.actor));
  if (query.id) filters.push(equals('entityId', query.id));
  if (query.entity) filters.push(equals('entity', query.entity));
  if (query.action) filters.push(equals('action', query.action));
  const filter =
    filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : and(...filters);
  // The query as asked: a default range is fixed by the first page and carried in the
  // cursor, so paging on past midnight reads the same days.
  const scope: CursorScope = {
    list: 'audit-log',
    from: query.from,
    to: query.to,
    actor: query.actor,
    entity: query.entity,
    id: query.id,
    action: query.action,
  };
  // The cursor: the day being read and the page cursor within it (itself signed per day).
  const position = await decodeCursor(query.cursor, scope);
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    position?.from ??
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (defaultDays - 1) * dayMs).toISOString().slice(0, 10);
  let day = position?.day ?? to;
  let dayCursor = position?.cursor;
  const items: AuditEntry[] = [];
  for (
    let reads = 0;
    day >= from && items.length < query.limit && reads < maxReadsPerCall;
    reads++
  ) {
    const page = await queryPage(
      queries.auditOfDay(day),
      { parse: toEntry },
      {
        forward: false,
        filter,
        limit: query.limit - items.length,
        cursor: dayCursor,
        scope: { ...scope, day },
      },
    );
    items.push(...page.items);
    if (page.nextCursor) {
      dayCursor = page.nextCursor;
      if (items.length >= query.limit) break;
      continue;
    }
    day = new Date(Date.parse(`${day}T00:00:00Z`) - dayMs).toISOString().slice(0, 10);
    dayCursor = undefined;
  }
  const more = day >= from;
  return {
    items,
    nextCursor: more ? await encodeCursor({ day, from, cursor: dayCursor ?? '' }, scope) : null,
  };
}
