import { z } from 'zod';
import { updateStaffSchema } from '../shared/contract/schemas/staff';
import { createHttpHandler, ok } from '../shared/http';
import { updateStaff } from './service';

const paramsSchema = z.object({ id: z.string().min(1).max(128) });

/** `PATCH /api/staff/{id}`: change the role (approval) or switch the account off and on. */
export const handler = createHttpHandler(
  { body: updateStaffSchema, params: paramsSchema },
  async ({ body, params, caller }) => ok(await updateStaff(params.id, body, caller!)),
);
