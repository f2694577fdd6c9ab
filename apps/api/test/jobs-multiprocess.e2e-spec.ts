import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PgBoss } from 'pg-boss';
import { AUDIT_ROUTES, JobStatusListResponseSchema, todayIn } from '@gestar/contracts';
import { JobsService } from '../src/common/jobs/jobs.service';
import { SchedulerService, type TickResult } from '../src/modules/scheduled-tasks/scheduler.service';
import { urlForDatabase } from './setup/db';
import { freePort } from './support/ports';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * The job runtime's three promises (issue 32), each with two API processes on one database:
 * a recurring job runs once per period across them; a failed run is retried with backoff and kept
 * with its error; a process killed (SIGKILL) in the middle of a run loses nothing, the other one
 * runs the job later. The runtime's timing is shortened (JOBS_*), its behaviour is the production one.
 */
jest.setTimeout(180_000);

const FAST = {
  SCHEDULER_ENABLED: 'true',
  JOBS_POLL_SECONDS: '1',
  JOBS_MONITOR_SECONDS: '1',
  JOBS_HEARTBEAT_SECONDS: '10',
  JOBS_RETRY_LIMIT: '2',
  JOBS_RETRY_DELAY_SECONDS: '2',
};
const API_MAIN = join(__dirname, '..', 'dist', 'main.js');

let t: TestApp;
let a: TestApp;
let b: TestApp;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`No se cumplió a tiempo: ${what}`);
    await sleep(250);
  }
}

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  output: { message?: string } | null;
}
const jobRow = async (id: string): Promise<JobRow | undefined> =>
  ((await t.ds.query(`SELECT id, state::text, retry_count, output FROM pgboss.job WHERE id = $1`, [id])) as JobRow[])[0];

/** A due schedule of a task the operario is assigned to: one occurrence per run that produces it. */
async function dueSchedule(title: string): Promise<string> {
  const [tipo] = await t.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
  const [task] = await t.ds.query(
    `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, activo) VALUES ($1, $2, $3, $4, true) RETURNING uuid`,
    [title, tipo.uuid, await areaUuid(t, 'Carpintería'), await userUuid(t, 'admin')],
  );
  await t.ds.query(`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1, $2)`, [task.uuid, await userUuid(t, 'operario')]);
  const [schedule] = await t.ds.query(
    `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
     VALUES ($1, 7, $2::date, 0, true) RETURNING uuid`,
    [task.uuid, todayIn(t.config.timezone, new Date())],
  );
  return schedule.uuid as string;
}

const occurrencesOf = async (schedule: string): Promise<number> =>
  Number((await t.ds.query(`SELECT count(*)::int AS c FROM tareas_asignadas WHERE programacion_uuid = $1`, [schedule]))[0].c);

beforeAll(async () => {
  // The seeded database, served by a process that runs no jobs (the admin route is asked here).
  t = await createTestApp();
  // Two API processes that run the jobs, started at once.
  [a, b] = await Promise.all([createTestApp({ database: t.dbName, env: FAST }), createTestApp({ database: t.dbName, env: FAST })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await t?.close();
});

afterEach(() => jest.restoreAllMocks());

describe('one job runtime for every API process', () => {
  it('a recurring job runs once per period across both processes', async () => {
    // Both processes evaluate the every-minute schedule and both work its queue; the jobs it got are its runs.
    const runs = async (): Promise<{ created: number; state: string }[]> =>
      (
        (await t.ds.query(
          `SELECT extract(epoch FROM created_on) * 1000 AS created, state::text FROM pgboss.job WHERE name = 'scheduled-tasks' ORDER BY created_on`,
        )) as { created: string; state: string }[]
      ).map((r) => ({ created: Number(r.created), state: r.state }));
    const two = await until('dos períodos', async () => ((await runs()).length >= 2 ? runs() : null), 150_000);
    // Some seconds more: a second run of the last period would show now.
    await sleep(Math.max(0, two[1]!.created + 15_000 - Date.now()));
    const all = await until('las ejecuciones terminadas', async () => {
      const r = await runs();
      return r.every((x) => x.state === 'completed') ? r : null;
    }, 30_000);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.length).toBeLessThanOrEqual(3);
    // One job per minute (the period), whichever process sent and ran it.
    const perMinute = new Map<number, number>();
    for (const r of all) perMinute.set(Math.floor(r.created / 60_000), (perMinute.get(Math.floor(r.created / 60_000)) ?? 0) + 1);
    expect(perMinute.size).toBe(all.length);
    // Each job ran the tick once (both processes record their runs in the same row).
    const [row]: { ejecuciones: string }[] = await t.ds.query(`SELECT ejecuciones::text FROM trabajos WHERE nombre = 'scheduled-tasks'`);
    expect(Number(row!.ejecuciones)).toBeGreaterThanOrEqual(all.length);
    expect(Number(row!.ejecuciones)).toBeLessThanOrEqual((await runs()).length);
  }, 200_000);

  it('a failed run is retried with backoff and kept with its error, and the administrator sees it', async () => {
    const attempts: number[] = [];
    for (const app of [a, b]) {
      jest.spyOn(app.app.get(SchedulerService), 'runTick').mockImplementation(async () => {
        attempts.push(Date.now());
        throw new Error('La base de datos no respondió (prueba)');
      });
    }
    // One run now (while a run is queued or running the queue takes no other: wait for its place).
    let from = 0;
    const id = await until(
      'el trabajo enviado',
      () => {
        from = attempts.length;
        return a.app.get(JobsService).enqueue('scheduled-tasks');
      },
      70_000,
    );
    const failed = await until('el trabajo fallido', async () => ((await jobRow(id))?.state === 'failed' ? jobRow(id) : null), 60_000);
    jest.restoreAllMocks();
    expect(failed.retry_count).toBe(2);
    expect(failed.output?.message).toBe('La base de datos no respondió (prueba)');
    // Three tries; the waits between them about double (2-4 s, then 4-8 s; a fixed delay would wait 2 s each time).
    const tries = attempts.slice(from, from + 3);
    expect(tries).toHaveLength(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(1950);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(3950);

    const admin = await tokenFor(t, 'admin');
    const res = await t.http.get(AUDIT_ROUTES.jobs.path).set({ Authorization: `Bearer ${admin}` });
    expect(res.status).toBe(200);
    const list = parseWith(JobStatusListResponseSchema, res.body);
    const tick = list.data.find((j) => j.nombre === 'scheduled-tasks')!;
    expect(tick).toEqual(
      expect.objectContaining({
        descripcion: 'Generación de las tareas programadas',
        periodicidad: '* * * * *',
        ultimo_error: 'La base de datos no respondió (prueba)',
      }),
    );
    expect(tick.fallos).toBeGreaterThanOrEqual(3);
    expect(Date.now() - Date.parse(tick.ultimo_fallo!)).toBeLessThan(60_000);
    expect(Date.parse(tick.proxima_ejecucion!)).toBeGreaterThan(Date.now() - 1000);
    expect(Date.parse(tick.proxima_ejecucion!)).toBeLessThanOrEqual(Date.now() + 60_000);
    // Only who may read the audit log sees the jobs.
    expectError(await t.http.get(AUDIT_ROUTES.jobs.path).set({ Authorization: `Bearer ${await tokenFor(t, 'operario')}` }), 403);
  }, 150_000);

  it('a process that stops waits for the run it holds, which ends once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started: TestApp[] = [];
    const ended: TestApp[] = [];
    for (const app of [a, b]) {
      jest.spyOn(app.app.get(SchedulerService), 'runTick').mockImplementation(async () => {
        started.push(app);
        await held;
        ended.push(app);
        return { today: '', schedules: 0, occurrences: [] };
      });
    }
    const id = await until('el trabajo enviado', () => a.app.get(JobsService).enqueue('scheduled-tasks'), 70_000);
    await until('el trabajo en curso', async () => started.length > 0, 20_000);
    const holder = started[0]!;
    // The holder stops (as on SIGTERM): it waits for its run instead of dropping it.
    let stopped = false;
    const stopping = holder.app.get(JobsService).stop().then(() => (stopped = true));
    await sleep(1500);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ended).toEqual([holder]);
    expect((await jobRow(id))?.state).toBe('completed');
    expect(started).toHaveLength(1);
    // The stopped process starts working again for the next test.
    await holder.app.get(JobsService).onApplicationBootstrap();
  }, 120_000);

  it('a process killed in the middle of a run loses nothing: the other process runs the job later', async () => {
    // Only the process about to be killed works jobs while it starts.
    await Promise.all([a.app.get(JobsService).stop(), b.app.get(JobsService).stop()]);
    if (!existsSync(API_MAIN)) throw new Error(`Falta ${API_MAIN}: compile la API (pnpm exec turbo run build) antes de esta prueba`);
    const schedule = await dueSchedule('Revisar extintores');
    // One run waiting in the queue for the process that starts next.
    const sender = new PgBoss({ connectionString: urlForDatabase(t.dbName), schema: 'pgboss', supervise: false, schedule: false });
    await sender.start();
    const queued = await sender.send('scheduled-tasks', {});
    await sender.stop();
    expect(queued).not.toBeNull();

    // The run will stop at the schedules' table, held here, so it is killed mid-run.
    const holder = new Client({ connectionString: urlForDatabase(t.dbName) });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE programaciones_tareas IN ACCESS EXCLUSIVE MODE');

    const uploads = mkdtempSync(join(tmpdir(), 'gestar-adjuntos-'));
    let child: ChildProcess | undefined;
    let output = '';
    try {
      child = spawn(process.execPath, [API_MAIN], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DATABASE_URL: urlForDatabase(t.dbName),
          WEB_DIST_DIR: '/nonexistent',
          UPLOADS_DIR: uploads,
          DB_POOL_SIZE: '5',
          ...FAST,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.on('exit', (_code, signal) => resolve(signal)));

      // The killed process holds the run: its job is active and its statement waits on the table.
      await until(
        'el trabajo en curso en el proceso que se detiene',
        async () => {
          if (child!.exitCode !== null) throw new Error(`La API terminó antes de tiempo:\n${output}`);
          const [schema] = await t.ds.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss'`);
          if (!schema) return null;
          const row = await jobRow(queued!);
          if (row?.state !== 'active') return null;
          const [waiting] = await t.ds.query(
            `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%programaciones_tareas%' AND pid <> $1`,
            [(holder as unknown as { processID: number }).processID],
          );
          return waiting ? row : null;
        },
        90_000,
      );
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      rmSync(uploads, { recursive: true, force: true });
    }
    expect((await jobRow(queued!))?.state).toBe('active');
    expect(await occurrencesOf(schedule)).toBe(0);

    // The other process goes on working: the killed run's job comes back to it once the heartbeat is missed.
    const ran: Promise<TickResult>[] = [];
    const scheduler = b.app.get(SchedulerService);
    const original = scheduler.runTick.bind(scheduler);
    jest.spyOn(scheduler, 'runTick').mockImplementation((now?: Date) => {
      const run = original(now);
      ran.push(run);
      return run;
    });
    await b.app.get(JobsService).onApplicationBootstrap();
    const done = await until('el trabajo completado por el otro proceso', async () => {
      const row = await jobRow(queued!);
      return row?.state === 'completed' ? row : null;
    }, 60_000);
    expect(done.retry_count).toBeGreaterThanOrEqual(1);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(await occurrencesOf(schedule)).toBe(1);
    // Run again: the occurrence's key keeps it once.
    await b.app.get(JobsService).runNow('scheduled-tasks');
    expect(await occurrencesOf(schedule)).toBe(1);
  }, 150_000);
});
