import * as z from 'zod';
import { listPageSchema } from './records';
import { isoDateField } from './serial-range';

/** The kinds of record the audit trail follows (`entity` of an entry and of `GET /api/audit`). */
export const auditEntities = [
  'product',
  'serial-range',
  'staff',
  'machine',
  'report-request',
  'machine-data',
  'unit',
  'settings',
  'import',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** What was done. */
export const auditActions = [
  'create',
  'update',
  'delete',
  'revoke',
  'resend',
  'ingest',
  'upload',
  'void',
  'import',
  'search',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Who: a signed-in account (id, and its name and email when the entry was written) or a
 * machine (its key's id and name). Entries written before names were kept have no `name`.
 */
export const auditActorSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  machine: z.string().optional(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/**
 * One changed field: its value before and after (null when it had none: a create or a
 * delete). A field that refers to another record by id (a range's `productId`) also names
 * that record as people read it when the entry was written: `fromLabel`, `toLabel`.
 */
export const auditChangeSchema = z.object({
  from: z.unknown(),
  to: z.unknown(),
  fromLabel: z.string().optional(),
  toLabel: z.string().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** A serial range as people name it (an entry's `subjectLabel`): its first and last serial. */
export const serialRangeLabel = (startSerial: string, endSerial: string): string =>
  `${startSerial} – ${endSerial}`;

/** Field -> its change. */
export const auditChangesSchema = z.record(z.string(), auditChangeSchema);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/**
 * The file import a change was part of (docs/data-model.md, "Imports"): its batch id (the id of
 * the import's own entries, entity `import`), the file's name as sent, and its rows.
 */
export const auditBatchSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  rows: z.number().int(),
});
export type AuditBatch = z.infer<typeof auditBatchSchema>;

/**
 * One entry of the audit trail, as `GET /api/audit` answers it (a stored item on the server,
 * an API answer in the web app); unknown attributes (the table's keys) are dropped.
 *
 * `subjectLabel` names the record as people read it when the entry was written: a product's
 * name, a range's first and last serial, an account's name, a machine's name, a report
 * request's report number (its serial while it has none), a unit's serial. `subjectDetail`
 * tells it apart: a range's product, an account's email, a report request's serial. Kinds
 * of record with no name of their own (the site settings, a batch of results) have neither.
 * For entries written before labels were kept, the answer names the record as it is now
 * (from the entry's own fields first), and leaves both out when it no longer exists.
 */
export const auditEntrySchema = z.object({
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  subjectLabel: z.string().optional(),
  subjectDetail: z.string().optional(),
  changes: auditChangesSchema,
  /** Present on the entries of a file import: the import, by its batch. */
  batch: auditBatchSchema.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit`: a page of entries; the next page's cursor is `cursor` (null on the last). */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  cursor: z.string().nullable(),
});

/** The longest record id and actor id the log is searched by. */
export const auditIdMaxLength = 200;

/** The longest date range the whole log is searched over at once. */
export const maxAuditDays = 366;

/**
 * `GET /api/audit`: one record's history (`entity` and `id`, staff and admin), or the whole
 * log with filters (admins only; staff when `actor` is their own id): who (`actor`, an
 * account id or a machine id), which kind of record, which action, between two dates
 * (inclusive, UTC; at most a year apart). Newest first.
 */
export const listAuditQuerySchema = z
  .strictObject({
    limit: listPageSchema.limit,
    cursor: listPageSchema.cursor,
    entity: z.enum(auditEntities).optional(),
    id: z.string().trim().min(1).max(auditIdMaxLength).optional(),
    actor: z.string().trim().min(1).max(auditIdMaxLength).optional(),
    action: z.enum(auditActions).optional(),
    from: isoDateField.optional(),
    to: isoDateField.optional(),
  })
  .refine((query) => !query.id || query.entity, {
    path: ['entity'],
    params: { rule: 'auditIdNeedsEntity' },
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    params: { rule: 'dateOrder' },
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      Date.parse(query.to) - Date.parse(query.from) <= maxAuditDays * 86_400_000,
    { path: ['from'], params: { rule: 'auditRange', max: maxAuditDays } },
  );
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;
