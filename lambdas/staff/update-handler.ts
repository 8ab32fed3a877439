import { createHttpHandler, ok } from '../shared/http';
import { updateStaff } from './service';
import { staffRoutes } from './routes';

/** `PATCH /api/staff/{id}`: change the role (approval) or switch the account off and on. */
export const handler = createHttpHandler(
  staffRoutes,
  'PATCH /api/staff/{id}',
  async ({ body, params, caller }) => ok(await updateStaff(params.id, body, caller)),
);
