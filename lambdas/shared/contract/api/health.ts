import type { ApiTable } from '../api-spec';
import { healthSchema } from '../schemas/health';

/** The dependencies' probe, for monitors (docs/operations.md). */
export const healthApi = {
  'GET /api/health': {
    summary: 'Probes the table, user pool, bucket and mail: 200 when all answer, else 503',
    access: 'public',
    answers: { 200: healthSchema, 503: healthSchema },
  },
} as const satisfies ApiTable;
