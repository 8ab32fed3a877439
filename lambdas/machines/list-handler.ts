import { z } from 'zod';
import { listPageSchema } from '../shared/contract/schemas/product';
import { createHttpHandler, ok } from '../shared/http';
import { listMachines } from './repository';

const querySchema = z.strictObject({ limit: listPageSchema.limit, cursor: listPageSchema.cursor });

/** `GET /api/machines` (admin): machines in name order, with last use and revocation. */
export const handler = createHttpHandler({ query: querySchema }, async ({ query }) =>
  ok(await listMachines(query.limit, query.cursor)),
);
