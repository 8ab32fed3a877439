import { createHttpHandler, ok } from '../shared/http';
import { getOwnAccount } from './service';

/** `GET /api/account`: the signed-in person's own account (the profile page). */
export const handler = createHttpHandler({}, async ({ caller }) =>
  ok(await getOwnAccount(caller!)),
);
