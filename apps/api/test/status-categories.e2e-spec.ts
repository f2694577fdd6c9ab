/**
 * Status categories (issue 15): what the migration assigns, completion as the first move into a
 * `terminada` status, "a tiempo" against the due date in the company time zone whatever the
 * number and order of statuses, moving back out of `terminada`, the last `terminada` status
 * protected, and catalog names unique ignoring case and accents.
 */
import {
  addDaysToCalendarDate,
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  MESSAGES,
  ReportStatsResponseSchema,
  StatusListResponseSchema,
  StatusResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const e = MESSAGES.errors;

describe('status categories', () => {
  let t: TestApp;
  let today: string;
  let admin: { Authorization: string };
  let operario: { Authorization: string };
  const estados: Record<string, string> = {};
  let seq = 0;

  /** A new task of Carpintería assigned to operario in Pendiente, due `due`; its title is unique. */
  const occurrence = async (due: string) => {
    const titulo = `Categorías ${String(++seq).padStart(3, '0')}`;
    const [{ uuid: tarea }]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT $1, (SELECT uuid FROM tipos_tarea LIMIT 1), (SELECT uuid FROM areas WHERE nombre = 'Carpintería'), $2
       RETURNING uuid`,
      [titulo, await userUuid(t, 'admin')],
    );
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento) VALUES ($1, $2, $3, $4) RETURNING uuid`,
      [tarea, await userUuid(t, 'operario'), estados.Pendiente, due],
    );
    return { uuid, titulo };
  };
  /** Moves the task as its assignee; answers its history, newest first. */
  const move = async (uuid: string, estado: string) => {
    const res = await t.http.put(`/api/assigned-tasks/${uuid}`).set(operario).send({ estado_uuid: estados[estado] });
    expect(res.status).toBe(200);
    expect(parseWith(AssignedTaskResponseSchema, res.body).estado_uuid).toBe(estados[estado]);
    const history = await t.http.get(`/api/assigned-tasks/${uuid}/history`).set(operario);
    expect(history.status).toBe(200);
    return { historial: parseWith(AssignedTaskHistoryResponseSchema, history.body) };
  };
  const completedAt = async (uuid: string): Promise<Date | null> => {
    const [row]: { fecha_completada: Date | null }[] = await t.ds.query(
      'SELECT fecha_completada FROM tareas_asignadas WHERE uuid = $1',
      [uuid],
    );
    return row.fecha_completada;
  };
  const stats = async (title: string) =>
    parseWith(ReportStatsResponseSchema, (await t.http.get('/api/reports/stats').query({ title }).set(admin)).body);
  const createStatus = async (body: Record<string, unknown>) => {
    const res = await t.http.post('/api/statuses').set(admin).send(body);
    expect(res.status).toBe(201);
    const status = parseWith(StatusResponseSchema, res.body);
    estados[status.nombre] = status.uuid;
    return status;
  };
  const statusList = async () =>
    parseWith(StatusListResponseSchema, (await t.http.get('/api/statuses').set(admin)).body).data;

  beforeAll(async () => {
    t = await createTestApp();
    today = todayIn(t.config.timezone);
    admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    operario = { Authorization: `Bearer ${await tokenFor(t, 'operario')}` };
    for (const s of await statusList()) estados[s.nombre] = s.uuid;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo statuses carry their categories: first pendiente, last terminada, the rest en_curso', async () => {
    expect((await statusList()).map((s) => [s.nombre, s.order, s.categoria])).toEqual([
      ['Pendiente', 1, 'pendiente'],
      ['En progreso', 2, 'en_curso'],
      ['Completada', 3, 'terminada'],
    ]);
  });

  it('completion is the first move into a terminada status, recorded in the history; a later terminada move keeps it', async () => {
    const { uuid } = await occurrence(addDaysToCalendarDate(today, 3));
    await move(uuid, 'En progreso');
    expect(await completedAt(uuid)).toBeNull();

    const before = new Date();
    const done = await move(uuid, 'Completada');
    const completed = await completedAt(uuid);
    expect(completed).not.toBeNull();
    expect(completed!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(done.historial?.[0]).toMatchObject({ tipo: 'estado', detalle: 'En progreso → Completada' });
    // The history entry of the move and the completion moment are the same instant, to the second.
    expect(Math.abs(new Date(done.historial![0]!.fecha).getTime() - completed!.getTime())).toBeLessThan(1000);

    await createStatus({
      nombre: 'Verificada',
      descripcion: 'Revisada por el supervisor',
      order: 10,
      color: '#2F9E44',
      categoria: 'terminada',
    });
    await move(uuid, 'Verificada');
    expect(await completedAt(uuid)).toEqual(completed);
  });

  it("'a tiempo' with four statuses: a status added after Completada changes nothing", async () => {
    await createStatus({ nombre: 'En revisión', descripcion: 'Esperando revisión', order: 20, color: '#7048E8' });
    expect((await statusList()).find((s) => s.nombre === 'En revisión')?.categoria).toBe('en_curso');

    const early = await occurrence(addDaysToCalendarDate(today, 2));
    const late = await occurrence(addDaysToCalendarDate(today, -2));
    const reviewing = await occurrence(addDaysToCalendarDate(today, 2));
    await move(early.uuid, 'Completada');
    await move(late.uuid, 'Completada');
    await move(reviewing.uuid, 'En revisión');

    expect(await stats(early.titulo)).toMatchObject({ total: 1, completadas: 1, completadas_a_tiempo: 1 });
    expect(await stats(late.titulo)).toMatchObject({ total: 1, completadas: 1, completadas_a_tiempo: 0, vencidas: 0 });
    expect(await stats(reviewing.titulo)).toMatchObject({ total: 1, completadas: 0, completadas_a_tiempo: 0 });
  });

  it("'a tiempo' compares the completion day in the company time zone with the due date", async () => {
    const due = addDaysToCalendarDate(today, -1);
    const onTime = await occurrence(due);
    const late = await occurrence(due);
    await move(onTime.uuid, 'Completada');
    await move(late.uuid, 'Completada');
    // 23:30 on the due day in the company's zone is that day; 00:30 the next one is not.
    await t.ds.query(
      `UPDATE tareas_asignadas SET fecha_completada = ($2::date + time '23:30') AT TIME ZONE $3 WHERE uuid = $1`,
      [onTime.uuid, due, t.config.timezone],
    );
    await t.ds.query(
      `UPDATE tareas_asignadas SET fecha_completada = ($2::date + time '00:30') AT TIME ZONE $3 WHERE uuid = $1`,
      [late.uuid, today, t.config.timezone],
    );
    expect(await stats(onTime.titulo)).toMatchObject({ completadas: 1, completadas_a_tiempo: 1 });
    expect(await stats(late.titulo)).toMatchObject({ completadas: 1, completadas_a_tiempo: 0 });
  });

  it('a task moved back out of terminada is no longer complete; completing it again is a new moment', async () => {
    const { uuid, titulo } = await occurrence(addDaysToCalendarDate(today, -1));
    await move(uuid, 'Completada');
    const first = await completedAt(uuid);
    expect(await stats(titulo)).toMatchObject({ completadas: 1, vencidas: 0 });

    await move(uuid, 'En progreso');
    expect(await completedAt(uuid)).toBeNull();
    expect(await stats(titulo)).toMatchObject({ completadas: 0, completadas_a_tiempo: 0, vencidas: 1 });

    await move(uuid, 'Completada');
    const again = await completedAt(uuid);
    expect(again).not.toBeNull();
    expect(again!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('recategorising a status moves the completion of its tasks with it', async () => {
    const { uuid, titulo } = await occurrence(addDaysToCalendarDate(today, 5));
    const moved = await move(uuid, 'En revisión');
    const entered = new Date(moved.historial![0]!.fecha);
    const revision = (await statusList()).find((s) => s.nombre === 'En revisión')!;
    const put = (categoria: string) =>
      t.http.put(`/api/statuses/${revision.uuid}`).set(admin).send({
        nombre: revision.nombre,
        descripcion: revision.descripcion,
        order: revision.order,
        color: revision.color,
        categoria,
      });

    expect(parseWith(StatusResponseSchema, (await put('terminada')).body).categoria).toBe('terminada');
    expect(await completedAt(uuid)).toEqual(entered);
    expect(await stats(titulo)).toMatchObject({ completadas: 1, completadas_a_tiempo: 1 });

    expect(parseWith(StatusResponseSchema, (await put('en_curso')).body).categoria).toBe('en_curso');
    expect(await completedAt(uuid)).toBeNull();

    // Omitted, the category stays as it is.
    const kept = await t.http
      .put(`/api/statuses/${revision.uuid}`)
      .set(admin)
      .send({ nombre: revision.nombre, descripcion: 'Otra', order: revision.order, color: revision.color });
    expect(parseWith(StatusResponseSchema, kept.body)).toMatchObject({ categoria: 'en_curso', descripcion: 'Otra' });
  });

  it('the last terminada status can be neither recategorised nor deleted (409); with another one it can', async () => {
    const list = await statusList();
    const finished = list.filter((s) => s.categoria === 'terminada');
    expect(finished.map((s) => s.nombre).sort()).toEqual(['Completada', 'Verificada']);
    const verificada = finished.find((s) => s.nombre === 'Verificada')!;
    const completada = finished.find((s) => s.nombre === 'Completada')!;
    const body = (s: typeof verificada, categoria: string) => ({
      nombre: s.nombre,
      descripcion: s.descripcion,
      order: s.order,
      color: s.color,
      categoria,
    });

    // Verificada holds a task: move it away, then Verificada can leave the category.
    await t.ds.query('UPDATE tareas_asignadas SET estado_uuid = $1 WHERE estado_uuid = $2', [
      completada.uuid,
      verificada.uuid,
    ]);
    const recategorised = await t.http
      .put(`/api/statuses/${verificada.uuid}`)
      .set(admin)
      .send(body(verificada, 'en_curso'));
    expect(recategorised.status).toBe(200);

    const refused = await t.http.put(`/api/statuses/${completada.uuid}`).set(admin).send(body(completada, 'pendiente'));
    expectError(refused, 409, e.lastFinishedStatus);
    expect((await statusList()).find((s) => s.uuid === completada.uuid)?.categoria).toBe('terminada');

    // The last terminada one, even unused, cannot be deleted.
    const spare = await createStatus({
      nombre: 'Cerrada',
      descripcion: 'Sin uso',
      order: 30,
      color: '#868E96',
      categoria: 'terminada',
    });
    await t.ds.query('UPDATE tareas_asignadas SET estado_uuid = $1 WHERE estado_uuid = $2', [
      estados.Pendiente,
      completada.uuid,
    ]);
    expect((await t.http.delete(`/api/statuses/${completada.uuid}`).set(admin)).status).toBe(200);
    expectError(await t.http.delete(`/api/statuses/${spare.uuid}`).set(admin), 409, e.lastFinishedStatus);
    expect((await statusList()).map((s) => s.nombre)).toContain('Cerrada');
  });

  it('two statuses may not share an order (409); a colour that is not hexadecimal is refused', async () => {
    const res = await t.http
      .post('/api/statuses')
      .set(admin)
      .send({ nombre: 'Duplicado', descripcion: 'x', order: 1, color: '#000000' });
    expectError(res, 409, e.statusOrderTaken);
    const pendiente = (await statusList()).find((s) => s.nombre === 'Pendiente')!;
    const moved = await t.http
      .put(`/api/statuses/${pendiente.uuid}`)
      .set(admin)
      .send({ ...pendiente, uuid: undefined, order: 2 });
    expectError(moved, 409, e.statusOrderTaken);
    const rojo = await t.http
      .post('/api/statuses')
      .set(admin)
      .send({ nombre: 'Rojo', descripcion: 'x', order: 99, color: 'rojo' });
    expectError(rojo, 400, MESSAGES.validation.colorHex);
    const invalid = await t.http
      .post('/api/statuses')
      .set(admin)
      .send({ nombre: 'Mala', descripcion: 'x', order: 98, color: '#000000', categoria: 'hecha' });
    expectError(invalid, 400, MESSAGES.validation.categoriaInvalid);
  });
});

describe('catalog names are unique ignoring case and accents', () => {
  let t: TestApp;
  let admin: { Authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
  });
  afterAll(async () => {
    await t.close();
  });

  const cases = [
    { path: '/api/areas', existing: 'Carpintería', taken: 'CARPINTERIA', extra: {}, message: e.areaNameTaken },
    {
      path: '/api/statuses',
      existing: 'En progreso',
      taken: 'en PROGRESO',
      extra: { descripcion: 'x', order: 500, color: '#123456' },
      message: e.statusNameTaken,
    },
    {
      path: '/api/type-task',
      existing: 'Producción',
      taken: 'produccion',
      extra: { descripcion: 'x' },
      message: e.taskTypeNameTaken,
    },
    {
      path: '/api/job-descriptions',
      existing: 'Jefe de planta',
      taken: 'JEFE DE PLANTA',
      extra: { descripcion: 'x' },
      message: e.jobPositionNameTaken,
    },
  ];

  it.each(cases)('$path: creating "$taken" beside "$existing" answers 409 naming the field', async (c) => {
    const before = (await t.http.get(c.path).set(admin)).body as { meta: { totalItems: number } };
    expectError(
      await t.http
        .post(c.path)
        .set(admin)
        .send({ nombre: c.taken, ...c.extra }),
      409,
      c.message,
    );
    const after = (await t.http.get(c.path).set(admin)).body as { meta: { totalItems: number } };
    expect(after.meta.totalItems).toBe(before.meta.totalItems);
  });

  it.each(cases)('$path: renaming another record to "$taken" answers 409; a new name is accepted', async (c) => {
    const created = await t.http
      .post(c.path)
      .set(admin)
      .send({ nombre: `Nuevo ${c.existing}`, ...c.extra, ...('order' in c.extra ? { order: 600 } : {}) });
    expect(created.status).toBe(201);
    const { uuid } = created.body as { uuid: string };
    const renamed = await t.http
      .put(`${c.path}/${uuid}`)
      .set(admin)
      .send({ nombre: c.taken, ...c.extra, ...('order' in c.extra ? { order: 600 } : {}) });
    expectError(renamed, 409, c.message);
    const own = await t.http
      .put(`${c.path}/${uuid}`)
      .set(admin)
      .send({ nombre: `NUEVO ${c.existing}`, ...c.extra, ...('order' in c.extra ? { order: 600 } : {}) });
    expect(own.status).toBe(200);
  });
});
