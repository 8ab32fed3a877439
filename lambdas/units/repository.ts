import * as z from 'zod';
import { storedResultSchema, type StoredResult } from '../machine-data/stored-result';
import { reportLanguages, reportVerdicts } from '../shared/contract/schemas/report-words';
import { keys, queries } from '../shared/keys';
import { queryItems } from '../shared/data/read';

/**
 * A report issued for a unit, kept in the unit's partition beside its results
 * (keys.unitReport): the unit page lists them, and verifying an earlier report compares it
 * with the later ones. No personal data: the request it came from (with the visitor's email)
 * expires; this entry stays, as the report's verification item does.
 */
export const unitReportSchema = z.object({
  reportNumber: z.string(),
  issuedAt: z.string(),
  language: z.enum(reportLanguages),
  verdict: z.enum(reportVerdicts).nullable().default(null),
  /** The request it was issued for, while its record (and delivery state) exists. */
  requestId: z.string().nullable().default(null),
  /** The plan version the unit was judged by; null without one. */
  planVersion: z.number().int().nullable().default(null),
  /** The own ids of the results the report shows (a void of one of them marks it). */
  resultIds: z.array(z.string()).nullable().default(null),
  /** The report has a conformity credential (false on reports issued before them). */
  credential: z.boolean().default(false),
});
export type UnitReport = z.infer<typeof unitReportSchema>;
export type UnitReportInput = z.input<typeof unitReportSchema>;

/** The stored entry of a report issued for `serial`. */
export const unitReportItem = (serial: string, report: UnitReportInput) => ({
  ...keys.unitReport(serial, report.issuedAt, report.reportNumber),
  type: 'unitReport',
  serialNumber: serial,
  ...report,
});

/**
 * The reports issued for a unit, newest first, at most `limit` (one Query of the unit's
 * partition, its results left out by the key condition).
 */
export function readUnitReports(serial: string, limit: number): Promise<UnitReport[]> {
  return queryItems(queries.unitReports(serial), unitReportSchema, { forward: false, limit });
}

/** Everything stored about one unit: its results (voided ones too) and issued reports. */
export interface UnitRecord {
  results: StoredResult[];
  /** Oldest first. */
  reports: UnitReport[];
}

const recordItemSchema = z.object({ type: z.string().optional() }).passthrough();

/**
 * Reads a unit's partition in one Query (paged): its results and the reports issued for it.
 * A unit holds tens of results and a few reports; the cost never depends on the catalogue.
 */
export async function readUnitRecord(
  serial: string,
  options: { consistent?: boolean } = {},
): Promise<UnitRecord> {
  const items = await queryItems(queries.unitRecord(serial), recordItemSchema, options);
  const record: UnitRecord = { results: [], reports: [] };
  for (const item of items) {
    if (item.type === 'machineResult') record.results.push(storedResultSchema.parse(item));
    else if (item.type === 'unitReport') record.reports.push(unitReportSchema.parse(item));
  }
  return record;
}
