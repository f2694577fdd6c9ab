import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_TIMEZONE, TIMER_MAX_HOURS_DEFAULT, WEEKDAYS, type Weekday } from '@gestar/contracts';
import { loadSsoSettings, SsoSettings } from './modules/sso/sso-config';

export interface AppConfig {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  seedDemo: boolean;
  webDistDir: string;
  timezone: string;
  trustedProxies: string[];
  nodeEnv: string;
  /** Whether this process runs the background jobs (SCHEDULER_ENABLED, default true): off, it neither schedules nor works any. */
  schedulerEnabled: boolean;
  /** How the job runtime (pg-boss, in PostgreSQL) runs them. */
  jobs: JobsSettings;
  /** The refresh cookie is `Secure` (sent over https only); default in production, COOKIE_SECURE=false turns it off. */
  cookieSecure: boolean;
  /** Days the audit log keeps an entry (AUDIT_RETENTION_DAYS, default 730). */
  auditRetentionDays: number;
  /** The address people open Gestar at (APP_URL), for links and the OpenID redirect. */
  publicUrl: string;
  sso: SsoSettings;
  adminUsername?: string;
  adminPassword?: string;
  firebaseServiceAccount?: string;
  chromiumPath: string;
  companyName?: string;
  /** Where attachments are stored (UPLOADS_DIR, default `.data/uploads` under the working folder). */
  uploadsDir: string;
  /** Images decoded at once, each in its own worker thread (IMAGE_WORKERS, default 1 on up to two cores, else 2). */
  imageWorkers: number;
  /** Images that may wait for a worker (IMAGE_QUEUE, default 8); beyond them an upload answers 503. */
  imageQueue: number;
  /** Label sheets drawn at once, each in its own worker thread (LABEL_WORKERS, default 1). */
  labelWorkers: number;
  /** Label requests that may wait for a worker (LABEL_QUEUE, default 4); beyond them a request answers 503. */
  labelQueue: number;
  /** The weekdays the company works (APP_WORKING_DAYS, default MO,TU,WE,TH,FR,SA: a workshop works Saturdays). */
  workingDays: Weekday[];
  /** The country whose public holidays the calendar brings in (APP_COUNTRY, ISO 3166 code, default AR). */
  country: string;
  /** Minutes after company midnight when the day's reminders and digest go out (REMINDER_TIME, HH:MM, default 08:00). */
  reminderMinutes: number;
  /** Hours an occurrence stays overdue before its area's supervisors are told (ESCALATION_HOURS, default 24). */
  escalationHours: number;
  /** Minutes after company midnight when the working day ends: a timer still running is paused then (WORKDAY_END, HH:MM, default 18:00). */
  workdayEndMinutes: number;
  /** The longest a timer runs before it is paused automatically (TIMER_MAX_HOURS, 1..24, default 12). */
  timerMaxHours: number;
  /** The SMTP server e-mail goes through (SMTP_URL, e.g. smtp://usuario:clave@correo.empresa:587); unset: no e-mail. */
  smtp?: SmtpSettings;
  /** Milliseconds an SMTP step may take before the try counts as failed (SMTP_TIMEOUT_SECONDS, default 15). */
  smtpTimeoutMs: number;
  /** The sender of the e-mails (MAIL_FROM, default `Gestar <gestar@` + the APP_URL host + `>`). */
  mailFrom: string;
}

/** The job runtime's timing (advanced: the defaults suit a deployment; the tests shorten them). */
export interface JobsSettings {
  /** Seconds between a worker's looks for a due job (JOBS_POLL_SECONDS, default 2, at least 1). */
  pollSeconds: number;
  /** Seconds between the checks for silent, expired and retried jobs (JOBS_MONITOR_SECONDS, default 30). */
  monitorSeconds: number;
  /** Seconds without a process's heartbeat before its job goes to another process (JOBS_HEARTBEAT_SECONDS, default 30, at least 10). */
  heartbeatSeconds: number;
  /** Retries of a failed run (JOBS_RETRY_LIMIT, default 3). */
  retryLimit: number;
  /** Seconds before the first retry, about doubled for each next one (JOBS_RETRY_DELAY_SECONDS, default 30). */
  retryDelaySeconds: number;
}

const intOf = (value: string | undefined, def: number, min: number, max: number): number => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : def;
};

/** JOBS_* variables; out-of-range values are brought within range. */
export function jobsSettingsOf(env: NodeJS.ProcessEnv): JobsSettings {
  return {
    pollSeconds: intOf(env.JOBS_POLL_SECONDS, 2, 1, 45),
    monitorSeconds: intOf(env.JOBS_MONITOR_SECONDS, 30, 1, 3600),
    heartbeatSeconds: intOf(env.JOBS_HEARTBEAT_SECONDS, 30, 10, 3600),
    retryLimit: intOf(env.JOBS_RETRY_LIMIT, 3, 0, 20),
    retryDelaySeconds: intOf(env.JOBS_RETRY_DELAY_SECONDS, 30, 1, 3600),
  };
}

/** SMTP_URL read into its parts: the credentials decoded, TLS before authenticating decided. */
export interface SmtpSettings {
  /** SMTP_URL without its user, password and `requireTLS`: for nodemailer (its other query options stay). */
  url: string;
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. */
  secure: boolean;
  /**
   * smtp://: refuse to go on (and so to authenticate) unless the server offers STARTTLS. Default on when
   * the URL carries credentials; SMTP_REQUIRE_TLS (or `?requireTLS=` in the URL) says otherwise.
   */
  requireTls: boolean;
  user?: string;
  pass?: string;
}

const decodeCredential = (value: string, what: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new Error(`SMTP_URL: ${what} tiene un «%» que no es un carácter codificado (escriba «%25» para un «%»)`);
  }
};

/**
 * SMTP_URL (`smtp://` with STARTTLS, `smtps://` with TLS from the start). A user or password with
 * characters that mean something in a URL (`@ : / % # ?`) is written percent-encoded (`@` as `%40`)
 * and decoded here; SMTP_PASSWORD (or SMTP_PASSWORD_FILE) gives the password apart from the URL.
 */
export function smtpSettingsOf(raw: string, env: NodeJS.ProcessEnv = {}): SmtpSettings {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL no es una URL válida (por ejemplo smtp://usuario:clave@correo.empresa:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL debe empezar con smtp:// o smtps://');
  if (!url.hostname) throw new Error('SMTP_URL no indica el servidor de correo');
  const secure = url.protocol === 'smtps:';
  const user = url.username ? decodeCredential(url.username, 'el usuario') : undefined;
  const pass = env.SMTP_PASSWORD ?? (url.password ? decodeCredential(url.password, 'la contraseña') : undefined);
  const inUrl = url.searchParams.get('requireTLS');
  const requireTls = secure ? false : inUrl !== null ? bool(inUrl) : bool(env.SMTP_REQUIRE_TLS, Boolean(user || pass));
  url.username = '';
  url.password = '';
  url.searchParams.delete('requireTLS');
  return {
    url: url.toString(),
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTls,
    ...(user !== undefined ? { user } : {}),
    ...(pass !== undefined ? { pass } : {}),
  };
}

/** A time of day `HH:MM` (the variable `name`) as minutes after midnight. */
export function clockMinutesOf(value: string | undefined, fallback: string, name: string): number {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((value ?? fallback).trim());
  if (!m) throw new Error(`${name} debe tener la forma HH:MM (por ejemplo ${fallback})`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** REMINDER_TIME `HH:MM` as minutes after midnight. */
export function reminderMinutesOf(value: string | undefined): number {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((value ?? '08:00').trim());
  if (!m) throw new Error('REMINDER_TIME debe tener la forma HH:MM (por ejemplo 08:00)');
  return Number(m[1]) * 60 + Number(m[2]);
}

/** APP_WORKING_DAYS: weekday codes separated by commas; refuses an unknown code or an empty week. */
export function workingDaysOf(value: string | undefined): Weekday[] {
  const codes = (value ?? 'MO,TU,WE,TH,FR,SA').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  const unknown = codes.filter((c) => !(WEEKDAYS as readonly string[]).includes(c));
  if (unknown.length || !codes.length) {
    throw new Error(`APP_WORKING_DAYS debe listar días de la semana (MO,TU,WE,TH,FR,SA,SU); no se reconoce: ${unknown.join(',') || '(vacío)'}`);
  }
  return WEEKDAYS.filter((d) => codes.includes(d));
}

function bool(v: string | undefined, def = false): boolean {
  if (v === undefined || v === '') return def;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The secrets that may come from a file (`<NAME>_FILE`, e.g. a compose secret in /run/secrets). */
export const SECRET_FILE_VARIABLES = ['JWT_SECRET', 'DATABASE_URL', 'DATABASE_PASSWORD', 'SMTP_URL', 'SMTP_PASSWORD', 'ADMIN_PASSWORD'] as const;

/**
 * The environment with each `<NAME>_FILE` read into `<NAME>` (without the file's trailing line
 * breaks). Both set, or a file that cannot be read, stops the start with a Spanish message.
 * Empty variables (common in compose env files) count as unset.
 */
export function withSecretFiles(rawEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, v]) => v !== undefined && v !== '')) as NodeJS.ProcessEnv;
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) throw new Error(`Defina ${name} o ${name}_FILE, no las dos`);
    try {
      env[name] = readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
    } catch (err) {
      throw new Error(`No se pudo leer ${name}_FILE (${file}): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    if (!env[name]) throw new Error(`${name}_FILE (${file}) está vacío`);
  }
  return env;
}

/**
 * DATABASE_URL, with DATABASE_PASSWORD (or DATABASE_PASSWORD_FILE) as its password when given:
 * the password needs no encoding there, and the URL then carries no secret.
 */
export function databaseUrlOf(rawEnv: NodeJS.ProcessEnv): string | undefined {
  return databaseUrlFrom(withSecretFiles(rawEnv));
}

function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_URL) return undefined;
  if (!env.DATABASE_PASSWORD) return env.DATABASE_URL;
  let url: URL;
  try {
    url = new URL(env.DATABASE_URL);
  } catch {
    throw new Error('DATABASE_URL no es una URL válida (postgres://usuario@servidor:5432/base)');
  }
  url.password = encodeURIComponent(env.DATABASE_PASSWORD);
  return url.toString();
}

/**
 * Reads the environment once; refuses a short JWT secret always, a missing one outside the demo and
 * tests, and a production start without APP_URL (e-mail links and the OpenID return would point
 * to localhost).
 */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = withSecretFiles(rawEnv);
  const seedDemo = bool(env.SEED_DEMO);
  const nodeEnv = env.NODE_ENV ?? 'production';
  let jwtSecret = env.JWT_SECRET ?? '';
  // A short secret is refused in every mode, demo included: it can be guessed and tokens forged.
  // Only an unset one is replaced, in the demo and tests, by a random secret for this run.
  if (jwtSecret && jwtSecret.length < 32) throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
  if (!jwtSecret) {
    if (seedDemo || nodeEnv === 'test' || nodeEnv === 'development') jwtSecret = randomBytes(48).toString('hex');
    else throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
  }
  const databaseUrl = databaseUrlFrom(env);
  if (!databaseUrl) throw new Error('DATABASE_URL no está configurada');
  if (nodeEnv === 'production' && !env.APP_URL) {
    throw new Error(
      'APP_URL es obligatoria en producción: la dirección con la que se abre Gestar (por ejemplo https://gestar.empresa.com), de la que salen los enlaces de los correos y la vuelta del ingreso con la cuenta de la empresa',
    );
  }
  if (env.APP_URL && !/^https?:\/\/[^/]/.test(env.APP_URL)) {
    throw new Error('APP_URL debe empezar con http:// o https:// (por ejemplo https://gestar.empresa.com)');
  }
  const publicUrl = env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`;
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl,
    jwtSecret,
    seedDemo,
    webDistDir: env.WEB_DIST_DIR ?? resolve(__dirname, '..', '..', 'web', 'dist'),
    timezone: env.APP_TIMEZONE ?? DEFAULT_TIMEZONE,
    uploadsDir: resolve(env.UPLOADS_DIR ?? join('.data', 'uploads')),
    imageWorkers: Math.min(4, Math.max(1, Number.parseInt(env.IMAGE_WORKERS ?? '', 10) || (availableParallelism() > 2 ? 2 : 1))),
    imageQueue: Math.max(0, Number.parseInt(env.IMAGE_QUEUE ?? '8', 10) || 0),
    labelWorkers: intOf(env.LABEL_WORKERS, 1, 1, 4),
    labelQueue: intOf(env.LABEL_QUEUE, 4, 0, 100),
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    nodeEnv,
    schedulerEnabled: bool(env.SCHEDULER_ENABLED, true),
    jobs: jobsSettingsOf(env),
    cookieSecure: bool(env.COOKIE_SECURE, nodeEnv === 'production'),
    auditRetentionDays: Math.max(1, Number.parseInt(env.AUDIT_RETENTION_DAYS ?? '730', 10) || 730),
    publicUrl,
    sso: loadSsoSettings(env, publicUrl),
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    firebaseServiceAccount: env.FIREBASE_SERVICE_ACCOUNT,
    chromiumPath: env.PUPPETEER_EXECUTABLE_PATH ?? env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    companyName: env.COMPANY_NAME,
    workingDays: workingDaysOf(env.APP_WORKING_DAYS),
    country: (env.APP_COUNTRY ?? 'AR').toUpperCase(),
    reminderMinutes: reminderMinutesOf(env.REMINDER_TIME),
    escalationHours: Math.max(1, Number.parseInt(env.ESCALATION_HOURS ?? '24', 10) || 24),
    workdayEndMinutes: clockMinutesOf(env.WORKDAY_END, '18:00', 'WORKDAY_END'),
    timerMaxHours: Math.min(24, Math.max(1, Number.parseInt(env.TIMER_MAX_HOURS ?? '', 10) || TIMER_MAX_HOURS_DEFAULT)),
    smtp: env.SMTP_URL ? smtpSettingsOf(env.SMTP_URL, env) : undefined,
    smtpTimeoutMs: Math.max(1, Number.parseInt(env.SMTP_TIMEOUT_SECONDS ?? '15', 10) || 15) * 1000,
    mailFrom: env.MAIL_FROM ?? `Gestar <gestar@${hostOf(publicUrl)}>`,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
