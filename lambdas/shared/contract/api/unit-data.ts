import type { ApiTable } from '../api-spec';
import { unitDataParams, unitDataSchema } from '../schemas/unit-data';

/**
 * A unit's public data as JSON: the target of its gs1:pip link (docs/identity-links.md).
 * Public, read-only, readable from any origin; an unknown serial is 404, as the resolver's.
 */
export const unitDataApi = {
  'GET /api/units/{serial+}': {
    summary: "A unit's public data: its identification link, production date and product",
    access: 'public',
    params: unitDataParams,
    answers: { 200: unitDataSchema },
  },
} as const satisfies ApiTable;
