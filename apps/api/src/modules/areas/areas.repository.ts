import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

export type AreaRow = Columns<'areas', 'uuid' | 'nombre'>;

/** A user (its columns) of an area. */
export type AreaUserRow = Columns<'usuario_areas', 'area_uuid'> &
  Columns<'usuarios', 'uuid' | 'nombre' | 'apellido' | 'username'>;

/** The area queries beyond the catalog's CRUD (AREAS in areas.catalog.ts). */
@Injectable()
export class AreasRepository {
  constructor(private readonly db: Db) {}

  /** Every area by name; `scope` null = every area. */
  all(scope: readonly string[] | null): Promise<AreaRow[]> {
    const where = sql.where([scope ? sql`uuid = ANY(${scope}::uuid[])` : sql.empty]);
    return this.db.query(sql`SELECT uuid, nombre FROM areas ${where} ORDER BY lower(nombre), uuid`);
  }

  /** Active users of the given areas, one row per (area, user). */
  activeUsersOf(areaUuids: readonly string[]): Promise<AreaUserRow[]> {
    return this.db.query(
      sql`SELECT ua.area_uuid, u.uuid, u.nombre, u.apellido, u.username
            FROM usuario_areas ua JOIN usuarios u ON u.uuid = ua.usuario_uuid
           WHERE u.activo AND ua.area_uuid = ANY(${areaUuids}::uuid[])
           ORDER BY lower(u.nombre), lower(u.apellido), u.uuid`,
    );
  }

  async userExists(userUuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM usuarios WHERE uuid = ${userUuid}`)) !== null;
  }

  ofUser(userUuid: string): Promise<AreaRow[]> {
    return this.db.query(
      sql`SELECT a.uuid, a.nombre FROM areas a JOIN usuario_areas ua ON ua.area_uuid = a.uuid
           WHERE ua.usuario_uuid = ${userUuid} ORDER BY lower(a.nombre), a.uuid`,
    );
  }
}
