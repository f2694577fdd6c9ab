/**
 * Machines («Equipos», issue 33 §1-2): the catalog, its scope, the code's uniqueness under
 * parallel creates, parents without cycles, the state timeline under parallel changes, and the
 * machine's page. Hostile cases first.
 */
import {
  AssetListResponseSchema,
  AssignedTaskBoardResponseSchema,
  ScheduledTaskListResponseSchema,
  TaskResponseSchema,
  AttachmentResponseSchema,
  AssetPageResponseSchema,
  AssetResponseSchema,
  MESSAGES,
  OkResponseSchema,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';
import { AssetsService } from '../src/modules/assets/assets.service';

const m = MESSAGES.assets;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('Equipos (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let carpinteria: string;
  let logistica: string;

  const create = (token: string, body: Record<string, unknown>) =>
    t.http.post('/api/assets').set(auth(token)).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor, operario] = await Promise.all([
      tokenFor(t, 'admin'),
      tokenFor(t, 'supervisor'),
      tokenFor(t, 'operario'),
    ]);
    carpinteria = await areaUuid(t, 'Carpintería');
    logistica = await areaUuid(t, 'Logística');
  });
  afterAll(() => t.close());

  it('two creates of the same code in parallel: one 201, one 409, one row', async () => {
    const body = { codigo: 'par-01', nombre: 'Sierra paralela', area_uuid: carpinteria };
    const answers = await Promise.all([create(admin, body), create(admin, { ...body, codigo: 'PAR-01' })]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const conflictRes = answers.find((r) => r.status === 409)!;
    expectError(conflictRes, 409, m.codigoTaken);
    const created = parseWith(AssetResponseSchema, answers.find((r) => r.status === 201)!.body);
    expect(created.codigo).toBe('PAR-01');
    const rows = await t.ds.query(`SELECT count(*)::int AS n FROM equipos WHERE upper(codigo) = 'PAR-01'`);
    expect(rows[0].n).toBe(1);
    // The first interval of its timeline is open.
    const open = await t.ds.query(`SELECT estado FROM equipo_estados WHERE equipo_uuid = $1 AND hasta IS NULL`, [created.uuid]);
    expect(open).toEqual([{ estado: 'operativo' }]);
  });

  it('a code differing only in case collides (409); bad and reserved codes are 400 in Spanish', async () => {
    parseWith(AssetResponseSchema, (await create(admin, { codigo: 'Cas-01', nombre: 'Uno', area_uuid: carpinteria }).expect(201)).body);
    expectError(await create(admin, { codigo: 'cas-01', nombre: 'Dos', area_uuid: carpinteria }), 409, m.codigoTaken);
    const bad = expectError(await create(admin, { codigo: '-x', nombre: 'Tres', area_uuid: carpinteria }), 400);
    expect(bad.errors).toContainEqual({ path: 'codigo', message: m.codigoInvalid });
    const reserved = expectError(await create(admin, { codigo: 'labels.pdf', nombre: 'Cuatro', area_uuid: carpinteria }), 400);
    expect(reserved.errors).toContainEqual({ path: 'codigo', message: m.codigoReserved });
    const long = expectError(await create(admin, { codigo: 'A'.repeat(21), nombre: 'Cinco', area_uuid: carpinteria }), 400);
    expect(long.errors?.[0]?.path).toBe('codigo');
    const missing = expectError(await create(admin, {}), 400);
    expect(missing.errors).toEqual(
      expect.arrayContaining([
        { path: 'codigo', message: m.codigoRequired },
        { path: 'area_uuid', message: m.areaRequired },
      ]),
    );
  });

  it('a supervisor manages only the machines of their areas (403 naming the machine); unknown code 404', async () => {
    const log = parseWith(
      AssetResponseSchema,
      (await create(admin, { codigo: 'LOG-01', nombre: 'Autoelevador', area_uuid: logistica }).expect(201)).body,
    );
    expectError(await create(supervisor, { codigo: 'LOG-02', nombre: 'Zorra', area_uuid: logistica }), 403, m.areaOutOfScope);
    const upd = expectError(
      await t.http.put('/api/assets/log-01').set(auth(supervisor)).send({ codigo: 'LOG-01', nombre: 'Mío', area_uuid: carpinteria }),
      403,
    );
    expect(upd.message).toContain(m.forbidden);
    expect(upd.message).toContain('LOG-01');
    expectError(await t.http.put('/api/assets/LOG-01/state').set(auth(supervisor)).send({ estado: 'detenido', motivo: 'x' }), 403);
    expectError(await t.http.delete('/api/assets/LOG-01').set(auth(supervisor)), 403);
    // Nothing changed.
    const [row] = await t.ds.query(`SELECT nombre, estado FROM equipos WHERE uuid = $1`, [log.uuid]);
    expect(row).toEqual({ nombre: 'Autoelevador', estado: 'operativo' });
    // An operario reads it (board, scan) but cannot write.
    parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/log-01').set(auth(operario)).expect(200)).body);
    expectError(await create(operario, { codigo: 'OP-01', nombre: 'x', area_uuid: carpinteria }), 403);
    expectError(await t.http.get('/api/assets/NADA-99').set(auth(admin)), 404, m.notFound);
    expectError(await t.http.put('/api/assets/NADA-99/state').set(auth(admin)).send({ estado: 'detenido', motivo: 'x' }), 404, m.notFound);
  });

  it('refuses a cycle of parents and a parent of another area', async () => {
    const a = parseWith(AssetResponseSchema, (await create(admin, { codigo: 'LIN-A', nombre: 'Línea A', area_uuid: carpinteria }).expect(201)).body);
    const b = parseWith(
      AssetResponseSchema,
      (await create(admin, { codigo: 'LIN-B', nombre: 'Línea B', area_uuid: carpinteria, padre_uuid: a.uuid }).expect(201)).body,
    );
    const c = parseWith(
      AssetResponseSchema,
      (await create(admin, { codigo: 'LIN-C', nombre: 'Línea C', area_uuid: carpinteria, padre_uuid: b.uuid }).expect(201)).body,
    );
    expect(c.padre).toEqual({ uuid: b.uuid, codigo: 'LIN-B', nombre: 'Línea B' });
    // A under C: A -> C -> B -> A.
    expectError(
      await t.http.put('/api/assets/LIN-A').set(auth(admin)).send({ codigo: 'LIN-A', nombre: 'Línea A', area_uuid: carpinteria, padre_uuid: c.uuid }),
      400,
      m.padreCycle,
    );
    expectError(
      await t.http.put('/api/assets/LIN-A').set(auth(admin)).send({ codigo: 'LIN-A', nombre: 'Línea A', area_uuid: carpinteria, padre_uuid: a.uuid }),
      400,
      m.padreCycle,
    );
    const log = await t.ds.query(`SELECT uuid FROM equipos WHERE codigo = 'LOG-01'`);
    expectError(await create(admin, { codigo: 'LIN-D', nombre: 'D', area_uuid: carpinteria, padre_uuid: log[0].uuid }), 400, m.padreOtherArea);
    const page = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/lin-a').set(auth(admin)).expect(200)).body);
    expect(page.hijos.map((h) => h.codigo)).toEqual(['LIN-B']);
  });

  it('parallel state changes close and open each interval exactly once', async () => {
    const s = parseWith(AssetResponseSchema, (await create(supervisor, { codigo: 'CNC-T1', nombre: 'CNC de prueba', area_uuid: carpinteria }).expect(201)).body);
    const states = ['detenido', 'mantenimiento', 'fuera_servicio', 'operativo', 'detenido', 'mantenimiento'];
    const answers = await Promise.all(
      states.map((estado) => t.http.put('/api/assets/cnc-t1/state').set(auth(supervisor)).send({ estado, motivo: `Cambio a ${estado}` })),
    );
    for (const r of answers) {
      if (r.status === 200) parseWith(AssetResponseSchema, r.body);
      else expectError(r, 409, m.sameState);
    }
    const rows: { estado: string; desde: Date; hasta: Date | null }[] = await t.ds.query(
      `SELECT estado, desde, hasta FROM equipo_estados WHERE equipo_uuid = $1 ORDER BY desde, hasta NULLS LAST`,
      [s.uuid],
    );
    expect(rows.filter((r) => r.hasta === null)).toHaveLength(1);
    // Contiguous: each interval ends where the next starts; no two neighbours share a state.
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i - 1]!.hasta?.getTime()).toBe(rows[i]!.desde.getTime());
      expect(rows[i - 1]!.estado).not.toBe(rows[i]!.estado);
    }
    const [eq] = await t.ds.query(`SELECT estado, estado_desde FROM equipos WHERE uuid = $1`, [s.uuid]);
    expect(eq.estado).toBe(rows.at(-1)!.estado);
    expect(eq.estado_desde.getTime()).toBe(rows.at(-1)!.desde.getTime());
    expect(answers.filter((r) => r.status === 200).length).toBe(rows.length - 1);
    // Audited, with the state before and after.
    const audit = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE recurso = 'equipo' AND recurso_uuid = $1 AND accion = 'editar'`,
      [s.uuid],
    );
    expect(audit.length).toBe(rows.length - 1);
    expect(audit[0].detalle.despues).toHaveProperty('estado');
    expectError(await t.http.put('/api/assets/cnc-t1/state').set(auth(supervisor)).send({ estado: 'detenido' }), 400);
  });

  it('setState runs in a transaction of its own when called alone, and writes nothing for the same state', async () => {
    const s = parseWith(AssetResponseSchema, (await create(admin, { codigo: 'TX-01', nombre: 'Prensa', area_uuid: carpinteria }).expect(201)).body);
    const service = t.app.get(AssetsService);
    const por = await userUuid(t, 'admin');
    // Outside any transaction: one of its own.
    expect(await service.setState({ equipoUuid: s.uuid, estado: 'detenido', motivo: 'Atasco', porUuid: por, desde: new Date(Date.now() - 3600_000) })).toBe(true);
    expect(await service.setState({ equipoUuid: s.uuid, estado: 'detenido', porUuid: por })).toBe(false);
    const rows = await t.ds.query(`SELECT estado, hasta IS NULL AS abierto FROM equipo_estados WHERE equipo_uuid = $1 ORDER BY desde, hasta NULLS LAST`, [s.uuid]);
    expect(rows).toEqual([
      { estado: 'operativo', abierto: false },
      { estado: 'detenido', abierto: true },
    ]);
  });

  it('lists by code with search (accents, case), area and state filters', async () => {
    await create(admin, { codigo: 'TUP-09', nombre: 'Tupí de mesa', area_uuid: carpinteria }).expect(201);
    const found = parseWith(AssetListResponseSchema, (await t.http.get('/api/assets?q=tupi').set(auth(operario)).expect(200)).body);
    expect(found.data.map((a) => a.codigo)).toContain('TUP-09');
    const byArea = parseWith(AssetListResponseSchema, (await t.http.get(`/api/assets?area=${logistica}&limit=100`).set(auth(admin)).expect(200)).body);
    expect(byArea.data.every((a) => a.area.uuid === logistica)).toBe(true);
    const stopped = parseWith(AssetListResponseSchema, (await t.http.get('/api/assets?estado=detenido&limit=100').set(auth(admin)).expect(200)).body);
    expect(stopped.data.every((a) => a.estado === 'detenido')).toBe(true);
    const all = parseWith(AssetListResponseSchema, (await t.http.get('/api/assets?limit=100').set(auth(admin)).expect(200)).body);
    const codes = all.data.map((a) => a.codigo);
    expect(codes).toEqual([...codes].sort((x, y) => (x.toUpperCase() < y.toUpperCase() ? -1 : 1)));
    expectError(await t.http.get('/api/assets?estado=roto').set(auth(admin)), 400);
  });

  it('the page shows the timeline of 90 days clipped, and delete refuses a machine in use', async () => {
    const page = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/CNC-T1').set(auth(operario)).expect(200)).body);
    expect(page.puede_editar).toBe(false);
    expect(page.linea_tiempo.intervalos.at(-1)!.hasta).toBeNull();
    expect(page.linea_tiempo.intervalos[0]!.motivo).toBeNull();
    const sup = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/CNC-T1').set(auth(supervisor)).expect(200)).body);
    expect(sup.puede_editar).toBe(true);
    // An old interval starts at the window's start.
    await t.ds.query(`UPDATE equipo_estados SET desde = now() - interval '200 days' WHERE equipo_uuid = $1 AND estado = 'operativo'
                        AND desde = (SELECT min(desde) FROM equipo_estados WHERE equipo_uuid = $1)`, [page.equipo.uuid]);
    const clipped = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/CNC-T1').set(auth(admin)).expect(200)).body);
    expect(clipped.linea_tiempo.intervalos[0]!.desde).toBe(clipped.linea_tiempo.desde);

    const tx = await t.ds.query(`SELECT uuid FROM equipos WHERE codigo = 'TX-01'`);
    const [task] = await t.ds.query(`SELECT uuid FROM tareas WHERE area_uuid = $1 LIMIT 1`, [carpinteria]);
    await t.ds.query(`UPDATE tareas SET equipo_uuid = $1 WHERE uuid = $2`, [tx[0].uuid, task.uuid]);
    expectError(await t.http.delete('/api/assets/TX-01').set(auth(admin)), 409, m.inUse);
    await t.ds.query(`UPDATE tareas SET equipo_uuid = NULL WHERE uuid = $1`, [task.uuid]);
    parseWith(OkResponseSchema, (await t.http.delete('/api/assets/tx-01').set(auth(admin)).expect(200)).body);
    expectError(await t.http.get('/api/assets/TX-01').set(auth(admin)), 404, m.notFound);
  });

  it('a photo and a PDF manual: stored on the machine, the photo set, downloads for readers, writes for its managers', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const photo = parseWith(
      AttachmentResponseSchema,
      (
        await t.http
          .post('/api/assets/cnc-t1/attachments')
          .set(auth(supervisor))
          .field('foto', 'true')
          .attach('archivo', png, { filename: 'cnc.png', contentType: 'image/png' })
          .expect(201)
      ).body,
    );
    const manual = parseWith(
      AttachmentResponseSchema,
      (
        await t.http
          .post('/api/assets/CNC-T1/attachments')
          .set(auth(supervisor))
          .attach('archivo', pdf, { filename: 'manual.pdf', contentType: 'application/pdf' })
          .expect(201)
      ).body,
    );
    // A PDF cannot be the photo; another area's supervisor cannot upload.
    expectError(
      await t.http.post('/api/assets/CNC-T1/attachments').set(auth(supervisor)).field('foto', 'true')
        .attach('archivo', pdf, { filename: 'x.pdf', contentType: 'application/pdf' }),
      415,
      m.fotoNotImage,
    );
    expectError(
      await t.http.post('/api/assets/LOG-01/attachments').set(auth(supervisor))
        .attach('archivo', pdf, { filename: 'x.pdf', contentType: 'application/pdf' }),
      403,
    );
    const page = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/CNC-T1').set(auth(operario)).expect(200)).body);
    expect(page.equipo.foto_uuid).toBe(photo.uuid);
    expect(page.documentos.map((d) => d.nombre).sort()).toEqual(['cnc.png', 'manual.pdf']);
    // Readers of machines download it; the operario cannot delete it.
    await t.http.get(manual.url).set(auth(operario)).expect(200);
    expectError(await t.http.delete(`/api/attachments/${manual.uuid}`).set(auth(operario)), 403);
    expectError(await t.http.delete(`/api/assets/LOG-01/attachments/${manual.uuid}`).set(auth(admin)), 404, m.documentNotFound);
    parseWith(OkResponseSchema, (await t.http.delete(`/api/assets/CNC-T1/attachments/${photo.uuid}`).set(auth(supervisor)).expect(200)).body);
    const after = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/CNC-T1').set(auth(admin)).expect(200)).body);
    expect(after.equipo.foto_uuid).toBeNull();
    expect(after.documentos.map((d) => d.uuid)).toEqual([manual.uuid]);
  });

  it('a task names a machine of its area; cards, the drawer, the schedule and the board filter show it', async () => {
    const [{ uuid: tipo }] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Producción'`);
    const operarioUuid = await userUuid(t, 'operario');
    const log = await t.ds.query(`SELECT uuid FROM equipos WHERE codigo = 'LOG-01'`);
    const cnc = await t.ds.query(`SELECT uuid FROM equipos WHERE codigo = 'CNC-T1'`);
    const due = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
    const task = (equipo: string | null) => ({
      titulo: 'Afilar la sierra',
      descripcion: 'Cambiar el disco',
      tipo_tarea_uuid: tipo,
      area_uuid: carpinteria,
      usuarios_asignados: [operarioUuid],
      fecha_vencimiento: due,
      equipo_uuid: equipo,
    });
    const other = expectError(await t.http.post('/api/tasks').set(auth(supervisor)).send(task(log[0].uuid)), 400, m.taskAssetOtherArea);
    expect(other.errors?.[0]?.path).toBe('equipo_uuid');
    const created = parseWith(TaskResponseSchema, (await t.http.post('/api/tasks').set(auth(supervisor)).send(task(cnc[0].uuid)).expect(201)).body);
    expect(created.equipo).toEqual({ uuid: cnc[0].uuid, codigo: 'CNC-T1', nombre: 'CNC de prueba' });
    // Editing without equipo_uuid keeps it; moving the task to another area with it is refused.
    const { equipo_uuid: _omit, ...rest } = task(null);
    void _omit;
    const kept = parseWith(TaskResponseSchema, (await t.http.put(`/api/tasks/${created.uuid}`).set(auth(supervisor)).send({ ...rest, titulo: 'Afilar' }).expect(200)).body);
    expect(kept.equipo?.codigo).toBe('CNC-T1');
    expectError(
      await t.http.put(`/api/tasks/${created.uuid}`).set(auth(admin)).send({ ...rest, area_uuid: logistica, usuarios_asignados: [await userUuid(t, 'jruiz')] }),
      400,
      m.taskAssetOtherArea,
    );
    const board = parseWith(
      AssignedTaskBoardResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${operarioUuid}?equipo=cnc-t1`).set(auth(operario)).expect(200)).body,
    );
    expect(board.map((c) => c.tarea.uuid)).toEqual([created.uuid]);
    expect(board[0]!.tarea.equipo?.codigo).toBe('CNC-T1');
    const byUuid = parseWith(
      AssignedTaskBoardResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${operarioUuid}?equipo=${log[0].uuid}`).set(auth(admin)).expect(200)).body,
    );
    expect(byUuid).toEqual([]);
    // The machine's page lists the open occurrence.
    const page = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/CNC-T1').set(auth(operario)).expect(200)).body);
    expect(page.trabajo_abierto.map((w) => w.titulo)).toContain('Afilar');
    // A schedule shows its task's machine.
    const scheduled = parseWith(
      TaskResponseSchema,
      (
        await t.http
          .post('/api/tasks')
          .set(auth(supervisor))
          .send({ ...task(cnc[0].uuid), titulo: 'Lubricar', programacion_tarea: { proxima_ejecucion: due, intervalo_repeticion: 7 } })
          .expect(201)
      ).body,
    );
    const schedules = parseWith(ScheduledTaskListResponseSchema, (await t.http.get('/api/scheduled-task?limit=100').set(auth(supervisor)).expect(200)).body);
    expect(schedules.data.find((p) => p.tarea_uuid === scheduled.uuid)?.tarea.equipo?.codigo).toBe('CNC-T1');
    // A machine a task names cannot be deleted.
    expectError(await t.http.delete('/api/assets/CNC-T1').set(auth(admin)), 409, m.inUse);
  });
});
