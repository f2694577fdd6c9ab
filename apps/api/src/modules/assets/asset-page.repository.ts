import { Injectable } from '@nestjs/common';
import { ASSET_DONE_WORK_LIMIT, ASSET_OPEN_WORK_LIMIT, ASSET_REPORTS_LIMIT } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { AsText, Column, Columns } from '../../database/rows';
import { sql, Sql } from '../../database/sql';

type Person = Columns<'usuarios', 'uuid' | 'nombre' | 'apellido'>;
type WorkStatus = Columns<'estados', 'uuid' | 'nombre' | 'color'>;

/** What the machine's page adds to the machine, each part a JSON array built by PostgreSQL. */
export interface AssetPageParts {
  hijos: Columns<'equipos', 'uuid' | 'codigo' | 'nombre'>[];
  abiertas: {
    uuid: string;
    titulo: Column<'tareas', 'titulo'>;
    estado: WorkStatus;
    fecha_vencimiento: AsText<Column<'tareas_asignadas', 'fecha_vencimiento'>>;
    fecha_asignacion: AsText<Column<'tareas_asignadas', 'fecha_asignacion'>>;
    asignado: Person;
  }[];
  hechas: {
    uuid: string;
    titulo: Column<'tareas', 'titulo'>;
    estado: WorkStatus;
    terminada_en: string;
    asignado: Person;
    hechos: number;
    total: number;
    fotos: number;
    calificacion: Column<'tareas_asignadas', 'calificacion'>;
  }[];
  solicitudes: (Columns<'solicitudes', 'uuid' | 'numero' | 'estado' | 'descripcion' | 'equipo_detenido' | 'urgencia'> & {
    creado_en: string;
    reportada_por: Person;
  })[];
  intervalos: (Columns<'equipo_estados', 'estado' | 'motivo'> & {
    desde: string;
    hasta: string | null;
    solicitud_numero: number | null;
  })[];
  documentos: (Columns<'adjuntos', 'uuid' | 'nombre' | 'tipo' | 'tamano'> & {
    con_miniatura: boolean;
    creado_en: string;
    creado_por: Person;
  })[];
}

/** An instant as ISO text in UTC (`2026-11-27T14:00:00.000Z`), whatever the session's time zone. */
const iso = (expr: Sql) => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The machine's page in one statement (issue 33 §2, p95 ≤ 30 ms at 5,000 machines and a
 * million occurrences): each part a bounded JSON array read through an index — its tasks by
 * `tareas_equipo_idx` and their occurrences by `tareas_asignadas_tarea_idx`, its reports by
 * `solicitudes_equipo_idx`, its timeline by `equipo_estados_equipo_idx`, its files by
 * `adjuntos_equipo_idx`.
 */
@Injectable()
export class AssetPageRepository {
  constructor(private readonly db: Db) {}

  async parts(equipoUuid: string, desde: Date): Promise<AssetPageParts> {
    const row = await this.db.one<{ [K in keyof AssetPageParts]: AssetPageParts[K] | null }>(sql`
      SELECT
        (SELECT json_agg(json_build_object('uuid', h.uuid, 'codigo', h.codigo, 'nombre', h.nombre) ORDER BY upper(h.codigo))
           FROM equipos h WHERE h.padre_uuid = ${equipoUuid}) AS hijos,
        (SELECT json_agg(w ORDER BY w.fecha_vencimiento, w.uuid) FROM (
           SELECT ta.uuid, t.titulo,
                  json_build_object('uuid', s.uuid, 'nombre', s.nombre, 'color', s.color) AS estado,
                  ${iso(sql`ta.fecha_vencimiento`)} AS fecha_vencimiento, ${iso(sql`ta.fecha_asignacion`)} AS fecha_asignacion,
                  json_build_object('uuid', u.uuid, 'nombre', u.nombre, 'apellido', u.apellido) AS asignado
             FROM tareas t
             JOIN tareas_asignadas ta ON ta.tarea_uuid = t.uuid AND NOT ta.archivada
             JOIN estados s ON s.uuid = ta.estado_uuid AND s.categoria <> 'terminada'
             JOIN usuarios u ON u.uuid = ta.empleado_uuid
            WHERE t.equipo_uuid = ${equipoUuid}
            ORDER BY ta.fecha_vencimiento NULLS LAST, ta.uuid
            LIMIT ${ASSET_OPEN_WORK_LIMIT}) w) AS abiertas,
        (SELECT json_agg(w ORDER BY w.terminada_en DESC, w.uuid) FROM (
           SELECT ta.uuid, t.titulo,
                  json_build_object('uuid', s.uuid, 'nombre', s.nombre, 'color', s.color) AS estado,
                  ${iso(sql`coalesce(ta.fecha_completada, ta.updated_at)`)} AS terminada_en,
                  json_build_object('uuid', u.uuid, 'nombre', u.nombre, 'apellido', u.apellido) AS asignado,
                  (SELECT count(*) FILTER (WHERE c.hecho) FROM tarea_asignada_checklist c WHERE c.tarea_asignada_uuid = ta.uuid)::int AS hechos,
                  (SELECT count(*) FROM tarea_asignada_checklist c WHERE c.tarea_asignada_uuid = ta.uuid)::int AS total,
                  (SELECT count(*) FROM adjuntos f WHERE f.tarea_asignada_uuid = ta.uuid AND f.tipo LIKE 'image/%')::int AS fotos,
                  ta.calificacion
             FROM tareas t
             JOIN tareas_asignadas ta ON ta.tarea_uuid = t.uuid
             JOIN estados s ON s.uuid = ta.estado_uuid AND s.categoria = 'terminada'
             JOIN usuarios u ON u.uuid = ta.empleado_uuid
            WHERE t.equipo_uuid = ${equipoUuid}
            ORDER BY coalesce(ta.fecha_completada, ta.updated_at) DESC, ta.uuid
            LIMIT ${ASSET_DONE_WORK_LIMIT}) w) AS hechas,
        (SELECT json_agg(r ORDER BY r.numero DESC) FROM (
           SELECT so.uuid, so.numero, so.estado, so.descripcion, so.equipo_detenido, so.urgencia,
                  ${iso(sql`so.creado_en`)} AS creado_en,
                  json_build_object('uuid', u.uuid, 'nombre', u.nombre, 'apellido', u.apellido) AS reportada_por
             FROM solicitudes so JOIN usuarios u ON u.uuid = so.creado_por_uuid
            WHERE so.equipo_uuid = ${equipoUuid}
            ORDER BY so.creado_en DESC
            LIMIT ${ASSET_REPORTS_LIMIT}) r) AS solicitudes,
        (SELECT json_agg(i ORDER BY i.orden) FROM (
           SELECT ee.estado, ee.motivo, greatest(ee.desde, ${desde}::timestamptz) AS orden,
                  ${iso(sql`greatest(ee.desde, ${desde}::timestamptz)`)} AS desde,
                  ${iso(sql`ee.hasta`)} AS hasta, so.numero AS solicitud_numero
             FROM equipo_estados ee LEFT JOIN solicitudes so ON so.uuid = ee.solicitud_uuid
            WHERE ee.equipo_uuid = ${equipoUuid} AND (ee.hasta IS NULL OR ee.hasta > ${desde}::timestamptz)) i) AS intervalos,
        (SELECT json_agg(d ORDER BY d.orden, d.uuid) FROM (
           SELECT f.uuid, f.nombre, f.tipo, f.tamano, f.miniatura_clave IS NOT NULL AS con_miniatura, f.creado_en AS orden,
                  ${iso(sql`f.creado_en`)} AS creado_en,
                  json_build_object('uuid', u.uuid, 'nombre', u.nombre, 'apellido', u.apellido) AS creado_por
             FROM adjuntos f JOIN usuarios u ON u.uuid = f.creado_por_uuid
            WHERE f.equipo_uuid = ${equipoUuid}) d) AS documentos`);
    return {
      hijos: row?.hijos ?? [],
      abiertas: row?.abiertas ?? [],
      hechas: row?.hechas ?? [],
      solicitudes: row?.solicitudes ?? [],
      intervalos: row?.intervalos ?? [],
      documentos: row?.documentos ?? [],
    };
  }
}
