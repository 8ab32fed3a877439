import { actorOf, createHttpHandler, ok } from '../shared/http';
import { revokeMachine } from './repository';
import { machineRoutes } from './routes';

/** `DELETE /api/machines/{id}` (admin): revokes the key; its results stay. */
export const handler = createHttpHandler(
  machineRoutes,
  'DELETE /api/machines/{id}',
  async ({ params, caller }) => ok(await revokeMachine(params.id, actorOf(caller))),
);
