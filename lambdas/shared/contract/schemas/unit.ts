import * as z from 'zod';
import type { BodyMaterial } from '../materials';
import { maxPrefixLength, maxSerialDigits } from '../serial';
import type { AuditEntry } from './audit';
import type { TestResult } from './machine-data';
import type { DeliveryStatus, ReportLanguage, ReportVerdict } from './report-request';

/** `{serial}` of a unit: any text of a serial's length (one no range holds is 404). */
export const unitSerialParams = z.strictObject({
  serial: z
    .string()
    .min(1)
    .max(maxPrefixLength + maxSerialDigits),
});

/** A report issued for the unit, as its page lists it. */
export interface UnitReportLine {
  reportNumber: string;
  issuedAt: string;
  language: ReportLanguage;
  /** The verdict the report states (null on reports from before verdicts were kept). */
  verdict: ReportVerdict | null;
  /** Its mail's delivery state; null once the request (with the visitor's email) expired. */
  status: DeliveryStatus | null;
  /** The request it answered, while it is kept (the search history's entry). */
  requestId: string | null;
}

/**
 * `GET /api/serial-numbers/units/{serial}` (staff, admin): everything the unit's page shows,
 * in one call whose cost depends on the unit's own record, never on the catalogue's size.
 */
export interface UnitView {
  serialNumber: string;
  identityLink: string;
  /** The GS1 element string, `(01)<GTIN>(21)<serial>`; null without a GTIN. */
  elementString: string | null;
  product: { id: string; name: string; gtin: string | null; planVersion: number | null };
  range: {
    id: string;
    startSerial: string;
    endSerial: string;
    totalUnits: number;
    productionDate: string;
    version: number;
  };
  /** The unit's body material and its rating (bar); null when not recorded or not rated. */
  bodyMaterial: BodyMaterial | null;
  pressureRating: number | null;
  verdict: ReportVerdict;
  /** The plan version the unit is judged by (docs/test-plans.md); null without one. */
  judgedByPlanVersion: number | null;
  /** Every result, newest test first; voided ones included, marked. */
  results: TestResult[];
  /** Every report issued for the unit, newest first. */
  reports: UnitReportLine[];
  /** The unit's history from the audit trail, newest first (at most 100 entries). */
  history: AuditEntry[];
}
