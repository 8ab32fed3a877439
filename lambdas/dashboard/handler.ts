import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { latestReportRequests } from '../report-requests/repository';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import { maskEmail, type DashboardFigures } from '../shared/contract/schemas/report-request';
import { createHttpHandler, ok } from '../shared/http';
import { keys } from '../shared/keys';
import { getStats } from '../shared/stats';

const days = 30;
const dayMs = 86_400_000;

/** The last 30 days' counts, oldest first, empty days as zeros: one Query of ≤ 30 items. */
async function dailyCounts(now: Date): Promise<DashboardFigures['daily']> {
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(now.getTime() - (days - 1 - index) * dayMs).toISOString().slice(0, 10),
  );
  const result = await getDocuments().send(
    new QueryCommand({
      TableName: getConfig().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.dailyPartition,
        ':from': dates[0],
        ':to': dates[days - 1],
      },
    }),
  );
  const byDate = new Map((result.Items ?? []).map((item) => [String(item.sk), item]));
  return dates.map((date) => {
    const item = byDate.get(date);
    return {
      date,
      reportRequests: Number(item?.reportRequests ?? 0),
      resultsPass: Number(item?.resultsPass ?? 0),
      resultsFail: Number(item?.resultsFail ?? 0),
    };
  });
}

/**
 * `GET /api/dashboard`: the counters item, the last 30 days and the last 5 requests:
 * three reads whatever the data size. Staff see the emails masked, admins in full.
 */
export const handler = createHttpHandler({}, async ({ caller }) => {
  const [stats, daily, latest] = await Promise.all([
    getStats(),
    dailyCounts(new Date()),
    latestReportRequests(5),
  ]);
  const admin = caller!.role === 'admin';
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
});
