import {
  addDaysToCalendarDate,
  AssignedTaskBoardResponseSchema,
  companyMidnightIso,
  MESSAGES,
  todayIn,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('the board: GET /api/assigned-tasks/:userId', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let carpinteria: string;
  let tapiceria: string;
  let logistica: string;

  const board = async (who: string, userId: string, query = '') => {
    const res = await t.http.get(`/api/assigned-tasks/${userId}${query}`).set('Authorization', `Bearer ${tokens[who]}`);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return parseWith(AssignedTaskBoardResponseSchema, res.body);
  };
  const refused = (who: string, userId: string, query = '') =>
    t.http.get(`/api/assigned-tasks/${userId}${query}`).set('Authorization', `Bearer ${tokens[who]}`);

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    carpinteria = await areaUuid(t, 'Carpintería');
    tapiceria = await areaUuid(t, 'Tapicería');
    logistica = await areaUuid(t, 'Logística');
  });
  afterAll(async () => {
    await t.close();
  });

  it('an operario gets its own non-archived tasks, by due date, with their statuses', async () => {
    const own = await board('operario', ids.operario);
    expect(own.map((a) => a.tarea.titulo)).toEqual([
      'Limpieza del puesto de trabajo',
      'Afilar la sierra circular',
      'Armar mesa de roble para pedido 1042',
    ]);
    expect(own.map((a) => a.estado.nombre)).toEqual(['Completada', 'Pendiente', 'En progreso']);
    expect(own.every((a) => !a.archivada && a.empleado.username === 'operario')).toBe(true);
    const today = todayIn(t.config.timezone);
    expect(own[1]!.fecha_vencimiento).toBe(companyMidnightIso(today, t.config.timezone));
    expect(own[2]!.fecha_vencimiento).toBe(companyMidnightIso(addDaysToCalendarDate(today, 2), t.config.timezone));
    expect(own[0]!.tarea.programaciones_tareas).toMatchObject({ intervalo_repeticion: 7, activo: true, regla_descripcion: 'Cada 7 días' });
    expect(own[0]!.estado).toMatchObject({ order: 3, color: '#40C057' });
  });

  it('a card says its schedule\'s rule in words, as the schedules list does', async () => {
    const card = (await board('operario', ids.operario))[0]!;
    const schedule = card.tarea.programaciones_tareas!;
    const put = (body: { regla: string | null; intervalo_repeticion?: number }) =>
      t.http.put(`/api/scheduled-task/${schedule.uuid}`).set('Authorization', `Bearer ${tokens.admin}`).send(body);
    try {
      for (const [regla, words] of [
        ['FREQ=MONTHLY;BYDAY=-1FR', 'Cada mes, el último viernes'],
        ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Cada semana: lunes, miércoles y viernes'],
      ] as const) {
        expect((await put({ regla })).status).toBe(200);
        const again = (await board('operario', ids.operario)).find((c) => c.uuid === card.uuid)!;
        expect(again.tarea.programaciones_tareas!.regla_descripcion).toBe(words);
      }
    } finally {
      expect((await put({ regla: null, intervalo_repeticion: schedule.intervalo_repeticion })).status).toBe(200);
    }
  });

  it('every field of a card is the stored value (dates as instants of APP_TIMEZONE midnights)', async () => {
    const tz = t.config.timezone;
    const cards = await board('admin', ids.admin);
    expect(cards.length).toBeGreaterThanOrEqual(5);
    interface Row {
      uuid: string;
      estado_uuid: string;
      estado: string;
      color: string;
      order: number;
      fecha_asignacion: Date;
      due: string;
      empleado: string;
      username: string;
      tarea: string;
      titulo: string;
      descripcion: string;
      tipo: string;
      area: string;
      prog: string | null;
      intervalo_repeticion: number | null;
      proxima: string | null;
      activo: boolean | null;
      calificacion: number | null;
      observaciones: string | null;
      hechos: number;
      total: number;
      equipo_uuid: string | null;
      equipo_codigo: string | null;
      equipo_nombre: string | null;
    }
    const rows: Row[] = await t.ds.query(
      `SELECT ta.uuid, ta.estado_uuid, e.nombre AS estado, e.color, e."order", ta.fecha_asignacion,
              to_char(COALESCE(ta.fecha_vencimiento, (ta.fecha_asignacion AT TIME ZONE $2)::date), 'YYYY-MM-DD') AS due,
              u.uuid AS empleado, u.username, t.uuid AS tarea, t.titulo, t.descripcion, tt.nombre AS tipo, a.nombre AS area,
              p.uuid AS prog, p.intervalo_repeticion, to_char(p.proxima_ejecucion, 'YYYY-MM-DD') AS proxima, p.activo,
              ta.calificacion, ta.observaciones, eq.uuid AS equipo_uuid, eq.codigo AS equipo_codigo, eq.nombre AS equipo_nombre,
              (SELECT count(*) FILTER (WHERE c.hecho) FROM tarea_asignada_checklist c WHERE c.tarea_asignada_uuid = ta.uuid)::int AS hechos,
              (SELECT count(*) FROM tarea_asignada_checklist c WHERE c.tarea_asignada_uuid = ta.uuid)::int AS total
         FROM tareas_asignadas ta JOIN estados e ON e.uuid = ta.estado_uuid JOIN usuarios u ON u.uuid = ta.empleado_uuid
         JOIN tareas t ON t.uuid = ta.tarea_uuid JOIN tipos_tarea tt ON tt.uuid = t.tipo_tarea_uuid
         JOIN areas a ON a.uuid = t.area_uuid LEFT JOIN programaciones_tareas p ON p.tarea_uuid = t.uuid
         LEFT JOIN equipos eq ON eq.uuid = t.equipo_uuid
        WHERE ta.uuid = ANY($1::uuid[])`,
      [cards.map((c) => c.uuid), tz],
    );
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    for (const c of cards) {
      const r = byUuid.get(c.uuid)!;
      expect(c).toEqual({
        uuid: r.uuid,
        estado_uuid: r.estado_uuid,
        estado: { uuid: r.estado_uuid, nombre: r.estado, color: r.color, order: r.order },
        fecha_vencimiento: companyMidnightIso(r.due, tz),
        fecha_asignacion: r.fecha_asignacion.toISOString(),
        empleado: { uuid: r.empleado, nombre: expect.any(String), apellido: expect.any(String), username: r.username },
        tarea: {
          uuid: r.tarea,
          titulo: r.titulo,
          descripcion: r.descripcion,
          tipo_tarea: { uuid: expect.any(String), nombre: r.tipo },
          area: { uuid: expect.any(String), nombre: r.area },
          equipo: r.equipo_uuid ? { uuid: r.equipo_uuid, codigo: r.equipo_codigo, nombre: r.equipo_nombre } : null,
          programaciones_tareas: r.prog
            ? {
                uuid: r.prog,
                intervalo_repeticion: r.intervalo_repeticion,
                proxima_ejecucion: companyMidnightIso(r.proxima, tz),
                activo: r.activo,
                regla_descripcion: expect.any(String),
              }
            : null,
        },
        archivada: false,
        calificacion: r.calificacion,
        observaciones: r.observaciones,
        checklist_progreso: { hechos: r.hechos, total: r.total },
      });
    }
    expect(cards.some((c) => c.tarea.programaciones_tareas !== null)).toBe(true);
  });

  it('an operario may not see another board nor use filters (403)', async () => {
    expectError(await refused('operario', ids.mlopez), 403, MESSAGES.errors.forbidden);
    expectError(await refused('operario', ids.operario, `?area=${carpinteria}`), 403);
    expectError(await refused('operario', ids.operario, `?users=${ids.operario}`), 403);
    expectError(await refused('mlopez', ids.operario), 403);
  });

  it('a supervisor sees every task of its areas, and narrows by area and user', async () => {
    const all = await board('supervisor', ids.supervisor);
    expect(all.map((a) => a.empleado.username).sort()).toEqual(['mlopez', 'operario', 'operario', 'operario']);
    expect(all.some((a) => a.tarea.area.nombre === 'Logística')).toBe(false);
    const tap = await board('supervisor', ids.supervisor, `?area=${tapiceria}`);
    expect(tap.map((a) => a.tarea.titulo)).toEqual(['Tapizar 6 sillas modelo Nórdico']);
    const both = await board('supervisor', ids.supervisor, `?area=${carpinteria},${tapiceria}`);
    expect(both).toHaveLength(4);
    const maria = await board('supervisor', ids.supervisor, `?users=${ids.mlopez}`);
    expect(maria.map((a) => a.empleado.username)).toEqual(['mlopez']);
    // Another id acts as a one-user filter.
    const viaPath = await board('supervisor', ids.operario);
    expect(viaPath.map((a) => a.empleado.username)).toEqual(['operario', 'operario', 'operario']);
  });

  it('a supervisor outside its areas is refused (403)', async () => {
    expectError(await refused('supervisor', ids.supervisor, `?area=${logistica}`), 403, MESSAGES.errors.noAccessArea);
    expectError(await refused('supervisor', ids.jruiz), 403, MESSAGES.errors.noAccessUser);
    expectError(
      await refused('supervisor', ids.supervisor, `?users=${ids.mlopez},${ids.jruiz}`),
      403,
      MESSAGES.errors.noAccessUser,
    );
  });

  it('read:all:assigned-tasks sees every area; bad ids are 400; no token is 401', async () => {
    const all = await board('admin', ids.admin);
    expect(all).toHaveLength(5);
    const jruiz = await board('admin', ids.admin, `?area=${logistica}`);
    expect(jruiz.map((a) => a.tarea.titulo)).toEqual(['Entregar pedido 1038 en Palermo']);
    expect(await board('admin', ids.jruiz)).toHaveLength(1);
    const bad = expectError(await refused('admin', ids.admin, '?area=x'), 400);
    expect(bad.errors).toContainEqual({ path: 'area.0', message: MESSAGES.validation.invalidUuid });
    expectError(await refused('admin', 'nope'), 400, MESSAGES.validation.invalidUuid);
    expectError(await t.http.get(`/api/assigned-tasks/${ids.admin}`), 401);
  });
});
