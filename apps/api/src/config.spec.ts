import { loadConfig, smtpSettingsOf } from './config';

const BASE = { DATABASE_URL: 'postgres://gestar@127.0.0.1:5432/gestar', JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'test' };

describe('SMTP_URL', () => {
  it.each([
    ['smtp://correo.empresa:587', { host: 'correo.empresa', port: 587, secure: false, requireTls: false }],
    ['smtp://correo.empresa', { host: 'correo.empresa', port: 587, secure: false, requireTls: false }],
    ['smtps://correo.empresa', { host: 'correo.empresa', port: 465, secure: true, requireTls: false }],
    ['smtp://[::1]:2525', { host: '::1', port: 2525, secure: false, requireTls: false }],
    ['smtp://gestar:clave@correo.empresa:587', { user: 'gestar', pass: 'clave', requireTls: true }],
    ['smtps://gestar:clave@correo.empresa', { user: 'gestar', pass: 'clave', secure: true, requireTls: false }],
    ['smtp://avisos%40empresa.com:p%40ss%3A1%2F2%3F%23%25%20%C3%B1@correo.empresa', { user: 'avisos@empresa.com', pass: 'p@ss:1/2?#% ñ', requireTls: true }],
    ['smtp://gestar:clave@correo.empresa/?requireTLS=false', { requireTls: false }],
    ['smtp://correo.empresa/?requireTLS=true&tls.rejectUnauthorized=false', { requireTls: true }],
  ])('%s', (url, expected) => {
    const smtp = smtpSettingsOf(url);
    expect(smtp).toMatchObject(expected);
    // What nodemailer gets carries neither the credentials nor the TLS choice (passed apart), only the other options.
    expect(smtp.url).not.toMatch(/clave|%40|requireTLS/);
    if (url.includes('rejectUnauthorized')) expect(smtp.url).toContain('tls.rejectUnauthorized=false');
  });

  it('SMTP_REQUIRE_TLS and SMTP_PASSWORD', () => {
    expect(smtpSettingsOf('smtp://gestar:clave@correo.empresa', { SMTP_REQUIRE_TLS: 'false' }).requireTls).toBe(false);
    expect(smtpSettingsOf('smtp://correo.empresa', { SMTP_REQUIRE_TLS: 'true' }).requireTls).toBe(true);
    expect(smtpSettingsOf('smtp://gestar@correo.empresa', { SMTP_PASSWORD: 'p@ss %' })).toMatchObject({ user: 'gestar', pass: 'p@ss %', requireTls: true });
    // The URL's own choice wins over the variable.
    expect(smtpSettingsOf('smtp://g:c@correo.empresa/?requireTLS=true', { SMTP_REQUIRE_TLS: 'false' }).requireTls).toBe(true);
  });

  it.each([
    ['no es una url', /SMTP_URL no es una URL válida/],
    ['http://correo.empresa', /smtp:\/\/ o smtps:\/\//],
    ['smtp://gestar:50%@correo.empresa', /la contraseña tiene un «%» que no es un carácter codificado/],
    ['smtp://a%ZZ:clave@correo.empresa', /el usuario tiene un «%»/],
  ])('refuses %s with a Spanish message', (url, message) => {
    expect(() => smtpSettingsOf(url)).toThrow(message);
    expect(() => loadConfig({ ...BASE, SMTP_URL: url })).toThrow(message);
  });

  it('no SMTP_URL: no e-mail', () => {
    expect(loadConfig(BASE).smtp).toBeUndefined();
  });
});
