import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  MarkAllReadResponseSchema,
  MassRecipientsResponseSchema,
  addDaysToCalendarDate,
  MESSAGES,
  todayIn,
  NotificationEventSchema,
  NotificationListResponseSchema,
  NotificationResponseSchema,
  OkResponseSchema,
  SendNotificationResponseSchema,
  SERVER_EVENTS,
  UnreadCountResponseSchema,
} from '@gestar/contracts';
import { createApp } from '../src/app.factory';
import { AssignmentNotifier } from '../src/modules/notifications/assignment-notifier.service';
import { SchedulerService } from '../src/modules/scheduled-tasks/scheduler.service';
import { createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const USERS = ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz'] as const;
type Username = (typeof USERS)[number];

interface ReceivedEvent {
  type: string;
  data: unknown;
}

/** What a browser's EventSource does, without the browser: resolves once the stream says `ready`. */
function openStream(port: number, token: string): Promise<{ events: ReceivedEvent[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: ReceivedEvent[] = [];
    let buffer = '';
    const req = http.get({ host: '127.0.0.1', port, agent: false, path: '/api/events', headers: { Authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
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
          events.push({ type, data: data ? JSON.parse(data) : null });
          if (type === 'ready') resolve({ events, close: () => req.destroy() });
        }
      });
    });
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

describe('notifications', () => {
  let t: TestApp;
  const token = {} as Record<Username, string>;
  const uuid = {} as Record<Username, string>;
  const auth = (u: Username) => ({ Authorization: `Bearer ${token[u]}` });

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of USERS) {
      token[u] = await tokenFor(t, u);
      uuid[u] = await userUuid(t, u);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function inboxRows(u: Username): Promise<{ titulo: string; mensaje: string; enviado_por_uuid: string | null }[]> {
    return t.ds.query(`SELECT titulo, mensaje, enviado_por_uuid FROM notificaciones WHERE usuario_uuid = $1 ORDER BY fecha_creacion`, [uuid[u]]);
  }

  describe('POST /api/notifications/register-device', () => {
    const devicesOf = async (tok: string) =>
      (await t.ds.query(`SELECT usuario_uuid, plataforma FROM dispositivos WHERE token = $1`, [tok])) as { usuario_uuid: string; plataforma: string }[];

    it('registers the caller’s own device, once per token however often it is sent', async () => {
      const body = { token: 'fcm-token-operario', usuario_uuid: uuid.operario, plataforma: 'web' };
      for (let i = 0; i < 3; i++) {
        const res = await t.http.post('/api/notifications/register-device').set(auth('operario')).send(body);
        expect(res.status).toBe(201);
        parseWith(OkResponseSchema, res.body);
      }
      expect(await devicesOf('fcm-token-operario')).toEqual([{ usuario_uuid: uuid.operario, plataforma: 'web' }]);
    });

    it('moves a token to whoever registers it next (the browser changed hands)', async () => {
      const res = await t.http
        .post('/api/notifications/register-device')
        .set(auth('mlopez'))
        .send({ token: 'fcm-token-operario', usuario_uuid: uuid.mlopez, plataforma: 'web' });
      parseWith(OkResponseSchema, res.body);
      expect(await devicesOf('fcm-token-operario')).toEqual([{ usuario_uuid: uuid.mlopez, plataforma: 'web' }]);
    });

    it('refuses a device for another user, even for an administrator', async () => {
      for (const u of ['operario', 'admin'] as const) {
        const res = await t.http
          .post('/api/notifications/register-device')
          .set(auth(u))
          .send({ token: `stolen-${u}`, usuario_uuid: uuid.jruiz, plataforma: 'web' });
        expectError(res, 403, MESSAGES.errors.deviceNotOwn);
        expect(await devicesOf(`stolen-${u}`)).toEqual([]);
      }
    });

    it('answers bad input with the contract’s Spanish messages, and refuses an anonymous caller', async () => {
      const noToken = await t.http.post('/api/notifications/register-device').set(auth('operario')).send({ usuario_uuid: uuid.operario, plataforma: 'web' });
      expect(expectError(noToken, 400).errors).toContainEqual({ path: 'token', message: MESSAGES.validation.deviceTokenRequired });
      const android = await t.http
        .post('/api/notifications/register-device')
        .set(auth('operario'))
        .send({ token: 'x', usuario_uuid: uuid.operario, plataforma: 'android' });
      expect(expectError(android, 400).errors).toContainEqual({ path: 'plataforma', message: MESSAGES.validation.plataformaWeb });
      expectError(
        await t.http.post('/api/notifications/register-device').send({ token: 'x', usuario_uuid: uuid.operario, plataforma: 'web' }),
        401,
        MESSAGES.errors.unauthorized,
      );
    });
  });

  describe('POST /api/notifications/send', () => {
    it('an administrator sends to any active user: stored in the inbox, push off without Firebase', async () => {
      const res = await t.http.post('/api/notifications/send').set(auth('admin')).send({ usuario_uuid: uuid.jruiz, titulo: 'Aviso', mensaje: 'Carga a las 8' });
      expect(res.status).toBe(201);
      expect(parseWith(SendNotificationResponseSchema, res.body)).toEqual({ ok: true, destinatarios: 1, push_enviadas: 0 });
      expect(await inboxRows('jruiz')).toEqual([{ titulo: 'Aviso', mensaje: 'Carga a las 8', enviado_por_uuid: uuid.admin }]);
    });

    it('a supervisor sends to a user of its areas, and is refused for a user outside them', async () => {
      const ok = await t.http.post('/api/notifications/send').set(auth('supervisor')).send({ usuario_uuid: uuid.mlopez, titulo: 'Tapicería', mensaje: 'Revisar telas' });
      expect(parseWith(SendNotificationResponseSchema, ok.body).destinatarios).toBe(1);
      const before = await inboxRows('jruiz');
      const refused = await t.http.post('/api/notifications/send').set(auth('supervisor')).send({ usuario_uuid: uuid.jruiz, titulo: 'x', mensaje: 'y' });
      expectError(refused, 403, MESSAGES.errors.noAccessUser);
      expect(await inboxRows('jruiz')).toEqual(before);
    });

    it('refuses a role without send:notifications', async () => {
      const res = await t.http.post('/api/notifications/send').set(auth('operario')).send({ usuario_uuid: uuid.mlopez, titulo: 'x', mensaje: 'y' });
      expectError(res, 403, MESSAGES.errors.forbidden);
      expectError(await t.http.post('/api/notifications/send').send({ usuario_uuid: uuid.mlopez, titulo: 'x', mensaje: 'y' }), 401);
    });

    it('answers the contract’s Spanish messages for a missing user, title or message', async () => {
      const res = await t.http.post('/api/notifications/send').set(auth('admin')).send({ usuario_uuid: '', titulo: ' ', mensaje: '' });
      const body = expectError(res, 400);
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: 'usuario_uuid', message: MESSAGES.validation.selectUser },
          { path: 'titulo', message: MESSAGES.validation.tituloNotificationRequired },
          { path: 'mensaje', message: MESSAGES.validation.mensajeRequired },
        ]),
      );
    });

    it('answers 404 for an unknown user and 400 for an inactive one', async () => {
      const unknown = await t.http
        .post('/api/notifications/send')
        .set(auth('admin'))
        .send({ usuario_uuid: '00000000-0000-4000-8000-000000000000', titulo: 'x', mensaje: 'y' });
      expectError(unknown, 404, MESSAGES.errors.userGone);
      const [inactive]: { uuid: string }[] = await t.ds.query(
        `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, activo)
         SELECT 'baja', password_hash, 'Baja', 'Usuario', rol_uuid, false FROM usuarios WHERE username = 'operario' RETURNING uuid`,
      );
      await t.ds.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) SELECT $1, area_uuid FROM usuario_areas WHERE usuario_uuid = $2`, [
        inactive.uuid,
        uuid.operario,
      ]);
      const res = await t.http.post('/api/notifications/send').set(auth('admin')).send({ usuario_uuid: inactive.uuid, titulo: 'x', mensaje: 'y' });
      expectError(res, 400, MESSAGES.errors.userInactive);
      expect(await t.ds.query(`SELECT 1 FROM notificaciones WHERE usuario_uuid = $1`, [inactive.uuid])).toEqual([]);
    });
  });

  describe('POST /api/notifications/send-mass', () => {
    const countOf = async (titulo: string) =>
      (await t.ds.query(`SELECT u.username FROM notificaciones n JOIN usuarios u ON u.uuid = n.usuario_uuid WHERE n.titulo = $1 ORDER BY u.username`, [
        titulo,
      ])) as { username: string }[];

    it('a supervisor reaches every active user of its areas, one inbox row each, nobody else', async () => {
      const res = await t.http.post('/api/notifications/send-mass').set(auth('supervisor')).send({ titulo: 'Masivo supervisor', mensaje: 'Limpieza general' });
      expect(res.status).toBe(201);
      const body = parseWith(SendNotificationResponseSchema, res.body);
      const got = (await countOf('Masivo supervisor')).map((r) => r.username);
      expect(got).toEqual(['admin', 'mlopez', 'operario', 'supervisor']);
      expect(body).toEqual({ ok: true, destinatarios: 4, push_enviadas: 0 });
    });

    it('an administrator reaches every active user, and no inactive one', async () => {
      const res = await t.http.post('/api/notifications/send-mass').set(auth('admin')).send({ titulo: 'Masivo admin', mensaje: 'Feriado' });
      const body = parseWith(SendNotificationResponseSchema, res.body);
      const [{ n }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM usuarios WHERE activo`);
      expect(body.destinatarios).toBe(n);
      const got = (await countOf('Masivo admin')).map((r) => r.username);
      expect(got).toEqual(expect.arrayContaining([...USERS]));
      expect(got).not.toContain('baja');
    });

    it('refuses a role without send:notifications and answers a missing field with one message', async () => {
      expectError(await t.http.post('/api/notifications/send-mass').set(auth('operario')).send({ titulo: 'x', mensaje: 'y' }), 403, MESSAGES.errors.forbidden);
      expect(await countOf('x')).toEqual([]);
      const res = await t.http.post('/api/notifications/send-mass').set(auth('admin')).send({ titulo: 'Sin mensaje', mensaje: ' ' });
      expect(expectError(res, 400).errors).toContainEqual({ path: 'mensaje', message: MESSAGES.validation.allFieldsRequired });
    });
  });

  describe('GET /api/notifications/send-mass/recipients', () => {
    const recipients = async (who: Username) => {
      const res = await t.http.get('/api/notifications/send-mass/recipients').set(auth(who));
      expect(res.status).toBe(200);
      return parseWith(MassRecipientsResponseSchema, res.body).destinatarios;
    };

    it('counts the active users of the caller’s scope: the supervisor’s areas, everyone for an administrator', async () => {
      const [{ n: all }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM usuarios WHERE activo`);
      const [{ n: ofSupervisorAreas }]: { n: number }[] = await t.ds.query(
        `SELECT count(DISTINCT u.uuid)::int AS n FROM usuarios u JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid
          WHERE u.activo AND ua.area_uuid IN (SELECT area_uuid FROM usuario_areas WHERE usuario_uuid = $1)`,
        [uuid.supervisor],
      );
      expect(await recipients('admin')).toBe(all);
      expect(await recipients('supervisor')).toBe(ofSupervisorAreas);
      // The same set send-mass reached above (its test asserts those four users).
      expect(ofSupervisorAreas).toBe(4);
    });

    it('follows deactivations, and is refused without send:notifications', async () => {
      const before = await recipients('admin');
      const gone = uuid.jruiz;
      await t.ds.query(`UPDATE usuarios SET activo = false WHERE uuid = $1`, [gone]);
      try {
        expect(await recipients('admin')).toBe(before - 1);
      } finally {
        await t.ds.query(`UPDATE usuarios SET activo = true WHERE uuid = $1`, [gone]);
      }
      expectError(await t.http.get('/api/notifications/send-mass/recipients').set(auth('operario')), 403, MESSAGES.errors.forbidden);
      expectError(await t.http.get('/api/notifications/send-mass/recipients'), 401);
    });
  });

  describe('the inbox', () => {
    it('lists only the caller’s notifications, newest first, paged, with an unread filter', async () => {
      const res = await t.http.get('/api/notifications?limit=2').set(auth('mlopez'));
      expect(res.status).toBe(200);
      const page = parseWith(NotificationListResponseSchema, res.body);
      const [{ n }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM notificaciones WHERE usuario_uuid = $1`, [uuid.mlopez]);
      expect(page.meta).toEqual({ totalItems: n, currentPage: 1, limit: 2, totalPages: Math.ceil(n / 2) });
      expect(page.data[0].titulo).toBe('Masivo admin');
      expect(page.data.map((d) => d.fecha_creacion)).toEqual([...page.data.map((d) => d.fecha_creacion)].sort().reverse());
      const jr = parseWith(NotificationListResponseSchema, (await t.http.get('/api/notifications').set(auth('jruiz'))).body);
      expect(jr.data.map((d) => d.titulo).sort()).toEqual(['Aviso', 'Masivo admin']);
      const unread = parseWith(NotificationListResponseSchema, (await t.http.get('/api/notifications?leida=false').set(auth('jruiz'))).body);
      expect(unread.data.every((d) => !d.leida)).toBe(true);
      expectError(await t.http.get('/api/notifications?limit=1000').set(auth('jruiz')), 400);
      expectError(await t.http.get('/api/notifications'), 401);
    });

    it('counts unread, marks one read (own only) and then all', async () => {
      const count = async (u: Username) => parseWith(UnreadCountResponseSchema, (await t.http.get('/api/notifications/unread-count').set(auth(u))).body).no_leidas;
      expect(await count('jruiz')).toBe(2);
      const list = parseWith(NotificationListResponseSchema, (await t.http.get('/api/notifications').set(auth('jruiz'))).body);
      const first = list.data[0];

      // Someone else's notification looks like a missing one.
      expectError(await t.http.post(`/api/notifications/${first.uuid}/read`).set(auth('admin')), 404, MESSAGES.errors.notificationGone);
      expectError(await t.http.post('/api/notifications/00000000-0000-4000-8000-000000000000/read').set(auth('jruiz')), 404);
      expectError(await t.http.post('/api/notifications/no-uuid/read').set(auth('jruiz')), 400);
      expect(await count('jruiz')).toBe(2);

      const read = await t.http.post(`/api/notifications/${first.uuid}/read`).set(auth('jruiz'));
      expect(read.status).toBe(200);
      expect(parseWith(NotificationResponseSchema, read.body)).toMatchObject({ uuid: first.uuid, leida: true });
      expect(await count('jruiz')).toBe(1);

      const all = await t.http.post('/api/notifications/read-all').set(auth('jruiz'));
      expect(all.status).toBe(200);
      expect(parseWith(MarkAllReadResponseSchema, all.body)).toEqual({ ok: true, actualizadas: 1 });
      expect(await count('jruiz')).toBe(0);
      // Another user's unread ones are untouched.
      expect(await count('mlopez')).toBeGreaterThan(0);
      expectError(await t.http.post('/api/notifications/read-all'), 401);
    });
  });

  describe('automatic notifications', () => {
    it('tells each assignee about a task assigned to them, never the person who assigned it, nor an inactive user', async () => {
      const notifier = t.app.get(AssignmentNotifier);
      const [baja]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM usuarios WHERE username = 'baja'`);
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      await notifier.notifyAssigned({
        asignaciones: [
          { empleadoUuid: uuid.operario, tareaAsignadaUuid: a },
          { empleadoUuid: uuid.supervisor, tareaAsignadaUuid: b },
          { empleadoUuid: baja.uuid, tareaAsignadaUuid: c },
        ],
        titulo: 'Lijar mesa',
        actorUuid: uuid.supervisor,
      });
      const rows: { usuario_uuid: string; titulo: string; mensaje: string; tarea_asignada_uuid: string }[] = await t.ds.query(
        `SELECT usuario_uuid, titulo, mensaje, tarea_asignada_uuid FROM notificaciones WHERE mensaje LIKE '%Lijar mesa'`,
      );
      expect(rows).toEqual([
        {
          usuario_uuid: uuid.operario,
          titulo: MESSAGES.notifications.taskAssignedTitle,
          mensaje: MESSAGES.notifications.taskAssignedBody + 'Lijar mesa',
          tarea_asignada_uuid: a,
        },
      ]);
    });

    it('a notification about a task names it, so a click can open it (through the real assignment)', async () => {
      const [{ uuid: tarea }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM tareas WHERE titulo = 'Afilar la sierra circular'`);
      const res = await t.http
        .post('/api/assigned-tasks')
        .set(auth('supervisor'))
        .send({ tarea_uuid: tarea, usuarios_asignados: [uuid.operario], fecha_vencimiento: addDaysToCalendarDate(todayIn(t.config.timezone), 2) });
      expect(res.status).toBe(201);
      const [occ] = res.body as { uuid: string }[];
      const inbox = parseWith(NotificationListResponseSchema, (await t.http.get('/api/notifications').set(auth('operario'))).body);
      expect(inbox.data[0]).toMatchObject({ titulo: MESSAGES.notifications.taskAssignedTitle, tarea_asignada_uuid: occ!.uuid });
      // A message sent by hand is about no task.
      await t.http.post('/api/notifications/send').set(auth('supervisor')).send({ usuario_uuid: uuid.operario, titulo: 'Aviso', mensaje: 'Hola' });
      const again = parseWith(NotificationListResponseSchema, (await t.http.get('/api/notifications').set(auth('operario'))).body);
      expect(again.data[0]).toMatchObject({ titulo: 'Aviso', tarea_asignada_uuid: null });
    });

    it('tells the assignees of the tasks a schedule generates', async () => {
      const scheduler = t.app.get(SchedulerService);
      expect(scheduler.notifier).toBe(t.app.get(AssignmentNotifier));
      const result = await scheduler.runTick(new Date('2031-01-15T15:00:00Z'));
      expect(result.occurrences.length).toBeGreaterThan(0);
      for (const o of result.occurrences) {
        const rows: { titulo: string }[] = await t.ds.query(`SELECT titulo FROM notificaciones WHERE usuario_uuid = $1 AND mensaje = $2`, [
          o.empleado_uuid,
          MESSAGES.notifications.taskGeneratedBody + o.titulo,
        ]);
        expect(rows.length).toBeGreaterThan(0);
      }
    });
  });

  describe('live delivery across API processes', () => {
    let b: NestExpressApplication;
    let portB: number;

    beforeAll(async () => {
      // A second process on the same database: only PostgreSQL connects the two.
      b = await createApp(t.config, { logger: ['error'] });
      await b.listen(0, '127.0.0.1');
      portB = (b.getHttpServer().address() as AddressInfo).port;
    });
    afterAll(async () => {
      await b.close();
    });

    it('a notification sent through app A reaches the recipient’s stream on app B, and only the recipient', async () => {
      const recipient = await openStream(portB, token.mlopez);
      const other = await openStream(portB, token.operario);
      try {
        const sent = await t.http.post('/api/notifications/send').set(auth('supervisor')).send({ usuario_uuid: uuid.mlopez, titulo: 'En vivo', mensaje: 'Hola desde A' });
        parseWith(SendNotificationResponseSchema, sent.body);
        const got = await waitFor(() => recipient.events.find((e) => e.type === SERVER_EVENTS.notification), 2000);
        expect(got).toBeDefined();
        const event = parseWith(NotificationEventSchema, got?.data);
        expect(event).toMatchObject({ titulo: 'En vivo', mensaje: 'Hola desde A', leida: false });
        const [row]: { usuario_uuid: string }[] = await t.ds.query(`SELECT usuario_uuid FROM notificaciones WHERE uuid = $1`, [event.uuid]);
        expect(row.usuario_uuid).toBe(uuid.mlopez);
        // The other user then gets one of its own, published after the first by the same process:
        // once it has arrived, the first would have arrived before it.
        await t.http.post('/api/notifications/send').set(auth('supervisor')).send({ usuario_uuid: uuid.operario, titulo: 'Marca', mensaje: 'Después' });
        expect(await waitFor(() => other.events.find((e) => e.type === SERVER_EVENTS.notification), 2000)).toBeDefined();
        expect(other.events.filter((e) => e.type === SERVER_EVENTS.notification).map((e) => (e.data as { titulo: string }).titulo)).toEqual(['Marca']);
      } finally {
        recipient.close();
        other.close();
      }
    });
  });
});
