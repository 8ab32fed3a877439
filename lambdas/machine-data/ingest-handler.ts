import { authenticateMachine } from '../machines/authenticate';
import { touchMachine } from '../machines/repository';
import { createHttpHandler, ok } from '../shared/http';
import { ingestBatch } from './service';
import { machineDataRoutes } from './routes';

/**
 * `POST /api/machine-data/ingest` (machine key): up to 500 results. Refused whole when a
 * row is invalid; idempotent when re-sent.
 */
export const handler = createHttpHandler(
  machineDataRoutes,
  'POST /api/machine-data/ingest',
  async ({ body, principal }) => {
    const summary = await ingestBatch(body, principal);
    await touchMachine(principal);
    return ok(summary);
  },
  { authenticate: authenticateMachine },
);
