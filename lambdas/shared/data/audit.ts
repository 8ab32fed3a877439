import {
  type AuditActor,
  type AuditChanges,
  type AuditEntity,
  type AuditEntry,
} from '../contract/schemas/audit';
import { keys } from '../keys';

/**
 * The audit trail: one entry per change a person or a machine makes, written in the same
 * transaction as the change (data/transaction.ts adds it), so no change is stored without
 * its entry and a failed change leaves none. An entry names who (account id and email, or
 * the machine), what (action, entity, id) and the fields changed, before and after.
 * Secrets never enter it: {@link redactedFields} are left out of every change.
 */

/** What a transaction records: the entry without its time, which the commit sets. */
export interface AuditRecord {
  actor: AuditActor;
  action: string;
  entity: AuditEntity;
  entityId: string;
  changes: AuditChanges;
}

/** Fields that never appear in an entry, under any record. */
export const redactedFields = new Set(['password', 'keyHash', 'key', 'secret', 'token']);

type Fields = Record<string, unknown>;

/**
 * The changed fields between two states of a record (either may be absent: a create or
 * a delete), over `fields`; unchanged and redacted fields are left out.
 */
export function changesBetween(
  before: Fields | undefined,
  after: Fields | undefined,
  fields: readonly string[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (redactedFields.has(field)) continue;
    const own = (fields: Fields | undefined) =>
      fields && Object.hasOwn(fields, field) ? (fields[field] ?? null) : null;
    const from = own(before);
    const to = own(after);
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      Object.defineProperty(changes, field, {
        value: { from, to },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return changes;
}

/** The stored entry: the API shape plus its keys. Redacted fields are dropped here too. */
export function auditItem(record: AuditRecord, at: string, entryId: string) {
  const entry: AuditEntry & { entryId: string } = {
    entryId,
    at,
    actor: record.actor,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    changes: Object.fromEntries(
      Object.entries(record.changes).filter(([field]) => !redactedFields.has(field)),
    ),
  };
  return {
    ...keys.auditEntry(record.entity, record.entityId, at, entryId),
    ...keys.auditEntryIndexes(at, entryId),
    type: 'auditEntry',
    // Who, flattened, for the admin's actor filter.
    actorId: record.actor.id,
    ...entry,
  };
}
