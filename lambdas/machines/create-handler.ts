import { createMachineSchema } from '../shared/contract/schemas/machine-data';
import { createHttpHandler, created } from '../shared/http';
import { createMachine } from './repository';

/** `POST /api/machines` (admin): a machine and its key, shown in this answer only. */
export const handler = createHttpHandler({ body: createMachineSchema }, async ({ body, caller }) =>
  created(await createMachine(body, caller!.email)),
);
