import type { ReportFacts, ReportVerification } from '../shared/contract/schemas/report-request';
import type { UnitRecord } from '../units/repository';

/**
 * What happened to a report's unit after the report was issued (docs/report-center.md):
 * - `newerResultsSince`: the first result stored after it (the report is superseded);
 * - `voidedSince`: the first void of a result it shows (a report from before the results
 *   it showed were recorded with it: of a result stored before it was issued);
 * - `laterVerdict`: the first later report of the unit stating another verdict.
 * Each is null when nothing of the kind happened. `standing` sums them up: `voided` when a
 * result it shows was voided, `superseded` when newer results came, else `current`.
 */
export function laterFindings(
  report: Pick<ReportFacts, 'reportNumber' | 'issuedAt' | 'verdict'>,
  record: UnitRecord,
): Pick<ReportVerification, 'newerResultsSince' | 'voidedSince' | 'laterVerdict' | 'standing'> {
  const first = (times: string[]) => times.sort()[0] ?? null;
  const entry = record.reports.find((candidate) => candidate.reportNumber === report.reportNumber);
  const shown = entry?.resultIds ? new Set(entry.resultIds) : undefined;
  const verdict = report.verdict ?? entry?.verdict ?? null;
  const later = verdict
    ? record.reports
        .filter((other) => other.issuedAt > report.issuedAt && other.verdict !== null)
        .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt))
        .find((other) => other.verdict !== verdict)
    : undefined;
  const newerResultsSince = first(
    record.results.map((result) => result.receivedAt).filter((at) => at > report.issuedAt),
  );
  const voidedSince = first(
    record.results
      .filter((result) => (shown ? shown.has(result.id) : result.receivedAt <= report.issuedAt))
      .flatMap((result) => (result.voidedAt ? [result.voidedAt] : [])),
  );
  return {
    newerResultsSince,
    voidedSince,
    standing: voidedSince ? 'voided' : newerResultsSince ? 'superseded' : 'current',
    laterVerdict: later
      ? { reportNumber: later.reportNumber, issuedAt: later.issuedAt, verdict: later.verdict! }
      : null,
  };
}
