import { createHttpHandler, ok } from '../shared/http';
import { voidTestResult } from './service';
import { machineDataRoutes } from './routes';

/**
 * `POST /api/machine-data/{id}/void` (staff, admin): voids a wrong result with a reason. It
 * is kept, marked voided, and no longer counts for its unit's verdict (docs/machine-data.md).
 */
export const handler = createHttpHandler(
  machineDataRoutes,
  'POST /api/machine-data/{id}/void',
  async ({ params, body, caller }) => ok(await voidTestResult(params.id, body.reason, caller)),
);
