import {
  resultExportColumns,
  testResultColumns,
  type ResultExportColumn,
  type TestResult,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import { recordsToCsv, type CsvColumn } from '../../lib/csv';

/**
 * The results export: the upload's columns first and in its order (so an exported
 * file has the shape of an upload), then what the server added: when it received the
 * result, who sent it (machine key or uploading staff member), the test plan version and
 * the limits it was judged against (empty without a plan or limit), the result's id, and,
 * appended after those, its void (when, by whom, why; empty while it counts) and who
 * entered it for an uploaded result.
 */
const exportedValue: Record<ResultExportColumn, CsvColumn<TestResult>['value']> = {
  receivedAt: (result) => result.receivedAt,
  source: (result) => result.source,
  planVersion: (result) => result.planVersion,
  limitLower: (result) => result.limit?.lower ?? null,
  limitUpper: (result) => result.limit?.upper ?? null,
  id: (result) => result.id,
  voidedAt: (result) => result.voidedAt,
  voidedBy: (result) => result.voidedBy,
  voidReason: (result) => result.voidReason,
  enteredBy: (result) => result.enteredBy,
};

export const resultCsvColumns: readonly CsvColumn<TestResult>[] = [
  ...testResultColumns.map((name): CsvColumn<TestResult> => ({
    header: name,
    value: (result) => result[name],
  })),
  // The upload ignores these (`resultExportColumns`): an export goes back up as it is.
  ...resultExportColumns.map((header) => ({ header, value: exportedValue[header] })),
];

export function resultsCsv(results: readonly TestResult[]): string {
  return recordsToCsv(resultCsvColumns, results);
}
