import type { z } from 'zod';
import type { Permission } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, as the route-level guard sees it:
 * - `public`: nobody needs to be logged in;
 * - `authenticated`: any logged-in user (record-level rules live in the service);
 * - `terminal`: a registered, not revoked terminal's credential (`X-Terminal-Token`), no person;
 * - `{ anyOf }`: a logged-in user holding at least one of the permissions;
 * - `{ allOf }`: a logged-in user holding all of them.
 */
export type RouteAccess =
  'public' | 'authenticated' | 'terminal' | { anyOf: readonly Permission[] } | { allOf: readonly Permission[] };

export interface RouteDescriptor {
  method: HttpMethod;
  /** Express-style path under /api, e.g. `/api/users/:id`. */
  path: string;
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the name of its file field (`body` then describes the text fields). */
  multipart?: string;
  /** Response schema; `null` for a file download or an event stream. */
  response: z.ZodType | null;
  /** Answer status on success (default 200, 201 for POST creating a record). */
  status?: number;
  /** The messages this route answers with 409 (a conflict with existing data); the API docs list them. */
  conflicts?: readonly string[];
  /**
   * Answers of this route beyond those its shape implies (400 for what it validates, 401 and 403 by
   * its access rule, 404 by its ids, 409 by `conflicts`, 413 for a body, 503 for the database):
   * status -> the Spanish messages it answers with. The API docs list them.
   */
  errors?: { readonly [status: number]: readonly string[] };
  summary: string;
}

export function defineRoute<const R extends RouteDescriptor>(route: R): R {
  return route;
}

/** Fill `:name` params of a route path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`Falta el parámetro ${k}`);
    return encodeURIComponent(v);
  });
}

/** `METHOD /path`, the identity of a route (unique across API_ROUTES). */
export function routeKey(route: Pick<RouteDescriptor, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The `:name` params of a path pattern, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
}

/** Matches a concrete path (no query string) against a pattern; returns its params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('?')[0]!.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return null;
      params[w.slice(1)] = decodeURIComponent(g);
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/**
 * Orders two patterns the way a router must try them: at the first segment
 * where they differ, a static segment wins over a `:param` one. Negative
 * when `a` must come first.
 */
export function compareRouteSpecificity(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i]!.startsWith(':');
    const pb = sb[i]!.startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/**
 * The descriptor serving `method path`, static segments winning over params
 * (`/api/areas/usuarios` is never `/api/areas/:id`).
 */
export function findRoute<R extends RouteDescriptor>(
  routes: readonly R[],
  method: HttpMethod,
  path: string,
): { route: R; params: Record<string, string> } | undefined {
  const candidates = routes
    .filter((r) => r.method === method)
    .map((route) => ({ route, params: matchPath(route.path, path) }))
    .filter((c): c is { route: R; params: Record<string, string> } => c.params !== null)
    .sort((x, y) => compareRouteSpecificity(x.route.path, y.route.path));
  return candidates[0];
}
