import { JOB_NAMES, todayIn } from '@gestar/contracts';
import { JobsService } from '../src/common/jobs/jobs.service';
import { SchedulerService, type TickResult } from '../src/modules/scheduled-tasks/scheduler.service';
import { type RemindersResult } from '../src/modules/reminders/reminders.service';
import { areaUuid, createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * The background jobs as a running application starts them: SCHEDULER_ENABLED on, every job
 * registered on the job runtime (pg-boss, in the same database) and scheduled there. The runtime
 * is stopped once its schedules are read, so the wall clock fires nothing in the middle of a test;
 * each job is then run as a worker runs it (`runNow`, never by calling the service directly).
 * jobs-multiprocess.e2e-spec.ts runs them on the runtime across two processes.
 */

describe('background jobs in a running application', () => {
  let t: TestApp;
  let jobs: JobsService;
  let scheduled: { name: string; cron: string; timezone: string }[];
  let queues: { name: string; policy: string; retry_limit: number; retry_backoff: boolean; heartbeat_seconds: number | null }[];
  let wasRunning: boolean;

  beforeAll(async () => {
    t = await createTestApp({ env: { SCHEDULER_ENABLED: 'true' } });
    jobs = t.app.get(JobsService);
    // A job an earlier version had and this one has not: its schedule goes at the next start.
    await jobs.runtime!.createQueue('trabajo-retirado');
    await jobs.runtime!.schedule('trabajo-retirado', '* * * * *');
    await jobs.stop();
    await jobs.onApplicationBootstrap();
    wasRunning = jobs.running;
    scheduled = await t.ds.query(`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`);
    queues = await t.ds.query(
      `SELECT name, policy, retry_limit, retry_backoff, heartbeat_seconds FROM pgboss.queue WHERE left(name, 2) <> '__' ORDER BY name`,
    );
    await jobs.stop();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const fire = async (): Promise<TickResult> => {
    const scheduler = t.app.get(SchedulerService);
    const spy = jest.spyOn(scheduler, 'runTick');
    await jobs.runNow('scheduled-tasks');
    const result = (await spy.mock.results[0]!.value) as TickResult;
    spy.mockRestore();
    return result;
  };

  it('every job is scheduled on the runtime with its period, in the company time zone, and started with the application', () => {
    expect(wasRunning).toBe(true);
    const periods: Record<string, string> = {
      'scheduled-tasks': '* * * * *',
      reminders: '* * * * *',
      'mail-retries': '* * * * *',
      'reminders-prune': '0 3 * * *',
      'audit-prune': '30 3 * * *',
      'sessions-prune': '30 3 * * *',
      'attachments-orphans': '0 4 * * *',
      'idempotency-prune': '0 * * * *',
      'calendar-holidays': '0 * * * *',
      'time-entries-auto-pause': '*/5 * * * *',
    };
    expect(scheduled).toEqual(
      [...JOB_NAMES].sort().map((name) => ({ name, cron: periods[name], timezone: t.config.timezone })),
    );
    // One run queued or running at a time whatever the processes; retried with backoff; a silent process's job taken back.
    const ours = queues.filter((q) => (JOB_NAMES as readonly string[]).includes(q.name));
    for (const q of ours) {
      expect(q).toEqual({ name: q.name, policy: 'exclusive', retry_limit: 3, retry_backoff: true, heartbeat_seconds: 30 });
    }
    expect(ours.map((q) => q.name).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('firing the job generates the occurrence due today, once per assignee', async () => {
    const [tipo] = await t.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const area = await areaUuid(t, 'Carpintería');
    const admin = await userUuid(t, 'admin');
    const operario = await userUuid(t, 'operario');
    const today = todayIn(t.config.timezone, new Date());
    const [task] = await t.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, activo) VALUES ('Aceitar bisagras', $1, $2, $3, true) RETURNING uuid`,
      [tipo.uuid, area, admin],
    );
    await t.ds.query(`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1, $2)`, [task.uuid, operario]);
    const [schedule] = await t.ds.query(
      `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
       VALUES ($1, 7, $2::date, 0, true) RETURNING uuid`,
      [task.uuid, today],
    );

    const tick = await fire();
    expect(tick.today).toBe(today);
    const rows: { empleado_uuid: string; fecha: string }[] = await t.ds.query(
      `SELECT empleado_uuid, to_char(fecha_ocurrencia, 'YYYY-MM-DD') AS fecha FROM tareas_asignadas WHERE programacion_uuid = $1`,
      [schedule.uuid],
    );
    expect(rows).toEqual([{ empleado_uuid: operario, fecha: today }]);
    const [next] = await t.ds.query(`SELECT to_char(proxima_ejecucion, 'YYYY-MM-DD') AS d FROM programaciones_tareas WHERE uuid = $1`, [
      schedule.uuid,
    ]);
    expect(next.d).not.toBe(today);

    // Fired again the same day: nothing new.
    await fire();
    const [again] = await t.ds.query(`SELECT count(*)::int AS c FROM tareas_asignadas WHERE programacion_uuid = $1`, [schedule.uuid]);
    expect(again.c).toBe(1);
  });

  it('the reminders job sends an overdue notice once, and records its runs', async () => {
    const { RemindersService } = await import('../src/modules/reminders/reminders.service');
    const reminders = t.app.get(RemindersService);
    const fireReminders = async (): Promise<RemindersResult> => {
      const spy = jest.spyOn(reminders, 'run');
      await jobs.runNow('reminders');
      const result = (await spy.mock.results[0]!.value) as RemindersResult;
      spy.mockRestore();
      return result;
    };

    const [tipo] = await t.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const [abierto] = await t.ds.query(`SELECT uuid FROM estados WHERE categoria = 'pendiente' ORDER BY "order" LIMIT 1`);
    const operario = await userUuid(t, 'operario');
    const [task] = await t.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ('Afilar formones', $1, $2, $3) RETURNING uuid`,
      [tipo.uuid, await areaUuid(t, 'Carpintería'), await userUuid(t, 'admin')],
    );
    const [occ] = await t.ds.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento) VALUES ($1, $2, $3, $4::date - 1) RETURNING uuid`,
      [task.uuid, operario, abierto.uuid, todayIn(t.config.timezone, new Date())],
    );
    const notices = async () =>
      (await t.ds.query(`SELECT titulo, tipo FROM notificaciones WHERE tarea_asignada_uuid = $1 AND usuario_uuid = $2`, [occ.uuid, operario])) as {
        titulo: string;
        tipo: string;
      }[];

    const first = await fireReminders();
    expect(first.vencidas).toBeGreaterThanOrEqual(1);
    expect(await notices()).toEqual([{ titulo: 'Tarea vencida', tipo: 'vencida' }]);
    await fireReminders();
    expect(await notices()).toHaveLength(1);
    const [runs]: { ejecuciones: string; ultima_ejecucion: Date | null }[] = await t.ds.query(
      `SELECT ejecuciones::text, ultima_ejecucion FROM trabajos WHERE nombre = 'reminders'`,
    );
    expect(Number(runs!.ejecuciones)).toBeGreaterThanOrEqual(2);
    expect(runs!.ultima_ejecucion).not.toBeNull();
  });

  it('a module registers a queue of its own: a job sent to it is worked once, with its data', async () => {
    const seen: { pieza: string }[] = [];
    const queue = jobs.queue<{ pieza: string }>('prueba-cola', async (data) => {
      seen.push(data);
    });
    // Queues are made when the runtime starts (registration happens while the modules are built).
    await expect(queue.send({ pieza: 'bisagra' })).rejects.toThrow('no recibe trabajos');
    await jobs.onApplicationBootstrap();
    try {
      const id = await queue.send({ pieza: 'bisagra' });
      expect(id).not.toBeNull();
      const deadline = Date.now() + 20_000;
      while (!seen.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([{ pieza: 'bisagra' }]);
      const state = async () => ((await t.ds.query(`SELECT state::text FROM pgboss.job WHERE id = $1`, [id])) as { state: string }[])[0]!.state;
      while ((await state()) !== 'completed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await state()).toBe('completed');
      expect(seen).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
