import type {
  ReportContent,
  ReportTestRow,
} from '../../../../lambdas/shared/contract/schemas/report-request';

/**
 * The preview's tables, as the PDF lists them: with a test plan, its required tests (in
 * plan order, a missing result included) and then the other results; without one, the
 * latest result of each test. Sections without rows are left out.
 */
export interface ReportSection {
  kind: 'required' | 'other' | 'results';
  rows: ReportTestRow[];
}

export function reportSections(
  report: Pick<ReportContent, 'plan' | 'tests' | 'results'>,
): ReportSection[] {
  if (!report.plan) {
    const rows = report.results.map((result): ReportTestRow => ({
      testName: result.testName,
      method: null,
      limit: result.limit ?? null,
      required: false,
      result,
    }));
    return rows.length > 0 ? [{ kind: 'results', rows }] : [];
  }
  const sections: ReportSection[] = [
    { kind: 'required', rows: report.tests.filter((row) => row.required) },
    { kind: 'other', rows: report.tests.filter((row) => !row.required) },
  ];
  return sections.filter((section) => section.rows.length > 0);
}

/** The optional columns a table needs: those at least one of its rows has a value for. */
export function sectionColumns(rows: readonly ReportTestRow[]): {
  method: boolean;
  limit: boolean;
  operator: boolean;
} {
  return {
    method: rows.some((row) => row.method),
    limit: rows.some((row) => row.limit && (row.limit.lower !== null || row.limit.upper !== null)),
    operator: rows.some((row) => row.result?.operator),
  };
}

/**
 * Whether the report states a verdict (as the PDF does): a unit of a product without a test
 * plan and without results has none to state, so the preview shows no verdict banner.
 */
export function showsVerdict(report: Pick<ReportContent, 'plan' | 'results'>): boolean {
  return report.plan !== null || report.results.length > 0;
}
