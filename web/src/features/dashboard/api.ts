import * as z from 'zod';
import {
  deliveryStatuses,
  type DashboardFigures,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { parseAnswer } from '../../lib/api-client';

const count = z.number().int().nonnegative();
/** A total counter: null when the server holds a figure it cannot represent exactly. */
const counter = count.nullable();

/** Answer of `GET /api/dashboard` (`DashboardFigures`): counters, 30 days, the last requests. */
export const dashboardSchema = z.object({
  products: counter,
  serialRanges: counter,
  units: counter,
  reportRequests: counter,
  machineResults: counter,
  /** ISO date-time of the newest machine test result, null when there is none. */
  lastMachineDataAt: z.string().nullable(),
  /** The last 30 days (UTC dates), oldest first, days without activity included. */
  daily: z.array(
    z.object({
      date: z.string(),
      reportRequests: count,
      resultsPass: count,
      resultsFail: count,
    }),
  ),
  /** The last 5 requests, newest first; emails masked for staff. */
  recentRequests: z.array(
    z.object({
      requestedAt: z.string(),
      email: z.string(),
      serialNumber: z.string(),
      status: z.enum(deliveryStatuses),
    }),
  ),
}) satisfies z.ZodType<DashboardFigures>;

export type Dashboard = z.infer<typeof dashboardSchema>;
export type DailyCounts = Dashboard['daily'][number];

export const dashboardPath = '/api/dashboard';

/** Reads the dashboard answer (for `useApiQuery`); a wrong shape is reported as `internal`. */
export function parseDashboard(body: unknown): Dashboard {
  return parseAnswer(dashboardSchema, body);
}
