import fc from 'fast-check';
import { API_ROUTES, pathParams, RouteDescriptor, routeKey } from '@gestar/contracts';
import { BodyInput, evilText, mutatedBody, mutatedQuery } from './support/fuzz-arbitraries';
import { Answer, call, createWorld, fixtures, World } from './support/world';

/**
 * Hostile input against the real API, as the administrator (so the permission
 * check never hides a crash): bodies, params and queries derived from each
 * route's request schemas and mutated. Nothing may answer >= 500, and a refused
 * request (4xx) may not change any table. `login_attempts` and `auditoria` are left
 * out on purpose: recording a refused login is what the rate limit is made of, and
 * the audit log records failed sign-ins and refused calls.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** One seed for the whole run, printed first: FUZZ_SEED=<seed> repeats it. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
jest.setTimeout(300_000);

let w: World;
let tables: string[];
const tried = { requests: 0, refused: 0, accepted: 0 };

/** One digest per table: row count plus a hash of every row (catches updates, not only inserts). */
async function digest(): Promise<Map<string, string>> {
  const sql = tables
    .map(
      (t) =>
        `SELECT '${t}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text AS d FROM "${t}" x`,
    )
    .join(' UNION ALL ');
  const rows: { t: string; d: string }[] = await w.t.ds.query(sql);
  return new Map(rows.map((r) => [r.t, r.d]));
}

beforeAll(async () => {
  console.log(`fuzz: semilla ${SEED} (repetir con FUZZ_SEED=${SEED}), ${RUNS} casos por ruta`);
  w = await createWorld();
  const rows: { table_name: string }[] = await w.t.ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('login_attempts', 'auditoria', 'migrations') ORDER BY table_name`,
  );
  tables = rows.map((r) => r.table_name);
});

afterAll(async () => {
  console.log(
    `fuzz: ${tried.requests} peticiones (${tried.refused} rechazadas 4xx, ${tried.accepted} aceptadas), 0 respuestas >= 500`,
  );
  await w?.close();
});

/** Real ids per param name and route, so a call reaches the service. */
async function idPools(): Promise<Record<string, string[]>> {
  const fx = fixtures(w);
  const { ids } = w;
  const spareUsers = [await fx.user(ids.areas.carp), await fx.user(ids.areas.log)];
  const schedules: { uuid: string }[] = await w.t.ds.query('SELECT uuid FROM programaciones_tareas');
  return {
    users: spareUsers,
    areas: Object.values(ids.areas),
    statuses: Object.values(ids.statuses),
    'type-task': [ids.taskType],
    'job-descriptions': [ids.jobPosition],
    tasks: Object.values(ids.tasks),
    'assigned-tasks': [...Object.values(ids.assigned), ids.users.operario],
    'scheduled-task': schedules.map((s) => s.uuid),
    notifications: [await fx.notification(ids.users.admin)],
    commentId: [ids.comment],
    suggestionId: [await fx.suggestion(ids.tasks.mesa, ids.users.operario)],
    format: ['csv', 'xlsx'],
    any: [
      ...Object.values(ids.areas),
      ids.users.operario,
      ids.users.jruiz,
      ids.roles.operario,
      ids.statuses.pendiente,
      ids.taskType,
      ids.jobPosition,
      ids.tasks.mesa,
      ids.assigned.mesa,
      '6f1c1f43-3c33-4a8e-9d55-5b0cf0ad4e10',
    ],
  };
}

function poolFor(pools: Record<string, string[]>, route: RouteDescriptor, param: string): string[] {
  if (pools[param]) return pools[param]!;
  const resource = route.path.split('/')[2] ?? '';
  return pools[resource] ?? pools.any!;
}

interface Input {
  params: Record<string, string>;
  query: Record<string, string>;
  body?: BodyInput;
}

function inputFor(route: RouteDescriptor, pools: Record<string, string[]>): fc.Arbitrary<Input> {
  const uuids = fc.constantFrom(...pools.any!);
  const names = pathParams(route.path);
  const paramArb = fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...poolFor(pools, route, n)) },
          { weight: 1, arbitrary: evilText },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryArb =
    route.method === 'GET' || route.query ? fc.oneof(fc.constant({}), mutatedQuery(route.query)) : fc.constant({});
  const bodyArb = route.body
    ? mutatedBody(route.body, uuids).map((b) => b as BodyInput | undefined)
    : fc.constant(undefined);
  return fc.record({ params: paramArb, query: queryArb, body: bodyArb }) as fc.Arbitrary<Input>;
}

function pathOf(route: RouteDescriptor, params: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}

// Login and refresh are public and fuzzed like the rest; the event stream is left
// out because a valid call never ends (call() drops it after the headers, which
// is fine, but it holds a connection per run for nothing).
const FUZZED = API_ROUTES.filter((r) => routeKey(r) !== 'GET /api/events');

describe('entrada hostil contra la API real', () => {
  let pools: Record<string, string[]>;
  beforeAll(async () => {
    pools = await idPools();
  });

  it.each(FUZZED.map((r) => [routeKey(r), r] as const))(
    '%s: nunca >= 500 y una negativa no escribe',
    async (_key, route) => {
      await fc.assert(
        fc.asyncProperty(inputFor(route, pools), async (input) => {
          const before = await digest();
          let res: Answer;
          try {
            res = await call(w, route.method, pathOf(route, input.params), {
              token: w.tokens.admin,
              query: input.query,
              ...(input.body === undefined
                ? {}
                : 'raw' in input.body
                  ? { rawBody: input.body.raw }
                  : { body: input.body.json }),
            });
          } catch (err) {
            throw new Error(`la llamada falló sin respuesta (¿se cayó el servidor?): ${(err as Error).message}`);
          }
          tried.requests++;
          if (res.status >= 500) throw new Error(`respuesta ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
          if (res.status >= 400) {
            tried.refused++;
            const after = await digest();
            const changed = tables.filter((t) => before.get(t) !== after.get(t));
            if (changed.length)
              throw new Error(`una petición rechazada (${res.status}) cambió las tablas ${changed.join(', ')}`);
          } else {
            tried.accepted++;
          }
        }),
        { numRuns: RUNS, endOnFailure: true, seed: SEED },
      );
    },
  );

  it('el servidor sigue respondiendo después de todo', async () => {
    const res = await call(w, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(tried.requests).toBeGreaterThan(FUZZED.length * RUNS * 0.9);
  });
});
