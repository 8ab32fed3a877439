import * as z from 'zod';

/** What a dependency's probe found. */
const probeState = z.enum(['ok', 'unreachable']);

/**
 * `GET /api/health`: `ok` (200) when every dependency answers, else `degraded` (503) with
 * the unreachable ones named.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    table: probeState,
    userPool: probeState,
    bucket: probeState,
    mail: probeState,
  }),
});
export type Health = z.infer<typeof healthSchema>;
