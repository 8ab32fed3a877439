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
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Who: a signed-in account (id and email) or a machine (its key's id and name). */
export const auditActorSchema = z.object({
  id: z.string(),
  email: z.string().optional(),
  machine: z.string().optional(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** Field -> its value before and after (null when it had none: a create or a delete). */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown(), to: z.unknown() }),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/**
 * One entry of the audit trail, as `GET /api/audit` answers it (a stored item on the server,
 * an API answer in the web app); unknown attributes (the table's keys) are dropped.
 */
export const auditEntrySchema = z.object({
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  changes: auditChangesSchema,
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
