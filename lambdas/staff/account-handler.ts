import { createHttpHandler, ok } from '../shared/http';
import { getOwnAccount } from './service';
import { staffRoutes } from './routes';

/** `GET /api/account`: the signed-in person's own account (the profile page). */
export const handler = createHttpHandler(staffRoutes, 'GET /api/account', async ({ caller }) =>
  ok(await getOwnAccount(caller)),
);
