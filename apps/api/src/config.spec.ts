import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrlOf, jobsSettingsOf, loadConfig, smtpSettingsOf } from './config';

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

describe('secrets from files (*_FILE, compose secrets)', () => {
  let dir: string;
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gestar-secretos-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('JWT_SECRET_FILE, DATABASE_PASSWORD_FILE and SMTP_PASSWORD_FILE are read, without the trailing line break', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://gestar.taller.test',
      DATABASE_URL: 'postgres://gestar@db:5432/gestar',
      DATABASE_PASSWORD_FILE: file('db', 'p@ss:w/rd%#?\n'),
      JWT_SECRET_FILE: file('jwt', `${'s'.repeat(48)}\n`),
      SMTP_URL: 'smtp://avisos%40taller.test@correo.taller.test:587',
      SMTP_PASSWORD_FILE: file('smtp', 'clave del correo\r\n'),
    });
    expect(config.jwtSecret).toBe('s'.repeat(48));
    // The password goes into the URL encoded, and reads back as it was written in the file.
    expect(decodeURIComponent(new URL(config.databaseUrl).password)).toBe('p@ss:w/rd%#?');
    expect(new URL(config.databaseUrl).host).toBe('db:5432');
    expect(config.smtp).toMatchObject({ user: 'avisos@taller.test', pass: 'clave del correo' });
    expect(databaseUrlOf({ DATABASE_URL: 'postgres://gestar@db:5432/gestar', DATABASE_PASSWORD: 'x y' })).toBe('postgres://gestar:x%20y@db:5432/gestar');
    expect(databaseUrlOf({ DATABASE_URL_FILE: file('url', 'postgres://a:b@db/x\n') })).toBe('postgres://a:b@db/x');
  });

  it('refuses both a variable and its file, a file it cannot read, an empty file', () => {
    const base = { ...BASE, JWT_SECRET: undefined };
    expect(() => loadConfig({ ...BASE, JWT_SECRET_FILE: file('jwt', 'x'.repeat(40)) })).toThrow('Defina JWT_SECRET o JWT_SECRET_FILE, no las dos');
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: join(dir, 'no-existe') })).toThrow(/No se pudo leer JWT_SECRET_FILE \(.*no-existe\): ENOENT/);
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: file('vacio', '\n') })).toThrow(/JWT_SECRET_FILE \(.*\) está vacío/);
    // A short secret from a file is as short.
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: file('corta', 'corta') })).toThrow(/al menos 32 caracteres/);
  });
});

describe('APP_URL', () => {
  const production = { DATABASE_URL: 'postgres://gestar@db:5432/gestar', JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'production' };

  it('is required in production, with a Spanish message that says what it is', () => {
    expect(() => loadConfig(production)).toThrow(/^APP_URL es obligatoria en producción: la dirección con la que se abre Gestar/);
    expect(() => loadConfig({ ...production, NODE_ENV: undefined })).toThrow(/APP_URL es obligatoria/);
    expect(() => loadConfig({ ...production, APP_URL: '' })).toThrow(/APP_URL es obligatoria/);
    expect(loadConfig({ ...production, APP_URL: 'https://gestar.taller.test' }).publicUrl).toBe('https://gestar.taller.test');
  });

  it('is not needed outside production, where links point to this machine', () => {
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...production, NODE_ENV: 'test', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('must be an http(s) address', () => {
    expect(() => loadConfig({ ...production, APP_URL: 'gestar.taller.test' })).toThrow('APP_URL debe empezar con http:// o https://');
  });
});

describe('JOBS_* (the job runtime)', () => {
  it('defaults suit a deployment; values out of range are brought within it', () => {
    expect(jobsSettingsOf({})).toEqual({ pollSeconds: 2, monitorSeconds: 30, heartbeatSeconds: 30, retryLimit: 3, retryDelaySeconds: 30 });
    // The runtime refuses a heartbeat under 10 s and a poll under a second: never handed to it.
    expect(jobsSettingsOf({ JOBS_HEARTBEAT_SECONDS: '3', JOBS_POLL_SECONDS: '0', JOBS_RETRY_LIMIT: '-1', JOBS_MONITOR_SECONDS: 'x' })).toEqual({
      pollSeconds: 1,
      monitorSeconds: 30,
      heartbeatSeconds: 10,
      retryLimit: 0,
      retryDelaySeconds: 30,
    });
    expect(loadConfig({ ...BASE, JOBS_RETRY_DELAY_SECONDS: '5' }).jobs.retryDelaySeconds).toBe(5);
  });
});
