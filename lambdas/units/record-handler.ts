import { createHttpHandler, ok } from '../shared/http';
import { unitView } from './service';
import { unitRecordRoutes } from './routes';

/** `GET /api/serial-numbers/units/{serial}` (staff, admin): the unit's page in one call. */
export const handler = createHttpHandler(
  unitRecordRoutes,
  'GET /api/serial-numbers/units/{serial+}',
  async ({ params }) => ok(await unitView(params.serial)),
);
