import {
  DEFAULT_NOTIFICATION_CHOICES,
  DELIVERY_SKIP_REASONS,
  DeliveryListResponseSchema,
  MESSAGES,
  NotificationListResponseSchema,
  NotificationPreferencesResponseSchema,
  SendNotificationResponseSchema,
  TestNotificationResponseSchema,
} from '@gestar/contracts';
import { MAIL_MAX_ATTEMPTS, MailOutbox } from '../src/modules/notifications/mail-outbox.service';
import { clockIn } from '../src/modules/notifications/notification-delivery.service';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import { startSmtp, type TestSmtp } from './support/smtp';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Channels, preferences, e-mail and the delivery log (issue 19) against a real PostgreSQL and a
 * real SMTP server the test starts on 127.0.0.1. Two API processes share the database, as two
 * replicas would; no push service exists here (push is off, so it is not logged).
 */
const v = MESSAGES.validation;
const N = MESSAGES.notifications;
const TZ = 'America/Argentina/Buenos_Aires';

describe('notification channels, e-mail and the delivery log', () => {
  let smtp: TestSmtp;
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let operarioUuid: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Gestar <avisos@taller.test>', SMTP_TIMEOUT_SECONDS: '2', APP_URL: 'https://gestar.taller.test' };
    a = await createTestApp({ env });
    b = await createTestApp({ database: a.dbName, env });
    [admin, supervisor, operario] = await Promise.all(['admin', 'supervisor', 'operario'].map((u) => tokenFor(a, u)));
    operarioUuid = await userUuid(a, 'operario');
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  beforeEach(() => {
    smtp.mode = 'accept';
    smtp.received.length = 0;
  });

  const prefs = (token: string, body: object) =>
    a.http.put('/api/notifications/preferences').set('Authorization', `Bearer ${token}`).send(body);

  const deliveries = async (query: Record<string, string> = {}) => {
    const res = await a.http.get('/api/notifications/deliveries').query({ limit: '100', ...query }).set('Authorization', `Bearer ${admin}`);
    expect(res.status).toBe(200);
    return parseWith(DeliveryListResponseSchema, res.body);
  };

  const sendTo = (usuario_uuid: string, titulo: string, mensaje = 'Mañana se corta la luz a las 8') =>
    a.http.post('/api/notifications/send').set('Authorization', `Bearer ${supervisor}`).send({ usuario_uuid, titulo, mensaje });

  /** The delivery rows of the notification titled `titulo`, by channel. */
  async function logOf(titulo: string) {
    const all = await deliveries();
    return all.data.filter((d) => d.titulo === titulo);
  }

  it('gives sensible defaults, keeps what the person chooses and refuses bad input in Spanish', async () => {
    const first = await a.http.get('/api/notifications/preferences').set('Authorization', `Bearer ${operario}`);
    expect(first.status).toBe(200);
    expect(parseWith(NotificationPreferencesResponseSchema, first.body)).toEqual({
      correo: null,
      avisos: DEFAULT_NOTIFICATION_CHOICES,
      silencio_desde: null,
      silencio_hasta: null,
      canales_servidor: { push: false, email: true },
    });

    expectError(await prefs(operario, { correo: 'no-es-correo', avisos: DEFAULT_NOTIFICATION_CHOICES }), 400, v.correoInvalid);
    expectError(await prefs(operario, { correo: null, avisos: DEFAULT_NOTIFICATION_CHOICES, silencio_desde: '22:00' }), 400, v.silencioBoth);
    expectError(await prefs(operario, { correo: null, avisos: DEFAULT_NOTIFICATION_CHOICES, silencio_desde: '7:5', silencio_hasta: '08:00' }), 400, v.horaInvalid);
    expectError(await prefs(operario, [DEFAULT_NOTIFICATION_CHOICES]), 400);
    // Nothing was half-written.
    expect(await a.ds.query(`SELECT 1 FROM preferencias_notificacion WHERE usuario_uuid = $1`, [operarioUuid])).toHaveLength(0);

    const avisos = { ...DEFAULT_NOTIFICATION_CHOICES, mensaje: { push: false, email: true } };
    const saved = await prefs(operario, { correo: ' Operario@Taller.test ', avisos, silencio_desde: '22:00', silencio_hasta: '06:00' });
    expect(saved.status).toBe(200);
    expect(parseWith(NotificationPreferencesResponseSchema, saved.body)).toMatchObject({
      correo: 'Operario@Taller.test',
      avisos,
      silencio_desde: '22:00',
      silencio_hasta: '06:00',
    });
    // Read back by the other process.
    const again = await b.http.get('/api/notifications/preferences').set('Authorization', `Bearer ${operario}`);
    expect(parseWith(NotificationPreferencesResponseSchema, again.body).avisos.mensaje).toEqual({ push: false, email: true });
  });

  it('sends an e-mail with a plain-text and an HTML part, after the request has answered, and logs it as sent', async () => {
    await prefs(operario, { correo: 'operario@taller.test', avisos: { ...DEFAULT_NOTIFICATION_CHOICES, mensaje: { push: true, email: true } } });
    const res = await sendTo(operarioUuid, 'Corte de luz <mañana>');
    expect(res.status).toBe(201);
    expect(parseWith(SendNotificationResponseSchema, res.body).destinatarios).toBe(1);

    const [mail] = await smtp.waitFor(1);
    expect(mail).toBeDefined();
    expect(mail.subject).toBe('Corte de luz <mañana>');
    expect(mail.from?.value).toEqual([{ name: 'Gestar', address: 'avisos@taller.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('operario@taller.test');
    expect(mail.text).toContain('Mañana se corta la luz a las 8');
    expect(mail.text).toContain(N.emailFooter);
    expect(mail.html).toContain('Corte de luz &lt;mañana&gt;');
    expect(mail.html).toContain(N.emailFooter);

    await a.app.get(MailOutbox).flush();
    const [logged] = await logOf('Corte de luz <mañana>');
    expect(logged).toMatchObject({ canal: 'email', estado: 'enviada', motivo: null, intentos: 1, proximo_intento: null, tipo: 'mensaje' });
    expect(logged.usuario.username).toBe('operario');
  });

  it('skips e-mail, saying why, when the kind is off, when there is no address, or in quiet hours', async () => {
    // Channel off for this kind.
    await prefs(operario, { correo: 'operario@taller.test', avisos: DEFAULT_NOTIFICATION_CHOICES });
    await sendTo(operarioUuid, 'Sin correo por elección');
    // Quiet hours around the present moment, in the company zone.
    const now = clockIn(TZ, new Date());
    const hour = Number(now.slice(0, 2));
    const from = `${String((hour + 23) % 24).padStart(2, '0')}:00`;
    const to = `${String((hour + 1) % 24).padStart(2, '0')}:59`;
    await prefs(operario, {
      correo: 'operario@taller.test',
      avisos: { ...DEFAULT_NOTIFICATION_CHOICES, mensaje: { push: true, email: true } },
      silencio_desde: from,
      silencio_hasta: to,
    });
    await sendTo(operarioUuid, 'Sin correo por silencio');
    // The supervisor never gave an address.
    await a.http
      .post('/api/notifications/send')
      .set('Authorization', `Bearer ${admin}`)
      .send({ usuario_uuid: await userUuid(a, 'supervisor'), titulo: 'Sin dirección', mensaje: 'Hola' });
    await prefs(supervisor, { correo: null, avisos: { ...DEFAULT_NOTIFICATION_CHOICES, mensaje: { push: true, email: true } } });
    await a.http
      .post('/api/notifications/send')
      .set('Authorization', `Bearer ${admin}`)
      .send({ usuario_uuid: await userUuid(a, 'supervisor'), titulo: 'Sin dirección elegida', mensaje: 'Hola' });

    expect((await logOf('Sin correo por elección')).map((d) => [d.estado, d.motivo])).toEqual([['omitida', DELIVERY_SKIP_REASONS.channelOff]]);
    expect((await logOf('Sin correo por silencio')).map((d) => [d.estado, d.motivo])).toEqual([['omitida', DELIVERY_SKIP_REASONS.quietHours]]);
    expect((await logOf('Sin dirección')).map((d) => [d.estado, d.motivo])).toEqual([['omitida', DELIVERY_SKIP_REASONS.channelOff]]);
    expect((await logOf('Sin dirección elegida')).map((d) => [d.estado, d.motivo])).toEqual([['omitida', DELIVERY_SKIP_REASONS.noAddress]]);
    await a.app.get(MailOutbox).flush();
    expect(smtp.received).toHaveLength(0);
    // The inbox got them all the same.
    const inbox = await a.http.get('/api/notifications').query({ limit: '50' }).set('Authorization', `Bearer ${operario}`);
    const titles = parseWith(NotificationListResponseSchema, inbox.body).data.map((n) => n.titulo);
    expect(titles).toEqual(expect.arrayContaining(['Sin correo por elección', 'Sin correo por silencio']));
    await prefs(operario, { correo: 'operario@taller.test', avisos: { ...DEFAULT_NOTIFICATION_CHOICES, mensaje: { push: true, email: true } } });
  });

  it('records a refusing SMTP server as failed with its reason, retries with backoff and sends once it answers', async () => {
    smtp.mode = 'reject';
    const started = Date.now();
    const res = await sendTo(operarioUuid, 'Reintento de correo');
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);

    const outbox = a.app.get(MailOutbox);
    await outbox.flush();
    let [logged] = await logOf('Reintento de correo');
    expect(logged.estado).toBe('fallida');
    expect(logged.motivo).toMatch(new RegExp(`^No se pudo enviar \\(intento 1 de ${MAIL_MAX_ATTEMPTS}\\): .*451`));
    expect(logged.intentos).toBe(1);
    const next = new Date(logged.proximo_intento!).getTime();
    expect(next - Date.now()).toBeGreaterThan(30_000);
    expect(next - Date.now()).toBeLessThanOrEqual(60_000);

    // Not due yet: nothing is tried.
    expect(await outbox.flush()).toEqual({ enviadas: 0, fallidas: 0 });

    // The server answers again; both processes look at once when the retry is due: one sends it.
    smtp.mode = 'accept';
    const later = new Date(Date.now() + 2 * 60_000);
    const [ra, rb] = await Promise.all([outbox.flush(later), b.app.get(MailOutbox).flush(later)]);
    expect(ra.enviadas + rb.enviadas).toBe(1);
    // Both flushes have settled, each after the server answered its sends: what arrived is all.
    expect(smtp.received.map((m) => m.subject)).toEqual(['Reintento de correo']);
    [logged] = await logOf('Reintento de correo');
    expect(logged).toMatchObject({ estado: 'enviada', intentos: 2, proximo_intento: null, motivo: null });
  });

  it('gives up after the last try and says so', async () => {
    smtp.mode = 'reject';
    await sendTo(operarioUuid, 'Correo imposible');
    const outbox = a.app.get(MailOutbox);
    let at = Date.now();
    await outbox.flush(new Date(at));
    for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) {
      at += 3 * 60 * 60_000;
      await outbox.flush(new Date(at));
    }
    const [logged] = await logOf('Correo imposible');
    expect(logged).toMatchObject({ estado: 'fallida', intentos: MAIL_MAX_ATTEMPTS, proximo_intento: null });
    expect(logged.motivo).toMatch(new RegExp(`^No se pudo enviar después de ${MAIL_MAX_ATTEMPTS} intentos: `));
    expect(await outbox.flush(new Date(at + 24 * 60 * 60_000))).toEqual({ enviadas: 0, fallidas: 0 });
  });

  it('does not hold the request while the SMTP server does not answer', async () => {
    smtp.mode = 'hang';
    const started = Date.now();
    const res = await sendTo(operarioUuid, 'Servidor callado');
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1_500);
    await a.app.get(MailOutbox).flush();
    const [logged] = await logOf('Servidor callado');
    expect(logged.estado).toBe('fallida');
    expect(logged.motivo).toMatch(/^No se pudo enviar \(intento 1 de \d\): /);
  });

  it('mails the daily digest and escalations with the same template', async () => {
    await prefs(supervisor, { correo: 'supervisor@taller.test', avisos: DEFAULT_NOTIFICATION_CHOICES });
    const carpinteria = await areaUuid(a, 'Carpintería');
    const [tipo] = await a.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const [abierto] = await a.ds.query(`SELECT uuid FROM estados WHERE categoria = 'pendiente' ORDER BY "order" LIMIT 1`);
    const [task] = await a.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ('Lijar mesas', $1, $2, $3) RETURNING uuid`,
      [tipo.uuid, carpinteria, await userUuid(a, 'admin')],
    );
    const [occ] = await a.ds.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento) VALUES ($1, $2, $3, (now() AT TIME ZONE $4)::date - 2) RETURNING uuid`,
      [task.uuid, operarioUuid, abierto.uuid, TZ],
    );
    // Late in the day, company time: past the reminder time and the escalation hours.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    const evening = new Date(`${today}T23:30:00-03:00`);
    const result = await a.app.get(RemindersService).run(evening);
    expect(result.escaladas).toBeGreaterThanOrEqual(1);
    expect(result.resumenes).toBeGreaterThanOrEqual(1);
    await a.app.get(MailOutbox).flush();
    const mails = smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'supervisor@taller.test');
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(expect.arrayContaining([N.digestTitle, N.escalatedTitle]));
    const escalation = mails.find((m) => m.subject === N.escalatedTitle && String(m.text).includes('Lijar mesas'))!;
    expect(escalation).toBeDefined();
    expect(escalation.text).toContain(`${N.emailOpenTask}: https://gestar.taller.test/?tarea=${occ.uuid}`);
    expect(escalation.html).toContain(`href="https://gestar.taller.test/?tarea=${occ.uuid}"`);
  });

  it('lets an administrator send a test on each channel, filter the log, and no one else', async () => {
    const adminUuid = await userUuid(a, 'admin');
    const test = (canal: string, token = admin) => a.http.post('/api/notifications/test').set('Authorization', `Bearer ${token}`).send({ canal });

    const app = await test('app');
    expect(app.status).toBe(201);
    expect(parseWith(TestNotificationResponseSchema, app.body)).toEqual({ canal: 'app', estado: 'enviada', motivo: null });
    const push = await test('push');
    expect(parseWith(TestNotificationResponseSchema, push.body)).toEqual({ canal: 'push', estado: 'omitida', motivo: DELIVERY_SKIP_REASONS.pushOff });
    const noAddress = await test('email');
    expect(parseWith(TestNotificationResponseSchema, noAddress.body)).toEqual({ canal: 'email', estado: 'omitida', motivo: DELIVERY_SKIP_REASONS.noAddress });
    await prefs(admin, { correo: 'admin@taller.test', avisos: DEFAULT_NOTIFICATION_CHOICES });
    const email = await test('email');
    expect(parseWith(TestNotificationResponseSchema, email.body)).toEqual({ canal: 'email', estado: 'enviada', motivo: null });
    expect((await smtp.waitFor(1)).map((m) => m.subject)).toEqual([N.testTitle]);

    expectError(await test('fax'), 400, v.canalInvalid);
    expectError(await test('email', operario), 403);
    expectError(await a.http.get('/api/notifications/deliveries').set('Authorization', `Bearer ${supervisor}`), 403);
    expectError(await a.http.get('/api/notifications/deliveries').query({ estado: 'perdida' }).set('Authorization', `Bearer ${admin}`), 400, v.estadoEntregaInvalid);

    const mine = await deliveries({ usuario_uuid: adminUuid });
    expect(mine.data.filter((d) => d.tipo === 'prueba').map((d) => [d.tipo, d.canal, d.estado])).toEqual([
      ['prueba', 'email', 'enviada'],
      ['prueba', 'email', 'omitida'],
      ['prueba', 'push', 'omitida'],
    ]);
    expect(mine.canales_servidor).toEqual({ push: false, email: true });
    const failed = await deliveries({ estado: 'fallida', canal: 'email' });
    expect(failed.data.length).toBeGreaterThanOrEqual(2);
    expect(failed.data.every((d) => d.estado === 'fallida' && d.canal === 'email')).toBe(true);
    const none = await deliveries({ desde: '2000-01-01', hasta: '2000-01-31' });
    expect(none.meta.totalItems).toBe(0);
  });
});
