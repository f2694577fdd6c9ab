import type { Location } from 'react-router';

/** What the route guard leaves in `location.state` when it sends a visitor to /login. */
export interface LoginRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after logging in: the page the guard interrupted, else '/'. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
