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
      expect(body.historial?.[0]).toMatchObject({
        tipo: 'estado',
        detalle: 'Pendiente → En progreso',
        usuario: { nombre: 'Oscar', apellido: 'Pérez' },
      });
      expect(body.historial?.map((h) => h.tipo)).toEqual(['estado', 'asignacion']);
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
        MESSAGES.errors.outOfScope,
      );
      expectError(
        await put('supervisor', entrega, { estado_uuid: status.Completada }),
        403,
        MESSAGES.errors.outOfScope,
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
      expectError(await put('supervisor', uuid, { archivada: true }), 403, MESSAGES.errors.outOfScope);
      expect(await state(uuid)).toMatchObject({ archivada: false });
    });

    it('a supervisor archives with a rating: the task leaves the board and history says so', async () => {
      const mesa = await occurrence('Armar mesa de roble para pedido 1042', 'operario');
      const res = await put('supervisor', mesa, { archivada: true, calificacion: 4, observaciones: 'Buen acabado' });
      expect(res.status).toBe(200);
      const body = parseWith(AssignedTaskResponseSchema, res.body);
      expect(body).toMatchObject({ archivada: true, calificacion: 4, observaciones: 'Buen acabado' });
      expect(body.historial?.[0]).toMatchObject({
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
      expect(plain.historial?.[0]?.detalle).toBe('Archivada sin calificación');
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
      expect(body.historial?.slice(0, 2).map((h) => h.tipo)).toEqual(['archivo', 'estado']);
      expect(await state(sierra)).toMatchObject({
        estado: 'Completada',
        archivada: true,
        calificacion: 5,
        completada: true,
      });
      // Un-archiving puts it back on the board.
      const back = parseWith(AssignedTaskResponseSchema, (await put('admin', sierra, { archivada: false })).body);
      expect(back.archivada).toBe(false);
      expect(back.historial?.[0]?.detalle).toBe('Desarchivada');
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
        MESSAGES.errors.outOfScope,
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
        MESSAGES.errors.outOfScope,
      );
      expectError(await t.http.get(`/api/assigned-tasks/${sierra}/history`).set(as('jruiz')), 403);
    });
  });
});
