import { staffOrAdmin, type ApiTable } from '../api-spec';
import { unitSerialParams, unitViewSchema } from '../schemas/unit';

/** The unit's page (docs/web-app.md): one call for everything it shows. */
export const unitApi = {
  'GET /api/serial-numbers/units/{serial+}': {
    summary: "A unit's record: its range and product, verdict, results, reports, link and history",
    access: staffOrAdmin,
    params: unitSerialParams,
    answers: { 200: unitViewSchema },
  },
} as const satisfies ApiTable;
