import { staffOrAdmin, type ApiTable } from '../api-spec';
import { dashboardFiguresSchema } from '../schemas/dashboard';

/** The back office's start page (docs/api.md). */
export const dashboardApi = {
  'GET /api/dashboard': {
    summary: 'The counters, the last 30 days and the last 5 report requests',
    access: staffOrAdmin,
    answers: { 200: dashboardFiguresSchema },
  },
} as const satisfies ApiTable;
