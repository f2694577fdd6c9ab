import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Directory identities link by their own key only (DECISIONS.md, "Company sign-in"):
 * OpenID by issuer and subject, LDAP by entryUUID (or the DN). `directorio_gestiona` says
 * whether the group map sets the user's role and areas at each sign-in: accounts the directory
 * created, or linked by an administrator with management on. Links made before this migration
 * (possibly by username) keep their key but stop being managed unless the directory created the
 * user (its password is unknown to anyone, so it has never signed in locally).
 */
export class DirectoryLinks1763700017000 implements MigrationInterface {
  name = 'DirectoryLinks1763700017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usuarios ADD COLUMN externo_emisor varchar(500)`);
    await q.query(`ALTER TABLE usuarios ADD COLUMN directorio_gestiona boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE usuarios ALTER COLUMN externo_id TYPE varchar(1000)`);
    await q.query(`DROP INDEX IF EXISTS usuarios_externo_key`);
    await q.query(`CREATE UNIQUE INDEX usuarios_externo_key ON usuarios (origen, coalesce(externo_emisor, ''), externo_id)
      WHERE externo_id IS NOT NULL`);
    await q.query(`ALTER TABLE usuarios ADD CONSTRAINT usuarios_origen_externo_chk
      CHECK ((origen = 'local') = (externo_id IS NULL))`);
    await q.query(`UPDATE usuarios u SET directorio_gestiona = true
      WHERE origen <> 'local' AND NOT EXISTS (SELECT 1 FROM auditoria a
        WHERE a.actor_uuid = u.uuid AND a.accion = 'ingresar' AND a.detalle->>'metodo' = 'contraseña')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usuarios DROP CONSTRAINT IF EXISTS usuarios_origen_externo_chk`);
    await q.query(`DROP INDEX IF EXISTS usuarios_externo_key`);
    await q.query(`ALTER TABLE usuarios DROP COLUMN IF EXISTS directorio_gestiona`);
    await q.query(`ALTER TABLE usuarios DROP COLUMN IF EXISTS externo_emisor`);
    await q.query(`CREATE UNIQUE INDEX usuarios_externo_key ON usuarios (origen, externo_id) WHERE externo_id IS NOT NULL`);
  }
}
