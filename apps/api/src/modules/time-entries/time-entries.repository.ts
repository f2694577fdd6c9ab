import { Injectable } from '@nestjs/common';
import type { AutoPauseReason, StatusCategory, TimeEntrySource } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { paginate, PageRequest, sql, Sql } from '../../database/sql';

/** An interval with the names its response shows (see `ENTRY_COLUMNS`). */
export type TimeEntryRow = Columns<
  'intervalos_tiempo',
  | 'uuid'
  | 'tarea_asignada_uuid'
  | 'usuario_uuid'
  | 'inicio'
  | 'fin'
  | 'confirmado'
  | 'motivo'
  | 'inicio_dispositivo'
  | 'fin_dispositivo'
  | 'corregido_por_uuid'
  | 'corregido_en'
  | 'creado_en'
> & {
  /** CHECK constraints in the schema: narrowed here. */
  origen: TimeEntrySource;
  pausa_automatica: AutoPauseReason | null;
  /** bigint read as a number (float8: exact for any skew a clock can have). */
  inicio_desfase_ms: number | null;
  fin_desfase_ms: number | null;
  titulo: Column<'tareas', 'titulo'>;
  usuario_nombre: Column<'usuarios', 'nombre'>;
  usuario_apellido: Column<'usuarios', 'apellido'>;
  corregido_por_nombre: Column<'usuarios', 'nombre'> | null;
  corregido_por_apellido: Column<'usuarios', 'apellido'> | null;
};

/** What the timer checks of an occurrence: whose it is, its area, archived, its status category. */
export type TimerOccurrenceRow = Columns<'tareas_asignadas', 'uuid' | 'empleado_uuid' | 'archivada'> &
  Columns<'tareas', 'area_uuid'> & { categoria: StatusCategory };

/** An interval with its occurrence's area, locked for a correction or a confirmation. */
export type LockedEntryRow = Columns<'intervalos_tiempo', 'uuid' | 'usuario_uuid' | 'tarea_asignada_uuid' | 'inicio' | 'fin' | 'confirmado'> &
  Columns<'tareas', 'area_uuid'>;

/** The device's side of one end of an interval (both null for an event taken on the server). */
export interface DeviceClock {
  device: Date | null;
  skewMs: number | null;
}

export interface TimeEntryFilter extends PageRequest {
  usuarioUuid?: string;
  tareaAsignadaUuid?: string;
  /** Only intervals of occurrences in these areas (null: any). */
  areas: readonly string[] | null;
  desde?: string;
  hasta?: string;
  sinConfirmar?: boolean;
}

/** A running interval the forgotten-timer job looks at. */
export type RunningRow = Columns<'intervalos_tiempo', 'uuid' | 'usuario_uuid' | 'tarea_asignada_uuid' | 'inicio'>;
/** An interval paused automatically whose person was not asked yet. */
export type UnaskedRow = Columns<'intervalos_tiempo', 'uuid' | 'usuario_uuid' | 'tarea_asignada_uuid' | 'fin'> & {
  titulo: Column<'tareas', 'titulo'>;
};

const ENTRY_COLUMNS = sql`i.uuid, i.tarea_asignada_uuid, t.titulo, i.usuario_uuid, u.nombre AS usuario_nombre,
  u.apellido AS usuario_apellido, i.inicio, i.fin, i.origen, i.pausa_automatica, i.confirmado, i.motivo,
  i.inicio_dispositivo, i.inicio_desfase_ms::float8 AS inicio_desfase_ms, i.fin_dispositivo,
  i.fin_desfase_ms::float8 AS fin_desfase_ms, i.corregido_por_uuid, cu.nombre AS corregido_por_nombre,
  cu.apellido AS corregido_por_apellido, i.corregido_en, i.creado_en`;

const ENTRY_JOINS = sql`JOIN tareas_asignadas ta ON ta.uuid = i.tarea_asignada_uuid
  JOIN tareas t ON t.uuid = ta.tarea_uuid
  JOIN usuarios u ON u.uuid = i.usuario_uuid
  LEFT JOIN usuarios cu ON cu.uuid = i.corregido_por_uuid`;

/** The rows a data-modifying statement returned (`x`), with their names, in the same statement. */
function withNames(write: Sql): Sql {
  return sql`WITH x AS (${write}) SELECT ${ENTRY_COLUMNS} FROM x i ${ENTRY_JOINS}`;
}

@Injectable()
export class TimeEntriesRepository {
  constructor(private readonly db: Db) {}

  /** The occurrence as the timer checks it. */
  occurrence(uuid: string): Promise<TimerOccurrenceRow | null> {
    return this.db.one(sql`
      SELECT ta.uuid, ta.empleado_uuid, ta.archivada, t.area_uuid, e.categoria
        FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid JOIN estados e ON e.uuid = ta.estado_uuid
       WHERE ta.uuid = ${uuid}`);
  }

  /** A status's category, or null when there is no such status. */
  async statusCategory(uuid: string): Promise<StatusCategory | null> {
    const row = await this.db.one<{ categoria: StatusCategory }>(sql`SELECT categoria FROM estados WHERE uuid = ${uuid}`);
    return row?.categoria ?? null;
  }

  /**
   * Pauses the person's running timer at `at` unless it runs on `except` (the occurrence being
   * started) or started after `at`; answers the interval paused, if any.
   */
  async pauseOther(usuarioUuid: string, except: string, at: Date, clock: DeviceClock): Promise<TimeEntryRow | null> {
    const [row] = await this.db.query<TimeEntryRow>(
      withNames(sql`
        UPDATE intervalos_tiempo SET fin = ${at}, fin_dispositivo = ${clock.device}, fin_desfase_ms = ${clock.skewMs}
         WHERE usuario_uuid = ${usuarioUuid} AND fin IS NULL AND tarea_asignada_uuid <> ${except} AND inicio <= ${at}
        RETURNING *`),
    );
    return row ?? null;
  }

  /**
   * The new running interval; none when the person already has one running (the partial unique
   * index) or it would overlap one of theirs (the exclusion constraint): the database decides,
   * also between requests at the same moment.
   */
  async startOnce(usuarioUuid: string, tareaAsignadaUuid: string, at: Date, clock: DeviceClock): Promise<TimeEntryRow | null> {
    const [row] = await this.db.query<TimeEntryRow>(
      withNames(sql`
        INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, origen, inicio_dispositivo, inicio_desfase_ms, creado_por_uuid)
        VALUES (${tareaAsignadaUuid}, ${usuarioUuid}, ${at}, 'cronometro', ${clock.device}, ${clock.skewMs}, ${usuarioUuid})
        ON CONFLICT DO NOTHING
        RETURNING *`),
    );
    return row ?? null;
  }

  /** Pauses the person's timer running on that occurrence at `at` (not before its start). */
  async pause(usuarioUuid: string, tareaAsignadaUuid: string, at: Date, clock: DeviceClock): Promise<TimeEntryRow | null> {
    const [row] = await this.db.query<TimeEntryRow>(
      withNames(sql`
        UPDATE intervalos_tiempo SET fin = ${at}, fin_dispositivo = ${clock.device}, fin_desfase_ms = ${clock.skewMs}
         WHERE usuario_uuid = ${usuarioUuid} AND fin IS NULL AND tarea_asignada_uuid = ${tareaAsignadaUuid} AND inicio <= ${at}
        RETURNING *`),
    );
    return row ?? null;
  }

  /** The person's running interval (with names), if any. */
  async running(usuarioUuid: string): Promise<TimeEntryRow | null> {
    return this.db.one(sql`SELECT ${ENTRY_COLUMNS} FROM intervalos_tiempo i ${ENTRY_JOINS}
      WHERE i.usuario_uuid = ${usuarioUuid} AND i.fin IS NULL`);
  }

  /** An interval added by hand (the audit trigger records it). */
  async insertManual(e: {
    tareaAsignadaUuid: string;
    usuarioUuid: string;
    inicio: Date;
    fin: Date;
    motivo: string;
    creadoPor: string;
  }): Promise<TimeEntryRow> {
    const [row] = await this.db.query<TimeEntryRow>(
      withNames(sql`
        INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, motivo, creado_por_uuid)
        VALUES (${e.tareaAsignadaUuid}, ${e.usuarioUuid}, ${e.inicio}, ${e.fin}, 'manual', ${e.motivo}, ${e.creadoPor})
        RETURNING *`),
    );
    return row!;
  }

  /** One interval with its occurrence's area, locked until the transaction ends. */
  lock(uuid: string): Promise<LockedEntryRow | null> {
    return this.db.one(sql`
      SELECT i.uuid, i.usuario_uuid, i.tarea_asignada_uuid, i.inicio, i.fin, i.confirmado, t.area_uuid
        FROM intervalos_tiempo i JOIN tareas_asignadas ta ON ta.uuid = i.tarea_asignada_uuid JOIN tareas t ON t.uuid = ta.tarea_uuid
       WHERE i.uuid = ${uuid}
         FOR UPDATE OF i`);
  }

  /** A correction: new ends, the reason, who and when; it confirms the interval (audited by trigger). */
  async correct(uuid: string, c: { inicio: Date; fin: Date | null; motivo: string; by: string; at: Date }): Promise<TimeEntryRow> {
    const [row] = await this.db.query<TimeEntryRow>(
      withNames(sql`
        UPDATE intervalos_tiempo
           SET inicio = ${c.inicio}, fin = ${c.fin}, motivo = ${c.motivo}, corregido_por_uuid = ${c.by},
               corregido_en = ${c.at}, confirmado = true
         WHERE uuid = ${uuid}
        RETURNING *`),
    );
    return row!;
  }

  /** Confirms an interval paused automatically (audited by trigger). */
  async confirm(uuid: string): Promise<TimeEntryRow> {
    const [row] = await this.db.query<TimeEntryRow>(
      withNames(sql`UPDATE intervalos_tiempo SET confirmado = true WHERE uuid = ${uuid} RETURNING *`),
    );
    return row!;
  }

  /** One interval with names. */
  find(uuid: string): Promise<TimeEntryRow | null> {
    return this.db.one(sql`SELECT ${ENTRY_COLUMNS} FROM intervalos_tiempo i ${ENTRY_JOINS} WHERE i.uuid = ${uuid}`);
  }

  private conditions(f: TimeEntryFilter): Sql {
    const c: Sql[] = [];
    if (f.usuarioUuid) c.push(sql`i.usuario_uuid = ${f.usuarioUuid}`);
    if (f.tareaAsignadaUuid) c.push(sql`i.tarea_asignada_uuid = ${f.tareaAsignadaUuid}`);
    if (f.areas) c.push(sql`t.area_uuid = ANY(${f.areas}::uuid[])`);
    if (f.desde) c.push(sql`i.inicio >= ${f.desde}::timestamptz`);
    if (f.hasta) c.push(sql`i.inicio < ${f.hasta}::timestamptz`);
    if (f.sinConfirmar) c.push(sql`NOT i.confirmado`);
    return sql.where(c);
  }

  /** A page of intervals, newest first. */
  page(f: TimeEntryFilter): Promise<TimeEntryRow[]> {
    return this.db.query(sql`
      SELECT ${ENTRY_COLUMNS} FROM intervalos_tiempo i ${ENTRY_JOINS} ${this.conditions(f)}
       ORDER BY i.inicio DESC, i.uuid DESC ${paginate(f)}`);
  }

  /** How many intervals match and their seconds (a running one up to `now`). */
  async totals(f: TimeEntryFilter, now: Date): Promise<{ total: number; segundos: number }> {
    const row = await this.db.one<{ total: number; segundos: number }>(sql`
      SELECT count(*)::int AS total,
             coalesce(sum(floor(extract(epoch FROM (coalesce(i.fin, greatest(${now}::timestamptz, i.inicio)) - i.inicio)))), 0)::float8 AS segundos
        FROM intervalos_tiempo i JOIN tareas_asignadas ta ON ta.uuid = i.tarea_asignada_uuid JOIN tareas t ON t.uuid = ta.tarea_uuid
        ${this.conditions(f)}`);
    return row ?? { total: 0, segundos: 0 };
  }

  /** Running intervals that started before `before` (the job's candidates), oldest first, at most `limit`. */
  runningBefore(before: Date, limit: number): Promise<RunningRow[]> {
    return this.db.query(sql`
      SELECT uuid, usuario_uuid, tarea_asignada_uuid, inicio FROM intervalos_tiempo
       WHERE fin IS NULL AND inicio < ${before} ORDER BY inicio LIMIT ${limit}`);
  }

  /** Pauses each interval at its own instant, still running ones only; answers how many. */
  autoPause(items: readonly { uuid: string; fin: Date; reason: AutoPauseReason; motivo: string }[]): Promise<number> {
    if (!items.length) return Promise.resolve(0);
    return this.db.execute(sql`
      UPDATE intervalos_tiempo i
         SET fin = s.fin, origen = 'pausa_automatica', pausa_automatica = s.razon, confirmado = false, motivo = s.motivo
        FROM unnest(${items.map((x) => x.uuid)}::uuid[], ${items.map((x) => x.fin)}::timestamptz[],
                    ${items.map((x) => x.reason)}::text[], ${items.map((x) => x.motivo)}::text[]) AS s(uuid, fin, razon, motivo)
       WHERE i.uuid = s.uuid AND i.fin IS NULL AND i.inicio <= s.fin`);
  }

  /** Intervals paused automatically whose person was not asked yet, at most `limit`. */
  unasked(limit: number): Promise<UnaskedRow[]> {
    return this.db.query(sql`
      SELECT i.uuid, i.usuario_uuid, i.tarea_asignada_uuid, i.fin, t.titulo
        FROM intervalos_tiempo i JOIN tareas_asignadas ta ON ta.uuid = i.tarea_asignada_uuid JOIN tareas t ON t.uuid = ta.tarea_uuid
       WHERE NOT i.confirmado AND i.avisado_en IS NULL AND i.fin IS NOT NULL
       ORDER BY i.fin LIMIT ${limit}`);
  }

  /** Claims the asking of these intervals (once, whatever the processes); answers those claimed. */
  async claimAsked(uuids: readonly string[], at: Date): Promise<string[]> {
    if (!uuids.length) return [];
    const rows = await this.db.query<{ uuid: string }>(sql`
      UPDATE intervalos_tiempo SET avisado_en = ${at}
       WHERE uuid = ANY(${uuids}::uuid[]) AND avisado_en IS NULL AND NOT confirmado RETURNING uuid`);
    return rows.map((r) => r.uuid);
  }
}
