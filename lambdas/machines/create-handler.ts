import { actorOf, createHttpHandler, created } from '../shared/http';
import { createMachine } from './repository';
import { machineRoutes } from './routes';

/** `POST /api/machines` (admin): a machine and its key, shown in this answer only. */
export const handler = createHttpHandler(
  machineRoutes,
  'POST /api/machines',
  async ({ body, caller }) => created(await createMachine(body, actorOf(caller))),
);
