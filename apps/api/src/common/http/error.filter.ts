import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZodError } from 'zod';
import { MESSAGES } from '@gestar/contracts';
import { pgErrorCode } from '../../database/sql';
import { AppException, errorName, FieldError, isStorageFull } from './app-exception';
import type { AuthUser } from '../auth/auth-user';
import { zodFieldErrors } from './zod-validation';

interface Body {
  statusCode: number;
  message: string;
  error: string;
  errors?: FieldError[];
}

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004']);

function isDbUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; name?: string; message?: string; driverError?: unknown };
  if (e.code && DB_UNAVAILABLE_CODES.has(e.code)) return true;
  // A transaction whose connection broke (PostgreSQL stopped under it): TypeORM has released its runner.
  if (e.name === 'QueryRunnerAlreadyReleasedError' || e.name === 'QueryRunnerProviderAlreadyReleasedError') return true;
  const msg = e.message ?? '';
  if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(msg)) {
    return true;
  }
  return e.driverError ? isDbUnavailable(e.driverError) : false;
}

function spanishForStatus(status: number): string {
  switch (status) {
    case 400:
      return MESSAGES.validation.invalidBody;
    case 401:
      return MESSAGES.errors.unauthorized;
    case 403:
      return MESSAGES.errors.forbidden;
    case 404:
      return MESSAGES.errors.routeNotFound;
    case 413:
      return MESSAGES.errors.payloadTooLarge;
    case 429:
      return MESSAGES.errors.tooManyLoginAttempts;
    case 503:
      return MESSAGES.errors.databaseUnavailable;
    default:
      return status >= 500 ? MESSAGES.errors.internal : MESSAGES.validation.invalidBody;
  }
}

/** Turns every error into `{ statusCode, message, error }` with a Spanish message; never a 500 for client input. */
export function toErrorBody(exception: unknown): Body {
  if (exception instanceof AppException) {
    return exception.getResponse() as Body;
  }
  if (exception instanceof HttpException) {
    // Nest's own exceptions (unknown route, body parser errors) carry English text.
    const status = exception.getStatus();
    return { statusCode: status, message: spanishForStatus(status), error: errorName(status) };
  }
  if (exception instanceof ZodError) {
    const errors = zodFieldErrors(exception);
    return { statusCode: 400, message: errors[0]?.message ?? MESSAGES.validation.invalidBody, error: errorName(400), errors };
  }
  const e = exception as { type?: string; status?: number; statusCode?: number; code?: string };
  if (e && (e.type === 'entity.too.large' || e.status === 413)) {
    return { statusCode: 413, message: MESSAGES.errors.payloadTooLarge, error: errorName(413) };
  }
  if (e && (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported' || e.type === 'request.aborted')) {
    return { statusCode: 400, message: MESSAGES.validation.invalidBody, error: errorName(400) };
  }
  // A write that found the disk full, wherever it happened: a 507 that says so, not an unexplained 500.
  if (isStorageFull(exception)) {
    return { statusCode: 507, message: MESSAGES.errors.storageFull, error: errorName(507) };
  }
  if (isDbUnavailable(exception)) {
    return { statusCode: 503, message: MESSAGES.errors.databaseUnavailable, error: errorName(503) };
  }
  const code = pgErrorCode(exception);
  if (code) {
    if (code === '22P02' || code === '22007' || code === '22008' || code === '22003' || code === '22001' || code === '22021' || code === '54001') {
      return { statusCode: 400, message: MESSAGES.validation.invalidBody, error: errorName(400) };
    }
    if (code === '23505' || code === '23503' || code === '23514') {
      return { statusCode: 409, message: MESSAGES.validation.invalidBody, error: errorName(409) };
    }
  }
  return { statusCode: 500, message: MESSAGES.errors.internal, error: errorName(500) };
}

/** Where refused calls (403) are recorded; the filter does not wait for it. */
export interface RefusalRecorder {
  by(user: AuthUser, ip: string | null | undefined, entry: { accion: 'rechazado'; recurso: 'ruta'; detalle: Record<string, unknown> }): Promise<void>;
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly refusals?: RefusalRecorder) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = toErrorBody(exception);
    // An AppException is a deliberate answer (a 503 for a missing Chromium, warned about at start): not logged.
    if (body.statusCode >= 500 && !(exception instanceof AppException)) {
      this.logger.error(`${req.method} ${req.originalUrl} -> ${body.statusCode}`, exception instanceof Error ? exception.stack : String(exception));
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    const respond = () => {
      if (exception instanceof AppException) for (const [k, v] of Object.entries(exception.headers)) res.setHeader(k, v);
      res.status(body.statusCode).json(body);
    };
    const user = (req as Request & { user?: AuthUser }).user;
    if (body.statusCode === 403 && user && this.refusals) {
      // Recorded before the answer leaves, so whoever reads the log next sees it.
      const route = (req as Request & { route?: { path?: string } }).route?.path;
      void this.refusals
        .by(user, req.ip, {
          accion: 'rechazado',
          recurso: 'ruta',
          detalle: { metodo: req.method, ruta: route ?? req.path, motivo: body.message },
        })
        .finally(respond);
      return;
    }
    respond();
  }
}
