import { reportNumberPattern } from '../shared/contract/schemas/report-request';
import { NotFoundError } from '../shared/errors';
import { createPublicHttpHandler } from '../shared/http/public';
import { countLookup } from '../shared/lookup-quota';
import { getCredential } from './repository';
import { reportRequestRoutes } from './routes';

/**
 * `GET /api/report-requests/verify/{reportNumber}/credential` (public): the report's
 * conformity credential as issued (docs/report-signatures.md), a W3C verifiable credential
 * secured with JOSE (`application/vc+jwt`). It never changes: a voided or superseded report's
 * credential still verifies as issued, and the verification route says where the report
 * stands. Counted against the client address's look-up quota, as the verification.
 */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'GET /api/report-requests/verify/{reportNumber}/credential',
  async ({ event, params }) => {
    await countLookup(event);
    const credential = reportNumberPattern.test(params.reportNumber)
      ? await getCredential(params.reportNumber)
      : undefined;
    if (!credential) throw new NotFoundError('errors.reportNotFound');
    return {
      status: 200 as const,
      binary: new TextEncoder().encode(credential),
      headers: {
        'content-type': 'application/vc+jwt',
        'content-disposition': `attachment; filename="${params.reportNumber}.jwt"`,
        // Public and immutable: a report's credential never changes once issued.
        'cache-control': 'public, max-age=86400, immutable',
      },
    };
  },
);
