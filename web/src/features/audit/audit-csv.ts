import type { AuditEntry } from '../../../../lambdas/shared/contract/schemas/audit';
import { toCsv, type CsvValue } from '../../lib/csv';

/**
 * Columns of the Activity export, under the API's names: one line per changed field. Ids
 * stay (a spreadsheet joins on them) beside the names the entries keep.
 */
export const auditCsvHeader = [
  'at',
  'actorId',
  'actorName',
  'actorEmail',
  'actorMachine',
  'action',
  'entity',
  'entityId',
  'subjectLabel',
  'subjectDetail',
  'field',
  'from',
  'fromLabel',
  'to',
  'toLabel',
] as const;

/** A value as a cell: text and numbers as they are, nothing empty, lists and objects as JSON. */
function cell(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return JSON.stringify(value);
}

/**
 * The entries as CSV, newest first: one line per changed field with its value before
 * and after, so a spreadsheet can filter by field; an entry without changed fields is
 * one line with the field empty. Text cells are guarded against formulas (`toCsv`).
 */
export function auditCsv(entries: readonly AuditEntry[]): { csv: string; rows: number } {
  const rows: CsvValue[][] = [];
  for (const entry of entries) {
    const who = [
      entry.at,
      entry.actor.id,
      entry.actor.name,
      entry.actor.email,
      entry.actor.machine,
    ];
    const what = [
      entry.action,
      entry.entity,
      entry.entityId,
      entry.subjectLabel,
      entry.subjectDetail,
    ];
    const changes = Object.entries(entry.changes);
    if (changes.length === 0) rows.push([...who, ...what, null, null, null, null, null]);
    for (const [field, change] of changes) {
      rows.push([
        ...who,
        ...what,
        field,
        cell(change.from),
        change.fromLabel,
        cell(change.to),
        change.toLabel,
      ]);
    }
  }
  return { csv: toCsv(auditCsvHeader, rows), rows: rows.length };
}
