import { AbortedError, NotFoundError } from '../shared/errors';
import { actorOf, createHttpHandler, ok } from '../shared/http';
import { summary } from './list-handler';
import { failStuckRequest, getReportRequest, resendRequest } from './repository';
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
 * sent again. The resend, and the move of a stuck request to `failed`, are recorded in
 * the audit trail.
 */
export const handler = createHttpHandler(
  reportRequestRoutes,
  'POST /api/report-requests/{id}/resend',
  async ({ params, caller }) => {
    const request = await getReportRequest(params.id);
    if (!request) throw new NotFoundError('errors.reportRequestNotFound');
    // Sent already, or withheld (no report was issued: there is nothing to send).
    if (request.status === 'sent' || request.status === 'withheld') {
      throw new AbortedError('errors.reportNotResendable');
    }
    const age = Date.now() - Date.parse(request.statusAt);
    const actor = actorOf(caller);
    // Through `failed` (its own audit entry): the mailer takes only requests coming back
    // from an outcome.
    if (request.status === 'sending' && age > stuckAfterMs.sending) {
      await failStuckRequest(request, 'sending', 'outcome unknown: the mailer stopped', actor);
    }
    if (request.status === 'pending' && age > stuckAfterMs.pending) {
      await failStuckRequest(request, 'pending', 'not delivered: retries exhausted', actor);
    }
    await resendRequest(request, 'failed', actor);
    return ok(summary((await getReportRequest(params.id)) ?? request, true));
  },
);
