import { z } from 'zod';

/** `{id}` path parameter of a record; anything else answers not-found. */
export const idParams = z.object({ id: z.string().min(1).max(64) });
