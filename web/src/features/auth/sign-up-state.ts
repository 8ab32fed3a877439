import type { settingsApi } from '../../../../lambdas/shared/contract/api/settings';
import { routeUrls } from '../../lib/api-routes';
import { requestTimeoutMs } from '../../lib/network';

/** `GET /api/sign-up`, named from the contract without loading its schemas (the sign-in page). */
export const signUpStateUrl = routeUrls<typeof settingsApi>()('GET /api/sign-up', {});

/**
 * Whether people may create an account now (the site setting an admin switches, off by
 * default): the sign-in page offers "Create an account" only then. Read by hand, not with
 * the contract's schema, so the sign-in page's first load carries no zod; any failure
 * reads as closed (Cognito would refuse the sign-up then anyway).
 */
export async function isSignUpOpen(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(signUpStateUrl, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as unknown;
    return typeof body === 'object' && body !== null && (body as { open?: unknown }).open === true;
  } catch {
    return false;
  }
}
