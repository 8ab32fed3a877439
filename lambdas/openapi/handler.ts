import { openApiDocument } from '../shared/contract/openapi';
import { createPublicHttpHandler, ok } from '../shared/http/public';
import { routeTable } from '../routes';
import { apiVersion } from '../shared/contract/api-version';
import { openApiRoutes } from './routes';

/** Made once per instance: the document is the contract, which a deploy alone changes. */
const document = openApiDocument(routeTable, apiVersion);

/**
 * `GET /api/openapi.json` (public): the API as an OpenAPI 3.1 document, for integrators of
 * test benches to generate a client from (docs/machine-data.md). Cached for an hour.
 */
export const handler = createPublicHttpHandler(
  openApiRoutes,
  'GET /api/openapi.json',
  async () => ({
    ...ok(document),
    headers: { 'cache-control': 'public, max-age=3600' },
  }),
);
