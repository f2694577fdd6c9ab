import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  AreaListResponseSchema,
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  AttachmentListResponseSchema,
  AuditListResponseSchema,
  CommentListResponseSchema,
  JobPositionListResponseSchema,
  LoginResponseSchema,
  NonWorkingDayListResponseSchema,
  NotificationListResponseSchema,
  ReportResponseSchema,
  RoleListResponseSchema,
  ScheduledTaskListResponseSchema,
  StatusListResponseSchema,
  TaskListResponseSchema,
  TaskTypeListResponseSchema,
  UserListResponseSchema,
} from '@gestar/contracts';
import { createApp, prepareDatabase } from '../src/app.factory';
import { loadConfig } from '../src/config';
import { MIGRATIONS } from '../src/database/migrations';
import { adminQuery, dropDatabase, uniqueName, urlForDatabase } from './setup/db';
import { freePort } from './support/ports';
import { parseWith } from './support/test-app';

/**
 * Upgrades that migrate (issue 37, section 2). Each fixture in test/fixtures/upgrade is the database
 * of a previous release as its own code left it (scripts/upgrade-fixture.mjs: its migrations, its
 * demo seed, people's writes through its API, its jobs). Restored into a fresh database, the current
 * API starts on it: each pending migration applies once, every row is read back through the API
 * and parses with the contracts, and a second start changes nothing. Then two API processes
 * started together on another fresh restore apply each migration once.
 *
 * Each run creates its own databases under unique names and drops them, so the test can run again
 * (or beside another run) on the same server.
 */
jest.setTimeout(180_000);

const FIXTURES = join(__dirname, 'fixtures', 'upgrade');
const API_MAIN = join(__dirname, '..', 'dist', 'main.js');
const MIGRATE_JS = join(__dirname, '..', 'dist', 'database', 'migrate.js');
const PASSWORDS: Record<string, string> = {
  pintor1: 'pintor-clave-1234',
  pintor2: 'pintor-clave-1234',
  pintor3: 'pintor-clave-1234',
  pintor4: 'pintor-clave-1234',
  pintor5: 'pintor-clave-1234',
};
const JWT_SECRET = 'upgrade-secret-de-al-menos-treinta-y-dos-caracteres-0123';

interface Manifest {
  tag: string;
  commit: string;
  migrations: string[];
  counts: Record<string, number>;
}

const manifests: Manifest[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Manifest);

const current = MIGRATIONS.map((m) => m.name);

async function withDb<T>(name: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: urlForDatabase(name) });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database holding the release's dump, restored with the driver alone (plain SQL, no psql commands). */
async function restore(m: Manifest): Promise<string> {
  const name = uniqueName(`gestar_up_${m.tag.replace(/\W/g, '_')}`);
  await adminQuery(`CREATE DATABASE "${name}"`);
  const sql = gunzipSync(readFileSync(join(FIXTURES, `${m.tag}.sql.gz`))).toString('utf8');
  await withDb(name, (c) => c.query(sql));
  return name;
}

const migrationRows = (name: string) =>
  withDb(
    name,
    async (c) =>
      (
        await c.query<{ id: number; timestamp: string; name: string }>(
          `SELECT id, timestamp::text, name FROM migrations ORDER BY id`,
        )
      ).rows,
  );

/**
 * The schema as the catalog describes it: columns, constraints, indexes, triggers, functions,
 * views and sequences of the application's schema. pg_dump is not needed (nor its version).
 */
const schemaOf = (name: string) =>
  withDb(name, async (c) => {
    const { rows } = await c.query<{ k: string; d: string }>(`
      SELECT 'column' AS k, table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, '') || ' ' || is_nullable AS d
        FROM information_schema.columns WHERE table_schema = 'public'
      UNION ALL SELECT 'constraint', conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL SELECT 'index', indexdef FROM pg_indexes WHERE schemaname = 'public'
      UNION ALL SELECT 'trigger', pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND r.relnamespace = 'public'::regnamespace
      UNION ALL SELECT 'function', p.oid::regprocedure::text || ' ' || md5(pg_get_functiondef(p.oid))
        FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
      UNION ALL SELECT 'view', viewname || ' ' || md5(definition) FROM pg_views WHERE schemaname = 'public'
      UNION ALL SELECT 'sequence', sequencename FROM pg_sequences WHERE schemaname = 'public'
      ORDER BY 1, 2`);
    return rows.map((r) => `${r.k} ${r.d}`);
  });

/** Row count of every table of the application's schema. */
const countsOf = (name: string) =>
  withDb(name, async (c) => {
    const { rows } = await c.query<{ relname: string }>(
      `SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname`,
    );
    const out: Record<string, number> = {};
    for (const { relname } of rows)
      out[relname] = (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${relname}"`)).rows[0].n;
    return out;
  });

interface Started {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
  close(): Promise<void>;
}

/** The current API started on `name` as main.ts starts it: the app, then migrations and seed, then serving. */
async function start(name: string): Promise<Started> {
  const uploads = mkdtempSync(join(tmpdir(), 'gestar-upgrade-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: urlForDatabase(name),
    JWT_SECRET,
    SCHEDULER_ENABLED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    DB_POOL_SIZE: '5',
    UPLOADS_DIR: uploads,
  });
  const app = await createApp(config, { logger: ['error'] });
  await prepareDatabase(app, config);
  await app.init();
  return {
    app,
    http: request(app.getHttpServer()),
    ds: app.get(DataSource),
    async close() {
      await app.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

describe.each(manifests.map((m) => [m.tag, m] as const))('actualización desde %s', (_tag, m) => {
  const pending = current.filter((n) => !m.migrations.includes(n));
  let db: string;
  let api: Started | undefined;

  beforeAll(async () => {
    db = await restore(m);
  });
  afterAll(async () => {
    await api?.close();
    await dropDatabase(db);
  });

  it('la base restaurada es la de la versión anterior, con sus datos', async () => {
    // The release's migrations are a prefix of today's: an upgrade only adds.
    expect(current.slice(0, m.migrations.length)).toEqual(m.migrations);
    expect(pending.length).toBeGreaterThan(0);
    expect((await migrationRows(db)).map((r) => r.name)).toEqual(m.migrations);
    const counts = await countsOf(db);
    for (const [table, n] of Object.entries(m.counts))
      if (!table.includes('.')) expect([table, counts[table]]).toEqual([table, n]);
    // Every table the release had holds rows but the OpenID attempts (no provider where the fixture is made).
    expect(
      Object.entries(m.counts)
        .filter(([t, n]) => n === 0 && !t.includes('.'))
        .map(([t]) => t),
    ).toEqual(['oidc_intentos']);
  });

  it('el primer arranque aplica cada migración pendiente una vez, en orden', async () => {
    api = await start(db);
    const rows = await migrationRows(db);
    expect(rows.map((r) => r.name)).toEqual(current);
    expect(rows.slice(m.migrations.length).map((r) => r.name)).toEqual(pending);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('cada fila de la versión anterior se lee por la API y cumple los contratos', async () => {
    const s = api!;
    const tokens: Record<string, string> = {};
    const tokenOf = async (username: string) => {
      if (!tokens[username]) {
        const res = await s.http
          .post('/api/auth/login')
          .send({ username, password: PASSWORDS[username] ?? 'demo1234' });
        if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
        tokens[username] = parseWith(LoginResponseSchema, res.body).token;
      }
      return tokens[username];
    };
    const get = async <T extends z.ZodType>(who: string, path: string, schema: T): Promise<z.infer<T>> => {
      const res = await s.http.get(path).set('Authorization', `Bearer ${await tokenOf(who)}`);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
      return parseWith(schema, res.body);
    };
    /** Every page of a paged list; its items and its total. */
    const all = async <T extends z.ZodType<{ data: unknown[]; meta: { totalItems: number; totalPages: number } }>>(
      who: string,
      path: string,
      schema: T,
    ) => {
      const items: unknown[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const body = await get(who, `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100`, schema);
        items.push(...body.data);
        total = body.meta.totalItems;
        if (page >= body.meta.totalPages) break;
      }
      expect(items).toHaveLength(total);
      return items;
    };
    const c = m.counts;

    // Catalogs and people, as the administrator lists them.
    expect(await all('admin', '/api/areas', AreaListResponseSchema)).toHaveLength(c.areas);
    expect(await all('admin', '/api/statuses', StatusListResponseSchema)).toHaveLength(c.estados);
    expect(await all('admin', '/api/type-task', TaskTypeListResponseSchema)).toHaveLength(c.tipos_tarea);
    expect(await all('admin', '/api/job-descriptions', JobPositionListResponseSchema)).toHaveLength(
      c.descripciones_puesto,
    );
    expect(await all('admin', '/api/roles', RoleListResponseSchema)).toHaveLength(c.roles);
    const users = (await all('admin', '/api/users', UserListResponseSchema)) as { uuid: string; username: string }[];
    const inactive = (await all('admin', '/api/users?activo=false', UserListResponseSchema)) as { uuid: string }[];
    expect(new Set([...users, ...inactive].map((u) => u.uuid)).size).toBe(c.usuarios);
    const tasks = [
      ...(await all('admin', '/api/tasks', TaskListResponseSchema)),
      ...(await all('admin', '/api/tasks?activo=false', TaskListResponseSchema)),
    ] as { uuid: string }[];
    expect(new Set(tasks.map((t) => t.uuid)).size).toBe(c.tareas);
    expect(await all('admin', '/api/scheduled-task', ScheduledTaskListResponseSchema)).toHaveLength(
      c.programaciones_tareas,
    );

    // Every occurrence: in the report, and its detail, comments, history and attachments.
    const report = (await all(
      'admin',
      '/api/reports?start_date=2000-01-01&end_date=2100-12-31',
      ReportResponseSchema,
    )) as { uuid: string }[];
    expect(report).toHaveLength(c.tareas_asignadas);
    let comments = 0;
    let history = 0;
    let attachments = 0;
    for (const { uuid } of report) {
      await get('admin', `/api/assigned-tasks/${uuid}/detail`, AssignedTaskResponseSchema);
      for (let before: string | undefined; ;) {
        const page = await get(
          'admin',
          `/api/assigned-tasks/${uuid}/comments?limit=50${before ? `&antes=${before}` : ''}`,
          CommentListResponseSchema,
        );
        comments += page.data.length;
        if (!page.hay_mas) break;
        before = page.data.at(-1)!.uuid;
      }
      history += (await get('admin', `/api/assigned-tasks/${uuid}/history`, AssignedTaskHistoryResponseSchema)).length;
      attachments += (await get('admin', `/api/assigned-tasks/${uuid}/attachments`, AttachmentListResponseSchema))
        .length;
    }
    expect(comments).toBe(c.comentarios);
    expect(history).toBe(c.historial_tareas_asignadas);
    expect(attachments).toBe(c.adjuntos);

    // Each person who can still sign in reads their own notifications.
    let notifications = 0;
    for (const u of users) {
      if (!(u.username in PASSWORDS) && !['admin', 'supervisor', 'operario', 'mlopez', 'jruiz'].includes(u.username))
        continue;
      notifications += (await all(u.username, '/api/notifications', NotificationListResponseSchema)).length;
    }
    const [{ n: ofInactive }] = await s.ds.query(
      `SELECT count(*)::int AS n FROM notificaciones n JOIN usuarios u ON u.uuid = n.usuario_uuid WHERE NOT u.activo`,
    );
    expect(notifications + ofInactive).toBe(c.notificaciones);

    // The calendar's years, and the audit log's entries of the old release.
    const years = await s.ds.query(
      `SELECT DISTINCT extract(year FROM fecha)::int AS y FROM dias_no_laborables ORDER BY 1`,
    );
    let days = 0;
    for (const { y } of years)
      days += (await get('admin', `/api/calendar/non-working-days?anio=${y}`, NonWorkingDayListResponseSchema)).data
        .length;
    expect(days).toBe(c.dias_no_laborables);
    const audit = (await all('admin', '/api/audit', AuditListResponseSchema)) as unknown[];
    expect(audit.length).toBeGreaterThanOrEqual(c.auditoria);
  });

  it('un segundo arranque no cambia nada: ni el esquema, ni las migraciones, ni las filas', async () => {
    await api!.close();
    api = undefined;
    const before = { schema: await schemaOf(db), migrations: await migrationRows(db), counts: await countsOf(db) };
    api = await start(db);
    await api.close();
    api = undefined;
    // The migration command an operator runs by hand finds nothing to do either.
    if (!existsSync(MIGRATE_JS))
      throw new Error(`Falta ${MIGRATE_JS}: compile la API (pnpm exec turbo run build --filter=@gestar/api)`);
    const cmd = spawnSync(process.execPath, [MIGRATE_JS], {
      env: { PATH: process.env.PATH, DATABASE_URL: urlForDatabase(db) },
      encoding: 'utf8',
    });
    expect([cmd.status, cmd.stdout.trim()]).toEqual([0, 'Sin migraciones pendientes']);
    const after = { schema: await schemaOf(db), migrations: await migrationRows(db), counts: await countsOf(db) };
    expect(before.schema.length).toBeGreaterThan(100);
    expect(after.schema).toEqual(before.schema);
    expect(after.migrations).toEqual(before.migrations);
    expect(after.counts).toEqual(before.counts);
  });

  it('dos procesos de la API que arrancan a la vez aplican cada migración una vez', async () => {
    if (!existsSync(API_MAIN))
      throw new Error(`Falta ${API_MAIN}: compile la API (pnpm exec turbo run build --filter=@gestar/api)`);
    const fresh = await restore(m);
    const children: ChildProcess[] = [];
    const uploads = mkdtempSync(join(tmpdir(), 'gestar-upgrade-'));
    try {
      const ports = [await freePort(), await freePort()];
      const outputs = ports.map(() => ({ text: '' }));
      const exits = ports.map((port, i) => {
        const child = spawn(process.execPath, [API_MAIN], {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: urlForDatabase(fresh),
            JWT_SECRET,
            WEB_DIST_DIR: '/nonexistent',
            UPLOADS_DIR: uploads,
            DB_POOL_SIZE: '5',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        child.stdout!.on('data', (d) => (outputs[i].text += d));
        child.stderr!.on('data', (d) => (outputs[i].text += d));
        return new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      });
      // Polling stops once a process has answered or ended (a leftover loop would keep jest running).
      let settled = false;
      const healthy = (port: number, i: number) =>
        Promise.race([
          (async () => {
            while (!settled) {
              try {
                if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
              } catch {
                /* not yet listening */
              }
              await new Promise((r) => setTimeout(r, 200));
            }
          })(),
          exits[i].then((code) => {
            throw new Error(`El proceso ${i + 1} terminó (${code}) al arrancar:\n${outputs[i].text.slice(-3000)}`);
          }),
        ]);
      try {
        await Promise.all(ports.map((p, i) => healthy(p, i)));
      } finally {
        settled = true;
      }
      const rows = await migrationRows(fresh);
      expect(rows.map((r) => r.name)).toEqual(current);
      expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
      // Both say what they did: together, each pending migration exactly once.
      const applied = outputs.flatMap((o) => /Migraciones aplicadas: ([\w, ]+)/.exec(o.text)?.[1].split(', ') ?? []);
      expect(applied.sort()).toEqual([...pending].sort());
    } finally {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : undefined)));
      rmSync(uploads, { recursive: true, force: true });
      await dropDatabase(fresh);
    }
  });
});

it('hay al menos una base de una versión anterior a la actual para probar la actualización', () => {
  expect(manifests.length).toBeGreaterThan(0);
  const version = (tag: string) => tag.replace(/^v/, '').split('.').map(Number);
  const [maj, min, pat] = version(
    `v${(JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string }).version}`,
  );
  for (const m of manifests) {
    expect(m.tag).toMatch(/^v\d+\.\d+\.\d+$/);
    const [a, b, c] = version(m.tag);
    expect(a * 1e6 + b * 1e3 + c).toBeLessThan(maj * 1e6 + min * 1e3 + pat);
  }
});
