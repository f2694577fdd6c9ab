import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

export interface UserStateRow {
  uuid: string;
  username: string;
  nombre: string;
  apellido: string;
  activo: boolean;
  rol_uuid: string;
  rol_nombre: string;
  permisos: string[];
  areas: string[] | null;
}

@Injectable()
export class UserStateRepository {
  constructor(private readonly db: Db) {}

  /** A user's active flag, role with permissions and area uuids. */
  find(uuid: string): Promise<UserStateRow | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.username, u.nombre, u.apellido, u.activo, r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
             (SELECT array_agg(ua.area_uuid) FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid) AS areas
        FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid
       WHERE u.uuid = ${uuid}`);
  }
}
