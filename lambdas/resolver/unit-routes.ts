import * as z from 'zod';
import { maxPrefixLength, maxSerialDigits } from '../shared/contract/serial';
import type { RouteTable } from '../shared/route-spec';

/** `{serial}` of a unit: any text of a serial's length (an unknown one is 404). */
const unitParams = z.strictObject({
  serial: z
    .string()
    .min(1)
    .max(maxPrefixLength + maxSerialDigits),
});

/**
 * A unit's public data as JSON: the target of its gs1:pip link (docs/identity-links.md).
 * Public, read-only, no personal data.
 */
export const unitRoutes = {
  'GET /api/units/{serial+}': {
    handler: 'lambdas/resolver/unit-handler.ts',
    access: 'public',
    params: unitParams,
  },
} as const satisfies RouteTable;
