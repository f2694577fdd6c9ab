import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

@Injectable()
export class AccessRepository {
  constructor(private readonly db: Db) {}

  /** Those of `userUuids` that belong to at least one of `areaUuids`. */
  async usersInAreas(userUuids: readonly string[], areaUuids: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<{ usuario_uuid: string }>(sql`
      SELECT DISTINCT usuario_uuid FROM usuario_areas
       WHERE usuario_uuid = ANY(${userUuids}::uuid[]) AND area_uuid = ANY(${areaUuids}::uuid[])`);
    return rows.map((r) => r.usuario_uuid);
  }
}
