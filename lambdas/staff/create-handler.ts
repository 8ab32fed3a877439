import { created, createHttpHandler } from '../shared/http';
import { createStaff } from './service';
import { staffRoutes } from './routes';

/** `POST /api/staff`: an admin creates an account with its first password and role. */
export const handler = createHttpHandler(staffRoutes, 'POST /api/staff', async ({ body, caller }) =>
  created(await createStaff(body, caller)),
);
