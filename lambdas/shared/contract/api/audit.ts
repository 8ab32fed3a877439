import { staffOrAdmin, type ApiTable } from '../api-spec';
import { auditPageSchema, listAuditQuerySchema } from '../schemas/audit';

/** The audit trail (docs/access-control.md, docs/api.md). */
export const auditApi = {
  'GET /api/audit': {
    summary: "The audit trail, newest first: a record's history, one's own actions, or the log",
    access: staffOrAdmin,
    query: listAuditQuerySchema,
    answers: { 200: auditPageSchema },
  },
} as const satisfies ApiTable;
