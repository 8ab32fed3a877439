import * as z from 'zod';
import { getProduct } from '../products/repository';
import { reportRequestRecordSchema } from '../report-requests/repository';
import { countHoldings, RangeChanged } from '../serial-ranges/holdings';
import { findRangeContaining } from '../serial-ranges/repository';
import { ratedMaterials } from '../shared/contract/materials';
import { reportLanguages, reportVerdicts } from '../shared/contract/schemas/report-words';
import { parseSerial } from '../shared/contract/serial';
import type { AuditActor } from '../shared/contract/schemas/audit';
import { serialRangeLabel } from '../shared/data/audit';
import { and, attributeMissing, equals, itemExists, itemMissing } from '../shared/data/expressions';
import { queryItems, scanTable } from '../shared/data/read';
import { audited, TransactionCancelled, unaudited } from '../shared/data/transaction';
import { keys, queries } from '../shared/keys';
import { unitReportItem } from '../units/repository';

/**
 * The unit as a record of its own (docs/data-model.md, "Units"): what data stored before it
 * needs. Idempotent and safe beside live traffic: each step marks what it did in the same
 * transaction (a result gains `rangeId`, a report its entry in the unit's partition), and
 * only adds to counters, so new results and reports stored meanwhile are counted once.
 * - ranges of products rated in exactly one material record that material;
 * - each result is counted on its unit's range (and its unit listed there);
 * - each issued report gets its entry in its unit's partition and is counted on the range.
 * Data whose serial no range holds any more (a range deleted before deletes were guarded)
 * is left as it is, and counted in the summary.
 */
export const migrationActor: AuditActor = { id: 'data-migration', email: 'data-migration' };

export interface UnitRecordsSummary {
  materialsSet: number;
  resultsCounted: number;
  reportsCounted: number;
  orphaned: number;
}

const rangeMaterialSchema = z.object({
  id: z.string(),
  productId: z.string(),
  startSerial: z.string(),
  endSerial: z.string(),
  version: z.number().int(),
  prefix: z.string(),
  width: z.number().int(),
  startNumber: z.number().int(),
  bodyMaterial: z.string().nullable().optional(),
});

/** Ranges of single-material products take that material (the others wait for a person). */
async function recordMaterials(): Promise<number> {
  const ranges = await queryItems(queries.rangesBySerial(''), rangeMaterialSchema);
  let set = 0;
  for (const range of ranges) {
    if (range.bodyMaterial !== undefined) continue;
    const product = await getProduct(range.productId);
    const rated = product ? ratedMaterials(product) : [];
    if (rated.length !== 1) continue;
    const material = rated[0]!;
    const digits = String(range.startNumber).padStart(range.width, '0');
    await audited({
      actor: migrationActor,
      action: 'update',
      entity: 'serial-range',
      entityId: range.id,
      subjectLabel: serialRangeLabel(range.startSerial, range.endSerial),
      ...(product ? { subjectDetail: product.name } : {}),
      changes: { bodyMaterial: { from: null, to: material } },
    })
      .update(
        keys.serialRange(range.id),
        { set: { bodyMaterial: material } },
        { condition: and(equals('version', range.version), attributeMissing('bodyMaterial')) },
      )
      .update(
        keys.serialLookup(range.prefix, range.width, digits),
        { set: { bodyMaterial: material } },
        { condition: equals('id', range.id) },
      )
      .update(
        keys.productRange(range.productId, range.startSerial, range.id),
        { set: { bodyMaterial: material } },
        { condition: itemExists() },
      )
      .commit()
      .then(() => set++)
      // Edited meanwhile (the editor chose a material): nothing to do.
      .catch((error: unknown) => {
        if (!(error instanceof TransactionCancelled)) throw error;
      });
  }
  return set;
}

const legacyResultSchema = z.object({
  type: z.literal('machineResult'),
  serialNumber: z.string(),
  testName: z.string(),
  testedAt: z.string(),
  machineId: z.string(),
  rangeId: z.string().optional(),
});

const verificationItemSchema = z.object({
  reportNumber: z.string(),
  serialNumber: z.string(),
  issuedAt: z.string(),
  language: z.enum(reportLanguages),
  fingerprint: z.string(),
  verdict: z.enum(reportVerdicts).nullable().optional(),
});

/** Runs `write` with the unit's current range; a range edited in between is read again. */
async function withRange(
  serial: string,
  write: (range: { id: string; version: number }) => Promise<void>,
): Promise<boolean> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const range = await findRangeContaining(serial);
    if (!range) return false;
    try {
      await write(range);
      return true;
    } catch (error) {
      if (!(error instanceof RangeChanged)) throw error;
    }
  }
  throw new Error(`The range of ${serial} kept changing during the migration`);
}

/** Whether a transaction was cancelled because its mark was already there (done before). */
const alreadyDone = (error: unknown) =>
  error instanceof TransactionCancelled &&
  error.reasons.some((reason) => reason.tag === 'mark' && reason.code === 'ConditionalCheckFailed');

export async function migrateUnitRecords(): Promise<UnitRecordsSummary> {
  const summary: UnitRecordsSummary = {
    materialsSet: await recordMaterials(),
    resultsCounted: 0,
    reportsCounted: 0,
    orphaned: 0,
  };
  const verifications: z.infer<typeof verificationItemSchema>[] = [];
  const requests = new Map<string, { id: string; verdict: string | null }>();

  await scanTable(async (items) => {
    for (const item of items) {
      const result = legacyResultSchema.safeParse(item);
      if (result.success) {
        if (result.data.rangeId || !parseSerial(result.data.serialNumber)) continue;
        const { serialNumber, testName, testedAt, machineId } = result.data;
        const counted = await withRange(serialNumber, async (range) => {
          const transaction = unaudited().update(
            keys.unitResult(serialNumber, testName, testedAt, machineId),
            { set: { rangeId: range.id } },
            { condition: and(itemExists(), attributeMissing('rangeId')), tag: 'mark' },
          );
          countHoldings(transaction, range, { resultCount: 1 }, [serialNumber]);
          await transaction.commit().then(
            () => void summary.resultsCounted++,
            (error: unknown) => {
              if (!alreadyDone(error)) throw error;
            },
          );
        });
        if (!counted) summary.orphaned++;
        continue;
      }
      const request = reportRequestRecordSchema.safeParse(item);
      if (request.success && request.data.reportNumber) {
        requests.set(request.data.reportNumber, {
          id: request.data.id,
          verdict: request.data.verdict,
        });
        continue;
      }
      const verification = verificationItemSchema.safeParse(item);
      const key = verification.success && keys.reportVerification(verification.data.reportNumber);
      if (verification.success && key && item.pk === key.pk && item.sk === key.sk) {
        verifications.push(verification.data);
      }
    }
  });

  for (const report of verifications) {
    const request = requests.get(report.reportNumber);
    const verdict = report.verdict ?? (request?.verdict as (typeof reportVerdicts)[number]) ?? null;
    const counted = await withRange(report.serialNumber, async (range) => {
      const transaction = unaudited().put(
        unitReportItem(report.serialNumber, {
          reportNumber: report.reportNumber,
          issuedAt: report.issuedAt,
          language: report.language,
          verdict,
          requestId: request?.id ?? null,
          planVersion: null,
          resultIds: null,
        }),
        { condition: itemMissing(), tag: 'mark' },
      );
      countHoldings(transaction, range, { reportCount: 1 }, [report.serialNumber]);
      await transaction.commit().then(
        () => void summary.reportsCounted++,
        (error: unknown) => {
          if (!alreadyDone(error)) throw error;
        },
      );
    });
    if (!counted) summary.orphaned++;
  }
  return summary;
}
