import { dashboardApi } from '../../../../lambdas/shared/contract/api/dashboard';
import type { DashboardFigures } from '../../../../lambdas/shared/contract/schemas/dashboard';
import { answerParser } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';

/** Answer of `GET /api/dashboard`: counters, 30 days, the last requests. */
export type Dashboard = DashboardFigures;
export type DailyCounts = Dashboard['daily'][number];

/** `/api/dashboard`, for `useApiQuery`. */
export const dashboardPath = routeUrl(dashboardApi, 'GET /api/dashboard', {});

/** Reads the dashboard answer (for `useApiQuery`); a wrong shape is reported as `internal`. */
export const parseDashboard = answerParser(dashboardApi, 'GET /api/dashboard');
