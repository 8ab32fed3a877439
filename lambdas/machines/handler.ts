import { actorOf, createHttpHandlers, created, ok } from '../shared/http';
import { createMachine, listMachines, revokeMachine } from './repository';
import { machineRoutes } from './routes';

/**
 * Test benches' machine keys (admin), one function for their routes:
 * - `GET /api/machines`: machines in name order, with last use and revocation;
 * - `POST /api/machines`: a machine and its key, shown in this answer only;
 * - `DELETE /api/machines/{id}`: revokes the key; its results stay.
 */
export const handler = createHttpHandlers(machineRoutes, {
  'GET /api/machines': async ({ query }) => ok(await listMachines(query.limit, query.cursor)),
  'POST /api/machines': async ({ body, caller }) =>
    created(await createMachine(body, actorOf(caller))),
  'DELETE /api/machines/{id}': async ({ params, caller }) =>
    ok(await revokeMachine(params.id, actorOf(caller))),
});
