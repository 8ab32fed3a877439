import { createHttpHandler, ok } from '../shared/http';
import { listAudit } from './service';
import { auditRoutes } from './routes';

/**
 * `GET /api/audit`: one record's history (`entity` and `id`; staff and admin), the
 * caller's own actions (`actor` = their own id; staff and admin), or the whole log with
 * filters (admin). Newest first. The contract names the next page's
 * cursor `cursor` (null on the last page).
 */
export const handler = createHttpHandler(
  auditRoutes,
  'GET /api/audit',
  async ({ query, caller }) => {
    const page = await listAudit(query, caller);
    return ok({ items: page.items, cursor: page.nextCursor });
  },
);
