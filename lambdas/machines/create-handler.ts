import { actorOf, createHttpHandler, created } from '../shared/http';
import { createMachine } from './repository';

/** `POST /api/machines` (admin): a machine and its key, shown in this answer only. */
export const handler = createHttpHandler('POST /api/machines', async ({ body, caller }) =>
  created(await createMachine(body, actorOf(caller))),
);
