import { createPublicHttpHandler, ok } from '../shared/http/public';
import { getSiteSettings } from './repository';
import { settingsRoutes } from './routes';

/**
 * `GET /api/sign-up` (public): whether people may create an account, the site setting the
 * sign-in and registration pages follow (the user pool's PreSignUp trigger enforces it).
 * One GetItem; browsers may keep the answer a few seconds.
 */
export const handler = createPublicHttpHandler(settingsRoutes, 'GET /api/sign-up', async () => ({
  ...ok({ open: (await getSiteSettings()).selfRegistration }),
  headers: { 'cache-control': 'public, max-age=5' },
}));
