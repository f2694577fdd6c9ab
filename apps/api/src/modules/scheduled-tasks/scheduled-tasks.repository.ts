import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** A schedule with the task and area it shows. Dates are `YYYY-MM-DD` in the company time zone. */
export interface ScheduleRow {
  uuid: string;
  tarea_uuid: string;
  titulo: string;
  area_uuid: string;
  area_nombre: string;
  intervalo_repeticion: number;
  proxima_ejecucion: string;
  activo: boolean;
  ultima_ejecucion: Date | null;
  total_generadas: number;
}

export interface TaskRef {
  uuid: string;
  area_uuid: string;
}

export interface ScheduleWrite {
  tarea_uuid: string;
  intervalo_repeticion: number;
  proxima_ejecucion: string;
  activo: boolean;
}

const SELECT_ROW = `
  SELECT p.uuid, p.tarea_uuid, t.titulo, t.area_uuid, a.nombre AS area_nombre, p.intervalo_repeticion,
         to_char(p.proxima_ejecucion, 'YYYY-MM-DD') AS proxima_ejecucion, p.activo, p.ultima_ejecucion, p.total_generadas
    FROM programaciones_tareas p
    JOIN tareas t ON t.uuid = p.tarea_uuid
    JOIN areas a ON a.uuid = t.area_uuid`;

@Injectable()
export class ScheduledTasksRepository {
  constructor(private readonly ds: DataSource) {}

  /** A page of schedules of tasks in the given areas (`null`: every area). */
  async page(areaUuids: readonly string[] | null, page: number, limit: number): Promise<{ rows: ScheduleRow[]; total: number }> {
    if (areaUuids && !areaUuids.length) return { rows: [], total: 0 };
    const where = areaUuids ? 'WHERE t.area_uuid = ANY($1::uuid[])' : 'WHERE $1::uuid[] IS NULL';
    const params = [areaUuids ? [...areaUuids] : null];
    const rows: ScheduleRow[] = await this.ds.query(
      `${SELECT_ROW} ${where} ORDER BY lower(t.titulo), p.uuid LIMIT $2 OFFSET $3`,
      [...params, limit, (page - 1) * limit],
    );
    const [{ total }]: { total: number }[] = await this.ds.query(
      `SELECT count(*)::int AS total FROM programaciones_tareas p JOIN tareas t ON t.uuid = p.tarea_uuid ${where}`,
      params,
    );
    return { rows, total };
  }

  async findOne(uuid: string, em: EntityManager = this.ds.manager): Promise<ScheduleRow | null> {
    const rows: ScheduleRow[] = await em.query(`${SELECT_ROW} WHERE p.uuid = $1`, [uuid]);
    return rows[0] ?? null;
  }

  /** Locks the schedule row for an edit, so the generator skips it meanwhile. */
  async lock(uuid: string, em: EntityManager): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM programaciones_tareas WHERE uuid = $1 FOR UPDATE`, [uuid]);
    return rows.length > 0;
  }

  async findTask(uuid: string, em: EntityManager = this.ds.manager): Promise<TaskRef | null> {
    const rows: TaskRef[] = await em.query(`SELECT uuid, area_uuid FROM tareas WHERE uuid = $1`, [uuid]);
    return rows[0] ?? null;
  }

  async scheduleOfTask(tareaUuid: string, em: EntityManager = this.ds.manager): Promise<string | null> {
    const rows: { uuid: string }[] = await em.query(`SELECT uuid FROM programaciones_tareas WHERE tarea_uuid = $1`, [tareaUuid]);
    return rows[0]?.uuid ?? null;
  }

  async insert(input: ScheduleWrite, em: EntityManager = this.ds.manager): Promise<string> {
    const rows: { uuid: string }[] = await em.query(
      `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, activo)
       VALUES ($1, $2, $3::date, $4) RETURNING uuid`,
      [input.tarea_uuid, input.intervalo_repeticion, input.proxima_ejecucion, input.activo],
    );
    return rows[0].uuid;
  }

  async update(uuid: string, input: ScheduleWrite, em: EntityManager): Promise<void> {
    await em.query(
      `UPDATE programaciones_tareas
          SET tarea_uuid = $2, intervalo_repeticion = $3, proxima_ejecucion = $4::date, activo = $5, updated_at = now()
        WHERE uuid = $1`,
      [uuid, input.tarea_uuid, input.intervalo_repeticion, input.proxima_ejecucion, input.activo],
    );
  }

  /** Assigned tasks it produced stay (their `programacion_uuid` becomes null). */
  async delete(uuid: string): Promise<void> {
    await this.ds.query(`DELETE FROM programaciones_tareas WHERE uuid = $1`, [uuid]);
  }
}
