import { Injectable } from '@nestjs/common';
import type { Client } from 'pg';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

/** The PostgreSQL channel every API process listens on. */
export const EVENTS_CHANNEL = 'gestar_events';

@Injectable()
export class EventsRepository {
  constructor(private readonly db: Db) {}

  /** Sends every payload as a NOTIFY on the events channel, in order, in one statement. */
  async notify(payloads: readonly string[]): Promise<void> {
    await this.db.query(sql`
      SELECT pg_notify(${EVENTS_CHANNEL}, x.p) FROM unnest(${payloads}::text[]) WITH ORDINALITY AS x(p, n) ORDER BY x.n`);
  }

  /** Starts listening on the events channel on a dedicated connection (outside the pool). */
  async listen(client: Client): Promise<void> {
    const { text } = sql`LISTEN ${sql.ident(EVENTS_CHANNEL, [EVENTS_CHANNEL])}`.toQuery();
    await client.query(text);
  }
}
