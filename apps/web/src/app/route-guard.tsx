/**
 * Route guard (SPEC section 2.1): no token -> /login remembering where the
 * visitor was going; a screen whose permissions (ROUTE_PERMISSIONS) are
 * missing -> /not-authorized. `RequirePermissions` is the explicit guard for
 * a part of a screen: missing permissions -> /unauthorized.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canWith, type PermissionRule } from '../lib/can';
import { refreshSession, TERMINAL_HOME } from '../lib/api-client';
import { isTerminal } from '../lib/terminal-device';
import type { LoginRedirectState } from '../lib/login-redirect';
import { isTokenStale, useSession } from '../lib/session';
import { PageLoader } from '../components/page-loader';
import { APP_PATHS, accessForPath } from './route-permissions';

export function RouteGuard() {
  const session = useSession();
  const location = useLocation();
  const stale = session.token !== null && isTokenStale(session.payload);
  const [refreshFailed, setRefreshFailed] = useState(false);

  // An expired or unreadable token says nothing reliable about permissions:
  // refresh it before judging (a failed refresh sends the browser to /login).
  useEffect(() => {
    if (!stale) return;
    let cancelled = false;
    refreshSession().catch(() => {
      if (!cancelled) setRefreshFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [stale]);

  if (!session.token) {
    // At a shared terminal nobody types a password: back to the area's people.
    if (isTerminal()) return <Navigate to={TERMINAL_HOME} replace />;
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={APP_PATHS.login} replace state={state} />;
  }
  if (stale && !refreshFailed) return <PageLoader />;
  if (!canWith(session.permissions, true, accessForPath(location.pathname))) {
    return <Navigate to={APP_PATHS.notAuthorized} replace />;
  }
  return <Outlet />;
}

/** Renders `children` only when the user holds `permissions`; otherwise goes to /unauthorized. */
export function RequirePermissions({ permissions, children }: { permissions: PermissionRule; children: ReactNode }) {
  const session = useSession();
  if (!canWith(session.permissions, session.token !== null, permissions)) {
    return <Navigate to={APP_PATHS.unauthorized} replace />;
  }
  return <>{children}</>;
}
