import { Injectable } from '@nestjs/common';
import type { ProblemReportState, ProblemReportStep, ProblemReportUrgency } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { paginate, PageRequest, sql, Sql } from '../../database/sql';

export type ProblemReportRow = Columns<
  'solicitudes',
  | 'uuid'
  | 'numero'
  | 'equipo_uuid'
  | 'area_uuid'
  | 'descripcion'
  | 'equipo_detenido'
  | 'motivo_rechazo'
  | 'fusionada_en_uuid'
  | 'tarea_asignada_uuid'
  | 'creado_por_uuid'
  | 'creado_en'
  | 'revisada_por_uuid'
  | 'revisada_en'
> & {
  /** CHECK constraints in the schema: narrowed here. */
  urgencia: ProblemReportUrgency;
  estado: ProblemReportState;
  equipo_codigo: Column<'equipos', 'codigo'> | null;
  equipo_nombre: Column<'equipos', 'nombre'> | null;
  equipo_estado: Column<'equipos', 'estado'> | null;
  area_nombre: Column<'areas', 'nombre'>;
  fusionada_en_numero: Column<'solicitudes', 'numero'> | null;
  creado_por_nombre: Column<'usuarios', 'nombre'>;
  creado_por_apellido: Column<'usuarios', 'apellido'>;
  revisada_por_nombre: Column<'usuarios', 'nombre'> | null;
  revisada_por_apellido: Column<'usuarios', 'apellido'> | null;
  tarea_terminada: boolean;
  fotos: number;
  foto_uuid: Column<'adjuntos', 'uuid'> | null;
};

/** The report as its lock reads it: what the triage rules look at. */
export type LockedReportRow = Columns<
  'solicitudes',
  'uuid' | 'numero' | 'equipo_uuid' | 'area_uuid' | 'equipo_detenido' | 'creado_por_uuid' | 'tarea_asignada_uuid' | 'descripcion'
> & { estado: ProblemReportState };

export type StepRow = Columns<'solicitud_historial', 'uuid' | 'detalle' | 'usuario_uuid' | 'fecha'> & {
  tipo: ProblemReportStep;
  usuario_nombre: Column<'usuarios', 'nombre'> | null;
  usuario_apellido: Column<'usuarios', 'apellido'> | null;
};

export interface ReportFilter {
  /** Null: every area. */
  areas: readonly string[] | null;
  creadoPor?: string;
  estado?: ProblemReportState;
  areaUuid?: string;
  equipo?: string;
}

const SELECT = sql`
  SELECT s.uuid, s.numero, s.equipo_uuid, e.codigo AS equipo_codigo, e.nombre AS equipo_nombre, e.estado AS equipo_estado,
         s.area_uuid, a.nombre AS area_nombre, s.descripcion, s.equipo_detenido, s.urgencia, s.estado, s.motivo_rechazo,
         s.fusionada_en_uuid, f.numero AS fusionada_en_numero, s.tarea_asignada_uuid,
         EXISTS (SELECT 1 FROM solicitud_historial h WHERE h.solicitud_uuid = s.uuid AND h.tipo = 'tarea_terminada') AS tarea_terminada,
         s.creado_por_uuid, cu.nombre AS creado_por_nombre, cu.apellido AS creado_por_apellido, s.creado_en,
         s.revisada_por_uuid, ru.nombre AS revisada_por_nombre, ru.apellido AS revisada_por_apellido, s.revisada_en,
         (SELECT count(*)::int FROM adjuntos p WHERE p.solicitud_uuid = s.uuid) AS fotos,
         (SELECT p.uuid FROM adjuntos p WHERE p.solicitud_uuid = s.uuid AND p.miniatura_clave IS NOT NULL
           ORDER BY p.creado_en, p.uuid LIMIT 1) AS foto_uuid
    FROM solicitudes s
    JOIN areas a ON a.uuid = s.area_uuid
    JOIN usuarios cu ON cu.uuid = s.creado_por_uuid
    LEFT JOIN usuarios ru ON ru.uuid = s.revisada_por_uuid
    LEFT JOIN equipos e ON e.uuid = s.equipo_uuid
    LEFT JOIN solicitudes f ON f.uuid = s.fusionada_en_uuid`;

const LOCKED = sql`uuid, numero, equipo_uuid, area_uuid, equipo_detenido, creado_por_uuid, tarea_asignada_uuid, descripcion, estado`;

/** The only writer of `solicitudes` and `solicitud_historial`. */
@Injectable()
export class ProblemReportsRepository {
  constructor(private readonly db: Db) {}

  private where(f: ReportFilter): Sql {
    return sql.where([
      f.areas === null ? sql.empty : sql`s.area_uuid = ANY(${f.areas}::uuid[])`,
      f.creadoPor ? sql`s.creado_por_uuid = ${f.creadoPor}` : sql.empty,
      f.estado ? sql`s.estado = ${f.estado}` : sql.empty,
      f.areaUuid ? sql`s.area_uuid = ${f.areaUuid}` : sql.empty,
      f.equipo ? sql`upper(e.codigo) = upper(${f.equipo})` : sql.empty,
    ]);
  }

  /**
   * A page of reports: pending first, then accepted ones whose task is done (waiting for the
   * confirmation), then the rest; by urgency, newest first.
   */
  async page(f: ReportFilter, q: PageRequest): Promise<{ rows: ProblemReportRow[]; total: number }> {
    const where = this.where(f);
    const rows = await this.db.query<ProblemReportRow>(sql`
      ${SELECT} ${where}
       ORDER BY CASE s.estado WHEN 'pendiente' THEN 0 WHEN 'aceptada' THEN 1 ELSE 2 END,
                CASE s.urgencia WHEN 'alta' THEN 0 WHEN 'media' THEN 1 ELSE 2 END,
                s.creado_en DESC, s.uuid
       ${paginate(q)}`);
    const [count] = await this.db.query<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitudes s LEFT JOIN equipos e ON e.uuid = s.equipo_uuid ${where}`);
    return { rows, total: count?.n ?? 0 };
  }

  find(uuid: string): Promise<ProblemReportRow | null> {
    return this.db.one(sql`${SELECT} WHERE s.uuid = ${uuid}`);
  }

  /** The report, locked until the transaction ends: one triage at a time. */
  lock(uuid: string): Promise<LockedReportRow | null> {
    return this.db.one(sql`SELECT ${LOCKED} FROM solicitudes WHERE uuid = ${uuid} FOR UPDATE`);
  }

  /** Both reports of a merge, locked in one order (two merges crossing each other cannot deadlock). */
  lockPair(a: string, b: string): Promise<LockedReportRow[]> {
    return this.db.query(sql`SELECT ${LOCKED} FROM solicitudes WHERE uuid = ANY(${[a, b]}::uuid[]) ORDER BY uuid FOR UPDATE`);
  }

  /** The machine's row locked (the assets module then changes its state): reports stopping it queue here. */
  async lockMachine(equipoUuid: string): Promise<Columns<'equipos', 'estado'> | null> {
    return this.db.one(sql`SELECT estado FROM equipos WHERE uuid = ${equipoUuid} FOR UPDATE`);
  }

  async exists(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM solicitudes WHERE uuid = ${uuid}`)) !== null;
  }

  async insert(r: {
    uuid: string;
    equipoUuid: string | null;
    areaUuid: string;
    descripcion: string;
    equipoDetenido: boolean;
    urgencia: ProblemReportUrgency;
    creadoPor: string;
  }): Promise<Columns<'solicitudes', 'uuid' | 'numero'>> {
    const [row] = await this.db.query<Columns<'solicitudes', 'uuid' | 'numero'>>(sql`
      INSERT INTO solicitudes (uuid, equipo_uuid, area_uuid, descripcion, equipo_detenido, urgencia, creado_por_uuid)
      VALUES (${r.uuid}, ${r.equipoUuid}, ${r.areaUuid}, ${r.descripcion}, ${r.equipoDetenido}, ${r.urgencia}, ${r.creadoPor})
      RETURNING uuid, numero`);
    return row;
  }

  async addStep(solicitudUuids: readonly string[], tipo: ProblemReportStep, detalle: string | null, usuarioUuid: string | null): Promise<void> {
    if (!solicitudUuids.length) return;
    await this.db.execute(sql`
      INSERT INTO solicitud_historial (solicitud_uuid, tipo, detalle, usuario_uuid)
      SELECT u, ${tipo}, ${detalle}, ${usuarioUuid} FROM unnest(${solicitudUuids}::uuid[]) AS u`);
  }

  steps(solicitudUuid: string): Promise<StepRow[]> {
    return this.db.query(sql`
      SELECT h.uuid, h.tipo, h.detalle, h.usuario_uuid, u.nombre AS usuario_nombre, u.apellido AS usuario_apellido, h.fecha
        FROM solicitud_historial h LEFT JOIN usuarios u ON u.uuid = h.usuario_uuid
       WHERE h.solicitud_uuid = ${solicitudUuid}
       ORDER BY h.fecha, h.uuid`);
  }

  async accept(uuid: string, tareaAsignadaUuid: string, by: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE solicitudes SET estado = 'aceptada', tarea_asignada_uuid = ${tareaAsignadaUuid}, revisada_por_uuid = ${by},
             revisada_en = now(), updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async merge(uuid: string, into: string, by: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE solicitudes SET estado = 'fusionada', fusionada_en_uuid = ${into}, revisada_por_uuid = ${by}, revisada_en = now(),
             updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  /** The open report a stopped one is merged into now says the machine is stopped too. */
  async markStopped(uuid: string): Promise<void> {
    await this.db.execute(sql`UPDATE solicitudes SET equipo_detenido = true, updated_at = now() WHERE uuid = ${uuid}`);
  }

  async reject(uuid: string, motivo: string, by: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE solicitudes SET estado = 'rechazada', motivo_rechazo = ${motivo}, revisada_por_uuid = ${by}, revisada_en = now(),
             updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async resolve(uuid: string): Promise<void> {
    await this.db.execute(sql`UPDATE solicitudes SET estado = 'resuelta', updated_at = now() WHERE uuid = ${uuid}`);
  }

  /** The reports merged into `uuid`, with their reporters (they follow its outcome). */
  mergedInto(uuid: string): Promise<Columns<'solicitudes', 'uuid' | 'numero' | 'creado_por_uuid'>[]> {
    return this.db.query(sql`SELECT uuid, numero, creado_por_uuid FROM solicitudes WHERE fusionada_en_uuid = ${uuid} AND estado = 'fusionada'`);
  }

  /** Whether another open report (pending or accepted) of the machine says it is stopped. */
  async otherStoppedReport(equipoUuid: string, except: string): Promise<boolean> {
    return (
      (await this.db.one(sql`
        SELECT 1 FROM solicitudes
         WHERE equipo_uuid = ${equipoUuid} AND uuid <> ${except} AND equipo_detenido AND estado IN ('pendiente', 'aceptada')
         LIMIT 1`)) !== null
    );
  }

  /**
   * The accepted reports whose task holds the occurrence just finished (any assignee's) and that
   * were not told yet.
   */
  finishedBy(occurrenceUuid: string): Promise<Columns<'solicitudes', 'uuid' | 'numero' | 'area_uuid' | 'creado_por_uuid'>[]> {
    return this.db.query(sql`
      SELECT s.uuid, s.numero, s.area_uuid, s.creado_por_uuid
        FROM solicitudes s
        JOIN tareas_asignadas linked ON linked.uuid = s.tarea_asignada_uuid
        JOIN tareas_asignadas done ON done.tarea_uuid = linked.tarea_uuid AND done.uuid = ${occurrenceUuid}
       WHERE s.estado = 'aceptada'
         AND NOT EXISTS (SELECT 1 FROM solicitud_historial h WHERE h.solicitud_uuid = s.uuid AND h.tipo = 'tarea_terminada')`);
  }

  /** The active people who triage the area's reports (members of the area whose role allows it). */
  async triagersOf(areaUuid: string): Promise<string[]> {
    const rows = await this.db.query<Columns<'usuarios', 'uuid'>>(sql`
      SELECT u.uuid FROM usuarios u
        JOIN roles r ON r.uuid = u.rol_uuid
        JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid AND ua.area_uuid = ${areaUuid}
       WHERE u.activo AND 'triage:problem-report' = ANY(r.permisos)`);
    return rows.map((r) => r.uuid);
  }

  async areaExists(areaUuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM areas WHERE uuid = ${areaUuid}`)) !== null;
  }
}
