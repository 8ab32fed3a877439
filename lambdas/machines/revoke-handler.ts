import { idParams } from '../shared/id-params';
import { createHttpHandler, ok } from '../shared/http';
import { revokeMachine } from './repository';

/** `DELETE /api/machines/{id}` (admin): revokes the key; its results stay. */
export const handler = createHttpHandler({ params: idParams }, async ({ params, caller }) =>
  ok(await revokeMachine(params.id, caller!.email)),
);
