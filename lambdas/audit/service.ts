import type { AuditEntry, ListAuditQuery } from '../shared/contract/schemas/audit';
import type { Page } from '../shared/data/read';
import { PermissionDeniedError } from '../shared/errors';
import type { Caller } from '../shared/http';
import { recordHistory, searchLog } from './repository';

/**
 * Records staff may see the history of: the ones their pages show. Staff accounts and
 * machine keys are admin matters, so is the whole log.
 */
const staffVisible = new Set<string>(['product', 'serial-range', 'report-request', 'machine-data']);

/**
 * The audit trail as the caller may read it: a record's history (`entity` and `id`) for
 * records they can see, the whole log with filters for admins. Nothing else reads the
 * entries, so lists and the dashboard cost the same as before there was a trail.
 */
export async function listAudit(query: ListAuditQuery, caller: Caller): Promise<Page<AuditEntry>> {
  const admin = caller.role === 'admin';
  if (query.entity && query.id && !query.actor && !query.action && !query.from && !query.to) {
    if (!admin && !staffVisible.has(query.entity)) throw new PermissionDeniedError();
    return recordHistory(query.entity, query.id, query);
  }
  if (!admin) throw new PermissionDeniedError();
  return searchLog(query);
}
