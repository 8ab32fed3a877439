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
export interface AuditActor {
  id: string;
  email?: string;
  machine?: string;
}

/** Field -> its value before and after (null when it had none: a create or a delete). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** One entry of the audit trail, as `GET /api/audit` answers it. */
export interface AuditEntry {
  at: string;
  actor: AuditActor;
  action: string;
  entity: AuditEntity;
  entityId: string;
  changes: AuditChanges;
}

/**
 * Reads an entry (a stored item on the server, an API answer in the web app) in the shape
 * of {@link AuditEntry}; unknown attributes (the table's keys) are dropped.
 */
export const auditEntrySchema = z.object({
  at: z.string(),
  actor: z.object({
    id: z.string(),
    email: z.string().optional(),
    machine: z.string().optional(),
  }),
  action: z.string(),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});

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
    id: z.string().trim().min(1).max(200).optional(),
    actor: z.string().trim().min(1).max(200).optional(),
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
