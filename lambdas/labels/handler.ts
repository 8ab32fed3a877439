import { preloadReportFonts } from '../report-requests/pdf/fonts';
import { createHttpHandler } from '../shared/http';
import { labelRoutes } from './routes';
import { labelPart } from './service';

preloadReportFonts();

/**
 * `GET /api/serial-numbers/{id}/labels?from=&to=&layout=&size=&part=&language=` (staff,
 * admin): one part of a run of nameplate labels as a PDF, its words in `language`.
 * `x-label-parts` and `x-label-count` tell the page how many parts to ask for (the Serial
 * Numbers page asks for them in turn).
 */
export const handler = createHttpHandler(
  labelRoutes,
  'GET /api/serial-numbers/{id}/labels',
  async ({ params, query }) => {
    const part = await labelPart(params.id, query);
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
