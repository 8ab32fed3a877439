import { createHttpHandler, ok } from '../shared/http';
import { importJobStanding } from './standing';
import { importRoutes } from './routes';

/** `GET /api/imports/{id}` (staff, admin): where an import stands. */
export const handler = createHttpHandler(
  importRoutes,
  'GET /api/imports/{id}',
  async ({ params }) => ok(await importJobStanding(params.id)),
);
