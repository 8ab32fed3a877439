import * as z from 'zod';
import { deliveryStatuses } from './report-words';

/** A day's count. */
const count = z.number().int().nonnegative();
/** A total counter: null when the table holds a figure too large to represent exactly. */
const counter = count.nullable();

/** `GET /api/dashboard`: the counters, the last 30 days and the last requests. */
export const dashboardFiguresSchema = z.object({
  products: counter,
  serialRanges: counter,
  units: counter,
  reportRequests: counter,
  machineResults: counter,
  /** ISO date-time of the newest machine test result; null when there is none. */
  lastMachineDataAt: z.string().nullable(),
  /** The last 30 days (UTC dates), oldest first, days without activity included. */
  daily: z.array(
    z.object({
      date: z.iso.date(),
      reportRequests: count,
      resultsPass: count,
      resultsFail: count,
    }),
  ),
  /** The last 5 requests, newest first; emails masked for staff (`j***@example.com`). */
  recentRequests: z.array(
    z.object({
      requestedAt: z.string(),
      email: z.string(),
      serialNumber: z.string(),
      status: z.enum(deliveryStatuses),
    }),
  ),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
