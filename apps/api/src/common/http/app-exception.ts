import { HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES, type SessionEndReason } from '@gestar/contracts';

export interface FieldError {
  path: string;
  message: string;
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

export function errorName(status: number): string {
  return ERROR_NAMES[status] ?? 'Error';
}

/** An error answered as `{ statusCode, message, error, errors? }` with a Spanish message. */
export class AppException extends HttpException {
  /** Headers answered with the error (a 429's `Retry-After`). */
  headers: Record<string, string> = {};

  constructor(status: number, message: string, readonly errors?: FieldError[], extra: Readonly<Record<string, unknown>> = {}) {
    super({ statusCode: status, message, error: errorName(status), ...(errors ? { errors } : {}), ...extra }, status);
  }
}

export const badRequest = (message: string = MESSAGES.validation.invalidBody, errors?: FieldError[]) =>
  new AppException(HttpStatus.BAD_REQUEST, message, errors);
export const unauthorized = (message: string = MESSAGES.errors.unauthorized) =>
  new AppException(HttpStatus.UNAUTHORIZED, message);
/** The 401 of a refused refresh; `codigo` says why its session ended, when it is known. */
export const sessionRefused = (message: string, codigo: SessionEndReason | null) =>
  new AppException(HttpStatus.UNAUTHORIZED, message, undefined, codigo ? { codigo } : {});
export const forbidden = (message: string = MESSAGES.errors.forbidden) => new AppException(HttpStatus.FORBIDDEN, message);
export const notFound = (message: string = MESSAGES.errors.notFound) => new AppException(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string) => new AppException(HttpStatus.CONFLICT, message);
/** A 429 that says, in `Retry-After`, how many seconds to wait. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => {
  const e = new AppException(HttpStatus.TOO_MANY_REQUESTS, message);
  e.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return e;
};
export const payloadTooLarge = (message: string = MESSAGES.errors.payloadTooLarge) =>
  new AppException(HttpStatus.PAYLOAD_TOO_LARGE, message);
export const serviceUnavailable = (message: string) =>
  new AppException(HttpStatus.SERVICE_UNAVAILABLE, message);
/** A 507: the disk where files are kept is full (or over its quota); nothing was stored. */
export const insufficientStorage = (message: string = MESSAGES.errors.storageFull) =>
  new AppException(HttpStatus.INSUFFICIENT_STORAGE, message);

/** Whether a file system error says the disk is full (ENOSPC) or the user's quota is used up (EDQUOT). */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
