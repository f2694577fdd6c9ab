import { DEFAULT_NOTIFICATION_CHOICES, TestNotificationResponseSchema } from '@gestar/contracts';
import { startSmtp, type TestSmtp } from './support/smtp';
import { createTestApp, parseWith, TestApp, tokenFor } from './support/test-app';

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
