import {
  DEFAULT_NOTIFICATION_CHOICES,
  DeliveryListQuerySchema,
  NOTIFICATION_KINDS,
  NotificationPreferencesRequestSchema,
  TestNotificationRequestSchema,
} from './notification-channels.schemas';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;
const avisos = DEFAULT_NOTIFICATION_CHOICES;
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('notification preferences', () => {
  it('accepts the defaults, trims the address and turns blanks into null', () => {
    expect(
      NotificationPreferencesRequestSchema.parse({ correo: '  ana@taller.com.ar ', avisos, silencio_desde: '', silencio_hasta: null }),
    ).toEqual({ correo: 'ana@taller.com.ar', avisos, silencio_desde: null, silencio_hasta: null });
    expect(NotificationPreferencesRequestSchema.parse({ correo: '', avisos }).correo).toBeNull();
  });

  it('accepts quiet hours across midnight', () => {
    const p = NotificationPreferencesRequestSchema.parse({ correo: null, avisos, silencio_desde: '22:00', silencio_hasta: '06:30' });
    expect([p.silencio_desde, p.silencio_hasta]).toEqual(['22:00', '06:30']);
  });

  it.each([
    [{ correo: 'no-es-correo', avisos }, v.correoInvalid],
    [{ correo: null, avisos, silencio_desde: '25:00', silencio_hasta: '06:00' }, v.horaInvalid],
    [{ correo: null, avisos, silencio_desde: '22:00' }, v.silencioBoth],
    [{ correo: null, avisos, silencio_desde: '22:00', silencio_hasta: '22:00' }, v.silencioSame],
    [{ correo: null }, v.avisosRequired],
    [{ correo: null, avisos: { ...avisos, vencida: { push: 'sí', email: false } } }, v.avisosRequired],
    [{ correo: null, avisos: { ...avisos, vencida: undefined } }, v.avisosRequired],
  ])('refuses %j with a Spanish message', (body, message) => {
    expect(messages(NotificationPreferencesRequestSchema.safeParse(body))).toContain(message);
  });

  it('needs every kind', () => {
    const { resumen: _omitted, ...rest } = avisos;
    expect(NotificationPreferencesRequestSchema.safeParse({ correo: null, avisos: rest }).success).toBe(false);
    expect(Object.keys(avisos)).toEqual([...NOTIFICATION_KINDS]);
  });
});

describe('delivery log query and test send', () => {
  it('filters by channel and state; refuses unknown ones in Spanish', () => {
    expect(DeliveryListQuerySchema.parse({ canal: 'email', estado: 'fallida' })).toMatchObject({ canal: 'email', estado: 'fallida', page: 1 });
    expect(DeliveryListQuerySchema.parse({ canal: '' }).canal).toBeUndefined();
    expect(messages(DeliveryListQuerySchema.safeParse({ canal: 'sms' }))).toEqual([v.canalInvalid]);
    expect(messages(DeliveryListQuerySchema.safeParse({ estado: 'perdida' }))).toEqual([v.estadoEntregaInvalid]);
    expect(messages(TestNotificationRequestSchema.safeParse({ canal: 'fax' }))).toEqual([v.canalInvalid]);
    expect(TestNotificationRequestSchema.parse({ canal: 'app' })).toEqual({ canal: 'app' });
  });
});
