import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions a person controls (DECISIONS.md, "Sign-in and sessions"): one row per sign-in, named by its
 * refresh-token family; access tokens carry it (`sid`) and die with it. Stream tickets are
 * single-use passes for the live-event stream, so no token travels in a URL.
 */
export class Sessions1763700013000 implements MigrationInterface {
  name = 'Sessions1763700013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sesiones (
        uuid uuid PRIMARY KEY,
        usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
        agente varchar(300),
        ip varchar(100),
        creada_en timestamptz NOT NULL DEFAULT now(),
        ultimo_uso_en timestamptz NOT NULL DEFAULT now(),
        vence_en timestamptz NOT NULL,
        cerrada_en timestamptz
      )`);
    await q.query(`CREATE INDEX sesiones_usuario_idx ON sesiones (usuario_uuid) WHERE cerrada_en IS NULL`);
    // Every refresh-token family alive today becomes a session, so nobody is signed out by the upgrade.
    await q.query(`
      INSERT INTO sesiones (uuid, usuario_uuid, creada_en, ultimo_uso_en, vence_en, cerrada_en)
      SELECT family_uuid, min(usuario_uuid::text)::uuid, min(created_at), max(created_at), max(expires_at),
             CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
        FROM refresh_tokens GROUP BY family_uuid`);
    await q.query(`
      CREATE TABLE tickets_eventos (
        ticket_hash varchar(64) PRIMARY KEY,
        usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
        sesion_uuid uuid NOT NULL REFERENCES sesiones(uuid) ON DELETE CASCADE,
        token_vence_en timestamptz NOT NULL,
        vence_en timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS tickets_eventos`);
    await q.query(`DROP TABLE IF EXISTS sesiones`);
  }
}
