import { defineRoute } from '../common/route';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  MarkAllReadResponseSchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  NotificationResponseSchema,
  RegisterDeviceRequestSchema,
  SendMassNotificationRequestSchema,
  SendNotificationRequestSchema,
  SendNotificationResponseSchema,
  UnreadCountResponseSchema,
} from './notifications.schemas';

export const NOTIFICATIONS_ROUTES = {
  registerDevice: defineRoute({
    method: 'POST',
    path: '/api/notifications/register-device',
    access: 'authenticated',
    body: RegisterDeviceRequestSchema,
    response: OkResponseSchema,
    status: 201,
    summary:
      'Registra (o renueva) el token FCM del navegador. Regla en el servicio: usuario_uuid debe ser quien llama (si no 403).',
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/notifications/send',
    access: { anyOf: ['send:notifications'] },
    body: SendNotificationRequestSchema,
    response: SendNotificationResponseSchema,
    status: 201,
    summary: 'Envía a un usuario: bandeja, evento en vivo y push si Firebase está configurado.',
  }),
  sendMass: defineRoute({
    method: 'POST',
    path: '/api/notifications/send-mass',
    access: { anyOf: ['send:notifications'] },
    body: SendMassNotificationRequestSchema,
    response: SendNotificationResponseSchema,
    status: 201,
    summary: 'Envía a todos los usuarios activos del alcance de quien llama (todas las áreas con read:all:areas).',
  }),
  inbox: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    access: 'authenticated',
    query: NotificationListQuerySchema,
    response: NotificationListResponseSchema,
    status: 200,
    summary: 'Bandeja propia paginada, de la más reciente a la más antigua.',
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/api/notifications/unread-count',
    access: 'authenticated',
    response: UnreadCountResponseSchema,
    status: 200,
    summary: 'Cantidad de notificaciones propias no leídas.',
  }),
  markAllRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    access: 'authenticated',
    response: MarkAllReadResponseSchema,
    status: 200,
    summary: 'Marca como leídas todas las notificaciones propias.',
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/read',
    access: 'authenticated',
    params: UuidParamSchema,
    response: NotificationResponseSchema,
    status: 200,
    summary: 'Marca como leída una notificación propia (ajena: 404).',
  }),
} as const;
