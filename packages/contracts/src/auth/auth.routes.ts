import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema } from '../common/common.schemas';
import {
  ActivityResponseSchema,
  AuthProvidersResponseSchema,
  EndOtherSessionsResponseSchema,
  LogoutResponseSchema,
  OidcCallbackQuerySchema,
  OidcStartQuerySchema,
  SessionListResponseSchema,
  SessionParamsSchema,
} from './auth.schemas';
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
    errors: {
      401: [
        MESSAGES.errors.loginFailed,
        MESSAGES.errors.userInactive,
        MESSAGES.errors.ssoUnknownUser,
        MESSAGES.errors.ssoNoGroup,
        MESSAGES.errors.ssoUsernameCollision,
      ],
      429: [MESSAGES.errors.tooManyLoginAttempts],
      503: [MESSAGES.errors.ssoMisconfigured, MESSAGES.errors.ssoDirectoryUnavailable],
    },
    summary: 'Inicia sesión; limitado por usuario y dirección (429 al exceder LOGIN_RATE_LIMIT).',
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh-token',
    access: 'public',
    body: RefreshTokenRequestSchema,
    response: RefreshTokenResponseSchema,
    status: 200,
    errors: { 401: [MESSAGES.errors.invalidRefreshToken, MESSAGES.errors.userInactive] },
    summary: 'Rota el refresh token y entrega un nuevo access token.',
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'authenticated',
    body: LogoutRequestSchema,
    response: LogoutResponseSchema,
    status: 200,
    summary:
      'Cierra la sesión actual: su refresh token y su access token dejan de valer. Tras un ingreso con OpenID, cerrar_proveedor es la dirección que cierra también la sesión en el proveedor.',
  }),
  providers: defineRoute({
    method: 'GET',
    path: '/api/auth/providers',
    access: 'public',
    response: AuthProvidersResponseSchema,
    status: 200,
    summary: 'Qué ingresos ofrece la pantalla de inicio además del formulario: OpenID Connect (con su nombre) y LDAP.',
  }),
  oidcStart: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/start',
    access: 'public',
    query: OidcStartQuerySchema,
    response: null,
    status: 302,
    summary:
      'Redirige al proveedor OpenID de la empresa (código de autorización con PKCE, state y nonce); volver: ruta de Gestar a la que se llega después (otra dirección se ignora). Si el proveedor no responde, redirige a /login?sso_error=no_disponible.',
  }),
  oidcCallback: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/callback',
    access: 'public',
    query: OidcCallbackQuerySchema,
    response: null,
    status: 302,
    summary:
      'Vuelta del proveedor: verifica state (con la cookie del navegador), nonce y PKCE, aplica los grupos y abre la sesión; redirige a /login/sso o a /login?sso_error=.',
  }),
  activity: defineRoute({
    method: 'POST',
    path: '/api/auth/activity',
    access: 'authenticated',
    response: ActivityResponseSchema,
    status: 200,
    summary:
      'La persona sigue usando la pantalla: una sesión de dispositivo compartido no se cierra por inactividad mientras lo hace (la navegación la envía como mucho una vez por minuto).',
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/auth/sessions',
    access: 'authenticated',
    response: SessionListResponseSchema,
    status: 200,
    summary: 'Sesiones abiertas de quien llama (dispositivo, dirección, último uso), la actual primero.',
  }),
  endOtherSessions: defineRoute({
    method: 'POST',
    path: '/api/auth/sessions/close-others',
    access: 'authenticated',
    response: EndOtherSessionsResponseSchema,
    status: 200,
    summary: 'Cierra todas las sesiones de quien llama salvo la actual.',
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    access: 'authenticated',
    params: SessionParamsSchema,
    response: OkResponseSchema,
    status: 200,
    summary: 'Cierra una sesión de quien llama (404 si no es suya).',
  }),
} as const;
