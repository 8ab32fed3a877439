import { labelApi } from '../shared/contract/api/labels';
import { implement } from '../shared/route-spec';

/** Nameplate labels of a serial range (docs/identity-links.md): its own function, with the fonts. */
export const labelRoutes = implement(labelApi, {
  'GET /api/serial-numbers/{id}/labels': { handler: 'lambdas/labels/handler.ts' },
  'GET /api/serial-numbers/labels': { handler: 'lambdas/labels/run-handler.ts' },
});
