import { z } from 'zod';

const count = z.number().int().nonnegative();

/** Answer of `GET /api/dashboard`: maintained counters and the newest machine record time. */
export const dashboardSchema = z.object({
  products: count,
  serialRanges: count,
  units: count,
  reportRequests: count,
  machineResults: count,
  /** ISO date-time of the newest machine test result, null when there is none. */
  lastMachineDataAt: z.string().nullable(),
});

export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardPath = '/api/dashboard';

export function parseDashboard(body: unknown): Dashboard {
  return dashboardSchema.parse(body);
}
