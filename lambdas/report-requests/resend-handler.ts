import { z } from 'zod';
import { AbortedError, NotFoundError } from '../shared/errors';
import { createHttpHandler, ok } from '../shared/http';
import { requestIdPattern } from './identifiers';
import { summary } from './list-handler';
import { getReportRequest, moveStatus } from './repository';

const paramsSchema = z.object({ id: z.string().regex(requestIdPattern) });

/** A mailer that has not finished within this time stopped mid-send: the outcome is unknown. */
const staleSendingMs = 10 * 60_000;

/**
 * `POST /api/report-requests/{id}/resend` (admin): puts a failed mail back in the outbox
 * (`failed` -> `pending`; the stream hands it to the mailer again), or one left in
 * `sending` by a mailer that stopped. Asking twice changes nothing more (the moves are
 * conditional); a sent report is not sent again.
 */
export const handler = createHttpHandler({ params: paramsSchema }, async ({ params }) => {
  const request = await getReportRequest(params.id);
  if (!request) throw new NotFoundError('errors.reportRequestNotFound');
  if (request.status === 'sent') throw new AbortedError('errors.reportNotResendable');
  if (request.status === 'sending' && Date.now() - Date.parse(request.statusAt) > staleSendingMs) {
    // Through `failed`: the mailer takes only requests coming back from an outcome.
    await moveStatus(request.id, 'sending', 'failed', 'outcome unknown: the mailer stopped');
  }
  await moveStatus(request.id, 'failed', 'pending');
  return ok(summary((await getReportRequest(params.id)) ?? request, true));
});
