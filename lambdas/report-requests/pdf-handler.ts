import { NotFoundError } from '../shared/errors';
import { createPublicHttpHandler } from '../shared/http/public';
import { getReportRequest } from './repository';
import { readPdf } from './pdf-store';
import { reportRequestRoutes } from './routes';

/**
 * `GET /api/report-requests/{id}/pdf` (public): the id is the secret. After the retention
 * the link answers `not-found` with the "expired" message, also before TTL and the
 * bucket lifecycle have removed the record and the object.
 */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'GET /api/report-requests/{id}/pdf',
  async ({ params }) => {
    const request = await getReportRequest(params.id);
    // A withheld request issued no report, and has no PDF.
    if (!request?.pdfKey) throw new NotFoundError();
    if (Date.parse(request.pdfExpiresAt) <= Date.now()) {
      throw new NotFoundError('errors.reportExpired');
    }
    const pdf = await readPdf(request.pdfKey);
    if (!pdf) throw new NotFoundError('errors.reportExpired');
    return {
      status: 200 as const,
      binary: pdf,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${request.reportNumber}.pdf"`,
        // Personal data: never kept by shared caches; the browser may reuse it briefly.
        'cache-control': 'private, max-age=300',
      },
    };
  },
);
