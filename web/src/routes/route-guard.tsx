import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { ScrollManager } from '../components/shell/scroll-manager';
import { useAuth } from '../features/auth';
import { decideAccess, type SessionSnapshot } from './access';
import { isRouteHandle } from './route-handle';

/**
 * Applies the matched route's access rule before its layout or page loads. It is
 * a convenience for the user: the API enforces the same rules.
 */
export function RouteGuard() {
  const matches = useMatches();
  const location = useLocation();
  const { status, user, secondFactor } = useAuth();

  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const session: SessionSnapshot =
    status === 'signedIn' && user
      ? { status: 'signedIn', role: user.role, secondFactor }
      : { status: status === 'loading' ? 'loading' : 'signedOut' };

  const decision = decideAccess(handle?.access ?? 'public', session, location);
  const allowed = decision.type === 'allow';
  useEffect(() => {
    // Layout and page are separate chunks: fetch both now instead of one after the other.
    if (allowed) handle?.preload?.().catch(() => undefined);
  }, [allowed, handle]);

  if (decision.type === 'wait') return <PageLoader />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}
