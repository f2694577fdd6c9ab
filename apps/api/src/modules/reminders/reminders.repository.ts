import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { AsText, Column, Columns } from '../../database/rows';
import { sql, type Sql } from '../../database/sql';

export type ReminderKind = 'vence_manana' | 'vence_hoy' | 'vencida' | 'escalada';

/** A reminder this process claimed (no other process will send it). */
export type ClaimedReminder = Columns<'recordatorios', 'usuario_uuid'> &
  Columns<'tareas', 'titulo'> & {
    tarea_asignada_uuid: NonNullable<Column<'recordatorios', 'tarea_asignada_uuid'>>;
    /** The assignee, for an escalation's text. */
    empleado: string;
    /** `YYYY-MM-DD`. */
    fecha_vencimiento: NonNullable<AsText<Column<'tareas_asignadas', 'fecha_vencimiento'>>>;
  };

export type ClaimedDigest = Columns<'recordatorios', 'usuario_uuid'> & {
  abiertas: number;
  vencen_hoy: number;
  vencidas: number;
};

/** Open work: not archived, not in a finished status, of an active assignee. */
const OPEN = sql`
  FROM tareas_asignadas ta
  JOIN tareas t ON t.uuid = ta.tarea_uuid
  JOIN estados e ON e.uuid = ta.estado_uuid
  JOIN usuarios emp ON emp.uuid = ta.empleado_uuid AND emp.activo
 WHERE NOT ta.archivada AND e.categoria <> 'terminada' AND ta.fecha_vencimiento IS NOT NULL`;

/** Active supervisors of an area: holders of the by-area watch who belong to it. */
const SUPERVISORS = sql`
  SELECT u.uuid AS usuario_uuid, ua.area_uuid
    FROM usuarios u
    JOIN roles r ON r.uuid = u.rol_uuid
    JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid
   WHERE u.activo AND 'read:all:assigned-tasks:by-area' = ANY(r.permisos)`;

/** What a claim answers: each claimed reminder (`claimed`) with its occurrence (`owed`). */
const CLAIMED_REMINDERS = sql`
  SELECT c.usuario_uuid, c.tarea_asignada_uuid, o.titulo, o.empleado, to_char(o.fecha_vencimiento, 'YYYY-MM-DD') AS fecha_vencimiento
    FROM claimed c JOIN owed o ON o.uuid = c.tarea_asignada_uuid
   ORDER BY o.fecha_vencimiento, c.usuario_uuid`;

/**
 * The only writer of `recordatorios`. Each statement selects what is owed and claims it in the
 * same statement (INSERT … ON CONFLICT DO NOTHING RETURNING): what another process already
 * claimed is not returned, so nothing is sent twice.
 */
@Injectable()
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  /** Reminders of `kind` to the assignees of the open occurrences whose due date matches `due`. */
  claimForAssignees(kind: Exclude<ReminderKind, 'escalada'>, due: Sql): Promise<ClaimedReminder[]> {
    return this.db.query(sql`
      WITH owed AS (
        SELECT ta.uuid, ta.empleado_uuid, ta.fecha_vencimiento, t.titulo, emp.nombre || ' ' || emp.apellido AS empleado
        ${OPEN} AND ${due}
      ), claimed AS (
        INSERT INTO recordatorios (tipo, usuario_uuid, tarea_asignada_uuid, dia)
        SELECT ${kind}, o.empleado_uuid, o.uuid, o.fecha_vencimiento FROM owed o
        ON CONFLICT DO NOTHING
        RETURNING usuario_uuid, tarea_asignada_uuid
      )
      ${CLAIMED_REMINDERS}`);
  }

  /** Escalations of the occurrences overdue past `cutoff` to their area's supervisors (the assignee excluded). */
  claimEscalations(overdue: Sql): Promise<ClaimedReminder[]> {
    return this.db.query(sql`
      WITH owed AS (
        SELECT ta.uuid, ta.empleado_uuid, ta.fecha_vencimiento, t.titulo, t.area_uuid, emp.nombre || ' ' || emp.apellido AS empleado
        ${OPEN} AND ${overdue}
      ), claimed AS (
        INSERT INTO recordatorios (tipo, usuario_uuid, tarea_asignada_uuid, dia)
        SELECT 'escalada', s.usuario_uuid, o.uuid, o.fecha_vencimiento
          FROM owed o JOIN (${SUPERVISORS}) s ON s.area_uuid = o.area_uuid AND s.usuario_uuid <> o.empleado_uuid
        ON CONFLICT DO NOTHING
        RETURNING usuario_uuid, tarea_asignada_uuid
      )
      ${CLAIMED_REMINDERS}`);
  }

  /** The day's digest of each supervisor with open work in their areas, claimed for `today`. */
  claimDigests(today: string): Promise<ClaimedDigest[]> {
    return this.db.query(sql`
      WITH counts AS (
        SELECT s.usuario_uuid,
               count(*)::int AS abiertas,
               count(*) FILTER (WHERE ta.fecha_vencimiento = ${today}::date)::int AS vencen_hoy,
               count(*) FILTER (WHERE ta.fecha_vencimiento < ${today}::date)::int AS vencidas
          FROM (${SUPERVISORS}) s
          JOIN tareas t ON t.area_uuid = s.area_uuid
          JOIN tareas_asignadas ta ON ta.tarea_uuid = t.uuid
          JOIN estados e ON e.uuid = ta.estado_uuid
         WHERE NOT ta.archivada AND e.categoria <> 'terminada'
         GROUP BY s.usuario_uuid
      ), claimed AS (
        INSERT INTO recordatorios (tipo, usuario_uuid, dia)
        SELECT 'resumen', c.usuario_uuid, ${today}::date FROM counts c WHERE c.abiertas > 0
        ON CONFLICT DO NOTHING
        RETURNING usuario_uuid
      )
      SELECT c.usuario_uuid, c.abiertas, c.vencen_hoy, c.vencidas FROM counts c JOIN claimed USING (usuario_uuid)
       ORDER BY c.usuario_uuid`);
  }

  /** Rows older than `days` go (a due date that old never owes a reminder again). */
  async prune(days: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM recordatorios WHERE enviado_en < now() - make_interval(days => ${days})`);
  }
}
