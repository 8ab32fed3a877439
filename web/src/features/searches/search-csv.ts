import type { ReportRequestSummary } from '../../../../lambdas/shared/contract/schemas/report-request';
import { recordsToCsv, type CsvColumn } from '../../lib/csv';

/**
 * The search history export: every field of a history line under its API name. The
 * client address is a column only for admins (the API gives it to no one else).
 */
export function searchHistoryCsvColumns(
  withClientAddress: boolean,
): readonly CsvColumn<ReportRequestSummary>[] {
  const columns: CsvColumn<ReportRequestSummary>[] = [
    { header: 'requestedAt', value: (request) => request.requestedAt },
    { header: 'reportNumber', value: (request) => request.reportNumber },
    { header: 'serialNumber', value: (request) => request.serialNumber },
    { header: 'productName', value: (request) => request.productName },
    { header: 'verdict', value: (request) => request.verdict },
    { header: 'email', value: (request) => request.email },
    { header: 'language', value: (request) => request.language },
    { header: 'status', value: (request) => request.status },
    { header: 'statusReason', value: (request) => request.statusReason },
    { header: 'statusAt', value: (request) => request.statusAt },
    { header: 'deliveryAttempts', value: (request) => request.deliveryAttempts },
    { header: 'id', value: (request) => request.id },
  ];
  if (withClientAddress) {
    columns.push({ header: 'clientAddress', value: (request) => request.clientAddress });
  }
  return columns;
}

export function searchHistoryCsv(
  requests: readonly ReportRequestSummary[],
  withClientAddress: boolean,
): string {
  return recordsToCsv(searchHistoryCsvColumns(withClientAddress), requests);
}
