import { Inject, Injectable } from '@nestjs/common';
import {
  addDaysToCalendarDate,
  calendarDateIn,
  companyMidnight,
  DeliveryListQuery,
  DeliveryListResponse,
  DeliveryResponse,
  NOTIFICATION_KINDS,
  NotificationKind,
  NotificationPreferencesRequest,
  NotificationPreferencesResponse,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { pageMeta } from '../../database/sql';
import { DeliveriesRepository, DeliveryRow, PreferencesRow } from './deliveries.repository';
import { NotificationDelivery, preferencesOrDefault } from './notification-delivery.service';

/** Each person's channels and quiet hours (preferences), and the administrators' delivery log. */
@Injectable()
export class NotificationChannelsService {
  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly delivery: NotificationDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(usuarioUuid: string): Promise<NotificationPreferencesResponse> {
    const [row] = await this.deliveries.preferencesOf([usuarioUuid]);
    return this.toResponse(preferencesOrDefault(usuarioUuid, row));
  }

  async save(usuarioUuid: string, body: NotificationPreferencesRequest): Promise<NotificationPreferencesResponse> {
    const chosen = (channel: 'push' | 'email'): NotificationKind[] => NOTIFICATION_KINDS.filter((k) => body.avisos[k][channel]);
    const row = await this.deliveries.savePreferences({
      usuario_uuid: usuarioUuid,
      correo: body.correo,
      push: chosen('push'),
      email: chosen('email'),
      silencio_desde: body.silencio_desde,
      silencio_hasta: body.silencio_hasta,
    });
    return this.toResponse(row!);
  }

  /** The address the company directory gives a person at each sign-in (it replaces the one kept). */
  async setDirectoryAddress(usuarioUuid: string, correo: string): Promise<void> {
    await this.deliveries.setAddress({ ...preferencesOrDefault(usuarioUuid, null), correo: correo.slice(0, 254) });
  }

  async list(q: DeliveryListQuery): Promise<DeliveryListResponse> {
    const tz = this.config.timezone;
    const { rows, total } = await this.deliveries.page(
      {
        canal: q.canal,
        estado: q.estado,
        usuarioUuid: q.usuario_uuid,
        from: q.desde ? companyMidnight(calendarDateIn(q.desde, tz), tz) : undefined,
        to: q.hasta ? companyMidnight(addDaysToCalendarDate(calendarDateIn(q.hasta, tz), 1), tz) : undefined,
      },
      q,
    );
    return { data: rows.map(toDeliveryResponse), meta: pageMeta(q, total), canales_servidor: this.delivery.serverChannels };
  }

  private toResponse(p: PreferencesRow): NotificationPreferencesResponse {
    const push = new Set<string>(p.push);
    const email = new Set<string>(p.email);
    return {
      correo: p.correo,
      avisos: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { push: push.has(k), email: email.has(k) }])) as NotificationPreferencesResponse['avisos'],
      silencio_desde: p.silencio_desde,
      silencio_hasta: p.silencio_hasta,
      canales_servidor: this.delivery.serverChannels,
    };
  }
}

function toDeliveryResponse(r: DeliveryRow): DeliveryResponse {
  return {
    uuid: r.uuid,
    notificacion_uuid: r.notificacion_uuid,
    tipo: r.tipo,
    titulo: r.titulo,
    canal: r.canal,
    estado: r.estado,
    motivo: r.motivo,
    destino: r.destino,
    intentos: r.intentos,
    proximo_intento: r.proximo_intento ? new Date(r.proximo_intento).toISOString() : null,
    fecha_creacion: new Date(r.fecha_creacion).toISOString(),
    fecha_actualizacion: new Date(r.fecha_actualizacion).toISOString(),
    usuario: { uuid: r.usuario_uuid, nombre: r.nombre, apellido: r.apellido, username: r.username },
  };
}
