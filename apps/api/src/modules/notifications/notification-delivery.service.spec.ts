import type { AppConfig } from '../../config';
import type { AppEvent, EventsService } from '../events/events.service';
import type { DeliveriesRepository, DeliveryInsert } from './deliveries.repository';
import type { MailOutbox } from './mail-outbox.service';
import { NoopMailAdapter } from './mail.port';
import { clockIn, inQuietHours, NotificationDelivery } from './notification-delivery.service';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';
import type { PushMessage, PushPort, PushResult } from './push.port';

/** In-memory stand-ins that record what the delivery did, in order. */
function setup(opts: { pushEnabled?: boolean; pushResult?: PushResult; pushThrows?: boolean } = {}) {
  const log: string[] = [];
  const devices = new Map<string, string>([
    ['tok-a', 'u-a'],
    ['tok-b', 'u-b'],
    ['tok-dead', 'u-b'],
  ]);
  const rows: NotificationRow[] = [];
  const repo = {
    insertMany: (recipients: readonly string[], n: { titulo: string; mensaje: string }) => {
      log.push('insert');
      const inserted = recipients.map((r, i) => ({
        uuid: `00000000-0000-4000-8000-00000000000${i}`,
        usuario_uuid: r,
        titulo: n.titulo,
        mensaje: n.mensaje,
        leida: false,
        fecha_creacion: new Date('2030-01-01T10:00:00Z'),
        tarea_asignada_uuid: null,
        tipo: 'mensaje' as const,
      }));
      rows.push(...inserted);
      return Promise.resolve(inserted);
    },
    tokensByUser: (users: readonly string[]) =>
      Promise.resolve(
        [...devices].filter(([, u]) => users.includes(u)).map(([token, usuario_uuid]) => ({ usuario_uuid, token })),
      ),
    deleteTokens: (tokens: readonly string[]) => {
      log.push(`prune:${tokens.join(',')}`);
      for (const t of tokens) devices.delete(t);
      return Promise.resolve();
    },
  } as unknown as NotificationsRepository;
  const published: AppEvent[] = [];
  const events = {
    publish: (e: AppEvent) => {
      log.push('publish');
      published.push(e);
      return Promise.resolve();
    },
  } as unknown as EventsService;
  const pushed: { tokens: readonly string[]; message: PushMessage }[] = [];
  const push: PushPort = {
    enabled: opts.pushEnabled ?? true,
    sendToTokens: (tokens, message) => {
      log.push('push');
      pushed.push({ tokens, message });
      if (opts.pushThrows) return Promise.reject(new Error('FCM caído'));
      return Promise.resolve(opts.pushResult ?? { successCount: tokens.length, invalidTokens: [] });
    },
  };
  const logged: DeliveryInsert[] = [];
  const deliveries = {
    preferencesOf: () => Promise.resolve([]),
    insertMany: (items: DeliveryInsert[]) => {
      log.push('log');
      logged.push(...items);
      return Promise.resolve(items.map((_, i) => String(i)));
    },
  } as unknown as DeliveriesRepository;
  const outbox = { kick: () => log.push('kick') } as unknown as MailOutbox;
  const config = { timezone: 'America/Argentina/Buenos_Aires' } as AppConfig;
  return {
    delivery: new NotificationDelivery(repo, deliveries, events, outbox, push, new NoopMailAdapter(), config),
    log,
    logged,
    devices,
    rows,
    published,
    pushed,
  };
}

const n = { titulo: 'Aviso', mensaje: 'Hola', enviadoPor: null };

describe('NotificationDelivery', () => {
  it('stores first, then announces each recipient live, then pushes to their devices', async () => {
    const s = setup();
    const d = await s.delivery.deliver(['u-a', 'u-b', 'u-a'], n);
    // Both recipients reached (u-b on two devices).
    expect(d).toEqual({ destinatarios: 2, push_enviadas: 2 });
    expect(s.log).toEqual(['insert', 'publish', 'publish', 'push', 'log']);
    expect(s.logged.map((l) => [l.usuarioUuid, l.canal, l.estado])).toEqual([
      ['u-a', 'push', 'enviada'],
      ['u-b', 'push', 'enviada'],
    ]);
    expect(s.published.map((e) => [e.type, e.audience.userUuids])).toEqual([
      ['notification', ['u-a']],
      ['notification', ['u-b']],
    ]);
    expect(s.published[0].data).toEqual({
      uuid: s.rows[0].uuid,
      titulo: 'Aviso',
      mensaje: 'Hola',
      leida: false,
      fecha_creacion: '2030-01-01T10:00:00.000Z',
      tarea_asignada_uuid: null,
    });
    expect(s.pushed[0].message).toEqual({ titulo: 'Aviso', mensaje: 'Hola', data: { tipo: 'notificacion' } });
  });

  it('removes the tokens the push service reports invalid', async () => {
    const s = setup({ pushResult: { successCount: 1, invalidTokens: ['tok-dead'] } });
    const d = await s.delivery.deliver(['u-b'], n);
    expect(d.push_enviadas).toBe(1);
    expect(s.log).toContain('prune:tok-dead');
    expect([...s.devices.keys()]).toEqual(['tok-a', 'tok-b']);
  });

  it('keeps the notification when the push service fails', async () => {
    const s = setup({ pushThrows: true });
    const d = await s.delivery.deliver(['u-a'], n);
    expect(d).toEqual({ destinatarios: 1, push_enviadas: 0 });
    expect(s.rows).toHaveLength(1);
    expect(s.published).toHaveLength(1);
    expect(s.logged).toMatchObject([{ canal: 'push', estado: 'fallida', motivo: 'No se pudo enviar: FCM caído' }]);
  });

  it('does not ask a disabled push port', async () => {
    const s = setup({ pushEnabled: false });
    expect(await s.delivery.deliver(['u-a'], n)).toEqual({ destinatarios: 1, push_enviadas: 0 });
    expect(s.pushed).toHaveLength(0);
    // A channel the server does not have is not logged per notification.
    expect(s.logged).toHaveLength(0);
  });

  it('does nothing for no recipients', async () => {
    const s = setup();
    expect(await s.delivery.deliver([], n)).toEqual({ destinatarios: 0, push_enviadas: 0 });
    expect(s.log).toEqual([]);
  });

  it('tells quiet hours, also across midnight, in the company zone', () => {
    expect(inQuietHours('23:10', '22:00', '06:00')).toBe(true);
    expect(inQuietHours('05:59', '22:00', '06:00')).toBe(true);
    expect(inQuietHours('06:00', '22:00', '06:00')).toBe(false);
    expect(inQuietHours('13:00', '12:00', '14:00')).toBe(true);
    expect(inQuietHours('14:00', '12:00', '14:00')).toBe(false);
    expect(inQuietHours('13:00', null, null)).toBe(false);
    expect(clockIn('America/Argentina/Buenos_Aires', new Date('2030-01-01T01:30:00Z'))).toBe('22:30');
    expect(clockIn('Europe/Madrid', new Date('2030-07-01T22:05:00Z'))).toBe('00:05');
  });
});
