import 'reflect-metadata';
import { INestApplication, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { DataSource } from 'typeorm';
import { installSpanishErrors, MAX_BODY_BYTES, MESSAGES } from '@gestar/contracts';
import { AppModule } from './app.module';
import { AppConfig } from './config';
import { ErrorFilter, toErrorBody } from './common/http/error.filter';
import { errorPage } from './common/http/error-page';
import { AuditService } from './common/audit/audit.service';
import { runMigrations, syncReportSummary } from './database/migrate';
import { seedDatabase } from './database/seeds/seed';

/** Firebase hosts web push needs (DECISIONS section 6), and nothing else outside 'self'. */
const FIREBASE_CONNECT = [
  'https://fcmregistrations.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://fcm.googleapis.com',
];

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
}

const isApiPath = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

/**
 * Security headers. Documents (the web client) get the full helmet set with the CSP of
 * DECISIONS section 6. API answers are data, never rendered as a page: they get the OWASP
 * REST set (a CSP that allows nothing, no framing, nosniff, no referrer), which keeps each
 * JSON answer about 700 bytes lighter. A route that answers HTML sets its own CSP.
 */
function securityHeaders(config: AppConfig) {
  const hsts = config.nodeEnv === 'production';
  const documents = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...FIREBASE_CONNECT],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: hsts,
  });
  const api = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: hsts,
  });
  return (req: Request, res: Response, next: NextFunction) => (isApiPath(req) ? api : documents)(req, res, next);
}

/** Builds the configured application (shared by main.ts and the tests). */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  installSpanishErrors();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.set('trust proxy', config.trustedProxies.length ? config.trustedProxies : false);
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  // API answers carry one user's data: never kept by a browser or a proxy, so no validator (ETag) either.
  app.set('etag', false);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // SPEC.md's `GET /api/users/areas/{id}` keeps answering: it is the documented
  // `GET /api/users/{id}/area-users` (the old shape matched the same URLs as `/api/users/{id}/change-password`).
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'GET') {
      const spec = /^\/api\/users\/areas\/([^/?]+)(\?.*)?$/.exec(req.url);
      if (spec) req.url = `/api/users/${spec[1]}/area-users${spec[2] ?? ''}`;
    }
    next();
  });
  app.use(express.json({ limit: MAX_BODY_BYTES, type: ['application/json', 'application/*+json'] }));
  // Body-parser errors (too large, broken JSON) never reach Nest's filters: answer them here.
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    answerError(req, res, err);
  });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ErrorFilter(app.get(AuditService)));
  app.enableShutdownHooks();
  serveWeb(app, config);
  // Nest answers unknown paths under its /api prefix (a Spanish JSON 404 through ErrorFilter);
  // every other path that nothing served gets a Spanish page, not Express's English one.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req)) return next();
    res.status(404).type('html').setHeader('Cache-Control', 'no-cache');
    res.send(errorPage(404, MESSAGES.errors.pageNotFound));
  });
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req)) return next(err);
    answerError(req, res, err);
  });
  return app;
}

/** An error no route handled: JSON with the contracts' error body under /api, a Spanish page elsewhere. */
function answerError(req: Request, res: Response, err: unknown): void {
  const body = toErrorBody(err);
  if (!isApiPath(req)) {
    // Express's own 4xx (serve-static's 400 for an address that is not valid percent-encoding, its 404s, 405s)
    // keep their status; anything else is what the API would answer.
    const own = (err as { status?: unknown }).status;
    const status = typeof own === 'number' && own >= 400 && own < 500 ? own : body.statusCode;
    const message =
      status === 404 ? MESSAGES.errors.pageNotFound : status === 400 ? MESSAGES.errors.pageRequestRefused : body.message;
    res.status(status).type('html').setHeader('Cache-Control', 'no-cache');
    res.send(errorPage(status, message));
    return;
  }
  res.status(body.statusCode).json(body);
}

/**
 * The built web client: static files, the service worker `sw.js` and the manifest always
 * revalidated (a new version is found at once), SPA fallback for deep links.
 */
function serveWeb(app: NestExpressApplication, config: AppConfig): void {
  const dir = config.webDistDir;
  const index = join(dir, 'index.html');
  if (!existsSync(index)) {
    new Logger('Web').warn(`No se encontró el cliente web en ${dir}; solo se sirve la API`);
    return;
  }
  const statics = express.static(dir, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, path) => {
      if (path.includes(`${join(dir, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      if (path.endsWith('.js')) res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      if (path.endsWith(`${sep}sw.js`)) {
        res.setHeader('Service-Worker-Allowed', '/');
        res.setHeader('Cache-Control', 'no-cache');
      }
      if (path.endsWith('.webmanifest')) {
        res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  // API paths never name a file of the client: skip the file lookup (a stat per request) for them.
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req) ? next() : statics(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req)) return next();
    // A missing file with an extension is a 404, not the SPA (so a missing worker script is never HTML).
    if (/\.[a-z0-9]+$/i.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/** Migrations (under an advisory lock), then the seed: demo organisation or first admin. */
export async function prepareDatabase(app: INestApplication, config: AppConfig): Promise<void> {
  const ds = app.get(DataSource);
  const applied = await runMigrations(ds);
  if (applied.length) new Logger('Database').log(`Migraciones aplicadas: ${applied.join(', ')}`);
  await syncReportSummary(ds, config.timezone);
  await seedDatabase(ds, config);
}
