import {
  addDaysToCalendarDate,
  AssignedTaskBoardResponseSchema,
  calendarDateIn,
  diffCalendarDays,
  MESSAGES,
  OkResponseSchema,
  TaskListResponseSchema,
  TaskResponseSchema,
  todayIn,
} from '@gestar/contracts';
import {
  areaUuid,
  count,
  createTestApp,
  expectError,
  parseWith,
  TestApp,
  tokenFor,
  userUuid,
} from './support/test-app';

const rich = (text: string) => JSON.stringify([{ type: 'paragraph', children: [{ text, bold: true }] }]);

describe('tasks', () => {
  let t: TestApp;
  let today: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let carpinteria: string;
  let tapiceria: string;
  let logistica: string;
  let produccion: string;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const counts = async () => ({
    tareas: await count(t, 'tareas'),
    tarea_usuarios: await count(t, 'tarea_usuarios'),
    tareas_asignadas: await count(t, 'tareas_asignadas'),
    historial: await count(t, 'historial_tareas_asignadas'),
    programaciones: await count(t, 'programaciones_tareas'),
  });
  const taskId = async (titulo: string) => {
    const [row]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tareas WHERE titulo = $1', [titulo]);
    return row.uuid;
  };
  const occurrencesOf = async (
    tarea: string,
  ): Promise<{ empleado_uuid: string; estado: string; fecha_vencimiento: string }[]> =>
    t.ds.query(
      `SELECT ta.empleado_uuid, e.nombre AS estado, to_char(ta.fecha_vencimiento, 'YYYY-MM-DD') AS fecha_vencimiento
         FROM tareas_asignadas ta JOIN estados e ON e.uuid = ta.estado_uuid WHERE ta.tarea_uuid = $1`,
      [tarea],
    );

  beforeAll(async () => {
    t = await createTestApp();
    today = todayIn(t.config.timezone);
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    carpinteria = await areaUuid(t, 'Carpintería');
    tapiceria = await areaUuid(t, 'Tapicería');
    logistica = await areaUuid(t, 'Logística');
    [{ uuid: produccion }] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Producción'`);
  });
  afterAll(async () => {
    await t.close();
  });

  const newTask = (over: Record<string, unknown> = {}) => ({
    titulo: 'Barnizar estantería',
    descripcion: rich('Dos manos de barniz'),
    tipo_tarea_uuid: produccion,
    area_uuid: carpinteria,
    usuarios_asignados: [ids.operario],
    fecha_vencimiento: addDaysToCalendarDate(today, 3),
    ...over,
  });

  describe('GET /api/tasks', () => {
    it('lists only the tasks of the caller areas; read:all:areas sees every area', async () => {
      const mine = parseWith(TaskListResponseSchema, (await t.http.get('/api/tasks').set(as('operario'))).body);
      expect(mine.data.every((x) => x.area.nombre === 'Carpintería')).toBe(true);
      expect(mine.meta).toEqual({ totalItems: 4, currentPage: 1, limit: 10, totalPages: 1 });
      const all = parseWith(TaskListResponseSchema, (await t.http.get('/api/tasks').set(as('admin'))).body);
      expect(all.meta.totalItems).toBe(6);
      const sup = parseWith(TaskListResponseSchema, (await t.http.get('/api/tasks').set(as('supervisor'))).body);
      expect(new Set(sup.data.map((x) => x.area.nombre))).toEqual(new Set(['Carpintería', 'Tapicería']));
    });

    it('answers every relation of a row and pages by 10', async () => {
      const page = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?page=1&limit=2').set(as('admin'))).body,
      );
      expect(page.data).toHaveLength(2);
      expect(page.meta).toEqual({ totalItems: 6, currentPage: 1, limit: 2, totalPages: 3 });
      const body = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?titulo=mesa').set(as('admin'))).body,
      );
      const mesa = body.data[0]!;
      expect(mesa.tipo_tarea.nombre).toBe('Producción');
      expect(mesa.creado_por).toMatchObject({ nombre: 'Sergio', apellido: 'Gómez' });
      expect(mesa.usuarios_tareas.map((u) => u.nombre)).toEqual(['Oscar']);
      expect(mesa.sugerencias.map((s) => s.descripcion)).toEqual(['Usar plantillas de corte para ahorrar tiempo']);
      const lubricar = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?titulo=lubricar').set(as('admin'))).body,
      ).data[0]!;
      expect(lubricar.programaciones_tareas).toMatchObject({ intervalo_repeticion: 30, activo: true });
    });

    it('searches the title without case or accents, and % is literal', async () => {
      const hit = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?titulo=NORDICO').set(as('admin'))).body,
      );
      expect(hit.data.map((x) => x.titulo)).toEqual(['Tapizar 6 sillas modelo Nórdico']);
      const wild = parseWith(TaskListResponseSchema, (await t.http.get('/api/tasks?titulo=%25').set(as('admin'))).body);
      expect(wild.data).toEqual([]);
      // The operario does not see Tapicería even when searching for it.
      const none = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?titulo=nordico').set(as('operario'))).body,
      );
      expect(none.meta.totalItems).toBe(0);
    });

    it('filters by area and default assignee; an area outside the scope is 403', async () => {
      const byArea = parseWith(
        TaskListResponseSchema,
        (await t.http.get(`/api/tasks?area_uuid=${tapiceria}`).set(as('supervisor'))).body,
      );
      expect(byArea.data.map((x) => x.titulo)).toEqual(['Tapizar 6 sillas modelo Nórdico']);
      const byUser = parseWith(
        TaskListResponseSchema,
        (await t.http.get(`/api/tasks?user_uuid=${ids.jruiz}`).set(as('admin'))).body,
      );
      expect(byUser.data.map((x) => x.titulo)).toEqual(['Entregar pedido 1038 en Palermo']);
      expectError(
        await t.http.get(`/api/tasks?area_uuid=${logistica}`).set(as('supervisor')),
        403,
        MESSAGES.errors.noAccessArea,
      );
      expectError(await t.http.get('/api/tasks'), 401);
    });
  });

  describe('GET /api/tasks/:id', () => {
    it('answers a task of the caller areas, 403 outside them, 404 when unknown', async () => {
      const mesa = await taskId('Armar mesa de roble para pedido 1042');
      const got = parseWith(TaskResponseSchema, (await t.http.get(`/api/tasks/${mesa}`).set(as('operario'))).body);
      expect(got).toMatchObject({
        uuid: mesa,
        area: { nombre: 'Carpintería' },
        activo: true,
        programaciones_tareas: null,
      });
      const sillas = await taskId('Tapizar 6 sillas modelo Nórdico');
      expectError(await t.http.get(`/api/tasks/${sillas}`).set(as('operario')), 403, MESSAGES.errors.noAccessTask);
      expectError(await t.http.get(`/api/tasks/${ids.admin}`).set(as('admin')), 404);
    });
  });

  describe('POST /api/tasks', () => {
    it('creates the task and exactly one assigned task per assignee, first status, in one go', async () => {
      const before = await counts();
      const res = await t.http
        .post('/api/tasks')
        .set(as('supervisor'))
        .send(newTask({ usuarios_asignados: [ids.operario, ids.supervisor, ids.operario], user_uuid: ids.admin }));
      expect(res.status).toBe(201);
      const task = parseWith(TaskResponseSchema, res.body);
      expect(task.creado_por.uuid).toBe(ids.supervisor);
      expect(JSON.parse(task.descripcion)).toEqual([
        { type: 'paragraph', children: [{ text: 'Dos manos de barniz', bold: true }] },
      ]);
      expect(task.usuarios_tareas.map((u) => u.uuid).sort()).toEqual([ids.operario, ids.supervisor].sort());
      const occ = await occurrencesOf(task.uuid);
      expect(occ.map((o) => o.empleado_uuid).sort()).toEqual([ids.operario, ids.supervisor].sort());
      expect(
        occ.every((o) => o.estado === 'Pendiente' && o.fecha_vencimiento === addDaysToCalendarDate(today, 3)),
      ).toBe(true);
      const after = await counts();
      expect(after).toEqual({
        ...before,
        tareas: before.tareas + 1,
        tarea_usuarios: before.tarea_usuarios + 2,
        tareas_asignadas: before.tareas_asignadas + 2,
        historial: before.historial + 2,
      });
      const history: { tipo: string; detalle: string }[] = await t.ds.query(
        `SELECT h.tipo, h.detalle FROM historial_tareas_asignadas h JOIN tareas_asignadas ta ON ta.uuid = h.tarea_asignada_uuid WHERE ta.tarea_uuid = $1`,
        [task.uuid],
      );
      expect(history.map((h) => h.tipo)).toEqual(['asignacion', 'asignacion']);
      // It shows on the operario's board at once.
      const board = parseWith(
        AssignedTaskBoardResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${ids.operario}`).set(as('operario'))).body,
      );
      expect(board.filter((b) => b.tarea.uuid === task.uuid)).toHaveLength(1);
    });

    it('takes an ISO date-time due date as its calendar date in the company zone', async () => {
      const res = await t.http
        .post('/api/tasks')
        .set(as('admin'))
        .send(newTask({ titulo: 'ISO', fecha_vencimiento: `${addDaysToCalendarDate(today, 2)}T03:00:00.000Z` }));
      const task = parseWith(TaskResponseSchema, res.body);
      expect((await occurrencesOf(task.uuid))[0]!.fecha_vencimiento).toBe(addDaysToCalendarDate(today, 2));
    });

    it('with a schedule creates the schedule row and no assigned task until its execution date', async () => {
      const before = await counts();
      const res = await t.http
        .post('/api/tasks')
        .set(as('supervisor'))
        .send(
          newTask({
            titulo: 'Aceitar bisagras',
            fecha_vencimiento: addDaysToCalendarDate(today, 4),
            programacion_tarea: { proxima_ejecucion: addDaysToCalendarDate(today, 3), intervalo_repeticion: 7 },
          }),
        );
      expect(res.status).toBe(201);
      const task = parseWith(TaskResponseSchema, res.body);
      expect(task.programaciones_tareas).toMatchObject({ intervalo_repeticion: 7, activo: true });
      expect(await occurrencesOf(task.uuid)).toEqual([]);
      const [row]: { proxima: string; dias_vencimiento: number; activo: boolean }[] = await t.ds.query(
        `SELECT to_char(proxima_ejecucion, 'YYYY-MM-DD') AS proxima, dias_vencimiento, activo FROM programaciones_tareas WHERE tarea_uuid = $1`,
        [task.uuid],
      );
      expect(row).toEqual({ proxima: addDaysToCalendarDate(today, 3), dias_vencimiento: 1, activo: true });
      const after = await counts();
      expect(after.tareas_asignadas).toBe(before.tareas_asignadas);
      expect(after.programaciones).toBe(before.programaciones + 1);

      // Execution today: still no occurrence from the request itself (the scheduler produces it).
      const now = parseWith(
        TaskResponseSchema,
        (
          await t.http
            .post('/api/tasks')
            .set(as('supervisor'))
            .send(
              newTask({
                titulo: 'Hoy programada',
                fecha_vencimiento: today,
                programacion_tarea: { proxima_ejecucion: today, intervalo_repeticion: 1 },
              }),
            )
        ).body,
      );
      expect(await occurrencesOf(now.uuid)).toEqual([]);
    });

    it('refuses without create:task, outside the caller areas and with bad input, writing nothing', async () => {
      const before = await counts();
      expectError(await t.http.post('/api/tasks').set(as('operario')).send(newTask()), 403, MESSAGES.errors.forbidden);
      expectError(
        await t.http
          .post('/api/tasks')
          .set(as('supervisor'))
          .send(newTask({ area_uuid: logistica, usuarios_asignados: [ids.jruiz] })),
        403,
        MESSAGES.errors.noAccessArea,
      );
      const notInArea = expectError(
        await t.http
          .post('/api/tasks')
          .set(as('supervisor'))
          .send(newTask({ usuarios_asignados: [ids.operario, ids.mlopez] })),
        400,
        MESSAGES.errors.assigneesNotInArea,
      );
      expect(notInArea.errors).toEqual([{ path: 'usuarios_asignados', message: MESSAGES.errors.assigneesNotInArea }]);
      const badType = expectError(
        await t.http
          .post('/api/tasks')
          .set(as('admin'))
          .send(newTask({ tipo_tarea_uuid: ids.admin })),
        400,
        MESSAGES.errors.taskTypeNotFound,
      );
      expect(badType.errors?.[0]?.path).toBe('tipo_tarea_uuid');
      const script = JSON.stringify([
        { type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'x' }] }] },
      ]);
      const bad = expectError(
        await t.http
          .post('/api/tasks')
          .set(as('admin'))
          .send(newTask({ descripcion: script })),
        400,
      );
      expect(bad.errors).toContainEqual({ path: 'descripcion', message: MESSAGES.validation.invalidUrl });
      const video = JSON.stringify([{ type: 'video', children: [{ text: 'x' }] }]);
      expectError(
        await t.http
          .post('/api/tasks')
          .set(as('admin'))
          .send(newTask({ descripcion: video })),
        400,
      );
      const past = expectError(
        await t.http
          .post('/api/tasks')
          .set(as('admin'))
          .send(newTask({ fecha_vencimiento: addDaysToCalendarDate(today, -1) })),
        400,
      );
      expect(past.errors).toContainEqual({ path: 'fecha_vencimiento', message: MESSAGES.validation.dueDateNotPast });
      const pastRun = expectError(
        await t.http
          .post('/api/tasks')
          .set(as('admin'))
          .send(
            newTask({
              fecha_vencimiento: today,
              programacion_tarea: { proxima_ejecucion: addDaysToCalendarDate(today, -1), intervalo_repeticion: 3 },
            }),
          ),
        400,
      );
      expect(pastRun.errors).toContainEqual({
        path: 'programacion_tarea.proxima_ejecucion',
        message: MESSAGES.validation.executionDateNotPast,
      });
      const missing = expectError(await t.http.post('/api/tasks').set(as('admin')).send({}), 400);
      expect(missing.errors).toEqual(
        expect.arrayContaining([
          { path: 'titulo', message: MESSAGES.validation.tituloRequired },
          { path: 'usuarios_asignados', message: MESSAGES.validation.usuariosAsignadosRequired },
          { path: 'fecha_vencimiento', message: MESSAGES.validation.fechaVencimientoRequired },
        ]),
      );
      await t.ds.query(`UPDATE usuarios SET activo = false WHERE uuid = $1`, [ids.supervisor]);
      expectError(
        await t.http
          .post('/api/tasks')
          .set(as('admin'))
          .send(newTask({ usuarios_asignados: [ids.supervisor] })),
        400,
        MESSAGES.errors.assigneesNotInArea,
      );
      await t.ds.query(`UPDATE usuarios SET activo = true WHERE uuid = $1`, [ids.supervisor]);
      expect(await counts()).toEqual(before);
    });
  });

  describe('PUT /api/tasks/:id', () => {
    it('edits the definition and default assignees without touching existing occurrences', async () => {
      const mesa = await taskId('Armar mesa de roble para pedido 1042');
      const before = await occurrencesOf(mesa);
      const res = await t.http
        .put(`/api/tasks/${mesa}`)
        .set(as('supervisor'))
        .send({
          titulo: 'Armar mesa de roble (pedido 1042)',
          tipo_tarea_uuid: produccion,
          area_uuid: carpinteria,
          usuarios_asignados: [ids.supervisor],
        });
      expect(res.status).toBe(200);
      const task = parseWith(TaskResponseSchema, res.body);
      expect(task.titulo).toBe('Armar mesa de roble (pedido 1042)');
      expect(task.usuarios_tareas.map((u) => u.uuid)).toEqual([ids.supervisor]);
      expect(task.descripcion).toContain('plano 1042');
      expect(await occurrencesOf(mesa)).toEqual(before);
    });

    it('adds, replaces and removes a schedule', async () => {
      const sierra = await taskId('Afilar la sierra circular');
      const body = {
        titulo: 'Afilar la sierra circular',
        tipo_tarea_uuid: produccion,
        area_uuid: carpinteria,
        usuarios_asignados: [ids.operario],
      };
      const added = parseWith(
        TaskResponseSchema,
        (
          await t.http
            .put(`/api/tasks/${sierra}`)
            .set(as('admin'))
            .send({
              ...body,
              programacion_tarea: { proxima_ejecucion: addDaysToCalendarDate(today, 1), intervalo_repeticion: 15 },
            })
        ).body,
      );
      expect(added.programaciones_tareas).toMatchObject({ intervalo_repeticion: 15 });
      const replaced = parseWith(
        TaskResponseSchema,
        (
          await t.http
            .put(`/api/tasks/${sierra}`)
            .set(as('admin'))
            .send({
              ...body,
              programacion_tarea: { proxima_ejecucion: addDaysToCalendarDate(today, 2), intervalo_repeticion: 30 },
            })
        ).body,
      );
      expect(replaced.programaciones_tareas?.uuid).toBe(added.programaciones_tareas?.uuid);
      expect(replaced.programaciones_tareas?.intervalo_repeticion).toBe(30);
      const kept = parseWith(
        TaskResponseSchema,
        (await t.http.put(`/api/tasks/${sierra}`).set(as('admin')).send(body)).body,
      );
      expect(kept.programaciones_tareas?.intervalo_repeticion).toBe(30);
      const removed = parseWith(
        TaskResponseSchema,
        (
          await t.http
            .put(`/api/tasks/${sierra}`)
            .set(as('admin'))
            .send({ ...body, programacion_tarea: null })
        ).body,
      );
      expect(removed.programaciones_tareas).toBeNull();
    });

    describe('a schedule that follows a rule (issue 19)', () => {
      const v = MESSAGES.validation;
      const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
      // A Wednesday at least a week away, the Monday after it and the one after that.
      let wednesday: string;
      let monday: string;
      let nextMonday: string;
      const weekly = 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO';
      const definition = () => ({
        titulo: 'Limpiar el extractor',
        tipo_tarea_uuid: produccion,
        area_uuid: carpinteria,
        usuarios_asignados: [ids.operario],
      });
      const create = (due: string, schedule: Record<string, unknown> = {}) =>
        t.http
          .post('/api/tasks')
          .set(as('supervisor'))
          .send({
            ...definition(),
            descripcion: rich('Filtros y campana'),
            fecha_vencimiento: due,
            programacion_tarea: { proxima_ejecucion: wednesday, regla: 'FREQ=WEEKLY;BYDAY=MO', ...schedule },
          });
      const rowOf = async (tarea: string) => {
        const [row]: Record<string, unknown>[] = await t.ds.query(
          `SELECT to_char(proxima_ejecucion, 'YYYY-MM-DD') AS proxima, to_char(inicio, 'YYYY-MM-DD') AS inicio, regla,
                  intervalo_repeticion, dias_vencimiento, to_char(fin, 'YYYY-MM-DD') AS fin, repeticiones,
                  dias_no_laborables, anticipacion_dias
             FROM programaciones_tareas WHERE tarea_uuid = $1`,
          [tarea],
        );
        return row;
      };
      beforeAll(() => {
        wednesday = addDaysToCalendarDate(today, 7);
        while (weekday(wednesday) !== 3) wednesday = addDaysToCalendarDate(wednesday, 1);
        monday = addDaysToCalendarDate(wednesday, 5);
        nextMonday = addDaysToCalendarDate(monday, 7);
      });

      it('creates it from the task form: it starts on the rule\'s first date and is due before the next one', async () => {
        const before = await counts();
        const early = expectError(await create(wednesday), 400, v.dueDateBeforeFirstDate);
        expect(early.errors).toEqual([{ path: 'fecha_vencimiento', message: v.dueDateBeforeFirstDate }]);
        const late = expectError(await create(addDaysToCalendarDate(nextMonday, 1)), 400, v.dueDateAfterNextDate);
        expect(late.errors).toEqual([{ path: 'fecha_vencimiento', message: v.dueDateAfterNextDate }]);
        const ended = expectError(await create(monday, { fin: addDaysToCalendarDate(wednesday, 2) }), 400, v.finBeforeStart);
        expect(ended.errors).toEqual([{ path: 'programacion_tarea.fin', message: v.finBeforeStart }]);
        expectError(await create(monday, { regla: 'FREQ=WEEKLY;BYDAY=XX' }), 400, v.ruleInvalid);
        expect(await counts()).toEqual(before);

        const res = await create(addDaysToCalendarDate(monday, 2), {
          fin: addDaysToCalendarDate(monday, 60),
          dias_no_laborables: 'omitir',
          anticipacion_dias: 1,
        });
        expect(res.status).toBe(201);
        const task = parseWith(TaskResponseSchema, res.body);
        expect(task.programaciones_tareas).toMatchObject({
          regla: weekly,
          regla_descripcion: 'Cada semana: lunes',
          repeticiones: null,
          dias_no_laborables: 'omitir',
          anticipacion_dias: 1,
          activo: true,
        });
        expect(calendarDateIn(task.programaciones_tareas!.proxima_ejecucion, t.config.timezone)).toBe(monday);
        expect(calendarDateIn(task.programaciones_tareas!.fin!, t.config.timezone)).toBe(addDaysToCalendarDate(monday, 60));
        expect(await rowOf(task.uuid)).toEqual({
          proxima: monday,
          inicio: wednesday,
          regla: weekly,
          intervalo_repeticion: 1,
          dias_vencimiento: 2,
          fin: addDaysToCalendarDate(monday, 60),
          repeticiones: null,
          dias_no_laborables: 'omitir',
          anticipacion_dias: 1,
        });
        expect(await occurrencesOf(task.uuid)).toEqual([]);
        await t.ds.query('DELETE FROM programaciones_tareas WHERE tarea_uuid = $1', [task.uuid]);
        await t.ds.query('DELETE FROM tareas WHERE uuid = $1', [task.uuid]);
      });

      it('counts the due date from the first working day when a holiday moves the first date', async () => {
        await t.ds.query(`INSERT INTO dias_no_laborables (fecha, descripcion) VALUES ($1, 'Feriado de prueba')`, [monday]);
        try {
          const tuesday = addDaysToCalendarDate(monday, 1);
          expectError(await create(monday), 400, v.dueDateBeforeFirstDate);
          const res = await create(nextMonday);
          expect(res.status).toBe(201);
          const task = parseWith(TaskResponseSchema, res.body);
          // The rule's date stays Monday; the occurrence is produced on Tuesday, due six days later.
          expect(await rowOf(task.uuid)).toMatchObject({ proxima: monday, dias_vencimiento: 6, dias_no_laborables: 'siguiente_habil' });
          expect(diffCalendarDays(tuesday, nextMonday)).toBe(6);
          await t.ds.query('DELETE FROM programaciones_tareas WHERE tarea_uuid = $1', [task.uuid]);
          await t.ds.query('DELETE FROM tareas WHERE uuid = $1', [task.uuid]);
        } finally {
          await t.ds.query('DELETE FROM dias_no_laborables WHERE fecha = $1', [monday]);
        }
      });

      it('edits it: the rule stays without regla, changes with one and goes back to days with null', async () => {
        const task = parseWith(TaskResponseSchema, (await create(addDaysToCalendarDate(monday, 3))).body);
        const put = (schedule: Record<string, unknown>) =>
          t.http
            .put(`/api/tasks/${task.uuid}`)
            .set(as('supervisor'))
            .send({ ...definition(), programacion_tarea: schedule });

        // A client that only knows intervals sends the stored date and interval: the rule stays.
        const kept = parseWith(TaskResponseSchema, (await put({ proxima_ejecucion: monday, intervalo_repeticion: 1 })).body);
        expect(kept.programaciones_tareas).toMatchObject({ regla: weekly });
        expect(await rowOf(task.uuid)).toMatchObject({ proxima: monday, inicio: wednesday, dias_vencimiento: 3 });

        const before = await rowOf(task.uuid);
        const ended = expectError(
          await put({ proxima_ejecucion: monday, regla: weekly, fin: wednesday }),
          400,
          v.finBeforeStart,
        );
        expect(ended.errors).toEqual([{ path: 'programacion_tarea.fin', message: v.finBeforeStart }]);
        expectError(await put({ proxima_ejecucion: today, regla: weekly, anticipacion_dias: 400 }), 400, v.anticipacionRange);
        expect(await rowOf(task.uuid)).toEqual(before);

        // Every Friday from Monday: the due offset (3 days) fits the new gap, the series starts again from Monday.
        const friday = addDaysToCalendarDate(monday, 4);
        const fridays = parseWith(
          TaskResponseSchema,
          (await put({ proxima_ejecucion: monday, regla: 'FREQ=WEEKLY;BYDAY=FR', repeticiones: 4 })).body,
        );
        expect(fridays.programaciones_tareas).toMatchObject({ regla_descripcion: 'Cada semana: viernes', repeticiones: 4 });
        expect(await rowOf(task.uuid)).toMatchObject({ proxima: friday, inicio: monday, dias_vencimiento: 3, repeticiones: 4 });

        const days = parseWith(
          TaskResponseSchema,
          (await put({ proxima_ejecucion: friday, regla: null, intervalo_repeticion: 2, repeticiones: null })).body,
        );
        expect(days.programaciones_tareas).toMatchObject({ regla: 'FREQ=DAILY;INTERVAL=2', intervalo_repeticion: 2 });
        // The offset is cut to the new interval.
        expect(await rowOf(task.uuid)).toMatchObject({ proxima: friday, regla: null, dias_vencimiento: 2, repeticiones: null });
      });
    });

    it('refuses without update:task and outside the caller areas, changing nothing', async () => {
      const entrega = await taskId('Entregar pedido 1038 en Palermo');
      const mesa = await taskId('Armar mesa de roble (pedido 1042)');
      const body = {
        titulo: 'X',
        tipo_tarea_uuid: produccion,
        area_uuid: carpinteria,
        usuarios_asignados: [ids.operario],
      };
      expectError(await t.http.put(`/api/tasks/${mesa}`).set(as('operario')).send(body), 403);
      expectError(
        await t.http
          .put(`/api/tasks/${entrega}`)
          .set(as('supervisor'))
          .send({ ...body, area_uuid: logistica, usuarios_asignados: [ids.jruiz] }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      // Moving an own-area task into an area outside the scope.
      expectError(
        await t.http
          .put(`/api/tasks/${mesa}`)
          .set(as('supervisor'))
          .send({ ...body, area_uuid: logistica, usuarios_asignados: [ids.jruiz] }),
        403,
        MESSAGES.errors.noAccessArea,
      );
      expectError(
        await t.http
          .put(`/api/tasks/${mesa}`)
          .set(as('supervisor'))
          .send({ ...body, usuarios_asignados: [ids.jruiz] }),
        400,
        MESSAGES.errors.assigneesNotInArea,
      );
      const [row]: { titulo: string }[] = await t.ds.query('SELECT titulo FROM tareas WHERE uuid = $1', [mesa]);
      expect(row.titulo).toBe('Armar mesa de roble (pedido 1042)');
    });
  });

  describe('DELETE /api/tasks/:id', () => {
    it('deletes a task without occurrences', async () => {
      const created = parseWith(
        TaskResponseSchema,
        (
          await t.http
            .post('/api/tasks')
            .set(as('supervisor'))
            .send(
              newTask({
                titulo: 'Sin ocurrencias',
                programacion_tarea: { proxima_ejecucion: addDaysToCalendarDate(today, 5), intervalo_repeticion: 30 },
                fecha_vencimiento: addDaysToCalendarDate(today, 5),
              }),
            )
        ).body,
      );
      const res = await t.http.delete(`/api/tasks/${created.uuid}`).set(as('supervisor'));
      expect(res.status).toBe(200);
      parseWith(OkResponseSchema, res.body);
      expect(await t.ds.query('SELECT 1 FROM tareas WHERE uuid = $1', [created.uuid])).toEqual([]);
      expect(await t.ds.query('SELECT 1 FROM programaciones_tareas WHERE tarea_uuid = $1', [created.uuid])).toEqual([]);
    });

    it('deactivates a task with occurrences and its schedule; history stays', async () => {
      const limpieza = await taskId('Limpieza del puesto de trabajo');
      const before = await counts();
      parseWith(OkResponseSchema, (await t.http.delete(`/api/tasks/${limpieza}`).set(as('supervisor'))).body);
      const [row]: { activo: boolean; prog: boolean }[] = await t.ds.query(
        `SELECT t.activo, p.activo AS prog FROM tareas t JOIN programaciones_tareas p ON p.tarea_uuid = t.uuid WHERE t.uuid = $1`,
        [limpieza],
      );
      expect(row).toEqual({ activo: false, prog: false });
      expect(await counts()).toEqual(before);
      const list = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?titulo=limpieza').set(as('supervisor'))).body,
      );
      expect(list.data).toEqual([]);
      const inactive = parseWith(
        TaskListResponseSchema,
        (await t.http.get('/api/tasks?titulo=limpieza&activo=false').set(as('supervisor'))).body,
      );
      expect(inactive.data.map((x) => x.activo)).toEqual([false]);
    });

    it('refuses without delete:task and outside the caller areas', async () => {
      const before = await counts();
      const sierra = await taskId('Afilar la sierra circular');
      const entrega = await taskId('Entregar pedido 1038 en Palermo');
      expectError(await t.http.delete(`/api/tasks/${sierra}`).set(as('operario')), 403);
      expectError(await t.http.delete(`/api/tasks/${entrega}`).set(as('supervisor')), 403, MESSAGES.errors.noAccessTask);
      expectError(await t.http.delete(`/api/tasks/${ids.admin}`).set(as('admin')), 404);
      expect(await counts()).toEqual(before);
      const [row]: { activo: boolean }[] = await t.ds.query('SELECT activo FROM tareas WHERE uuid = $1', [entrega]);
      expect(row.activo).toBe(true);
    });
  });
});
