import * as XLSX from 'xlsx';
import {
  addDaysToCalendarDate,
  AuditEntry,
  AuditListResponseSchema,
  CreateAssignedTaskResponseSchema,
  DEFAULT_TIMEZONE,
  MESSAGES,
  todayIn,
} from '@gestar/contracts';
import { MaintenanceService } from '../src/modules/audit/maintenance.service';
import { areaUuid, createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/** The audit log (issue 20, section 3): each family of actions is recorded, and the log cannot be changed. */
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
  const latest = async (recurso: string, accion: string, recursoUuid?: string) =>
    (await entries({ recurso, accion })).find((e) => !recursoUuid || e.recurso_uuid === recursoUuid);

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
    const created = await t.http.post('/api/areas').set(as('admin')).send({ nombre: 'Lustre' });
    const area = created.body as { uuid: string };
    const c = await latest('area', 'crear', area.uuid);
    expect(c).toMatchObject({ actor: { uuid: ids.admin, username: 'admin' }, detalle: { despues: { nombre: 'Lustre' } } });
    expect(c!.ip).toBeTruthy();

    await t.http.put(`/api/areas/${area.uuid}`).set(as('admin')).send({ nombre: 'Lustre y pintura' });
    const e = await latest('area', 'editar', area.uuid);
    expect(e!.detalle).toEqual({ antes: { nombre: 'Lustre' }, despues: { nombre: 'Lustre y pintura' } });

    expect((await t.http.delete(`/api/areas/${area.uuid}`).set(as('admin'))).status).toBe(200);
    expect(await latest('area', 'eliminar', area.uuid)).toMatchObject({ detalle: { antes: { nombre: 'Lustre y pintura' } } });

    const status = await t.http
      .post('/api/statuses')
      .set(as('admin'))
      .send({ nombre: 'Revisión', descripcion: 'Control de calidad', order: 9, color: '#abcdef' });
    expect(await latest('estado', 'crear', (status.body as { uuid: string }).uuid)).toBeTruthy();
    const type = await t.http.post('/api/type-task').set(as('admin')).send({ nombre: 'Control', descripcion: 'Revisar' });
    expect(await latest('tipo_tarea', 'crear', (type.body as { uuid: string }).uuid)).toBeTruthy();
    const job = await t.http.post('/api/job-descriptions').set(as('admin')).send({ nombre: 'Lustrador', descripcion: 'Lustra' });
    expect(await latest('puesto', 'crear', (job.body as { uuid: string }).uuid)).toBeTruthy();
  });

  it('users: creation, a password change without any hash, deactivation and reactivation', async () => {
    const [{ uuid: rol }] = await t.ds.query(`SELECT uuid FROM roles WHERE nombre = 'Operario'`);
    const res = await t.http
      .post('/api/users')
      .set(as('admin'))
      .send({ username: 'auditado', password: 'secreta123', nombre: 'Aldo', apellido: 'Auditado', rol_uuid: rol, usuario_areas_uuid: [carpinteria] });
    const user = res.body as { uuid: string; nombre: string; apellido: string };
    const created = await latest('usuario', 'crear', user.uuid);
    expect(created!.detalle.despues).toMatchObject({ username: 'auditado', nombre: 'Aldo' });
    const body = { nombre: 'Aldo', apellido: 'Auditado', rol_uuid: rol, usuario_areas_uuid: [carpinteria] };
    await t.http.put(`/api/users/${user.uuid}`).set(as('admin')).send({ ...body, password: 'otraClave123' });
    const changed = (await entries({ recurso: 'usuario', accion: 'editar' })).filter((e) => e.recurso_uuid === user.uuid);
    // The password change; and the area given at creation, recorded as an edit of the user.
    expect(changed.map((e) => e.detalle)).toEqual([
      { antes: {}, despues: { contraseña: 'cambiada' } },
      { antes: {}, despues: { area_uuid: carpinteria } },
    ]);
    await t.http.delete(`/api/users/${user.uuid}`).set(as('admin'));
    expect(await latest('usuario', 'desactivar', user.uuid)).toBeTruthy();
    await t.http.put(`/api/users/${user.uuid}`).set(as('admin')).send({ ...body, activo: true });
    expect(await latest('usuario', 'reactivar', user.uuid)).toBeTruthy();
    // No password hash anywhere in the log.
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM auditoria WHERE detalle::text ~ '\\$argon2|password_hash'`);
    expect(n).toBe(0);
  });

  it('tasks, schedules, archive with rating, and a bulk action', async () => {
    const [{ uuid: tipo }] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Producción'`);
    const task = (
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
        })
    ).body as { uuid: string };
    expect(await latest('tarea', 'crear', task.uuid)).toMatchObject({ actor: { uuid: ids.supervisor } });
    const schedule = await t.http.post('/api/scheduled-task').set(as('supervisor')).send({ tarea_uuid: task.uuid, intervalo_repeticion: 7 });
    expect(await latest('programacion', 'crear', (schedule.body as { uuid: string }).uuid)).toBeTruthy();

    /** A new occurrence of the task for the operario. */
    const occurrence = async () =>
      parseWith(
        CreateAssignedTaskResponseSchema,
        (
          await t.http
            .post('/api/assigned-tasks')
            .set(as('supervisor'))
            .send({ tarea_uuid: task.uuid, usuarios_asignados: [ids.operario], fecha_vencimiento: addDaysToCalendarDate(today(), 3) })
        ).body,
      );
    const [occ] = await occurrence();
    await t.http.put(`/api/assigned-tasks/${occ!.uuid}`).set(as('supervisor')).send({ archivada: true, calificacion: 4, observaciones: 'Bien' });
    const archived = await latest('tarea_asignada', 'archivar', occ!.uuid);
    expect(archived!.detalle.despues).toMatchObject({ archivada: true, calificacion: 4, observaciones: 'Bien' });

    const [bulkOcc] = await occurrence();
    await t.http.post('/api/assigned-tasks/bulk').set(as('supervisor')).send({ ids: [bulkOcc!.uuid], accion: 'archivar', calificacion: 5 });
    const bulk = await latest('tarea_asignada', 'accion_masiva');
    expect(bulk).toMatchObject({ actor: { uuid: ids.supervisor }, detalle: { accion: 'archivar', aplicadas: [bulkOcc!.uuid], rechazadas: 0 } });
    expect(await latest('tarea_asignada', 'archivar', bulkOcc!.uuid)).toBeTruthy();
  });

  it('sign-ins, failed sign-ins, logout, notifications sent, exports and refused calls', async () => {
    await t.http.post('/api/auth/login').send({ username: 'operario', password: 'mala' });
    expect((await entries({ accion: 'ingreso_fallido' }))[0]).toMatchObject({
      actor: null,
      detalle: { usuario: 'operario', motivo: 'contraseña incorrecta' },
    });
    const s = await t.http.post('/api/auth/login').send({ username: 'operario', password: DEMO_PASSWORD });
    const token = (s.body as { token: string }).token;
    expect((await entries({ accion: 'ingresar', actor_uuid: ids.operario }))[0]).toBeTruthy();
    await t.http.post('/api/auth/logout').set({ Authorization: `Bearer ${token}` }).send({});
    expect((await entries({ accion: 'cerrar_sesion', actor_uuid: ids.operario }))[0]).toBeTruthy();

    await t.http.post('/api/notifications/send').set(as('supervisor')).send({ usuario_uuid: ids.operario, titulo: 'Aviso', mensaje: 'Hola' });
    expect(await latest('notificacion', 'notificar', ids.operario)).toMatchObject({ detalle: { titulo: 'Aviso', destinatarios: 1 } });

    expect((await t.http.get('/api/reports/xlsx').set(as('admin'))).status).toBe(200);
    expect(await latest('informe', 'exportar')).toMatchObject({ actor: { uuid: ids.admin }, detalle: { formato: 'xlsx' } });

    expectError(await t.http.post('/api/areas').set(as('operario')).send({ nombre: 'X' }), 403, MESSAGES.errors.forbidden);
    expect((await entries({ accion: 'rechazado', actor_uuid: ids.operario }))[0]).toMatchObject({
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
    expect(rows[0]).toEqual(['Fecha y hora', 'Usuario', 'Acción', 'Recurso', 'Identificador', 'Detalle', 'Dirección', 'Veces', 'Última vez']);
    expect(rows.slice(1).every((r) => r[3] === 'Área')).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
    expect(await latest('auditoria', 'exportar')).toMatchObject({ detalle: { filtros: { recurso: 'area' } } });
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
