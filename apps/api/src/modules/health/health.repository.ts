import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

@Injectable()
export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** Resolves when the database answers a trivial statement. */
  async ping(): Promise<void> {
    await this.db.query(sql`SELECT 1`);
  }
}
