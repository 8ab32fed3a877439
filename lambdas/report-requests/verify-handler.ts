import { reportNumberPattern } from '../shared/contract/schemas/report-request';
import { NotFoundError } from '../shared/errors';
import { createPublicHttpHandler, ok } from '../shared/http/public';
import { firstResultSince } from '../machine-data/repository';
import { getVerification } from './repository';
import { reportRequestRoutes } from './routes';

/**
 * `GET /api/report-requests/verify/{reportNumber}` (public): what anyone holding a copy
 * needs to check it is genuine, and whether it is superseded (ISO/IEC 17025 7.8.8): when
 * the unit received results after the report was issued, `newerResultsSince` says since
 * when. The report stays verifiable as issued. It holds no personal data.
 */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'GET /api/report-requests/verify/{reportNumber}',
  async ({ params }) => {
    // A malformed number gets the same answer as an unknown one, without a read.
    const verification = reportNumberPattern.test(params.reportNumber)
      ? await getVerification(params.reportNumber)
      : undefined;
    if (!verification) throw new NotFoundError('errors.reportNotFound');
    const newerResultsSince = await firstResultSince(
      verification.serialNumber,
      verification.issuedAt,
    );
    return ok({ ...verification, newerResultsSince });
  },
);
