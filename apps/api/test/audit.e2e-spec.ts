import * as XLSX from 'xlsx';
import type { z } from 'zod';
import {
  addDaysToCalendarDate,
  AREAS_ROUTES,
  ASSIGNED_TASKS_ROUTES,
  AuditEntry,
  AuditListResponseSchema,
  AUTH_ROUTES,
  DEFAULT_TIMEZONE,
  JOB_POSITIONS_ROUTES,
  MESSAGES,
  NOTIFICATIONS_ROUTES,
  REPORTS_ROUTES,
  RouteDescriptor,
  SCHEDULED_TASKS_ROUTES,
  STATUSES_ROUTES,
  TASK_TYPES_ROUTES,
  TASKS_ROUTES,
  todayIn,
  USERS_ROUTES,
} from '@gestar/contracts';
import { MaintenanceService } from '../src/modules/audit/maintenance.service';
import { areaUuid, createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/** The route's success status (its declared one; 201 for a POST that declares none, 200 otherwise). */
const successOf = (route: RouteDescriptor) => route.status ?? (route.method === 'POST' ? 201 : 200);

/**
 * A call that must succeed: its status is the route's success status and its body passes the
 * route's response schema. A refused or failed call stops the test here, before any audit check.
 */
function answer<R extends RouteDescriptor>(
  route: R,
  res: { status: number; body: unknown },
): R['response'] extends z.ZodType ? z.infer<R['response']> : unknown {
  if (res.status !== successOf(route)) {
    throw new Error(`${route.method} ${route.path}: se esperaba ${successOf(route)} y llegó ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return (route.response ? parseWith(route.response, res.body) : res.body) as never;
}

/** The session id (`sid`) of an access token: the `recurso_uuid` of its sign-in and logout entries. */
const sessionOf = (token: string): string => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid?: unknown };
  if (typeof claims.sid !== 'string') throw new Error('el token no lleva sid');
  return claims.sid;
};

/**
 * The audit log (issue 20, section 3): each family of actions is recorded, and the log cannot be changed.
 * Each check finds the entry of the very object (or call) made in that test: by its uuid, or as the
 * only new entry of its action since a mark taken just before the call. The seed and the sign-ins in
 * `beforeAll` already wrote entries of most actions, so "some matching entry exists" proves nothing.
 */
describe('audit log', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let carpinteria: string;
  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const today = () => todayIn(DEFAULT_TIMEZONE);

  /** Entries matching the filters, newest first, through the API (parsed with the contract). */
  const entries = async (query: Record<string, string> = {}): Promise<AuditEntry[]> => {
    const res = await t.http.get('/api/audit').query({ limit: '100', ...query }).set(as('admin'));
    expect(res.status).toBe(200);
    return parseWith(AuditListResponseSchema, res.body).data;
  };
  /** The entries of this action on this object (newest first); there must be at least one. */
  const entriesOf = async (recurso: string, accion: string, recursoUuid: string): Promise<AuditEntry[]> => {
    const found = (await entries({ recurso, accion })).filter((e) => e.recurso_uuid === recursoUuid);
    if (found.length === 0) throw new Error(`no hay entrada ${accion} de ${recurso} ${recursoUuid}`);
    return found;
  };
  /** The single entry of this action on this object. */
  const entryOf = async (recurso: string, accion: string, recursoUuid: string): Promise<AuditEntry> => {
    const found = await entriesOf(recurso, accion, recursoUuid);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  /** The newest entry id: whatever the next calls write comes after it. */
  const mark = async (): Promise<bigint> => {
    const [row]: { id: string | null }[] = await t.ds.query(`SELECT max(id)::text AS id FROM auditoria`);
    return BigInt(row!.id ?? '0');
  };
  /** The single entry matching the filters written after `from`. */
  const onlyNewSince = async (from: bigint, query: Record<string, string>): Promise<AuditEntry> => {
    const found = (await entries(query)).filter((e) => BigInt(e.id) > from);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    carpinteria = await areaUuid(t, 'Carpintería');
  });
  afterAll(async () => {
    await t.close();
  });

  it('catalog changes: who, when, and only the changed fields before and after', async () => {
    const area = answer(AREAS_ROUTES.create, await t.http.post('/api/areas').set(as('admin')).send({ nombre: 'Lustre' }));
    const c = await entryOf('area', 'crear', area.uuid);
    expect(c).toMatchObject({ actor: { uuid: ids.admin, username: 'admin' }, detalle: { despues: { nombre: 'Lustre' } } });
    expect(c.ip).toBeTruthy();

    answer(AREAS_ROUTES.update, await t.http.put(`/api/areas/${area.uuid}`).set(as('admin')).send({ nombre: 'Lustre y pintura' }));
    const e = await entryOf('area', 'editar', area.uuid);
    expect(e.detalle).toEqual({ antes: { nombre: 'Lustre' }, despues: { nombre: 'Lustre y pintura' } });

    answer(AREAS_ROUTES.remove, await t.http.delete(`/api/areas/${area.uuid}`).set(as('admin')));
    expect(await entryOf('area', 'eliminar', area.uuid)).toMatchObject({ detalle: { antes: { nombre: 'Lustre y pintura' } } });

    const status = answer(
      STATUSES_ROUTES.create,
      await t.http.post('/api/statuses').set(as('admin')).send({ nombre: 'Revisión', descripcion: 'Control de calidad', order: 9, color: '#abcdef' }),
    );
    expect(await entryOf('estado', 'crear', status.uuid)).toMatchObject({ actor: { uuid: ids.admin }, detalle: { despues: { nombre: 'Revisión' } } });
    const type = answer(
      TASK_TYPES_ROUTES.create,
      await t.http.post('/api/type-task').set(as('admin')).send({ nombre: 'Control', descripcion: 'Revisar' }),
    );
    expect(await entryOf('tipo_tarea', 'crear', type.uuid)).toMatchObject({ actor: { uuid: ids.admin }, detalle: { despues: { nombre: 'Control' } } });
    const job = answer(
      JOB_POSITIONS_ROUTES.create,
      await t.http.post('/api/job-descriptions').set(as('admin')).send({ nombre: 'Lustrador', descripcion: 'Lustra' }),
    );
    expect(await entryOf('puesto', 'crear', job.uuid)).toMatchObject({ actor: { uuid: ids.admin }, detalle: { despues: { nombre: 'Lustrador' } } });
  });

  it('users: creation, a password change without any hash, deactivation and reactivation', async () => {
    const [{ uuid: rol }] = await t.ds.query(`SELECT uuid FROM roles WHERE nombre = 'Operario'`);
    const user = answer(
      USERS_ROUTES.create,
      await t.http
        .post('/api/users')
        .set(as('admin'))
        .send({ username: 'auditado', password: 'secreta123', nombre: 'Aldo', apellido: 'Auditado', rol_uuid: rol, usuario_areas_uuid: [carpinteria] }),
    );
    const created = await entryOf('usuario', 'crear', user.uuid);
    expect(created.detalle.despues).toMatchObject({ username: 'auditado', nombre: 'Aldo' });
    const body = { nombre: 'Aldo', apellido: 'Auditado', rol_uuid: rol, usuario_areas_uuid: [carpinteria] };
    answer(USERS_ROUTES.update, await t.http.put(`/api/users/${user.uuid}`).set(as('admin')).send({ ...body, password: 'otraClave123' }));
    const changed = await entriesOf('usuario', 'editar', user.uuid);
    // The password change; and the area given at creation, recorded as an edit of the user.
    expect(changed.map((e) => e.detalle)).toEqual([
      { antes: {}, despues: { contraseña: 'cambiada' } },
      { antes: {}, despues: { area_uuid: carpinteria } },
    ]);
    answer(USERS_ROUTES.remove, await t.http.delete(`/api/users/${user.uuid}`).set(as('admin')));
    expect(await entryOf('usuario', 'desactivar', user.uuid)).toMatchObject({ actor: { uuid: ids.admin } });
    answer(USERS_ROUTES.update, await t.http.put(`/api/users/${user.uuid}`).set(as('admin')).send({ ...body, activo: true }));
    expect(await entryOf('usuario', 'reactivar', user.uuid)).toMatchObject({ actor: { uuid: ids.admin } });
    // No password hash anywhere in the log.
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM auditoria WHERE detalle::text ~ '\\$argon2|password_hash'`);
    expect(n).toBe(0);
  });

  it('tasks, schedules, archive with rating, and a bulk action', async () => {
    const [{ uuid: tipo }] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Producción'`);
    const task = answer(
      TASKS_ROUTES.create,
      await t.http
        .post('/api/tasks')
        .set(as('supervisor'))
        .send({
          titulo: 'Lijar puertas',
          descripcion: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Grano 180' }] }]),
          tipo_tarea_uuid: tipo,
          area_uuid: carpinteria,
          usuarios_asignados: [ids.operario],
          fecha_vencimiento: addDaysToCalendarDate(today(), 2),
        }),
    );
    expect(await entryOf('tarea', 'crear', task.uuid)).toMatchObject({ actor: { uuid: ids.supervisor } });
    const schedule = answer(
      SCHEDULED_TASKS_ROUTES.create,
      await t.http.post('/api/scheduled-task').set(as('supervisor')).send({ tarea_uuid: task.uuid, intervalo_repeticion: 7 }),
    );
    expect(await entryOf('programacion', 'crear', schedule.uuid)).toMatchObject({ actor: { uuid: ids.supervisor } });

    /** A new occurrence of the task for the operario. */
    const occurrence = async () => {
      const res = await t.http
        .post('/api/assigned-tasks')
        .set(as('supervisor'))
        .send({ tarea_uuid: task.uuid, usuarios_asignados: [ids.operario], fecha_vencimiento: addDaysToCalendarDate(today(), 3) });
      const [occ] = answer(ASSIGNED_TASKS_ROUTES.create, res);
      return occ!;
    };
    const occ = await occurrence();
    answer(
      ASSIGNED_TASKS_ROUTES.update,
      await t.http.put(`/api/assigned-tasks/${occ.uuid}`).set(as('supervisor')).send({ archivada: true, calificacion: 4, observaciones: 'Bien' }),
    );
    const archived = await entryOf('tarea_asignada', 'archivar', occ.uuid);
    expect(archived.detalle.despues).toMatchObject({ archivada: true, calificacion: 4, observaciones: 'Bien' });

    const bulkOcc = await occurrence();
    const before = await mark();
    const applied = answer(
      ASSIGNED_TASKS_ROUTES.bulk,
      await t.http.post('/api/assigned-tasks/bulk').set(as('supervisor')).send({ ids: [bulkOcc.uuid], accion: 'archivar', calificacion: 5 }),
    );
    expect(applied).toEqual({ aplicadas: [bulkOcc.uuid], rechazadas: [] });
    const bulk = await onlyNewSince(before, { recurso: 'tarea_asignada', accion: 'accion_masiva' });
    expect(bulk).toMatchObject({ actor: { uuid: ids.supervisor }, detalle: { accion: 'archivar', aplicadas: [bulkOcc.uuid], rechazadas: 0 } });
    expect((await entryOf('tarea_asignada', 'archivar', bulkOcc.uuid)).detalle.despues).toMatchObject({ archivada: true, calificacion: 5 });
  });

  it('sign-ins, failed sign-ins, logout, notifications sent, exports and refused calls', async () => {
    let before = await mark();
    expectError(await t.http.post('/api/auth/login').send({ username: 'operario', password: 'mala' }), 401);
    expect(await onlyNewSince(before, { accion: 'ingreso_fallido' })).toMatchObject({
      actor: null,
      recurso: 'sesion',
      recurso_uuid: ids.operario,
      detalle: { usuario: 'operario', motivo: 'contraseña incorrecta' },
    });
    const { token } = answer(
      AUTH_ROUTES.login,
      await t.http.post('/api/auth/login').send({ username: 'operario', password: DEMO_PASSWORD }),
    );
    const session = sessionOf(token);
    expect(await entryOf('sesion', 'ingresar', session)).toMatchObject({ actor: { uuid: ids.operario } });
    answer(AUTH_ROUTES.logout, await t.http.post('/api/auth/logout').set({ Authorization: `Bearer ${token}` }).send({}));
    expect(await entryOf('sesion', 'cerrar_sesion', session)).toMatchObject({ actor: { uuid: ids.operario } });

    before = await mark();
    const sent = answer(
      NOTIFICATIONS_ROUTES.send,
      await t.http.post('/api/notifications/send').set(as('supervisor')).send({ usuario_uuid: ids.operario, titulo: 'Aviso', mensaje: 'Hola' }),
    );
    expect(await onlyNewSince(before, { recurso: 'notificacion', accion: 'notificar' })).toMatchObject({
      actor: { uuid: ids.supervisor },
      recurso_uuid: ids.operario,
      detalle: { titulo: 'Aviso', destinatarios: sent.destinatarios },
    });
    expect(sent.destinatarios).toBe(1);

    before = await mark();
    answer(REPORTS_ROUTES.export, await t.http.get('/api/reports/xlsx').set(as('admin')));
    expect(await onlyNewSince(before, { recurso: 'informe', accion: 'exportar' })).toMatchObject({
      actor: { uuid: ids.admin },
      detalle: { formato: 'xlsx' },
    });

    before = await mark();
    expectError(await t.http.post('/api/areas').set(as('operario')).send({ nombre: 'X' }), 403, MESSAGES.errors.forbidden);
    expect(await onlyNewSince(before, { accion: 'rechazado' })).toMatchObject({
      actor: { uuid: ids.operario },
      recurso: 'ruta',
      detalle: { metodo: 'POST', ruta: '/api/areas' },
    });
  });

  it('GET /api/audit needs read:audit and filters by actor, action, resource and dates', async () => {
    expectError(await t.http.get('/api/audit').set(as('supervisor')), 403);
    const all = await entries();
    expect(all.length).toBeGreaterThan(5);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.en >= all[i]!.en).toBe(true);
    const byAdmin = await entries({ actor_uuid: ids.admin });
    expect(byAdmin.every((e) => e.actor?.uuid === ids.admin)).toBe(true);
    const areas = await entries({ recurso: 'area', accion: 'crear' });
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.every((e) => e.recurso === 'area' && e.accion === 'crear')).toBe(true);
    expect(await entries({ desde: addDaysToCalendarDate(today(), 1) })).toEqual([]);
    expect((await entries({ desde: today(), hasta: today() })).length).toBe(all.length);
    const bad = expectError(await t.http.get('/api/audit?accion=borrar').set(as('admin')), 400);
    expect(bad.message).toBe(MESSAGES.validation.invalidOption);
    expectError(
      await t.http.get('/api/audit').query({ desde: today(), hasta: addDaysToCalendarDate(today(), -1) }).set(as('admin')),
      400,
      MESSAGES.validation.dateRangeInvalid,
    );
  });

  it('exports the filtered log to XLSX (and records the export)', async () => {
    const before = await mark();
    const res = await t.http
      .get('/api/audit/export?recurso=area')
      .set(as('admin'))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Auditoria-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = XLSX.read(res.body as Buffer).Sheets['Auditoría']!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(['Fecha y hora', 'Usuario', 'Acción', 'Recurso', 'Registro', 'Detalle', 'Dispositivo', 'Dirección', 'Veces', 'Última vez']);
    expect(rows.slice(1).every((r) => r[3] === 'Área')).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
    expect(await onlyNewSince(before, { recurso: 'auditoria', accion: 'exportar' })).toMatchObject({
      actor: { uuid: ids.admin },
      detalle: { filtros: { recurso: 'area' } },
    });
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on the log; only the retention prune deletes', async () => {
    await expect(t.ds.query(`UPDATE auditoria SET accion = 'editar'`)).rejects.toThrow(/no se puede modificar ni borrar/);
    await expect(t.ds.query(`DELETE FROM auditoria`)).rejects.toThrow(/no se puede modificar ni borrar/);
    await expect(t.ds.query(`TRUNCATE auditoria`)).rejects.toThrow(/no se puede modificar ni borrar/);
    // An entry older than the retention (730 days) goes with the nightly prune; the rest stays.
    await t.ds.query(
      `INSERT INTO auditoria (en, accion, recurso, detalle) VALUES (now() - interval '731 days', 'crear', 'area', '{"viejo": true}')`,
    );
    const before: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM auditoria`);
    const pruned = await t.app.get(MaintenanceService).prune();
    expect(pruned.auditoria).toBe(1);
    const after: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM auditoria`);
    expect(after[0]!.n).toBe(before[0]!.n - 1);
    // The prune's permission does not leak to later statements on the pooled connection.
    await expect(t.ds.query(`DELETE FROM auditoria`)).rejects.toThrow(/no se puede modificar ni borrar/);
  });
});
