import * as z from 'zod';
import { bodyMaterials } from '../materials';
import { maxPrefixLength, maxSerialDigits } from '../serial';
import { auditEntrySchema } from './audit';
import { deliveryStatuses, reportLanguages, reportVerdicts } from './report-words';
import { testResultSchema } from './test-result';

/** `{serial}` of a unit: any text of a serial's length (one no range holds is 404). */
export const unitSerialParams = z.strictObject({
  serial: z
    .string()
    .min(1)
    .max(maxPrefixLength + maxSerialDigits),
});

/** A report issued for the unit, as its page lists it. */
export const unitReportLineSchema = z.object({
  reportNumber: z.string(),
  issuedAt: z.string(),
  language: z.enum(reportLanguages),
  /** The verdict the report states (null on reports from before verdicts were kept). */
  verdict: z.enum(reportVerdicts).nullable(),
  /** Its mail's delivery state; null once the request (with the visitor's email) expired. */
  status: z.enum(deliveryStatuses).nullable(),
  /** The request it answered, while it is kept (the search history's entry). */
  requestId: z.string().nullable(),
});
export type UnitReportLine = z.infer<typeof unitReportLineSchema>;

/**
 * `GET /api/serial-numbers/units/{serial}` (staff, admin): everything the unit's page shows,
 * in one call whose cost depends on the unit's own record, never on the catalogue's size.
 */
export const unitViewSchema = z.object({
  serialNumber: z.string(),
  identityLink: z.string(),
  /** The GS1 element string, `(01)<GTIN>(21)<serial>`; null without a GTIN. */
  elementString: z.string().nullable(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    gtin: z.string().nullable(),
    planVersion: z.number().int().nullable(),
  }),
  range: z.object({
    id: z.string(),
    startSerial: z.string(),
    endSerial: z.string(),
    totalUnits: z.number().int(),
    productionDate: z.string(),
    version: z.number().int(),
  }),
  /** The unit's body material and its rating (bar); null when not recorded or not rated. */
  bodyMaterial: z.enum(bodyMaterials).nullable(),
  pressureRating: z.number().nullable(),
  verdict: z.enum(reportVerdicts),
  /** The plan version the unit is judged by (docs/test-plans.md); null without one. */
  judgedByPlanVersion: z.number().int().nullable(),
  /** Every result, newest test first; voided ones included, marked. */
  results: z.array(testResultSchema),
  /** Every report issued for the unit, newest first. */
  reports: z.array(unitReportLineSchema),
  /**
   * The unit's history from the audit trail, newest first (at most 100 entries), each naming
   * its record and a range's products (`subjectLabel`, `subjectDetail`, `fromLabel`/`toLabel`
   * of a `productId` change: schemas/audit.ts).
   */
  history: z.array(auditEntrySchema),
});
export type UnitView = z.infer<typeof unitViewSchema>;
