import { CronExpression, SchedulerRegistry } from '@nestjs/schedule';
import { todayIn } from '@gestar/contracts';
import { SchedulerService, type TickResult } from '../src/modules/scheduled-tasks/scheduler.service';
import { RemindersService, type RemindersResult } from '../src/modules/reminders/reminders.service';
import { areaUuid, createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * The generator as a running application starts it: scheduler enabled, the
 * `@Cron` job registered by `ScheduleModule` and fired through the job itself
 * (never by calling `runTick` directly). The job is stopped right after start
 * so the wall clock does not fire it in the middle of a test.
 */

const JOB = 'scheduled-tasks';
const REMINDERS_JOB = 'reminders';

describe('scheduler cron in a running application', () => {
  let t: TestApp;
  let registry: SchedulerRegistry;
  let scheduler: SchedulerService;
  let wasActive: boolean;
  let remindersWereActive: boolean;

  beforeAll(async () => {
    t = await createTestApp({ env: { SCHEDULER_ENABLED: 'true' } });
    registry = t.app.get(SchedulerRegistry);
    scheduler = t.app.get(SchedulerService);
    const job = registry.getCronJob(JOB);
    wasActive = job.isActive;
    job.stop();
    remindersWereActive = registry.getCronJob(REMINDERS_JOB).isActive;
    registry.getCronJob(REMINDERS_JOB).stop();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  /**
   * Fires the registered cron job `job` once and resolves with what the run it started returned
   * (null: none started); `target[method]` is the run the job's handler calls.
   */
  async function fireJob<T, K extends string>(job: string, target: Record<K, (now?: Date) => Promise<T>>, method: K): Promise<T | null> {
    const runs: Promise<T>[] = [];
    const original = target[method].bind(target);
    const spy = jest.spyOn(target, method as never).mockImplementation(((now?: Date) => {
      const p = original(now);
      runs.push(p);
      return p;
    }) as never);
    await registry.getCronJob(job).fireOnTick();
    spy.mockRestore();
    const result = runs.length ? await runs[0]! : null;
    // The handler's finally (the end of the run) runs before whatever comes next.
    await new Promise((resolve) => setImmediate(resolve));
    return result;
  }

  const fire = (): Promise<TickResult | null> =>
    fireJob(JOB, scheduler as unknown as Record<'runTick', (now?: Date) => Promise<TickResult>>, 'runTick');

  it('the job is registered every minute and started with the application', () => {
    const names = [...registry.getCronJobs().keys()];
    expect(names).toContain(JOB);
    const job = registry.getCronJob(JOB);
    expect(job.cronTime.source).toBe(CronExpression.EVERY_MINUTE);
    expect(wasActive).toBe(true);
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
    expect(tick).not.toBeNull();
    expect(tick!.today).toBe(today);
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

  it('a firing while a tick is still running is skipped', async () => {
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const started: number[] = [];
    jest.spyOn(scheduler, 'runTick').mockImplementation(async () => {
      started.push(started.length);
      await slow;
      return { today: '', schedules: 0, occurrences: [] };
    });
    const job = registry.getCronJob(JOB);
    await job.fireOnTick(); // starts a tick that does not end yet
    await job.fireOnTick(); // the next minute: the first tick is still running
    await job.fireOnTick();
    expect(started).toHaveLength(1);

    finish();
    await slow;
    // The running tick ends (its finally) before the next firing.
    await new Promise((resolve) => setImmediate(resolve));
    await job.fireOnTick();
    expect(started).toHaveLength(2);
  });

  it('the reminders job runs every minute too, and firing it sends an overdue notice once', async () => {
    expect(registry.getCronJob(REMINDERS_JOB).cronTime.source).toBe(CronExpression.EVERY_MINUTE);
    expect(remindersWereActive).toBe(true);
    // The e-mail retries run in this process too (SCHEDULER_ENABLED).
    expect(registry.getIntervals()).toContain('mail-retries');

    const reminders = t.app.get(RemindersService) as unknown as Record<'run', (now?: Date) => Promise<RemindersResult>>;
    const fireReminders = () => fireJob(REMINDERS_JOB, reminders, 'run');

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
    expect(first).not.toBeNull();
    expect(first!.vencidas).toBeGreaterThanOrEqual(1);
    expect(await notices()).toEqual([{ titulo: 'Tarea vencida', tipo: 'vencida' }]);
    await fireReminders();
    expect(await notices()).toHaveLength(1);
  });
});
