import {
  testResultColumns,
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
export const resultCsvColumns: readonly CsvColumn<TestResult>[] = [
  ...testResultColumns.map((name): CsvColumn<TestResult> => ({
    header: name,
    value: (result) => result[name],
  })),
  { header: 'receivedAt', value: (result) => result.receivedAt },
  { header: 'source', value: (result) => result.source },
  { header: 'planVersion', value: (result) => result.planVersion },
  { header: 'limitLower', value: (result) => result.limit?.lower ?? null },
  { header: 'limitUpper', value: (result) => result.limit?.upper ?? null },
  { header: 'id', value: (result) => result.id },
  { header: 'voidedAt', value: (result) => result.voidedAt },
  { header: 'voidedBy', value: (result) => result.voidedBy },
  { header: 'voidReason', value: (result) => result.voidReason },
  { header: 'enteredBy', value: (result) => result.enteredBy },
];

export function resultsCsv(results: readonly TestResult[]): string {
  return recordsToCsv(resultCsvColumns, results);
}
