import * as z from 'zod';
import { bodyMaterials } from '../../../../lambdas/shared/contract/materials';
import {
  auditEntrySchema,
  type AuditEntry,
} from '../../../../lambdas/shared/contract/schemas/audit';
import {
  testResultSchema,
  type TestResult,
  type VoidResultInput,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import {
  deliveryStatuses,
  reportLanguages,
  reportVerdicts,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import type { UnitView } from '../../../../lambdas/shared/contract/schemas/unit';
import { apiRequest, parseAnswer } from '../../lib/api-client';

/**
 * `GET /api/serial-numbers/units/{serial+}`: each `/`-separated part of the serial encoded
 * on its own, so a serial holding `/` stays readable in the path and the route's greedy
 * `{serial+}` takes it whole.
 */
export function unitPath(serial: string): `/api/serial-numbers/units/${string}` {
  return `/api/serial-numbers/units/${serial.split('/').map(encodeURIComponent).join('/')}`;
}

/** `POST /api/machine-data/{id}/void`: a result's id is opaque, encoded as it is. */
export function voidResultPath(id: string): `/api/machine-data/${string}/void` {
  return `/api/machine-data/${encodeURIComponent(id)}/void`;
}

/** The answer of the unit's page, checked as every answer is (the contract gives its type). */
const unitViewSchema = z.object({
  serialNumber: z.string(),
  identityLink: z.string(),
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
  bodyMaterial: z.enum(bodyMaterials).nullable(),
  pressureRating: z.number().nullable(),
  verdict: z.enum(reportVerdicts),
  judgedByPlanVersion: z.number().int().nullable(),
  results: z.array(testResultSchema),
  reports: z.array(
    z.object({
      reportNumber: z.string(),
      issuedAt: z.string(),
      language: z.enum(reportLanguages),
      verdict: z.enum(reportVerdicts).nullable(),
      status: z.enum(deliveryStatuses).nullable(),
      requestId: z.string().nullable(),
    }),
  ),
  history: z.array(auditEntrySchema),
});

/** Reads `GET /api/serial-numbers/units/{serial}` (for `useApiQuery`). */
export function parseUnitView(body: unknown): UnitView {
  const view = parseAnswer(unitViewSchema, body);
  // The audit schema reads `changes` values as unknown, which is what AuditEntry holds.
  return { ...view, history: view.history as AuditEntry[] };
}

/**
 * Voids a result (staff and admins): it keeps its values and stops counting for its unit's
 * verdict. 400 `errors.resultAlreadyVoided` when it was voided already, 404
 * `errors.resultNotFound` when there is no such result.
 */
export async function voidResult(id: string, input: VoidResultInput): Promise<TestResult> {
  const body = await apiRequest<unknown>(voidResultPath(id), { method: 'POST', body: input });
  return parseAnswer(testResultSchema, body);
}
