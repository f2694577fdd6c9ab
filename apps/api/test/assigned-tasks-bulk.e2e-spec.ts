import {
  addDaysToCalendarDate,
  AssignedTaskHistoryResponseSchema,
  BulkAssignedTasksResponseSchema,
  CreateAssignedTaskResponseSchema,
  MESSAGES,
  todayIn,
} from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('POST /api/assigned-tasks/bulk', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const status: Record<string, string> = {};
  let entrega: string;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const bulk = (who: string, body: unknown) =>
    t.http
      .post('/api/assigned-tasks/bulk')
      .set(as(who))
      .send(body as object);
  /** `n` new occurrences of 'Afilar la sierra circular' for the operario (Carpintería). */
  const fresh = async (n: number) => {
    const [{ uuid: tarea }]: { uuid: string }[] = await t.ds.query(
      `SELECT uuid FROM tareas WHERE titulo = 'Afilar la sierra circular'`,
    );
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await t.http
        .post('/api/assigned-tasks')
        .set(as('supervisor'))
        .send({
          tarea_uuid: tarea,
          usuarios_asignados: [ids.operario],
          fecha_vencimiento: addDaysToCalendarDate(todayIn(t.config.timezone), 2),
        });
      out.push(parseWith(CreateAssignedTaskResponseSchema, res.body)[0]!.uuid);
    }
    return out;
  };
  const rows = async (uuids: string[]) =>
    (await t.ds.query(
      `SELECT ta.uuid, e.nombre AS estado, ta.archivada, ta.calificacion, ta.empleado_uuid
         FROM tareas_asignadas ta JOIN estados e ON e.uuid = ta.estado_uuid WHERE ta.uuid = ANY($1::uuid[])`,
      [uuids],
    )) as { uuid: string; estado: string; archivada: boolean; calificacion: number | null; empleado_uuid: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    for (const r of (await t.ds.query('SELECT uuid, nombre FROM estados')) as { uuid: string; nombre: string }[]) {
      status[r.nombre] = r.uuid;
    }
    const [row]: { uuid: string }[] = await t.ds.query(
      `SELECT ta.uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE t.titulo = 'Entregar pedido 1038 en Palermo'`,
    );
    entrega = row.uuid;
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves the tasks in scope, refuses the others with a Spanish reason each, and records history per task', async () => {
    const mine = await fresh(3);
    // The move must change every row it touches: the new tasks start 'Pendiente', the refused one
    // (the seed's) is 'En progreso', and the target is neither.
    expect((await rows(mine)).map((r) => r.estado)).toEqual(['Pendiente', 'Pendiente', 'Pendiente']);
    expect((await rows([entrega]))[0]!.estado).toBe('En progreso');
    const before = await count(t, 'historial_tareas_asignadas');
    const res = await bulk('supervisor', {
      ids: [...mine, entrega, ids.admin],
      accion: 'estado',
      estado_uuid: status.Completada,
    });
    expect(res.status).toBe(200);
    const body = parseWith(BulkAssignedTasksResponseSchema, res.body);
    expect(body.aplicadas).toEqual(mine);
    expect(body.rechazadas).toEqual([
      { id: entrega, motivo: MESSAGES.errors.noAccessTask },
      { id: ids.admin, motivo: MESSAGES.errors.taskGone },
    ]);
    expect((await rows(mine)).map((r) => r.estado)).toEqual(['Completada', 'Completada', 'Completada']);
    // The refused task keeps the seed's status.
    expect((await rows([entrega]))[0]!.estado).toBe('En progreso');
    expect(await count(t, 'historial_tareas_asignadas')).toBe(before + 3);
    for (const id of mine) {
      const history = parseWith(
        AssignedTaskHistoryResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${id}/history`).set(as('operario'))).body,
      );
      expect(history[0]).toMatchObject({ tipo: 'estado', detalle: 'Pendiente → Completada', usuario: { nombre: 'Sergio' } });
    }
  });

  it('archives with one rating and observations for all; the assignee alone may not archive', async () => {
    const mine = await fresh(3);
    const refused = parseWith(
      BulkAssignedTasksResponseSchema,
      (await bulk('operario', { ids: mine, accion: 'archivar', calificacion: 5 })).body,
    );
    expect(refused).toEqual({
      aplicadas: [],
      rechazadas: mine.map((id) => ({ id, motivo: MESSAGES.errors.forbidden })),
    });
    expect((await rows(mine)).some((r) => r.archivada)).toBe(false);

    const done = parseWith(
      BulkAssignedTasksResponseSchema,
      (await bulk('supervisor', { ids: mine, accion: 'archivar', calificacion: 4, observaciones: 'Lote revisado' })).body,
    );
    expect(done.aplicadas.sort()).toEqual([...mine].sort());
    expect((await rows(mine)).every((r) => r.archivada && r.calificacion === 4)).toBe(true);
    const history = parseWith(
      AssignedTaskHistoryResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${mine[2]}/history`).set(as('supervisor'))).body,
    );
    expect(history[0]?.detalle).toBe('Archivada con calificación 4 (Muy bueno). Observaciones: Lote revisado');
  });

  it('reassigns to a member of each task area; someone outside it is a refusal', async () => {
    const mine = await fresh(2);
    const outside = parseWith(
      BulkAssignedTasksResponseSchema,
      (await bulk('supervisor', { ids: mine, accion: 'reasignar', empleado_uuid: ids.mlopez })).body,
    );
    expect(outside.rechazadas).toEqual(mine.map((id) => ({ id, motivo: MESSAGES.errors.assigneeNotInArea })));
    const ok = parseWith(
      BulkAssignedTasksResponseSchema,
      (await bulk('supervisor', { ids: mine, accion: 'reasignar', empleado_uuid: ids.supervisor })).body,
    );
    expect(ok).toEqual({ aplicadas: mine, rechazadas: [] });
    expect((await rows(mine)).every((r) => r.empleado_uuid === ids.supervisor)).toBe(true);
  });

  it('checks the whole set in one statement and changes it in one transaction; overlapping calls at once both finish', async () => {
    const mine = await fresh(6);
    // Every row a call changes carries the time its transaction began (`now()`): one call, one transaction.
    const done = parseWith(
      BulkAssignedTasksResponseSchema,
      (await bulk('supervisor', { ids: mine, accion: 'estado', estado_uuid: status['En progreso'] })).body,
    );
    expect(done).toEqual({ aplicadas: mine, rechazadas: [] });
    const [{ begun }]: { begun: number }[] = await t.ds.query(
      `SELECT count(DISTINCT updated_at)::int AS begun FROM tareas_asignadas WHERE uuid = ANY($1::uuid[])`,
      [mine],
    );
    expect(begun).toBe(1);
    // Two calls over the same tasks in opposite orders lock them in one order: neither waits on the other forever.
    const [a, b] = await Promise.all([
      bulk('supervisor', { ids: mine, accion: 'estado', estado_uuid: status.Completada }),
      bulk('supervisor', { ids: [...mine].reverse(), accion: 'estado', estado_uuid: status.Pendiente }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = new Set((await rows(mine)).map((r) => r.estado));
    expect(final.size).toBe(1);
    expect(['Completada', 'Pendiente']).toContain([...final][0]);
  });

  it('refuses a malformed batch as a whole with 400 and writes nothing', async () => {
    const [one] = await fresh(1);
    const before = await count(t, 'historial_tareas_asignadas');
    const tooMany = Array.from({ length: 201 }, () => one!);
    const many = expectError(await bulk('supervisor', { ids: tooMany, accion: 'estado', estado_uuid: status.Completada }), 400);
    expect(many.errors).toContainEqual({ path: 'ids', message: MESSAGES.validation.bulkTooMany });
    const none = expectError(await bulk('supervisor', { ids: [], accion: 'estado', estado_uuid: status.Completada }), 400);
    expect(none.errors).toContainEqual({ path: 'ids', message: MESSAGES.validation.bulkIdsRequired });
    const action = expectError(await bulk('supervisor', { ids: [one], accion: 'borrar' }), 400);
    expect(action.errors).toContainEqual({ path: 'accion', message: MESSAGES.validation.bulkActionInvalid });
    const noStatus = expectError(await bulk('supervisor', { ids: [one], accion: 'estado' }), 400);
    expect(noStatus.errors).toContainEqual({ path: 'estado_uuid', message: MESSAGES.validation.estadoRequired });
    const noAssignee = expectError(await bulk('supervisor', { ids: [one], accion: 'reasignar' }), 400);
    expect(noAssignee.errors).toContainEqual({ path: 'empleado_uuid', message: MESSAGES.validation.empleadoRequired });
    expectError(
      await bulk('supervisor', { ids: [one], accion: 'estado', estado_uuid: ids.admin }),
      400,
      MESSAGES.errors.statusNotFound,
    );
    expect(await count(t, 'historial_tareas_asignadas')).toBe(before);
  });
});
