import * as z from 'zod';
import { latestReportRequests } from '../report-requests/repository';
import { maskEmail, type DashboardFigures } from '../shared/contract/schemas/report-request';
import { counterField, getStats } from '../shared/data/counters';
import { queries } from '../shared/keys';
import { queryItems } from '../shared/data/read';
import { createHttpHandler, ok } from '../shared/http';
import { dashboardRoutes } from './routes';

const days = 30;
const dayMs = 86_400_000;

/** One day's counters item; its sort key is the date. */
const daySchema = z.object({
  sk: z.string(),
  reportRequests: counterField.transform((value) => value ?? 0),
  resultsPass: counterField.transform((value) => value ?? 0),
  resultsFail: counterField.transform((value) => value ?? 0),
});

/** The last 30 days' counts, oldest first, empty days as zeros: one Query of ≤ 30 items. */
async function dailyCounts(now: Date): Promise<DashboardFigures['daily']> {
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(now.getTime() - (days - 1 - index) * dayMs).toISOString().slice(0, 10),
  );
  const items = await queryItems(queries.dailyBetween(dates[0]!, dates[days - 1]!), daySchema);
  const byDate = new Map(items.map((item) => [item.sk, item]));
  return dates.map((date) => {
    const item = byDate.get(date);
    return {
      date,
      reportRequests: item?.reportRequests ?? 0,
      resultsPass: item?.resultsPass ?? 0,
      resultsFail: item?.resultsFail ?? 0,
    };
  });
}

/**
 * `GET /api/dashboard`: the counters item, the last 30 days and the last 5 requests:
 * three reads whatever the data size. Staff see the emails masked, admins in full.
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
