import { updateStaffSchema } from '../shared/contract/schemas/staff';
import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { updateStaff } from './service';

/** `PATCH /api/staff/{id}`: change the role (approval) or switch the account off and on. */
export const handler = createHttpHandler(
  { body: updateStaffSchema, params: idParams },
  async ({ body, params, caller }) => ok(await updateStaff(params.id, body, caller!)),
);
