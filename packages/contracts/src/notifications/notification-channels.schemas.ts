import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { blankToUndefined, optionalDate, queryUuid } from '../common/fields';

const v = MESSAGES.validation;

/**
 * What a notification is about (issue 19). Each person chooses, per kind, whether it also
 * reaches them by push and by e-mail; in the application it always arrives.
 */
export const NOTIFICATION_KINDS = ['mensaje', 'asignacion', 'vence_manana', 'vence_hoy', 'vencida', 'escalada', 'resumen', 'solicitud', 'cronometro'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mensaje: 'Mensajes de supervisores y administradores',
  asignacion: 'Tareas asignadas a usted',
  vence_manana: 'Una tarea vence mañana',
  vence_hoy: 'Una tarea vence hoy',
  vencida: 'Una tarea suya venció',
  escalada: 'Tareas vencidas en sus áreas',
  resumen: 'Resumen diario de sus áreas',
  solicitud: 'Solicitudes: problemas reportados en sus áreas y los pasos de las suyas',
  cronometro: 'Un cronómetro suyo se pausó automáticamente y espera su confirmación',
};

/** Kinds only supervisors receive (the profile shows them only to those who watch areas). */
export const SUPERVISOR_NOTIFICATION_KINDS: readonly NotificationKind[] = ['escalada', 'resumen'];

/** Besides the kinds people choose: the test an administrator sends to themselves. */
export const NOTIFICATION_TYPES = [...NOTIFICATION_KINDS, 'prueba'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The ways a notification reaches a person. In the application it always arrives. */
export const DELIVERY_CHANNELS = ['app', 'push', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** The channels a person can turn off, and that the delivery log records. */
export const OPTIONAL_CHANNELS = ['push', 'email'] as const;
export type OptionalChannel = (typeof OPTIONAL_CHANNELS)[number];

export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  app: 'En la aplicación',
  push: 'Push',
  email: 'Correo electrónico',
};

/**
 * A delivery's state: `pendiente` (waiting to be sent), `enviando` (a process is sending it),
 * `enviada`, `fallida` (with the reason; while `proximo_intento` is set it will be tried again)
 * and `omitida` (with why: quiet hours, channel off, no device, no address).
 */
export const DELIVERY_STATES = ['pendiente', 'enviando', 'enviada', 'fallida', 'omitida'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pendiente: 'Pendiente',
  enviando: 'Enviando',
  enviada: 'Enviada',
  fallida: 'Fallida',
  omitida: 'Omitida',
};

/** Why a channel was skipped for a person (the delivery log's `motivo`). */
export const DELIVERY_SKIP_REASONS = {
  channelOff: 'La persona desactivó este canal para este tipo de aviso',
  quietHours: 'Horario de silencio de la persona',
  noDevice: 'La persona no tiene dispositivos registrados',
  noAddress: 'La persona no tiene correo electrónico',
  pushOff: 'Las notificaciones push no están configuradas en el servidor',
  emailOff: 'El correo no está configurado en el servidor (SMTP_URL)',
} as const;

/** Per kind, whether it also goes by push and by e-mail. */
const ChannelChoiceSchema = z.object(
  {
    push: z.boolean({ error: v.avisosRequired }),
    email: z.boolean({ error: v.avisosRequired }),
  },
  { error: v.avisosRequired },
);

const kindShape = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, ChannelChoiceSchema])) as Record<
  NotificationKind,
  typeof ChannelChoiceSchema
>;

/** `HH:MM` in the company time zone, or null. */
const TimeOfDay = z.preprocess(
  blankToUndefined,
  z.string({ error: v.horaInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: v.horaInvalid }).nullable().default(null),
);

/** `PUT /api/notifications/preferences`: the caller's own choices. */
export const NotificationPreferencesRequestSchema = z
  .object({
    /** Where e-mail goes; blank clears it (then nothing goes by e-mail). */
    correo: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z.preprocess(
        blankToUndefined,
        z.email({ error: v.correoInvalid }).max(254, { error: textTooLongMax(254) }).nullable().default(null),
      ),
    ),
    avisos: z.object(kindShape, { error: v.avisosRequired }),
    /** Quiet hours in the company time zone: push and e-mail wait for nothing and are skipped. */
    silencio_desde: TimeOfDay,
    silencio_hasta: TimeOfDay,
  })
  .refine((p) => (p.silencio_desde === null) === (p.silencio_hasta === null), {
    error: v.silencioBoth,
    path: ['silencio_hasta'],
  })
  .refine((p) => p.silencio_desde === null || p.silencio_desde !== p.silencio_hasta, {
    error: v.silencioSame,
    path: ['silencio_hasta'],
  });
export type NotificationPreferencesRequest = z.infer<typeof NotificationPreferencesRequestSchema>;
export type NotificationPreferencesRequestInput = z.input<typeof NotificationPreferencesRequestSchema>;

export const NotificationPreferencesResponseSchema = z.object({
  correo: z.string().nullable(),
  avisos: z.object(kindShape),
  silencio_desde: z.string().nullable(),
  silencio_hasta: z.string().nullable(),
  /** Which optional channels the server can send through now (push needs Firebase, e-mail SMTP). */
  canales_servidor: z.object({ push: z.boolean(), email: z.boolean() }),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponseSchema>;

/** What a person gets before changing anything: everything by push; e-mail only for the supervisors' kinds. */
export const DEFAULT_NOTIFICATION_CHOICES: Record<NotificationKind, { push: boolean; email: boolean }> = {
  mensaje: { push: true, email: false },
  asignacion: { push: true, email: false },
  vence_manana: { push: true, email: false },
  vence_hoy: { push: true, email: false },
  vencida: { push: true, email: false },
  escalada: { push: true, email: true },
  resumen: { push: false, email: true },
  solicitud: { push: true, email: false },
  cronometro: { push: true, email: false },
};

/** `GET /api/notifications/deliveries`: the delivery log, newest first. */
export const DeliveryListQuerySchema = PageQuerySchema.extend({
  canal: z.preprocess(blankToUndefined, z.enum(OPTIONAL_CHANNELS, { error: v.canalInvalid }).optional()),
  estado: z.preprocess(blankToUndefined, z.enum(DELIVERY_STATES, { error: v.estadoEntregaInvalid }).optional()),
  usuario_uuid: queryUuid(),
  desde: optionalDate(),
  hasta: optionalDate(),
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuerySchema>;

export const DeliveryResponseSchema = z.object({
  uuid: UuidSchema,
  notificacion_uuid: UuidSchema,
  tipo: z.enum(NOTIFICATION_TYPES),
  titulo: z.string(),
  canal: z.enum(OPTIONAL_CHANNELS),
  estado: z.enum(DELIVERY_STATES),
  motivo: z.string().nullable(),
  /** The address an e-mail goes to (as of its last try); null for push and for a skipped e-mail. */
  destino: z.string().nullable(),
  intentos: z.number().int().nonnegative(),
  proximo_intento: IsoDateTimeSchema.nullable(),
  fecha_creacion: IsoDateTimeSchema,
  fecha_actualizacion: IsoDateTimeSchema,
  usuario: z.object({ uuid: UuidSchema, nombre: z.string(), apellido: z.string(), username: z.string() }),
});
export type DeliveryResponse = z.infer<typeof DeliveryResponseSchema>;

export const DeliveryListResponseSchema = pagedResponseSchema(DeliveryResponseSchema).extend({
  canales_servidor: z.object({ push: z.boolean(), email: z.boolean() }),
});
export type DeliveryListResponse = z.infer<typeof DeliveryListResponseSchema>;

/** `POST /api/notifications/test`: the caller sends themselves a test on one channel. */
export const TestNotificationRequestSchema = z.object({
  canal: z.enum(DELIVERY_CHANNELS, { error: v.canalInvalid }),
});
export type TestNotificationRequest = z.infer<typeof TestNotificationRequestSchema>;

/** The test's outcome on that channel (`app` is always `enviada`: the inbox row is the delivery). */
export const TestNotificationResponseSchema = z.object({
  canal: z.enum(DELIVERY_CHANNELS),
  estado: z.enum(DELIVERY_STATES),
  motivo: z.string().nullable(),
});
export type TestNotificationResponse = z.infer<typeof TestNotificationResponseSchema>;
