import {
  addDaysToCalendarDate,
  companyMidnightIso,
  MESSAGES,
  OkResponseSchema,
  ScheduledTaskListResponseSchema,
  ScheduledTaskResponseSchema,
  SchedulePreviewResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { SchedulerService } from '../src/modules/scheduled-tasks/scheduler.service';
import { createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const URL = '/api/scheduled-task';

describe('scheduled tasks API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let tz: string;
  const task = async (titulo: string): Promise<string> => {
    const [row] = await t.ds.query(`SELECT uuid FROM tareas WHERE titulo = $1`, [titulo]);
    return row.uuid;
  };
  const iso = (date: string) => companyMidnightIso(date, tz);
  const today = () => todayIn(tz);

  beforeAll(async () => {
    t = await createTestApp();
    tz = t.config.timezone;
    [admin, supervisor, operario] = await Promise.all([
      tokenFor(t, 'admin'),
      tokenFor(t, 'supervisor'),
      tokenFor(t, 'operario'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const list = (token: string, query = '') => t.http.get(`${URL}${query}`).set('Authorization', `Bearer ${token}`);
  const post = (token: string, body: object) => t.http.post(URL).set('Authorization', `Bearer ${token}`).send(body);
  const put = (token: string, id: string, body: object) =>
    t.http.put(`${URL}/${id}`).set('Authorization', `Bearer ${token}`).send(body);
  const del = (token: string, id: string) => t.http.delete(`${URL}/${id}`).set('Authorization', `Bearer ${token}`);

  describe('GET /api/scheduled-task', () => {
    it('lists the schedules with task, area and the generation record', async () => {
      const res = await list(admin);
      expect(res.status).toBe(200);
      const body = parseWith(ScheduledTaskListResponseSchema, res.body);
      expect(body.meta).toEqual({ totalItems: 2, currentPage: 1, limit: 10, totalPages: 1 });
      const limpieza = body.data.find((s) => s.tarea.titulo === 'Limpieza del puesto de trabajo');
      expect(limpieza).toMatchObject({
        intervalo_repeticion: 7,
        activo: true,
        proxima_ejecucion: iso(addDaysToCalendarDate(today(), 1)),
        ultima_ejecucion: null,
        total_generadas: 0,
        tarea: { area: { nombre: 'Carpintería' } },
      });
    });

    it('pages', async () => {
      const body = parseWith(ScheduledTaskListResponseSchema, (await list(admin, '?page=2&limit=1')).body);
      expect(body.meta).toEqual({ totalItems: 2, currentPage: 2, limit: 1, totalPages: 2 });
      expect(body.data).toHaveLength(1);
      expectError(await list(admin, '?page=0'), 400, MESSAGES.validation.invalidPage);
    });

    it('confines a supervisor to schedules of tasks in its areas', async () => {
      const res = await post(admin, {
        tarea_uuid: await task('Entregar pedido 1038 en Palermo'),
        intervalo_repeticion: 1,
      });
      const logistica = parseWith(ScheduledTaskResponseSchema, res.body);
      const adminList = parseWith(ScheduledTaskListResponseSchema, (await list(admin)).body);
      expect(adminList.data.map((s) => s.uuid)).toContain(logistica.uuid);
      const supList = parseWith(ScheduledTaskListResponseSchema, (await list(supervisor)).body);
      expect(supList.meta.totalItems).toBe(2);
      expect(supList.data.map((s) => s.uuid)).not.toContain(logistica.uuid);
      expect(parseWith(OkResponseSchema, (await del(admin, logistica.uuid)).body)).toEqual({ ok: true });
    });

    it('refuses a role without read:scheduled-task and a missing token', async () => {
      expectError(await list(operario), 403, MESSAGES.errors.forbidden);
      expectError(await t.http.get(URL), 401);
    });

    it('shows when a schedule last generated and how many occurrences', async () => {
      const res = await post(supervisor, {
        tarea_uuid: await task('Afilar la sierra circular'),
        intervalo_repeticion: 1,
      });
      const created = parseWith(ScheduledTaskResponseSchema, res.body);
      const tick = await t.app.get(SchedulerService).runTick();
      expect(tick.occurrences.filter((o) => o.programacion_uuid === created.uuid)).toHaveLength(1);
      const body = parseWith(ScheduledTaskListResponseSchema, (await list(supervisor)).body);
      const row = body.data.find((s) => s.uuid === created.uuid);
      expect(row).toMatchObject({ total_generadas: 1, proxima_ejecucion: iso(addDaysToCalendarDate(today(), 1)) });
      expect(row?.ultima_ejecucion).not.toBeNull();
      // Deleting it keeps the assigned task it produced.
      await del(supervisor, created.uuid);
      const [kept] = await t.ds.query(
        `SELECT count(*)::int AS n FROM tareas_asignadas WHERE uuid = $1 AND programacion_uuid IS NULL`,
        [tick.occurrences.find((o) => o.programacion_uuid === created.uuid)?.uuid],
      );
      expect(kept.n).toBe(1);
    });
  });

  describe('POST /api/scheduled-task', () => {
    it('creates a schedule in the caller’s area; next execution defaults to today', async () => {
      const tarea = await task('Tapizar 6 sillas modelo Nórdico');
      const res = await post(supervisor, { tarea_uuid: tarea, intervalo_repeticion: '15' });
      expect(res.status).toBe(201);
      const body = parseWith(ScheduledTaskResponseSchema, res.body);
      expect(body).toMatchObject({
        tarea_uuid: tarea,
        intervalo_repeticion: 15,
        activo: true,
        proxima_ejecucion: iso(today()),
        tarea: { titulo: 'Tapizar 6 sillas modelo Nórdico', area: { nombre: 'Tapicería' } },
        total_generadas: 0,
      });
      // One schedule per task.
      expectError(
        await post(supervisor, { tarea_uuid: tarea, intervalo_repeticion: 7 }),
        409,
        MESSAGES.errors.scheduleExists,
      );
      await del(admin, body.uuid);
    });

    it('takes the next execution as an ISO date-time in the company time zone', async () => {
      const tarea = await task('Tapizar 6 sillas modelo Nórdico');
      const date = addDaysToCalendarDate(today(), 30);
      const res = await post(admin, {
        tarea_uuid: tarea,
        intervalo_repeticion: 30,
        proxima_ejecucion: iso(date),
        activo: false,
      });
      const body = parseWith(ScheduledTaskResponseSchema, res.body);
      expect(body).toMatchObject({ proxima_ejecucion: iso(date), activo: false });
      const [row] = await t.ds.query(
        `SELECT to_char(proxima_ejecucion, 'YYYY-MM-DD') AS d FROM programaciones_tareas WHERE uuid = $1`,
        [body.uuid],
      );
      expect(row.d).toBe(date);
      await del(admin, body.uuid);
    });

    it('answers the validation messages of the form', async () => {
      const tarea = await task('Tapizar 6 sillas modelo Nórdico');
      let body = expectError(await post(admin, { intervalo_repeticion: 1 }), 400);
      expect(body.errors).toContainEqual({ path: 'tarea_uuid', message: MESSAGES.validation.tareaRequired });
      body = expectError(await post(admin, { tarea_uuid: tarea, intervalo_repeticion: '' }), 400);
      expect(body.errors).toContainEqual({
        path: 'intervalo_repeticion',
        message: MESSAGES.validation.intervalRequired,
      });
      body = expectError(await post(admin, { tarea_uuid: tarea, intervalo_repeticion: 0 }), 400);
      expect(body.errors).toContainEqual({ path: 'intervalo_repeticion', message: MESSAGES.validation.intervalMin });
      body = expectError(
        await post(admin, {
          tarea_uuid: tarea,
          intervalo_repeticion: 1,
          proxima_ejecucion: addDaysToCalendarDate(today(), -1),
        }),
        400,
      );
      expect(body.errors).toContainEqual({
        path: 'proxima_ejecucion',
        message: MESSAGES.validation.executionDateNotPast,
      });
      expectError(
        await post(admin, { tarea_uuid: '00000000-0000-4000-8000-000000000000', intervalo_repeticion: 1 }),
        404,
        MESSAGES.errors.taskGone,
      );
    });

    it('refuses a supervisor outside its areas and a role without create:scheduled-task', async () => {
      const tarea = await task('Entregar pedido 1038 en Palermo');
      expectError(
        await post(supervisor, { tarea_uuid: tarea, intervalo_repeticion: 1 }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expectError(
        await post(operario, { tarea_uuid: await task('Afilar la sierra circular'), intervalo_repeticion: 1 }),
        403,
        MESSAGES.errors.forbidden,
      );
    });
  });

  describe('recurrence rules (issue 19)', () => {
    const preview = (token: string, query: string) =>
      t.http.get(`${URL}/preview?${query}`).set('Authorization', `Bearer ${token}`);

    it('previews the next dates of a rule without saving anything', async () => {
      const before = await t.ds.query(`SELECT count(*)::int AS n FROM programaciones_tareas`);
      const res = await preview(supervisor, 'regla=FREQ%3DWEEKLY%3BBYDAY%3DMO%2CWE%2CFR&desde=2030-01-01');
      expect(res.status).toBe(200);
      expect(parseWith(SchedulePreviewResponseSchema, res.body).fechas).toEqual([
        '2030-01-02',
        '2030-01-04',
        '2030-01-07',
        '2030-01-09',
        '2030-01-11',
      ]);
      const monthEnd = await preview(supervisor, 'regla=FREQ%3DMONTHLY%3BBYMONTHDAY%3D31&desde=2031-01-01&n=3');
      // RFC 5545: a month without a 31st is skipped; "or the last day" is a rule of its own.
      expect(parseWith(SchedulePreviewResponseSchema, monthEnd.body).fechas).toEqual([
        '2031-01-31',
        '2031-03-31',
        '2031-05-31',
      ]);
      const orLast = await preview(
        supervisor,
        `regla=${encodeURIComponent('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1')}&desde=2031-01-01&n=3`,
      );
      expect(parseWith(SchedulePreviewResponseSchema, orLast.body).fechas).toEqual([
        '2031-01-31',
        '2031-02-28',
        '2031-03-31',
      ]);
      const counted = await preview(
        supervisor,
        'regla=FREQ%3DMONTHLY%3BBYDAY%3D-1FR&desde=2030-01-01&repeticiones=2&n=10',
      );
      expect(parseWith(SchedulePreviewResponseSchema, counted.body).fechas).toEqual(['2030-01-25', '2030-02-22']);
      const ended = await preview(
        supervisor,
        'regla=FREQ%3DDAILY%3BINTERVAL%3D10&desde=2030-01-01&fin=2030-01-25&n=10',
      );
      expect(parseWith(SchedulePreviewResponseSchema, ended.body).fechas).toEqual([
        '2030-01-01',
        '2030-01-11',
        '2030-01-21',
      ]);
      // From today by default.
      const fromToday = parseWith(SchedulePreviewResponseSchema, (await preview(admin, 'regla=FREQ%3DDAILY')).body);
      expect(fromToday.fechas[0]).toBe(today());
      expect(await t.ds.query(`SELECT count(*)::int AS n FROM programaciones_tareas`)).toEqual(before);

      let body = expectError(await preview(admin, 'regla=FREQ%3DHOURLY'), 400);
      expect(body.errors).toContainEqual({ path: 'regla', message: MESSAGES.validation.ruleFreqUnsupported });
      body = expectError(await preview(admin, 'regla=FREQ%3DDAILY%3BBYHOUR%3D9'), 400);
      expect(body.errors).toContainEqual({ path: 'regla', message: MESSAGES.validation.rulePartUnsupported });
      body = expectError(await preview(admin, 'regla=FREQ%3DDAILY&n=51'), 400);
      expect(body.errors).toContainEqual({ path: 'n', message: MESSAGES.validation.previewCount });
      expectError(await preview(operario, 'regla=FREQ%3DDAILY'), 403, MESSAGES.errors.forbidden);
    });

    it('creates a weekly schedule: its first date is the first matching day, described in words', async () => {
      const tarea = await task('Tapizar 6 sillas modelo Nórdico');
      const start = addDaysToCalendarDate(today(), 1);
      const res = await post(supervisor, {
        tarea_uuid: tarea,
        regla: 'freq=weekly;byday=fr,mo,we',
        proxima_ejecucion: start,
        repeticiones: 12,
      });
      expect(res.status).toBe(201);
      const body = parseWith(ScheduledTaskResponseSchema, res.body);
      const first = parseWith(
        SchedulePreviewResponseSchema,
        (await preview(supervisor, `regla=FREQ%3DWEEKLY%3BBYDAY%3DMO%2CWE%2CFR&desde=${start}&n=1`)).body,
      ).fechas[0]!;
      expect(body).toMatchObject({
        regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR',
        regla_descripcion: 'Cada semana: lunes, miércoles y viernes',
        repeticiones: 12,
        fin: null,
        fechas_generadas: 0,
        proxima_ejecucion: iso(first),
      });
      expect(['1', '3', '5']).toContain(String(new Date(`${first}T00:00:00Z`).getUTCDay()));

      // Back to a plain interval, with an end date.
      const fin = addDaysToCalendarDate(today(), 60);
      const edited = parseWith(
        ScheduledTaskResponseSchema,
        (await put(supervisor, body.uuid, { regla: null, intervalo_repeticion: 3, fin, repeticiones: null })).body,
      );
      expect(edited).toMatchObject({
        regla: 'FREQ=DAILY;INTERVAL=3',
        regla_descripcion: 'Cada 3 días',
        fin: iso(fin),
        repeticiones: null,
      });
      // A monthly rule replaces it; its next date follows the rule.
      const monthly = parseWith(
        ScheduledTaskResponseSchema,
        (await put(supervisor, body.uuid, { regla: 'FREQ=MONTHLY;BYMONTHDAY=-1', fin: null })).body,
      );
      expect(monthly.regla_descripcion).toBe('Cada mes, el último día');
      const nextMonthEnd = parseWith(
        SchedulePreviewResponseSchema,
        (await preview(supervisor, `regla=FREQ%3DMONTHLY%3BBYMONTHDAY%3D-1&desde=${first}&n=1`)).body,
      ).fechas[0]!;
      expect(monthly.proxima_ejecucion).toBe(iso(nextMonthEnd));
      await del(admin, body.uuid);
    });

    it('refuses an invalid rule and an end before the first date, writing nothing', async () => {
      const tarea = await task('Tapizar 6 sillas modelo Nórdico');
      let body = expectError(await post(admin, { tarea_uuid: tarea, regla: 'FREQ=WEEKLY;BYDAY=XX' }), 400);
      expect(body.errors).toContainEqual({ path: 'regla', message: MESSAGES.validation.ruleInvalid });
      body = expectError(
        await post(admin, {
          tarea_uuid: tarea,
          regla: 'FREQ=MONTHLY;BYMONTHDAY=15',
          proxima_ejecucion: '2040-01-16',
          fin: '2040-02-10',
        }),
        400,
      );
      expect(body.errors).toContainEqual({ path: 'fin', message: MESSAGES.validation.finBeforeStart });
      body = expectError(await post(admin, { tarea_uuid: tarea, regla: 'FREQ=DAILY', repeticiones: 0 }), 400);
      expect(body.errors).toContainEqual({ path: 'repeticiones', message: MESSAGES.validation.repeticionesRange });
      expect(await t.ds.query(`SELECT 1 FROM programaciones_tareas WHERE tarea_uuid = $1`, [tarea])).toEqual([]);
    });
  });

  describe('PUT /api/scheduled-task/:id', () => {
    let id: string;
    beforeEach(async () => {
      const res = await post(admin, {
        tarea_uuid: await task('Armar mesa de roble para pedido 1042'),
        intervalo_repeticion: 7,
      });
      id = parseWith(ScheduledTaskResponseSchema, res.body).uuid;
    });
    afterEach(async () => {
      await t.ds.query(`DELETE FROM programaciones_tareas WHERE uuid = $1`, [id]);
    });

    it('toggles with only activo and leaves the rest as it was', async () => {
      const res = await put(supervisor, id, { activo: false });
      expect(res.status).toBe(200);
      const body = parseWith(ScheduledTaskResponseSchema, res.body);
      expect(body).toMatchObject({ activo: false, intervalo_repeticion: 7, proxima_ejecucion: iso(today()) });
    });

    it('edits everything', async () => {
      const date = addDaysToCalendarDate(today(), 30);
      const res = await put(supervisor, id, { intervalo_repeticion: 30, proxima_ejecucion: iso(date), activo: true });
      expect(parseWith(ScheduledTaskResponseSchema, res.body)).toMatchObject({
        intervalo_repeticion: 30,
        proxima_ejecucion: iso(date),
        activo: true,
      });
      const other = await task('Afilar la sierra circular');
      const moved = parseWith(ScheduledTaskResponseSchema, (await put(supervisor, id, { tarea_uuid: other })).body);
      expect(moved).toMatchObject({ tarea_uuid: other, tarea: { titulo: 'Afilar la sierra circular' } });
    });

    it('resumes a reactivated schedule from today, not from the dates it was off', async () => {
      await put(admin, id, { activo: false });
      await t.ds.query(`UPDATE programaciones_tareas SET proxima_ejecucion = $2::date WHERE uuid = $1`, [
        id,
        addDaysToCalendarDate(today(), -10),
      ]);
      const body = parseWith(ScheduledTaskResponseSchema, (await put(admin, id, { activo: true })).body);
      // -10 + 2 * 7 = +4: the first date of its series from today on.
      expect(body.proxima_ejecucion).toBe(iso(addDaysToCalendarDate(today(), 4)));
    });

    it('refuses moving to a task that already has a schedule, bad values and unknown ids', async () => {
      expectError(
        await put(admin, id, { tarea_uuid: await task('Limpieza del puesto de trabajo') }),
        409,
        MESSAGES.errors.scheduleExists,
      );
      const body = expectError(await put(admin, id, { intervalo_repeticion: 0 }), 400);
      expect(body.errors).toContainEqual({ path: 'intervalo_repeticion', message: MESSAGES.validation.intervalMin });
      expectError(await put(admin, '00000000-0000-4000-8000-000000000000', { activo: true }), 404);
      expectError(await put(admin, 'x', { activo: true }), 400, MESSAGES.validation.invalidUuid);
    });

    it('refuses a supervisor outside its areas and a role without update:scheduled-task', async () => {
      await t.ds.query(`UPDATE programaciones_tareas SET tarea_uuid = $2 WHERE uuid = $1`, [
        id,
        await task('Entregar pedido 1038 en Palermo'),
      ]);
      expectError(await put(supervisor, id, { activo: false }), 403, MESSAGES.errors.noAccessSchedule);
      expectError(await put(operario, id, { activo: false }), 403, MESSAGES.errors.forbidden);
      // Nor may a supervisor move one of its schedules to a task outside its areas.
      const mine = parseWith(
        ScheduledTaskResponseSchema,
        (await post(supervisor, { tarea_uuid: await task('Tapizar 6 sillas modelo Nórdico'), intervalo_repeticion: 1 }))
          .body,
      );
      expectError(
        await put(supervisor, mine.uuid, { tarea_uuid: await task('Entregar pedido 1038 en Palermo') }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      await del(admin, mine.uuid);
    });
  });

  describe('DELETE /api/scheduled-task/:id', () => {
    it('deletes in scope and refuses outside it or without delete:scheduled-task', async () => {
      const outside = parseWith(
        ScheduledTaskResponseSchema,
        (await post(admin, { tarea_uuid: await task('Entregar pedido 1038 en Palermo'), intervalo_repeticion: 1 }))
          .body,
      );
      expectError(await del(supervisor, outside.uuid), 403, MESSAGES.errors.noAccessSchedule);
      expectError(await del(operario, outside.uuid), 403, MESSAGES.errors.forbidden);
      expect(parseWith(OkResponseSchema, (await del(admin, outside.uuid)).body)).toEqual({ ok: true });
      expectError(await del(admin, outside.uuid), 404);

      const mine = parseWith(
        ScheduledTaskResponseSchema,
        (await post(supervisor, { tarea_uuid: await task('Tapizar 6 sillas modelo Nórdico'), intervalo_repeticion: 1 }))
          .body,
      );
      const res = await del(supervisor, mine.uuid);
      expect(res.status).toBe(200);
      expect(parseWith(OkResponseSchema, res.body)).toEqual({ ok: true });
    });
  });
});
