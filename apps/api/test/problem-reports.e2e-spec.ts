import sharp from 'sharp';
import {
  AssignedTaskResponseSchema,
  AttachmentResponseSchema,
  MESSAGES,
  ProblemReportDetailResponseSchema,
  ProblemReportListResponseSchema,
  ProblemReportResponseSchema,
  type ProblemReportResponse,
} from '@gestar/contracts';
import { areaUuid, count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const m = MESSAGES.problemReports;

/** A day after tomorrow in the company's calendar: never in the past. */
const dueDay = () => new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe('problem reports («Solicitudes»)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let carp: string;
  let log: string;
  let finished: string;
  let photo: Buffer;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const machine = async (codigo: string, area = carp) => {
    const [row]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO equipos (codigo, nombre, area_uuid) VALUES ($1, $2, $3) RETURNING uuid`,
      [codigo, `Sierra ${codigo}`, area],
    );
    await t.ds.query(`INSERT INTO equipo_estados (equipo_uuid, estado, desde) VALUES ($1, 'operativo', now() - interval '1 day')`, [row.uuid]);
    return row.uuid;
  };
  const machineState = async (uuid: string) => {
    const [row]: { estado: string }[] = await t.ds.query('SELECT estado FROM equipos WHERE uuid = $1', [uuid]);
    return row.estado;
  };
  const intervals = async (uuid: string) =>
    (await t.ds.query(`SELECT estado, hasta IS NULL AS abierto, solicitud_uuid FROM equipo_estados WHERE equipo_uuid = $1 ORDER BY desde, hasta NULLS LAST`, [
      uuid,
    ])) as { estado: string; abierto: boolean; solicitud_uuid: string | null }[];
  const report = async (who: string, body: Record<string, unknown>): Promise<ProblemReportResponse> => {
    const res = await t.http.post('/api/problem-reports').set(as(who)).send(body);
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return parseWith(ProblemReportResponseSchema, res.body);
  };
  const accept = (who: string, uuid: string, body: Record<string, unknown> = {}) =>
    t.http
      .post(`/api/problem-reports/${uuid}/accept`)
      .set(as(who))
      .send({ usuarios_asignados: [ids.operario], fecha_vencimiento: dueDay(), ...body });
  const notices = async (user: string, titulo: string) =>
    (await t.ds.query(`SELECT mensaje FROM notificaciones WHERE usuario_uuid = $1 AND tipo = 'solicitud' AND titulo LIKE $2`, [
      user,
      `${titulo}%`,
    ])) as { mensaje: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    carp = await areaUuid(t, 'Carpintería');
    log = await areaUuid(t, 'Logística');
    // A supervisor of Logística only: another area's supervisor.
    await t.ds.query(
      `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
       SELECT 'suplog', password_hash, 'Lucía', 'Sosa', (SELECT uuid FROM roles WHERE nombre = 'Supervisor') FROM usuarios WHERE username = 'admin'`,
    );
    await t.ds.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) SELECT uuid, $1 FROM usuarios WHERE username = 'suplog'`, [log]);
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz', 'suplog']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    [{ uuid: finished }] = await t.ds.query(`SELECT uuid FROM estados WHERE categoria = 'terminada' ORDER BY "order" LIMIT 1`);
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('hostile', () => {
    it('two supervisors accepting at once: exactly one wins, one task is created, the others get 409', async () => {
      await machine('PAR-01');
      const r = await report('operario', { equipo: 'par-01', descripcion: 'La sierra hace un ruido metálico', urgencia: 'alta' });
      const tasksBefore = await count(t, 'tareas');
      const answers = await Promise.all(
        ['supervisor', 'admin', 'supervisor', 'admin', 'supervisor', 'admin'].map((who) => accept(who, r.uuid)),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409, m.alreadyTriaged);
      expect(await count(t, 'tareas')).toBe(tasksBefore + 1);
      const accepted = parseWith(ProblemReportResponseSchema, won[0]!.body);
      expect(accepted).toMatchObject({ estado: 'aceptada', tarea_asignada_uuid: expect.any(String) });
      const steps = await t.ds.query(`SELECT tipo FROM solicitud_historial WHERE solicitud_uuid = $1 ORDER BY fecha`, [r.uuid]);
      expect(steps.map((s: { tipo: string }) => s.tipo)).toEqual(['creada', 'aceptada']);
    });

    it('parallel reports stopping the same machine: one «detenido» interval from the first, every report stored', async () => {
      const eq = await machine('PAR-02');
      const answers = await Promise.all(
        ['operario', 'supervisor', 'admin', 'operario', 'supervisor', 'admin'].map((who, i) =>
          t.http.post('/api/problem-reports').set(as(who)).send({ equipo: 'PAR-02', descripcion: `Trabada ${i}`, equipo_detenido: true }),
        ),
      );
      expect(answers.filter((a) => a.status !== 201).map((a) => a.body)).toEqual([]);
      const reports = answers.map((a) => parseWith(ProblemReportResponseSchema, a.body));
      expect(new Set(reports.map((r) => r.numero)).size).toBe(6);
      expect(await machineState(eq)).toBe('detenido');
      const timeline = await intervals(eq);
      expect(timeline.filter((i) => i.estado === 'detenido')).toHaveLength(1);
      expect(timeline.filter((i) => i.abierto)).toEqual([expect.objectContaining({ estado: 'detenido' })]);
      expect(reports.map((r) => r.uuid)).toContain(timeline.find((i) => i.abierto)!.solicitud_uuid);
    });

    it('merge into a report of another machine, into itself or into a closed one is refused; without a machine too', async () => {
      await machine('MRG-01');
      await machine('MRG-02');
      const a = await report('operario', { equipo: 'MRG-01', descripcion: 'Pierde aceite' });
      const b = await report('operario', { equipo: 'MRG-02', descripcion: 'Pierde aceite también' });
      const c = await report('operario', { equipo: 'MRG-01', descripcion: 'Otra cosa' });
      const none = await report('operario', { area_uuid: carp, descripcion: 'Gotera en el techo' });
      const merge = (uuid: string, en: string, who = 'supervisor') => t.http.post(`/api/problem-reports/${uuid}/merge`).set(as(who)).send({ en });
      const other = expectError(await merge(a.uuid, b.uuid), 400, m.mergeOtherMachine);
      expect(other.errors).toContainEqual({ path: 'en', message: m.mergeOtherMachine });
      expectError(await merge(a.uuid, a.uuid), 400, m.mergeSelf);
      expectError(await merge(none.uuid, a.uuid), 400, m.mergeNoMachine);
      expectError(await merge(a.uuid, ids.admin), 400, m.mergeTargetNotFound);
      expectError(await t.http.post(`/api/problem-reports/${a.uuid}/merge`).set(as('supervisor')).send({}), 400, m.enRequired);
      expect((await t.http.post(`/api/problem-reports/${c.uuid}/reject`).set(as('supervisor')).send({ motivo: 'Duplicada' })).status).toBe(200);
      expectError(await merge(a.uuid, c.uuid), 409, m.mergeTargetClosed);
      // Two merges crossing each other: one wins, the other finds its report already triaged.
      const d = await report('operario', { equipo: 'MRG-01', descripcion: 'Vibra' });
      const crossed = await Promise.all([merge(a.uuid, d.uuid), merge(d.uuid, a.uuid, 'admin')]);
      expect(crossed.map((x) => x.status).sort()).toEqual([200, 409]);
    });

    it('reject without a reason is 400 at motivo; blank is no reason', async () => {
      const r = await report('operario', { area_uuid: carp, descripcion: 'Falta luz en el banco 3' });
      for (const body of [{}, { motivo: '   ' }, { motivo: null }]) {
        const res = expectError(await t.http.post(`/api/problem-reports/${r.uuid}/reject`).set(as('supervisor')).send(body), 400);
        expect(res.errors).toContainEqual({ path: 'motivo', message: m.motivoRequired });
      }
      const long = expectError(
        await t.http.post(`/api/problem-reports/${r.uuid}/reject`).set(as('supervisor')).send({ motivo: 'x'.repeat(1001) }),
        400,
      );
      expect(long.errors?.[0]?.path).toBe('motivo');
      const [row] = await t.ds.query('SELECT estado FROM solicitudes WHERE uuid = $1', [r.uuid]);
      expect(row.estado).toBe('pendiente');
    });

    it('an operario triaging is 403, and reads only their own reports', async () => {
      const r = await report('mlopez', { area_uuid: carp, descripcion: 'Se cortó la luz' });
      expectError(await accept('operario', r.uuid), 403);
      expectError(await t.http.post(`/api/problem-reports/${r.uuid}/reject`).set(as('operario')).send({ motivo: 'No' }), 403);
      expectError(await t.http.post(`/api/problem-reports/${r.uuid}/merge`).set(as('operario')).send({ en: r.uuid }), 403);
      expectError(await t.http.post(`/api/problem-reports/${r.uuid}/resolve`).set(as('operario')), 403);
      expectError(await t.http.get('/api/problem-reports').set(as('operario')), 403, m.triageForbidden);
      expectError(await t.http.get(`/api/problem-reports/${r.uuid}`).set(as('operario')), 403, m.forbidden);
      parseWith(ProblemReportDetailResponseSchema, (await t.http.get(`/api/problem-reports/${r.uuid}`).set(as('mlopez'))).body);
      const mine = parseWith(ProblemReportListResponseSchema, (await t.http.get('/api/problem-reports?mias=true').set(as('mlopez'))).body);
      expect(mine.data.map((x) => x.uuid)).toEqual([r.uuid]);
    });

    it('a supervisor of another area neither reads nor triages it (403), and is not told of it', async () => {
      const r = await report('operario', { area_uuid: carp, descripcion: 'La prensa no baja' });
      expectError(await accept('suplog', r.uuid, { usuarios_asignados: [ids.jruiz] }), 403, m.triageForbidden);
      expectError(await t.http.post(`/api/problem-reports/${r.uuid}/reject`).set(as('suplog')).send({ motivo: 'No' }), 403, m.triageForbidden);
      expectError(await t.http.get(`/api/problem-reports/${r.uuid}`).set(as('suplog')), 403, m.forbidden);
      expectError(await t.http.get(`/api/problem-reports?area_uuid=${carp}`).set(as('suplog')), 403, m.triageForbidden);
      const list = parseWith(ProblemReportListResponseSchema, (await t.http.get('/api/problem-reports').set(as('suplog'))).body);
      expect(list.data.every((x) => x.area.uuid === log)).toBe(true);
      expect(await notices(ids.suplog, m.newTitle)).toEqual([]);
      // Assignees must be of the report's area: a Logística driver is refused, nothing is written.
      const res = expectError(await accept('supervisor', r.uuid, { usuarios_asignados: [ids.jruiz] }), 400);
      expect(res.errors?.[0]?.path).toBe('usuarios_asignados');
      const [row] = await t.ds.query('SELECT estado FROM solicitudes WHERE uuid = $1', [r.uuid]);
      expect(row.estado).toBe('pendiente');
    });

    it('a photo of a wrong type is 415 (a PDF, a text); a stranger cannot add one; an 11th is 409', async () => {
      const r = await report('operario', { area_uuid: carp, descripcion: 'Astilla en la mesa' });
      const url = `/api/problem-reports/${r.uuid}/attachments`;
      expectError(
        await t.http.post(url).set(as('operario')).attach('archivo', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'a.pdf', contentType: 'application/pdf' }),
        415,
        m.photoOnlyImage,
      );
      expectError(
        await t.http.post(url).set(as('operario')).attach('archivo', Buffer.from('hola'), { filename: 'a.jpg', contentType: 'image/jpeg' }),
        415,
        MESSAGES.errors.attachmentTypeNotAllowed,
      );
      expectError(await t.http.post(url).set(as('operario')), 400, MESSAGES.validation.attachmentFileRequired);
      expectError(
        await t.http.post(url).set(as('mlopez')).attach('archivo', photo, { filename: 'a.jpg', contentType: 'image/jpeg' }),
        403,
        m.photosForbidden,
      );
      const send = (i: number) =>
        t.http.post(url).set(as('operario')).attach('archivo', photo, { filename: `f${i}.jpg`, contentType: 'image/jpeg' });
      for (let i = 0; i < 9; i++) expect((await send(i)).status).toBe(201);
      // The 10th and 11th at once: the count is taken under the report's lock, so one of them is refused.
      const uploads = await Promise.all([send(9), send(10)]);
      expect(uploads.map((u) => u.status).sort()).toEqual([201, 409]);
      for (const u of uploads.filter((x) => x.status !== 201)) expectError(u, 409, m.photosTooMany);
      expect(Number((await t.ds.query('SELECT count(*) AS n FROM adjuntos WHERE solicitud_uuid = $1', [r.uuid]))[0].n)).toBe(10);
    });

    it('bad input is a Spanish 400: no machine and no area, an unknown machine, an area not the machine’s, a bad urgency', async () => {
      await machine('VAL-01');
      const post = (body: Record<string, unknown>) => t.http.post('/api/problem-reports').set(as('operario')).send(body);
      expect(expectError(await post({ descripcion: 'x' }), 400).errors).toContainEqual({ path: 'area_uuid', message: m.equipoOrAreaRequired });
      expect(expectError(await post({ equipo: 'NO-EXISTE', descripcion: 'x' }), 400).errors).toContainEqual({ path: 'equipo', message: m.equipoNotFound });
      expect(expectError(await post({ equipo: 'VAL-01', area_uuid: log, descripcion: 'x' }), 400).errors).toContainEqual({ path: 'area_uuid', message: m.areaNotMachine });
      expect(expectError(await post({ area_uuid: carp, descripcion: '  ' }), 400).errors).toContainEqual({ path: 'descripcion', message: m.descripcionRequired });
      expect(expectError(await post({ area_uuid: carp, descripcion: 'x', urgencia: 'urgente' }), 400).errors).toContainEqual({ path: 'urgencia', message: m.urgenciaInvalid });
      expect(expectError(await post({ equipo: "'; DROP TABLE x", descripcion: 'x' }), 400).errors).toContainEqual({ path: 'equipo', message: m.equipoInvalid });
      expect(expectError(await post({ area_uuid: ids.admin, descripcion: 'x' }), 400).errors).toContainEqual({ path: 'area_uuid', message: m.areaNotFound });
      expectError(await post({ area_uuid: carp, descripcion: 'x'.repeat(2001) }), 400);
      // A uuid named offline and sent twice with different keys: the second is a conflict, not a second report.
      const uuid = '11111111-2222-4333-8444-555555555555';
      expect((await post({ uuid, area_uuid: carp, descripcion: 'Sin red' })).status).toBe(201);
      expectError(await post({ uuid, area_uuid: carp, descripcion: 'Sin red' }), 409, m.uuidTaken);
    });
  });

  describe('the whole path', () => {
    it('report stopped with a photo → supervisors told → accept into a task on the machine → done → confirm → operativo', async () => {
      const eq = await machine('PRB-01');
      const r = await report('operario', { equipo: 'prb-01', descripcion: 'La hoja se trabó y no gira', equipo_detenido: true, urgencia: 'alta' });
      expect(r).toMatchObject({ estado: 'pendiente', equipo: { codigo: 'PRB-01', estado: 'detenido' }, area: { uuid: carp }, urgencia: 'alta' });
      expect(await machineState(eq)).toBe('detenido');
      // The area's supervisor and the administrator (a member of Carpintería) are told at once; the reporter is not.
      for (const who of ['supervisor', 'admin']) {
        expect((await notices(ids[who]!, m.newTitle)).some((n) => n.mensaje.includes('PRB-01') && n.mensaje.includes(m.stoppedSuffix))).toBe(true);
      }
      expect(await notices(ids.operario, m.newTitle)).toEqual([]);

      const up = await t.http
        .post(`/api/problem-reports/${r.uuid}/attachments`)
        .set(as('operario'))
        .attach('archivo', photo, { filename: 'hoja.jpg', contentType: 'image/jpeg' });
      expect(up.status).toBe(201);
      const foto = parseWith(AttachmentResponseSchema, up.body);
      expect((await t.http.get(foto.url).set(as('supervisor'))).status).toBe(200);
      expect((await t.http.get(foto.url).set(as('operario'))).status).toBe(200);
      expectError(await t.http.get(foto.url).set(as('mlopez')), 403, m.forbidden);

      const triage = parseWith(ProblemReportListResponseSchema, (await t.http.get('/api/problem-reports?equipo=PRB-01').set(as('supervisor'))).body);
      expect(triage.data).toEqual([expect.objectContaining({ uuid: r.uuid, fotos: 1, miniatura_url: expect.any(String) })]);

      const accepted = parseWith(ProblemReportResponseSchema, (await accept('supervisor', r.uuid, { titulo: 'Destrabar la hoja de PRB-01' })).body);
      expect(accepted).toMatchObject({ estado: 'aceptada', revisada_por: { uuid: ids.supervisor }, tarea_terminada: false });
      const [task] = await t.ds.query(
        `SELECT t.equipo_uuid, t.area_uuid, t.titulo, ta.empleado_uuid, ta.fecha_vencimiento::text AS due FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE ta.uuid = $1`,
        [accepted.tarea_asignada_uuid],
      );
      expect(task).toEqual({ equipo_uuid: eq, area_uuid: carp, titulo: 'Destrabar la hoja de PRB-01', empleado_uuid: ids.operario, due: dueDay() });
      expect(await notices(ids.operario, m.acceptedTitle)).toContainEqual({ mensaje: `${m.acceptedBody}Destrabar la hoja de PRB-01` });
      // Not finished yet: nothing to confirm.
      expectError(await t.http.post(`/api/problem-reports/${r.uuid}/resolve`).set(as('supervisor')), 409, m.taskNotFinished);
      expect(await machineState(eq)).toBe('detenido');

      const done = await t.http.put(`/api/assigned-tasks/${accepted.tarea_asignada_uuid}`).set(as('operario')).send({ estado_uuid: finished });
      parseWith(AssignedTaskResponseSchema, done.body);
      const waiting = parseWith(ProblemReportDetailResponseSchema, (await t.http.get(`/api/problem-reports/${r.uuid}`).set(as('operario'))).body);
      expect(waiting.tarea_terminada).toBe(true);
      expect(waiting.puede_revisar).toBe(false);
      expect(waiting.pasos.map((p) => p.tipo)).toEqual(['creada', 'aceptada', 'tarea_terminada']);
      expect(waiting.adjuntos).toHaveLength(1);
      expect((await notices(ids.supervisor, m.finishedTitle)).length).toBe(1);

      const resolved = parseWith(ProblemReportResponseSchema, (await t.http.post(`/api/problem-reports/${r.uuid}/resolve`).set(as('supervisor'))).body);
      expect(resolved.estado).toBe('resuelta');
      expect(await machineState(eq)).toBe('operativo');
      const timeline = await intervals(eq);
      expect(timeline.map((i) => [i.estado, i.abierto])).toEqual([
        ['operativo', false],
        ['detenido', false],
        ['operativo', true],
      ]);
      expectError(await t.http.post(`/api/problem-reports/${r.uuid}/resolve`).set(as('supervisor')), 409, m.notAccepted);
      const mine = parseWith(ProblemReportDetailResponseSchema, (await t.http.get(`/api/problem-reports/${r.uuid}`).set(as('operario'))).body);
      expect(mine.pasos.map((p) => p.tipo)).toEqual(['creada', 'aceptada', 'tarea_terminada', 'resuelta']);
      expect((await notices(ids.operario, m.resolvedTitle)).length).toBe(1);
      // Each triage action is in the audit log with its actor.
      const audit = await t.ds.query(`SELECT accion, actor_uuid FROM auditoria WHERE recurso = 'solicitud' AND recurso_uuid = $1 ORDER BY id`, [r.uuid]);
      expect(audit).toEqual(
        expect.arrayContaining([
          { accion: 'crear', actor_uuid: ids.operario },
          { accion: 'editar', actor_uuid: ids.supervisor },
        ]),
      );
      expect(audit.length).toBeGreaterThanOrEqual(3);
    });

    it('merge and reject of stopped reports: the machine stays stopped while an open report says so', async () => {
      const eq = await machine('PRB-02');
      const first = await report('operario', { equipo: 'PRB-02', descripcion: 'No arranca', equipo_detenido: true });
      const second = await report('admin', { equipo: 'PRB-02', descripcion: 'Alarma en el tablero' });
      const third = await report('supervisor', { equipo: 'PRB-02', descripcion: 'No arranca (otra vez)', equipo_detenido: true });
      // The stopped one merged into the other: that one now says the machine is stopped.
      const merged = parseWith(ProblemReportResponseSchema, (await t.http.post(`/api/problem-reports/${first.uuid}/merge`).set(as('supervisor')).send({ en: second.uuid })).body);
      expect(merged).toMatchObject({ estado: 'fusionada', fusionada_en: { uuid: second.uuid, numero: second.numero } });
      expect(await notices(ids.operario, m.mergedTitle)).toContainEqual({ mensaje: `${m.mergedBody}${second.numero}` });
      expect(await machineState(eq)).toBe('detenido');
      // Rejecting the third leaves it stopped: the second still says so.
      await t.http.post(`/api/problem-reports/${third.uuid}/reject`).set(as('admin')).send({ motivo: 'Repetida' });
      expect(await machineState(eq)).toBe('detenido');
      // Rejecting the last one that says so starts it again; the merged report's reporter sees the step.
      const rejected = parseWith(ProblemReportResponseSchema, (await t.http.post(`/api/problem-reports/${second.uuid}/reject`).set(as('supervisor')).send({ motivo: 'Era el fusible: ya se cambió' })).body);
      expect(rejected).toMatchObject({ estado: 'rechazada', motivo_rechazo: 'Era el fusible: ya se cambió' });
      expect(await machineState(eq)).toBe('operativo');
      const firstNow = parseWith(ProblemReportDetailResponseSchema, (await t.http.get(`/api/problem-reports/${first.uuid}`).set(as('operario'))).body);
      expect(firstNow.pasos.map((p) => p.tipo)).toEqual(['creada', 'fusionada', 'rechazada']);
      expect(await notices(ids.operario, m.rejectedTitle)).toContainEqual({ mensaje: `${m.rejectedBody}Era el fusible: ya se cambió` });
    });

    it('the triage list: pending first then by urgency; filters by estado, area and machine', async () => {
      const list = parseWith(ProblemReportListResponseSchema, (await t.http.get('/api/problem-reports?limit=100').set(as('supervisor'))).body);
      const rank = (r: ProblemReportResponse) => (r.estado === 'pendiente' ? 0 : r.estado === 'aceptada' ? 1 : 2);
      const ranks = list.data.map(rank);
      expect([...ranks].sort()).toEqual(ranks);
      const pend = parseWith(ProblemReportListResponseSchema, (await t.http.get('/api/problem-reports?estado=pendiente&limit=100').set(as('admin'))).body);
      expect(pend.data.every((r) => r.estado === 'pendiente')).toBe(true);
      const urg = pend.data.map((r) => ({ alta: 0, media: 1, baja: 2 })[r.urgencia]);
      expect([...urg].sort()).toEqual(urg);
      expectError(await t.http.get('/api/problem-reports?estado=abierta').set(as('admin')), 400, m.estadoInvalid);
    });
  });
});
