import { reportFaces } from '../report-requests/pdf/fonts';
import { createHttpHandler } from '../shared/http';
import { labelRoutes } from './routes';
import { labelPart } from './service';

// The fonts and harfbuzz load during Lambda's init phase, not in the first request.
// A failure is left to the first request, which loads them again and answers its error.
reportFaces().catch(() => undefined);

/**
 * `GET /api/serial-numbers/{id}/labels?from=&to=&layout=&size=&part=` (staff, admin): one
 * part of a run of nameplate labels as a PDF. `x-label-parts` and `x-label-count` tell the
 * page how many parts to ask for (the Serial Numbers page asks for them in turn).
 */
export const handler = createHttpHandler(
  labelRoutes,
  'GET /api/serial-numbers/{id}/labels',
  async ({ params, query }) => {
    const part = await labelPart(params.id, query);
    return {
      status: 200,
      binary: part.pdf,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${part.fileName}"`,
        'cache-control': 'no-store',
        'x-label-parts': String(part.parts),
        'x-label-count': String(part.count),
        'access-control-expose-headers': 'X-Label-Parts, X-Label-Count, Content-Disposition',
      },
    };
  },
);
