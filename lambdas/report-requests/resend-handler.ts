import { AbortedError, NotFoundError } from '../shared/errors';
import { actorOf, createHttpHandler, ok } from '../shared/http';
import { summary } from './list-handler';
import { getReportRequest, moveStatus, resendRequest } from './repository';
import { reportRequestRoutes } from './routes';

/**
 * When a request has waited too long to be anything but stuck: a mailer that has not
 * finished within 10 minutes stopped mid-send (the outcome is unknown); a request still
 * `pending` after an hour left the stream for the dead-letter queue (lib/constructs,
 * `maxRecordAge`).
 */
const stuckAfterMs = { sending: 10 * 60_000, pending: 60 * 60_000 } as const;

/**
 * `POST /api/report-requests/{id}/resend` (admin): puts a failed mail back in the outbox
 * (`failed` -> `pending`; the stream hands it to the mailer again), or a stuck one: left in
 * `sending` by a mailer that stopped, or in `pending` after the stream gave up on it.
 * Asking twice changes nothing more (the moves are conditional); a sent report is not
 * sent again. The resend is recorded in the audit trail.
 */
export const handler = createHttpHandler(
  reportRequestRoutes,
  'POST /api/report-requests/{id}/resend',
  async ({ params, caller }) => {
    const request = await getReportRequest(params.id);
    if (!request) throw new NotFoundError('errors.reportRequestNotFound');
    if (request.status === 'sent') throw new AbortedError('errors.reportNotResendable');
    const age = Date.now() - Date.parse(request.statusAt);
    if (request.status === 'sending' && age > stuckAfterMs.sending) {
      // Through `failed`: the mailer takes only requests coming back from an outcome.
      await moveStatus(request.id, 'sending', 'failed', 'outcome unknown: the mailer stopped');
    }
    if (request.status === 'pending' && age > stuckAfterMs.pending) {
      await moveStatus(request.id, 'pending', 'failed', 'not delivered: retries exhausted');
    }
    await resendRequest(request.id, 'failed', actorOf(caller));
    return ok(summary((await getReportRequest(params.id)) ?? request, true));
  },
);
