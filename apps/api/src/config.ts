import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_TIMEZONE } from '@gestar/contracts';

export interface AppConfig {
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  seedDemo: boolean;
  webDistDir: string;
  timezone: string;
  trustedProxies: string[];
  nodeEnv: string;
  schedulerEnabled: boolean;
  adminUsername?: string;
  adminPassword?: string;
  firebaseServiceAccount?: string;
  chromiumPath: string;
  companyName?: string;
}

function bool(v: string | undefined, def = false): boolean {
  if (v === undefined || v === '') return def;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** Reads the environment once; refuses a missing or short JWT secret outside the demo and tests. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (common in compose env files) counts as unset.
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, v]) => v !== undefined && v !== '')) as NodeJS.ProcessEnv;
  const seedDemo = bool(env.SEED_DEMO);
  const nodeEnv = env.NODE_ENV ?? 'production';
  let jwtSecret = env.JWT_SECRET ?? '';
  if (jwtSecret.length < 32) {
    if (seedDemo || nodeEnv === 'test' || nodeEnv === 'development') {
      jwtSecret = jwtSecret || randomBytes(48).toString('hex');
    } else {
      throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
    }
  }
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL no está configurada');
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL,
    jwtSecret,
    seedDemo,
    webDistDir: env.WEB_DIST_DIR ?? resolve(__dirname, '..', '..', 'web', 'dist'),
    timezone: env.APP_TIMEZONE ?? DEFAULT_TIMEZONE,
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    nodeEnv,
    schedulerEnabled: bool(env.SCHEDULER_ENABLED, true),
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    firebaseServiceAccount: env.FIREBASE_SERVICE_ACCOUNT,
    chromiumPath: env.PUPPETEER_EXECUTABLE_PATH ?? env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    companyName: env.COMPANY_NAME,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
