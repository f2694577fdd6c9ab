import { z } from 'zod';
import { MESSAGES } from '../messages';
import { DEVICE_PLATFORM, TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { booleanInput, requiredText, requiredUuid } from '../common/fields';

const v = MESSAGES.validation;

/** `POST /api/notifications/register-device`: `usuario_uuid` must be the caller. */
export const RegisterDeviceRequestSchema = z.object({
  token: requiredText(v.deviceTokenRequired, TEXT_LIMITS.token),
  usuario_uuid: requiredUuid(v.usuarioRequired),
  plataforma: z.literal(DEVICE_PLATFORM, { error: v.plataformaWeb }),
});
export type RegisterDeviceRequest = z.infer<typeof RegisterDeviceRequestSchema>;

export const SendNotificationRequestSchema = z.object({
  usuario_uuid: requiredUuid(v.selectUser),
  titulo: requiredText(v.tituloNotificationRequired, TEXT_LIMITS.title),
  mensaje: requiredText(v.mensajeRequired, TEXT_LIMITS.notificationMessage),
});
export type SendNotificationRequest = z.infer<typeof SendNotificationRequestSchema>;

/** Mass send: SPEC.md section 5 answers a missing title or message with one text. */
export const SendMassNotificationRequestSchema = z.object({
  titulo: requiredText(v.allFieldsRequired, TEXT_LIMITS.title),
  mensaje: requiredText(v.allFieldsRequired, TEXT_LIMITS.notificationMessage),
});
export type SendMassNotificationRequest = z.infer<typeof SendMassNotificationRequestSchema>;

/**
 * Answer of a send: `destinatarios` users got it in their inbox (and live, when
 * connected); `push_enviadas` the people push reached (at least one of their devices took it; 0 without
 * Firebase).
 */
export const SendNotificationResponseSchema = z.object({
  ok: z.literal(true),
  destinatarios: z.number().int().nonnegative(),
  push_enviadas: z.number().int().nonnegative(),
});
export type SendNotificationResponse = z.infer<typeof SendNotificationResponseSchema>;

/** `GET /api/notifications/send-mass/recipients`: how many people a mass send reaches now. */
export const MassRecipientsResponseSchema = z.object({ destinatarios: z.number().int().nonnegative() });
export type MassRecipientsResponse = z.infer<typeof MassRecipientsResponseSchema>;

/** One notification of the caller's in-app inbox (also the live event payload). */
export const NotificationResponseSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  mensaje: z.string(),
  leida: z.boolean(),
  fecha_creacion: IsoDateTimeSchema,
  /** The assigned task it is about (a click opens it), or null. */
  tarea_asignada_uuid: UuidSchema.nullable(),
});
export type NotificationResponse = z.infer<typeof NotificationResponseSchema>;

/** `GET /api/notifications`: own inbox, newest first; `leida=false` only unread. */
export const NotificationListQuerySchema = PageQuerySchema.extend({ leida: booleanInput() });
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListResponseSchema = pagedResponseSchema(NotificationResponseSchema);
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

export const UnreadCountResponseSchema = z.object({ no_leidas: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponseSchema>;

export const MarkAllReadResponseSchema = z.object({
  ok: z.literal(true),
  actualizadas: z.number().int().nonnegative(),
});
export type MarkAllReadResponse = z.infer<typeof MarkAllReadResponseSchema>;
