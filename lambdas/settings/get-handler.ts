import { createHttpHandler, ok } from '../shared/http';
import { getSiteSettings } from './repository';
import { settingsRoutes } from './routes';

/** `GET /api/settings` (staff, admin): the site settings in force. */
export const handler = createHttpHandler(settingsRoutes, 'GET /api/settings', async () =>
  ok(await getSiteSettings()),
);
