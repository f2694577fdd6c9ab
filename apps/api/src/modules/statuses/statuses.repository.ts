import { Injectable } from '@nestjs/common';
import type { StatusCategory } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

/** The statuses' own queries beyond the catalog's: the category rules. */
@Injectable()
export class StatusesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Locks the status `uuid` and every `terminada` one, always in uuid order (two requests
   * locking overlapping sets cannot deadlock), and answers their categories.
   */
  lockWithFinished(
    uuid: string,
  ): Promise<(Columns<'estados', 'uuid' | 'categoria'> & { categoria: StatusCategory })[]> {
    return this.db.query(sql`
      SELECT uuid, categoria FROM estados
       WHERE uuid = ${uuid} OR categoria = 'terminada'
       ORDER BY uuid FOR UPDATE`);
  }

  /** True when any assigned task, archived or not, is in the status. */
  async inUse(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM tareas_asignadas WHERE estado_uuid = ${uuid} LIMIT 1`)) !== null;
  }
}
