import { actorOf, createHttpHandler, ok } from '../shared/http';
import { saveSiteSettings } from './repository';
import { settingsRoutes } from './routes';

/** `PUT /api/settings` (admin): saves the site settings, audited; a stale edit is `aborted`. */
export const handler = createHttpHandler(
  settingsRoutes,
  'PUT /api/settings',
  async ({ body, caller }) => ok(await saveSiteSettings(body, actorOf(caller))),
);
