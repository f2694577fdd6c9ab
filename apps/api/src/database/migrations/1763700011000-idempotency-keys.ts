import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of write requests (DECISIONS.md, "Idempotency-Key on every write"): one row
 * per user and key, holding a fingerprint of the request and, once it succeeded, its answer. Shared by every
 * API process; rows expire and are pruned by the scheduler.
 */
export class IdempotencyKeys1763700011000 implements MigrationInterface {
  name = 'IdempotencyKeys1763700011000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE claves_idempotencia (
        usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
        clave uuid NOT NULL,
        huella text NOT NULL,
        completada boolean NOT NULL DEFAULT false,
        codigo_http smallint,
        respuesta jsonb,
        creado_en timestamptz NOT NULL DEFAULT now(),
        expira_en timestamptz NOT NULL,
        PRIMARY KEY (usuario_uuid, clave)
      )`);
    await q.query(`CREATE INDEX claves_idempotencia_expira_idx ON claves_idempotencia (expira_en)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS claves_idempotencia`);
  }
}
