import { preloadReportFonts } from '../report-requests/pdf/fonts';
import { createHttpHandler } from '../shared/http';
import { labelRoutes } from './routes';
import { labelRunPart } from './service';

preloadReportFonts();

/**
 * `GET /api/serial-numbers/labels?ids=&layout=&size=&part=&language=` (staff, admin): one
 * part of a run of the labels of several whole ranges as a PDF, as the one-range route
 * answers (`x-label-parts`, `x-label-count`); the Serial Numbers page's "Print labels" of
 * the selected ranges.
 */
export const handler = createHttpHandler(
  labelRoutes,
  'GET /api/serial-numbers/labels',
  async ({ query }) => {
    const part = await labelRunPart(query);
    return {
      status: 200 as const,
      binary: part.pdf,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${part.fileName}"`,
        'cache-control': 'no-store',
        'x-label-parts': String(part.parts),
        'x-label-count': String(part.count),
      },
    };
  },
);
