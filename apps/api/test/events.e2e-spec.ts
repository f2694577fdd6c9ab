import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  AssignedTaskChangedEventSchema,
  AssignedTaskResponseSchema,
  MESSAGES,
  OkResponseSchema,
  SERVER_EVENTS,
  TaskChangedEventSchema,
  UserResponseSchema,
} from '@gestar/contracts';
import { createApp } from '../src/app.factory';
import { EventsService } from '../src/modules/events/events.service';
import { createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

interface ReceivedEvent {
  type: string;
  data: unknown;
  at: number;
}

/** A raw SSE client: what a browser's EventSource does, without the browser. */
function openStream(
  port: number,
  token: string,
): Promise<{ events: ReceivedEvent[]; ended: Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: ReceivedEvent[] = [];
    let buffer = '';
    const req = http.get(
      { host: '127.0.0.1', port, agent: false, path: '/api/events', headers: { Authorization: `Bearer ${token}` } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
        const ended = new Promise<void>((done) => res.on('end', done).on('close', done));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!type) continue;
            events.push({ type, data: data ? JSON.parse(data) : null, at: Date.now() });
            if (type === 'ready') resolve({ events, ended, close: () => req.destroy() });
          }
        });
      },
    );
    req.on('error', (err) => {
      if (!(err as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(err);
    });
  });
}

async function waitFor<T>(fn: () => T | undefined, ms: number): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return fn();
}

describe('live events across API processes (LISTEN/NOTIFY + SSE)', () => {
  let a: TestApp;
  let b: NestExpressApplication;
  let bClosed = false;
  let portB: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    a = await createTestApp();
    // A second process on the same database: only PostgreSQL connects the two.
    b = await createApp(a.config, { logger: ['error'] });
    await b.listen(0, '127.0.0.1');
    portB = (b.getHttpServer().address() as AddressInfo).port;
    for (const u of ['operario', 'supervisor', 'mlopez', 'jruiz', 'admin']) tokens[u] = await tokenFor(a, u);
  });
  afterAll(async () => {
    if (!bClosed) await b.close();
    await a.close();
  });

  it('refuses the stream without a valid token or ticket; a token in the URL is not accepted', async () => {
    expectError(await a.http.get('/api/events'), 401, MESSAGES.errors.unauthorized);
    expectError(await a.http.get(`/api/events?token=${tokens.operario}`), 401, MESSAGES.errors.unauthorized);
    expectError(await a.http.get('/api/events?ticket=nope'), 401, MESSAGES.errors.eventTicketInvalid);
  });

  it('a status change made through app A reaches the audience on app B within 2 s, and nobody else', async () => {
    const [{ uuid: sierra, tarea_uuid, empleado_uuid }]: { uuid: string; tarea_uuid: string; empleado_uuid: string }[] =
      await a.ds.query(
        `SELECT ta.uuid, ta.tarea_uuid, ta.empleado_uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE t.titulo = 'Afilar la sierra circular'`,
      );
    const [{ uuid: progreso }]: { uuid: string }[] = await a.ds.query(
      `SELECT uuid FROM estados WHERE nombre = 'En progreso'`,
    );
    const streams = {
      operario: await openStream(portB, tokens.operario),
      supervisor: await openStream(portB, tokens.supervisor),
      admin: await openStream(portB, tokens.admin),
      mlopez: await openStream(portB, tokens.mlopez),
      jruiz: await openStream(portB, tokens.jruiz),
    };
    expect(b.get(EventsService).connectionCount).toBe(5);

    const sent = Date.now();
    const res = await a.http
      .put(`/api/assigned-tasks/${sierra}`)
      .set('Authorization', `Bearer ${tokens.operario}`)
      .send({ estado_uuid: progreso });
    parseWith(AssignedTaskResponseSchema, res.body);

    const changed = (who: keyof typeof streams) => () =>
      streams[who].events.find((e) => e.type === SERVER_EVENTS.assignedTaskChanged);
    for (const who of ['operario', 'supervisor', 'admin'] as const) {
      const got = await waitFor(changed(who), 2000);
      expect(got).toBeDefined();
      expect(got!.at - sent).toBeLessThan(2000);
      expect(parseWith(AssignedTaskChangedEventSchema, got!.data)).toEqual({
        uuid: sierra,
        tarea_uuid,
        empleado_uuid,
        cambio: 'estado',
      });
    }
    // The outsiders then get a notification of their own, published after the change by the same process:
    // once it has arrived, the change would have arrived before it.
    for (const who of ['mlopez', 'jruiz'] as const) {
      const sentMark = await a.http
        .post('/api/notifications/send')
        .set('Authorization', `Bearer ${tokens.admin}`)
        .send({ usuario_uuid: await userUuid(a, who), titulo: 'Marca', mensaje: 'Después del cambio' });
      expect(sentMark.status).toBe(201);
      const mark = await waitFor(() => streams[who].events.find((e) => e.type === SERVER_EVENTS.notification), 2000);
      expect(mark).toBeDefined();
    }
    expect(changed('mlopez')()).toBeUndefined();
    expect(changed('jruiz')()).toBeUndefined();

    // A comment is announced too, and a task edit as task.changed.
    await a.http
      .post(`/api/assigned-tasks/${sierra}/comments`)
      .set('Authorization', `Bearer ${tokens.supervisor}`)
      .send({ texto: 'Vamos' });
    const comment = await waitFor(
      () => streams.operario.events.find((e) => (e.data as { cambio?: string } | null)?.cambio === 'comentario'),
      2000,
    );
    expect(comment).toBeDefined();
    await a.http.delete(`/api/tasks/${tarea_uuid}`).set('Authorization', `Bearer ${tokens.supervisor}`);
    const task = await waitFor(() => streams.operario.events.find((e) => e.type === SERVER_EVENTS.taskChanged), 2000);
    expect(parseWith(TaskChangedEventSchema, task!.data)).toMatchObject({ uuid: tarea_uuid, activo: false });
    expect(streams.jruiz.events.filter((e) => e.type !== 'ready' && e.type !== SERVER_EVENTS.notification)).toEqual([]);

    // A client that goes away is forgotten.
    streams.jruiz.close();
    expect(await waitFor(() => (b.get(EventsService).connectionCount === 4 ? true : undefined), 2000)).toBe(true);
    for (const s of Object.values(streams)) s.close();
  });

  it('a stream whose person is deactivated, or whose session ends, in another process hears not one event more', async () => {
    const [{ uuid: rol }]: { uuid: string }[] = await a.ds.query(`SELECT uuid FROM roles WHERE nombre = 'Supervisor'`);
    const [{ uuid: area }]: { uuid: string }[] = await a.ds.query(`SELECT uuid FROM areas WHERE nombre = 'Carpintería'`);
    const newPerson = async (username: string) => {
      const res = await a.http
        .post('/api/users')
        .set('Authorization', `Bearer ${tokens.admin}`)
        .send({ username, password: 'demo1234', nombre: 'Flu', apellido: 'Jo', rol_uuid: rol, usuario_areas_uuid: [area] });
      expect(res.status).toBe(201);
      return { uuid: parseWith(UserResponseSchema, res.body).uuid, token: await tokenFor(a, username) };
    };
    const deactivated = await newPerson('flujo-baja');
    const signedOut = await newPerson('flujo-salida');
    const watcher = await openStream(portB, tokens.admin);
    const streams = { deactivated: await openStream(portB, deactivated.token), signedOut: await openStream(portB, signedOut.token) };
    // Both hear while they may: the check lets a live session through.
    const bus = a.app.get(EventsService);
    await bus.publish({ type: 'prueba.antes', data: {}, audience: { areaUuid: area } });
    for (const s of Object.values(streams)) expect(await waitFor(() => s.events.find((e) => e.type === 'prueba.antes'), 2000)).toBeDefined();

    // Process A ends them; process B's cached state still says both may hear (cached for 2 s, checked each second).
    expect((await a.http.delete(`/api/users/${deactivated.uuid}`).set('Authorization', `Bearer ${tokens.admin}`)).status).toBe(200);
    parseWith(OkResponseSchema, (await a.http.post('/api/auth/logout').set('Authorization', `Bearer ${signedOut.token}`).send({})).body);
    await bus.publish({ type: 'prueba.despues', data: {}, audience: { areaUuid: area, userUuids: [deactivated.uuid, signedOut.uuid] } });
    await bus.publish({ type: 'prueba.despues', data: {}, audience: { everyone: true } });
    await bus.publish({ type: 'prueba.marca', data: {}, audience: { userUuids: [await userUuid(a, 'admin')] } });
    // Process B delivers in order: once the watcher has the mark, the others would have had both events.
    expect(await waitFor(() => watcher.events.find((e) => e.type === 'prueba.marca'), 2000)).toBeDefined();
    expect(watcher.events.filter((e) => e.type === 'prueba.despues')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 200));
    for (const s of Object.values(streams)) expect(s.events.map((e) => e.type)).not.toContain('prueba.despues');
    // And their streams are closed by that check, not left for the timer.
    await Promise.all(Object.values(streams).map((s) => s.ended));
    watcher.close();
  });

  it('shutting a process down ends its open streams instead of hanging', async () => {
    const s = await openStream(portB, tokens.operario);
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('close() se colgó')), 5000);
    });
    await Promise.race([b.close(), hang]).finally(() => clearTimeout(timer));
    bClosed = true;
    await s.ended;
    expect(s.events.map((e) => e.type)).toContain('server.closing');
  });
});
