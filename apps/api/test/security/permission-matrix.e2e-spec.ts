import {
  API_ROUTES,
  buildPath,
  hasAllPermissions,
  hasAnyPermission,
  RouteDescriptor,
  routeKey,
} from '@gestar/contracts';
import { login, parseWith } from '../support/test-app';
import { MATRIX } from './support/matrix-table';
import { call, Caller, CALLERS, createWorld, fixtures, USERNAME, World } from './support/world';

/**
 * Every contract route x every kind of caller -> the status the rules say.
 * Route-level refusals (401 without a token, 403 without the descriptor's
 * permission) are computed from `access` and the roles' permissions as stored by
 * the roles migration; what the record-level rules decide comes from MATRIX.
 */
jest.setTimeout(120_000);

let w: World;
let perms: Record<Exclude<Caller, 'anonymous'>, string[]>;

beforeAll(async () => {
  w = await createWorld();
  const rows: { username: string; permisos: string[] }[] = await w.t.ds.query(
    `SELECT u.username, r.permisos FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid`,
  );
  const of = (username: string) => rows.find((r) => r.username === username)!.permisos;
  perms = {
    operario: of(USERNAME.operario),
    supervisorIn: of(USERNAME.supervisorIn),
    supervisorOut: of(USERNAME.supervisorOut),
    admin: of(USERNAME.admin),
    noPerm: of(USERNAME.noPerm),
  };
});

afterAll(async () => {
  await w?.close();
});

function selfOf(caller: Caller): string | null {
  const u = w.ids.users;
  const byCaller: Record<Caller, string | null> = {
    anonymous: null,
    operario: u.operario,
    supervisorIn: u.supervisor,
    supervisorOut: u.supervisor,
    admin: u.admin,
    noPerm: u.noPerm,
  };
  return byCaller[caller];
}

function successStatus(route: RouteDescriptor): number {
  return route.status ?? (route.method === 'POST' ? 201 : 200);
}

function expectedStatus(route: RouteDescriptor, caller: Caller, held: readonly string[]): number {
  const c = MATRIX[routeKey(route)]!;
  if (route.access === 'public') return successStatus(route);
  if (caller === 'anonymous') return 401;
  // A person's session is no terminal credential (terminals.e2e-spec.ts covers the device).
  if (route.access === 'terminal') return 401;
  if (typeof route.access === 'object') {
    const ok =
      'anyOf' in route.access
        ? hasAnyPermission(held, route.access.anyOf)
        : hasAllPermissions(held, route.access.allOf);
    if (!ok) return 403;
  }
  return c.record?.[caller] ?? successStatus(route);
}

describe('la tabla de la matriz', () => {
  it('cubre exactamente las rutas del contrato', () => {
    const keys = API_ROUTES.map(routeKey);
    const missing = keys.filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !keys.includes(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('declara a mano cada llamador de las rutas "authenticated" (las decide el servicio)', () => {
    const incomplete = API_ROUTES.filter((r) => r.access === 'authenticated')
      .filter((r) => CALLERS.some((c) => c !== 'anonymous' && MATRIX[routeKey(r)]?.record?.[c] === undefined))
      .map(routeKey);
    expect(incomplete).toEqual([]);
  });
});

describe.each(API_ROUTES.map((r) => [routeKey(r), r] as const))('%s', (key, route) => {
  it('answers every caller as the rules say', async () => {
    const c = MATRIX[key];
    if (!c) throw new Error(`${key} no está en la tabla de la matriz`);
    const fx = fixtures(w);
    const wrong: string[] = [];
    for (const caller of CALLERS) {
      const username = caller === 'anonymous' ? null : USERNAME[caller];
      const self = selfOf(caller);
      const held = caller === 'anonymous' ? [] : perms[caller];
      const want = expectedStatus(route, caller, held);
      const req = await c.prepare({ w, fx, ids: w.ids, caller, out: caller === 'supervisorOut', self });
      const res = await call(w, route.method, buildPath(route.path, req.params), {
        token: username ? (c.freshToken ? (await login(w.t, username)).token : w.tokens[username]) : undefined,
        body: req.body,
        query: req.query,
      });
      if (res.status !== want) {
        wrong.push(`${caller}: esperado ${want}, llegó ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      if (res.status < 300 && route.response && res.body !== null) parseWith(route.response, res.body);
    }
    if (wrong.length) throw new Error(`${key}\n  ${wrong.join('\n  ')}`);
  });
});
