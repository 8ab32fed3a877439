import { createHttpHandler, ok } from '../shared/http';
import { changeOwnName } from './service';
import { staffRoutes } from './routes';

/** `PATCH /api/account`: the signed-in person changes their own name (the profile page). */
export const handler = createHttpHandler(
  staffRoutes,
  'PATCH /api/account',
  async ({ body, caller }) => ok(await changeOwnName(caller, body.name)),
);
