import { toApiResult } from '../machine-data/stored-result';
import { getProduct } from '../products/repository';
import { findRangeContaining } from '../serial-ranges/repository';
import { elementString } from '../shared/contract/gs1';
import { ratingOf } from '../shared/contract/materials';
import { auditEntrySchema, type AuditEntry } from '../shared/contract/schemas/audit';
import type { UnitReportLine, UnitView } from '../shared/contract/schemas/unit';
import { normalizeSerial } from '../shared/contract/serial';
import { withAuditLabels } from '../shared/data/audit-labels';
import { getItem, queryItems } from '../shared/data/read';
import { NotFoundError } from '../shared/errors';
import { unitIdentityLink } from '../shared/identity-link';
import { keys, queries } from '../shared/keys';
import { reportRequestRecordSchema } from '../report-requests/repository';
import { judgeStoredUnit } from './judgement';
import { readUnitRecord } from './repository';

/** Entries the page shows, and record partitions (batches) read for them at most. */
const maxHistory = 100;
const maxBatches = 20;

const toEntry = (item: unknown): AuditEntry => auditEntrySchema.parse(item) as AuditEntry;

/**
 * The unit's history from the audit trail: its own entries (voids), its range's, and the
 * batches that brought its latest results (each a record of its own), newest first. Each
 * names its record and a range's products as people read them (`withAuditLabels`: entries
 * written before names were kept are named as the records are now).
 */
async function unitHistory(
  serial: string,
  rangeId: string,
  batchIds: readonly string[],
): Promise<AuditEntry[]> {
  const newest = { forward: false, limit: maxHistory };
  const partitions = [
    queries.auditOf('unit', serial),
    queries.auditOf('serial-range', rangeId),
    ...batchIds.slice(0, maxBatches).map((id) => queries.auditOf('machine-data', id)),
  ];
  const entries = (
    await Promise.all(partitions.map((query) => queryItems(query, { parse: toEntry }, newest)))
  ).flat();
  return withAuditLabels(entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, maxHistory));
}

/** The delivery state of each report's request, while its record is kept. */
async function reportLines(
  reports: Awaited<ReturnType<typeof readUnitRecord>>['reports'],
): Promise<UnitReportLine[]> {
  const newestFirst = [...reports].sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
  const requests = await Promise.all(
    newestFirst.map((report) =>
      report.requestId
        ? getItem(keys.reportRequest(report.requestId), reportRequestRecordSchema)
        : Promise.resolve(undefined),
    ),
  );
  return newestFirst.map((report, index) => ({
    reportNumber: report.reportNumber,
    issuedAt: report.issuedAt,
    language: report.language,
    verdict: report.verdict,
    status: requests[index]?.status ?? null,
    requestId: requests[index] ? report.requestId : null,
  }));
}

/**
 * A unit's page (docs/web-app.md): its range and product, material and rating, verdict and
 * the plan version it is judged by, every result (voided ones marked), every report issued
 * for it with its delivery state, its identification link and its history. Reads: the range
 * lookup, the product, the unit's partition, its plan versions, its reports' requests and a
 * few audit partitions: bounded by the unit's own record, whatever the catalogue holds.
 */
export async function unitView(serialText: string): Promise<UnitView> {
  const serial = normalizeSerial(serialText);
  const range = serial === null ? undefined : await findRangeContaining(serial);
  const product = range && (await getProduct(range.productId));
  if (serial === null || !range || !product) throw new NotFoundError('errors.serialNotInRange');
  const record = await readUnitRecord(serial, { consistent: true });
  const batches = [
    ...new Set(
      [...record.results]
        .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
        .flatMap((result) => (result.batchId ? [result.batchId] : [])),
    ),
  ];
  const [judgement, reports, history, identityLink] = await Promise.all([
    judgeStoredUnit(record, product, range.bodyMaterial),
    reportLines(record.reports),
    unitHistory(serial, range.id, batches),
    unitIdentityLink({ serial, gtin: range.gtin }),
  ]);
  return {
    serialNumber: serial,
    identityLink,
    elementString: elementString({ serial, gtin: range.gtin }),
    product: {
      id: product.id,
      name: product.name,
      gtin: product.gtin,
      planVersion: product.planVersion,
    },
    range: {
      id: range.id,
      startSerial: range.startSerial,
      endSerial: range.endSerial,
      totalUnits: range.totalUnits,
      productionDate: range.productionDate,
      version: range.version,
    },
    bodyMaterial: range.bodyMaterial,
    pressureRating: ratingOf(product, range.bodyMaterial),
    verdict: judgement.verdict,
    judgedByPlanVersion: judgement.plan?.version ?? null,
    results: record.results
      .map(toApiResult)
      .sort((a, b) => b.testedAt.localeCompare(a.testedAt) || a.testName.localeCompare(b.testName)),
    reports,
    history,
  };
}
