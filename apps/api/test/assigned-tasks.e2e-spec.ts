import {
  addDaysToCalendarDate,
  AssignedTaskBoardResponseSchema,
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  CreateAssignedTaskResponseSchema,
  MESSAGES,
  todayIn,
} from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('assigned tasks: status, archive, assignment, history', () => {
  let t: TestApp;
  let today: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const status: Record<string, string> = {};

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const occurrence = async (titulo: string, username: string) => {
    const [row]: { uuid: string }[] = await t.ds.query(
      `SELECT ta.uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid JOIN usuarios u ON u.uuid = ta.empleado_uuid
        WHERE t.titulo = $1 AND u.username = $2 AND NOT ta.archivada ORDER BY ta.fecha_asignacion ASC LIMIT 1`,
      [titulo, username],
    );
    return row.uuid;
  };
  const state = async (uuid: string) => {
    const [row]: { estado: string; archivada: boolean; calificacion: number | null; completada: boolean }[] =
      await t.ds.query(
        `SELECT e.nombre AS estado, ta.archivada, ta.calificacion, ta.fecha_completada IS NOT NULL AS completada
         FROM tareas_asignadas ta JOIN estados e ON e.uuid = ta.estado_uuid WHERE ta.uuid = $1`,
        [uuid],
      );
    return row;
  };
  /** The PUT answers the card without its history; the history is read where the drawer reads it. */
  const historyOf = async (uuid: string) =>
    parseWith(
      AssignedTaskHistoryResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${uuid}/history`).set(as('admin'))).body,
    );
  const put = (who: string, uuid: string, body: unknown) =>
    t.http
      .put(`/api/assigned-tasks/${uuid}`)
      .set(as(who))
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    today = todayIn(t.config.timezone);
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    const rows: { uuid: string; nombre: string }[] = await t.ds.query('SELECT uuid, nombre FROM estados');
    for (const r of rows) status[r.nombre] = r.uuid;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('PUT {estado_uuid}', () => {
    it('the assignee moves its own task; history records from and to', async () => {
      const sierra = await occurrence('Afilar la sierra circular', 'operario');
      const res = await put('operario', sierra, { estado_uuid: status['En progreso'] });
      expect(res.status).toBe(200);
      const body = parseWith(AssignedTaskResponseSchema, res.body);
      expect(body.estado).toMatchObject({ nombre: 'En progreso', order: 2 });
      expect(body.historial).toBeUndefined();
      const historial = await historyOf(sierra);
      expect(historial[0]).toMatchObject({
        tipo: 'estado',
        detalle: 'Pendiente → En progreso',
        usuario: { nombre: 'Oscar', apellido: 'Pérez' },
      });
      expect(historial.map((h) => h.tipo)).toEqual(['estado', 'asignacion']);
    });

    it('the last status by order stamps fecha_completada; leaving it clears it; the same status records nothing', async () => {
      const sierra = await occurrence('Afilar la sierra circular', 'operario');
      await put('operario', sierra, { estado_uuid: status.Completada });
      expect(await state(sierra)).toMatchObject({ estado: 'Completada', completada: true });
      await put('operario', sierra, { estado_uuid: status.Pendiente });
      expect(await state(sierra)).toMatchObject({ estado: 'Pendiente', completada: false });
      const before = await count(t, 'historial_tareas_asignadas');
      parseWith(AssignedTaskResponseSchema, (await put('operario', sierra, { estado_uuid: status.Pendiente })).body);
      expect(await count(t, 'historial_tareas_asignadas')).toBe(before);
    });

    it('an operario may not move another employee task; a supervisor may in its areas only', async () => {
      const sillas = await occurrence('Tapizar 6 sillas modelo Nórdico', 'mlopez');
      const entrega = await occurrence('Entregar pedido 1038 en Palermo', 'jruiz');
      const before = await count(t, 'historial_tareas_asignadas');
      expectError(
        await put('operario', sillas, { estado_uuid: status['En progreso'] }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expectError(
        await put('supervisor', entrega, { estado_uuid: status.Completada }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expect(await state(sillas)).toMatchObject({ estado: 'Pendiente' });
      expect(await state(entrega)).toMatchObject({ estado: 'En progreso' });
      expect(await count(t, 'historial_tareas_asignadas')).toBe(before);
      const ok = parseWith(
        AssignedTaskResponseSchema,
        (await put('supervisor', sillas, { estado_uuid: status['En progreso'] })).body,
      );
      expect(ok.estado.nombre).toBe('En progreso');
      parseWith(AssignedTaskResponseSchema, (await put('admin', entrega, { estado_uuid: status.Completada })).body);
    });

    it('an unknown status is 400, an unknown task 404, an empty body 400', async () => {
      const sierra = await occurrence('Afilar la sierra circular', 'operario');
      expectError(await put('operario', sierra, { estado_uuid: ids.admin }), 400, MESSAGES.errors.statusNotFound);
      expectError(await put('operario', ids.admin, { estado_uuid: status.Pendiente }), 404);
      const empty = expectError(await put('operario', sierra, {}), 400);
      expect(empty.errors).toContainEqual({
        path: 'estado_uuid',
        message: MESSAGES.validation.assignedTaskUpdateEmpty,
      });
    });
  });

  describe('PUT {archivada, calificacion?, observaciones?}', () => {
    it('needs an assigned-tasks read permission: the assignee alone may not archive', async () => {
      const mesa = await occurrence('Armar mesa de roble para pedido 1042', 'operario');
      expectError(await put('operario', mesa, { archivada: true, calificacion: 5 }), 403, MESSAGES.errors.forbidden);
      expect(await state(mesa)).toMatchObject({ archivada: false });
    });

    it('refuses ratings 0 and 6 (and 2.5) with the Spanish message, changing nothing', async () => {
      const mesa = await occurrence('Armar mesa de roble para pedido 1042', 'operario');
      for (const calificacion of [0, 6, 2.5]) {
        const body = expectError(await put('supervisor', mesa, { archivada: true, calificacion }), 400);
        expect(body.errors).toContainEqual({ path: 'calificacion', message: MESSAGES.validation.calificacionRange });
      }
      expect(await state(mesa)).toMatchObject({ archivada: false, calificacion: null });
    });

    it('a supervisor outside its areas may not archive', async () => {
      const [{ uuid }]: { uuid: string }[] = await t.ds.query(
        `SELECT ta.uuid FROM tareas_asignadas ta JOIN usuarios u ON u.uuid = ta.empleado_uuid WHERE u.username = 'jruiz'`,
      );
      expectError(await put('supervisor', uuid, { archivada: true }), 403, MESSAGES.errors.noAccessTask);
      expect(await state(uuid)).toMatchObject({ archivada: false });
    });

    it('a supervisor archives with a rating: the task leaves the board and history says so', async () => {
      const mesa = await occurrence('Armar mesa de roble para pedido 1042', 'operario');
      const res = await put('supervisor', mesa, { archivada: true, calificacion: 4, observaciones: 'Buen acabado' });
      expect(res.status).toBe(200);
      const body = parseWith(AssignedTaskResponseSchema, res.body);
      expect(body).toMatchObject({ archivada: true, calificacion: 4, observaciones: 'Buen acabado' });
      expect((await historyOf(mesa))[0]).toMatchObject({
        tipo: 'archivo',
        detalle: 'Archivada con calificación 4 (Muy bueno). Observaciones: Buen acabado',
        usuario: { nombre: 'Sergio' },
      });
      const board = parseWith(
        AssignedTaskBoardResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${ids.operario}`).set(as('operario'))).body,
      );
      expect(board.some((a) => a.uuid === mesa)).toBe(false);
      // Without a rating ("Sin calificación").
      const sillas = await occurrence('Tapizar 6 sillas modelo Nórdico', 'mlopez');
      const plain = parseWith(
        AssignedTaskResponseSchema,
        (await put('supervisor', sillas, { archivada: true, calificacion: '' })).body,
      );
      expect(plain).toMatchObject({ archivada: true, calificacion: null });
      expect((await historyOf(sillas))[0]?.detalle).toBe('Archivada sin calificación');
    });
  });

  describe('PUT with a status and an archive at once', () => {
    it('records both, the archive last, and the assignee alone may not do it', async () => {
      const sierra = await occurrence('Afilar la sierra circular', 'operario');
      expectError(await put('operario', sierra, { estado_uuid: status.Completada, archivada: true }), 403);
      expect(await state(sierra)).toMatchObject({ archivada: false });
      const body = parseWith(
        AssignedTaskResponseSchema,
        (await put('admin', sierra, { estado_uuid: status.Completada, archivada: true, calificacion: 5 })).body,
      );
      expect(body.archivada).toBe(true);
      expect((await historyOf(sierra)).slice(0, 2).map((h) => h.tipo)).toEqual(['archivo', 'estado']);
      expect(await state(sierra)).toMatchObject({
        estado: 'Completada',
        archivada: true,
        calificacion: 5,
        completada: true,
      });
      // Un-archiving puts it back on the board.
      const back = parseWith(AssignedTaskResponseSchema, (await put('admin', sierra, { archivada: false })).body);
      expect(back.archivada).toBe(false);
      expect((await historyOf(sierra))[0]?.detalle).toBe('Desarchivada');
    });
  });

  describe('POST /api/assigned-tasks', () => {
    const sierraTask = async () => {
      const [row]: { uuid: string }[] = await t.ds.query(
        `SELECT uuid FROM tareas WHERE titulo = 'Afilar la sierra circular'`,
      );
      return row.uuid;
    };

    it('assigns an existing task: one occurrence per user in the first status', async () => {
      const before = await count(t, 'tareas_asignadas');
      const res = await t.http
        .post('/api/assigned-tasks')
        .set(as('supervisor'))
        .send({
          tarea_uuid: await sierraTask(),
          usuarios_asignados: [ids.operario, ids.supervisor],
          fecha_vencimiento: addDaysToCalendarDate(today, 1),
        });
      expect(res.status).toBe(201);
      const created = parseWith(CreateAssignedTaskResponseSchema, res.body);
      expect(created.map((c) => c.empleado.username).sort()).toEqual(['operario', 'supervisor']);
      expect(created.every((c) => c.estado.nombre === 'Pendiente')).toBe(true);
      expect(await count(t, 'tareas_asignadas')).toBe(before + 2);
    });

    it('refuses without assign:task, outside the areas, users of another area, inactive tasks; writes nothing', async () => {
      const before = await count(t, 'tareas_asignadas');
      const sierra = await sierraTask();
      const [{ uuid: entrega }]: { uuid: string }[] = await t.ds.query(
        `SELECT uuid FROM tareas WHERE titulo = 'Entregar pedido 1038 en Palermo'`,
      );
      const body = {
        tarea_uuid: sierra,
        usuarios_asignados: [ids.operario],
        fecha_vencimiento: addDaysToCalendarDate(today, 1),
      };
      expectError(
        await t.http.post('/api/assigned-tasks').set(as('operario')).send(body),
        403,
        MESSAGES.errors.forbidden,
      );
      expectError(
        await t.http
          .post('/api/assigned-tasks')
          .set(as('supervisor'))
          .send({ ...body, tarea_uuid: entrega, usuarios_asignados: [ids.jruiz] }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expectError(
        await t.http
          .post('/api/assigned-tasks')
          .set(as('supervisor'))
          .send({ ...body, usuarios_asignados: [ids.operario, ids.mlopez] }),
        400,
        MESSAGES.errors.assigneesNotInArea,
      );
      expectError(
        await t.http
          .post('/api/assigned-tasks')
          .set(as('supervisor'))
          .send({ ...body, fecha_vencimiento: addDaysToCalendarDate(today, -1) }),
        400,
        MESSAGES.validation.dueDateNotPast,
      );
      expectError(
        await t.http
          .post('/api/assigned-tasks')
          .set(as('supervisor'))
          .send({ ...body, estado_uuid: ids.admin }),
        400,
        MESSAGES.errors.statusNotFound,
      );
      expectError(
        await t.http
          .post('/api/assigned-tasks')
          .set(as('supervisor'))
          .send({ ...body, tarea_uuid: ids.admin }),
        404,
      );
      await t.ds.query(`UPDATE tareas SET activo = false WHERE uuid = $1`, [sierra]);
      expectError(
        await t.http.post('/api/assigned-tasks').set(as('supervisor')).send(body),
        409,
        MESSAGES.errors.taskInactive,
      );
      await t.ds.query(`UPDATE tareas SET activo = true WHERE uuid = $1`, [sierra]);
      expect(await count(t, 'tareas_asignadas')).toBe(before);
    });
  });

  describe('PUT {fecha_vencimiento, empleado_uuid} (the drawer)', () => {
    const limpieza = async () => {
      const [row]: { uuid: string }[] = await t.ds.query(
        `SELECT ta.uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
          WHERE t.titulo = 'Limpieza del puesto de trabajo' AND NOT ta.archivada ORDER BY ta.fecha_asignacion ASC LIMIT 1`,
      );
      return row.uuid;
    };

    it('assign:task in the area changes the due date and the assignee, with history for each', async () => {
      const uuid = await limpieza();
      const due = addDaysToCalendarDate(today, 3);
      const body = parseWith(
        AssignedTaskResponseSchema,
        (await put('supervisor', uuid, { fecha_vencimiento: due, empleado_uuid: ids.supervisor })).body,
      );
      expect(body.empleado.username).toBe('supervisor');
      expect(body.historial).toBeUndefined();
      const [row]: { due: string; empleado: string }[] = await t.ds.query(
        `SELECT fecha_vencimiento::text AS due, empleado_uuid AS empleado FROM tareas_asignadas WHERE uuid = $1`,
        [uuid],
      );
      expect(row).toEqual({ due, empleado: ids.supervisor });
      const [d, m, y] = [due.slice(8, 10), due.slice(5, 7), due.slice(0, 4)];
      const details = (await historyOf(uuid)).slice(0, 2).map((h) => h.detalle);
      expect(details).toEqual(
        expect.arrayContaining([
          'Reasignada de Oscar Pérez a Sergio Gómez',
          expect.stringMatching(new RegExp(`^Vencimiento: .* → ${d}/${m}/${y}$`)),
        ]),
      );
      // Back to the operario; the same values again record nothing.
      await put('supervisor', uuid, { empleado_uuid: ids.operario });
      const before = await count(t, 'historial_tareas_asignadas');
      await put('supervisor', uuid, { empleado_uuid: ids.operario, fecha_vencimiento: due });
      expect(await count(t, 'historial_tareas_asignadas')).toBe(before);
    });

    it('refuses without assign:task, outside the areas, a user of another area and a past date', async () => {
      const uuid = await limpieza();
      const entrega = await occurrence('Entregar pedido 1038 en Palermo', 'jruiz');
      const before = await count(t, 'historial_tareas_asignadas');
      expectError(await put('operario', uuid, { fecha_vencimiento: addDaysToCalendarDate(today, 5) }), 403, MESSAGES.errors.forbidden);
      expectError(await put('supervisor', entrega, { empleado_uuid: ids.supervisor }), 403, MESSAGES.errors.noAccessTask);
      const other = expectError(await put('supervisor', uuid, { empleado_uuid: ids.mlopez }), 400);
      expect(other.errors).toContainEqual({ path: 'empleado_uuid', message: MESSAGES.errors.assigneeNotInArea });
      expectError(
        await put('supervisor', uuid, { fecha_vencimiento: addDaysToCalendarDate(today, -1) }),
        400,
        MESSAGES.validation.dueDateNotPast,
      );
      expect(await count(t, 'historial_tareas_asignadas')).toBe(before);
    });
  });

  describe('GET /api/assigned-tasks/:id/detail', () => {
    it('answers an archived occurrence to its assignee and watchers in scope; 403 out of scope, 404 unknown', async () => {
      const [{ uuid }]: { uuid: string }[] = await t.ds.query(
        `SELECT ta.uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
          WHERE t.titulo = 'Limpieza del puesto de trabajo' AND ta.archivada AND ta.calificacion = 4`,
      );
      const own = parseWith(
        AssignedTaskResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${uuid}/detail`).set(as('operario'))).body,
      );
      expect(own).toMatchObject({ uuid, archivada: true, calificacion: 4, tarea: { titulo: 'Limpieza del puesto de trabajo' } });
      parseWith(AssignedTaskResponseSchema, (await t.http.get(`/api/assigned-tasks/${uuid}/detail`).set(as('supervisor'))).body);
      expectError(await t.http.get(`/api/assigned-tasks/${uuid}/detail`).set(as('mlopez')), 403, MESSAGES.errors.noAccessTask);
      expectError(await t.http.get(`/api/assigned-tasks/${uuid}/detail`).set(as('jruiz')), 403, MESSAGES.errors.noAccessTask);
      expectError(await t.http.get(`/api/assigned-tasks/${ids.admin}/detail`).set(as('admin')), 404);
    });
  });

  describe('GET /api/assigned-tasks/:id/history', () => {
    it('answers whoever may see the task, newest first; others get 403', async () => {
      const sierra = await occurrence('Afilar la sierra circular', 'operario');
      const own = parseWith(
        AssignedTaskHistoryResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${sierra}/history`).set(as('operario'))).body,
      );
      expect(own.map((h) => h.tipo)).toEqual([
        'archivo',
        'archivo',
        'estado',
        'estado',
        'estado',
        'estado',
        'asignacion',
      ]);
      parseWith(
        AssignedTaskHistoryResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${sierra}/history`).set(as('supervisor'))).body,
      );
      expectError(
        await t.http.get(`/api/assigned-tasks/${sierra}/history`).set(as('mlopez')),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expectError(await t.http.get(`/api/assigned-tasks/${sierra}/history`).set(as('jruiz')), 403);
    });
  });
});
