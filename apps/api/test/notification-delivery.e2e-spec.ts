import { Client } from 'pg';
import { SERVER_EVENTS } from '@gestar/contracts';
import { EventsService } from '../src/modules/events/events.service';
import { NotificationDelivery } from '../src/modules/notifications/notification-delivery.service';
import { PUSH_PORT, type PushMessage, type PushPort } from '../src/modules/notifications/push.port';
import { urlForDatabase } from './setup/db';
import { createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * The notification delivery against the real database: each inbox row is
 * committed (visible from another connection) before its live event goes out,
 * and the push comes last, to the devices stored for the recipients; tokens the
 * push service rejects are deleted. Only the push service itself is replaced
 * (there is no Firebase here).
 */
describe('notification delivery on the real database', () => {
  let t: TestApp;
  let observer: Client;
  let operario: string;
  let supervisor: string;

  beforeAll(async () => {
    t = await createTestApp();
    observer = new Client({ connectionString: urlForDatabase(t.dbName) });
    await observer.connect();
    operario = await userUuid(t, 'operario');
    supervisor = await userUuid(t, 'supervisor');
    await t.ds.query(`INSERT INTO dispositivos (usuario_uuid, token) VALUES ($1, 'tok-operario'), ($1, 'tok-muerto'), ($2, 'tok-supervisor')`, [
      operario,
      supervisor,
    ]);
  }, 60_000);

  afterAll(async () => {
    await observer?.end();
    await t?.close();
  });

  it('stores first, then announces each recipient, then pushes to their devices', async () => {
    const log: string[] = [];
    const events = t.app.get(EventsService);
    const publish = events.publish.bind(events);
    jest.spyOn(events, 'publish').mockImplementation(async (e) => {
      const data = e.data as { uuid: string };
      // Seen from another connection: committed, not only written in an open transaction.
      const { rows } = await observer.query(`SELECT usuario_uuid, titulo FROM notificaciones WHERE uuid = $1`, [data.uuid]);
      log.push(`publish:${rows.length === 1 ? 'stored' : 'missing'}:${e.type}:${e.audience.userUuids?.join(',')}`);
      return publish(e);
    });
    const push = t.app.get<PushPort>(PUSH_PORT);
    const pushed: { tokens: readonly string[]; message: PushMessage }[] = [];
    jest.replaceProperty(push as { enabled: boolean }, 'enabled', true);
    jest.spyOn(push, 'sendToTokens').mockImplementation(async (tokens, message) => {
      log.push('push');
      pushed.push({ tokens, message });
      return { successCount: tokens.length - 1, invalidTokens: ['tok-muerto'] };
    });

    const delivery = t.app.get(NotificationDelivery);
    const result = await delivery.deliver([operario, supervisor, operario], { titulo: 'Corte de luz', mensaje: 'Mañana a las 8', enviadoPor: null });

    expect(result).toEqual({ destinatarios: 2, push_enviadas: 2 });
    expect(log.slice(0, 2).sort()).toEqual(
      [`publish:stored:${SERVER_EVENTS.notification}:${operario}`, `publish:stored:${SERVER_EVENTS.notification}:${supervisor}`].sort(),
    );
    expect(log[2]).toBe('push');
    expect([...pushed[0]!.tokens].sort()).toEqual(['tok-muerto', 'tok-operario', 'tok-supervisor']);
    expect(pushed[0]!.message).toEqual({ titulo: 'Corte de luz', mensaje: 'Mañana a las 8', data: { tipo: 'notificacion' } });

    const { rows } = await observer.query(
      `SELECT usuario_uuid, titulo, mensaje, leida FROM notificaciones WHERE titulo = 'Corte de luz' ORDER BY usuario_uuid`,
    );
    expect(rows).toEqual(
      [operario, supervisor].sort().map((u) => ({ usuario_uuid: u, titulo: 'Corte de luz', mensaje: 'Mañana a las 8', leida: false })),
    );
    const { rows: devices } = await observer.query(`SELECT token FROM dispositivos ORDER BY token`);
    expect(devices.map((d: { token: string }) => d.token)).toEqual(['tok-operario', 'tok-supervisor']);
  });

  it('keeps the stored notification when the push service fails', async () => {
    const push = t.app.get<PushPort>(PUSH_PORT);
    jest.replaceProperty(push as { enabled: boolean }, 'enabled', true);
    jest.spyOn(push, 'sendToTokens').mockRejectedValue(new Error('FCM caído'));
    const result = await t.app.get(NotificationDelivery).deliver([operario], { titulo: 'Sin push', mensaje: 'Igual llega', enviadoPor: null });
    expect(result).toEqual({ destinatarios: 1, push_enviadas: 0 });
    const { rows } = await observer.query(`SELECT count(*)::int AS c FROM notificaciones WHERE titulo = 'Sin push'`);
    expect(rows[0].c).toBe(1);
  });
});
