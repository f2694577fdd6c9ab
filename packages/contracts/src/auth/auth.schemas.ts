import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { UuidSchema } from '../common/common.schemas';

const v = MESSAGES.validation;

export const LoginRequestSchema = z.object({
  username: z
    .string({ message: v.usernameLoginRequired })
    .trim()
    .min(1, { message: v.usernameLoginRequired })
    .max(100, { message: textTooLongMax(100) }),
  password: z
    .string({ message: v.passwordLoginRequired })
    .min(1, { message: v.passwordLoginRequired })
    .max(200, { message: textTooLongMax(200) }),
  /**
   * «Dispositivo compartido»: the session ends after the installation's idle minutes
   * (AuthProvidersResponse.dispositivo_compartido) and the browser keeps nothing after «Salir».
   */
  compartido: z.boolean({ message: v.sharedDeviceInvalid }).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const JobPositionRefSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  descripcion: z.string(),
});

export const LoginUserSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  username: z.string(),
  descripcion_puesto: JobPositionRefSchema.nullable(),
});
export type LoginUser = z.infer<typeof LoginUserSchema>;

/**
 * A browser gets the refresh token only as an HttpOnly cookie (REFRESH_COOKIE), never in the
 * body; a client that asks with `X-Refresh-Token: body` (REFRESH_IN_BODY) gets it in the body.
 */
export const LoginResponseSchema = z.object({
  user: LoginUserSchema,
  token: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The refresh token comes in the body (API clients) or, from a browser, in its cookie. */
export const RefreshTokenRequestSchema = z.object({
  refreshToken: z
    .string({ message: MESSAGES.errors.invalidRefreshToken })
    .max(500, { message: textTooLongMax(500) })
    .optional(),
});
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequestSchema>;

export const RefreshTokenResponseSchema = z.object({
  token: z.string().min(1),
  /** Only when the refresh token came in the body; a browser's rotated token goes in its cookie. */
  refreshToken: z.string().min(1).optional(),
});
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponseSchema>;

export const LogoutRequestSchema = z.object({
  refreshToken: z
    .string({ error: MESSAGES.errors.invalidRefreshToken })
    .max(500, { message: textTooLongMax(500) })
    .optional(),
});

/**
 * `POST /api/auth/logout`. After a company sign-in whose provider offers RP-initiated logout,
 * `cerrar_proveedor` is where the browser goes next so the provider's session ends too (it then
 * comes back to /login).
 */
export const LogoutResponseSchema = z.object({
  ok: z.literal(true),
  cerrar_proveedor: z.string().url().optional(),
});
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

/** What the server answers to the change-password call. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ message: v.currentPasswordRequired })
    .min(1, { message: v.currentPasswordRequired })
    .max(200, { message: textTooLongMax(200) }),
  newPassword: z
    .string({ message: v.newPasswordRequired })
    .min(1, { message: v.newPasswordRequired, abort: true })
    .min(8, { message: v.passwordMinLength })
    .max(200, { message: textTooLongMax(200) }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The profile form (client side): the confirmation must match. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: v.currentPasswordRequired }).min(1, { message: v.currentPasswordRequired }),
    newPassword: z
      .string({ error: v.newPasswordRequired })
      .min(1, { message: v.newPasswordRequired, abort: true })
      .min(8, { message: v.passwordMinLength })
      .max(200, { message: textTooLongMax(200) }),
    confirmPassword: z.string({ error: v.confirmPasswordRequired }).min(1, { message: v.confirmPasswordRequired }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, { message: v.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** JWT access-token payload (DECISIONS section 3). */
export const TokenPayloadSchema = z.object({
  sub: UuidSchema,
  /** The session (sign-in) the token belongs to: ending the session ends the token at once. */
  sid: UuidSchema,
  username: z.string(),
  role: z.object({ uuid: UuidSchema, nombre: z.string(), permisos: z.array(z.string()) }),
  /** The terminal a PIN sign-in opened the session at (issue 34); absent for an ordinary session. */
  trm: UuidSchema.optional(),
  /**
   * Only on a sign-in with «Dispositivo compartido»: the minutes without use after which the
   * server refuses the session and the browser signs out, keeping nothing.
   */
  compartido: z.object({ minutos_inactividad: z.number().int().positive() }).optional(),
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

/** One signed-in session of the caller (a login on a device, kept alive by its refresh token). */
export const SessionSchema = z.object({
  uuid: UuidSchema,
  /** The browser's User-Agent at sign-in (see `describeUserAgent`). */
  agente: z.string().nullable(),
  /** The address it signed in from, when known. */
  ip: z.string().nullable(),
  creada_en: z.string(),
  /** Sign-in or last token refresh. */
  ultimo_uso_en: z.string(),
  /** The session this request was made with. */
  actual: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListResponseSchema = z.array(SessionSchema);
export const SessionParamsSchema = z.object({ id: UuidSchema });
export const EndOtherSessionsResponseSchema = z.object({ cerradas: z.number().int().min(0) });

/** 'Chrome en Android' from a User-Agent string; 'Navegador desconocido' when it says nothing known. */
export function describeUserAgent(agent: string | null | undefined): string {
  const ua = agent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Navegador desconocido';
}

/** Which sign-ins the login screen offers besides the local form (public). */
export const AuthProvidersResponseSchema = z.object({
  /** 'Ingresar con {nombre}' when OpenID Connect is configured. */
  oidc: z.object({ nombre: z.string() }).nullable(),
  /** The form's username and password are checked against the company directory first. */
  ldap: z.boolean(),
  /** A sign-in with «Dispositivo compartido» ends after these minutes without use. */
  dispositivo_compartido: z.object({ minutos_inactividad: z.number().int().positive() }),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/** `POST /api/auth/activity`: the person is at the screen (a shared-device session stays alive). */
export const ActivityResponseSchema = z.object({ ok: z.literal(true) });

/** The longest return path carried through a company sign-in. */
export const RETURN_PATH_MAX = 500;

/**
 * A path of this application to return to after a company sign-in (`/?tarea=...`), or null for
 * anything else: another origin (`//evil.example`, `https://...`, `/\\evil`), a scheme, control
 * characters, a path too long, or the login screen itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_PATH_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  // A single leading slash, no backslash (browsers read it as a slash) and no control character
  // (browsers drop tabs and newlines): the browser resolves it on this origin.
  const path = value;
  return path.startsWith('/login') ? null : path;
}

/** `GET /api/auth/oidc/start?volver=/?tarea=...`: where to land after the sign-in (refused unless a path here). */
export const OidcStartQuerySchema = z.object({
  volver: z.string().max(2000).optional(),
  /** `1`: «Dispositivo compartido» was ticked (the session ends when idle, the browser keeps nothing). */
  compartido: z.enum(['1', '0'], { message: v.sharedDeviceInvalid }).optional(),
});

/** What the provider sends back to the callback (any of it may be missing or foreign). */
export const OidcCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** Why a company sign-in did not finish: `/login?sso_error=<code>`, shown in Spanish by the login screen. */
export const SSO_ERROR_CODES = [
  'estado',
  'proveedor',
  'grupo',
  'desconocido',
  'inactivo',
  'configuracion',
  'colision',
  'administrador',
  'no_disponible',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];
export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  estado: MESSAGES.errors.ssoFailed,
  proveedor: MESSAGES.errors.ssoFailed,
  grupo: MESSAGES.errors.ssoNoGroup,
  desconocido: MESSAGES.errors.ssoUnknownUser,
  inactivo: MESSAGES.errors.userInactive,
  configuracion: MESSAGES.errors.ssoMisconfigured,
  colision: MESSAGES.errors.ssoUsernameCollision,
  administrador: MESSAGES.errors.lastAdministrator,
  no_disponible: MESSAGES.errors.ssoProviderUnavailable,
};
