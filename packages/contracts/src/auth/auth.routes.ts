import { defineRoute } from '../common/route';
import { OkResponseSchema } from '../common/common.schemas';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  RefreshTokenRequestSchema,
  RefreshTokenResponseSchema,
} from './auth.schemas';

export const AUTH_ROUTES = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    status: 200,
    summary: 'Inicia sesión; limitado por usuario y dirección (429 al exceder LOGIN_RATE_LIMIT).',
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh-token',
    access: 'public',
    body: RefreshTokenRequestSchema,
    response: RefreshTokenResponseSchema,
    status: 200,
    summary: 'Rota el refresh token y entrega un nuevo access token.',
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'authenticated',
    body: LogoutRequestSchema,
    response: OkResponseSchema,
    status: 200,
    summary: 'Revoca el refresh token indicado (o la sesión actual).',
  }),
} as const;
