import { Client } from 'pg';
import { addDaysToCalendarDate, companyMidnight, diffCalendarDays, MESSAGES, SERVER_EVENTS } from '@gestar/contracts';
import { EventsService } from '../src/modules/events/events.service';
import type { GeneratedOccurrence } from '../src/modules/scheduled-tasks/occurrence-notifier';
import { SchedulerService } from '../src/modules/scheduled-tasks/scheduler.service';
import { urlForDatabase } from './setup/db';
import { areaUuid, createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * The generator against a real PostgreSQL, with two Nest applications on one
 * database standing for two API processes. Simulated time: `runTick(now)` is
 * called with instants chosen by the test (the cron is off: SCHEDULER_ENABLED=false).
 */

const TZ = 'America/Argentina/Buenos_Aires';

/** An instant at `hh:mm` company time on a calendar date. */
function at(date: string, hh = 9, mm = 0): Date {
  return new Date(companyMidnight(date, TZ).getTime() + (hh * 60 + mm) * 60_000);
}

interface Ctx {
  tipo: string;
  carpinteria: string;
  tapiceria: string;
  admin: string;
  operario: string;
  mlopez: string;
  supervisor: string;
  pendiente: string;
}

interface ScheduleSpec {
  interval: number;
  proxima: string;
  dias?: number;
  assignees: string[];
  area?: string;
  taskActive?: boolean;
  scheduleActive?: boolean;
}

describe('scheduler (generator)', () => {
  let a: TestApp;
  let b: TestApp;
  let ctx: Ctx;
  let genA: SchedulerService;
  let genB: SchedulerService;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.dbName });
    genA = a.app.get(SchedulerService);
    genB = b.app.get(SchedulerService);
    const [tipo] = await a.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const [pendiente] = await a.ds.query(`SELECT uuid FROM estados ORDER BY "order" LIMIT 1`);
    ctx = {
      tipo: tipo.uuid,
      pendiente: pendiente.uuid,
      carpinteria: await areaUuid(a, 'Carpintería'),
      tapiceria: await areaUuid(a, 'Tapicería'),
      admin: await userUuid(a, 'admin'),
      operario: await userUuid(a, 'operario'),
      mlopez: await userUuid(a, 'mlopez'),
      supervisor: await userUuid(a, 'supervisor'),
    };
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  beforeEach(async () => {
    // Each test owns the only schedules; occurrences already produced stay (programacion_uuid becomes null).
    await a.ds.query(`DELETE FROM programaciones_tareas`);
    await a.ds.query(`UPDATE usuarios SET activo = true`);
    jest.restoreAllMocks();
  });

  let seq = 0;
  async function schedule(spec: ScheduleSpec): Promise<{ schedule: string; task: string }> {
    seq += 1;
    const [task] = await a.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, activo) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
      [`Tarea programada ${seq}`, ctx.tipo, spec.area ?? ctx.carpinteria, ctx.admin, spec.taskActive ?? true],
    );
    for (const u of spec.assignees) await a.ds.query(`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1, $2)`, [task.uuid, u]);
    const [s] = await a.ds.query(
      `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
       VALUES ($1, $2, $3::date, $4, $5) RETURNING uuid`,
      [task.uuid, spec.interval, spec.proxima, spec.dias ?? 0, spec.scheduleActive ?? true],
    );
    return { schedule: s.uuid, task: task.uuid };
  }

  interface OccRow {
    uuid: string;
    programacion_uuid: string;
    empleado_uuid: string;
    fecha_ocurrencia: string;
    fecha_vencimiento: string;
    estado_uuid: string;
    historial: number;
  }
  async function occurrencesOf(scheduleUuids: string[]): Promise<OccRow[]> {
    return a.ds.query(
      `SELECT ta.uuid, ta.programacion_uuid, ta.empleado_uuid, to_char(ta.fecha_ocurrencia, 'YYYY-MM-DD') AS fecha_ocurrencia,
              to_char(ta.fecha_vencimiento, 'YYYY-MM-DD') AS fecha_vencimiento, ta.estado_uuid,
              (SELECT count(*)::int FROM historial_tareas_asignadas h WHERE h.tarea_asignada_uuid = ta.uuid AND h.tipo = 'asignacion' AND h.usuario_uuid IS NULL) AS historial
         FROM tareas_asignadas ta WHERE ta.programacion_uuid = ANY($1::uuid[])
        ORDER BY ta.fecha_ocurrencia, ta.programacion_uuid, ta.empleado_uuid`,
      [scheduleUuids],
    );
  }
  async function scheduleState(uuid: string) {
    const [row] = await a.ds.query(
      `SELECT to_char(proxima_ejecucion, 'YYYY-MM-DD') AS proxima, total_generadas, ultima_ejecucion FROM programaciones_tareas WHERE uuid = $1`,
      [uuid],
    );
    return row as { proxima: string; total_generadas: number; ultima_ejecucion: Date | null };
  }

  it('two processes ticking concurrently for 210 simulated days produce every occurrence exactly once', async () => {
    const start = '2028-01-15'; // crosses 29 February 2028 and several month ends
    const days = 210;
    const intervals = [1, 2, 3, 7, 15, 30, 60, 90, 365, 1, 7, 30];
    const specs: ScheduleSpec[] = [];
    // 72 schedules in claim batches of 16: several batches, so the processes (and each tick's workers) split them.
    genA.batchSize = 16;
    genB.batchSize = 16;
    for (let k = 0; k < 72; k++) {
      const assignees = k % 3 === 0 ? [ctx.operario, ctx.mlopez] : k % 3 === 1 ? [ctx.operario] : [ctx.mlopez, ctx.supervisor];
      specs.push({ interval: intervals[k % intervals.length], proxima: addDaysToCalendarDate(start, k % 11), dias: k % 4, assignees });
    }
    const created: { schedule: string; task: string }[] = [];
    for (const s of specs) created.push(await schedule(s));
    // Producing nothing: an inactive schedule and an active schedule of an inactive task.
    const off = await schedule({ interval: 1, proxima: start, assignees: [ctx.operario], scheduleActive: false });
    const inactiveTask = await schedule({ interval: 1, proxima: start, assignees: [ctx.operario], taskActive: false });

    const notified: GeneratedOccurrence[] = [];
    for (const g of [genA, genB]) {
      jest.spyOn(g.notifier, 'notifyGenerated').mockImplementation(async (occ) => {
        notified.push(...occ);
      });
    }

    for (let d = 0; d < days; d++) {
      const day = addDaysToCalendarDate(start, d);
      // Both processes tick the same minute, twice a day (just after midnight and at noon), all at once.
      await Promise.all([genA.runTick(at(day, 0, 1)), genB.runTick(at(day, 0, 1)), genA.runTick(at(day, 12)), genB.runTick(at(day, 12))]);
    }
    const last = addDaysToCalendarDate(start, days - 1);

    const expected = new Set<string>();
    specs.forEach((s, k) => {
      for (let occ = s.proxima; occ <= last; occ = addDaysToCalendarDate(occ, s.interval)) {
        for (const u of s.assignees) expected.add(`${created[k].schedule}|${occ}|${u}|${addDaysToCalendarDate(occ, s.dias ?? 0)}`);
      }
    });
    const rows = await occurrencesOf(created.map((c) => c.schedule));
    const actual = rows.map((r) => `${r.programacion_uuid}|${r.fecha_ocurrencia}|${r.empleado_uuid}|${r.fecha_vencimiento}`);
    expect(new Set(actual).size).toBe(actual.length); // no duplicate
    const actualSet = new Set(actual);
    expect([...expected].filter((e) => !actualSet.has(e))).toEqual([]); // none missing
    expect(actual.filter((e) => !expected.has(e))).toEqual([]); // nothing extra
    expect(actual.length).toBeGreaterThan(2000);
    expect(rows.every((r) => r.estado_uuid === ctx.pendiente && r.historial === 1)).toBe(true);

    // Each schedule counted what it produced and points after the last simulated day.
    for (let k = 0; k < specs.length; k++) {
      const st = await scheduleState(created[k].schedule);
      expect(st.total_generadas).toBe(rows.filter((r) => r.programacion_uuid === created[k].schedule).length);
      expect(st.proxima > last).toBe(true);
      expect(diffCalendarDays(specs[k].proxima, st.proxima) % specs[k].interval).toBe(0);
    }
    expect(await occurrencesOf([off.schedule, inactiveTask.schedule])).toEqual([]);
    expect((await scheduleState(off.schedule)).proxima).toBe(start);

    // The notification hook got every new occurrence once, from whichever process produced it.
    expect(notified.map((o) => o.uuid).sort()).toEqual(rows.map((r) => r.uuid).sort());
  }, 240_000);

  it('rules: two processes produce weekly, month-end, last-friday and ending schedules exactly once', async () => {
    const start = '2028-01-15'; // a Saturday; crosses 29 February 2028
    const days = 110;
    const rules: { regla: string | null; intervalo?: number; fin?: string; repeticiones?: number; expected: string[] | ((d: string) => boolean) }[] = [
      { regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR', expected: (d) => [1, 3, 5].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) },
      { regla: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', expected: ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'] },
      { regla: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR', expected: ['2028-01-28', '2028-02-25', '2028-03-31', '2028-04-28'] },
      { regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU', repeticiones: 3, expected: ['2028-01-18', '2028-01-25', '2028-02-01'] },
      { regla: null, intervalo: 2, fin: '2028-01-25', expected: ['2028-01-15', '2028-01-17', '2028-01-19', '2028-01-21', '2028-01-23', '2028-01-25'] },
    ];
    const last = addDaysToCalendarDate(start, days - 1);
    const created: string[] = [];
    for (const r of rules) {
      const { schedule: uuid } = await schedule({ interval: r.intervalo ?? 1, proxima: start, assignees: [ctx.operario, ctx.mlopez] });
      await a.ds.query(`UPDATE programaciones_tareas SET regla = $2, inicio = $3::date, fin = $4::date, repeticiones = $5 WHERE uuid = $1`, [
        uuid,
        r.regla,
        start,
        r.fin ?? null,
        r.repeticiones ?? null,
      ]);
      created.push(uuid);
    }
    // The first date of a rule, as the service stores it.
    await a.ds.query(`UPDATE programaciones_tareas SET proxima_ejecucion = $2::date WHERE uuid = $1`, [created[0], '2028-01-17']);
    await a.ds.query(`UPDATE programaciones_tareas SET proxima_ejecucion = $2::date WHERE uuid = $1`, [created[1], '2028-01-31']);
    await a.ds.query(`UPDATE programaciones_tareas SET proxima_ejecucion = $2::date WHERE uuid = $1`, [created[2], '2028-01-28']);
    await a.ds.query(`UPDATE programaciones_tareas SET proxima_ejecucion = $2::date WHERE uuid = $1`, [created[3], '2028-01-18']);
    for (const g of [genA, genB]) jest.spyOn(g.notifier, 'notifyGenerated').mockResolvedValue(undefined);

    for (let d = 0; d < days; d++) {
      const day = addDaysToCalendarDate(start, d);
      await Promise.all([genA.runTick(at(day, 0, 1)), genB.runTick(at(day, 0, 1))]);
    }
    const rows = await occurrencesOf(created);
    const keys = rows.map((r) => `${r.programacion_uuid}|${r.fecha_ocurrencia}|${r.empleado_uuid}`);
    expect(new Set(keys).size).toBe(keys.length);
    rules.forEach((r, k) => {
      const dates = [...new Set(rows.filter((row) => row.programacion_uuid === created[k]).map((row) => row.fecha_ocurrencia))];
      if (typeof r.expected === 'function') {
        const want: string[] = [];
        for (let d = '2028-01-17'; d <= last; d = addDaysToCalendarDate(d, 1)) if (r.expected(d)) want.push(d);
        expect(dates).toEqual(want);
      } else {
        expect(dates).toEqual(r.expected);
      }
      expect(rows.filter((row) => row.programacion_uuid === created[k])).toHaveLength(dates.length * 2);
    });
    const states = (await a.ds.query(
      `SELECT uuid, activo, fechas_generadas FROM programaciones_tareas WHERE uuid = ANY($1::uuid[])`,
      [created],
    )) as { uuid: string; activo: boolean; fechas_generadas: number }[];
    const state = (k: number) => states.find((s) => s.uuid === created[k])!;
    // The counted and the dated series turned themselves off after their last date; the others go on.
    expect([state(3).activo, state(3).fechas_generadas, state(4).activo, state(4).fechas_generadas]).toEqual([false, 3, false, 6]);
    expect([state(0).activo, state(1).activo, state(2).activo]).toEqual([true, true, true]);
  }, 240_000);

  it('the company calendar: a holiday or a Sunday is skipped or moved as the schedule says; a lead produces days before', async () => {
    // Fridays from Saturday 15 January 2028; Friday 21 January is a holiday. Sundays are days off.
    await a.ds.query(`INSERT INTO dias_no_laborables (fecha, descripcion) VALUES ('2028-01-21', 'Feriado de prueba') ON CONFLICT DO NOTHING`);
    const make = async (regla: string, proxima: string, policy: string, lead = 0) => {
      const { schedule: uuid } = await schedule({ interval: 1, proxima, assignees: [ctx.operario] });
      await a.ds.query(
        `UPDATE programaciones_tareas SET regla = $2, inicio = '2028-01-15', dias_no_laborables = $3, anticipacion_dias = $4 WHERE uuid = $1`,
        [uuid, regla, policy, lead],
      );
      return uuid;
    };
    const moved = await make('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR', '2028-01-21', 'siguiente_habil');
    const skipped = await make('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR', '2028-01-21', 'omitir');
    const kept = await make('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR', '2028-01-21', 'generar');
    const sunday = await make('FREQ=WEEKLY;INTERVAL=1;BYDAY=SU', '2028-01-16', 'siguiente_habil');
    const early = await make('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR', '2028-01-21', 'generar', 2);
    jest.spyOn(genA.notifier, 'notifyGenerated').mockResolvedValue(undefined);
    const produced: Record<string, string[]> = {};
    for (let d = 0; d < 14; d++) {
      const day = addDaysToCalendarDate('2028-01-15', d);
      await genA.runTick(at(day, 0, 1));
      for (const row of await occurrencesOf([moved, skipped, kept, sunday, early])) {
        const key = `${row.programacion_uuid}|${row.fecha_ocurrencia}`;
        produced[key] ??= [day];
      }
    }
    const datesOf = async (uuid: string) => (await occurrencesOf([uuid])).map((r) => r.fecha_ocurrencia);
    expect(await datesOf(moved)).toEqual(['2028-01-22', '2028-01-28']);
    expect(await datesOf(skipped)).toEqual(['2028-01-28']);
    expect(await datesOf(kept)).toEqual(['2028-01-21', '2028-01-28']);
    expect(await datesOf(sunday)).toEqual(['2028-01-17', '2028-01-24']);
    // With a 2-day lead the 21 January occurrence exists from Wednesday the 19th.
    expect(await datesOf(early)).toEqual(['2028-01-21', '2028-01-28']);
    expect(produced[`${early}|2028-01-21`]).toEqual(['2028-01-19']);
    expect(produced[`${kept}|2028-01-21`]).toEqual(['2028-01-21']);
    await a.ds.query(`DELETE FROM dias_no_laborables WHERE fecha = '2028-01-21'`);
  });

  it('a process killed in the middle of a tick leaves no duplicate and no gap', async () => {
    const day = '2030-05-10';
    const s = await schedule({ interval: 1, proxima: day, dias: 1, assignees: [ctx.operario, ctx.mlopez] });

    // Another session holds the first status row locked, so process A's tick stops inside its transaction: after
    // claiming the schedule, at the insert of the assigned tasks (whose foreign key check must share-lock that row).
    const blocker = new Client({ connectionString: urlForDatabase(a.dbName) });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM estados WHERE uuid = $1 FOR UPDATE`, [ctx.pendiente]);
    const tick = genA.runTick(at(day));
    const outcome = tick.then(
      () => 'completed',
      (err: Error) => err.message,
    );
    let victim: number | null = null;
    for (let i = 0; i < 100 && victim === null; i++) {
      const rows: { pid: number }[] = await a.ds.query(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO tareas_asignadas%' AND pid <> $1`,
        [(blocker as unknown as { processID: number }).processID],
      );
      if (rows[0]) victim = rows[0].pid;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(victim).not.toBeNull();
    // While A waits the schedule is locked: process B skips it instead of producing it a second time.
    expect((await genB.runTick(at(day))).occurrences).toEqual([]);
    await a.ds.query(`SELECT pg_terminate_backend($1)`, [victim]);
    expect(await outcome).not.toBe('completed');
    await blocker.query('ROLLBACK');
    await blocker.end();

    // Nothing of the killed transaction remains: the schedule is still due and untouched.
    expect(await occurrencesOf([s.schedule])).toEqual([]);
    expect(await scheduleState(s.schedule)).toMatchObject({ proxima: day, total_generadas: 0, ultima_ejecucion: null });

    // The next tick (the other process, then the restarted one) produces the occurrence once.
    const next = await genB.runTick(at(day, 9, 1));
    expect(next.occurrences).toHaveLength(2);
    expect((await genA.runTick(at(day, 9, 2))).occurrences).toEqual([]);
    const rows = await occurrencesOf([s.schedule]);
    expect(rows.map((r) => [r.fecha_ocurrencia, r.empleado_uuid, r.fecha_vencimiento])).toEqual(
      [
        [day, ctx.operario, addDaysToCalendarDate(day, 1)],
        [day, ctx.mlopez, addDaysToCalendarDate(day, 1)],
      ].sort((x, y) => (x[1] < y[1] ? -1 : 1)),
    );
    expect(await scheduleState(s.schedule)).toMatchObject({ proxima: addDaysToCalendarDate(day, 1), total_generadas: 2 });
  }, 60_000);

  it('an error thrown inside the transaction rolls the whole batch back; the next tick completes it', async () => {
    const day = '2030-06-01';
    const s1 = await schedule({ interval: 7, proxima: day, assignees: [ctx.operario] });
    const s2 = await schedule({ interval: 1, proxima: day, assignees: [ctx.mlopez, ctx.operario] });
    // Fails the history insert, which comes after the assigned tasks were inserted in the same transaction.
    await a.ds.query(`CREATE FUNCTION gestar_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falla simulada'; END $$`);
    await a.ds.query(`CREATE TRIGGER gestar_test_fail BEFORE INSERT ON historial_tareas_asignadas FOR EACH ROW EXECUTE FUNCTION gestar_test_fail()`);
    try {
      await expect(genA.runTick(at(day))).rejects.toThrow(/falla simulada/);
    } finally {
      await a.ds.query(`DROP TRIGGER gestar_test_fail ON historial_tareas_asignadas`);
      await a.ds.query(`DROP FUNCTION gestar_test_fail()`);
    }
    expect(await occurrencesOf([s1.schedule, s2.schedule])).toEqual([]);
    expect((await scheduleState(s1.schedule)).proxima).toBe(day);

    // Restarted the next day: day's occurrence is the latest missed date, produced once; tomorrow's comes tomorrow.
    await Promise.all([genA.runTick(at(day, 23, 59)), genB.runTick(at(day, 23, 59))]);
    const rows = await occurrencesOf([s1.schedule, s2.schedule]);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.fecha_ocurrencia === day && r.historial === 1)).toBe(true);
  });

  it('after 3 days of downtime produces one occurrence for the latest missed date, not three', async () => {
    const day = '2030-07-01';
    const daily = await schedule({ interval: 1, proxima: day, dias: 2, assignees: [ctx.operario] });
    const weekly = await schedule({ interval: 7, proxima: day, assignees: [ctx.operario] });
    await genA.runTick(at(day));
    // Down on the 2nd, 3rd and 4th; back on the 5th at 08:00.
    const back = addDaysToCalendarDate(day, 4);
    const r = await genB.runTick(at(back, 8));
    expect(r.occurrences.map((o) => [o.programacion_uuid, o.fecha_ocurrencia, o.fecha_vencimiento])).toEqual([[daily.schedule, back, addDaysToCalendarDate(back, 2)]]);
    const rows = await occurrencesOf([daily.schedule]);
    expect(rows.map((x) => x.fecha_ocurrencia)).toEqual([day, back]);
    expect(await scheduleState(daily.schedule)).toMatchObject({ proxima: addDaysToCalendarDate(back, 1), total_generadas: 2 });
    // The weekly one missed nothing (next on the 8th) and stays as it was.
    expect((await occurrencesOf([weekly.schedule])).map((x) => x.fecha_ocurrencia)).toEqual([day]);
    expect((await scheduleState(weekly.schedule)).proxima).toBe(addDaysToCalendarDate(day, 7));

    // A weekly schedule 3 weeks behind gets only its latest date.
    const late = await schedule({ interval: 7, proxima: '2030-07-01', assignees: [ctx.mlopez] });
    await genA.runTick(at('2030-07-23'));
    expect((await occurrencesOf([late.schedule])).map((x) => x.fecha_ocurrencia)).toEqual(['2030-07-22']);
    expect((await scheduleState(late.schedule)).proxima).toBe('2030-07-29');
  });

  it('inactive schedules, inactive tasks and inactive assignees produce nothing', async () => {
    const day = '2030-08-01';
    const off = await schedule({ interval: 1, proxima: day, assignees: [ctx.operario], scheduleActive: false });
    const taskOff = await schedule({ interval: 1, proxima: day, assignees: [ctx.operario], taskActive: false });
    const mixed = await schedule({ interval: 1, proxima: day, assignees: [ctx.operario, ctx.mlopez] });
    const nobody = await schedule({ interval: 1, proxima: day, assignees: [] });
    await a.ds.query(`UPDATE usuarios SET activo = false WHERE uuid = $1`, [ctx.mlopez]);
    await genA.runTick(at(day));
    expect(await occurrencesOf([off.schedule, taskOff.schedule, nobody.schedule])).toEqual([]);
    expect((await occurrencesOf([mixed.schedule])).map((r) => r.empleado_uuid)).toEqual([ctx.operario]);
    expect((await scheduleState(off.schedule)).proxima).toBe(day);
    expect((await scheduleState(taskOff.schedule)).proxima).toBe(day);
    // A schedule with nobody to assign still moves on (nothing is owed later).
    expect(await scheduleState(nobody.schedule)).toMatchObject({ proxima: addDaysToCalendarDate(day, 1), total_generadas: 0 });
  });

  it('uses the company time zone for "today"', async () => {
    const s = await schedule({ interval: 1, proxima: '2028-03-01', assignees: [ctx.operario] });
    // 02:30 UTC on 1 March is 29 February, 23:30, in Buenos Aires: not due yet.
    expect((await genA.runTick(new Date('2028-03-01T02:30:00Z'))).occurrences).toEqual([]);
    expect((await genA.runTick(new Date('2028-03-01T03:00:00Z'))).occurrences.map((o) => o.fecha_ocurrencia)).toEqual(['2028-03-01']);
    expect((await scheduleState(s.schedule)).proxima).toBe('2028-03-02');
  });

  it('announces each new occurrence to its assignee and calls the notification hook after commit', async () => {
    const day = '2030-09-01';
    const s = await schedule({ interval: 30, proxima: day, dias: 3, assignees: [ctx.operario, ctx.mlopez], area: ctx.tapiceria });
    const hook = jest.spyOn(genA.notifier, 'notifyGenerated');
    const publish = jest.spyOn(a.app.get(EventsService), 'publish');
    const r = await genA.runTick(at(day));
    expect(hook).toHaveBeenCalledTimes(1);
    const [notified] = hook.mock.calls[0];
    expect(notified).toEqual(r.occurrences);
    const rows = await occurrencesOf([s.schedule]);
    expect([...notified].map((o) => o.uuid).sort()).toEqual(rows.map((x) => x.uuid).sort());
    for (const o of notified) {
      expect(o).toMatchObject({
        programacion_uuid: s.schedule,
        tarea_uuid: s.task,
        area_uuid: ctx.tapiceria,
        fecha_ocurrencia: day,
        fecha_vencimiento: addDaysToCalendarDate(day, 3),
        titulo: expect.stringMatching(/^Tarea programada/),
      });
      expect(publish).toHaveBeenCalledWith({
        type: SERVER_EVENTS.assignedTaskChanged,
        data: { uuid: o.uuid, tarea_uuid: s.task, empleado_uuid: o.empleado_uuid, cambio: 'asignacion' },
        audience: { userUuids: [o.empleado_uuid], areaUuid: ctx.tapiceria },
      });
    }
    const [hist] = await a.ds.query(`SELECT detalle FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = $1`, [rows[0].uuid]);
    expect(hist.detalle).toBe(MESSAGES.scheduler.assignedBySchedule);
    // A failing hook does not undo the tasks or fail the tick.
    hook.mockRejectedValueOnce(new Error('sin canal'));
    const s2 = await schedule({ interval: 1, proxima: day, assignees: [ctx.operario] });
    await expect(genA.runTick(at(day))).resolves.toMatchObject({ schedules: 1 });
    expect(await occurrencesOf([s2.schedule])).toHaveLength(1);
  });
});
