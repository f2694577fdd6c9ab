import { Injectable } from '@nestjs/common';
import { describeUserAgent } from '@gestar/contracts';
import { Db } from '../../database/db';
import { sql, Sql } from '../../database/sql';

/** The kinds of record an audit entry names: its own record, or one a field points to. */
export const NAMED_KINDS = ['usuario', 'rol', 'area', 'estado', 'puesto', 'tipo_tarea', 'tarea', 'programacion', 'tarea_asignada', 'sesion'] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];

export interface Named {
  nombre: string;
  /** What the record's list screen is searched with (a username, a task's title). */
  busqueda: string | null;
  existe: boolean;
}

/** Uuids wanted, by kind. */
export type Wanted = Map<NamedKind, Set<string>>;
/** Names found, by kind and uuid. */
export type NameBook = Map<NamedKind, Map<string, Named>>;

/** What a record no longer found is called when the log kept no name of it. */
export const GONE: Record<NamedKind, string> = {
  usuario: 'Usuario eliminado',
  rol: 'Rol eliminado',
  area: 'Área eliminada',
  estado: 'Estado eliminado',
  puesto: 'Puesto eliminado',
  tipo_tarea: 'Tipo de tarea eliminado',
  tarea: 'Tarea eliminada',
  programacion: 'Programación eliminada',
  tarea_asignada: 'Tarea asignada eliminada',
  sesion: 'Sesión terminada',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface NameRow {
  uuid: string;
  nombre: string;
  busqueda: string | null;
}

/** One statement per kind: the current names of its uuids. */
function statement(kind: NamedKind, ids: string[]): Sql {
  switch (kind) {
    case 'usuario':
      return sql`SELECT uuid::text, trim(nombre || ' ' || apellido) || ' (' || username || ')' AS nombre, username AS busqueda
                   FROM usuarios WHERE uuid = ANY(${ids}::uuid[])`;
    case 'rol':
      return sql`SELECT uuid::text, nombre, NULL AS busqueda FROM roles WHERE uuid = ANY(${ids}::uuid[])`;
    case 'area':
      return sql`SELECT uuid::text, nombre, NULL AS busqueda FROM areas WHERE uuid = ANY(${ids}::uuid[])`;
    case 'estado':
      return sql`SELECT uuid::text, nombre, NULL AS busqueda FROM estados WHERE uuid = ANY(${ids}::uuid[])`;
    case 'puesto':
      return sql`SELECT uuid::text, nombre, NULL AS busqueda FROM descripciones_puesto WHERE uuid = ANY(${ids}::uuid[])`;
    case 'tipo_tarea':
      return sql`SELECT uuid::text, nombre, NULL AS busqueda FROM tipos_tarea WHERE uuid = ANY(${ids}::uuid[])`;
    case 'tarea':
      return sql`SELECT uuid::text, titulo AS nombre, titulo AS busqueda FROM tareas WHERE uuid = ANY(${ids}::uuid[])`;
    case 'programacion':
      return sql`SELECT p.uuid::text, 'Programación de «' || t.titulo || '»' AS nombre, t.titulo AS busqueda
                   FROM programaciones_tareas p JOIN tareas t ON t.uuid = p.tarea_uuid WHERE p.uuid = ANY(${ids}::uuid[])`;
    case 'tarea_asignada':
      return sql`SELECT ta.uuid::text,
                        t.titulo || ' (' || coalesce(trim(u.nombre || ' ' || u.apellido), 'sin asignar') || ', vence el '
                          || to_char(ta.fecha_vencimiento, 'DD/MM/YYYY') || ')' AS nombre,
                        NULL AS busqueda
                   FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
                   LEFT JOIN usuarios u ON u.uuid = ta.empleado_uuid
                  WHERE ta.uuid = ANY(${ids}::uuid[])`;
    case 'sesion':
      return sql`SELECT uuid::text, agente AS nombre, NULL AS busqueda FROM sesiones WHERE uuid = ANY(${ids}::uuid[])`;
  }
}

/**
 * Names the records an audit page points to: one statement per kind present on the page, and one
 * more, over the log itself, for the records no longer found (their last recorded name).
 */
@Injectable()
export class AuditNames {
  constructor(private readonly db: Db) {}

  async resolve(wanted: Wanted): Promise<NameBook> {
    const book: NameBook = new Map();
    const missing = new Map<string, NamedKind>();
    for (const kind of NAMED_KINDS) {
      const ids = [...(wanted.get(kind) ?? [])].filter((id) => UUID.test(id));
      if (!ids.length) continue;
      const found = new Map<string, Named>();
      for (const r of await this.db.query<NameRow>(statement(kind, ids))) {
        const nombre = kind === 'sesion' ? `Sesión en ${describeUserAgent(r.nombre)}` : r.nombre;
        found.set(r.uuid, { nombre, busqueda: r.busqueda, existe: true });
      }
      for (const id of ids) if (!found.has(id) && kind !== 'sesion') missing.set(id, kind);
      book.set(kind, found);
    }
    if (missing.size) {
      const last = await this.db.query<{ uuid: string; nombre: string }>(sql`
        SELECT DISTINCT ON (recurso_uuid) recurso_uuid AS uuid, nombre FROM (
          SELECT id, recurso_uuid, nullif(coalesce(d ->> 'titulo', trim(concat_ws(' ', d ->> 'nombre', d ->> 'apellido'))), '') AS nombre
            FROM (SELECT id, recurso_uuid, coalesce(detalle -> 'despues', '{}') || coalesce(detalle -> 'antes', '{}') AS d
                    FROM auditoria WHERE recurso_uuid = ANY(${[...missing.keys()]}::text[])) changes) named
         WHERE nombre IS NOT NULL
         ORDER BY recurso_uuid, id DESC`);
      for (const r of last) book.get(missing.get(r.uuid)!)?.set(r.uuid, { nombre: r.nombre, busqueda: null, existe: false });
    }
    return book;
  }
}
