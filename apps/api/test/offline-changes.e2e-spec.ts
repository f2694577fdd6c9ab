/**
 * Status changes made without a network and sent later (issue 18): the change names the status
 * the person saw (`estado_anterior_uuid`) and when it was made (`sin_conexion_en`). The server's
 * state wins: a task moved or archived meanwhile refuses the change with a Spanish 409 and writes
 * nothing; an accepted one says in the history when it was made and when it arrived, and a
 * completion counts from that moment. Sent twice with one Idempotency-Key, it is written once.
 */
import { randomUUID } from 'node:crypto';
import {
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  DEVICE_TIME_HEADER,
  MESSAGES,
  StatusListResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('status changes made offline', () => {
  let t: TestApp;
  let operario: { Authorization: string };
  let supervisor: { Authorization: string };
  const estados: Record<string, { uuid: string; nombre: string }> = {};

  /** A fresh occurrence of operario's, pending. */
  const occurrence = async (): Promise<string> => {
    const admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    const [tipo] = await t.ds.query('SELECT uuid FROM tipos_tarea LIMIT 1');
    const res = await t.http
      .post('/api/tasks')
      .set(admin)
      .send({
        titulo: `Sin conexión ${randomUUID().slice(0, 6)}`,
        descripcion: 'Prueba',
        tipo_tarea_uuid: tipo.uuid,
        area_uuid: await areaUuid(t, 'Carpintería'),
        usuarios_asignados: [await userUuid(t, 'operario')],
        fecha_vencimiento: todayIn(t.config.timezone),
      });
    expect(res.status).toBe(201);
    const [{ uuid }] = await t.ds.query('SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1', [res.body.uuid]);
    return uuid as string;
  };
  const put = (uuid: string, body: Record<string, unknown>, who = operario, key = randomUUID()) =>
    t.http.put(`/api/assigned-tasks/${uuid}`).set(who).set('Idempotency-Key', key).send(body);
  const statusHistory = async (uuid: string) => {
    const res = await t.http.get(`/api/assigned-tasks/${uuid}/history`).set(operario);
    expect(res.status).toBe(200);
    return parseWith(AssignedTaskHistoryResponseSchema, res.body).filter((h) => h.tipo === 'estado');
  };
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    operario = { Authorization: `Bearer ${await tokenFor(t, 'operario')}` };
    supervisor = { Authorization: `Bearer ${await tokenFor(t, 'supervisor')}` };
    const list = parseWith(StatusListResponseSchema, (await t.http.get('/api/statuses').set(supervisor)).body).data;
    for (const s of list) estados[s.categoria] ??= { uuid: s.uuid, nombre: s.nombre };
  });
  afterAll(async () => {
    await t.close();
  });

  it('an accepted change says in the history when it was made and when it arrived; sent twice, it is written once', async () => {
    const uuid = await occurrence();
    const key = randomUUID();
    const body = { estado_uuid: estados.en_curso!.uuid, estado_anterior_uuid: estados.pendiente!.uuid, sin_conexion_en: minutesAgo(23) };
    const first = await put(uuid, body, operario, key);
    expect(first.status).toBe(200);
    expect(parseWith(AssignedTaskResponseSchema, first.body).estado_uuid).toBe(estados.en_curso!.uuid);
    const again = await put(uuid, body, operario, key);
    expect([again.status, again.body]).toEqual([200, first.body]);
    const history = await statusHistory(uuid);
    expect(history).toHaveLength(1);
    // Made 23 minutes ago: the day is named only when that was another day in the company zone (near midnight).
    const tz = t.config.timezone;
    const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(d);
    const otherDay = dayOf(new Date(body.sin_conexion_en)) !== dayOf(new Date());
    const made = otherDay ? 'el \\d{2}/\\d{2} a las' : 'a las';
    expect(history[0]!.detalle).toMatch(
      new RegExp(`^${estados.pendiente!.nombre} → ${estados.en_curso!.nombre} \\(cambiado sin conexión ${made} \\d{2}:\\d{2}, sincronizado a las \\d{2}:\\d{2}\\)$`),
    );
  });

  it('a completion made offline counts from the moment it was made', async () => {
    const uuid = await occurrence();
    await t.ds.query(`UPDATE tareas_asignadas SET fecha_asignacion = now() - interval '2 hours' WHERE uuid = $1`, [uuid]);
    const at = minutesAgo(40);
    const res = await put(uuid, { estado_uuid: estados.terminada!.uuid, estado_anterior_uuid: estados.pendiente!.uuid, sin_conexion_en: at });
    expect(res.status).toBe(200);
    const [row] = await t.ds.query('SELECT fecha_completada FROM tareas_asignadas WHERE uuid = $1', [uuid]);
    expect((row.fecha_completada as Date).toISOString()).toBe(new Date(at).toISOString());
  });

  it('a device hours ahead or behind sends X-Device-Time: the change counts from the real moment; without it, as sent', async () => {
    for (const hours of [3, -5]) {
      const uuid = await occurrence();
      await t.ds.query(`UPDATE tareas_asignadas SET fecha_asignacion = now() - interval '2 hours' WHERE uuid = $1`, [uuid]);
      const skew = hours * 3600_000;
      const real = Date.now() - 40 * 60_000;
      const res = await t.http
        .put(`/api/assigned-tasks/${uuid}`)
        .set(operario)
        .set('Idempotency-Key', randomUUID())
        .set(DEVICE_TIME_HEADER, new Date(Date.now() + skew).toISOString())
        .send({ estado_uuid: estados.terminada!.uuid, estado_anterior_uuid: estados.pendiente!.uuid, sin_conexion_en: new Date(real + skew).toISOString() });
      expect(res.status).toBe(200);
      const [row] = await t.ds.query('SELECT fecha_completada FROM tareas_asignadas WHERE uuid = $1', [uuid]);
      expect(Math.abs((row.fecha_completada as Date).getTime() - real)).toBeLessThan(2000);
    }
    // Without the header the device's time is taken as sent: 3 hours ahead is after the sending.
    const uuid = await occurrence();
    const ahead = new Date(Date.now() + 3 * 3600_000 - 40 * 60_000).toISOString();
    expectError(await put(uuid, { estado_uuid: estados.en_curso!.uuid, sin_conexion_en: ahead }), 422, MESSAGES.validation.offlineTimeInvalid);
    const bad = await t.http
      .put(`/api/assigned-tasks/${uuid}`)
      .set(operario)
      .set(DEVICE_TIME_HEADER, 'ayer')
      .send({ estado_uuid: estados.en_curso!.uuid, sin_conexion_en: ahead });
    expectError(bad, 400, MESSAGES.timeEntries.deviceTimeInvalid);
    expect(await statusHistory(uuid)).toHaveLength(0);
  });

  it('moved by someone else meanwhile: 409 naming the status it is in now, nothing written', async () => {
    const uuid = await occurrence();
    expect((await put(uuid, { estado_uuid: estados.en_curso!.uuid }, supervisor)).status).toBe(200);
    const before = await statusHistory(uuid);
    const res = await put(uuid, {
      estado_uuid: estados.terminada!.uuid,
      estado_anterior_uuid: estados.pendiente!.uuid,
      sin_conexion_en: minutesAgo(5),
    });
    expectError(res, 409, `${MESSAGES.errors.statusChangedMeanwhile}«${estados.en_curso!.nombre}»`);
    expect(await statusHistory(uuid)).toEqual(before);
    // Already where the person moved it: nothing to do, no conflict.
    const same = await put(uuid, { estado_uuid: estados.en_curso!.uuid, estado_anterior_uuid: estados.pendiente!.uuid });
    expect(same.status).toBe(200);
    expect(await statusHistory(uuid)).toEqual(before);
  });

  it('archived meanwhile: 409, the task stays archived and in its status', async () => {
    const uuid = await occurrence();
    expect((await put(uuid, { archivada: true }, supervisor)).status).toBe(200);
    const res = await put(uuid, { estado_uuid: estados.en_curso!.uuid, estado_anterior_uuid: estados.pendiente!.uuid });
    expectError(res, 409, MESSAGES.errors.assignedTaskArchived);
    const [row] = await t.ds.query('SELECT archivada, estado_uuid FROM tareas_asignadas WHERE uuid = $1', [uuid]);
    expect(row).toEqual({ archivada: true, estado_uuid: estados.pendiente!.uuid });
  });

  it('refuses an impossible moment (422) and the offline fields without a status (400)', async () => {
    const uuid = await occurrence();
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    expectError(await put(uuid, { estado_uuid: estados.en_curso!.uuid, sin_conexion_en: future }), 422, MESSAGES.validation.offlineTimeInvalid);
    expectError(await put(uuid, { estado_uuid: estados.en_curso!.uuid, sin_conexion_en: minutesAgo(8 * 24 * 60) }), 422, MESSAGES.validation.offlineTimeInvalid);
    expectError(await put(uuid, { sin_conexion_en: minutesAgo(1) }), 400, MESSAGES.validation.offlineChangeWithoutStatus);
    expectError(await put(uuid, { estado_uuid: estados.en_curso!.uuid, sin_conexion_en: 'ayer' }), 400);
    expect(await statusHistory(uuid)).toEqual([]);
  });
});
