import {
  addDaysToCalendarDate,
  companyMidnight,
  ScheduledTaskResponseSchema,
  SchedulePreviewResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { SchedulerService } from '../src/modules/scheduled-tasks/scheduler.service';
import { createTestApp, parseWith, TestApp, tokenFor } from './support/test-app';

/**
 * Lead days (issue 31): a new schedule with a lead produces every date of its first window, not
 * only the last one, and every date the preview shows is produced exactly once, on the day the
 * preview says it appears on the board. Simulated days: `runTick(now)` from today on.
 */
describe('scheduler: lead days and the preview', () => {
  let t: TestApp;
  let admin: string;
  let today: string;
  const at = (date: string) => new Date(companyMidnight(date, t.config.timezone).getTime() + 9 * 3_600_000);

  beforeAll(async () => {
    t = await createTestApp();
    today = todayIn(t.config.timezone);
    admin = await tokenFor(t, 'admin');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 5],
    ['FREQ=DAILY;INTERVAL=2', 5],
    ['FREQ=WEEKLY;BYDAY=SU', 3],
  ])('%s with a lead of %i days: each previewed date once, on its day', async (regla, lead) => {
    await t.ds.query(`DELETE FROM programaciones_tareas`);
    const [{ uuid: tarea }] = await t.ds.query(`SELECT uuid FROM tareas WHERE titulo = 'Afilar la sierra circular'`);
    const [{ n: assignees }] = await t.ds.query(`SELECT count(*)::int AS n FROM tarea_usuarios WHERE tarea_uuid = $1`, [
      tarea,
    ]);
    expect(assignees).toBeGreaterThan(0);
    const policy = 'siguiente_habil';
    const created = await t.http
      .post('/api/scheduled-task')
      .set('Authorization', `Bearer ${admin}`)
      .send({ tarea_uuid: tarea, regla, anticipacion_dias: lead, dias_no_laborables: policy });
    expect(created.status).toBe(201);
    const schedule = parseWith(ScheduledTaskResponseSchema, created.body);
    const preview = parseWith(
      SchedulePreviewResponseSchema,
      (
        await t.http
          .get(
            `/api/scheduled-task/preview?regla=${encodeURIComponent(regla)}&desde=${today}&n=6&dias_no_laborables=${policy}&anticipacion_dias=${lead}`,
          )
          .set('Authorization', `Bearer ${admin}`)
      ).body,
    );
    expect(preview.ocurrencias).toHaveLength(6);
    // The first window appears today, all of it.
    expect(preview.ocurrencias[0]!.aparece).toBe(today);

    const scheduler = t.app.get(SchedulerService);
    const producedOn: { fecha: string; aparece: string }[] = [];
    const last = preview.ocurrencias.at(-1)!.aparece;
    for (let day = today; day <= last; day = addDaysToCalendarDate(day, 1)) {
      const tick = await scheduler.runTick(at(day));
      const dates = [
        ...new Set(
          tick.occurrences.filter((o) => o.programacion_uuid === schedule.uuid).map((o) => o.fecha_ocurrencia),
        ),
      ];
      producedOn.push(...dates.sort().map((fecha) => ({ fecha, aparece: day })));
    }
    // (A moved date also says the day it avoided and why: only the dates and their days are compared.)
    expect(producedOn.slice(0, preview.ocurrencias.length)).toEqual(preview.ocurrencias.map(({ fecha, aparece }) => ({ fecha, aparece })));
    // Exactly once each: one row per assignee and date, and the count of dates kept.
    const rows: { fecha: string; n: number }[] = await t.ds.query(
      `SELECT to_char(fecha_ocurrencia, 'YYYY-MM-DD') AS fecha, count(*)::int AS n FROM tareas_asignadas
        WHERE programacion_uuid = $1 GROUP BY 1 ORDER BY 1`,
      [schedule.uuid],
    );
    expect(rows.every((r) => r.n === assignees)).toBe(true);
    expect(rows.map((r) => r.fecha)).toEqual(producedOn.map((o) => o.fecha));
    const [row] = await t.ds.query(`SELECT fechas_generadas FROM programaciones_tareas WHERE uuid = $1`, [
      schedule.uuid,
    ]);
    expect(row.fechas_generadas).toBe(rows.length);
  });
});
