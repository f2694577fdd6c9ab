import { Injectable } from '@nestjs/common';
import type { DeliveryState, NotificationKind, NotificationType, OptionalChannel } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Column, Columns, Holding } from '../../database/rows';
import { paginate, PageRequest, Sql, sql } from '../../database/sql';

/** One person's stored choices (no row: the defaults). */
export type PreferencesRow = Columns<'preferencias_notificacion', 'usuario_uuid' | 'correo'> & {
  push: Holding<Column<'preferencias_notificacion', 'push'>, NotificationKind[]>;
  email: Holding<Column<'preferencias_notificacion', 'email'>, NotificationKind[]>;
  /** `HH:MM` in the company time zone. */
  silencio_desde: Column<'preferencias_notificacion', 'silencio_desde'>;
  silencio_hasta: Column<'preferencias_notificacion', 'silencio_hasta'>;
};

/** A delivery to log: one channel of one notification for its recipient. */
export interface DeliveryInsert {
  notificacionUuid: string;
  usuarioUuid: string;
  canal: OptionalChannel;
  estado: DeliveryState;
  motivo: string | null;
  /** The e-mail address it goes to (e-mail only). */
  destino: string | null;
  /** Set for an e-mail still to be sent: when. */
  proximoIntento: Date | null;
  intentos: number;
}

export type DeliveryRow = Columns<
  'entregas_notificacion',
  | 'uuid'
  | 'notificacion_uuid'
  | 'canal'
  | 'estado'
  | 'motivo'
  | 'destino'
  | 'intentos'
  | 'proximo_intento'
  | 'fecha_creacion'
  | 'fecha_actualizacion'
  | 'usuario_uuid'
> &
  Columns<'notificaciones', 'tipo' | 'titulo'> &
  Columns<'usuarios', 'nombre' | 'apellido' | 'username'> & {
    /** CHECK constraints in the schema: narrowed here. */
    tipo: NotificationType;
    canal: OptionalChannel;
    estado: DeliveryState;
  };

/** An e-mail this process claimed to send now. */
export type ClaimedMail = Columns<'entregas_notificacion', 'uuid' | 'intentos'> &
  Columns<'notificaciones', 'titulo' | 'mensaje' | 'tarea_asignada_uuid'> & {
    /** The person's address now (null: they removed it since). */
    destino: Column<'preferencias_notificacion', 'correo'>;
  };

export interface DeliveryWhere {
  canal?: OptionalChannel;
  estado?: DeliveryState;
  usuarioUuid?: string;
  from?: Date;
  to?: Date;
}

const PREFERENCE_COLUMNS = sql`usuario_uuid, correo, push, email,
  to_char(silencio_desde, 'HH24:MI') AS silencio_desde, to_char(silencio_hasta, 'HH24:MI') AS silencio_hasta`;

/** An e-mail being sent for longer than this is taken as lost (its process died) and tried again. */
const SENDING_LEASE = sql`interval '10 minutes'`;

/**
 * The only writer of `preferencias_notificacion` and `entregas_notificacion`. E-mails are sent
 * from the log: each is claimed (FOR UPDATE SKIP LOCKED) by one process at a time.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly db: Db) {}

  preferencesOf(usuarioUuids: readonly string[]): Promise<PreferencesRow[]> {
    if (!usuarioUuids.length) return Promise.resolve([]);
    return this.db.query(
      sql`SELECT ${PREFERENCE_COLUMNS} FROM preferencias_notificacion WHERE usuario_uuid = ANY(${usuarioUuids}::uuid[])`,
    );
  }

  savePreferences(p: PreferencesRow): Promise<PreferencesRow | null> {
    return this.db.one(sql`
      INSERT INTO preferencias_notificacion (usuario_uuid, correo, push, email, silencio_desde, silencio_hasta)
      VALUES (${p.usuario_uuid}, ${p.correo}, ${p.push}::text[], ${p.email}::text[], ${p.silencio_desde}::time, ${p.silencio_hasta}::time)
      ON CONFLICT (usuario_uuid) DO UPDATE SET correo = EXCLUDED.correo, push = EXCLUDED.push, email = EXCLUDED.email,
        silencio_desde = EXCLUDED.silencio_desde, silencio_hasta = EXCLUDED.silencio_hasta, updated_at = now()
      RETURNING ${PREFERENCE_COLUMNS}`);
  }

  /** Sets a person's e-mail address, keeping (or, for a first row, defaulting) the rest of its choices. */
  async setAddress(p: PreferencesRow): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO preferencias_notificacion (usuario_uuid, correo, push, email, silencio_desde, silencio_hasta)
      VALUES (${p.usuario_uuid}, ${p.correo}, ${p.push}::text[], ${p.email}::text[], ${p.silencio_desde}::time, ${p.silencio_hasta}::time)
      ON CONFLICT (usuario_uuid) DO UPDATE SET correo = EXCLUDED.correo, updated_at = now()
        WHERE preferencias_notificacion.correo IS DISTINCT FROM EXCLUDED.correo`);
  }

  /** Every delivery in one statement; answers the uuids in input order. */
  async insertMany(items: readonly DeliveryInsert[]): Promise<string[]> {
    if (!items.length) return [];
    const rows = await this.db.query<{ uuid: string }>(sql`
      INSERT INTO entregas_notificacion (notificacion_uuid, usuario_uuid, canal, estado, motivo, destino, proximo_intento, intentos)
      SELECT d.notificacion_uuid, d.usuario_uuid, d.canal, d.estado, d.motivo, d.destino, d.proximo_intento, d.intentos
        FROM unnest(${items.map((i) => i.notificacionUuid)}::uuid[], ${items.map((i) => i.usuarioUuid)}::uuid[],
                    ${items.map((i) => i.canal)}::text[], ${items.map((i) => i.estado)}::text[], ${items.map((i) => i.motivo)}::text[],
                    ${items.map((i) => i.destino)}::text[], ${items.map((i) => i.proximoIntento)}::timestamptz[],
                    ${items.map((i) => i.intentos)}::int[])
             WITH ORDINALITY AS d(notificacion_uuid, usuario_uuid, canal, estado, motivo, destino, proximo_intento, intentos, n)
       ORDER BY d.n
      RETURNING uuid`);
    return rows.map((r) => r.uuid);
  }

  /**
   * Up to `limit` e-mails due by `now`, claimed for this process: pending, failed with a next
   * try that has come, or left `enviando` by a process that died. Each goes to its recipient's
   * address as it is now (a retry after a refusal goes to the corrected address), recorded as
   * its destination.
   */
  claimMail(now: Date, limit: number): Promise<ClaimedMail[]> {
    return this.db.query(sql`
      WITH due AS (
        SELECT e.uuid FROM entregas_notificacion e
         WHERE e.canal = 'email' AND e.proximo_intento IS NOT NULL AND e.proximo_intento <= ${now}
           AND (e.estado IN ('pendiente', 'fallida') OR (e.estado = 'enviando' AND e.fecha_actualizacion < ${now}::timestamptz - ${SENDING_LEASE}))
         ORDER BY e.proximo_intento
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE entregas_notificacion e
           SET estado = 'enviando', intentos = e.intentos + 1, fecha_actualizacion = ${now},
               destino = (SELECT p.correo FROM preferencias_notificacion p WHERE p.usuario_uuid = e.usuario_uuid)
          FROM due WHERE e.uuid = due.uuid
        RETURNING e.uuid, e.destino, e.intentos, e.notificacion_uuid
      )
      SELECT c.uuid, c.destino, c.intentos, n.titulo, n.mensaje, n.tarea_asignada_uuid
        FROM claimed c JOIN notificaciones n ON n.uuid = c.notificacion_uuid`);
  }

  /** The outcome of a claimed e-mail: sent, or failed with the reason and (if any) the next try. */
  async settleMail(uuid: string, outcome: { estado: 'enviada' | 'fallida' | 'omitida'; motivo: string | null; proximoIntento: Date | null }): Promise<void> {
    await this.db.execute(sql`
      UPDATE entregas_notificacion
         SET estado = ${outcome.estado}, motivo = ${outcome.motivo}, proximo_intento = ${outcome.proximoIntento}, fecha_actualizacion = now()
       WHERE uuid = ${uuid}`);
  }

  /** One delivery as the log shows it. */
  async find(uuid: string): Promise<DeliveryRow | null> {
    const rows = await this.db.query<DeliveryRow>(sql`${this.select()} WHERE e.uuid = ${uuid}`);
    return rows[0] ?? null;
  }

  async page(w: DeliveryWhere, q: PageRequest): Promise<{ rows: DeliveryRow[]; total: number }> {
    const conditions: Sql[] = [];
    if (w.canal) conditions.push(sql`e.canal = ${w.canal}`);
    if (w.estado) conditions.push(sql`e.estado = ${w.estado}`);
    if (w.usuarioUuid) conditions.push(sql`e.usuario_uuid = ${w.usuarioUuid}`);
    if (w.from) conditions.push(sql`e.fecha_creacion >= ${w.from}`);
    if (w.to) conditions.push(sql`e.fecha_creacion < ${w.to}`);
    const where = sql.where(conditions);
    const count = await this.db.one<{ total: number }>(sql`SELECT count(*)::int AS total FROM entregas_notificacion e ${where}`);
    const rows = await this.db.query<DeliveryRow>(
      sql`${this.select()} ${where} ORDER BY e.fecha_creacion DESC, e.uuid DESC ${paginate(q)}`,
    );
    return { rows, total: count?.total ?? 0 };
  }

  private select(): Sql {
    return sql`
      SELECT e.uuid, e.notificacion_uuid, n.tipo, n.titulo, e.canal, e.estado, e.motivo, e.destino, e.intentos, e.proximo_intento,
             e.fecha_creacion, e.fecha_actualizacion, u.uuid AS usuario_uuid, u.nombre, u.apellido, u.username
        FROM entregas_notificacion e
        JOIN notificaciones n ON n.uuid = e.notificacion_uuid
        JOIN usuarios u ON u.uuid = e.usuario_uuid`;
  }
}
