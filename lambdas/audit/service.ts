import type { AuditEntry, ListAuditQuery } from '../shared/contract/schemas/audit';
import type { Page } from '../shared/data/read';
import { PermissionDeniedError } from '../shared/errors';
import { withAuditLabels, type StaffLookup } from '../shared/data/audit-labels';
import type { Caller } from '../shared/http';
import { currentStanding } from '../shared/http/standing';
import { recordHistory, searchLog } from './repository';

/**
 * Records staff may see the history of: the ones their pages show (a unit's voids; the
 * site settings, which decide what visitors receive). Staff accounts and machine keys are
 * admin matters, so is the whole log beyond one's own actions.
 */
const staffVisible = new Set<string>([
  'product',
  'serial-range',
  'report-request',
  'machine-data',
  'unit',
  'settings',
]);

/**
 * The audit trail as the caller may read it: a record's history (`entity` and `id`) for
 * records they can see, their own actions (`actor` = their own id, the profile's "Recent
 * activity"; other filters narrow them further), the whole log with filters for admins.
 * Nothing else reads the entries, so lists and the dashboard cost the same as before
 * there was a trail.
 */
export async function listAudit(query: ListAuditQuery, caller: Caller): Promise<Page<AuditEntry>> {
  const page = await readAudit(query, caller);
  // Accounts are named only for admins: the only ones reading accounts' entries.
  const staff = caller.role === 'admin' ? accountNames : undefined;
  return { ...page, items: await withAuditLabels(page.items, staff) };
}

async function readAudit(query: ListAuditQuery, caller: Caller): Promise<Page<AuditEntry>> {
  const admin = caller.role === 'admin';
  if (query.entity && query.id && !query.actor && !query.action && !query.from && !query.to) {
    if (!admin && !staffVisible.has(query.entity)) throw new PermissionDeniedError();
    return recordHistory(query.entity, query.id, query);
  }
  // Entries name a person by their token's subject (`actorOf`): every entry this reads
  // records something the caller did.
  const ownActions = query.actor === caller.sub;
  if (!admin && !ownActions) throw new PermissionDeniedError();
  return searchLog(query);
}

/**
 * An account's name and email now, for its entries written before names were kept: the
 * read every call already makes of the caller's own standing (Cognito `AdminGetUser`).
 */
const accountNames: StaffLookup = async (id) => {
  const standing = await currentStanding(id);
  return standing.email
    ? { name: standing.name ?? standing.email, email: standing.email }
    : undefined;
};
