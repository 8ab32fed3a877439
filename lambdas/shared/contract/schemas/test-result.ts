import * as z from 'zod';
import { testOutcomes } from './report-words';

/*
 * A stored test result as the API answers it, apart from the input schemas of machine data
 * (machine-data.ts, with the CSV reader): the report request, the verification and the unit
 * page read results without loading those.
 */

/** A stored result, as lists and the unit history show it. */
export const testResultSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  testName: z.string(),
  result: z.enum(testOutcomes),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  testedAt: z.string(),
  machineId: z.string(),
  operator: z.string().nullable(),
  notes: z.string().nullable(),
  receivedAt: z.string(),
  /** `machine:<key's name>`, or `upload:<email>` of the person who uploaded it. */
  source: z.string(),
  /** For an uploaded result: who entered it (name, else email) for the bench it names. */
  enteredBy: z.string().nullable().default(null),
  /** A voided result keeps its values and no longer counts: when, by whom, why. */
  voidedAt: z.string().nullable().default(null),
  voidedBy: z.string().nullable().default(null),
  voidReason: z.string().nullable().default(null),
  /** The test plan version it was judged against; null when its product had no plan. */
  planVersion: z.number().int().nullable().default(null),
  /** The limit it was judged against (unit included); null when none. */
  limit: z
    .object({
      lower: z.number().nullable(),
      upper: z.number().nullable(),
      unit: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type TestResult = z.infer<typeof testResultSchema>;
