import { created, createHttpHandler } from '../shared/http';
import { createStaff } from './service';

/** `POST /api/staff`: an admin creates an account with its first password and role. */
export const handler = createHttpHandler('POST /api/staff', async ({ body, caller }) =>
  created(await createStaff(body, caller)),
);
