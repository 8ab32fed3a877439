import { getAppUrl } from '../shared/app-url';
import { reportNumberPattern } from '../shared/contract/schemas/report-request';
import { NotFoundError } from '../shared/errors';
import { createPublicHttpHandler, ok } from '../shared/http/public';
import { countLookup } from '../shared/lookup-quota';
import { readUnitRecord } from '../units/repository';
import { laterFindings } from './verification';
import { getVerification } from './repository';
import { credentialPath } from './paths';
import { reportRequestRoutes } from './routes';

/**
 * `GET /api/report-requests/verify/{reportNumber}` (public): what anyone holding a copy
 * needs to check it is genuine, and what happened to its unit since (ISO/IEC 17025 7.8.8):
 * newer results (`newerResultsSince`), a void of a result it shows (`voidedSince`), a later
 * report with another verdict (`laterVerdict`), summed up as `standing`; and where its
 * conformity credential is (`credentialUrl`). The report stays verifiable as issued. One
 * GetItem and one Query of the unit's record; no personal data. Each look-up counts against
 * its client address's quota (429 beyond it, lookup-quota.ts).
 */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'GET /api/report-requests/verify/{reportNumber}',
  async ({ event, params }) => {
    await countLookup(event);
    // A malformed number gets the same answer as an unknown one, without a read.
    const verification = reportNumberPattern.test(params.reportNumber)
      ? await getVerification(params.reportNumber)
      : undefined;
    if (!verification) throw new NotFoundError('errors.reportNotFound');
    const { hasCredential, ...facts } = verification;
    const [record, appUrl] = await Promise.all([
      readUnitRecord(verification.serialNumber),
      getAppUrl(),
    ]);
    return ok({
      ...facts,
      ...laterFindings(verification, record),
      credentialUrl: hasCredential ? `${appUrl}${credentialPath(facts.reportNumber)}` : null,
    });
  },
);
