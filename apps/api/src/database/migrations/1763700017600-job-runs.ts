import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each background job last did (issue 32), for the administrator: its runs live in the job
 * runtime's own schema (pgboss, created by the runtime at start and pruned by it); this row keeps
 * the last good run and the last failure however long ago they were.
 */
export class JobRuns1763700017600 implements MigrationInterface {
  name = 'JobRuns1763700017600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE trabajos (
        nombre varchar(60) PRIMARY KEY,
        ultima_ejecucion timestamptz,
        ultima_duracion_ms integer CHECK (ultima_duracion_ms >= 0),
        ultimo_fallo timestamptz,
        ultimo_error varchar(1000),
        ejecuciones bigint NOT NULL DEFAULT 0,
        fallos bigint NOT NULL DEFAULT 0
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS trabajos`);
  }
}
