import * as z from 'zod';
import { bodyMaterials } from '../shared/contract/materials';
import { testResultSchema, type TestResult } from '../shared/contract/schemas/test-result';

/**
 * A stored result: the API's shape with the result's own id (a hash of its key fields) and
 * the batch that brought it (absent on results stored before batches were kept with them).
 */
export const storedResultSchema = testResultSchema.extend({
  batchId: z.string().optional(),
  /** The range the result was counted on (docs/data-model.md). */
  rangeId: z.string().optional(),
  /**
   * The product and body material the statistics count it under (its range's when it was
   * stored); absent on results the statistics do not count yet (lambdas/statistics).
   */
  productId: z.string().optional(),
  material: z.enum(bodyMaterials).nullable().optional(),
});
export type StoredResult = z.infer<typeof storedResultSchema>;

/** The API's id of a result: its unit's serial and its own id (machine-data.ts `resultIdPattern`). */
export const apiResultId = (serial: string, id: string) =>
  `${Buffer.from(serial).toString('base64url')}.${id}`;

/** The unit's serial and the result's own id in an API id; undefined when it is not one. */
export function parseResultId(apiId: string): { serial: string; id: string } | undefined {
  const [serial, id] = apiId.split('.');
  if (!serial || !id) return undefined;
  const decoded = Buffer.from(serial, 'base64url').toString();
  return Buffer.from(decoded).toString('base64url') === serial
    ? { serial: decoded, id }
    : undefined;
}

/** A stored result as the API answers it. */
export const toApiResult = ({
  batchId: _batch,
  rangeId: _range,
  productId: _product,
  material: _material,
  ...result
}: StoredResult): TestResult => ({
  ...result,
  id: apiResultId(result.serialNumber, result.id),
});
