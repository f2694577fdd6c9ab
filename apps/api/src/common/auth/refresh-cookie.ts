import type { Request, Response } from 'express';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS } from '@gestar/contracts';

/**
 * A cookie of the request by name (no cookie parser: the API reads only its own two cookies).
 * A value that is not valid percent-encoding was not written by this API: it reads as absent,
 * so that a mangled cookie neither fails the request nor stands in the way of a logout.
 */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The browser's refresh token: HttpOnly, SameSite=Strict, on /api/auth only (DECISIONS.md). */
export function setRefreshCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(REFRESH_COOKIE.name, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_COOKIE.path,
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000,
  });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE.name, { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_COOKIE.path });
}
