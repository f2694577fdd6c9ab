import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repeated refusals of one person on one route within a minute are one audit entry with a count
 * (DECISIONS.md, "Trust: limits that hold in parallel"): `veces` and the time of the last one.
 * The log stays append-only: the only change it accepts is a refusal's count going up, with its
 * last time, every other column as it was.
 */
export class AuditRepeatedRefusals1763700017200 implements MigrationInterface {
  name = 'AuditRepeatedRefusals1763700017200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auditoria ADD COLUMN veces integer NOT NULL DEFAULT 1 CHECK (veces >= 1),
      ADD COLUMN ultima_en timestamptz`);
    await q.query(`
      CREATE OR REPLACE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('gestar.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        IF TG_OP = 'UPDATE' AND OLD.accion = 'rechazado' AND NEW.veces > OLD.veces AND NEW.ultima_en IS NOT NULL
           AND (to_jsonb(NEW) - 'veces' - 'ultima_en') = (to_jsonb(OLD) - 'veces' - 'ultima_en') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar'
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('gestar.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar'
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`ALTER TABLE auditoria DROP COLUMN ultima_en, DROP COLUMN veces`);
  }
}
