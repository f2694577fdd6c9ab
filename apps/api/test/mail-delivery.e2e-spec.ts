import {
  COMPANY_NAME,
  DEFAULT_NOTIFICATION_CHOICES,
  DeliveryListResponseSchema,
  MESSAGES,
  TestNotificationResponseSchema,
} from '@gestar/contracts';
import { MAIL_MAX_ATTEMPTS, MailOutbox } from '../src/modules/notifications/mail-outbox.service';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import { startSmtp, type TestSmtp } from './support/smtp';
import { createTestApp, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * E-mail as a company's IT department sets it up, against a real SMTP server the test starts on
 * 127.0.0.1 (with a relay in front that keeps what crosses the network): credentials with
 * characters a URL reserves, TLS required before authenticating.
 */
const USER = 'avisos@taller.test';
/** Every character a URL's user information reserves, and a percent sign. */
const PASS = 'p@ss:w/rd?#%ñ';
const ENCODED = `${encodeURIComponent(USER)}:${encodeURIComponent(PASS)}`;

describe('e-mail through an SMTP server that asks for a password', () => {
  let smtp: TestSmtp;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    smtp = await startSmtp({ auth: { user: USER, pass: PASS } });
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.auths.length = 0;
  });

  /** An API on the first app's database (one copy for the file) with its own SMTP settings. */
  async function apiWith(env: Record<string, string>): Promise<TestApp> {
    const app = await createTestApp({ env: { SMTP_TIMEOUT_SECONDS: '2', ...env }, ...(apps[0] ? { database: apps[0].dbName } : {}) });
    apps.push(app);
    return app;
  }

  /** The administrator's test e-mail, sent now; answers how the delivery went. */
  async function sendTest(app: TestApp) {
    const token = await tokenFor(app, 'admin');
    const prefs = await app.http
      .put('/api/notifications/preferences')
      .set('Authorization', `Bearer ${token}`)
      .send({ correo: 'admin@taller.test', avisos: DEFAULT_NOTIFICATION_CHOICES });
    expect(prefs.status).toBe(200);
    const res = await app.http.post('/api/notifications/test').set('Authorization', `Bearer ${token}`).send({ canal: 'email' });
    expect(res.status).toBe(201);
    return parseWith(TestNotificationResponseSchema, res.body);
  }

  it('with credentials in the URL, a server that offers no STARTTLS gets no password: the send fails', async () => {
    const app = await apiWith({ SMTP_URL: `smtp://${ENCODED}@${smtp.host}:${smtp.port}` });
    const before = smtp.wire().length;
    const outcome = await sendTest(app);
    expect(outcome.estado).toBe('fallida');
    expect(outcome.motivo).toMatch(/^No se pudo enviar \(intento 1 de \d\): .*STARTTLS/i);
    expect(smtp.received).toHaveLength(0);
    expect(smtp.auths).toEqual([]);
    // Not in clear, not in base64 (AUTH PLAIN and LOGIN), not even the command.
    const wire = smtp.wire().slice(before);
    expect(wire).toMatch(/^EHLO /m);
    expect(wire).not.toMatch(/^AUTH/im);
    for (const secret of [PASS, Buffer.from(PASS).toString('base64'), Buffer.from(`\0${USER}\0${PASS}`).toString('base64')]) {
      expect(wire).not.toContain(secret);
    }
  });

  it('the password apart from the URL (SMTP_PASSWORD) is kept from a server without STARTTLS alike', async () => {
    const app = await apiWith({ SMTP_URL: `smtp://${encodeURIComponent(USER)}@${smtp.host}:${smtp.port}`, SMTP_PASSWORD: PASS });
    const before = smtp.wire().length;
    expect((await sendTest(app)).estado).toBe('fallida');
    expect(smtp.auths).toEqual([]);
    expect(smtp.wire().slice(before)).not.toMatch(/^AUTH/im);
  });

  it('SMTP_REQUIRE_TLS=true asks for it of a server that wants no password too', async () => {
    const open = await startSmtp();
    try {
      const app = await apiWith({ SMTP_URL: open.url, SMTP_REQUIRE_TLS: 'true' });
      const outcome = await sendTest(app);
      expect(outcome.estado).toBe('fallida');
      expect(outcome.motivo).toMatch(/STARTTLS/i);
      expect(open.received).toHaveLength(0);
    } finally {
      await open.close();
    }
  });

  it('turned off on purpose (a relay inside the company), the percent-encoded credentials arrive decoded', async () => {
    const app = await apiWith({ SMTP_URL: `smtp://${ENCODED}@${smtp.host}:${smtp.port}`, SMTP_REQUIRE_TLS: 'false' });
    const outcome = await sendTest(app);
    expect(outcome).toEqual({ canal: 'email', estado: 'enviada', motivo: null });
    expect(smtp.auths).toEqual([{ username: USER, password: PASS }]);
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });

  it('the URL may say it too: ?requireTLS=false', async () => {
    const app = await apiWith({ SMTP_URL: `smtp://${ENCODED}@${smtp.host}:${smtp.port}/?requireTLS=false` });
    expect((await sendTest(app)).estado).toBe('enviada');
    expect(smtp.auths).toEqual([{ username: USER, password: PASS }]);
  });
});

describe('refusals and retries', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  let operario: string;
  let operarioUuid: string;
  const HOUR = 60 * 60_000;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, SMTP_TIMEOUT_SECONDS: '2', APP_URL: 'https://gestar.taller.test' } });
    [admin, operario] = await Promise.all([tokenFor(t, 'admin'), tokenFor(t, 'operario')]);
    operarioUuid = await userUuid(t, 'operario');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.mode = 'accept';
    smtp.refuse.clear();
    smtp.received.length = 0;
    smtp.recipients.length = 0;
  });

  const address = async (correo: string | null) => {
    const res = await t.http
      .put('/api/notifications/preferences')
      .set('Authorization', `Bearer ${operario}`)
      .send({ correo, avisos: { ...DEFAULT_NOTIFICATION_CHOICES, mensaje: { push: false, email: true } } });
    expect(res.status).toBe(200);
  };
  const send = async (titulo: string) => {
    const res = await t.http
      .post('/api/notifications/send')
      .set('Authorization', `Bearer ${admin}`)
      .send({ usuario_uuid: operarioUuid, titulo, mensaje: 'Revisar la lijadora' });
    expect(res.status).toBe(201);
  };
  const logged = async (titulo: string) => {
    const res = await t.http.get('/api/notifications/deliveries').query({ limit: '100', canal: 'email' }).set('Authorization', `Bearer ${admin}`);
    const row = parseWith(DeliveryListResponseSchema, res.body).data.find((d) => d.titulo === titulo);
    if (!row) throw new Error(`sin entrega para ${titulo}`);
    return row;
  };

  it('a permanent refusal (550) is tried once and never again', async () => {
    await address('no-existe@taller.test');
    smtp.mode = 'reject-permanent';
    await send('Rechazo definitivo');
    const outbox = t.app.get(MailOutbox);
    const at = Date.now();
    expect(await outbox.flush(new Date(at))).toEqual({ enviadas: 0, fallidas: 1 });
    const row = await logged('Rechazo definitivo');
    expect(row).toMatchObject({ estado: 'fallida', intentos: 1, proximo_intento: null });
    expect(row.motivo).toMatch(new RegExp(`^${MESSAGES.notifications.emailRefusedPermanently}.*550`));
    // Hours later, nothing is due: the server is not asked again.
    smtp.mode = 'accept';
    expect(await outbox.flush(new Date(at + 24 * HOUR))).toEqual({ enviadas: 0, fallidas: 0 });
    expect(smtp.recipients).toEqual(['no-existe@taller.test']);
  });

  it('a refusal for now (451) is retried', async () => {
    await address('lleno@taller.test');
    smtp.refuse.add('lleno@taller.test');
    await send('Rechazo pasajero');
    const outbox = t.app.get(MailOutbox);
    const at = Date.now();
    await outbox.flush(new Date(at));
    const first = await logged('Rechazo pasajero');
    expect(first).toMatchObject({ estado: 'fallida', intentos: 1 });
    expect(first.proximo_intento).not.toBeNull();
    expect(first.motivo).toMatch(new RegExp(`^No se pudo enviar \\(intento 1 de ${MAIL_MAX_ATTEMPTS}\\): .*451`));
    await outbox.flush(new Date(at + 3 * HOUR));
    expect(await logged('Rechazo pasajero')).toMatchObject({ estado: 'fallida', intentos: 2 });
    expect(smtp.recipients).toEqual(['lleno@taller.test', 'lleno@taller.test']);
  });

  it('a retry goes to the address the person has now, not the one that was refused', async () => {
    await address('vieja@taller.test');
    smtp.refuse.add('vieja@taller.test');
    await send('Dirección corregida');
    const outbox = t.app.get(MailOutbox);
    const at = Date.now();
    await outbox.flush(new Date(at));
    expect(await logged('Dirección corregida')).toMatchObject({ estado: 'fallida', destino: 'vieja@taller.test' });

    await address('nueva@taller.test');
    expect(await outbox.flush(new Date(at + 3 * HOUR))).toEqual({ enviadas: 1, fallidas: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('nueva@taller.test');
    expect(smtp.recipients).toEqual(['vieja@taller.test', 'nueva@taller.test']);
    expect(await logged('Dirección corregida')).toMatchObject({ estado: 'enviada', intentos: 2, destino: 'nueva@taller.test' });
  });

  it('a retry for someone who removed their address since is skipped, saying why', async () => {
    await address('quitada@taller.test');
    smtp.refuse.add('quitada@taller.test');
    await send('Dirección quitada');
    const outbox = t.app.get(MailOutbox);
    const at = Date.now();
    await outbox.flush(new Date(at));
    await address(null);
    await outbox.flush(new Date(at + 3 * HOUR));
    expect(await logged('Dirección quitada')).toMatchObject({ estado: 'omitida', destino: null, proximo_intento: null });
    expect((await logged('Dirección quitada')).motivo).toBe('La persona no tiene correo electrónico');
    expect(smtp.recipients).toEqual(['quitada@taller.test']);
  });

  it('the log says in Spanish why a try failed, with the server\'s own words after', async () => {
    const N = MESSAGES.notifications;
    const tries = new RegExp(`^No se pudo enviar \\(intento 1 de ${MAIL_MAX_ATTEMPTS}\\): `);
    await address('lento@taller.test');
    smtp.mode = 'hang';
    await send('Sin saludo');
    const outbox = t.app.get(MailOutbox);
    await outbox.flush();
    const silent = (await logged('Sin saludo')).motivo ?? '';
    expect(silent).toMatch(tries);
    expect(silent.replace(tries, '')).toMatch(new RegExp(`^${N.emailErrorTimeout} \\(.+\\)$`));
    smtp.mode = 'reject';
    await send('Destinatario rechazado');
    await outbox.flush();
    const refused = (await logged('Destinatario rechazado')).motivo ?? '';
    expect(refused.replace(tries, '')).toMatch(new RegExp(`^${N.emailErrorEnvelope} \\(.*451.*\\)$`));
  });
});

describe('what every e-mail carries', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let named: TestApp;
  const APP_URL = 'https://gestar.taller.test';
  const N = MESSAGES.notifications;

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url, SMTP_TIMEOUT_SECONDS: '2', APP_URL };
    t = await createTestApp({ env });
    named = await createTestApp({ database: t.dbName, env: { ...env, COMPANY_NAME: 'Aserradero Los Álamos' } });
  });
  afterAll(async () => {
    await named?.close();
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const textOf = (m: { text?: string }) => String(m.text ?? '');

  it('the digest links to the app; every message says it is automatic and is signed with the company name the app shows', async () => {
    const supervisor = await tokenFor(t, 'supervisor');
    const prefs = await t.http
      .put('/api/notifications/preferences')
      .set('Authorization', `Bearer ${supervisor}`)
      .send({ correo: 'supervisor@taller.test', avisos: DEFAULT_NOTIFICATION_CHOICES });
    expect(prefs.status).toBe(200);
    // Late in the day, company time: past the reminder time, so the digest goes.
    const TZ = 'America/Argentina/Buenos_Aires';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    expect((await t.app.get(RemindersService).run(new Date(`${today}T23:30:00-03:00`))).resumenes).toBeGreaterThanOrEqual(1);
    await t.app.get(MailOutbox).flush();
    const digest = smtp.received.find((m) => m.subject === N.digestTitle);
    expect(digest).toBeDefined();
    expect(textOf(digest!)).toContain(`${N.emailOpenApp}: ${APP_URL}/`);
    expect(digest!.html).toContain(`href="${APP_URL}/"`);
    for (const mail of smtp.received) {
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.headers.get('x-auto-response-suppress')).toBe('All');
      expect(textOf(mail)).toContain(`--\nGestar · ${COMPANY_NAME}\n`);
      expect(mail.html).toContain(`Gestar · ${COMPANY_NAME}<br>`);
    }
  });

  it('with COMPANY_NAME, that name signs the e-mails', async () => {
    const admin = await tokenFor(named, 'admin');
    await named.http
      .put('/api/notifications/preferences')
      .set('Authorization', `Bearer ${admin}`)
      .send({ correo: 'admin@taller.test', avisos: DEFAULT_NOTIFICATION_CHOICES });
    const res = await named.http.post('/api/notifications/test').set('Authorization', `Bearer ${admin}`).send({ canal: 'email' });
    expect(parseWith(TestNotificationResponseSchema, res.body).estado).toBe('enviada');
    const [mail] = await smtp.waitFor(1);
    expect(textOf(mail)).toContain('Gestar · Aserradero Los Álamos');
    expect(textOf(mail)).toContain(`${N.emailOpenApp}: ${APP_URL}/`);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('the delivery log gives where each e-mail went', async () => {
    const admin = await tokenFor(named, 'admin');
    const res = await named.http.get('/api/notifications/deliveries').query({ canal: 'email', estado: 'enviada' }).set('Authorization', `Bearer ${admin}`);
    const log = parseWith(DeliveryListResponseSchema, res.body);
    expect(log.data.map((d) => d.destino).sort()).toEqual(['admin@taller.test', 'supervisor@taller.test']);
  });
});
