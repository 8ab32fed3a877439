import { createPublicHttpHandler, created } from '../shared/http/public';
import { clientAddress } from '../shared/lookup-quota';
import { preloadReportFonts } from './pdf/fonts';
import { requestReport } from './service';
import { reportRequestRoutes } from './routes';

// Read the fonts during the function's start-up, not in the first visitor's request.
preloadReportFonts();

/** `POST /api/report-requests` (public, rate limited): a visitor asks for a unit's report. */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'POST /api/report-requests',
  async ({ body, event }) => {
    const address = clientAddress(event.headers ?? {}, event.requestContext.http.sourceIp);
    return created(await requestReport(body, address));
  },
);
