import {
  serialRangeLabel,
  type AuditActor,
  type AuditBatch,
  type AuditChanges,
  type AuditEntity,
  type AuditEntry,
} from '../contract/schemas/audit';
import { keys } from '../keys';

/**
 * The audit trail: one entry per change a person or a machine makes, written in the same
 * transaction as the change (data/transaction.ts adds it), so no change is stored without
 * its entry and a failed change leaves none. An entry names who (account id, name and email,
 * or the machine), what (action, entity, id, and the record as people read it then) and the
 * fields changed, before and after. Names are kept as they were when the entry was written:
 * a product renamed later does not rewrite what its past entries say.
 * Secrets never enter it: {@link redactedFields} are left out of every change.
 */

/** What a transaction records: the entry without its time, which the commit sets. */
export interface AuditRecord {
  actor: AuditActor;
  action: string;
  entity: AuditEntity;
  entityId: string;
  /**
   * The record as people read it now, at the change (after it; before a delete): a
   * product's name, {@link serialRangeLabel}, an account's name, a machine's name, a
   * report's number, a unit's serial. Left out for records without a name of their own.
   */
  subjectLabel?: string;
  /** What tells the record apart beside its label: a range's product, an account's email. */
  subjectDetail?: string;
  changes: AuditChanges;
  /** The file import the change was part of (its id, file name and rows). */
  batch?: AuditBatch;
}

export { serialRangeLabel };

/**
 * Names the records a reference field points to (e.g. a range's `productId`) beside the
 * ids in `changes`, from `names` (id -> name, as they are now, at the change): a reader of
 * the entry sees both names even after either record is renamed or deleted. Fields not in
 * `changes`, and ids without a name, are left as they are.
 */
export function withReferenceLabels(
  changes: AuditChanges,
  field: string,
  names: ReadonlyMap<string, string>,
): AuditChanges {
  const change = Object.hasOwn(changes, field) ? changes[field] : undefined;
  if (!change) return changes;
  const label = (value: unknown) => (typeof value === 'string' ? names.get(value) : undefined);
  const fromLabel = label(change.from);
  const toLabel = label(change.to);
  return {
    ...changes,
    [field]: {
      ...change,
      ...(fromLabel === undefined ? {} : { fromLabel }),
      ...(toLabel === undefined ? {} : { toLabel }),
    },
  };
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
    ...(record.subjectLabel ? { subjectLabel: record.subjectLabel } : {}),
    ...(record.subjectDetail ? { subjectDetail: record.subjectDetail } : {}),
    ...(record.batch ? { batch: record.batch } : {}),
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
