/**
 * Business constants and limits (SPEC.md section 9, DECISIONS.md sections 3-5).
 * Both the API and the web app read these; never repeat the literals elsewhere.
 */

export const PRODUCT_NAME = 'Gestar';
export const APP_TAGLINE = 'Administrador de tareas';
export const COMPANY_NAME = 'Muebles del Sur S.A.';
export const APP_VERSION = '0.5.17';

export const DEBOUNCE_MS = 500;

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Repeat interval presets of the schedule form, in days. */
export const INTERVAL_PRESETS = [
  { days: 1, label: 'Diario' },
  { days: 7, label: 'Semanal' },
  { days: 15, label: 'Quincenal' },
  { days: 30, label: 'Mensual' },
  { days: 60, label: 'Bimensual' },
  { days: 90, label: 'Trimestral' },
  { days: 365, label: 'Anual' },
] as const;
export const MIN_INTERVAL_DAYS = 1;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_LABELS = {
  1: 'Incompleta',
  2: 'Podría mejorar',
  3: 'Aceptable',
  4: 'Muy bueno',
  5: 'Excelente',
} as const;
export type Rating = keyof typeof RATING_LABELS;
export const NO_RATING_LABEL = 'Sin calificación';

export const MIN_STATUS_ORDER = 1;
export const MAX_STATUS_ORDER = 1000;

/**
 * What a status means, whatever its name: not started, under way, finished. The first move
 * into a `terminada` status is the task's completion (reports, "a tiempo").
 */
export const STATUS_CATEGORIES = ['pendiente', 'en_curso', 'terminada'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];
export const STATUS_CATEGORY_LABELS: Record<StatusCategory, string> = {
  pendiente: 'Pendiente',
  en_curso: 'En curso',
  terminada: 'Terminada',
};

/** From this hour on (company time zone) today can no longer be chosen as due date. */
export const SAME_DAY_CUTOFF_HOUR = 22;
/** Company time zone, overridable on the server by APP_TIMEZONE (DECISIONS section 4). */
export const DEFAULT_TIMEZONE = 'America/Argentina/Buenos_Aires';

export const DESCRIPTION_PREVIEW_LENGTH = 75;

/** The only device platform value sent on push registration. */
export const DEVICE_PLATFORM = 'web';

export const DEFAULT_SELECT_PLACEHOLDER = 'Seleccione una opción';
export const DATE_PICKER_PLACEHOLDER = 'Seleccione una fecha';
export const DATE_UNAVAILABLE = 'Fecha no disponible';

/** Maximum accepted request body (413 beyond it). */
export const MAX_BODY_BYTES = 1_048_576;
/** A PDF export with more rows than this is refused (XLSX has no such cap). */
export const PDF_MAX_ROWS = 5000;
export const EXPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * A sign-in with «Dispositivo compartido» ends after this many minutes without use (the server
 * refuses it, the browser signs out); an installation may set another value within the bounds.
 */
export const SHARED_DEVICE_IDLE = { defaultMinutes: 5, minMinutes: 1, maxMinutes: 60 } as const;
/** Writes carry this header (a UUID per change) so a retry never writes twice (DECISIONS.md, idempotency). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key answers its first answer again. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** The browser's refresh token: an HttpOnly, SameSite=Strict cookie on the auth path only. */
export const REFRESH_COOKIE = { name: 'gestar_refresh', path: '/api/auth' } as const;
/** `X-Refresh-Token: body` on login asks for the refresh token in the body (clients that are not browsers). */
export const REFRESH_IN_BODY = { header: 'X-Refresh-Token', value: 'body' } as const;
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/**
 * Sign-in limits (DECISIONS.md, "Login limits"): `perUserAndAddress` failures of one username from one address
 * within the window, then 429 until the window passes. An address is never refused for its failures: past
 * `addressFreeFailures` in the window each attempt from it waits `addressDelayStepMs` more per failure, up to
 * `addressDelayMaxMs`.
 */
export const LOGIN_RATE_LIMIT = {
  perUserAndAddress: 10,
  windowMinutes: 15,
  addressFreeFailures: 20,
  addressDelayStepMs: 100,
  addressDelayMaxMs: 3000,
} as const;
/** Characters of a typed username that a refused sign-in's audit entry keeps. */
export const TYPED_USERNAME_MAX = 64;
/** Failed checks of the current password (change-password) allowed per user within LOGIN_RATE_LIMIT's window. */
export const PASSWORD_CHECK_LIMIT = 5;

/** Text field limits (characters). */
export const TEXT_LIMITS = {
  name: 100,
  username: 50,
  password: 200,
  title: 200,
  description: 20_000,
  shortDescription: 2000,
  comment: 5000,
  observations: 5000,
  notificationMessage: 2000,
  token: 4096,
  checklistItem: 200,
  checklistNote: 2000,
} as const;
