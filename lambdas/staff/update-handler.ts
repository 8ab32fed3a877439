import { createHttpHandler, ok } from '../shared/http';
import { updateStaff } from './service';

/** `PATCH /api/staff/{id}`: change the role (approval) or switch the account off and on. */
export const handler = createHttpHandler(
  'PATCH /api/staff/{id}',
  async ({ body, params, caller }) => ok(await updateStaff(params.id, body, caller)),
);
