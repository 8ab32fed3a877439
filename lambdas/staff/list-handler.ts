import { createHttpHandler, ok } from '../shared/http';
import { listStaff } from './service';
import { staffRoutes } from './routes';

/** `GET /api/staff`: accounts matching `filter`, sorted by name, a page at a time. */
export const handler = createHttpHandler(staffRoutes, 'GET /api/staff', async ({ query }) =>
  ok(await listStaff(query)),
);
