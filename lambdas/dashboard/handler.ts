import { latestReportRequests } from '../report-requests/repository';
import type { DashboardFigures } from '../shared/contract/schemas/dashboard';
import { maskEmail } from '../shared/contract/schemas/report-request';
import { getDayCounts, getStats } from '../shared/data/counters';
import { createHttpHandler, ok } from '../shared/http';
import { dashboardRoutes } from './routes';

const days = 30;
const dayMs = 86_400_000;

/** The last 30 days' counts, oldest first, empty days as zeros: one Query. */
async function dailyCounts(now: Date): Promise<DashboardFigures['daily']> {
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(now.getTime() - (days - 1 - index) * dayMs).toISOString().slice(0, 10),
  );
  const counts = await getDayCounts(dates[0]!, dates[days - 1]!);
  return dates.map((date) => {
    const day = counts.get(date);
    return {
      date,
      reportRequests: day?.reportRequests ?? 0,
      resultsPass: day?.resultsPass ?? 0,
      resultsFail: day?.resultsFail ?? 0,
    };
  });
}

/**
 * `GET /api/dashboard`: the counters item, the last 30 days and the last 5 requests:
 * three reads whatever the data size (the counters' shards in one Query each). Staff see the emails masked, admins in full.
 */
export const handler = createHttpHandler(
  dashboardRoutes,
  'GET /api/dashboard',
  async ({ caller }) => {
    const [stats, daily, latest] = await Promise.all([
      getStats(),
      dailyCounts(new Date()),
      latestReportRequests(5),
    ]);
    const admin = caller.role === 'admin';
    const figures: DashboardFigures = {
      ...stats,
      daily,
      recentRequests: latest.map((request) => ({
        requestedAt: request.requestedAt,
        email: admin ? request.email : maskEmail(request.email),
        serialNumber: request.serialNumber,
        status: request.status,
      })),
    };
    return ok(figures);
  },
);
