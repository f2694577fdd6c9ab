import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

export type RoleRow = Columns<'roles', 'uuid' | 'nombre' | 'permisos'>;

@Injectable()
export class RolesRepository {
  constructor(private readonly db: Db) {}

  /** Every role, by name (there are a handful: paging happens in memory after the grant filter). */
  all(): Promise<RoleRow[]> {
    return this.db.query(sql`SELECT uuid, nombre, permisos FROM roles ORDER BY lower(nombre), uuid`);
  }
}
