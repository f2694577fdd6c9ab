import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, issuesOf, U1 } from '../__tests__/helpers';
import {
  NotificationListQuerySchema,
  NotificationResponseSchema,
  RegisterDeviceRequestSchema,
  SendMassNotificationRequestSchema,
  SendNotificationRequestSchema,
} from './notifications.schemas';
import { EventsQuerySchema } from '../events/events.schemas';

const v = MESSAGES.validation;

describeSchema(
  'SendNotificationRequestSchema',
  SendNotificationRequestSchema,
  [{ name: 'a message to a user', input: { usuario_uuid: U1, titulo: 'Aviso', mensaje: 'Reunión a las 10' } }],
  [
    { name: 'no user', input: { titulo: 'Aviso', mensaje: 'x' }, path: 'usuario_uuid', message: v.selectUser },
    {
      name: 'a cleared user',
      input: { usuario_uuid: '', titulo: 'Aviso', mensaje: 'x' },
      path: 'usuario_uuid',
      message: v.selectUser,
    },
    {
      name: 'no title',
      input: { usuario_uuid: U1, mensaje: 'x' },
      path: 'titulo',
      message: v.tituloNotificationRequired,
    },
    {
      name: 'blank title',
      input: { usuario_uuid: U1, titulo: ' ', mensaje: 'x' },
      path: 'titulo',
      message: v.tituloNotificationRequired,
    },
    { name: 'no message', input: { usuario_uuid: U1, titulo: 'Aviso' }, path: 'mensaje', message: v.mensajeRequired },
    {
      name: 'message too long',
      input: { usuario_uuid: U1, titulo: 'Aviso', mensaje: 'x'.repeat(2001) },
      path: 'mensaje',
      message: textTooLongMax(2000),
    },
  ],
);

describeSchema(
  'SendMassNotificationRequestSchema',
  SendMassNotificationRequestSchema,
  [{ name: 'a message to everyone', input: { titulo: 'Aviso', mensaje: 'Cierre a las 18' } }],
  [
    { name: 'no title', input: { mensaje: 'x' }, path: 'titulo', message: v.allFieldsRequired },
    { name: 'empty message', input: { titulo: 'Aviso', mensaje: '' }, path: 'mensaje', message: v.allFieldsRequired },
    {
      name: 'title too long',
      input: { titulo: 'x'.repeat(201), mensaje: 'x' },
      path: 'titulo',
      message: textTooLongMax(200),
    },
  ],
);

describeSchema(
  'RegisterDeviceRequestSchema',
  RegisterDeviceRequestSchema,
  [{ name: 'a web device', input: { token: 'fcm-token', usuario_uuid: U1, plataforma: 'web' } }],
  [
    { name: 'no token', input: { usuario_uuid: U1, plataforma: 'web' }, path: 'token', message: v.deviceTokenRequired },
    { name: 'no user', input: { token: 't', plataforma: 'web' }, path: 'usuario_uuid', message: v.usuarioRequired },
    {
      name: 'another platform',
      input: { token: 't', usuario_uuid: U1, plataforma: 'android' },
      path: 'plataforma',
      message: v.plataformaWeb,
    },
    { name: 'no platform', input: { token: 't', usuario_uuid: U1 }, path: 'plataforma', message: v.plataformaWeb },
  ],
);

describeSchema(
  'NotificationListQuerySchema',
  NotificationListQuerySchema,
  [
    { name: 'nothing', input: {} },
    { name: 'unread only', input: { leida: 'false' } },
  ],
  [
    { name: 'limit 1000', input: { limit: '1000' }, path: 'limit', message: v.invalidLimit },
    { name: 'leida not boolean', input: { leida: 'x' }, path: 'leida', message: v.invalidBoolean },
  ],
);

describe('notification responses and events', () => {
  it('parses an inbox item', () => {
    expect(
      issuesOf(NotificationResponseSchema, {
        uuid: U1,
        titulo: 'Aviso',
        mensaje: 'x',
        leida: false,
        fecha_creacion: '2030-01-01T10:00:00.000Z',
        tarea_asignada_uuid: null,
      }),
    ).toEqual([]);
    // About a task: its uuid, so a click opens it.
    expect(
      issuesOf(NotificationResponseSchema, {
        uuid: U1,
        titulo: 'Nueva tarea asignada',
        mensaje: 'x',
        leida: false,
        fecha_creacion: '2030-01-01T10:00:00.000Z',
        tarea_asignada_uuid: U1,
      }),
    ).toEqual([]);
  });
  it('accepts the SSE ticket in the query', () => {
    expect(EventsQuerySchema.parse({ ticket: 'abc' })).toEqual({ ticket: 'abc' });
    expect(EventsQuerySchema.parse({})).toEqual({});
  });
});
