import { listStaffQuerySchema } from '../shared/contract/schemas/staff';
import { createHttpHandler, ok } from '../shared/http';
import { listStaff } from './service';

/** `GET /api/staff`: accounts matching `filter`, sorted by name, a page at a time. */
export const handler = createHttpHandler({ query: listStaffQuerySchema }, async ({ query }) =>
  ok(await listStaff(query)),
);
