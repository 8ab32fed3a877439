import { authenticateMachine } from '../machines/authenticate';
import { touchMachine } from '../machines/repository';
import { createPublicHttpHandler, ok } from '../shared/http/public';
import { logger } from '../shared/logger';
import { ingestBatch } from './service';
import { machineDataRoutes } from './routes';

/**
 * `POST /api/machine-data/ingest` (machine key): up to 500 results. Refused whole when a
 * row is invalid; idempotent when re-sent.
 */
export const handler = createPublicHttpHandler(
  machineDataRoutes,
  'POST /api/machine-data/ingest',
  async ({ body, principal }) => {
    const summary = await ingestBatch(body, principal);
    // Bookkeeping after the batch is stored: its failure must not turn a stored batch into
    // an error the bench would resend.
    await touchMachine(principal).catch((error: unknown) =>
      logger.warn('machine last-used time not recorded', { error: String(error) }),
    );
    return ok(summary);
  },
  { authenticate: authenticateMachine },
);
