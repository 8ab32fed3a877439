import { actorOf, createHttpHandler, ok } from '../shared/http';
import { revokeMachine } from './repository';

/** `DELETE /api/machines/{id}` (admin): revokes the key; its results stay. */
export const handler = createHttpHandler('DELETE /api/machines/{id}', async ({ params, caller }) =>
  ok(await revokeMachine(params.id, actorOf(caller))),
);
